"""The package face: ``rummytable.load`` picks the game from the text; the registry knows both games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rummytable
from rummytable import TakeGame, TressGame, load, make_bot
from rummytable.cards import parse_card
from rummytable.game import PositionError
from rummytable.registry import GAMES, UnknownGameError, game_class, options_class

SAVES = Path(__file__).resolve().parents[1] / "saves"


def test_the_face_names_both_games_the_loader_and_the_bots() -> None:
    assert {"TressGame", "TakeGame", "load", "make_bot"} <= set(rummytable.__all__)
    assert make_bot("take", "easy", seed=1).game == "take"
    assert {name: entry.game_class for name, entry in GAMES.items()} == {"tress": TressGame, "take": TakeGame}


@pytest.mark.parametrize("cls", [TressGame, TakeGame])
def test_load_picks_the_game_and_round_trips_a_save(cls: type[TressGame] | type[TakeGame]) -> None:
    text = cls.new(None, seed=3).save()
    game = load(text)
    assert type(game) is cls
    assert game.save() == text


def as_saved_now(name: str, data: Any) -> Any:
    """A schema-1 position as this version writes it (docs/formats.md): for Take, the player to move
    under ``to_move`` (was ``turn``), hands sorted, each meld with ``"kind": "run"``."""
    if name == "tress" or data is None:
        return data
    out = {("to_move" if key == "turn" else key): value for key, value in data.items()}
    out["hands"] = [[c.key for c in sorted(map(parse_card, hand))] for hand in data["hands"]]
    out["melds"] = [{**meld, "kind": "run"} for meld in data["melds"]]
    out["start"] = as_saved_now(name, data["start"]) if data.get("start") else data.get("start")
    return out


@pytest.mark.parametrize("name", ["tress", "take"])
def test_a_save_written_by_the_previous_layout_still_loads(name: str) -> None:
    # Written by the engine before the package was split into one folder per game (schema 1).
    text = (SAVES / f"{name}-schema1.json").read_text(encoding="utf-8").strip()
    game = load(text)
    assert type(game) is game_class(name)
    assert json.loads(game.save()) == as_saved_now(name, json.loads(text))
    assert load(game.save()).save() == game.save()


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "the save"),
    ("[]", "'game' must be one of"),
    ('{"game": "poker"}', "'game' must be one of take, tress"),
])
def test_load_refuses_text_that_names_no_game(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        load(text)


def test_an_unknown_game_id_is_named() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'poker'; known: take, tress"):
        game_class("poker")
    with pytest.raises(UnknownGameError):
        options_class("poker")
