"""Between the Tress engine and its search model: states to models, model moves to engine actions.

:func:`model_from_state` reads a :class:`~rummytable.tress.state.TressState` - a real match or a
determinized deal (:func:`rummytable.ai.tress.determinize.determinize`, hidden cards filled in) -
into a :class:`~rummytable.ai.tress.model.state.TressModel`; :func:`to_action` turns a model move
into the engine action that does the same, so the move finally played is validated by the engine
(``TressGame.apply``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummytable.ai.tress.model.state import (
    CALL,
    DISCARD,
    DRAW_DISCARD,
    GRANT,
    JOKER0,
    LAY_DOWN,
    LAY_OFF,
    RUN,
    SET,
    STOCK,
    MeldT,
    ModelRules,
    Move,
    TressModel,
    new_hand,
)
from rummytable.cards import SUITS, Card, parse_card
from rummytable.game import Action, Phase
from rummytable.melds import End, MeldKind, RunRules
from rummytable.tress.actions import (
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    Grant,
    LayDown,
    LayOff,
    MeldSpec,
    SwapJoker,
)
from rummytable.tress.options import ROUNDS, ClaimPriority, ClaimWindow, EmptyStock, TressOptions
from rummytable.tress.solver.search import Ctx
from rummytable.tress.state import TressState

__all__ = ["CARDS", "PHASES", "card_id", "model_from_deal", "model_from_state", "rules_from_options", "to_action"]

CARDS: tuple[Card, ...] = tuple(
    [Card(rank, suit, copy) for suit in SUITS for rank in range(2, 15) for copy in (0, 1)]
    + [Card(0, None, copy) for copy in range(6)])
"""The engine card of each model card 0..109 (``CARDS[104]`` is ``JK``, ``CARDS[109]`` ``JK.5``)."""

_IDS: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}

PHASES: dict[Phase, int] = {Phase.DRAW: 0, Phase.CLAIM: 1, Phase.PLAY: 2, Phase.ROUND_OVER: 3, Phase.MATCH_OVER: 4}
"""The model phase of each engine phase."""

_RULES_CACHE: dict[TressOptions, ModelRules] = {}


def card_id(card: Card) -> int:
    """The model card (0..109) of an engine card of Tress's two decks and jokers (T-1).

    :raises KeyError: for a card that is not in a Tress deck.
    """
    return _IDS[card]


def rules_from_options(options: TressOptions) -> ModelRules:
    """The model's form of a match's options (T-1..T-23), shared by every model of those options."""
    found = _RULES_CACHE.get(options)
    if found is not None:
        return found
    runs = RunRules(min_length=4, both_aces=True, wrap=options.wrap_runs, rule="T-7")
    ctx = Ctx(runs, options.joker_ratio, options.no_adjacent_jokers, options.distinct_melds)
    contracts = [(0, 0, False)]
    for round_no in range(1, ROUNDS + 1):
        contract = options.contract(round_no)
        contracts.append((contract.sets, contract.runs, contract.all_cards))
    rules = ModelRules(
        players=options.players, wrap=options.wrap_runs, ctx=ctx, contracts=tuple(contracts),
        no_adjacent=options.no_adjacent_jokers, ratio=ctx.ratio, swap=options.joker_swap,
        must_lay=options.must_lay_down, extra=options.extra_melds, out_without=options.out_without_discard,
        tie_break=options.tie_break_round7, down_may_claim=options.down_may_claim, penalty=options.penalty_cards,
        seat_order=options.claim_priority is ClaimPriority.SEAT_ORDER,
        claim_limit=-1 if options.claim_limit is None else options.claim_limit,
        until_discard=options.claim_window is ClaimWindow.UNTIL_DISCARD,
        end_on_empty=options.empty_stock is EmptyStock.END_ROUND,
        dead_limit=-1 if options.dead_stock_rebuilds is None else options.dead_stock_rebuilds)
    _RULES_CACHE[options] = rules
    return rules


def model_from_state(state: TressState, rules: ModelRules | None = None) -> TressModel:
    """A model of ``state`` (not linked to it: later changes to either do not reach the other).

    :param rules: the options already converted (to share them between many models), or None.
    :raises KeyError: for a card that is not in a Tress deck.
    """
    hands = [new_hand([_IDS[card] for card in held]) for held in state.hands]
    melds: list[MeldT] = []
    ids: list[int] = []
    for meld_id, table in state.melds.items():
        meld = table.meld
        cards = tuple(_IDS[c] for c in meld.cards)
        if meld.kind is MeldKind.SET:
            melds.append((table.owner, SET, meld.rank, 0, cards, 0))
        else:
            assert meld.suit is not None
            jokers = sum(1 << i for i, c in enumerate(cards) if c >= JOKER0)
            melds.append((table.owner, RUN, SUITS.index(meld.suit), meld.start, cards, jokers))
        ids.append(meld_id)
    result = state.last_result if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) else None
    points = tuple(result["points"]) if result is not None else None
    out = result["out"] if result is not None and result["out"] is not None else -1
    scores = list(state.scores)
    drawn = _IDS[state.drawn_from_discard] if state.drawn_from_discard is not None else -1
    return TressModel(
        rules if rules is not None else rules_from_options(state.options), state.seed, state.round, state.dealer,
        PHASES[state.phase], -1 if state.to_move is None else state.to_move, hands, [_IDS[c] for c in state.stock],
        [_IDS[c] for c in state.discard], state.discard_dead, -1 if state.discarder is None else state.discarder,
        melds, ids, state.next_meld_id, list(state.down), list(state.claims), list(state.claims_used), drawn,
        state.restocks, state.stale_restocks, scores, points, out, list(state.winners))


_PHASE_NAMES = {phase.value: index for phase, index in PHASES.items()}


def _view_meld(data: Mapping[str, Any]) -> MeldT:
    """A meld of the view (``{"owner", "kind", "cards", "start"}``) as the model's tuple."""
    cards = tuple(_IDS[parse_card(key)] for key in data["cards"])
    natural = next(c for c in cards if c < JOKER0)
    if data["kind"] == "set":
        return (int(data["owner"]), SET, CARDS[natural].rank, 0, cards, 0)
    jokers = sum(1 << i for i, c in enumerate(cards) if c >= JOKER0)
    return (int(data["owner"]), RUN, SUITS.index(CARDS[natural].suit or ""), int(data["start"]), cards, jokers)


