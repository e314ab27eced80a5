"""The Tress options a search model needs (:class:`ModelRules`), shared by every copy of a model.

Made from a match's ``TressOptions`` by :func:`rummytable.ai.tress.model.convert.rules_from_options`;
read by :mod:`rummytable.ai.tress.model.state` and :mod:`rummytable.ai.tress.model.moves`.
"""

from __future__ import annotations

from rummytable.tress.solver.search import Ctx

__all__ = ["ModelRules"]


class ModelRules:
    """The Tress options a model needs, as plain attributes (shared by every copy of a model).

    :ivar players: 3..6 (T-1). :ivar wrap: ``wrap_runs`` (T-7).
    :ivar ctx: the solver's rule context (runs, joker ratio and adjacency T-9, distinct melds T-12).
    :ivar contracts: per round 1..7 ``(sets, runs, all_cards)`` (T-4, T-20; index 0 unused).
    :ivar no_adjacent: ``no_adjacent_jokers`` (T-9). :ivar ratio: the solver's ratio code (T-9).
    :ivar swap: ``joker_swap`` (T-10). :ivar must_lay: ``must_lay_down`` (T-23).
    :ivar extra: ``extra_melds`` (T-13). :ivar out_without: ``out_without_discard`` (T-14).
    :ivar tie_break: ``tie_break_round7`` (T-3). :ivar down_may_claim: (T-16).
    :ivar penalty: penalty cards (T-17). :ivar seat_order: ``claim_priority = seat_order`` (T-18).
    :ivar claim_limit: granted claims per round, -1 for unlimited (T-19).
    :ivar until_discard: ``claim_window = until_discard`` (T-19).
    :ivar end_on_empty: ``empty_stock = end_round`` (T-21).
    :ivar dead_limit: ``dead_stock_rebuilds``, -1 for off (T-22).
    :ivar distinct: ``distinct_melds`` (T-12), as ``ctx.distinct``.
    :ivar run_gates: per round 1..7, by jokers held (0..6): the bit of the suits' windows
        (:data:`~rummytable.ai.tress.model.quick.RowInfo`) some suit must have for the contract's runs
        with all those jokers (T-7, T-9), 0 where none is asked; worked out once for the quick
        lay-down test written out in :func:`~rummytable.ai.tress.model.moves.legal_moves`.
    """

    __slots__ = ("claim_limit", "contracts", "ctx", "dead_limit", "distinct", "down_may_claim", "end_on_empty", "extra",
                 "must_lay", "no_adjacent", "out_without", "penalty", "players", "ratio", "run_gates", "seat_order",
                 "swap", "tie_break", "until_discard", "wrap")

    def __init__(self, *, players: int, wrap: bool, ctx: Ctx, contracts: tuple[tuple[int, int, bool], ...],
                 no_adjacent: bool, ratio: int, swap: bool, must_lay: bool, extra: bool, out_without: bool,
                 tie_break: bool, down_may_claim: bool, penalty: int, seat_order: bool, claim_limit: int,
                 until_discard: bool, end_on_empty: bool, dead_limit: int) -> None:
        """Store the fields named in the class docstring (already validated by ``TressOptions``)."""
        self.players = players
        self.wrap = wrap
        self.ctx = ctx
        self.distinct = ctx.distinct
        self.contracts = contracts
        self.no_adjacent = no_adjacent
        self.ratio = ratio
        self.swap = swap
        self.must_lay = must_lay
        self.extra = extra
        self.out_without = out_without
        self.tie_break = tie_break
        self.down_may_claim = down_may_claim
        self.penalty = penalty
        self.seat_order = seat_order
        self.claim_limit = claim_limit
        self.until_discard = until_discard
        self.end_on_empty = end_on_empty
        self.dead_limit = dead_limit
        # Runs need some suit window with at most (jokers // runs) gaps (see quick.may_meet); a window
        # of 4 - gaps ranks is bit 3 - gaps of a row's windows. No test under wrap_runs or past 2 gaps.
        self.run_gates = tuple(
            tuple(1 << (3 - jokers // runs) if runs and not wrap and jokers // runs < 3 else 0 for jokers in range(7))
            for _sets, runs, _all in contracts)
