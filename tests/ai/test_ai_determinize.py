"""Take determinization: sampled games agree with the seat's view and with what the log proves."""

from __future__ import annotations

import random

from pyodide_scale import scaled

from rummytable.ai import make_bot
from rummytable.ai.determinize import determinize
from rummytable.ai.take.determinize import determinize_take
from rummytable.ai.take.knowledge import knowledge
from rummytable.cards import parse_card
from rummytable.game import Phase
from rummytable.take.game import TakeGame


def _views_equal_but_log(sample: TakeGame, game: TakeGame, seat: int) -> None:
    mine = {k: v for k, v in sample.view(seat).items() if k != "log"}
    real = {k: v for k, v in game.view(seat).items() if k != "log"}
    assert mine == real


def test_samples_match_the_view_at_every_step_of_seeded_matches() -> None:
    for seed in range(scaled(3)):
        game = TakeGame.new({"players": 2 + seed % 3}, 40 + seed)
        bots = [make_bot("take", "normal", s) for s in range(game.num_players)]
        rng = random.Random(seed)
        for _ in range(60):
            if game.phase is Phase.MATCH_OVER:
                break
            seat = game.to_move
            assert seat is not None
            view, log = game.view(seat), game.public_log
            sample = determinize_take(view, log, rng)
            _views_equal_but_log(sample, game, seat)
            # Every card is somewhere exactly once (the engine's own position check).
            TakeGame.from_position(sample.to_position() | {"log": [], "history": []})
            game.apply_json(bots[seat].decide(view, log).action)


def test_a_card_picked_up_from_the_discard_pile_stays_in_that_hand() -> None:
    game = TakeGame.from_faces(hands=["2C 3C 4C KD", "10H JH 5S 7S"], discard="4D 9H", stock="8D 6D",
                               to_move=1, phase=Phase.DRAW)
    game.apply_json({"kind": "draw_discard", "seat": 1})
    game.apply_json({"kind": "discard", "seat": 1, "card": "5S"})
    view, log = game.view(0), game.public_log
    for i in range(20):
        sample = determinize_take(view, log, random.Random(i))
        assert parse_card("9H") in sample.state.hands[1]
        # The log does not reach back to a deal here, so the card under 5S is any unseen card.
        assert len(sample.state.discard) == 2
        assert sample.state.discard[-1] == parse_card("5S")


def test_unseen_cards_are_spread_over_hands_and_stock() -> None:
    game = TakeGame.new({"players": 2}, 5)
    seat = game.to_move
    assert seat is not None
    view, log = game.view(seat), game.public_log
    other = 1 - seat
    places: dict[str, set[str]] = {}
    for i in range(60):
        sample = determinize(view, log, random.Random(i))
        assert isinstance(sample, TakeGame)
        for card in sample.state.hands[other]:
            places.setdefault(card.key, set()).add("hand")
        for card in sample.state.stock:
            places.setdefault(card.key, set()).add("stock")
    unseen = {c.key for c in knowledge(view, log).unseen}
    assert set(places) == unseen
    assert sum(1 for where in places.values() if where == {"hand", "stock"}) > len(unseen) // 2


def test_weights_follow_what_an_opponent_did() -> None:
    # P1 lays 6H 7H 8H; P2 draws, passes on taking it over and throws 5C: so he very likely has no 9H,
    # probably no 4C or 6C; he then took 2S from the discard pile, so 3S and 4S are likelier.
    game = TakeGame.from_faces(hands=["6H 7H 8H 2S KC", "10S 3D 5C 9C"], discard="JD", stock="4D AS",
                               to_move=0, phase=Phase.PLAY)
    game.apply_json({"kind": "lay_down", "seat": 0, "cards": ["6H", "7H", "8H"]})
    game.apply_json({"kind": "discard", "seat": 0, "card": "KC"})
    game.apply_json({"kind": "draw_stock", "seat": 1})
    game.apply_json({"kind": "discard", "seat": 1, "card": "5C"})
    game.apply_json({"kind": "draw_stock", "seat": 0})
    game.apply_json({"kind": "discard", "seat": 0, "card": "2S"})
    game.apply_json({"kind": "draw_discard", "seat": 1})
    know = knowledge(game.view(0), game.public_log)
    assert know.weight(1, parse_card("9H")) == 0.15
    assert know.weight(1, parse_card("6C")) == 0.6
    assert know.weight(1, parse_card("3S")) == 1.8  # next to 2S, which he just picked up
    assert know.weight(1, parse_card("QD")) == 1.0
    counts = {"9H": 0, "QD": 0}
    for i in range(300):
        hand = determinize_take(game.view(0), game.public_log, random.Random(i)).state.hands[1]
        for key in counts:
            counts[key] += parse_card(key) in hand
    assert counts["9H"] < counts["QD"] / 2
