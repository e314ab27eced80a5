"""How much faster the Tress search model plays a turn than the rules engine (the ``models`` bench section).

Positions are the starts of turns (draw phase) from seeded matches with 3, 4, 5 and 6 players
(rule book options), played by the easy computer players (real play, cheap to produce). In each
position one whole turn is chosen once, on the model, by a seeded random policy (draw from
either pile; then, while the turn lasts, a random lay-down or lay-off with probability 1/2,
else a random discard), and then timed twice from the same position:

* **engine**: for each step ``TressGame.legal_actions`` of the seat and ``TressGame.apply``
  of the chosen action (the engine's cost of one simulated turn);
* **model**: for each step :func:`~rummytable.ai.tress.model.moves.legal_moves` and
  :meth:`~rummytable.ai.tress.model.state.TressModel.apply` of the same move.

Both are process CPU time (``time.process_time_ns``), each turn repeated (on fresh copies
made outside the timing) and divided, so the clock's granularity does not matter. The
report gives per-turn median, p99 and maximum in microseconds, the ratio of the medians and
of the totals, and the rate of play-outs (the rest of the round, at most
:data:`PLAYOUT_TURNS` turns) with the default policy of :mod:`rummytable.ai.tress.model.policy`.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from rummytable.ai import make_bot
from rummytable.ai.tress.model.convert import model_from_state, to_action
from rummytable.ai.tress.model.moves import legal_moves
from rummytable.ai.tress.model.policy import policy_turn
from rummytable.ai.tress.model.state import DISCARD, LAY_DOWN, LAY_OFF, PLAY, Move, TressModel
from rummytable.game import Action, Phase
from rummytable.tools.autoplay import bot_steps
from rummytable.tools.model_timing import TimedTurn, compare_turns
from rummytable.tress.game import TressGame

__all__ = ["PLAYOUT_TURNS", "bench", "bench_playouts", "main", "run", "sample_turns"]

PLAYER_COUNTS = (3, 4, 5, 6)
"""Player counts the positions come from."""

PLAYOUT_TURNS = 200
"""Turns at most in one play-out (the policy's rounds end much sooner; a safety bound)."""



def _choose_turn(model: TressModel, rng: random.Random) -> tuple[list[Move], list[Action]]:
    """Play one turn on a copy of ``model`` with the seeded random policy; return its moves and actions."""
    work = model.copy()
    seat = work.turn
    moves: list[Move] = []
    actions: list[Action] = []
    while work.phase <= PLAY and work.turn == seat and (not moves or work.phase == PLAY):
        legal = legal_moves(work)
        if work.phase == PLAY:
            plays = [m for m in legal if m[0] in (LAY_DOWN, LAY_OFF)]
            discards = [m for m in legal if m[0] == DISCARD]
            move = rng.choice(plays) if plays and (rng.random() < 0.5 or not discards) else rng.choice(discards)
        else:
            move = rng.choice(legal)
        actions.append(to_action(work, move))
        moves.append(move)
        work.apply(move)
    return moves, actions


def sample_turns(count: int, seed: int) -> list[TimedTurn[TressModel]]:
    """``count`` turn starts from seeded matches (3-6 players, easy players), each with its turn."""
    turns: list[TimedTurn[TressModel]] = []
    match = 0
    while len(turns) < count:
        rng = random.Random(seed * 7919 + match)
        players = PLAYER_COUNTS[match % len(PLAYER_COUNTS)]
        game = TressGame.new({"players": players}, seed=seed * 1000 + match)
        bots = [make_bot("tress", "easy", seed=seed * 1000 + match * 10 + s, safety_ms=float("inf"))
                for s in range(players)]
        match += 1
        for steps, _ in enumerate(bot_steps(game, bots)):
            if steps > 600 or len(turns) >= count:
                break
            if game.phase is Phase.DRAW and not game.state.claims:
                model = model_from_state(game.state)
                moves, actions = _choose_turn(model, rng)
                turns.append(TimedTurn(game.copy(), model, model.turn, moves, actions))
    return turns


def bench(positions: int = 600, seed: int = 1, engine_repeat: int = 3, model_repeat: int = 20,
          playouts: int = 100) -> dict[str, Any]:
    """Time ``positions`` simulated turns on the engine and on the model; return the JSON report.

    :returns: ``{"positions", "steps_per_turn", "engine_turn": {median_us, p99_us, max_us, mean_us},
        "model_turn": {...}, "speedup_median" (ratio of the medians), "speedup_total" (of the sums),
        "speedup_per_turn_median" (median of the per-turn ratios), "melding_turns": {positions,
        engine_median_us, model_median_us, speedup_total} (the turns with a lay-down or lay-off),
        "playout": {...}}`` (CPU time; ``playout`` as :func:`bench_playouts` gives it, when ``playouts``).
    """
    turns = sample_turns(positions, seed)
    report = compare_turns(turns, legal_moves, engine_repeat, model_repeat)
    if playouts:
        report["playout"] = bench_playouts([t.model for t in turns], playouts, seed)
    return report


def bench_playouts(models: list[TressModel], count: int, seed: int) -> dict[str, float]:
    """Time ``count`` play-outs of the rest of the round from ``models`` (in turn); process CPU time.

    :returns: ``{"playouts", "turns_per_playout", "playouts_per_second", "turns_per_second",
        "mean_us", "rounds_ended"}`` (a play-out stops at the end of the round or after
        :data:`PLAYOUT_TURNS` turns).
    """
    played = turns = ended = 0
    started = time.process_time_ns()
    for i in range(count):
        model = models[i % len(models)]
        rng = random.Random(seed * 1_000_003 + i)
        work = model.copy()
        for _ in range(PLAYOUT_TURNS):
            if work.phase > PLAY:
                break
            policy_turn(work, rng)
            turns += 1
        ended += work.phase > PLAY
        played += 1
    elapsed = max(1, time.process_time_ns() - started)
    return {"playouts": played, "turns_per_playout": round(turns / played, 2), "rounds_ended": ended,
            "playouts_per_second": round(played / elapsed * 1e9, 1),
            "turns_per_second": round(turns / elapsed * 1e9, 1), "mean_us": round(elapsed / played / 1000, 2)}


def run(quick: bool = False, seed: int = 1) -> dict[str, Any]:
    """Tress's part of the ``models`` section: :func:`bench` over 600 positions (150 when ``quick``)."""
    return bench(positions=150 if quick else 600, seed=seed, playouts=30 if quick else 100)


def main(argv: list[str] | None = None) -> int:
    """``python -m rummytable.tools.bench_tress_model [positions]``: print the report as JSON; returns 0."""
    args = list(sys.argv[1:] if argv is None else argv)
    positions = int(args[0]) if args else 600
    print(json.dumps({"tress": bench(positions=positions)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
