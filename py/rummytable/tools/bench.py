"""Speed measurements: ``python -m rummytable bench [--json] [--hands N] [--seed S] [--quick]``.

Benchmarks are *sections*: a function taking a :class:`BenchConfig` and returning a
JSON-ready dict, registered under a name with ``@section("name")``. A section that
raises ImportError (a module left out of a build) is reported in its result
(``{"skipped": "..."}``) and the others still run.
All times come from :func:`time.perf_counter_ns` and are reported in microseconds.
"""

from __future__ import annotations

import importlib
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rummytable.cards import Card, build_deck
from rummytable.game import Phase
from rummytable.take.game import TakeGame
from rummytable.tress.game import LAY_DOWN_LIMIT, TressGame
from rummytable.tress.solver import TRESS_CONTRACTS, MeldRules, can_meet, lay_downs


@dataclass(frozen=True)
class BenchConfig:
    """What the sections measure: ``hands`` samples per case, ``seed`` for the deals, ``quick`` for a smoke run."""

    hands: int
    seed: int
    quick: bool


Section = Callable[[BenchConfig], dict[str, Any]]
SECTIONS: dict[str, Section] = {}
"""Registered sections by name, in registration order (the order of the report)."""


def section(name: str) -> Callable[[Section], Section]:
    """Register a benchmark section under ``name`` (a decorator)."""

    def register(func: Section) -> Section:
        SECTIONS[name] = func
        return func

    return register


