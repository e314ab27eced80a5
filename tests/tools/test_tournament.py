"""``python -m rummytable tournament``: duplicate deals, the report's shape and its statistics."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rummytable.tools import tournament
from rummytable.tools.tournament import Job, MatchResult, make_jobs, summarize, wilson

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4)
    assert hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_four_hundred_matches_give_an_interval_within_five_points() -> None:
    lo, hi = wilson(200, 400)
    assert hi - lo <= 0.10


def test_duplicate_deals_rotate_the_seats() -> None:
    jobs = make_jobs("take", 2, ["hard", "normal"], 4, 7, {})
    assert [job.deal_seed for job in jobs] == [7, 7, 8, 8]
    assert [job.levels for job in jobs] == [("hard", "normal"), ("normal", "hard")] * 2
    # A bot keeps its seed when it changes seat within a deal.
    assert jobs[0].bot_seeds[0] == jobs[1].bot_seeds[1]
    three = make_jobs("tress", 3, ["hard", "normal", "easy"], 3, 1, {})
    assert [job.levels for job in three] == [("hard", "normal", "easy"), ("easy", "hard", "normal"),
                                             ("normal", "easy", "hard")]


def test_summary_counts_a_shared_win_as_a_fraction() -> None:
    def job(levels: tuple[str, ...]) -> Job:
        return Job("take", 2, {}, 1, levels, (1, 2), None)

    results = [
        (job(("hard", "normal")), MatchResult([510, 300], [0], True, [[1.0, 3.0], [2.0]], cut_short=[1, 0])),
        (job(("normal", "hard")), MatchResult([505, 505], [0, 1], True, [[2.0], [5.0]], cut_short=[0, 2])),
    ]
    report = summarize("take", 2, results)
    rows = {row["bot"]: row for row in report["bots"]}
    assert rows["hard"]["wins"] == 1.5
    assert rows["normal"]["wins"] == 0.5
    assert rows["hard"]["win_rate"] == 0.75
    assert rows["hard"]["matches"] == 2
    assert rows["hard"]["mean_score"] == 507.5
    assert report["decision_ms"]["hard"] == {"median": 3.0, "p99": 5.0, "max": 5.0, "cut_short": 3}
    assert report["decision_ms"]["normal"]["cut_short"] == 0
    assert [row["bot"] for row in report["bots"]] == ["hard", "normal"]


def test_cli_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    code = tournament.main(["--game", "take", "--players", "2", "--seats", "easy,random", "--games", "4",
                            "--seed", "3", "--options", '{"target": 100}', "--json"])
    assert code == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert set(report) == {"game", "players", "games", "unfinished", "bots", "decision_ms"}
    assert (report["game"], report["players"], report["games"]) == ("take", 2, 4)
    assert {row["bot"] for row in report["bots"]} == {"easy", "random"}
    for row in report["bots"]:
        assert set(row) == {"bot", "matches", "wins", "win_rate", "ci95", "mean_score"}
        assert row["matches"] == 4
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    assert sum(row["wins"] for row in report["bots"]) == pytest.approx(4 - report["unfinished"])
    assert set(report["decision_ms"]["easy"]) == {"median", "p99", "max", "cut_short"}
    assert "4/4 matches" in captured.err


def test_cli_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament.main(["--game", "take", "--players", "2", "--seats", "normal,easy", "--games", "2",
                            "--options", '{"target": 60}', "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[0] == "take, 2 players, 2 matches"
    assert lines[1].split()[:3] == ["bot", "matches", "wins"]
    assert {line.split()[0] for line in lines[2:]} == {"normal", "easy"}


@pytest.mark.parametrize(("args", "message"), [
    (["--seats", "easy"], "names 1 seats for 2 players"),
    (["--seats", "easy,expert"], "no 'expert' bot"),
    (["--seats", "easy,easy", "--options", '{"target": 1}'], "target"),
    (["--seats", "easy,easy", "--options", "[1]"], "must be a JSON object"),
])
def test_cli_rejects_bad_arguments(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        tournament.main(["--game", "take", "--players", "2", "--games", "1", *args])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start processes; CPython runs this")
def test_module_entry_point_runs_the_tournament() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummytable", "tournament", "--game", "take", "--players", "3",
         "--seats", "normal,easy,random", "--games", "3", "--seed", "2", "--options", '{"target": 80}',
         "--json", "--quiet", "--workers", "2"],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["players"] == 3
    assert report["games"] == 3
    assert sum(row["matches"] for row in report["bots"]) == 9
