"""``python -m rummytable tournament``: computer players against each other, with statistics.

Example::

    python -m rummytable tournament --game take --players 2 --seats hard,normal \\
        --games 400 --seed 1 --json

Matches come in **duplicate deals**: deal ``d`` (game seed ``seed + d``) is played
once per rotation of the seats, so every bot plays every seat of the same cards and
luck of the deal cancels out. ``--games`` counts matches; use a multiple of
``--players`` so every deal is played in full.

Scoring of the table: a match's winners (``view["winners"]``) share one win, so a
shared win counts ``1/k`` for each of ``k`` winners. ``win_rate`` is wins over
matches played and ``ci95`` its 95 % Wilson interval (matches treated as
independent; duplicate deals make the true spread a little smaller, so the interval
is on the safe side). Bots of the same level at one table are pooled under one name.

A match that does not finish within ``MAX_ACTIONS`` actions is stopped and counted
as played with no winner (reported as ``unfinished``); with real bots it never happens.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from rummytable.ai import LEVELS, Bot, make_bot
from rummytable.game import Game, Phase
from rummytable.registry import game_class, options_class
from rummytable.tools.autoplay import CALL, IllegalBotAction, bot_steps

MAX_ACTIONS = 50_000
"""Safety stop for one match (a Take match between random players may never reach 500)."""

__all__ = ["CALL", "MAX_ACTIONS", "IllegalBotAction", "Job", "MatchResult", "make_jobs", "new_game", "play_match",
           "run_job", "summarize", "table", "wilson"]

@dataclass
class MatchResult:
    """What one match produced.

    :ivar scores: final cumulative points per seat.
    :ivar winners: winning seats (empty when unfinished).
    :ivar finished: the match reached MATCH_OVER.
    :ivar decision_ms: per seat, the wall-clock time of each ``decide`` call in ms.
    :ivar actions: number of actions applied.
    :ivar cut_short: per seat, how many of its decisions the safety clock cut short.
    """

    scores: list[int]
    winners: list[int]
    finished: bool
    decision_ms: list[list[float]] = field(default_factory=list)
    actions: int = 0
    cut_short: list[int] = field(default_factory=list)


def new_game(game: str, options: dict[str, Any] | None, seed: int, players: int) -> Game:
    """Start a match of ``game`` with JSON ``options`` (``players`` filled in) and ``seed``.

    :raises OptionsError: for invalid options.
    """
    opts = dict(options or {})
    opts.setdefault("players", players)
    parsed = options_class(game).from_json(opts)
    created: Game = game_class(game).new(parsed, seed)
    return created


def play_match(game: Game, bots: list[Bot], max_actions: int = MAX_ACTIONS) -> MatchResult:
    """Play ``game`` to the end with ``bots[seat]`` deciding for each seat (see
    :func:`~rummytable.tools.autoplay.bot_steps`).

    Each bot sees only ``game.view(seat)`` and the public log. Out-of-turn "take it"
    calls (Tress) are offered to every seat that may call, once per discard, and made
    in order of the bots' reaction delays (ties: the seat nearer the drawer first).

    :raises IllegalBotAction: when a bot picks an action that is not legal now.
    """
    times: list[list[float]] = [[] for _ in bots]
    cut = [0] * len(bots)
    count = 0
    for step in bot_steps(game, bots):
        if step.decision_ms is not None:
            times[step.seat].append(step.decision_ms)
        cut[step.seat] += step.cut_short
        count += 1
        if count >= max_actions:
            break
    final = game.view(0)
    finished = game.phase is Phase.MATCH_OVER
    return MatchResult(list(final["scores"]), list(final["winners"]) if finished else [], finished, times, count,
                       cut)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval ``(lo, hi)`` for ``wins`` successes in ``n`` trials (0..1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Job:
    """One match of a tournament: deal seed, seat levels (already rotated) and bot seeds."""

    game: str
    players: int
    options: dict[str, Any]
    deal_seed: int
    levels: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    safety_ms: float | None


def run_job(job: Job) -> tuple[Job, MatchResult]:
    """Play one tournament match (top-level so that worker processes can run it)."""
    game = new_game(job.game, job.options, job.deal_seed, job.players)
    bots = [make_bot(job.game, lv, s, job.safety_ms) for lv, s in zip(job.levels, job.bot_seeds)]
    return job, play_match(game, bots)


def make_jobs(game: str, players: int, seats: list[str], games: int, seed: int,
              options: dict[str, Any], safety_ms: float | None = None) -> list[Job]:
    """Return the ``games`` matches: deal ``d = i // players`` with the seats rotated by ``i % players``."""
    jobs = []
    for i in range(games):
        deal, shift = divmod(i, players)
        levels = tuple(seats[(s - shift) % players] for s in range(players))
        # A bot keeps its seed across the rotations of one deal: only its seat changes.
        bot_seeds = tuple(seed * 7919 + deal * 31 + (s - shift) % players for s in range(players))
        jobs.append(Job(game, players, options, seed + deal, levels, bot_seeds, safety_ms))
    return jobs


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def summarize(game: str, players: int, results: list[tuple[Job, MatchResult]]) -> dict[str, Any]:
    """Build the JSON report from finished matches (see the module docstring for the fields)."""
    wins: dict[str, float] = {}
    played: dict[str, int] = {}
    points: dict[str, list[int]] = {}
    times: dict[str, list[float]] = {}
    cut: dict[str, int] = {}
    unfinished = 0
    for job, result in results:
        unfinished += not result.finished
        for seat, level in enumerate(job.levels):
            played[level] = played.get(level, 0) + 1
            points.setdefault(level, []).append(result.scores[seat])
            times.setdefault(level, []).extend(result.decision_ms[seat])
            cut[level] = cut.get(level, 0) + (result.cut_short[seat] if result.cut_short else 0)
            if seat in result.winners:
                wins[level] = wins.get(level, 0.0) + 1.0 / len(result.winners)
            else:
                wins.setdefault(level, 0.0)
    order = sorted(played, key=lambda lv: LEVELS.index(lv) if lv in LEVELS else len(LEVELS), reverse=True)
    bots = []
    for level in order:
        n = played[level]
        lo, hi = wilson(wins[level], n)
        bots.append({"bot": level, "matches": n, "wins": round(wins[level], 3), "win_rate": round(wins[level] / n, 4),
                     "ci95": [round(lo, 4), round(hi, 4)], "mean_score": round(statistics.fmean(points[level]), 1)})
    decision = {
        level: {"median": round(statistics.median(times[level]), 2) if times[level] else 0.0,
                "p99": round(_percentile(times[level], 0.99), 2),
                "max": round(max(times[level], default=0.0), 2),
                "cut_short": cut.get(level, 0)}
        for level in order
    }
    return {"game": game, "players": players, "games": len(results), "unfinished": unfinished,
            "bots": bots, "decision_ms": decision}


