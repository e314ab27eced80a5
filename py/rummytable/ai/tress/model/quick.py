"""A quick necessary test for a lay-down, so that the exact solver runs only when one may exist.

:func:`may_meet` answers from a hand's bit set with a few whole-number operations and one look-up
per suit in a table of suit rows filled as rows are met (a pure function of the row, kept up to
:data:`ROWS_KEPT` rows): False only when
the hand certainly holds no lay-down of ``sets`` sets and ``runs`` runs (T-6..T-9, T-12), so the
model lists exactly what the solver would (it asks the solver whenever the answer is True).

Why it is necessary: every run holds a window of four consecutive values of one suit, and each of
its positions not held by a natural card needs a joker, so a run needs at least ``g`` jokers where
``g`` is the fewest gaps of any four-card window of any suit in the hand (the low ace counts as
value 1; under ``wrap_runs`` the corner windows are not looked at and ``g`` is 0). A set needs
three cards of one rank; under the distinct-melds rule (T-12) each set takes a rank of its own, so
``sets`` sets need at least the jokers that fill the ``sets`` best ranks up to three (ranks held
three times cost none, twice one, once two). Sharing of cards between melds is ignored, so the
bound is never too high. The ratio options (T-9) only forbid more, so they are ignored too.
"""

from __future__ import annotations

__all__ = ["ROWS_KEPT", "may_meet", "rank_counts"]

_ROW = (1 << 26) - 1
"""One suit's 26 bits of a hand (two copies of each of its 13 ranks)."""

_NIBBLES = 13
_SEVENS = int("7" * _NIBBLES, 16)
_SIXES = int("6" * _NIBBLES, 16)
_FIVES = int("5" * _NIBBLES, 16)
_EIGHTS = int("8" * _NIBBLES, 16)


def _count_table(ranks: int, first: int) -> tuple[int, ...]:
    """Packed per-rank counts (a nibble per rank) of every ``2 * ranks``-bit piece of a suit's row."""
    table = []
    for piece in range(1 << (2 * ranks)):
        packed = 0
        for j in range(ranks):
            packed += ((piece >> (2 * j) & 1) + (piece >> (2 * j + 1) & 1)) << (4 * (first + j))
        table.append(packed)
    return tuple(table)


def _presence_table(ranks: int, first: int) -> tuple[int, ...]:
    """The ranks present (bit ``rank - 2``) in every ``2 * ranks``-bit piece of a suit's row."""
    return tuple(sum(1 << (first + j) for j in range(ranks) if piece >> (2 * j) & 3)
                 for piece in range(1 << (2 * ranks)))


def _best_window(present: int) -> int:
    """The most ranks of ``present`` (bit ``rank - 2``) in one window of four values, the low ace's included."""
    best = 0
    for start in range(2, 12):
        best = max(best, (present >> (start - 2) & 0xF).bit_count())
    low = (present >> 12 & 1) + (present & 0x7).bit_count()
    return max(best, low)


_LOW_COUNTS = _count_table(6, 0)
"""Ranks 2..7 of a suit's row (its low 12 bits), as packed counts."""

_HIGH_COUNTS = _count_table(7, 6)
"""Ranks 8..A of a suit's row (its high 14 bits), as packed counts."""

_LOW_PRESENT = _presence_table(6, 0)
_HIGH_PRESENT = _presence_table(7, 6)
"""The same pieces as rank bit masks."""

_BEST = tuple(_best_window(present) for present in range(1 << 13))
"""Per rank bit mask of one suit: the most of its ranks any four-value window holds."""


ROWS_KEPT = 20_000
"""Most suit rows :func:`may_meet` keeps worked out (the table starts again when full)."""

_ROWS: dict[int, tuple[int, int]] = {}
"""Suit row -> (its packed rank counts, its best window): filled as rows are met."""


def _row(row: int) -> tuple[int, int]:
    """Work out a suit row's packed rank counts and best four-value window, and keep them."""
    if len(_ROWS) >= ROWS_KEPT:
        _ROWS.clear()
    low, high = row & 0xFFF, row >> 12
    found = (_LOW_COUNTS[low] + _HIGH_COUNTS[high], _BEST[_LOW_PRESENT[low] | _HIGH_PRESENT[high]])
    _ROWS[row] = found
    return found


def rank_counts(hand: int) -> int:
    """The natural cards per rank of ``hand``, packed: nibble ``rank - 2`` holds how many (0..8)."""
    low, high = _LOW_COUNTS, _HIGH_COUNTS
    total = 0
    for shift in (0, 26, 52, 78):
        row = hand >> shift & _ROW
        total += low[row & 0xFFF] + high[row >> 12]
    return total


def may_meet(hand: int, sets: int, runs: int, wrap: bool, distinct: bool) -> bool:
    """False only when ``hand`` (a model bit set) holds no lay-down of ``sets`` sets and ``runs`` runs.

    See the module docstring for why a False answer is certain.
    """
    jokers = (hand >> 104).bit_count()
    naturals = hand.bit_count() - jokers
    if naturals + jokers < 3 * sets + 4 * runs or not naturals:
        return False
    # Each suit's row (a small number) is looked up once in the lazily filled table of rows.
    rows = _ROWS
    try:
        c0, b0 = rows[hand & _ROW]
        c1, b1 = rows[hand >> 26 & _ROW]
        c2, b2 = rows[hand >> 52 & _ROW]
        c3, b3 = rows[hand >> 78 & _ROW]
    except KeyError:
        c0, b0 = _row(hand & _ROW)
        c1, b1 = _row(hand >> 26 & _ROW)
        c2, b2 = _row(hand >> 52 & _ROW)
        c3, b3 = _row(hand >> 78 & _ROW)
    need = 0
    if sets:
        if distinct:
            packed = c0 + c1 + c2 + c3
            three = ((packed + _FIVES) & _EIGHTS).bit_count()
            if three < sets:
                two = ((packed + _SIXES) & _EIGHTS).bit_count()
                one = ((packed + _SEVENS) & _EIGHTS).bit_count()
                if one < sets:
                    return False
                need = min(sets - three, two - three)
                need += 2 * (sets - three - need)
        else:
            need = max(0, 3 * sets - naturals)
    if runs:
        # The most gaps each run may have with the jokers left.
        allowed = (jokers - need) // runs
        if allowed < 0:
            return False
        if wrap or allowed >= 3:
            return True
        return 4 - max(b0, b1, b2, b3) <= allowed
    return need <= jokers
