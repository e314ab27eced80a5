"""The bench command: it runs and reports JSON with the expected sections (never timings asserted)."""

from __future__ import annotations

import json

import pytest

from rummytable.tools import bench


def test_bench_quick_json_has_the_solver_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--json", "--quick", "--hands", "20", "--section", "tress_contract_check",
                       "--section", "tress_lay_downs"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"machine", "config", "sections"}
    assert report["machine"]["implementation"]
    assert report["config"] == {"hands": 20, "seed": 1, "quick": True}
    check = report["sections"]["tress_contract_check"]
    assert sorted(check["rounds"]) == [str(r) for r in range(1, 8)]
    for row in [*check["rounds"].values(), check["overall"]]:
        assert set(row) == {"median_us", "p99_us", "max_us", "hands", "hit_rate"}
        assert 0 <= row["hit_rate"] <= 1
    assert check["overall"]["hands"] == 7 * 20
    best = report["sections"]["tress_lay_downs"]
    assert sorted(best["rounds"]) == [str(r) for r in range(1, 8)]
    assert {"median_us", "p99_us", "max_us", "hands"} <= set(best["overall"])


def test_bench_quick_runs_every_section_and_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--json", "--quick", "--hands", "5"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {"tress_contract_check", "tress_lay_downs"} <= set(report["sections"])
    assert bench.main(["--quick", "--hands", "5", "--section", "tress_contract_check"]) == 0
    text = capsys.readouterr().out
    assert "tress_contract_check" in text
    assert "median_us" in text


def test_sections_register_by_decorator() -> None:
    @bench.section("example_section")
    def example(config: bench.BenchConfig) -> dict[str, int]:
        return {"hands": config.hands}

    try:
        report = bench.run(bench.BenchConfig(hands=3, seed=0, quick=True), ["example_section"])
        assert report["sections"] == {"example_section": {"hands": 3}}
    finally:
        del bench.SECTIONS["example_section"]
