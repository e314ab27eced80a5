"""A quick necessary test for a lay-down, so that the exact solver runs only when one may exist.

:func:`may_meet` answers from a hand's bit set with a few whole-number operations: False only when
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

__all__ = ["may_meet", "rank_counts"]

_EVEN = sum(1 << p for p in range(0, 104, 2))
"""The copy-0 bit of every natural face."""

_START = sum(1 << (26 * s + 2 * (r - 2)) for s in range(4) for r in range(2, 12))
"""The face bits of ranks 2..J: where a window of four within one suit can start."""

_TWOS = sum(1 << (26 * s) for s in range(4))
"""The face bits of the twos (the low-ace window A-2-3-4 is kept at the two's place)."""

_ACES = sum(1 << (26 * s + 24) for s in range(4))
"""The face bits of the aces."""

_NIBBLES = 13
_SEVENS = int("7" * _NIBBLES, 16)
_SIXES = int("6" * _NIBBLES, 16)
_FIVES = int("5" * _NIBBLES, 16)
_EIGHTS = int("8" * _NIBBLES, 16)


def _table(ranks: int, first: int) -> tuple[int, ...]:
    """Packed per-rank counts (a nibble per rank) of every ``2 * ranks``-bit piece of a suit's row."""
    table = []
    for piece in range(1 << (2 * ranks)):
        packed = 0
        for j in range(ranks):
            packed += ((piece >> (2 * j) & 1) + (piece >> (2 * j + 1) & 1)) << (4 * (first + j))
        table.append(packed)
    return tuple(table)


_LOW = _table(6, 0)
"""Ranks 2..7 of a suit's row (12 bits)."""

_HIGH = _table(7, 6)
"""Ranks 8..A of a suit's row (14 bits)."""


def rank_counts(hand: int) -> int:
    """The natural cards per rank of ``hand``, packed: nibble ``rank - 2`` holds how many (0..8)."""
    low, high = _LOW, _HIGH
    # Unrolled over the four suits' 26-bit rows (a loop costs more than the lookups here).
    return (low[hand & 0xFFF] + high[hand >> 12 & 0x3FFF] + low[hand >> 26 & 0xFFF] + high[hand >> 38 & 0x3FFF]
            + low[hand >> 52 & 0xFFF] + high[hand >> 64 & 0x3FFF] + low[hand >> 78 & 0xFFF]
            + high[hand >> 90 & 0x3FFF])


def may_meet(hand: int, sets: int, runs: int, wrap: bool, distinct: bool) -> bool:
    """False only when ``hand`` (a model bit set) holds no lay-down of ``sets`` sets and ``runs`` runs.

    See the module docstring for why a False answer is certain.
    """
    jokers = (hand >> 104).bit_count()
    naturals = hand.bit_count() - jokers
    if naturals + jokers < 3 * sets + 4 * runs:
        return False
    need = 0
    if sets:
        packed = rank_counts(hand)
        if distinct:
            three = ((packed + _FIVES) & _EIGHTS).bit_count()
            two = ((packed + _SIXES) & _EIGHTS).bit_count()
            one = ((packed + _SEVENS) & _EIGHTS).bit_count()
            if one < sets:
                return False
            if three < sets:
                need = min(sets - three, two - three)
                need += 2 * (sets - three - need)
        else:
            need = max(0, 3 * sets - naturals)
    if runs:
        faces = (hand | hand >> 1) & _EVEN
        if not faces:
            return False
        # The most gaps each run may have with the jokers left: one window test, not a cascade.
        allowed = (jokers - need) // runs
        if allowed < 0:
            return False
        if wrap or allowed >= 3:
            return True
        a, b, c, d = faces, faces >> 2, faces >> 4, faces >> 6
        low_a, low_b, low_c, low_d = (faces & _ACES) >> 24, faces, faces >> 2, faces >> 4
        if allowed == 0:
            return bool(a & b & c & d & _START or low_a & low_b & low_c & low_d & _TWOS)
        if allowed == 1:
            return bool((a & b & (c | d) | c & d & (a | b)) & _START
                        or (low_a & low_b & (low_c | low_d) | low_c & low_d & (low_a | low_b)) & _TWOS)
        return bool((a & (b | c | d) | b & (c | d) | c & d) & _START
                    or (low_a & (low_b | low_c | low_d) | low_b & (low_c | low_d) | low_c & low_d) & _TWOS)
    return need <= jokers
