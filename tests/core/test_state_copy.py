"""Each game keeps its whole state in one dataclass whose copy() shares nothing mutable.

The check walks the dataclass fields, so a field added later without a copy in ``copy()``
fails here instead of being shared silently between a game and its copy.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rummytable import TakeGame, TressGame
from rummytable.game import Game, Phase
from rummytable.tools.autoplay import uniform_action


def _mutable_parts(value: Any) -> list[Any]:
    """``value`` and the lists and dicts inside it, one level down (cards and melds are frozen)."""
    if isinstance(value, list):
        return [value, *(item for item in value if isinstance(item, list | dict))]
    if isinstance(value, dict):
        return [value, *(item for item in value.values() if isinstance(item, list | dict))]
    return []


def played(cls: type[TressGame] | type[TakeGame]) -> Game:
    game: Game = cls.new({"players": 3}, 8)
    rng = random.Random(8)
    for _ in range(120):
        if game.phase is Phase.MATCH_OVER:
            break
        game.apply(uniform_action(game, rng))
    return game


@pytest.mark.parametrize("cls", [TressGame, TakeGame])
def test_the_copy_of_a_state_shares_no_list_or_dict(cls: type[TressGame] | type[TakeGame]) -> None:
    game = played(cls)
    state = game.state  # type: ignore[attr-defined]
    twin = state.copy()
    assert dataclasses.is_dataclass(state) and type(twin) is type(state)
    for field in dataclasses.fields(state):
        mine, theirs = getattr(state, field.name), getattr(twin, field.name)
        assert mine == theirs, field.name
        for part in _mutable_parts(mine):
            assert all(part is not other for other in _mutable_parts(theirs)), f"{field.name} is shared"


@pytest.mark.parametrize("cls", [TressGame, TakeGame])
def test_a_game_and_its_copy_play_on_apart(cls: type[TressGame] | type[TakeGame]) -> None:
    game = played(cls)
    before = game.save()
    twin = game.copy()
    rng = random.Random(1)
    for _ in range(30):
        if twin.phase is Phase.MATCH_OVER:
            break
        twin.apply(uniform_action(twin, rng))
    assert game.save() == before
    assert twin.history[: len(game.history)] == game.history
