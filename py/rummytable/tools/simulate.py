"""``python -m rummytable simulate``: seeded matches played through, with invariant checks at every step.

Examples::

    PYTHONPATH=py python3 -m rummytable simulate --game all --mixed --matches 1000 --workers 2 --json
    PYTHONPATH=py python3 -m rummytable simulate --game take --seats easy,normal,hard --matches 20
    PYTHONPATH=py python3 -m rummytable simulate --game tress --uniform --options '{"players":4}' --seed 7 --stop-at 412

Match ``i`` of a run has seed ``--seed + i``. Who plays: ``--seats`` (one level per seat,
or one level for all: ``random``, ``easy``, ``normal``, ``hard``; bots get no wall-clock
cap, so a match is the same on every machine) or ``--uniform`` (the default: every seat's
legal actions drawn uniformly, Tress "take it" calls included). ``--mixed`` draws the
player count, every option of the game's schema and the seats from each match's seed
(:func:`~rummytable.tools.match_specs.mixed_spec`; ``--level-weights`` and ``--uniform-share``
tune it).

Checked on the dealt position (step 0) and after every action (step ``k`` = after ``k``
actions): :func:`~rummytable.tools.invariants.check_step` (every card in one place, the seat to
move has a legal action, totals are the sum of the scored rounds, phase, recounted
scores, Take's table) and save -> load -> save (:func:`check_position`: the whole
position at the deal, at every scored round or hand and where play stops; at the other
steps everything but the older history and log). At the end of a finished match its
history must replay to the same game. An exception while making an action is a failure
too (check ``"crash"``).

A failure stops its match and is reported with its game, options, seed, seats, step,
check and message, and a command line replaying exactly that match to that step
(``--stop-at``; ``--dump FILE`` then writes the position there). A match still going
after ``--max-steps`` actions is *unfinished*: counted and listed, a failure only with
``--strict-end``. The exit code is 1 on any failure, 2 for bad arguments, else 0.

``--golden DIR`` checks the golden transcripts instead (``--write`` regenerates them):
see :mod:`rummytable.tools.golden`.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from rummytable.ai import make_bot
from rummytable.game import Event, Game, Phase
from rummytable.registry import GAMES
from rummytable.tools.autoplay import Step, bot_steps, uniform_steps
from rummytable.tools.golden import main as golden_main
from rummytable.tools.invariants import InvariantError, check_replay, check_save_load, check_step
from rummytable.tools.match_specs import (
    DEFAULT_LEVEL_WEIGHTS,
    DEFAULT_UNIFORM_SHARE,
    UNIFORM,
    MatchSpec,
    make_spec,
    mixed_spec,
)

DEFAULT_MAX_STEPS = 20_000
"""Actions after which a match is given up as unfinished (normal matches take a few hundred to a few thousand)."""

SAVE_TAIL = 0
"""History and log entries kept in the save/load check of an ordinary step (see :func:`check_position`):
none, since a loader replays a save's history and a cut history cannot lead to the position."""

DEFAULT_FULL_SAVE_EVERY = 0
"""Steps between full save/load checks besides those at every scored round and at the end (0: none)."""

CRASH = "crash"
"""Check name of an exception raised while a match was played (by the engine or a bot)."""

FINISHED, UNFINISHED, STOPPED, FAILED = "finished", "unfinished", "stopped", "failed"
"""How a simulated match ended: match over; ``--max-steps`` reached; ``--stop-at`` reached; a check failed."""


@dataclass(frozen=True)
class Failure:
    """A broken invariant (or a crash) and how to reproduce it.

    :ivar spec: the match. :ivar step: actions applied when the check failed (a crash:
        the number of the action being made). :ivar check: the check's name
        (:data:`rummytable.tools.invariants.CHECKS` or :data:`CRASH`). :ivar message: what is wrong.
    :ivar full_save_every: the run's ``--full-save-every``, repeated in the command.
    """

    spec: MatchSpec
    step: int
    check: str
    message: str
    full_save_every: int = 0

    def command(self) -> str:
        """The command line that replays exactly this match to the failing step."""
        extra = () if self.full_save_every == 0 else ("--full-save-every", str(self.full_save_every))
        return self.spec.command(stop_at=self.step, extra=extra)

    def to_json(self) -> dict[str, Any]:
        """The minimal reproduction: game, options, seed, seats, step, check, message and command."""
        return {**self.spec.to_json(), "step": self.step, "check": self.check, "message": self.message,
                "command": self.command()}


