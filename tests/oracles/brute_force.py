"""A slow, plain reference for the solver: try every subset of the hand as every meld.

Deliberately simple and independent of :mod:`rummytable.tress.solver.search`: each subset
of cards is tried as a set and as a run at every start value, each candidate is judged
by the shared meld code (make_set / make_run / check_joker_ratio / has_adjacent_jokers),
and lay-downs are every choice of disjoint candidates with the contract's counts.
Exponential; keep hands to about a dozen cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, product

from rummytable.cards import Card
from rummytable.melds import (
    Meld,
    MeldError,
    MeldKind,
    check_joker_ratio,
    has_adjacent_jokers,
    make_run,
    make_set,
    rank_of_value,
)
from rummytable.tress.solver import Contract, MeldRules

Signature = tuple[object, ...]


def meld_signature(meld: Meld) -> Signature:
    """What makes melds different for the solver: faces and joker places, not copies."""
    if meld.kind is MeldKind.SET:
        suits = tuple(sorted(c.suit or "" for c in meld.cards if not c.is_joker))
        return ("set", meld.rank, suits, meld.jokers)
    return ("run", meld.suit, meld.start, tuple(c.is_joker for c in meld.cards))


def lay_down_signature(melds: Sequence[Meld]) -> Signature:
    """A lay-down's signature: its melds' signatures as a sorted tuple (order does not matter)."""
    return tuple(sorted(meld_signature(m) for m in melds))


def _new_meld_ok(meld: Meld, rules: MeldRules) -> bool:
    try:
        check_joker_ratio(meld, rules.ratio)
    except MeldError:
        return False
    return not (rules.no_adjacent_jokers and has_adjacent_jokers(meld))


def candidate_melds(hand: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """Every valid new meld that some subset of ``hand`` forms, every arrangement of it."""
    found: dict[tuple[object, ...], Meld] = {}
    cards = sorted(hand)
    for size in range(3, len(cards) + 1):
        for subset in combinations(cards, size):
            naturals = [c for c in subset if not c.is_joker]
            jokers = [c for c in subset if c.is_joker]
            if naturals and len({c.rank for c in naturals}) == 1:
                try:
                    meld = make_set(list(subset))
                except MeldError:
                    pass
                else:
                    if _new_meld_ok(meld, rules):
                        found[(meld_signature(meld), subset)] = meld
            if size < rules.runs.min_length or not naturals or len({c.suit for c in naturals}) != 1:
                continue
            for start in range(-13, 15):
                for meld in _runs_at(naturals, jokers, start, rules):
                    if _new_meld_ok(meld, rules):
                        found[(meld_signature(meld), subset)] = meld
    return list(found.values())


def _runs_at(naturals: list[Card], jokers: list[Card], start: int, rules: MeldRules) -> list[Meld]:
    length = len(naturals) + len(jokers)
    ranks = [rank_of_value(start + i, rules.runs.wrap) for i in range(length)]
    result = []
    places = [[pos for pos in range(length) if ranks[pos] == card.rank] for card in naturals]
    for order in product(*places):
        if len(set(order)) != len(order):
            continue
        row: list[Card | None] = [None] * length
        for pos, card in zip(order, naturals):
            row[pos] = card
        spare = iter(jokers)
        cards = [c if c is not None else next(spare) for c in row]
        try:
            result.append(make_run(cards, rules.runs, start=start))
        except MeldError:
            continue
    return result


def _joinable(a: Meld, b: Meld, rules: MeldRules) -> bool:
    if a.suit != b.suit:
        return False
    for first, second in ((a, b), (b, a)):
        try:
            make_run(list(first.cards) + list(second.cards), rules.runs, start=first.start)
        except MeldError:
            continue
        return True
    return False


def all_lay_downs(hand: Sequence[Card], contract: Contract, rules: MeldRules,
                  all_cards: bool | None = None) -> dict[Signature, tuple[Meld, ...]]:
    """Every legal lay-down of ``contract`` from ``hand``, one per signature."""
    must_use_all = contract.all_cards if all_cards is None else all_cards
    melds = candidate_melds(hand, rules)
    sets = [m for m in melds if m.kind is MeldKind.SET]
    runs = [m for m in melds if m.kind is MeldKind.RUN]
    result: dict[Signature, tuple[Meld, ...]] = {}
    for chosen_sets in _disjoint_choices(sets, contract.sets, frozenset()):
        used = frozenset(c for m in chosen_sets for c in m.cards)
        for chosen_runs in _disjoint_choices(runs, contract.runs, used):
            lay = chosen_sets + chosen_runs
            cards = [c for m in lay for c in m.cards]
            if must_use_all and len(cards) != len(hand):
                continue
            if rules.distinct:
                if len({m.rank for m in chosen_sets}) != len(chosen_sets):
                    continue
                if any(_joinable(a, b, rules) for a, b in combinations(chosen_runs, 2)):
                    continue
            result.setdefault(lay_down_signature(lay), lay)
    return result


def _disjoint_choices(melds: list[Meld], count: int, used: frozenset[Card],
                      first: int = 0) -> list[tuple[Meld, ...]]:
    if count == 0:
        return [()]
    out = []
    for i in range(first, len(melds)):
        meld = melds[i]
        if used.isdisjoint(meld.cards):
            for rest in _disjoint_choices(melds, count - 1, used | frozenset(meld.cards), i + 1):
                out.append((meld, *rest))
    return out


def best_penalty(hand: Sequence[Card], contract: Contract, rules: MeldRules,
                 value: Callable[[Card], int],
                 found: dict[Signature, tuple[Meld, ...]] | None = None) -> int | None:
    """Fewest points left in hand over every legal lay-down (``found``, else all), or None."""
    if found is None:
        found = all_lay_downs(hand, contract, rules)
    if not found:
        return None
    total = sum(value(c) for c in hand)
    return min(total - sum(value(c) for m in lay for c in m.cards) for lay in found.values())


def all_partitions(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> dict[Signature, tuple[Meld, ...]]:
    """Every split of the whole hand into exactly the contract's melds (T-20), one per signature.

    The meld holding the lowest natural card left is chosen first, from the cards that
    share its rank or suit and the jokers, so 14-card hands stay affordable.
    """
    result: dict[Signature, tuple[Meld, ...]] = {}

    def split(left: tuple[Card, ...], chosen: tuple[Meld, ...]) -> None:
        sets = sum(1 for m in chosen if m.kind is MeldKind.SET)
        runs = len(chosen) - sets
        if sets > contract.sets or runs > contract.runs:
            return
        naturals = [c for c in left if not c.is_joker]
        if not naturals:
            if not left and sets == contract.sets and runs == contract.runs and _distinct_ok(chosen, rules):
                result.setdefault(lay_down_signature(chosen), chosen)
            return
        first = min(naturals)
        partners = [c for c in left if c != first and (c.is_joker or c.rank == first.rank or c.suit == first.suit)]
        for size in range(2, len(partners) + 1):
            for more in combinations(partners, size):
                for meld in candidate_melds_of((first, *more), rules):
                    rest = tuple(c for c in left if c not in meld.cards)
                    split(rest, (*chosen, meld))

    split(tuple(sorted(hand)), ())
    return result


def candidate_melds_of(cards: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """Every valid new meld made of exactly ``cards`` (as a set, or a run at any start)."""
    found = []
    naturals = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    if naturals and len({c.rank for c in naturals}) == 1:
        meld = make_set(list(cards))
        if _new_meld_ok(meld, rules):
            found.append(meld)
    if len(cards) >= rules.runs.min_length and naturals and len({c.suit for c in naturals}) == 1:
        seen = set()
        for start in range(-13, 15):
            for meld in _runs_at(naturals, jokers, start, rules):
                if _new_meld_ok(meld, rules) and meld_signature(meld) not in seen:
                    seen.add(meld_signature(meld))
                    found.append(meld)
    return found


def _distinct_ok(lay: Sequence[Meld], rules: MeldRules) -> bool:
    if not rules.distinct:
        return True
    sets = [m for m in lay if m.kind is MeldKind.SET]
    runs = [m for m in lay if m.kind is MeldKind.RUN]
    if len({m.rank for m in sets}) != len(sets):
        return False
    return not any(_joinable(a, b, rules) for a, b in combinations(runs, 2))