def model_from_deal(view: Mapping[str, Any], hands: Sequence[Sequence[Card]], stock: Sequence[Card],
                    pile: Sequence[Card], seed: int, rules: ModelRules) -> TressModel:
    """A model of the position ``view`` shows, with its hidden cards dealt as ``hands``, ``stock``
    (bottom to top) and ``pile`` (the discard pile, bottom to top): a sampled deal for search.

    The same model as :func:`model_from_state` of the engine's game loaded from that deal
    (:func:`rummytable.ai.tress.determinize.world_position`), made directly: a deal is sampled
    consistently with the view, so the engine's position checks are not repeated. ``seed`` names
    the deal's own chance (its stock rebuilds, T-21).

    :raises KeyError: / :raises StopIteration: for a view that is not a Tress view in play.
    """
    discarder = -1
    if not view.get("discard_dead"):
        for event in reversed(view.get("log", [])):
            if event.get("kind") == "dealt":
                break
            if event.get("kind") == "card_discarded":
                discarder = int(event["seat"])
                break
    hand_rows = [new_hand([_IDS[card] for card in held]) for held in hands]
    melds = [_view_meld(meld) for meld in view.get("melds", [])]
    ids = [int(meld["id"]) for meld in view.get("melds", [])]
    players = int(view["players"])
    drawn_key = view.get("drawn_from_discard")
    drawn = _IDS[parse_card(drawn_key)] if drawn_key and drawn_key in view["hand"] else -1
    stale = int(view.get("stale_restocks", 0))
    to_move = view.get("to_move")
    return TressModel(
        rules, seed, int(view["round"]), int(view["dealer"]), _PHASE_NAMES[view["phase"]],
        -1 if to_move is None else int(to_move), hand_rows, [_IDS[c] for c in stock], [_IDS[c] for c in pile],
        bool(view.get("discard_dead", False)), discarder, melds, ids, max(ids, default=-1) + 1,
        list(view.get("down", [False] * players)), [int(s) for s in view.get("claims", [])],
        list(view.get("claims_used", [0] * players)), drawn, stale, stale, list(view["scores"]), None, -1, [])


def to_action(model: TressModel, move: Move) -> Action:
    """The engine action of ``move`` in ``model`` (before the move is applied).

    :returns: ``DrawStock``, ``DrawDiscard``, ``Grant``, ``Call`` (for the seat it names, no card
        named), ``LayDown`` (every run with its ``start``, as the engine lists it), ``LayOff``
        (with the meld's engine id), ``SwapJoker`` or ``Discard``; the others for the seat to move.
    """
    kind = move[0]
    seat = model.turn
    if kind == STOCK:
        return DrawStock(seat)
    if kind == DRAW_DISCARD:
        return DrawDiscard(seat)
    if kind == GRANT:
        return Grant(seat)
    if kind == CALL:
        return Call(move[1])
    if kind == DISCARD:
        return Discard(seat, CARDS[move[1]])
    if kind == LAY_OFF:
        return LayOff(seat, CARDS[move[1]], model.ids[move[2]], End.HIGH if move[3] else End.LOW)
    if kind == LAY_DOWN:
        specs = tuple(MeldSpec(MeldKind.SET if meld_kind == SET else MeldKind.RUN, tuple(CARDS[c] for c in cards),
                               start if meld_kind == RUN else None)
                      for meld_kind, _key, start, cards, _jokers in move[3])
        return LayDown(seat, specs)
    return SwapJoker(seat, CARDS[move[1]], model.ids[move[2]])