@dataclass(frozen=True)
class Outcome:
    """What playing one match gave.

    :ivar spec: the match. :ivar status: :data:`FINISHED`, :data:`UNFINISHED`,
        :data:`STOPPED` or :data:`FAILED`. :ivar steps: actions applied.
    :ivar failure: the failure when ``status`` is :data:`FAILED`.
    :ivar seconds: wall-clock time of the match (for the report only).
    :ivar position: the saved position where play stopped, when asked for.
    """

    spec: MatchSpec
    status: str
    steps: int
    failure: Failure | None
    seconds: float
    position: str | None = None


def steps_of(spec: MatchSpec, game: Game) -> Iterator[Step]:
    """Return the actions of ``spec``'s players on ``game``, each yielded once applied."""
    return uniform_steps(game, spec.rng()) if spec.uniform else bot_steps(game, spec.bots())


def check_position(game: Game, events: Iterable[Event], step: int, full_save_every: int,
                   full: bool = False) -> None:
    """Run the checks of one step: :func:`check_step` and save -> load -> save.

    The round trip covers the whole position but for the history and the log (of which
    the last :data:`SAVE_TAIL` entries are included); the whole position, history and log
    included, replayed by the loader, at every scored round or hand, at the match's end and every ``full_save_every``
    steps (0: no more often), or when ``full`` is given.

    :raises InvariantError: for a broken invariant; an exception inside a check becomes
        one named :data:`CRASH`.
    """
    events = list(events)
    try:
        check_step(game, events)
        full = (full or game.phase is Phase.MATCH_OVER or any(e.kind == "round_scored" for e in events)
                or (full_save_every > 0 and step % full_save_every == 0))
        check_save_load(game, None if full else SAVE_TAIL)
    except InvariantError:
        raise
    except Exception as exc:  # any error inside a check is a finding, not a reason to stop the run
        raise InvariantError(CRASH, f"checking the position: {type(exc).__name__}: {exc}") from exc


def play(spec: MatchSpec, max_steps: int = DEFAULT_MAX_STEPS, stop_at: int | None = None,
         full_save_every: int = DEFAULT_FULL_SAVE_EVERY, keep_position: bool = False) -> Outcome:
    """Play ``spec``'s match, checking every step, until it ends, fails, or reaches ``max_steps``/``stop_at`` actions.

    :param full_save_every: round-trip the whole position (history and log included) every
        this many steps too (0: only at scored rounds and where play stops; see :func:`check_position`).
    :param keep_position: put the saved position where play stopped into the outcome.
    """
    started = time.perf_counter()
    game: Game | None = None
    step = 0
    failure: Failure | None = None
    limit = max_steps if stop_at is None else min(stop_at, max_steps)
    try:
        game = spec.new_game()
        check_position(game, (), 0, full_save_every, full=True)
        if step < limit:
            for made in steps_of(spec, game):
                step += 1
                # Where play stops, the whole position is round-tripped.
                check_position(game, made.events, step, full_save_every, full=step >= limit)
                if step >= limit:
                    break
        if game.phase is Phase.MATCH_OVER:
            check_replay(game)
    except InvariantError as exc:
        failure = Failure(spec, step, exc.check, exc.detail, full_save_every)
    except Exception as exc:  # a crash while making an action is what a simulation is for: report it
        failure = Failure(spec, step + 1, CRASH, f"{type(exc).__name__}: {exc}", full_save_every)
    if failure is not None:
        status = FAILED
    elif game is not None and game.phase is Phase.MATCH_OVER:
        status = FINISHED
    else:
        status = STOPPED if stop_at is not None and step >= stop_at else UNFINISHED
    position = None
    if keep_position and game is not None:
        try:
            position = game.save()
        except Exception as exc:  # the position may be what is broken; say so instead of failing again
            position = json.dumps({"unsaveable": f"{type(exc).__name__}: {exc}"})
    return Outcome(spec, status, step, failure, time.perf_counter() - started, position)


def specs_for(game: str, matches: int, seed: int, *, mixed: bool, options: dict[str, Any],
              seats: list[str] | None, level_weights: dict[str, float] | None = None,
              uniform_share: float = DEFAULT_UNIFORM_SHARE) -> list[MatchSpec]:
    """Return the ``matches`` specs of a run of ``game``: seeds ``seed, seed + 1, ...``.

    :raises OptionsError: for invalid options or seats; :raises ValueError: for bad weights.
    """
    if mixed:
        return [mixed_spec(game, seed + i, level_weights, uniform_share) for i in range(matches)]
    return [make_spec(game, seed + i, options, seats) for i in range(matches)]


