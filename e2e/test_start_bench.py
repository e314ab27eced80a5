"""Smoke test of the start-up measurements behind `python build.py bench`: the bare baseline page works
and the targets are read from the JSON as intended (timings are never asserted)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import start_bench
from harness import wait_ready
from sites import counting_site


def test_bare_baseline_page_starts_pyodide(browser: Any, tmp_path: Path) -> None:
    folder = start_bench.make_bare_site(tmp_path / "bare")
    assert (folder / "pyodide").is_dir() and list(folder.rglob("*.wasm.gz"))
    with counting_site(tmp_path, folder) as site:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(site.url)
            wait_ready(page)
            assert float(page.evaluate(start_bench.READY_MARK)) > 0
        finally:
            context.close()
        # The full standard library, as npm ships it: the baseline is plain Pyodide.
        assert any(path.endswith("python_stdlib.zip") for path in site.bodies())


def test_targets_compare_each_figure_with_its_goal_and_carry_the_ratio() -> None:
    measurements = {
        "load_cold_ms": {"median": 1500.0, "ratio": 0.3},
        "load_warm_ms": {"median": 1200.0, "ratio": 0.2},
        "first_visit_bytes": {"app": {"profile": {"bytes": 5_000_000},
                                      "private_window": {"bytes": 5_000_000, "most_fetches_of_a_file": 2}},
                              "ratio": 0.8, "private_window_ratio": 0.4},
    }
    goals = start_bench.targets(measurements)
    assert goals["engine_ready_cold_ms"] == {"value": 1500.0, "target": 2000, "met": True, "unit": "ms",
                                             "ratio_to_bare": 0.3}
    assert goals["engine_ready_warm_ms"]["met"] is False
    assert goals["first_visit_wire_bytes"]["met"] is True
    assert goals["private_window_most_fetches_of_a_file"]["met"] is False
    assert "slow_link_cold_ms" not in goals  # not measured, not reported
    assert set(goals) <= set(start_bench.TARGETS)
