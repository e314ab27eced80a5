"""A quick necessary test for a lay-down, so that the exact solver runs only when one may exist.

:func:`may_meet` answers from a hand's rows (:data:`~rummytable.ai.tress.model.hand.Hand`) with a
few small-number operations and one look-up per suit in a table of suit rows filled as rows are
met (a pure function of the row, kept up to :data:`ROWS_KEPT` rows): False only when
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

The per-rank counts are packed a nibble per rank, in two numbers (ranks 2-7 and ranks 8-A) so that
none reaches 2**30 (one digit of a Python int; wider ones are slow in Pyodide). The play phase's
listing (:func:`rummytable.ai.tress.model.moves.legal_moves`) writes the same test out on the same
tables, to spare a call; ``tests/ai/test_ai_tress_model_quick.py`` checks that the two agree.
"""

from __future__ import annotations

from rummytable.ai.tress.model.hand import Hand

__all__ = ["HIGH_LEVELS", "JOKER_COUNT", "LOW_LEVELS", "ROWS_KEPT", "ROW_INFO", "WINDOW_BIT", "RowInfo", "fill_levels",
           "may_meet", "rank_counts", "row_info"]

_LOW_NIBBLES, _HIGH_NIBBLES = 6, 7
"""Ranks 2..7 (the low 12 bits of a suit row) and ranks 8..A (its high 14 bits)."""

_FIVES_LOW, _SIXES_LOW, _SEVENS_LOW, _EIGHTS_LOW = (int(digit * _LOW_NIBBLES, 16) for digit in "5678")
_FIVES_HIGH, _SIXES_HIGH, _SEVENS_HIGH, _EIGHTS_HIGH = (int(digit * _HIGH_NIBBLES, 16) for digit in "5678")
"""Added to packed counts (at most 8 a nibble, so no carry leaves a nibble), the eights' bit of a nibble
is set when its count is at least 3, 2 or 1."""

JOKER_COUNT = tuple(row.bit_count() for row in range(64))
"""Jokers in a jokers' row (six bits)."""

WINDOW_BIT = (8, 4, 2)
"""By gaps a run may have (0..2), the bit of a row's windows (:data:`RowInfo`) that says some window
of four values holds at least ``4 - gaps`` ranks: ``1 << (3 - gaps)``, looked up (a shift is slow
in Pyodide)."""


def _count_table(ranks: int) -> tuple[int, ...]:
    """Packed per-rank counts (a nibble per rank) of every ``2 * ranks``-bit piece of a suit's row."""
    table = []
    for piece in range(1 << (2 * ranks)):
        packed = 0
        for j in range(ranks):
            packed += ((piece >> (2 * j) & 1) + (piece >> (2 * j + 1) & 1)) << (4 * j)
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


_LOW_COUNTS = _count_table(_LOW_NIBBLES)
"""Ranks 2..7 of a suit's row (its low 12 bits), as packed counts (nibble ``rank - 2``)."""

_HIGH_COUNTS = _count_table(_HIGH_NIBBLES)
"""Ranks 8..A of a suit's row (its high 14 bits), as packed counts (nibble ``rank - 8``)."""

_LOW_PRESENT = _presence_table(_LOW_NIBBLES, 0)
_HIGH_PRESENT = _presence_table(_HIGH_NIBBLES, 6)
"""The same pieces as rank bit masks."""

_BEST = tuple(_best_window(present) for present in range(1 << 13))
"""Per rank bit mask of one suit: the most of its ranks any four-value window holds."""


ROWS_KEPT = 20_000
"""Most suit rows :func:`may_meet` keeps worked out (the table starts again when full)."""

RowInfo = tuple[int, int, int]
"""What :func:`may_meet` needs of one suit row: ``(low counts, high counts, windows)``: the packed
counts of ranks 2..7 and 8..A, and bits ``0 .. best - 1`` set where ``best`` is the most ranks any
four-value window of the suit holds (so that the rows' best is the OR of theirs, without ``max``)."""

ROW_INFO: dict[int, RowInfo] = {}
"""Suit row -> its :data:`RowInfo`: filled as rows are met."""


def row_info(row: int) -> RowInfo:
    """Work out a suit row's packed rank counts and best four-value window, and keep them."""
    if len(ROW_INFO) >= ROWS_KEPT:
        ROW_INFO.clear()
    low, high = row & 0xFFF, row >> 12
    found = (_LOW_COUNTS[low], _HIGH_COUNTS[high], (1 << _BEST[_LOW_PRESENT[low] | _HIGH_PRESENT[high]]) - 1)
    ROW_INFO[row] = found
    return found