def timing_summary(samples_ns: Sequence[int]) -> dict[str, float]:
    """Median, 99th percentile and maximum of ``samples_ns`` (nanoseconds) in microseconds."""
    if not samples_ns:
        return {"median_us": 0.0, "p99_us": 0.0, "max_us": 0.0}
    ordered = sorted(samples_ns)
    p99 = ordered[min(len(ordered) - 1, (len(ordered) * 99) // 100)]
    return {
        "median_us": round(ordered[len(ordered) // 2] / 1000, 2),
        "p99_us": round(p99 / 1000, 2),
        "max_us": round(ordered[-1] / 1000, 2),
    }


def machine_info() -> dict[str, str]:
    """Python version and implementation, platform and machine."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
    }


# ----------------------------------------------------------------------------- Tress solver


def tress_hands(round_no: int, count: int, seed: int) -> list[list[Card]]:
    """``count`` seeded Tress hands of round ``round_no``: its deal (6 + round, T-4) plus one drawn card.

    Cards come from two decks and four jokers (T-1).
    """
    deck = build_deck(2, 4)
    rng = random.Random(f"bench-tress-{seed}-{round_no}")
    return [rng.sample(deck, 7 + round_no) for _ in range(count)]


@section("tress_contract_check")
def bench_tress_contract_check(config: BenchConfig) -> dict[str, Any]:
    """Time :func:`rummytable.tress.solver.can_meet` per round 1..7 on seeded random hands (T-4 contracts)."""
    rules = MeldRules()
    rounds: dict[str, Any] = {}
    every: list[int] = []
    hits_total = 0
    for round_no, contract in TRESS_CONTRACTS.items():
        samples: list[int] = []
        hits = 0
        for hand in tress_hands(round_no, config.hands, config.seed):
            start = time.perf_counter_ns()
            hit = can_meet(hand, contract, rules)
            samples.append(time.perf_counter_ns() - start)
            hits += hit
        rounds[str(round_no)] = {**timing_summary(samples), "hands": len(samples),
                                 "hit_rate": round(hits / max(1, len(samples)), 4)}
        every.extend(samples)
        hits_total += hits
    overall = {**timing_summary(every), "hands": len(every), "hit_rate": round(hits_total / max(1, len(every)), 4)}
    return {"rounds": rounds, "overall": overall}


@section("tress_lay_downs")
def bench_tress_lay_downs(config: BenchConfig) -> dict[str, Any]:
    """Time :func:`rummytable.tress.solver.lay_downs` per round 1..7, capped as the engine lists them (T-6..T-9)."""
    rules = MeldRules()
    rounds: dict[str, Any] = {}
    every: list[int] = []
    count = max(1, config.hands // 4)
    for round_no, contract in TRESS_CONTRACTS.items():
        samples: list[int] = []
        found = 0
        for hand in tress_hands(round_no, count, config.seed):
            start = time.perf_counter_ns()
            listed = lay_downs(hand, contract, rules, limit=LAY_DOWN_LIMIT)
            samples.append(time.perf_counter_ns() - start)
            found += bool(listed)
        rounds[str(round_no)] = {**timing_summary(samples), "hands": len(samples),
                                 "hit_rate": round(found / max(1, len(samples)), 4)}
        every.extend(samples)
    return {"rounds": rounds, "overall": {**timing_summary(every), "hands": len(every)}}


# ----------------------------------------------------------------------------- Take engine


@section("take_random_matches")
def bench_take_random_matches(config: BenchConfig) -> dict[str, Any]:
    """Full Take matches (K-1..K-19, target 500, dead-stock option on) played by uniformly random
    legal actions, per second.

    Reports, for 2 and 4 players, matches per second, actions per second and the time of
    one ``legal_actions`` + ``apply`` step.
    """
    results: dict[str, Any] = {}
    matches = 1 if config.quick else max(2, min(20, config.hands // 500))
    for players in (2, 4):
        rng = random.Random(f"bench-take-{config.seed}-{players}")
        steps: list[int] = []
        start_all = time.perf_counter_ns()
        for index in range(matches):
            # Random players can leave only unmeldable cards in play, which under the rule book
            # alone is a hand without end; the dead-stock option (K-19) ends such a hand.
            game = TakeGame.new({"players": players, "dead_stock_ends_hand": True}, config.seed * 1000 + index)
            while game.phase is not Phase.MATCH_OVER:
                seat = game.to_move
                assert seat is not None
                start = time.perf_counter_ns()
                game.apply(rng.choice(game.legal_actions(seat)))
                steps.append(time.perf_counter_ns() - start)
        seconds = (time.perf_counter_ns() - start_all) / 1e9
        results[f"{players}p"] = {"matches": matches, "matches_per_s": round(matches / seconds, 2),
                                  "actions_per_s": round(len(steps) / seconds, 1),
                                  "step": timing_summary(steps)}
    return results


@section("take_legal_plays")
def bench_take_legal_plays(config: BenchConfig) -> dict[str, Any]:
    """Time ``legal_actions`` in a crowded Take position: ten sequences on the table and an
    eight-card hand holding both jokers (every lay-down and extension, K-9..K-13)."""
    game = TakeGame.from_faces(
        players=4,
        melds=[(1, "4H 5H 6H"), (2, "9H 10H JH"), (3, "QC KC AC"), (1, "AS 2S 3S"), (2, "5D 6D 7D"),
               (3, "3C 4C 5C"), (1, "9S 10S JS"), (2, "JD QD KD"), (3, "8C 9C 10C"), (1, "QH KH AH")],
        hands=["JK JK 7H 8H 5S 6S 8D 9D", "2D", "3D", "4D"])
    count = 0
    samples: list[int] = []
    for _ in range(max(1, config.hands // 20)):
        start = time.perf_counter_ns()
        count = len(game.legal_actions(0))
        samples.append(time.perf_counter_ns() - start)
    return {**timing_summary(samples), "runs": len(samples), "legal_actions": count}


# ----------------------------------------------------------------------------- Tress engine


@section("tress_random_matches")
def bench_tress_random_matches(config: BenchConfig) -> dict[str, Any]:
    """Full 4-player Tress matches (T-1..T-21, seven rounds) of uniformly random legal actions, per second.

    Each step picks uniformly among the legal actions of every seat, so out-of-turn calls
    of "take it" (T-16) are included. Reports matches and actions per second over N seeded
    matches and the time of one all-seats ``legal_actions`` + ``apply`` step.
    """
    matches = 1 if config.quick else max(2, min(20, config.hands // 500))
    rng = random.Random(f"bench-tress-{config.seed}")
    steps: list[int] = []
    start_all = time.perf_counter_ns()
    for index in range(matches):
        game = TressGame.new({"players": 4}, config.seed * 1000 + index)
        while game.phase is not Phase.MATCH_OVER:
            start = time.perf_counter_ns()
            actions = [a for seat in range(game.num_players) for a in game.legal_actions(seat)]
            game.apply(rng.choice(actions))
            steps.append(time.perf_counter_ns() - start)
    seconds = (time.perf_counter_ns() - start_all) / 1e9
    return {"players": 4, "matches": matches, "matches_per_s": round(matches / seconds, 2),
            "actions_per_s": round(len(steps) / seconds, 1), "step": timing_summary(steps)}


# ----------------------------------------------------------------------------- command


SECTION_MODULES = ("rummytable.tools.bench_decisions", "rummytable.tools.bench_take_model")
"""Modules whose import registers further sections (imported by :func:`run`, after this one)."""


def run(config: BenchConfig, names: Sequence[str] | None = None) -> dict[str, Any]:
    """Run the named sections (all when ``names`` is None) and return the full report."""
    for module in SECTION_MODULES:
        importlib.import_module(module)
    results: dict[str, Any] = {}
    for name, func in SECTIONS.items():
        if names is not None and name not in names:
            continue
        try:
            results[name] = func(config)
        except ImportError as exc:
            results[name] = {"skipped": f"not available: {exc}"}
    return {
        "machine": machine_info(),
        "config": {"hands": config.hands, "seed": config.seed, "quick": config.quick},
        "sections": results,
    }


def _table(report: dict[str, Any]) -> str:
    lines = [f"{report['machine']['implementation']} {report['machine']['python']} "
             f"on {report['machine']['platform']}",
             f"hands={report['config']['hands']} seed={report['config']['seed']}"]
    for name, result in report["sections"].items():
        lines.append("")
        lines.append(name)
        lines.extend(_rows(result, "  "))
    return "\n".join(lines)


def _rows(data: dict[str, Any], indent: str) -> list[str]:
    rows: list[str] = []
    flat = {k: v for k, v in data.items() if not isinstance(v, dict)}
    if flat:
        rows.append(indent + "  ".join(f"{k}={v}" for k, v in flat.items()))
    for key, value in data.items():
        if isinstance(value, dict):
            nested = _rows(value, indent + "  ")
            if len(nested) == 1:
                rows.append(f"{indent}{key:>8}: {nested[0].strip()}")
            else:
                rows.append(f"{indent}{key}:")
                rows.extend(nested)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; prints the report (JSON with ``--json``) and returns 0."""
    # Imported here, not at the top: the page's standard library leaves argparse out, and the
    # page bench runs sections (the search model's) inside the page.
    import argparse

    parser = argparse.ArgumentParser(prog="python -m rummytable bench", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--hands", type=int, default=None, help="samples per case (default 10000, quick 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the deals")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    for module in SECTION_MODULES:
        importlib.import_module(module)
    parser.add_argument("--section", action="append", choices=sorted(SECTIONS), help="run only these sections")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    hands = args.hands if args.hands is not None else (200 if args.quick else 10_000)
    report = run(BenchConfig(hands=max(1, hands), seed=args.seed, quick=args.quick), args.section)
    print(json.dumps(report, sort_keys=False) if args.json else _table(report))
    return 0
