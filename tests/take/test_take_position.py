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
from rummytable.take.game import TakeGame


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
    "to_move out of range": _set(("to_move",), 5),
    "to_move under both names": _set(("turn",), 0),
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


def test_stuck_position_is_rejected_K_10() -> None:
    # The player to move holds only the card he has just taken from the discard pile: he may
    # not discard it (K-10) and cannot meld it, so the game could never go on.
    with pytest.raises(PositionError, match="P1 is to act in phase play but has no legal action"):
        situation(hands=["9S", "2C 3C"], discard="4D", drawn_from_discard="9S")
    data = situation(hands=["9S 5D", "2C 3C"], discard="4D", drawn_from_discard="9S").to_position()
    data["stock"].append(data["hands"][0].pop(data["hands"][0].index("5D")))
    with pytest.raises(PositionError, match="no legal action"):
        TakeGame.from_position(data)
    # Not stuck: the lone card takes over a sequence, and going out by melding is allowed.
    game = situation(hands=["9S", "2C 3C"], melds=[(1, "6S 7S 8S")], discard="4D", drawn_from_discard="9S",
                     options={"go_out_by_melding": True})
    assert [a.KIND for a in game.legal_actions(0)] == ["extend"]


def test_the_history_must_lead_to_the_saved_position() -> None:
    data = played(4, 80).to_position()
    TakeGame.from_position(copy.deepcopy(data))
    data["stock"][0], data["stock"][1] = data["stock"][1], data["stock"][0]
    with pytest.raises(PositionError, match=r"the history does not lead to this position \(stock\[0\] differs\)"):
        TakeGame.from_position(data)


@pytest.mark.parametrize("data", [{"meld": {"cards": 5}}, {}, {"seat": "0", "card": None}])
def test_every_log_entry_is_checked_by_the_replay(data: dict[str, Any]) -> None:
    position = played(6, 60).to_position()
    index = next(i for i, e in enumerate(position["log"]) if e["kind"] == "meld_created")
    position["log"][index]["data"] = data
    with pytest.raises(PositionError, match=rf"log\[{index}\]"):
        TakeGame.from_position(position)


def test_a_log_without_a_history_is_rejected() -> None:
    data = played(7, 40).to_position()
    data["history"] = []
    with pytest.raises(PositionError, match="no history has no log"):
        TakeGame.from_position(data)


@pytest.mark.parametrize("entry", [{"kind": ["discard"], "seat": 0}, {"kind": "discard", "seat": 0, "card": 9},
                                   {"kind": "draw_stock", "seat": 1}])
def test_a_history_entry_that_cannot_be_replayed_is_named(entry: dict[str, Any]) -> None:
    data = played(3, 20).to_position()
    data["history"][5] = entry
    with pytest.raises(PositionError, match=r"history(\[5\] cannot be replayed)?: "):
        TakeGame.from_position(data)


def test_a_set_up_position_played_on_saves_its_start() -> None:
    data = _position()  # a situation from face notation, then one move
    start = data["start"]
    assert start is not None and start["history"] == [] and start["log"] == []
    assert start == situation(players=3, melds=[(1, "6H 7H 8H"), (2, "JK(3C) 4C 5C")], hands=["5H 9H 2C", "3D", "4D"],
                              discard="9S 2S", drawn_from_discard="2C").to_position()
    text = TakeGame.from_position(copy.deepcopy(data)).save()
    assert TakeGame.load(text).save() == text
    data["start"]["hands"][1], data["start"]["hands"][2] = data["start"]["hands"][2], data["start"]["hands"][1]
    with pytest.raises(PositionError, match="does not lead"):
        TakeGame.from_position(data)


def test_start_must_be_a_set_up_position_and_comes_with_a_history() -> None:
    data = _position()
    with_history = copy.deepcopy(data)
    with_history["start"]["history"] = [{"kind": "draw_stock", "seat": 0}]
    with pytest.raises(PositionError, match="no history, no log and no start"):
        TakeGame.from_position(with_history)
    without = copy.deepcopy(data["start"])
    without["start"] = copy.deepcopy(data["start"])
    with pytest.raises(PositionError, match="'start' is given only with a history"):
        TakeGame.from_position(without)


def test_a_match_saved_before_its_first_move_still_replays_from_the_seed() -> None:
    game = TakeGame.load(TakeGame.new({"players": 3}, 12).save())
    game.apply(game.legal_actions(game.to_move or 0)[0])
    data = game.to_position()
    assert data["start"] is None
    assert TakeGame.replay(game.options, 12, data["history"]).save() == game.save()


def test_saves_of_earlier_versions_without_start_load() -> None:
    game = played(9, 50)
    data = game.to_position()
    del data["start"]
    assert TakeGame.from_position(data).save() == game.save()


def test_a_deeply_nested_extra_field_is_rejected_with_a_message() -> None:
    text = played(1, 10).save()
    with pytest.raises(PositionError, match="more than 24 levels deep"):
        TakeGame.load(text[:-1] + ',"extra":' + "[" * 3000 + "]" * 3000 + "}")
    with pytest.raises(PositionError, match=r"unknown \['extra'\]"):
        TakeGame.load(text[:-1] + ',"extra":' + "[" * 20 + "]" * 20 + "}")
