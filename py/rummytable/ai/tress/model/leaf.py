"""What a Tress play-out stopped a few turns in is worth: each seat's expected points at the round's end.

A play-out to the end of the round (:mod:`rummytable.ai.tress.search`) is a noisy value: two
candidate moves of one deal send the round down different paths, and whether a player goes down
in the last turns moves his points by a hundred (T-15). A play-out stopped after a few turns and
valued by what each seat may expect from there parts far less, so the same turn budget compares
candidates on many more deals with a much smaller error.

:func:`expected_totals` is that value: for every seat its total so far, plus the points it may
expect to hold when the round ends, read from three things about its hand - whether it is down
(T-12), how many cards the contract still lacks
(:func:`~rummytable.ai.tress.model.shape.shortfall`) or, once down, how many cards it holds -
its penalty points (T-2) and the stock left per player. The table :data:`LEAF` was fitted to
play-outs by :mod:`rummytable.tools.fit_tress_leaf` (least squares per group; see there for the
matches and the numbers); it is for rounds 1-6 (round 7 asks for every card, T-20, and is played
to its end).
"""

from __future__ import annotations

from rummytable.ai.tress.model.hand import hand_points
from rummytable.ai.tress.model.shape import shortfall
from rummytable.ai.tress.model.state import TressModel

__all__ = ["HELD_GROUPS", "LEAF", "SHORT_GROUPS", "Coefficients", "expected_totals", "group_of"]

Coefficients = tuple[float, float, float]
"""``(base, per_point, per_draw)``: expected round points = ``base + per_point * hand's points +
per_draw * stock cards left per player``."""

SHORT_GROUPS = 4
"""Players not down are grouped by the cards their contract lacks, 0..3 and 4 or more (few hands
in a play-out's tenth turn lack more)."""

HELD_GROUPS = 5
"""Players who are down are grouped by the cards they hold, 1..4 and 5 or more."""

LEAF: dict[str, Coefficients] = {
    "down1": (1.24, 0.29, -0.06),  # 2156 samples, error 2.7 points
    "down2": (1.28, 0.49, -0.08),  # 2270 samples, error 5.6 points
    "down3": (2.75, 0.45, -0.15),  # 2274 samples, error 8.0 points
    "down4": (-0.01, 0.69, -0.22),  # 953 samples, error 10.0 points
    "down5": (1.96, 0.59, -0.23),  # 1166 samples, error 13.5 points
    "short0": (58.47, 0.04, -1.71),  # 2012 samples, error 58.7 points
    "short1": (58.52, 0.13, -2.04),  # 7856 samples, error 52.5 points
    "short2": (55.11, 0.25, -1.77),  # 3868 samples, error 51.8 points
    "short3": (58.36, 0.32, -2.40),  # 1140 samples, error 49.8 points
    "short4": (42.36, 0.65, -3.56),  # 136 samples, error 47.7 points
}
"""Per group (:func:`group_of`), the :data:`Coefficients` fitted by ``python -m
rummytable.tools.fit_tress_leaf --matches 160 --seed 70000 --horizon 10`` (its output as printed:
the samples of each group and the root mean square error of the fit, in points a round). Before
going down the error is large - whether a player goes down before the round ends is the noise
the short play-out leaves out - and the points held weigh little: most of them are thrown before then."""


def group_of(model: TressModel, seat: int) -> str:
    """The :data:`LEAF` group of ``seat``'s hand: ``"down<n>"`` by cards held once down (T-12),
    else ``"short<n>"`` by the cards the contract still lacks."""
    if model.down[seat]:
        return f"down{max(1, min(HELD_GROUPS, len(model.held[seat])))}"
    return f"short{min(SHORT_GROUPS, shortfall(model.hands[seat], model.sets, model.runs))}"


def expected_totals(model: TressModel, table: dict[str, Coefficients] | None = None) -> list[float]:
    """Each seat's total as the round may end from ``model``, in points (lower is better, T-3).

    :param model: a round of the search model, in play or over.
    :param table: the coefficients per group (default :data:`LEAF`).
    :returns: per seat, the total so far plus its expected points for the round; once the round
        is over, the totals exactly (T-15, T-21, T-22).
    """
    if model.points is not None:
        return [float(score) for score in model.scores]
    table = LEAF if table is None else table
    draws = len(model.stock) / model.players
    totals: list[float] = []
    for seat in range(model.players):
        base, per_point, per_draw = table[group_of(model, seat)]
        totals.append(model.scores[seat] + base + per_point * hand_points(model.hands[seat]) + per_draw * draws)
    return totals
