"""Golden transcripts: each game's seeded match per level replays to exactly the public log in tests/golden/.

A failure here means the play changed. When the change is intended, regenerate the
files with one command (from the repository root) and review the diff::

    PYTHONPATH=py python3 -m rummytable simulate --golden tests/golden --write

Bots play without the safety clock (``safety_ms=float("inf")``), so the logs never
depend on the machine's speed. Inside Pyodide (several times slower) each match is
compared over its first :data:`PYODIDE_ACTIONS` actions: the same play, on another
interpreter.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pyodide_scale import IN_PYODIDE

from rummytable.tools.golden import GOLDEN, REGENERATE, GoldenError, dumps, first_difference, load, main, record
from rummytable.tools.match_specs import MatchSpec

FOLDER = Path(__file__).resolve().parents[1] / "golden"

PYODIDE_ACTIONS = 12
"""Actions of each golden match replayed inside Pyodide (hard's decisions are slow there)."""


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_match_replays_to_its_golden_log(name: str) -> None:
    expected = load(FOLDER / f"{name}.json")
    actual = record(GOLDEN[name], actions=PYODIDE_ACTIONS if IN_PYODIDE else None)
    difference = first_difference(expected, actual, prefix=IN_PYODIDE)
    assert difference is None, f"{name}: {difference}\nIf the change of play is intended: {REGENERATE}"


def test_every_game_has_a_golden_match_per_level_and_no_file_is_stale() -> None:
    assert sorted(GOLDEN) == sorted(f"{game}-{level}" for game in ("take", "tress")
                                    for level in ("random", "easy", "normal", "hard"))
    for name, spec in GOLDEN.items():
        game, level = name.split("-")
        assert (spec.game, set(spec.seats)) == (game, {level})
    assert sorted(p.stem for p in FOLDER.glob("*.json")) == sorted(GOLDEN)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_files_hold_whole_matches(name: str) -> None:
    data = load(FOLDER / f"{name}.json")
    kinds = [event["kind"] for event in data["log"]]
    assert kinds[0] == "dealt" and kinds[-1] == "match_over"
    assert data["winners"] and data["regenerate"] == REGENERATE
    assert (FOLDER / f"{name}.json").read_text(encoding="utf-8") == dumps(data)


SMALL = MatchSpec("take", 2, {"players": 2, "target": 50}, ("easy", "easy"))


def test_first_difference_names_the_event_its_round_and_both_versions() -> None:
    good = record(SMALL)
    assert first_difference(good, good) is None
    bad = json.loads(json.dumps(good))
    bad["log"][5] = {**bad["log"][5], "seat": 9}
    message = first_difference(bad, good)
    assert message is not None
    assert message.startswith(f"event 6 of {len(good['log'])} (round 1) differs, after ")
    assert '"seat": 9' in message.split("\n")[1] and message.split("\n")[1].startswith("  expected ")
    assert message.split("\n")[2].startswith("  actual   ")


def test_first_difference_reports_another_match_a_longer_log_and_the_totals() -> None:
    good = record(SMALL)
    assert "another match: seed 3" in (first_difference({**good, "seed": 3}, good) or "")
    shorter = {**good, "log": good["log"][:-1]}
    assert f"the log has {len(good['log'])} events, the file {len(good['log']) - 1}" in (
        first_difference(shorter, good) or "")
    assert "scores: expected" in (first_difference({**good, "scores": [0, 0]}, good) or "")
    start = record(SMALL, actions=10)
    assert start["actions"] == 10 and len(start["log"]) < len(good["log"])
    assert first_difference(good, start, prefix=True) is None
    assert first_difference(good, start) is not None


def test_the_command_checks_and_writes_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("rummytable.tools.golden.GOLDEN", {"small": SMALL})
    assert main(str(tmp_path)) == 1
    assert "small.json: error:" in capsys.readouterr().out
    assert main(str(tmp_path), write=True) == 0
    assert (tmp_path / "small.json").exists()
    assert main(str(tmp_path)) == 0
    assert "small.json: agrees" in capsys.readouterr().out
    data = load(tmp_path / "small.json")
    data["log"][3]["kind"] = "changed"
    (tmp_path / "small.json").write_text(dumps(data), encoding="utf-8")
    assert main(str(tmp_path), quiet=True) == 1
    assert "small.json: differs: event 4 of" in capsys.readouterr().out


def test_a_corrupt_golden_file_is_rejected_with_the_command_to_fix_it(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text("[1]", encoding="utf-8")
    with pytest.raises(GoldenError, match="not a golden transcript"):
        load(tmp_path / "x.json")
    with pytest.raises(GoldenError, match="--golden tests/golden --write"):
        load(tmp_path / "missing.json")
