"""Smoke test of the page measurements behind `python build.py bench`: tiny counts, only the shape of the
JSON is checked (timings depend on the machine and are never asserted)."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import page_bench

import build

STATS_KEYS = {"count", "median", "p99", "mean", "min", "max", "unit"}


def test_page_bench_reports_every_measurement(browser: Any, site_url: str) -> None:
    ctx = build.BenchContext(url=site_url, playwright=SimpleNamespace(chromium=browser.browser_type),
                             browser=browser, runs=1)
    results = {
        "start_screen_ms": page_bench.bench_start_screen(ctx),
        "play_to_table_ms": page_bench.bench_play_to_table(ctx),
        "person_move_ms": page_bench.bench_person_move(ctx, moves=3),
        "decision_ms": page_bench.bench_decisions(ctx, decisions=2, budget_s=30),
        "watch_main_thread": page_bench.bench_watch_main_thread(ctx, seconds=2),
        "memory": page_bench.bench_memory(ctx, matches=2, target=50),
        "decision_positions_ms": page_bench.bench_decision_positions(ctx, per_set=1),
        "pace_wait_ms": page_bench.bench_pace(ctx, waits=1, speeds=("normal",), compare=False),
        "search_model_us": page_bench.bench_search_model(ctx, positions=6, playouts=4),
    }
    json.dumps(results, allow_nan=False)  # plain JSON data

    start = results["start_screen_ms"]
    assert start["cold"].keys() >= STATS_KEYS and start["warm"].keys() >= STATS_KEYS
    assert start["cold"]["count"] == start["warm"]["count"] == 1

    play = results["play_to_table_ms"]
    assert play.keys() >= STATS_KEYS and play["count"] == 1
    assert play["hand_cards"] > 0

    for game, players in page_bench.GAMES:
        person = results["person_move_ms"][game]
        assert person["players"] == players
        assert person["act"]["count"] == person["state"]["count"] == 3
        levels = results["decision_ms"][game]
        for level in page_bench.LEVELS:
            assert STATS_KEYS | {"matches", "cut_short"} <= levels[level].keys()
            assert levels[level]["count"] == 2

    positions = results["decision_positions_ms"]
    assert isinstance(positions["cut_short"], int)
    for level in page_bench.LEVELS:
        assert positions["all"][level]["count"] == 5  # one position of each set
        assert positions["tress_round7_three_runs"][level].keys() >= STATS_KEYS | {"cut_short"}
    goals = page_bench.targets(results)
    assert {"decision_p99_ms.hard", "cut_short_decisions"} <= goals.keys()
    watch = results["watch_main_thread"]
    assert watch["seconds"] == 2 and watch["unit"] == "ms"
    assert watch["over_50ms"] >= len(watch["longest_tasks_ms"])
    assert watch["longest_ms"] == max(watch["longest_tasks_ms"], default=0.0)

    for kind in ("normal", "normal_hard"):
        pace = results["pace_wait_ms"][kind]
        assert len(pace["runs"]) == 1 and pace["median"] == pace["runs"][0] > 0
        assert isinstance(pace["asked"], int)

    memory = results["memory"]
    assert memory["matches"] == 2 and memory["bot_steps"] > 0
    for snapshot in (memory["after_first"], memory["after_last"]):
        assert snapshot.keys() == {"page_js", "worker_js", "wasm", "python_objects"}
        assert all(isinstance(value, float) and value > 0 for value in snapshot.values())
    assert isinstance(memory["growth_mb"], float)

    take, tress = results["search_model_us"]["take"], results["search_model_us"]["tress"]
    assert take["positions"] == 6 and take["playout"]["playouts"] == 4
    assert tress["positions"] == 3 and tress["playout"]["playouts"] == 1
    for model in (take, tress):
        assert model["engine_turn"]["mean_us"] > 0 and model["model_turn"]["mean_us"] > 0

    goals = page_bench.targets({**results, "load_cold_ms": {"median": 2500.0}, "load_warm_ms": {"median": 2500.0}})
    assert goals.keys() == page_bench.TARGETS.keys() | page_bench.AT_LEAST.keys()
    for name, goal in goals.items():
        assert goal.keys() == {"value", "target", "met", "unit"}
        if name in page_bench.AT_LEAST:
            assert goal["met"] == (goal["value"] >= page_bench.AT_LEAST[name])
        else:
            assert goal["met"] == (goal["value"] < page_bench.TARGETS[name])
    assert goals["engine_ready_warm_ms"]["met"] is False


def test_percentile_is_nearest_rank() -> None:
    samples = [float(n) for n in range(1, 101)]
    assert page_bench.percentile(samples, 0.99) == 99.0
    assert page_bench.percentile(samples, 0.5) == 50.0
    assert page_bench.percentile([7.0], 0.99) == 7.0
    assert page_bench.stats([]) == {"count": 0, "unit": "ms"}
