"""Random legal play over many seeded Take matches: invariants after every action.

Default run: matches for 2, 3 and 4 players at a lowered target (50 points, so a match is
one to a few hands), every action checked cheaply (cards conserved, sequences valid with
one owner), heavier checks (save/load, views, random illegal actions) at every hand's end
and a few random positions; scores recounted after every hand. ``-m slow``: 1000 matches
per player count. The invariants themselves live in :mod:`rummytable.tools.invariants`
(``python -m rummytable simulate`` checks the same ones).
"""

from __future__ import annotations

import json
import random

import pytest
from _take_helpers import canonical
from hypothesis import given, settings
from hypothesis import strategies as st
from pyodide_scale import scaled

from rummytable.cards import build_deck, parse_card
from rummytable.game import Action, Event, IllegalActionError, Phase
from rummytable.melds import End
from rummytable.take.actions import Discard, DrawDiscard, DrawStock, Extend, LayDown, NextHand
from rummytable.take.game import TakeGame
from rummytable.tools.invariants import (
    check_cards,
    check_hand_scored,
    check_save_load,
    check_table,
    check_totals,
    check_view_hides,
)

DECK = frozenset(build_deck(1, 2))


STEP_CAP = 20_000
"""Actions after which a match without the dead-stock option is given up (see play_match)."""


def check_invariants(game: TakeGame) -> None:
    """Cards conserved; every sequence valid with exactly one owner in range; a stock to draw from (K-19)."""
    check_cards(game)
    check_table(game)


def check_scores(game: TakeGame, events: list[Event]) -> None:
    """After a hand: the points are a recount of the final position, and the totals add up."""
    assert game.state.last_result is not None
    check_hand_scored(game, events)
    check_totals(game)


def random_action(game: TakeGame, rng: random.Random) -> Action:
    """A well-formed action, often illegal: random kind, seat, cards, sequence and end."""
    seat = game.to_move if game.to_move is not None and rng.random() < 0.8 else rng.randrange(game.num_players)
    hand = game.state.hands[seat] if rng.random() < 0.8 else sorted(DECK)
    cards = rng.sample(hand, min(len(hand), rng.randint(1, 5))) if hand else [parse_card("2C")]
    if rng.random() < 0.5:
        cards.sort(key=lambda c: (c.suit or "", c.rank))
    ids = [*game.state.sequences, 99]
    kind = rng.randrange(6)
    if kind == 0:
        return DrawStock(seat)
    if kind == 1:
        return DrawDiscard(seat)
    if kind == 2:
        return LayDown(seat, tuple(cards), rng.choice([None, None, rng.randint(0, 14)]))
    if kind == 3:
        return Extend(seat, rng.choice(ids), tuple(cards), rng.choice(list(End)))
    if kind == 4:
        return Discard(seat, cards[0])
    return NextHand(seat)


def check_actions(game: TakeGame, rng: random.Random, tries: int, before: str) -> None:
    """Random actions: legal ones are listed (canonically); illegal ones raise and change nothing.

    ``before`` is ``game.save()``: the game must still save to exactly that text.
    """
    listed = {seat: set(game.legal_actions(seat)) for seat in range(game.num_players)}
    snapshot = game.state.copy()
    for _ in range(tries):
        action = random_action(game, rng)
        if game.is_legal(action):
            assert canonical(game, action) in listed[action.seat], str(action)
            continue
        if canonical(game, action) in listed[action.seat]:
            assert isinstance(action, LayDown) and action.start is not None
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.rule in str(info.value) and info.value.phase.value in str(info.value)
        assert game.state == snapshot
    assert game.save() == before


def play_match(seed: int, players: int, *, target: int = 50, samples: int = 2, full: bool = False) -> TakeGame:
    """Play one seeded match to the end with random legal actions, checking as it goes."""
    rng = random.Random(f"{seed}/{players}")
    hurry = 0.3 * rng.random()  # chance of discarding at once: slow melders exercise the stock rebuild
    # Heavy checks (save/load, views, random illegal actions) cost O(history): a few per match.
    checkpoints = set(rng.sample(range(600), samples))
    # Under the rule book alone a hand can cycle for ever when no card left in play can be
    # melded; odd seeds end such hands with the dead-stock option, even seeds play on to a cap.
    dead_stock = seed % 2 == 1
    game = TakeGame.new({"players": players, "target": target, "dead_stock_ends_hand": dead_stock}, seed)
    for step in range(STEP_CAP):
        if game.phase is Phase.MATCH_OVER:
            break
        seat = game.to_move
        assert seat is not None
        actions = game.legal_actions(seat)
        assert actions, f"no legal action for P{seat + 1} in {game.phase}"
        action: Action
        if game.phase is Phase.PLAY and rng.random() < hurry:
            action = rng.choice([a for a in actions if isinstance(a, Discard)])
        else:
            action = rng.choice(actions)
        events = game.apply(action)
        check_invariants(game)
        hand_over = game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and not isinstance(action, NextHand)
        if hand_over:
            check_scores(game, events)
        if full or hand_over or step in checkpoints:
            check_save_load(game)
            assert json.loads(json.dumps(game.view(seat))) == game.view(seat)
            for viewer in range(players):
                check_view_hides(game, viewer)
            check_actions(game, rng, 20, game.save())
    else:
        assert not dead_stock, f"match {seed} with {players} players did not end"
        assert game.state.restocks >= 10, "only an endlessly rebuilt stock may stop a match"
        return game
    assert game.state.winners
    best = max(game.scores)
    assert best >= target and game.state.winners == [s for s, t in enumerate(game.scores) if t == best]
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_keep_every_invariant(players: int) -> None:
    for seed in range(scaled(60)):
        play_match(seed, players)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_matches(players: int) -> None:
    for seed in range(1000, 1000 + scaled(1000)):
        play_match(seed, players, samples=1)


@settings(max_examples=scaled(10))
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_random_match_checked_at_many_positions(seed: int, players: int) -> None:
    play_match(seed, players, samples=25)


def test_short_match_checked_after_every_action() -> None:
    play_match(3, 4, full=True)


def test_full_length_match_replays() -> None:
    game = play_match(7, 2, target=500, samples=3)
    assert game.phase is Phase.MATCH_OVER
    replayed = TakeGame.replay(game.options, game.state.seed, [a.to_json() for a in game.history])
    assert replayed.save() == game.save()
