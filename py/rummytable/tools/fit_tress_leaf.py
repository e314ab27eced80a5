"""Fit the Tress search's leaf values (:data:`rummytable.ai.tress.model.leaf.LEAF`) to play-outs.

``python -m rummytable.tools.fit_tress_leaf [--matches N] [--seed S] [--horizon H]`` plays seeded
matches of normal players (3-6 players in turn, default options) with the tournament tool's
protocol; at a sample of the turns of rounds 1-6 it puts the true position on the search model,
plays ``H`` turns with the play-out policy (as the search does,
:attr:`~rummytable.ai.tress.bots.TressHardBot.HORIZON`), notes each seat's group
(:func:`~rummytable.ai.tress.model.leaf.group_of`), penalty points and stock left per player,
plays the round to its end and notes the points each seat took for the round (T-2, T-15). Each
group's three coefficients are then fitted by least squares and printed as the Python source of
``LEAF`` with the sample counts and the error of the fit.

The fit reads true positions (it is a tool, not a player): no decision of a computer player
ever sees them.
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass

from rummytable.ai import make_bot
from rummytable.ai.tress.model.convert import model_from_state, rules_from_options
from rummytable.ai.tress.model.hand import hand_points
from rummytable.ai.tress.model.leaf import Coefficients, group_of
from rummytable.ai.tress.model.state import DRAW, PLAY, TressModel
from rummytable.ai.tress.search import MAX_TURNS, play_to_end
from rummytable.tools.autoplay import bot_steps
from rummytable.tools.tournament import new_game
from rummytable.tress.game import TressGame

SAMPLE_EVERY = 3
"""About one turn in this many is sampled (neighbouring turns of one round tell much the same)."""


@dataclass(frozen=True)
class Sample:
    """One seat at a play-out's stopping point: its group, penalty points and the stock left per
    player then, and the points it took when the round was played to its end."""

    group: str
    points: int
    draws: float
    round_points: int


def samples(matches: int, seed: int, horizon: int) -> list[Sample]:
    """Play ``matches`` seeded matches of normal players and return their samples (see the module)."""
    found: list[Sample] = []
    for index in range(matches):
        players = 3 + index % 4
        game = new_game("tress", {}, seed + index, players)
        assert isinstance(game, TressGame)
        bots = [make_bot("tress", "normal", seed * 10 + index * 7 + seat, float("inf")) for seat in range(players)]
        rng = random.Random(f"leaf/{seed}/{index}")
        rules = rules_from_options(game.state.options)
        for _ in bot_steps(game, bots):
            state = game.state
            if state.round > 6 or rng.randrange(SAMPLE_EVERY):
                continue
            model = model_from_state(state, rules)
            if model.phase != DRAW:
                continue
            found.extend(_sample(model, random.Random(rng.getrandbits(64)), horizon))
    return found


def _sample(model: TressModel, rng: random.Random, horizon: int) -> list[Sample]:
    """Play ``horizon`` turns of ``model``, note every seat, play on to the round's end; [] when it ended sooner."""
    turns = play_to_end(model, rng, limit=horizon)
    if model.phase > PLAY:
        return []
    marks = [(group_of(model, seat), hand_points(model.hands[seat]), model.scores[seat])
             for seat in range(model.players)]
    draws = len(model.stock) / model.players
    play_to_end(model, rng, limit=MAX_TURNS - turns)
    if model.points is None:
        return []
    return [Sample(group, points, draws, model.scores[seat] - before)
            for seat, (group, points, before) in enumerate(marks)]


def fit(found: list[Sample]) -> dict[str, tuple[Coefficients, int, float]]:
    """Least squares per group: ``{group: (coefficients, samples, root mean square error)}``."""
    groups: dict[str, list[Sample]] = {}
    for sample in found:
        groups.setdefault(sample.group, []).append(sample)
    result: dict[str, tuple[Coefficients, int, float]] = {}
    for group, rows in sorted(groups.items()):
        xs = [(1.0, float(s.points), s.draws) for s in rows]
        ys = [float(s.round_points) for s in rows]
        coefficients = _solve(xs, ys)
        errors = [y - sum(c * x for c, x in zip(coefficients, row)) for row, y in zip(xs, ys)]
        result[group] = (coefficients, len(rows), math.sqrt(sum(e * e for e in errors) / len(errors)))
    return result


def _solve(xs: list[tuple[float, float, float]], ys: list[float]) -> Coefficients:
    """The least-squares coefficients of three columns (normal equations, a small ridge for rank safety)."""
    size = 3
    matrix = [[sum(x[i] * x[j] for x in xs) + (1e-6 if i == j else 0.0) for j in range(size)]
              + [sum(x[i] * y for x, y in zip(xs, ys))] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        for row in range(size):
            if row != col:
                factor = matrix[row][col] / matrix[col][col]
                matrix[row] = [a - factor * b for a, b in zip(matrix[row], matrix[col])]
    base, per_point, per_draw = (matrix[i][size] / matrix[i][i] for i in range(size))
    return base, per_point, per_draw


def main(argv: list[str] | None = None) -> int:
    """Fit and print the table (see the module docstring); returns 0."""
    parser = argparse.ArgumentParser(prog="python -m rummytable.tools.fit_tress_leaf", description=__doc__)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--horizon", type=int, default=10)
    args = parser.parse_args(argv)
    result = fit(samples(args.matches, args.seed, args.horizon))
    print("LEAF: dict[str, Coefficients] = {")
    for group, (coefficients, count, rmse) in result.items():
        text = ", ".join(f"{c:.2f}" for c in coefficients)
        print(f'    "{group}": ({text}),  # {count} samples, error {rmse:.1f} points')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
