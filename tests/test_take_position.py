"""The Take position format: round trips, replay, and strict rejection of corrupt positions."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from _take_helpers import ext, situation

from rummytable.game import Phase, PositionError
from rummytable.take import TakeGame


def played(seed: int, steps: int, players: int = 3) -> TakeGame:
    game = TakeGame.new({"players": players, "target": 100}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            break
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))
    return game


def test_save_load_round_trip_and_replay() -> None:
    for seed in range(6):
        game = played(seed, 150 * seed)
        text = game.save()
        loaded = TakeGame.load(text)
        assert loaded.save() == text
        assert loaded.view(0) == game.view(0)
        history = [a.to_json() for a in game.history]
        replayed = TakeGame.replay(game.options, game.state.seed, history)
        assert replayed.save() == text


def test_copy_is_independent() -> None:
    game = played(3, 40)
    before = game.save()
    other = game.copy()
    seat = other.to_move
    assert seat is not None
    other.apply(other.legal_actions(seat)[-1])
    assert game.save() == before and other.save() != before


def _position() -> dict[str, Any]:
    game = situation(players=3, melds=[(1, "6H 7H 8H"), (2, "JK(3C) 4C 5C")], hands=["5H 9H 2C", "3D", "4D"],
                     discard="9S 2S", drawn_from_discard="2C")
    game.apply(ext(game, 0, 0, "5H", "low"))
    return game.to_position()


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _move_card(data: dict[str, Any]) -> None:
    data["stock"].append(data["hands"][1].pop())
    data["stock"].append(data["stock"][0])


CORRUPTIONS: dict[str, Callable[[dict[str, Any]], None]] = {
    "wrong game": _set(("game",), "tress"),
    "schema": _set(("schema",), 99),
    "unknown key": _set(("extra",), 1),
    "bad options": _set(("options", "players"), 9),
    "doubled card": lambda d: d["stock"].append(d["stock"][0]),
    "missing card": lambda d: d["stock"].pop(),
    "foreign card": lambda d: d["stock"].__setitem__(0, "2C.1"),
    "moved and doubled": _move_card,
    "not a card": lambda d: d["stock"].__setitem__(0, "ZZ"),
    "invalid sequence": lambda d: d["melds"][0].__setitem__("start", 7),
    "owner out of range": _set(("melds", 0, "owner"), 3),
    "duplicate id": _set(("melds", 1, "id"), 0),
    "next id too low": _set(("next_meld_id", ), 1),
    "bad phase": _set(("phase",), "claim"),
    "turn out of range": _set(("turn",), 5),
    "dealer bool": _set(("dealer",), True),
    "drawn not held": _set(("drawn_from_discard",), "9S"),
    "scores do not add up": _set(("scores",), [1, 0, 0]),
    "round_scores without hand": _set(("round_scores",), [[0, 0, 0]]),
    "winners while playing": _set(("winners",), [0]),
    "bad history": _set(("history",), [{"kind": "fly"}]),
    "bad log": _set(("log",), [{"kind": "", "data": {}, "owner": None, "secret": []}]),
    "bottom_added unknown meld": _set(("bottom_added",), [{"meld_id": 9, "cards": ["5H"]}]),
    "bottom_added card elsewhere": _set(("bottom_added",), [{"meld_id": 0, "cards": ["2S"]}]),
    "hands count": lambda d: d["hands"].pop(),
    "seed text": _set(("seed",), "7"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupt_positions_rejected(name: str) -> None:
    data = _position()
    TakeGame.from_position(copy.deepcopy(data))
    CORRUPTIONS[name](data)
    with pytest.raises(PositionError):
        TakeGame.from_position(data)


def test_not_json_or_not_an_object() -> None:
    with pytest.raises(PositionError):
        TakeGame.load("{not json")
    with pytest.raises(PositionError):
        TakeGame.load(json.dumps([1, 2]))


def test_builder_rejects_impossible_situations() -> None:
    with pytest.raises(PositionError):
        situation(melds=[(0, "KD AD 2D")])
    with pytest.raises(PositionError):
        situation(hands=["9H 9H"])
    with pytest.raises(PositionError):
        situation(hands=["2C", "3C"], drawn_from_discard="9S")


def test_bottom_record_survives_save_load() -> None:
    data = _position()
    assert data["bottom_added"] == [{"meld_id": 0, "cards": ["5H"]}]
    assert TakeGame.from_position(data).state.bottom_added
