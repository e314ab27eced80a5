"""The Tress model's quick lay-down test: never says no where the solver finds a lay-down (T-6..T-9, T-12)."""

from __future__ import annotations

import random

import pytest
from pyodide_scale import scaled

from rummytable.ai.tress.model import moves
from rummytable.ai.tress.model.convert import rules_from_options
from rummytable.ai.tress.model.quick import may_meet, rank_counts
from rummytable.ai.tress.model.state import (
    BIT,
    JOKER0,
    PLAY,
    RANK,
    ROW,
    Hand,
    TressModel,
    cards_of,
    counts_of,
    new_hand,
)
from rummytable.melds import JokerRatio, RunRules
from rummytable.tress.options import TressOptions
from rummytable.tress.solver.search import Ctx, exists

CONTRACTS = ((2, 0, False), (1, 1, False), (0, 2, False), (3, 0, False), (2, 1, False), (1, 2, False),
             (3, 1, True), (0, 3, True), (1, 0, False), (0, 1, False))
"""Every round's contract (T-4, T-20) and the single melds of the ``extra_melds`` option."""


def _hand(rng: random.Random) -> Hand:
    """A random hand of 7-16 cards; half of them built round a planted run or set (with jokers), so
    that many hold a lay-down."""
    cards: set[int] = set()
    if rng.random() < 0.5:
        suit, start = rng.randrange(4), rng.randint(2, 11)
        for rank in range(start, start + rng.randint(3, 5)):
            cards.add((suit * 13 + rank - 2) * 2 + rng.randrange(2))
        rank = rng.randint(2, 14)
        for suit in rng.sample(range(4), k=rng.randint(1, 3)):
            cards.add((suit * 13 + rank - 2) * 2 + rng.randrange(2))
    size = rng.randint(7, 16)
    while len(cards) < size:
        cards.add(rng.randrange(JOKER0 + 3) if rng.random() < 0.9 else JOKER0 + rng.randrange(6))
    return new_hand(sorted(cards))


def test_may_meet_never_refuses_a_hand_the_solver_can_lay() -> None:
    """A False answer is certain: over random hands, rule options and contracts, no lay-down is missed."""
    rng = random.Random(11)
    contexts = [Ctx(RunRules(4, True, wrap, "T-7"), ratio, adjacent, distinct)
                for wrap in (False, True) for ratio in JokerRatio for adjacent in (False, True)
                for distinct in (True, False)]
    possible = refused = 0
    for _ in range(scaled(4000)):
        hand = _hand(rng)
        ctx = rng.choice(contexts)
        sets, runs, all_cards = rng.choice(CONTRACTS)
        quick = may_meet(hand, sets, runs, ctx.wrap, ctx.distinct)
        if exists(ctx, counts_of(hand), sets, runs, all_cards=all_cards):
            possible += 1
            assert quick, (hand, sets, runs, all_cards)
        else:
            refused += not quick
    # The test is worth having only when it both sees lay-downs and spares the solver often.
    assert possible > scaled(4000) // 10 and refused > scaled(4000) // 4


def test_rank_counts_counts_each_rank() -> None:
    """The packed counts hold, per rank, the number of natural cards of that rank (ranks 2-7 in the
    first number, 8-A in the second, each below 2**30)."""
    rng = random.Random(12)
    for _ in range(500):
        hand = _hand(rng)
        low, high = rank_counts(hand)
        assert 0 <= low < 1 << 30 and 0 <= high < 1 << 30
        for rank in range(2, 15):
            held = sum(1 for card in range(JOKER0) if hand[ROW[card]] & BIT[card] and RANK[card] == rank)
            packed, nibble = (low, rank - 2) if rank < 8 else (high, rank - 8)
            assert packed >> (4 * nibble) & 0xF == held


def test_play_moves_asks_the_solver_exactly_when_may_meet_says_yes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The play phase's listing (legal_moves, play_moves) writes may_meet out for the player not yet
    down: it looks for lay-downs (T-12, T-20) exactly when may_meet answers True, over random hands,
    every round's contract and the options may_meet reads (``wrap_runs`` T-7, ``distinct_melds`` T-12)."""
    rng = random.Random(13)
    asked: list[bool] = []
    monkeypatch.setattr(moves, "_lay_downs", lambda *args: asked.append(True) or [])
    agree = yes = 0
    for wrap in (False, True):
        for distinct in (True, False):
            rules = rules_from_options(TressOptions.from_json({"wrap_runs": wrap, "distinct_melds": distinct}))
            for round_no in range(1, 8):
                for _ in range(scaled(300)):
                    hand = _hand(rng)
                    cards = cards_of(hand)
                    model = TressModel(rules, 1, round_no, 0, PLAY, 0, [hand, new_hand(), new_hand()], [], [], False,
                                       -1, [], [], 0, [False] * 3, [], [0] * 3, -1, 0, 0, [0] * 3, None, -1, [])
                    asked.clear()
                    # Mostly with the hand's rows already in may_meet's tables (the written-out test
                    # runs), sometimes first (it hands the hand to may_meet, which fills them).
                    first = rng.random() < 0.2
                    if first:
                        moves.play_moves(model)
                    expected = may_meet(hand, model.sets, model.runs, wrap, distinct)
                    if not first:
                        moves.play_moves(model)
                    assert bool(asked) == expected, (cards, round_no, wrap, distinct)
                    agree += 1
                    yes += expected
    assert yes > agree // 10 and agree - yes > agree // 4
