"""Contract arrangements for Tress: can a hand go down, how, and how best (T-6..T-9, T-12, T-20).

The engine, the computer players and the hint button share this module.

What counts as one lay-down
---------------------------
A lay-down is the contract's melds, sets first, then runs. Two lay-downs are the
*same* when their melds show the same faces: for a set, its rank, how many natural
cards of each suit and how many jokers; for a run, its suit, start value, length and
which positions hold jokers (so a joker's identity is part of the lay-down). Which
physical copy of a duplicated card (``9H`` or ``9H.1``) or which joker is used does
*not* make a lay-down different; copies are taken canonically, lowest copy first, in
meld order. :func:`lay_downs` lists every lay-down that is different in this sense,
every meld length included (the full family, not only minimal melds).

Order: each set sorts by ``(rank, naturals per suit S/H/D/C, jokers)``, each run by
``(suit S/H/D/C, start value, length, joker positions as a bit mask)``; a lay-down
lists its sets then its runs in that order, and lay-downs sort lexicographically by
those keys. ``limit`` keeps the first ``limit`` of that order and stops the search
early.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import cast

from rummytable.cards import JOKER_RANK, SUITS, Card
from rummytable.melds import (
    TRESS_RUNS,
    JokerRatio,
    Meld,
    MeldError,
    MeldKind,
    RunRules,
    check_joker_ratio,
    has_adjacent_jokers,
    make_run,
    make_set,
)
from rummytable.tress.solver.enumeration import enumerate_lay_downs, window_for
from rummytable.tress.solver.search import Counts, Ctx, RunSig, SetSig, Sig, exists

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


@dataclass(frozen=True)
class Contract:
    """What a round asks for (T-4): ``sets`` sets and ``runs`` runs.

    ``all_cards`` is round 7 (T-20): the lay-down must use every card in the hand.
    """

    sets: int
    runs: int
    all_cards: bool = False


TRESS_CONTRACTS: dict[int, Contract] = {
    1: Contract(2, 0),
    2: Contract(1, 1),
    3: Contract(0, 2),
    4: Contract(3, 0),
    5: Contract(2, 1),
    6: Contract(1, 2),
    7: Contract(3, 1, all_cards=True),
}
"""The contract of each round 1..7 by default (T-4)."""

ROUND7_THREE_RUNS = Contract(0, 3, all_cards=True)
"""Round 7 under the T-4 option "round 7 = 3 runs"."""


@dataclass(frozen=True)
class MeldRules:
    """How melds in a lay-down are judged.

    :ivar runs: run shape (T-7: minimum length, both aces, wrap option).
    :ivar ratio: joker limit per meld at the first lay-down (T-9; default as Tress's).
    :ivar no_adjacent_jokers: the T-9 option forbidding two jokers side by side in a run.
    :ivar distinct: T-12: two sets may not share a rank and two runs of one suit may not
        be joinable into one run (False = the option "no such restriction").
    """

    runs: RunRules = field(default=TRESS_RUNS)
    ratio: JokerRatio = JokerRatio.AT_LEAST_ONE_NATURAL
    no_adjacent_jokers: bool = False
    distinct: bool = True


_CONTEXTS: dict[MeldRules, Ctx] = {}


def _ctx(rules: MeldRules) -> Ctx:
    found = _CONTEXTS.get(rules)
    if found is None:
        found = Ctx(rules.runs, rules.ratio, rules.no_adjacent_jokers, rules.distinct)
        _CONTEXTS[rules] = found
    return found


class _Hand:
    """A hand as counts plus the physical cards behind each count (lowest copy first)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        cnt = [0] * 60
        rc = [0] * 15
        jokers = 0
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise MeldError(f"the card {card.key} is listed twice", "T-12")
            seen.add(card)
            if card.rank == JOKER_RANK:
                jokers += 1
            else:
                cnt[_SUIT_INDEX[card.suit or ""] * 15 + card.rank] += 1
                rc[card.rank] += 1
        self.cards = cards
        self.counts = Counts(cnt, rc, jokers)
        self._pools: tuple[dict[int, list[Card]], list[Card]] | None = None

    def pools(self) -> tuple[dict[int, list[Card]], list[Card]]:
        """Physical cards per count index, and the jokers, each in canonical order."""
        if self._pools is None:
            self._pools = self._sorted_pools()
        return self._pools

    def _sorted_pools(self) -> tuple[dict[int, list[Card]], list[Card]]:
        pools: dict[int, list[Card]] = {}
        jokers: list[Card] = []
        for card in sorted(self.cards):
            if card.is_joker:
                jokers.append(card)
            else:
                pools.setdefault(_SUIT_INDEX[card.suit or ""] * 15 + card.rank, []).append(card)
        return pools, jokers


def _materialise(hand: _Hand, ctx: Ctx, lay: Sequence[Sig]) -> tuple[Meld, ...]:
    pools, jokers = hand.pools()
    used: dict[int, int] = {}
    next_joker = 0

    def take(index: int) -> Card:
        n = used.get(index, 0)
        used[index] = n + 1
        return pools[index][n]

    melds: list[Meld] = []
    for sig in lay:
        if sig[0] == 0:
            rank, suits, count = cast(SetSig, sig)[1:]
            cards = [take(s * 15 + rank) for s in range(4) for _ in range(suits[s])]
            cards.extend(jokers[next_joker:next_joker + count])
            next_joker += count
            melds.append(Meld(MeldKind.SET, tuple(cards), rank=rank))
        else:
            run = cast(RunSig, sig)
            suit, start, mask = run[1], run[2], run[4]
            cards = []
            for i, rank in enumerate(window_for(ctx, run)[2]):
                if mask >> i & 1:
                    cards.append(jokers[next_joker])
                    next_joker += 1
                else:
                    cards.append(take(suit * 15 + rank))
            melds.append(Meld(MeldKind.RUN, tuple(cards), suit=SUITS[suit], start=start))
    return tuple(melds)


# ----------------------------------------------------------------------------- checking


def _can_join(first: Meld, second: Meld, runs: RunRules) -> bool:
    try:
        make_run(list(first.cards) + list(second.cards), runs, start=first.start)
    except MeldError:
        return False
    return True


def runs_joinable(a: Meld, b: Meld, runs: RunRules = TRESS_RUNS) -> bool:
    """True when two runs of one suit could be laid end to end as one valid run (T-12).

    Joins round the corner count under the wrap option (10S-KS with AS-4S).
    """
    if a.kind is not MeldKind.RUN or b.kind is not MeldKind.RUN or a.suit != b.suit:
        return False
    return _can_join(a, b, runs) or _can_join(b, a, runs)


def check_lay_down(melds: Sequence[Meld], contract: Contract, rules: MeldRules,
                   hand: Sequence[Card] | None = None) -> None:
    """Check that ``melds`` are a legal lay-down of ``contract`` (T-6..T-9, T-12, T-20).

    Checks, in this order: the number of sets and runs (T-12), each meld's shape (T-6,
    T-7, T-8, rebuilt from its cards), no card used twice (T-12), the joker ratio and
    the adjacent-jokers option (T-9), the distinct-melds restriction (T-12), that every
    card comes from ``hand`` when it is given (T-12), and under ``contract.all_cards``
    that every card of ``hand`` is used (T-20).

    :raises MeldError: with the reason and rule id of the first failure.
    """
    sets = [m for m in melds if m.kind is MeldKind.SET]
    runs = [m for m in melds if m.kind is MeldKind.RUN]
    if len(sets) != contract.sets or len(runs) != contract.runs:
        raise MeldError(
            f"the contract is {contract.sets} set(s) and {contract.runs} run(s), "
            f"not {len(sets)} set(s) and {len(runs)} run(s)", "T-12")
    for meld in sets:
        make_set(meld.cards, rank=meld.rank)
    for meld in runs:
        make_run(meld.cards, rules.runs, start=meld.start)
    seen: set[Card] = set()
    for meld in melds:
        for card in meld.cards:
            if card in seen:
                raise MeldError(f"the card {card.key} is used twice", "T-12")
            seen.add(card)
    for meld in melds:
        check_joker_ratio(meld, rules.ratio, "T-9")
        if rules.no_adjacent_jokers and has_adjacent_jokers(meld):
            raise MeldError(f"two jokers stand side by side in {meld}", "T-9")
    if rules.distinct:
        ranks = [m.rank for m in sets]
        if len(set(ranks)) != len(ranks):
            raise MeldError("two sets in one lay-down may not share a rank", "T-12")
        for a, b in combinations(runs, 2):
            if runs_joinable(a, b, rules.runs):
                raise MeldError(f"the runs {a} and {b} could be joined into one run", "T-12")
    if hand is not None:
        held = set(hand)
        missing = [c.key for c in seen if c not in held]
        if missing:
            raise MeldError(f"not in the hand: {' '.join(sorted(missing))}", "T-12")
        if contract.all_cards and len(seen) != len(held):
            left = sorted(c.key for c in held - seen)
            raise MeldError(f"every card must be laid down in this round; left: {' '.join(left)}", "T-20")


# ----------------------------------------------------------------------------- searching


def can_meet(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> bool:
    """True when ``hand`` holds a legal lay-down of ``contract`` (T-6..T-9, T-12, T-20).

    Exact: jokers, every ratio option, distinct melds and, with ``contract.all_cards``,
    the whole hand (T-20).

    :raises MeldError: when ``hand`` lists one physical card twice.
    """
    counts = _Hand(hand).counts
    return exists(_ctx(rules), counts, contract.sets, contract.runs, all_cards=contract.all_cards)


def lay_downs(hand: Sequence[Card], contract: Contract, rules: MeldRules,
              limit: int | None = None) -> list[tuple[Meld, ...]]:
    """Every distinct legal lay-down of ``contract`` drawable from ``hand``, in order.

    "Distinct" and the order are defined in the module documentation: faces and joker
    identities count, physical copies do not; every meld length is included. With
    ``contract.all_cards`` this is :func:`arrangements` of the whole hand (T-20).
    ``limit`` returns only the first ``limit`` lay-downs.

    :raises MeldError: when ``hand`` lists one physical card twice.
    """
    if contract.all_cards:
        return arrangements(hand, contract, rules, limit)
    return _enumerate(hand, contract, rules, limit, all_cards=False)


def arrangements(cards: Sequence[Card], contract: Contract, rules: MeldRules,
                 limit: int | None = None) -> list[tuple[Meld, ...]]:
    """Every distinct way to arrange exactly ``cards`` (all of them) as the contract's melds.

    This is what the page offers for a person's selection; distinctness and order as
    in :func:`lay_downs`.

    :raises MeldError: when ``cards`` lists one physical card twice.
    """
    return _enumerate(cards, contract, rules, limit, all_cards=True)


def _enumerate(cards: Sequence[Card], contract: Contract, rules: MeldRules, limit: int | None,
               all_cards: bool) -> list[tuple[Meld, ...]]:
    if limit is not None and limit <= 0:
        return []
    hand = _Hand(cards)
    ctx = _ctx(rules)
    found = enumerate_lay_downs(ctx, hand.counts, contract.sets, contract.runs, all_cards, limit)
    return [_materialise(hand, ctx, lay) for lay in found]