def run(specs: list[MatchSpec], *, max_steps: int = DEFAULT_MAX_STEPS, stop_at: int | None = None,
        full_save_every: int = DEFAULT_FULL_SAVE_EVERY, workers: int = 1,
        progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
    """Play every spec (in ``workers`` processes when more than one); return the outcomes in spec order."""
    job = partial(play, max_steps=max_steps, stop_at=stop_at, full_save_every=full_save_every)
    outcomes: list[Outcome] = []
    if workers > 1 and len(specs) > 1:
        with multiprocessing.Pool(workers) as pool:
            for outcome in pool.imap(job, specs):
                outcomes.append(outcome)
                if progress:
                    progress(len(outcomes), len(specs))
    else:
        for spec in specs:
            outcomes.append(job(spec))
            if progress:
                progress(len(outcomes), len(specs))
    return outcomes


def summarize(outcomes: list[Outcome], seconds: float, strict_end: bool = False) -> dict[str, Any]:
    """Return the JSON report: totals, per-game counts, every failure and every unfinished match.

    Keys: ``ok``, ``matches``, ``steps``, ``finished``, ``seconds``, ``games`` (per game:
    ``matches``, ``steps``, ``finished``, ``unfinished``, ``stopped``, ``failures``,
    ``uniform``, ``bots``, ``seats`` per level, ``players`` per count, ``seconds``),
    ``failures`` (reproductions, see :meth:`Failure.to_json`) and ``unfinished``
    (``game``, ``options``, ``seed``, ``seats``, ``steps``, ``command``). With
    ``strict_end`` an unfinished match is also listed as a failure (check ``"unfinished"``).
    """
    games: dict[str, dict[str, Any]] = {}
    failures: list[dict[str, Any]] = []
    unfinished: list[dict[str, Any]] = []
    for outcome in outcomes:
        spec = outcome.spec
        row = games.setdefault(spec.game, {
            "matches": 0, "steps": 0, "finished": 0, "unfinished": 0, "stopped": 0, "failures": 0,
            "uniform": 0, "bots": 0, "seats": Counter(), "players": Counter(), "seconds": 0.0})
        row["matches"] += 1
        row["steps"] += outcome.steps
        row["seconds"] += outcome.seconds
        row["failures" if outcome.status == FAILED else outcome.status] += 1
        row["uniform" if spec.uniform else "bots"] += 1
        row["players"][str(spec.players)] += 1
        if not spec.uniform:
            row["seats"].update(spec.seats)
        if outcome.failure is not None:
            failures.append(outcome.failure.to_json())
        if outcome.status == UNFINISHED:
            unfinished.append({**spec.to_json(), "steps": outcome.steps, "command": spec.command()})
            if strict_end:
                failures.append(Failure(spec, outcome.steps, UNFINISHED,
                                        f"the match was still going after {outcome.steps} actions").to_json())
    for row in games.values():
        row["seconds"] = round(row["seconds"], 1)
        row["seats"] = dict(sorted(row["seats"].items()))
        row["players"] = dict(sorted(row["players"].items()))
    return {
        "ok": not failures, "matches": len(outcomes), "steps": sum(o.steps for o in outcomes),
        "finished": sum(o.status == FINISHED for o in outcomes), "seconds": round(seconds, 1),
        "games": games, "failures": failures, "unfinished": unfinished,
    }


def text_report(report: dict[str, Any]) -> str:
    """Return the report as readable lines: one per game, the totals, then each failure and unfinished match."""
    lines = []
    for name, row in report["games"].items():
        seats = ", ".join(f"{level} {n}" for level, n in row["seats"].items())
        lines.append(f"{name}: {row['matches']} matches ({row['uniform']} uniformly random, {row['bots']} bots"
                     + (f": {seats} seats" if seats else "") + f"), {row['steps']} steps, "
                     f"{row['finished']} finished, {row['unfinished']} unfinished, {row['failures']} failed, "
                     f"{row['seconds']} s")
    lines.append(f"total: {report['matches']} matches, {report['steps']} steps, {len(report['failures'])} failures, "
                 f"{len(report['unfinished'])} unfinished, {report['seconds']} s")
    for item in report["failures"]:
        lines.append(f"FAILED {item['game']} seed {item['seed']} step {item['step']} [{item['check']}]: "
                     f"{item['message']}")
        lines.append(f"  replay: {item['command']}")
    for item in report["unfinished"]:
        lines.append(f"unfinished {item['game']} seed {item['seed']} after {item['steps']} steps: {item['command']}")
    return "\n".join(lines)


def _weights(text: str) -> dict[str, float]:
    weights = {}
    for part in text.split(","):
        level, _, value = part.partition("=")
        try:
            weights[level.strip()] = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not level=weight (e.g. easy=4)") from None
    return weights


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rummytable simulate",
                                     description="Play seeded matches and check the engine's invariants at every step.")
    parser.add_argument("--game", choices=(*GAMES, "all"), default="all", help="the game, or all (default)")
    parser.add_argument("--matches", type=int, default=10, help="matches per game (seeds --seed, --seed + 1, ...)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match")
    parser.add_argument("--players", type=int, default=None, help="players (default: the game's usual number)")
    parser.add_argument("--options", default="{}", help="game options as JSON, e.g. '{\"penalty_cards\": 2}'")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seats", default=None, help="levels, one per seat or one for all: easy,normal,hard")
    who.add_argument("--uniform", action="store_true", help="uniformly random legal actions (the default)")
    parser.add_argument("--mixed", action="store_true",
                        help="draw players, every option and the seats from each match's seed")
    parser.add_argument("--level-weights", type=_weights, default=None,
                        help="--mixed: how often each level sits at a bot seat, e.g. "
                             + ",".join(f"{k}={v:g}" for k, v in DEFAULT_LEVEL_WEIGHTS.items()))
    parser.add_argument("--uniform-share", type=float, default=DEFAULT_UNIFORM_SHARE,
                        help=f"--mixed: share of matches played uniformly at random (default {DEFAULT_UNIFORM_SHARE})")
    parser.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS,
                        help=f"actions after which a match counts as unfinished (default {DEFAULT_MAX_STEPS})")
    parser.add_argument("--strict-end", action="store_true", help="an unfinished match is a failure")
    parser.add_argument("--stop-at", type=int, default=None, help="stop each match after this many actions")
    parser.add_argument("--full-save-every", type=int, default=DEFAULT_FULL_SAVE_EVERY,
                        help="also round-trip the whole history every N steps (0: only at round ends, the default)")
    parser.add_argument("--dump", default=None, help="write the position where the (single) match stopped to this file")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (at most the number of cores)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--golden", default=None, help="check the golden transcripts in this folder instead")
    parser.add_argument("--write", action="store_true", help="with --golden: write them anew")
    return parser


