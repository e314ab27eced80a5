"""Paired comparison of options played on the same sampled deals (common random numbers).

A look-ahead plays every option on each deal it samples, so its results come as rows, one per
deal, with one value per option; the first option is the one to beat (the normal level's
choice). Comparing each option with it deal by deal takes the luck of the deal out of the
difference.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["paired_means"]


def paired_means(rows: Sequence[Sequence[float]], options: int) -> tuple[list[float], list[float]]:
    """Each option's mean over ``rows`` and the standard error of its mean difference to option 0.

    :param rows: one row per deal, each with ``options`` values (any unit, e.g. points).
    :param options: how many options each row holds.
    :returns: ``(means, errors)``, one of each per option, in the values' unit; all zeros when
        ``rows`` is empty, and option 0's error is always 0.
    """
    done = len(rows)
    if not done:
        return [0.0] * options, [0.0] * options
    means = [sum(row[i] for row in rows) / done for i in range(options)]
    errors = []
    for i in range(options):
        diffs = [row[i] - row[0] for row in rows]
        mean = sum(diffs) / done
        var = sum((d - mean) ** 2 for d in diffs) / max(1, done - 1)
        errors.append((var / done) ** 0.5)
    return means, errors
