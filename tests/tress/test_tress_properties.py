"""Property tests: seeded random matches (claims included) and hypothesis-driven play.

Default run: :data:`MATCHES` full matches with invariant checks at every step, plus
shorter checks (save/load at every step, illegal actions, hidden information) on
fewer matches. ``-m slow`` runs :data:`SLOW_MATCHES` full matches. The invariants
themselves live in :mod:`rummytable.tools.invariants` (``python -m rummytable simulate``
checks the same ones).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pyodide_scale import scaled
from test_tress_helpers import all_cards, full_deck, random_action, reshuffle_hidden

from rummytable.cards import build_deck
from rummytable.game import Action, Phase, RulesError
from rummytable.melds import End, MeldKind
from rummytable.tools.invariants import check_cards, check_hand_scored, check_phase, check_save_load, check_totals
from rummytable.tress.actions import (
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    Grant,
    LayDown,
    LayOff,
    MeldSpec,
    NextRound,
    SwapJoker,
)
from rummytable.tress.game import TressGame

MATCHES = 40
SLOW_MATCHES = 1000

OPTION_MIXES: list[dict[str, Any]] = [
    {},
    {"claim_priority": "seat_order", "penalty_cards": 2},
    # A claim limit can make round 7 endless in random play (nobody goes out, the stock is
    # rebuilt for ever), so it is mixed with the option that ends a round on an empty stock.
    {"claim_window": "until_discard", "down_may_claim": False, "empty_stock": "end_round", "claim_limit": 2},
    {"joker_swap": True, "extra_melds": True, "out_without_discard": True, "wrap_runs": True},
    {"joker_ratio": "more_naturals", "no_adjacent_jokers": True, "distinct_melds": False,
     "round7": "three_runs", "tie_break_round7": True, "penalty_cards": 0},
]


def _options(seed: int) -> dict[str, Any]:
    return {"players": 3 + seed % 4, **OPTION_MIXES[seed % len(OPTION_MIXES)]}


def check_invariants(game: TressGame) -> None:
    """Every card in exactly one place; scores are the sum of the rounds; phase consistent (7 rounds at the end)."""
    check_cards(game)
    check_totals(game)
    check_phase(game)


def play_checked(seed: int, steps: int | None = None) -> TressGame:
    """Play a seeded random match (or ``steps`` actions), checking invariants and round scores."""
    game = TressGame.new(_options(seed), seed)
    rng = random.Random(seed)
    count = 0
    while game.phase is not Phase.MATCH_OVER and (steps is None or count < steps):
        action = random_action(game, rng)
        events = game.apply(action)
        count += 1
        # A scored round's points are the cards left in hand; whoever went out holds none.
        check_hand_scored(game, events)
        check_invariants(game)
        assert count < 40_000, "a match must end"
    return game


@pytest.mark.parametrize("block", range(4))
def test_random_matches_keep_invariants(block: int) -> None:
    for seed in range(block * scaled(MATCHES) // 4, (block + 1) * scaled(MATCHES) // 4):
        game = play_checked(seed)
        assert game.phase is Phase.MATCH_OVER


@pytest.mark.slow
def test_random_matches_keep_invariants_many() -> None:
    for seed in range(SLOW_MATCHES):
        assert play_checked(10_000 + seed).phase is Phase.MATCH_OVER


def test_replay_reproduces_random_matches() -> None:
    for seed in range(scaled(3)):
        game = play_checked(seed)
        again = TressGame.replay(game.options, seed, [a.to_json() for a in game.history])
        assert again.save() == game.save()


def test_save_load_round_trip_at_every_step() -> None:
    for seed in range(scaled(5)):
        game = TressGame.new(_options(seed), seed)
        rng = random.Random(seed)
        for _ in range(150):
            if game.phase is Phase.MATCH_OVER:
                break
            check_save_load(game)
            game.apply(random_action(game, rng))


def _random_action(game: TressGame, rng: random.Random) -> Action:
    """A random well-formed action of any kind and seat, usually illegal now."""
    n = game.num_players
    seat = rng.randrange(n)
    deck = build_deck(2, game.options.joker_count)
    c = rng.choice(deck)
    meld_id = rng.randrange(game.state.next_meld_id + 2)
    choices: list[Action] = [
        DrawStock(seat), DrawDiscard(seat), Call(seat), Call(seat, c), Grant(seat), NextRound(seat),
        Discard(seat, c), LayOff(seat, c, meld_id, rng.choice([End.LOW, End.HIGH])),
        SwapJoker(seat, c, meld_id),
        LayDown(seat, (MeldSpec(_kind(rng), tuple(rng.sample(deck, rng.randint(3, 5)))),)),
    ]
    hand = game.state.hands[seat]
    if hand:
        choices.append(Discard(seat, rng.choice(hand)))
        choices.append(LayDown(seat, (MeldSpec(_kind(rng), tuple(rng.sample(hand, min(len(hand), 4)))),)))
    return rng.choice(choices)


def _kind(rng: random.Random) -> MeldKind:
    return rng.choice([MeldKind.SET, MeldKind.RUN])


MALFORMED: list[object] = [
    None, 3, "draw", [], {}, {"kind": "draw_stock"}, {"kind": "draw_stock", "seat": 9},
    {"kind": "draw_stock", "seat": True}, {"kind": "discard", "seat": 0}, {"kind": "discard", "seat": 0, "card": "ZZ"},
    {"kind": "discard", "seat": 0, "card": "9H", "extra": 1}, {"kind": "lay_off", "seat": 0, "card": "9H", "meld": -1,
                                                              "end": "high"},
    {"kind": "lay_off", "seat": 0, "card": "9H", "meld": 0, "end": "middle"}, {"kind": "lay_down", "seat": 0,
                                                                               "melds": []},
    {"kind": "lay_down", "seat": 0, "melds": [{"kind": "pair", "cards": ["9H"]}]},
    {"kind": "lay_down", "seat": 0, "melds": [{"kind": "set", "cards": ["9H", "9S", "9D"], "start": 3}]},
    {"kind": "call", "seat": 1, "card": 5}, {"kind": "teleport", "seat": 0},
]


def test_illegal_and_malformed_actions_raise_and_change_nothing() -> None:
    for seed in range(scaled(6)):
        game = TressGame.new(_options(seed), seed)
        rng = random.Random(seed)
        steps = 0
        while game.phase is not Phase.MATCH_OVER and steps < 300:
            if steps % 10 == 0:
                legal = {json.dumps(a.to_json(), sort_keys=True) for s in range(game.num_players)
                         for a in game.legal_actions(s)}
                before = game.save()
                for _ in range(5):
                    action = _random_action(game, rng)
                    if json.dumps(action.to_json(), sort_keys=True) in legal or game.is_legal(action):
                        continue
                    with pytest.raises(RulesError) as info:
                        game.apply(action)
                    assert str(action) in str(info.value)
                    assert game.save() == before
                for data in MALFORMED:
                    with pytest.raises(RulesError):
                        game.apply_json(data)
                assert game.save() == before
            game.apply(random_action(game, rng))
            steps += 1


def test_listed_actions_are_legal_and_sorted() -> None:
    for seed in range(scaled(6)):
        game = TressGame.new(_options(seed), seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.phase is Phase.MATCH_OVER:
                break
            for seat in range(game.num_players):
                actions = game.legal_actions(seat)
                assert actions == sorted(actions, key=lambda a: a.sort_key())
                assert len({json.dumps(a.to_json(), sort_keys=True) for a in actions}) == len(actions)
                for action in actions:
                    assert game.is_legal(action)
                    assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
            game.apply(random_action(game, rng))


def test_views_never_leak_hidden_cards() -> None:
    for seed in range(scaled(6)):
        game = TressGame.new(_options(seed), seed)
        rng = random.Random(seed)
        for step in range(300):
            if game.phase is Phase.MATCH_OVER:
                break
            if step % 7 == 0 and game.phase in (Phase.DRAW, Phase.CLAIM, Phase.PLAY):
                seat = rng.randrange(game.num_players)
                assert reshuffle_hidden(game, seat, rng).view(seat) == game.view(seat)
            game.apply(random_action(game, rng))


@given(seed=st.integers(0, 2**31), players=st.integers(3, 6), mix=st.integers(0, len(OPTION_MIXES) - 1),
       steps=st.integers(1, 120))
def test_hypothesis_random_play(seed: int, players: int, mix: int, steps: int) -> None:
    game = TressGame.new({**OPTION_MIXES[mix], "players": players}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            break
        game.apply(random_action(game, rng))
    check_invariants(game)
    check_save_load(game)
    assert Counter(all_cards(game)) == Counter(full_deck(game))
