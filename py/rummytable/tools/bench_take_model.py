"""How much faster the Take search model plays a turn than the rules engine (the ``models`` bench section).

Positions are the starts of turns (draw phase) from seeded matches with 2, 3 and 4 players
(rule book options), played by the easy computer players (real play, cheap to produce). In each
position one whole turn is chosen once, on the model, by a seeded random policy (draw from
either pile; then, while the turn lasts, a random lay-down or extension with probability
1/2, else a random discard), and then timed twice from the same position:

* **engine**: for each step ``TakeGame.legal_actions`` of the seat and ``TakeGame.apply``
  of the chosen action (the engine's cost of one simulated turn);
* **model**: for each step :func:`~rummytable.ai.take.model.moves.legal_moves` and
  :meth:`~rummytable.ai.take.model.state.TakeModel.apply` of the same move.

Both are process CPU time (``time.process_time_ns``), each turn repeated (on fresh copies
made outside the timing) and divided, so the clock's granularity does not matter. The
report gives per-turn median, p99 and maximum in microseconds, the ratio of the medians and
of the totals, and the rate of play-outs (two turns per player) with the default policy of
:mod:`rummytable.ai.take.model.policy`.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from rummytable.ai import make_bot
from rummytable.ai.take.model.convert import model_from_state, to_action
from rummytable.ai.take.model.moves import legal_moves
from rummytable.ai.take.model.policy import policy_turn
from rummytable.ai.take.model.state import DISCARD, DRAW, LAY, PLAY, Move, TakeModel
from rummytable.game import Action
from rummytable.take.actions import Discard, Extend, LayDown
from rummytable.take.game import TakeGame
from rummytable.tools.bench import BenchConfig, section
from rummytable.tools.bench_tress_model import run as run_tress
from rummytable.tools.model_timing import TimedTurn, compare_turns

__all__ = ["bench", "bench_playouts", "main", "sample_turns"]

PLAYER_COUNTS = (2, 3, 4)
"""Player counts the positions come from."""



def _choose_turn(model: TakeModel, rng: random.Random) -> tuple[list[Move], list[Action]]:
    """Play one turn on a copy of ``model`` with the seeded random policy; return its moves and actions."""
    work = model.copy()
    seat = work.turn
    moves: list[Move] = []
    actions: list[Action] = []
    while work.phase <= PLAY and work.turn == seat and (not moves or work.phase == PLAY):
        legal = legal_moves(work)
        plays = [m for m in legal if m[0] < DISCARD and m[0] >= LAY]
        discards = [m for m in legal if m[0] == DISCARD]
        if work.phase == PLAY:
            move = rng.choice(plays) if plays and rng.random() < 0.5 else rng.choice(discards)
        else:
            move = rng.choice(legal)
        actions.append(to_action(work, move))
        moves.append(move)
        work.apply(move)
    return moves, actions


def sample_turns(count: int, seed: int, player: str = "easy") -> list[TimedTurn[TakeModel]]:
    """``count`` turn starts from seeded matches (2-4 players), each with its turn.

    :param player: who plays the matches: a computer level (``"easy"``: real play at little
        cost) or ``"eager"`` (random, melding whenever it can).
    """
    turns: list[TimedTurn[TakeModel]] = []
    match = 0
    while len(turns) < count:
        rng = random.Random(seed * 7919 + match)
        players = PLAYER_COUNTS[match % len(PLAYER_COUNTS)]
        game = TakeGame.new({"players": players}, seed=seed * 1000 + match)
        bots = [make_bot("take", player, seed=seed * 1000 + match * 10 + s) for s in range(players)] \
            if player != "eager" else []
        match += 1
        for _ in range(600):
            seat = game.to_move
            if seat is None or len(turns) >= count:
                break
            if game.phase.value == "draw":
                model = model_from_state(game.state)
                moves, actions = _choose_turn(model, rng)
                turns.append(TimedTurn(game.copy(), model, seat, moves, actions))
            if bots:
                game.apply(game.action_from_json(bots[seat].decide(game.view(seat), game.public_log).action))
                continue
            legal = game.legal_actions(seat)
            plays: list[Action] = [a for a in legal if isinstance(a, (LayDown, Extend))]
            if plays and rng.random() < 0.8:
                action = rng.choice(plays)
            else:
                action = rng.choice([a for a in legal if isinstance(a, Discard)] or legal)
            game.apply(action)
    return turns


def bench(positions: int = 1000, seed: int = 1, engine_repeat: int = 3, model_repeat: int = 30,
          playouts: int = 300) -> dict[str, Any]:
    """Time ``positions`` simulated turns on the engine and on the model; return the JSON report.

    :returns: ``{"positions", "steps_per_turn", "engine_turn": {median_us, p99_us, max_us, mean_us},
        "model_turn": {...}, "speedup_median" (ratio of the medians), "speedup_total" (of the sums),
        "speedup_per_turn_median" (median of the per-turn ratios), "melding_turns": {positions,
        engine_median_us, model_median_us, speedup_total} (the turns with a lay-down or extension),
        "playout": {...}}`` (CPU time; ``playout`` as
        :func:`bench_playouts` gives it, when ``playouts``).
    """
    turns = sample_turns(positions, seed)
    report = compare_turns(turns, legal_moves, engine_repeat, model_repeat)
    if playouts:
        report["playout"] = bench_playouts([t.model for t in turns], playouts, seed)
    return report



def bench_playouts(models: list[TakeModel], count: int, seed: int, rounds: int = 2) -> dict[str, float]:
    """Time ``count`` play-outs of ``rounds`` turns per player from ``models`` (in turn); process CPU time.

    :returns: ``{"playouts", "turns_per_playout", "playouts_per_second", "turns_per_second",
        "mean_us"}`` (turns actually played: a play-out stops at the end of the hand).
    """
    played = 0
    turns = 0
    started = time.process_time_ns()
    for i in range(count):
        model = models[i % len(models)]
        rng = random.Random(seed * 1_000_003 + i)
        work = model.copy()
        for _ in range(rounds * model.rules.players):
            if work.phase not in (DRAW, PLAY):
                break
            policy_turn(work, rng)
            turns += 1
        played += 1
    elapsed = max(1, time.process_time_ns() - started)
    return {"playouts": played, "turns_per_playout": round(turns / played, 2),
            "playouts_per_second": round(played / elapsed * 1e9, 1),
            "turns_per_second": round(turns / elapsed * 1e9, 1), "mean_us": round(elapsed / played / 1000, 2)}


def run(quick: bool = False, seed: int = 1) -> dict[str, Any]:
    """The ``models`` section: :func:`bench` over 1,000 positions (200 when ``quick``)."""
    return {"take": bench(positions=200 if quick else 1000, seed=seed, playouts=100 if quick else 300)}


@section("models")
def _models_section(config: BenchConfig) -> dict[str, Any]:
    """The bench section: :func:`run` (Take) and :func:`rummytable.tools.bench_tress_model.run` (Tress)
    with the bench's ``quick`` flag and seed."""
    return {**run(quick=config.quick, seed=config.seed), "tress": run_tress(quick=config.quick, seed=config.seed)}


def main(argv: list[str] | None = None) -> int:
    """``python -m rummytable.tools.bench_take_model [positions]``: print the report as JSON; returns 0."""
    args = list(sys.argv[1:] if argv is None else argv)
    positions = int(args[0]) if args else 1000
    print(json.dumps({"take": bench(positions=positions)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
