"""Decision positions for measuring the computer players, and the ``decisions`` bench section.

:func:`decision_positions` plays seeded matches with normal computer players and keeps saved
positions where a seat must decide: Tress with four players, a sample of rounds 1-6 and,
under each round-7 contract (T-4: three sets and a run, or three runs), the positions of
round 7, where the hands are largest and the contract needs every card; Take with two and
four players. The same
positions are timed here in CPython (``python -m rummytable bench --section decisions``) and
in the page (``python build.py bench``, ``decision_positions_ms``), so the two can be compared.

Each level decides every position with its own work budget and safety net; the section
reports the decision time (median, p99, maximum in milliseconds of wall time, and the same of
the process's CPU time, which a busy machine does not inflate), the work units used and how
many decisions the safety clock cut short (target: none).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rummytable.ai import base as ai_base
from rummytable.ai import make_bot
from rummytable.ai.tress.policy import _SHARED
from rummytable.game import Phase
from rummytable.registry import game_class
from rummytable.tools.bench import BenchConfig, section, timing_summary
from rummytable.tools.tournament import new_game

LEVELS = ("easy", "normal", "hard")
"""The levels a person can play against."""


@dataclass(frozen=True)
class PositionSet:
    """One kind of position to measure: a game, its options and player count, and which to keep.

    :ivar label: the name in the report, e.g. ``"tress_round7_three_runs"``.
    :ivar from_round: the first round (Tress) or hand (Take) whose positions are kept.
    :ivar every: keep every n-th decision before ``all_from``; from ``all_from`` on, every one.
    """

    label: str
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    from_round: int
    every: int
    all_from: int


SETS = (
    PositionSet("tress_rounds_1_to_6", "tress", 4, (), 1, 9, 99),
    PositionSet("tress_round7_sets_and_run", "tress", 4, (("round7", "sets_and_run"),), 7, 1, 7),
    PositionSet("tress_round7_three_runs", "tress", 4, (("round7", "three_runs"),), 7, 1, 7),
    PositionSet("take_2_players", "take", 2, (), 1, 3, 99),
    PositionSet("take_4_players", "take", 4, (), 1, 3, 99),
)
"""What :func:`decision_positions` collects, in report order."""


@dataclass(frozen=True)
class DecisionCase:
    """A saved position where ``seat`` must act, as the bridge's ``load`` takes it.

    :ivar position: the game's save text. :ivar options: the match options (JSON).
    """

    label: str
    game: str
    players: int
    options: dict[str, Any]
    position: str
    seat: int


def decision_positions(per_set: int, seed: int = 1) -> Iterator[DecisionCase]:
    """Yield up to ``per_set`` positions of each :data:`SETS` entry from seeded normal-level play.

    A set plays matches from ``seed`` on until it has its positions (at most 20 matches).
    """
    for entry in SETS:
        options = dict(entry.options)
        kept = 0
        for match_seed in range(seed, seed + 20):
            if kept >= per_set:
                break
            game = new_game(entry.game, options, match_seed, entry.players)
            bots = [make_bot(entry.game, "normal", match_seed * 10 + s, float("inf")) for s in range(entry.players)]
            log: list[dict[str, Any]] = list(getattr(game, "public_log", []))
            step = 0
            while game.phase is not Phase.MATCH_OVER and kept < per_set and step < 5000:
                seat = game.to_move
                if seat is None:
                    break
                view = game.view(seat)
                number = int(view.get("round", 1))  # Tress round or Take hand
                playing = view.get("phase") in ("draw", "claim", "play")
                if playing and number >= entry.from_round and (number >= entry.all_from or step % entry.every == 0):
                    yield DecisionCase(entry.label, entry.game, entry.players, options, game.save(), seat)
                    kept += 1
                decision = bots[seat].decide(view, log)
                log.extend(event.for_seat(None) for event in game.apply_json(decision.action))
                step += 1


def time_decisions(cases: list[DecisionCase], level: str) -> dict[str, Any]:
    """Let ``level`` decide every case once with its real safety net; times, work units and cut-short count."""
    # Every level starts from an empty evaluation cache: its figures do not depend on
    # which level was measured before it (the cold cache is the slow case).
    _SHARED.clear()
    samples: list[int] = []
    cpu: list[int] = []
    units: list[int] = []
    cut = 0
    budgets: list[ai_base.Budget] = []
    for case in cases:
        game = game_class(case.game).load(case.position)
        bot = make_bot(case.game, level, 7)
        real = bot.budget

        def recorded(real: Any = real) -> ai_base.Budget:
            budgets.append(real())
            return budgets[-1]

        bot.budget = recorded  # type: ignore[method-assign]
        view = game.view(case.seat)
        started, started_cpu = time.perf_counter_ns(), time.process_time_ns()
        decision = bot.decide(view, list(getattr(game, "public_log", [])))
        samples.append(time.perf_counter_ns() - started)
        cpu.append(time.process_time_ns() - started_cpu)
        units.append(budgets[-1].used)
        cut += decision.cut_short
    ordered = sorted(units)
    return {**{k.replace("_us", "_ms"): round(v / 1000, 2) for k, v in timing_summary(samples).items()},
            **{"cpu_" + k.replace("_us", "_ms"): round(v / 1000, 2) for k, v in timing_summary(cpu).items()},
            "count": len(samples), "cut_short": cut,
            "units_median": ordered[len(ordered) // 2] if ordered else 0, "units_max": ordered[-1] if ordered else 0}


@section("decisions")
def bench_decisions(config: BenchConfig) -> dict[str, Any]:
    """Decision times per level on :func:`decision_positions` (ms), with work units and cut-short counts."""
    cases = list(decision_positions(4 if config.quick else 40, config.seed))
    result: dict[str, Any] = {}
    for entry in SETS:
        chosen = [case for case in cases if case.label == entry.label]
        result[entry.label] = {level: time_decisions(chosen, level) for level in LEVELS}
    return result