def table(report: dict[str, Any]) -> str:
    """Return the report as a readable text table."""
    lines = [f"{report['game']}, {report['players']} players, {report['games']} matches"
             + (f" ({report['unfinished']} unfinished)" if report["unfinished"] else ""),
             f"{'bot':8} {'matches':>7} {'wins':>8} {'win %':>6} {'95% CI':>13} {'mean pts':>9}"
             f" {'ms med':>7} {'ms p99':>7} {'ms max':>7}"]
    for row in report["bots"]:
        t = report["decision_ms"][row["bot"]]
        lo, hi = row["ci95"]
        lines.append(f"{row['bot']:8} {row['matches']:7d} {row['wins']:8.1f} {100 * row['win_rate']:6.1f}"
                     f" {100 * lo:6.1f}-{100 * hi:5.1f} {row['mean_score']:9.1f}"
                     f" {t['median']:7.1f} {t['p99']:7.1f} {t['max']:7.1f}")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rummytable tournament",
                                     description="Play computer players against each other (duplicate deals).")
    parser.add_argument("--game", required=True, choices=("take", "tress"))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seats", required=True, help="comma-separated levels, one per seat: hard,normal")
    parser.add_argument("--games", type=int, default=100, help="number of matches (a multiple of --players)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}", help="game options as JSON, e.g. '{\"target\": 200}'")
    parser.add_argument("--safety-ms", type=float, default=None,
                        help="wall-clock safety net per decision for every bot (default: each level's)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (at most the number of cores)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser


def main(argv: list[str]) -> int:
    """Run the tournament described by ``argv``; print the report; return 0 (2 for bad arguments)."""
    parser = _parser()
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",")]
    if len(seats) != args.players:
        parser.error(f"--seats names {len(seats)} seats for {args.players} players")
    try:
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError("must be a JSON object")
        new_game(args.game, options, args.seed, args.players)
        for level in set(seats):
            make_bot(args.game, level, 0)
    except ValueError as exc:
        parser.error(str(exc))
    jobs = make_jobs(args.game, args.players, seats, args.games, args.seed, options, args.safety_ms)
    results: list[tuple[Job, MatchResult]] = []
    started = time.perf_counter()
    step = max(1, len(jobs) // 20)

    def progress() -> None:
        if not args.quiet and (len(results) % step == 0 or len(results) == len(jobs)):
            print(f"\r{len(results)}/{len(jobs)} matches, {time.perf_counter() - started:.0f} s",
                  end="\n" if len(results) == len(jobs) else "", file=sys.stderr, flush=True)

    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            for item in pool.imap(run_job, jobs):
                results.append(item)
                progress()
    else:
        for job in jobs:
            results.append(run_job(job))
            progress()
    report = summarize(args.game, args.players, results)
    print(json.dumps(report, indent=2) if args.json else table(report))
    return 0
