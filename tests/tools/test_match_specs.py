"""rummytable.tools.match_specs: a spec fixes a match; mixed specs cover every option; commands replay the spec."""

from __future__ import annotations

import json
import random
import shlex
from collections import defaultdict
from typing import Any

import pytest

from rummytable.ai import LEVELS
from rummytable.game import OptionsError
from rummytable.page.session import GAMES, options_class
from rummytable.tools.match_specs import UNIFORM, MatchSpec, make_spec, mixed_spec, random_options


@pytest.mark.parametrize("game", sorted(GAMES))
def test_mixed_specs_cover_every_option_player_count_and_level(game: str) -> None:
    seen: dict[str, set[str]] = defaultdict(set)
    players: set[int] = set()
    seats: set[str] = set()
    for seed in range(300):
        spec = mixed_spec(game, seed)
        options_class(game).from_json(dict(spec.options))  # always valid
        assert spec.options["players"] == spec.players
        players.add(spec.players)
        seats.update(spec.seats)
        for name, value in spec.options.items():
            seen[name].add(json.dumps(value))
    entry = GAMES[game]
    assert players == set(range(entry.min_players, entry.max_players + 1))
    assert seats == {*LEVELS, UNIFORM}
    for item in options_class(game).schema():
        values = seen[item["name"]]
        if item["type"] == "bool":
            assert values == {"true", "false"}, item["name"]
        elif item["type"] == "choice":
            assert values == {json.dumps(c) for c in item["choices"]}, item["name"]
        else:
            assert len(values) >= 3, item["name"]
            if item.get("nullable"):
                assert "null" in values, item["name"]


def test_mixed_specs_follow_the_seed_alone() -> None:
    assert mixed_spec("tress", 17) == mixed_spec("tress", 17)
    assert len({json.dumps(mixed_spec("take", seed).to_json(), sort_keys=True) for seed in range(20)}) == 20


def test_take_targets_stay_within_the_cap() -> None:
    rng = random.Random(1)
    targets = [random_options("take", rng)["target"] for _ in range(200)]
    assert max(targets) <= 500 and min(targets) >= 50


def test_level_weights_and_uniform_share_steer_the_mix() -> None:
    specs = [mixed_spec("take", seed, {"easy": 1.0}, uniform_share=0.0) for seed in range(30)]
    assert {seat for spec in specs for seat in spec.seats} == {"easy"}
    assert all(mixed_spec("take", seed, uniform_share=1.0).uniform for seed in range(10))
    with pytest.raises(ValueError, match="expert"):
        mixed_spec("take", 1, {"expert": 1.0})


def test_make_spec_fills_players_and_seats() -> None:
    assert make_spec("tress", 3, {}, None).seats == (UNIFORM,) * 4
    assert make_spec("take", 3, {"players": 3}, ["easy"]).seats == ("easy",) * 3
    assert make_spec("take", 3, {}, ["easy", "hard"]).options["players"] == 2
    with pytest.raises(OptionsError, match="3 seats given for 2 players"):
        make_spec("take", 3, {"players": 2}, ["easy", "easy", "easy"])
    with pytest.raises(OptionsError):
        make_spec("take", 3, {"target": 1}, None)


def test_bots_have_no_wall_clock_cap_and_seeds_per_seat() -> None:
    bots = make_spec("take", 7, {}, ["hard", "easy"]).bots()
    assert [b.safety_ms for b in bots] == [float("inf")] * 2
    assert [b.seed for b in bots] == [70, 71]
    assert [b.level for b in bots] == ["hard", "easy"]
    with pytest.raises(ValueError, match="no bots"):
        make_spec("take", 7, {}, None).bots()


def _spec_from_command(command: str) -> tuple[MatchSpec, dict[str, Any]]:
    args = shlex.split(command)
    assert args[:5] == ["PYTHONPATH=py", "python3", "-m", "rummytable", "simulate"]
    flags: dict[str, Any] = {}
    rest = args[5:]
    while rest:
        flag = rest.pop(0)
        flags[flag] = True if flag == "--uniform" else rest.pop(0)
    seats = None if "--uniform" in flags else flags["--seats"].split(",")
    spec = make_spec(flags["--game"], int(flags["--seed"]), json.loads(flags["--options"]), seats)
    return spec, flags


@pytest.mark.parametrize("seed", range(6))
def test_the_command_names_exactly_the_spec(seed: int) -> None:
    spec = mixed_spec("tress" if seed % 2 else "take", seed, uniform_share=0.5)
    again, flags = _spec_from_command(spec.command(stop_at=12))
    assert again.to_json() == spec.to_json()
    assert flags["--stop-at"] == "12"
