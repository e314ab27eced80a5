"""Solver functions the product does not use, kept as references for the tests.

``best_lay_down`` (the lay-down leaving the fewest penalty points), ``full_partition`` (a split of
the whole hand, T-20) and ``distance`` (fewest further cards to meet a contract) were written with
the solver; the engine and the computer players use :func:`rummytable.tress.solver.lay_downs`,
:func:`~rummytable.tress.solver.arrangements` and :func:`~rummytable.tress.solver.can_meet` instead.
The tests keep them as independent views of the same search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from oracles.solver_best import BestSearch

from rummytable.cards import Card
from rummytable.melds import Meld
from rummytable.tress.solver import Contract, MeldRules, _ctx, _Hand, _materialise, arrangements
from rummytable.tress.solver.search import Counts, exists


def full_partition(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> tuple[Meld, ...] | None:
    """A split of the whole hand into exactly the contract's melds (T-20), or None.

    The first of :func:`arrangements` in its order.
    """
    found = arrangements(hand, contract, rules, limit=1)
    return found[0] if found else None


def best_lay_down(hand: Sequence[Card], contract: Contract, rules: MeldRules,
                  value: Callable[[Card], int]) -> tuple[Meld, ...] | None:
    """The legal lay-down leaving the fewest penalty points in hand, or None if there is none.

    ``value`` gives each card's points (T-2). Melds are extended as far as that helps.
    Under ``contract.all_cards`` every legal lay-down leaves nothing, so this is
    :func:`full_partition`. Among equally good lay-downs the first one met in a fixed
    search order wins (runs by suit, then by how many jokers their window needs, then
    window and joker placement; sets by rank), so the answer is deterministic.

    :raises MeldError: when ``hand`` lists one physical card twice.
    """
    if contract.all_cards:
        return full_partition(hand, contract, rules)
    held = _Hand(hand)
    ctx = _ctx(rules)
    counts = held.counts
    if not exists(ctx, counts, contract.sets, contract.runs):
        return None
    search = BestSearch(ctx, counts, held.cards, value, contract.sets)
    search.runs(contract.runs, (), 0)
    if search.best is None:
        return None
    return _materialise(held, ctx, search.best)


def distance(hand: Sequence[Card], contract: Contract, rules: MeldRules, most: int = 2) -> int:
    """Fewest further cards that would let ``hand`` meet ``contract`` (0 = it can now).

    Exact up to ``most``: it tries every face (and a joker) that could still be drawn,
    one card at a time and then every pair, and so on; when no ``most`` cards suffice it
    returns ``most + 1``, meaning "more than ``most``". Two decks are assumed (T-1), so a
    face the hand holds twice is not tried again. Cost grows as 53 to the power of the
    answer: ``most`` = 2 costs up to about 1,400 contract checks.

    :raises MeldError: when ``hand`` lists one physical card twice.
    """
    ctx = _ctx(rules)
    counts = _Hand(hand).counts
    if exists(ctx, counts, contract.sets, contract.runs, all_cards=contract.all_cards):
        return 0
    # Under T-20 a drawn card must be laid too, so each added card is part of the hand.
    choices = [s * 15 + r for s in range(4) for r in range(2, 15)] + [-1]

    def reach(depth: int, first: int) -> bool:
        for k in range(first, len(choices)):
            index = choices[k]
            if index >= 0 and counts.cnt[index] >= 2:
                continue
            _add(counts, index, 1)
            ok = (exists(ctx, counts, contract.sets, contract.runs, all_cards=contract.all_cards)
                  if depth == 1 else reach(depth - 1, k))
            _add(counts, index, -1)
            if ok:
                return True
        return False

    for depth in range(1, most + 1):
        if reach(depth, 0):
            return depth
    return most + 1


def _add(counts: Counts, index: int, sign: int) -> None:
    if index < 0:
        counts.jokers += sign
    else:
        counts.cnt[index] += sign
        counts.rc[index % 15] += sign
