"""``python -m rummytable simulate``: checked play, the report, reproductions of failures, unfinished matches."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rummytable.game import Event, Game
from rummytable.page.session import game_class
from rummytable.tools import simulate
from rummytable.tools.invariants import InvariantError
from rummytable.tools.invariants import check_step as real_check_step
from rummytable.tools.match_specs import make_spec
from rummytable.tools.simulate import CRASH, FAILED, FINISHED, STOPPED, UNFINISHED, play, steps_of

ROOT = Path(__file__).resolve().parents[2]

SHORT_TAKE = ["--game", "take", "--options", '{"target": 50}', "--quiet"]


def report_of(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, dict[str, Any]]:
    code = simulate.main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_uniform_take_matches_finish_with_every_check_passing(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = report_of(capsys, [*SHORT_TAKE, "--matches", "2", "--seed", "3", "--players", "2"])
    assert code == 0 and report["ok"]
    assert set(report) == {"ok", "matches", "steps", "finished", "seconds", "games", "failures", "unfinished"}
    row = report["games"]["take"]
    assert (report["matches"], report["finished"], row["uniform"], row["failures"]) == (2, 2, 2, 0)
    assert row["steps"] == report["steps"] > 0
    assert row["players"] == {"2": 2}


def test_bot_seats_play_a_tress_match_with_claims() -> None:
    spec = make_spec("tress", 2, {"players": 3}, ["easy", "normal", "easy"])
    outcome = play(spec, max_steps=150)
    assert outcome.status == UNFINISHED and outcome.steps == 150 and outcome.failure is None


def test_a_finished_match_is_the_same_every_time() -> None:
    spec = make_spec("take", 3, {"players": 2, "target": 50}, None)
    first = play(spec, keep_position=True)
    again = play(spec, keep_position=True)
    assert first.status == FINISHED
    assert first.steps == again.steps and first.position == again.position


def _planted(seed: int, step: int) -> Any:
    """A check_step that reports a broken invariant in match ``seed`` after ``step`` actions."""

    def check_step(game: Game, events: Any = ()) -> None:
        if game.to_position()["seed"] == seed and len(game.history) == step:
            raise InvariantError("cards", "planted: a card went missing")
        real_check_step(game, events)

    return check_step


def test_a_broken_invariant_is_reported_with_seed_step_and_a_replay(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate, "check_step", _planted(seed=12, step=7))
    code, report = report_of(capsys, [*SHORT_TAKE, "--matches", "3", "--seed", "11", "--max-steps", "40"])
    assert code == 1 and not report["ok"]
    assert report["games"]["take"]["failures"] == 1
    [failure] = report["failures"]
    assert {k: failure[k] for k in ("game", "seed", "step", "check", "message")} == {
        "game": "take", "seed": 12, "step": 7, "check": "cards", "message": "planted: a card went missing"}
    assert failure["options"] == {"target": 50, "players": 2}
    assert failure["seats"] == ["uniform", "uniform"]
    args = shlex.split(failure["command"])
    assert args[:5] == ["PYTHONPATH=py", "python3", "-m", "rummytable", "simulate"]
    assert args[args.index("--seed") + 1] == "12" and args[args.index("--stop-at") + 1] == "7"
    # The command replays that match to that step, and the failure comes back.
    code, again = report_of(capsys, [*args[5:], "--quiet"])
    assert code == 1
    assert [(f["seed"], f["step"], f["check"]) for f in again["failures"]] == [(12, 7, "cards")]
    assert args[args.index("--matches") + 1] == "1"
    code, before = report_of(capsys, [*args[5:-1], "6", "--quiet"])
    assert code == 0 and before["matches"] == 1 and before["steps"] == 6


def test_the_plain_report_shows_the_failure_and_its_command(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate, "check_step", _planted(seed=1, step=3))
    assert simulate.main([*SHORT_TAKE, "--matches", "1", "--max-steps", "10"]) == 1
    out = capsys.readouterr().out
    assert "FAILED take seed 1 step 3 [cards]: planted: a card went missing" in out
    assert "  replay: PYTHONPATH=py python3 -m rummytable simulate --game take --matches 1 --seed 1 " in out
    assert "--stop-at 3" in out


def test_a_crash_while_acting_names_the_action_being_made(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = make_spec("take", 4, {"target": 50}, ["easy", "easy"])
    from rummytable.ai.take import bots as take_bots

    calls = {"n": 0}
    real = take_bots.TakeEasyBot.decide

    def decide(self: Any, view: dict[str, Any], log: list[dict[str, Any]]) -> Any:
        calls["n"] += 1
        if calls["n"] == 5:
            raise KeyError("planted")
        return real(self, view, log)

    monkeypatch.setattr(take_bots.TakeEasyBot, "decide", decide)
    outcome = play(spec)
    assert outcome.status == FAILED and outcome.failure is not None
    assert (outcome.failure.check, outcome.failure.step) == (CRASH, 5)
    assert "KeyError" in outcome.failure.message and "planted" in outcome.failure.message


def test_an_exception_inside_a_check_is_a_crash_at_that_step(monkeypatch: pytest.MonkeyPatch) -> None:
    def check_step(game: Game, events: Any = ()) -> None:
        if len(game.history) == 2:
            raise ZeroDivisionError("planted")

    monkeypatch.setattr(simulate, "check_step", check_step)
    outcome = play(make_spec("take", 4, {}, None))
    assert outcome.failure is not None
    assert (outcome.failure.check, outcome.failure.step) == (CRASH, 2)
    assert outcome.failure.message == "checking the position: ZeroDivisionError: planted"


def test_unfinished_matches_are_listed_and_fail_only_when_strict(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = report_of(capsys, [*SHORT_TAKE, "--matches", "2", "--max-steps", "30"])
    assert code == 0 and report["ok"]
    assert report["games"]["take"]["unfinished"] == 2 and report["steps"] == 60
    assert [item["seed"] for item in report["unfinished"]] == [1, 2]
    assert all("--seed" in item["command"] and item["steps"] == 30 for item in report["unfinished"])
    code, strict = report_of(capsys, [*SHORT_TAKE, "--matches", "2", "--max-steps", "30", "--strict-end"])
    assert code == 1 and [f["check"] for f in strict["failures"]] == ["unfinished"] * 2


def test_stop_at_and_dump_write_the_position_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "position.json"
    code, report = report_of(capsys, ["--game", "tress", "--seed", "3", "--seats", "easy", "--stop-at", "25",
                                      "--matches", "1", "--dump", str(out), "--quiet"])
    assert code == 0 and report["games"]["tress"]["stopped"] == 1
    game = game_class("tress").load(out.read_text(encoding="utf-8"))
    assert len(game.history) == 25 and game.num_players == 4


def test_full_round_trips_every_n_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    tails: list[int | None] = []
    monkeypatch.setattr(simulate, "check_save_load", lambda game, tail=None: tails.append(tail))
    play(make_spec("take", 2, {}, None), max_steps=9, full_save_every=4)
    assert [t is None for t in tails] == [True, False, False, False, True, False, False, False, True, True]
    assert len(tails) == 10


def test_mixed_runs_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = report_of(capsys, ["--mixed", "--matches", "2", "--seed", "40", "--max-steps", "20",
                                      "--level-weights", "random=1,easy=1", "--quiet"])
    assert code == 0
    assert set(report["games"]) == {"tress", "take"}
    assert report["matches"] == 4 and report["steps"] == 80


@pytest.mark.parametrize(("args", "message"), [
    (["--mixed", "--players", "3"], "--mixed draws"),
    (["--seats", "expert"], "no 'expert' bot"),
    (["--options", "[1]"], "must be a JSON object"),
    (["--options", '{"target": 1}', "--game", "take"], "target"),
    (["--dump", "x.json", "--matches", "2"], "--dump needs --matches 1"),
    (["--write"], "--write needs --golden"),
    (["--mixed", "--level-weights", "easy"], "level=weight"),
])
def test_bad_arguments_exit_with_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        simulate.main(args)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_checks_run_on_the_dealt_position_too(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def check_step(game: Game, events: Any = ()) -> None:
        seen.append(len(game.history))
        assert isinstance(list(events), list)

    monkeypatch.setattr(simulate, "check_step", check_step)
    assert play(make_spec("take", 1, {}, None), max_steps=3).status == UNFINISHED
    assert seen == [0, 1, 2, 3]
    assert play(make_spec("take", 1, {}, None), stop_at=2).status == STOPPED


def test_scored_hands_get_a_full_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = make_spec("take", 6, {"players": 3, "target": 50}, None)
    game = spec.new_game()
    scored = [step for step, made in enumerate(steps_of(spec, game), start=1)
              if any(e.kind == "round_scored" for e in made.events)]
    calls: list[tuple[int, bool]] = []
    real = simulate.check_save_load

    def spy(game: Game, tail: int | None = None) -> None:
        calls.append((len(game.history), tail is None))
        real(game, tail)

    monkeypatch.setattr(simulate, "check_save_load", spy)
    outcome = play(spec)
    assert outcome.status == FINISHED and outcome.steps == len(game.history)
    assert len(scored) >= 2
    assert [step for step, whole in calls if whole] == [0, *scored]
    assert len(calls) == outcome.steps + 1


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start processes; CPython runs this")
def test_module_entry_point_runs_the_simulation() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummytable", "simulate", "--game", "take", "--matches", "2", "--max-steps", "15",
         "--json", "--quiet", "--workers", "2"],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["matches"] == 2 and report["steps"] == 30


def test_events_from_a_step_reach_the_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds: list[str] = []

    def check_step(game: Game, events: Any = ()) -> None:
        kinds.extend(e.kind for e in events if isinstance(e, Event))

    monkeypatch.setattr(simulate, "check_step", check_step)
    play(make_spec("take", 1, {}, None), max_steps=4)
    assert kinds and all(isinstance(k, str) for k in kinds)
