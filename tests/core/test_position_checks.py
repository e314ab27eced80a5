"""The checks both position loaders share, and corrupt saves of both games fuzzed.

The fuzz damages real saves (mid-match, after a round, a finished match, a set-up played on,
a fresh deal) the ways storage and hand edits do: keys dropped or added, values of the wrong
type, list items doubled, swapped or removed, numbers nudged, deep nesting, truncated or
altered text. Every outcome must be a clean load whose save loads back identically (and
whose views can be drawn), or :class:`PositionError`; never another exception.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pyodide_scale import scaled

from rummytable.game import Game, Phase, PositionError
from rummytable.position_checks import first_difference
from rummytable.take.game import TakeGame
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario

GAMES: dict[str, type[Game]] = {"tress": TressGame, "take": TakeGame}


def _random_play(game: Game, rng: random.Random, steps: int) -> Game:
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            break
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions(seat)
        discards = [a for a in legal if a.KIND == "discard"]
        # Mostly the same move as the last few legal ones, so that hands end and rounds are scored.
        game.apply(rng.choice(discards if discards and rng.random() < 0.5 else legal))
    return game


@functools.cache
def saves() -> dict[str, list[str]]:
    """Real saves of each game at different moments (computed once)."""
    rng = random.Random(5)
    tress_mid = _random_play(TressGame.new({"players": 4}, 3), rng, 90)
    tress_over = _random_play(TressGame.new({"players": 3}, 4), rng, 400)
    while tress_over.phase is not Phase.ROUND_OVER and tress_over.phase is not Phase.MATCH_OVER:
        _random_play(tress_over, rng, 1)
    set_up = TressGame.from_position(scenario(["4H 4S KD KS JK 7C 2D", None, None], phase="draw", discard="9D 4C",
                                              discarder=2))
    _random_play(set_up, rng, 5)
    take_mid = _random_play(TakeGame.new({"players": 3}, 8), rng, 60)
    take_over = _random_play(TakeGame.new({"players": 2, "target": 50}, 9), rng, 5000)
    take_set_up = TakeGame.from_faces(players=2, hands=["5H 9H 2C", "3D 4D"], melds=[(1, "6H 7H 8H")],
                                      discard="9S 2S", drawn_from_discard="2C")
    _random_play(take_set_up, rng, 3)
    return {
        "tress": [tress_mid.save(), tress_over.save(), set_up.save(), TressGame.new({"players": 5}, 1).save()],
        "take": [take_mid.save(), take_over.save(), take_set_up.save(), TakeGame.new({"players": 4}, 2).save()],
    }


# --------------------------------------------------------------------------- mutations

CARDISH = ["9H", "9H.1", "JK", "JK.5", "1X", "", "draw_stock", "discard", "play", "tress", "take"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8) | st.sampled_from(CARDISH),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.sampled_from(CARDISH),
                                                                  inner, max_size=4),
    max_leaves=8,
)
DEEP = "\x00deep\x00"


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


def _mutate(data: dict[str, Any], draw: Any) -> None:
    """Apply one random change to the position ``data`` in place."""
    paths = _paths(data)[1:]
    top = [p for p in paths if len(p) == 1]
    path = draw(st.sampled_from(top) if draw(st.booleans()) else st.sampled_from(paths))
    parent: Any = data
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    value = parent[key]
    op = draw(st.sampled_from(["delete", "replace", "add", "nudge", "duplicate", "swap", "wrap", "deep", "retype"]))
    if op == "delete":
        del parent[key]
    elif op == "replace":
        parent[key] = draw(json_values)
    elif op == "add":
        target = value if isinstance(value, (dict, list)) else parent
        if isinstance(target, dict):
            name = draw(st.text(max_size=6) | st.sampled_from(["start", "schema", "extra", "kind"]))
            target[name] = draw(json_values)
        else:
            target.insert(draw(st.integers(0, len(target))), draw(json_values))
    elif op == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + draw(st.sampled_from([-1, 1, 2**31]))
    elif op == "duplicate" and isinstance(value, list) and value:
        value.append(copy.deepcopy(value[draw(st.integers(0, len(value) - 1))]))
    elif op == "swap" and isinstance(value, list) and len(value) > 1:
        i, j = draw(st.integers(0, len(value) - 1)), draw(st.integers(0, len(value) - 1))
        value[i], value[j] = value[j], value[i]
    elif op == "wrap":
        parent[key] = [value]
    elif op == "deep":
        parent[key] = DEEP
    else:
        parent[key] = {int: str, str: list, list: dict, dict: list, bool: int}.get(type(value), str)(
            value if not isinstance(value, (list, dict)) else ())


def _text_damage(text: str, draw: Any) -> str:
    where = draw(st.integers(0, len(text)))
    op = draw(st.sampled_from(["truncate", "insert", "delete"]))
    if op == "truncate":
        return text[:where]
    if op == "insert":
        return text[:where] + draw(st.sampled_from(['"', "{", "]", ",", "0", "\\", "\ud800", "NaN"])) + text[where:]
    return text[:where] + text[where + 1:]


def check_outcome(cls: type[Game], text: str) -> str:
    """Load ``text``; return ``"loaded"`` (after checking the game works) or ``"rejected"``."""
    try:
        game = cls.load(text)
    except PositionError as exc:
        message = str(exc)
    else:
        message = ""
    if message:
        assert len(message) < 2000
        return "rejected"
    again = game.save()
    assert cls.load(again).save() == again
    for seat in range(game.num_players):
        json.dumps(game.view(seat))
    return "loaded"


def _fuzz_corrupt(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(GAMES)))
    text = data.draw(st.sampled_from(saves()[name]))
    position = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(position, data.draw)
    damaged = json.dumps(position).replace(json.dumps(DEEP), "[" * data.draw(st.integers(20, 3000)) + "1" + "]" * 3000)
    if data.draw(st.integers(0, 4)) == 0:
        damaged = _text_damage(damaged, data.draw)
    event(f"{name}: {check_outcome(GAMES[name], damaged)}")


FUZZ = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}


@settings(max_examples=scaled(60), **FUZZ)
@given(st.data())
def test_corrupt_saves_load_cleanly_or_are_rejected(data: st.DataObject) -> None:
    _fuzz_corrupt(data)


@pytest.mark.slow
@settings(max_examples=3000, **FUZZ)
@given(st.data())
def test_corrupt_saves_load_cleanly_or_are_rejected_many(data: st.DataObject) -> None:
    _fuzz_corrupt(data)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_real_saves_load_and_round_trip(name: str) -> None:
    for text in saves()[name]:
        assert check_outcome(GAMES[name], text) == "loaded"
        assert GAMES[name].load(text).save() == text


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("schema", [1.0, True, "1", None, 2])
def test_schema_must_be_the_whole_number_1(name: str, schema: object) -> None:
    data = json.loads(saves()[name][0])
    data["schema"] = schema
    with pytest.raises(PositionError, match="schema"):
        GAMES[name].from_position(data)


@pytest.mark.parametrize(("got", "want", "where"), [
    ({"a": [1, 2]}, {"a": [1, 2]}, None),
    ({"a": [1, 2]}, {"a": [1, 3]}, "a[1]"),
    ({"a": [1, 2]}, {"a": [1, 2, 3]}, "a[2]"),
    ({"a": {"b": 1}}, {"a": {"c": 1}}, "a.b"),
    ({"a": 1}, {"a": True}, "a"),
    ([1], {"a": 1}, "the whole position"),
])
def test_first_difference_names_the_path(got: Any, want: Any, where: str | None) -> None:
    assert first_difference(got, want) == where
