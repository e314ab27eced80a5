"""Listed meld plays equal, by brute force, every legal play of the hand's cards (K-9, K-10, K-13)."""

from __future__ import annotations

import random
from itertools import combinations, permutations

import pytest
from _take_helpers import canonical, situation

from rummytable.game import Action, Phase
from rummytable.melds import End
from rummytable.take.actions import Extend, LayDown
from rummytable.take.game import TakeGame


def brute_force(game: TakeGame, limit: int) -> set[Action]:
    """Every legal lay-down/extension of up to ``limit`` cards, found by trying all orders."""
    seat = game.to_move
    assert seat is not None
    hand = game.hand(seat)
    found: set[Action] = set()
    for size in range(1, limit + 1):
        for group in combinations(hand, size):
            for order in permutations(group):
                candidates: list[Action] = [Extend(seat, seq.id, order, end)
                                            for seq in game.sequences() for end in End]
                if size >= 3:
                    candidates.append(LayDown(seat, order))
                found.update(canonical(game, a) for a in candidates if game.is_legal(a))
    return found


def listed(game: TakeGame, limit: int) -> set[Action]:
    seat = game.to_move
    assert seat is not None
    return {a for a in game.legal_actions(seat) if isinstance(a, (LayDown, Extend)) and len(a.cards) <= limit}


CROWDED = dict(players=4, melds=[(1, "6H 7H 8H"), (2, "9H 10H JH"), (3, "QC KC AC"), (1, "AS 2S 3S"),
                                 (2, "5D 6D 7D"), (3, "JK(3C) 4C 5C")],
               hands=["JK 5H 4S 5S QH KH 4D 8D", "2D", "3D", "9D"])


@pytest.mark.parametrize("situation_kwargs", [
    CROWDED,
    dict(hands=["JK JK AH 2H 3H KH QH", "3D"], melds=[(1, "4H 5H 6H")]),
    dict(hands=["JK JK 5C 7C 9C", "3D"], melds=[(1, "JC QC KC")], options={"joker_ratio": "more_naturals"}),
    dict(hands=["5H 9H 4H 10H JK", "3D"], melds=[(1, "6H 7H 8H")], options={"below_others": False}),
    dict(hands=["7D 8D 9D 10D", "3D"], options={"go_out_by_melding": True}),
    dict(hands=["7D 8D 9D 10D", "3D"], drawn_from_discard="10D"),
])
def test_listed_plays_match_brute_force(situation_kwargs: dict[str, object]) -> None:
    game = situation(**situation_kwargs)
    limit = min(4, len(game.hand(0)))
    assert listed(game, limit) == brute_force(game, limit)
    assert all(game.is_legal(a) for a in game.legal_actions(0))


def test_listed_plays_match_brute_force_in_random_positions() -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(80):
        game = TakeGame.new({"players": 2 + seed % 3}, seed)
        for _ in range(rng.randrange(10, 200)):
            if game.phase not in (Phase.DRAW, Phase.PLAY):
                break
            seat = game.to_move
            assert seat is not None
            game.apply(rng.choice(game.legal_actions(seat)))
        if game.phase is Phase.PLAY and len(game.hand(game.state.turn)) <= 6:
            limit = len(game.hand(game.state.turn))
            assert listed(game, limit) == brute_force(game, limit)
            checked += 1
    assert checked >= 10


def test_joker_fitting_both_ends_is_two_plays() -> None:
    game = situation(melds=[(1, "6H 7H 8H")], hands=["JK 2C", "3D"])
    plays = {(a.end, a.meld) for a in game.legal_actions(0) if isinstance(a, Extend)}
    assert plays == {(End.LOW, 0), (End.HIGH, 0)}