LOW_LEVELS: dict[int, int] = {}
HIGH_LEVELS: dict[int, int] = {}
"""Packed counts of ranks 2..7 (of ranks 8..A) -> how many of those ranks hold 3 cards or more, 2 or
more and 1 or more, packed as ``three | two << 4 | one << 8`` (so that the two halves' add up field by
field): filled as counts are met, each kept up to :data:`ROWS_KEPT` entries."""


def _levels(packed: int, table: dict[int, int], fives: int, sixes: int, sevens: int, eights: int) -> int:
    """Work out, and keep in ``table``, the packed numbers of ranks at three, two and one card or more of
    one half's packed counts (``fives`` .. ``eights``: that half's constants)."""
    if len(table) >= ROWS_KEPT:
        table.clear()
    found = (((packed + fives) & eights).bit_count() | ((packed + sixes) & eights).bit_count() << 4
             | ((packed + sevens) & eights).bit_count() << 8)
    table[packed] = found
    return found


def fill_levels(packed: int, high: bool) -> int:
    """:data:`LOW_LEVELS` (``high`` False) or :data:`HIGH_LEVELS`'s entry for ``packed`` counts, worked out
    and kept (for a caller that found none in the table)."""
    if high:
        return _levels(packed, HIGH_LEVELS, _FIVES_HIGH, _SIXES_HIGH, _SEVENS_HIGH, _EIGHTS_HIGH)
    return _levels(packed, LOW_LEVELS, _FIVES_LOW, _SIXES_LOW, _SEVENS_LOW, _EIGHTS_LOW)


def rank_counts(hand: Hand) -> tuple[int, int]:
    """The natural cards per rank of ``hand``, packed a nibble per rank (each 0..8) in two numbers:
    ranks 2..7 (nibble ``rank - 2``) and ranks 8..A (nibble ``rank - 8``)."""
    low = high = 0
    for row in hand[:4]:
        low += _LOW_COUNTS[row & 0xFFF]
        high += _HIGH_COUNTS[row >> 12]
    return low, high


def may_meet(hand: Hand, sets: int, runs: int, wrap: bool, distinct: bool, size: int = -1) -> bool:
    """False only when ``hand`` (a model hand's rows) holds no lay-down of ``sets`` sets and ``runs`` runs.

    :param size: the number of cards in ``hand`` when the caller knows it (counted otherwise).

    See the module docstring for why a False answer is certain (T-6..T-9, T-12).
    """
    spades, hearts, diamonds, clubs, joker_row = hand
    if size < 0:
        size = spades.bit_count() + hearts.bit_count() + diamonds.bit_count() + clubs.bit_count() + \
            joker_row.bit_count()
    jokers = JOKER_COUNT[joker_row]
    if size < 3 * sets + 4 * runs or size == jokers:
        return False  # too few cards, or no natural card (T-9)
    # Each suit's row (a small number) is looked up once in the lazily filled table of rows.
    rows = ROW_INFO
    try:
        low0, high0, w0 = rows[spades]
        low1, high1, w1 = rows[hearts]
        low2, high2, w2 = rows[diamonds]
        low3, high3, w3 = rows[clubs]
    except KeyError:
        low0, high0, w0 = row_info(spades)
        low1, high1, w1 = row_info(hearts)
        low2, high2, w2 = row_info(diamonds)
        low3, high3, w3 = row_info(clubs)
    if runs and not wrap:
        # First without the sets' jokers (a weaker test, and cheaper: most hands fail it here).
        allowed = jokers // runs
        if allowed < 3 and not (w0 | w1 | w2 | w3) & WINDOW_BIT[allowed]:
            return False
    need = 0
    if sets:
        if distinct:
            low = low0 + low1 + low2 + low3
            high = high0 + high1 + high2 + high3
            # The numbers of ranks at three, two and one card or more, looked up by each half's counts.
            try:
                levels = LOW_LEVELS[low] + HIGH_LEVELS[high]
            except KeyError:
                levels = fill_levels(low, high=False) + fill_levels(high, high=True)
            three = levels % 16
            if three < sets:
                if not jokers:
                    return False  # a rank short of three cards needs a joker
                two = levels // 16 % 16  # (a division is cheaper than a shift in Pyodide)
                one = levels // 256
                if one < sets:
                    return False
                need = min(sets - three, two - three)
                need += 2 * (sets - three - need)
        else:
            need = max(0, 3 * sets - (size - jokers))
    if runs:
        # The most gaps each run may have with the jokers left.
        allowed = (jokers - need) // runs
        if allowed < 0:
            return False
        if wrap or allowed >= 3:
            return True
        # A run needs a window of ``4 - allowed`` ranks or more: bit ``3 - allowed`` of some suit's windows.
        return bool((w0 | w1 | w2 | w3) & WINDOW_BIT[allowed])
    return need <= jokers
