"""Timing a search model's turn against the rules engine's: the shared core of the model benches.

Each game's bench (:mod:`rummytable.tools.bench_take_model`, :mod:`rummytable.tools.bench_tress_model`)
samples its own turns; this module times them. A :class:`TimedTurn` is one turn chosen once
and played from the same position on both sides:

* **engine**: for each step ``legal_actions`` of the seat and ``apply`` of the chosen action;
* **model**: for each step the model's ``legal_moves`` and ``apply`` of the same move.

Both are process CPU time (``time.process_time_ns``), each turn repeated (on fresh copies made
outside the timing) and divided, so the clock's granularity does not matter.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from rummytable.game import Action, Game

__all__ = ["Model", "TimedTurn", "compare_turns", "summary", "time_engine", "time_model"]


class Model(Protocol):
    """What the timing needs of a search model: a copy and an apply."""

    def copy(self) -> Any:
        """An independent copy."""

    def apply(self, move: Any) -> None:
        """Play ``move``."""


M = TypeVar("M", bound=Model)


class TimedTurn(Generic[M]):
    """One timed turn: the start position (engine and model), the seat, and the moves chosen for it.

    :ivar game: the engine at the start of the turn. :ivar model: the model of the same position.
    :ivar seat: the seat whose turn it is. :ivar moves: the model moves of the turn, in order.
    :ivar actions: the same moves as engine actions.
    """

    __slots__ = ("actions", "game", "model", "moves", "seat")

    def __init__(self, game: Game, model: M, seat: int, moves: list[Any], actions: list[Action]) -> None:
        """Store the turn (nothing is copied)."""
        self.game = game
        self.model = model
        self.seat = seat
        self.moves = moves
        self.actions = actions


def time_engine(turn: TimedTurn[Any], repeat: int) -> int:
    """CPU nanoseconds of one engine turn (legal actions + apply per step), mean of ``repeat`` runs."""
    games = [turn.game.copy() for _ in range(repeat)]
    seat = turn.seat
    actions = turn.actions
    started = time.process_time_ns()
    for game in games:
        for action in actions:
            game.legal_actions(seat)
            game.apply(action)
    return (time.process_time_ns() - started) // repeat


def time_model(turn: TimedTurn[M], legal_moves: Callable[[M], object], repeat: int) -> int:
    """CPU nanoseconds of one model turn (``legal_moves`` + apply per step), mean of ``repeat`` runs."""
    models = [turn.model.copy() for _ in range(repeat)]
    moves = turn.moves
    started = time.process_time_ns()
    for model in models:
        for move in moves:
            legal_moves(model)
            model.apply(move)
    return (time.process_time_ns() - started) // repeat


def summary(samples: Sequence[int]) -> dict[str, float]:
    """Median, 99th percentile, maximum and mean of nanosecond ``samples``, in microseconds."""
    ordered = sorted(samples)
    return {"median_us": round(ordered[len(ordered) // 2] / 1000, 2),
            "p99_us": round(ordered[min(len(ordered) - 1, len(ordered) * 99 // 100)] / 1000, 2),
            "max_us": round(ordered[-1] / 1000, 2), "mean_us": round(sum(ordered) / len(ordered) / 1000, 2)}


def compare_turns(turns: Sequence[TimedTurn[M]], legal_moves: Callable[[M], object], engine_repeat: int,
                  model_repeat: int) -> dict[str, Any]:
    """Time every turn on the engine and on the model; return the comparison as JSON-ready data.

    :returns: ``{"positions", "steps_per_turn", "clock", "engine_turn": {median_us, p99_us, max_us,
        mean_us}, "model_turn": {...}, "speedup_median" (ratio of the medians), "speedup_total"
        (of the sums), "speedup_per_turn_median" (median of the per-turn ratios), "melding_turns":
        {positions, engine_median_us, model_median_us, speedup_total}}`` (the turns of more than two
        steps: a lay-down, a lay-off or an extension; left out when there is none). CPU time.
    """
    # Warm both paths (imports, caches) before timing.
    for turn in turns[:20]:
        time_engine(turn, 1)
        time_model(turn, legal_moves, 1)
    # Interleaved turn by turn, so that a change in the machine's load hits both alike.
    engine: list[int] = []
    model: list[int] = []
    for turn in turns:
        engine.append(time_engine(turn, engine_repeat))
        model.append(time_model(turn, legal_moves, model_repeat))
    per_turn = sorted(e / max(1, m) for e, m in zip(engine, model))
    ratio = sorted(engine)[len(engine) // 2] / max(1, sorted(model)[len(model) // 2])
    report: dict[str, Any] = {
        "positions": len(turns), "steps_per_turn": round(sum(len(t.moves) for t in turns) / len(turns), 2),
        "clock": "process_time_ns", "engine_turn": summary(engine), "model_turn": summary(model),
        "speedup_median": round(ratio, 1), "speedup_total": round(sum(engine) / max(1, sum(model)), 1),
        "speedup_per_turn_median": round(per_turn[len(per_turn) // 2], 1),
    }
    # Turns that meld (more steps, larger lists) on their own.
    melding = [i for i, turn in enumerate(turns) if len(turn.moves) > 2]
    if melding:
        eng, mod = [engine[i] for i in melding], [model[i] for i in melding]
        report["melding_turns"] = {"positions": len(melding), "engine_median_us": summary(eng)["median_us"],
                                   "model_median_us": summary(mod)["median_us"],
                                   "speedup_total": round(sum(eng) / max(1, sum(mod)), 1)}
    return report
