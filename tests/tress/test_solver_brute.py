"""The solver against the brute-force reference on seeded random hands and hypothesis hands.

Every rule option combination is drawn: joker ratio (T-9), adjacent jokers (T-9
option), distinct melds (T-12 option), wrap (T-7 option); contracts of rounds 1-6, small
all-cards contracts, and full round-7 hands (T-20) with both round-7 contracts (T-4).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracles.brute_force import all_lay_downs, all_partitions, best_penalty, lay_down_signature
from oracles.solver_extras import best_lay_down, full_partition
from pyodide_scale import scaled

from rummytable.cards import SUITS, Card, build_deck, joker
from rummytable.melds import JokerRatio, RunRules
from rummytable.tress.solver import (
    ROUND7_THREE_RUNS,
    TRESS_CONTRACTS,
    Contract,
    MeldRules,
    arrangements,
    can_meet,
    check_lay_down,
    lay_downs,
)

CONTRACTS = [*list(TRESS_CONTRACTS.values())[:6], Contract(1, 0), Contract(0, 1), Contract(2, 0, True),
             Contract(1, 1, True), Contract(0, 2, True)]
DECK = build_deck(2, 4)


def points(card: Card) -> int:
    """T-2 penalty points."""
    if card.is_joker:
        return 50
    if card.rank == 14:
        return 20
    return 5 if card.rank <= 7 else 10


def all_rules() -> list[MeldRules]:
    return [
        MeldRules(runs=RunRules(4, True, wrap), ratio=ratio, no_adjacent_jokers=adjacent, distinct=distinct)
        for wrap in (False, True)
        for ratio in JokerRatio
        for adjacent in (False, True)
        for distinct in (True, False)
    ]


RULES = all_rules()


def small_hand(rng: random.Random) -> list[Card]:
    """A hand of 5..10 cards from a few ranks and suits, so melds and clashes are common."""
    if rng.random() < 0.6:
        low = rng.randint(1, 11)
        ranks = [14 if v == 1 else v for v in range(low, min(15, low + rng.randint(3, 5)))]
    else:
        ranks = rng.sample(range(2, 15), rng.randint(2, 5))
    suits = rng.sample(SUITS, rng.randint(1, 3))
    pool = [c for c in DECK if c.is_joker or (c.rank in ranks and c.suit in suits)]
    return rng.sample(pool, min(len(pool), rng.randint(5, 10)))


def compare(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> int:
    """Assert the solver agrees with the brute force on ``hand``; return the number of lay-downs."""
    expected = all_lay_downs(hand, contract, rules)
    found = lay_downs(hand, contract, rules)
    signatures = [lay_down_signature(lay) for lay in found]
    context = f"{' '.join(c.key for c in sorted(hand))} / {contract} / {rules}"
    assert len(set(signatures)) == len(signatures), context
    assert set(signatures) == set(expected), context
    assert can_meet(hand, contract, rules) is bool(expected), context
    for lay in found:
        check_lay_down(lay, contract, rules, hand)
    if contract.all_cards:
        assert (full_partition(hand, contract, rules) is None) is (not expected), context
    else:
        best = best_lay_down(hand, contract, rules, points)
        want = best_penalty(hand, contract, rules, points, expected)
        if want is None:
            assert best is None, context
        else:
            assert best is not None, context
            check_lay_down(best, contract, rules, hand)
            used = {c for m in best for c in m.cards}
            assert sum(points(c) for c in hand if c not in used) == want, context
    return len(found)


def test_solver_matches_brute_force_on_seeded_hands() -> None:
    rng = random.Random(20240601)
    hands = scaled(1000)
    with_lay_down = 0
    for _ in range(hands):
        hand = small_hand(rng)
        with_lay_down += compare(hand, rng.choice(CONTRACTS), rng.choice(RULES)) > 0
    # The generator must give the comparison something to compare.
    assert with_lay_down > hands // 10


def test_every_option_combination_against_brute_force() -> None:
    rng = random.Random(7)
    for rules in RULES:
        for contract in CONTRACTS:
            for _ in range(scaled(2)):
                compare(small_hand(rng), contract, rules)


def round7_hand(rng: random.Random, contract: Contract) -> list[Card]:
    """A 14..16-card hand built as the contract's melds, sometimes with one card changed."""
    pool = list(DECK)
    rng.shuffle(pool)
    cards: list[Card] = []

    def take(rank: int, suit: str) -> None:
        for card in pool:
            if card.rank == rank and card.suit == suit:
                pool.remove(card)
                cards.append(card)
                return

    ranks = rng.sample(range(2, 15), contract.sets)
    for rank in ranks:
        for suit in rng.sample(SUITS, rng.randint(3, 4)):
            take(rank, suit)
    # Mostly one run per suit (the reference slows down sharply on long suits).
    run_suits = rng.sample(SUITS, contract.runs) if rng.random() < 0.8 else rng.choices(SUITS, k=contract.runs)
    for suit in run_suits:
        start = rng.randint(1, 10)
        for value in range(start, min(15, start + rng.randint(4, 5))):
            take(14 if value == 1 else value, suit)
    for _ in range(rng.randint(0, 2)):
        naturals = [i for i, c in enumerate(cards) if not c.is_joker]
        cards[rng.choice(naturals)] = joker(sum(1 for c in cards if c.is_joker))
    if rng.random() < 0.4:
        spare = [c for c in pool if not c.is_joker and c not in cards]
        cards[rng.randrange(len(cards))] = rng.choice(spare)
    return cards[:16]


@pytest.mark.parametrize("contract", [TRESS_CONTRACTS[7], ROUND7_THREE_RUNS], ids=["3sets_1run", "3runs"])
def test_round7_partitions_match_brute_force(contract: Contract) -> None:
    rng = random.Random(77)
    can = 0
    hands = scaled(150)
    for i in range(hands):
        hand = round7_hand(rng, contract)
        rules = RULES[i % len(RULES)]
        expected = all_partitions(hand, contract, rules)
        found = arrangements(hand, contract, rules)
        assert {lay_down_signature(lay) for lay in found} == set(expected), hand
        assert len(found) == len(expected)
        assert can_meet(hand, contract, rules) is bool(expected)
        assert [lay_down_signature(x) for x in lay_downs(hand, contract, rules)] == [
            lay_down_signature(x) for x in found]
        can += bool(expected)
    assert can * 3 > hands  # most generated hands must really go out, or the check proves little


@given(
    hand=st.lists(st.sampled_from([c for c in DECK if c.is_joker or (c.rank in (4, 5, 6, 7, 8) and c.suit in "SH")]),
                  min_size=4, max_size=9, unique=True),
    contract=st.sampled_from(CONTRACTS),
    rules=st.sampled_from(RULES),
)
def test_property_solver_equals_brute_force(hand: list[Card], contract: Contract, rules: MeldRules) -> None:
    compare(hand, contract, rules)


@pytest.mark.slow
def test_solver_matches_brute_force_many_hands() -> None:
    rng = random.Random(99)
    for _ in range(20000):
        compare(small_hand(rng), rng.choice(CONTRACTS), rng.choice(RULES))