def main(argv: list[str]) -> int:
    """Run the simulation described by ``argv``; print the report; return 0, or 1 on any failure (2: bad arguments)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.golden is not None:
        return golden_main(args.golden, write=args.write, quiet=args.quiet)
    if args.write:
        parser.error("--write needs --golden DIR")
    names = list(GAMES) if args.game == "all" else [args.game]
    try:
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        if args.players is not None:
            options["players"] = args.players
        if args.mixed and (options or args.seats or args.uniform):
            raise ValueError("--mixed draws players, options and seats itself: give none of them")
        if args.dump and args.matches != 1:
            raise ValueError("--dump needs --matches 1")
        seats = None if args.seats is None else [s.strip() for s in args.seats.split(",")]
        specs = [spec for name in names for spec in specs_for(
            name, args.matches, args.seed, mixed=args.mixed, options=options, seats=seats,
            level_weights=args.level_weights, uniform_share=args.uniform_share)]
        for level in {s for spec in specs for s in spec.seats if s != UNIFORM}:
            for name in names:
                make_bot(name, level, 0)
    except ValueError as exc:
        parser.error(str(exc))
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if not args.quiet and (done % max(1, total // 20) == 0 or done == total):
            print(f"\r{done}/{total} matches, {time.perf_counter() - started:.0f} s",
                  end="\n" if done == total else "", file=sys.stderr, flush=True)

    if args.dump:
        outcomes = [play(specs[0], args.max_steps, args.stop_at, args.full_save_every, keep_position=True)]
        with open(args.dump, "w", encoding="utf-8") as out:
            out.write(outcomes[0].position or "")
    else:
        outcomes = run(specs, max_steps=args.max_steps, stop_at=args.stop_at, full_save_every=args.full_save_every,
                       workers=args.workers, progress=progress)
    report = summarize(outcomes, time.perf_counter() - started, args.strict_end)
    print(json.dumps(report, indent=2) if args.json else text_report(report))
    return 0 if report["ok"] else 1
