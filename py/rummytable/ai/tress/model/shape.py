"""How far a model hand is from the round's contract, read quickly from its suit rows (for play-outs).

The play-out policy (:mod:`~rummytable.ai.tress.model.policy`) plays every seat of a sampled deal;
the closer it plays to the normal level, whose judgement the other players at the table follow,
the more a play-out tells about a move. The normal level measures a hand by the cards it still
lacks for the contract (:func:`~rummytable.ai.tress.eval.evaluate`, far too slow for a play-out
turn); :func:`shortfall` estimates the same from the rows with a few table look-ups (those of
:mod:`~rummytable.ai.tress.model.quick`), :func:`builds` asks whether a card lowers it (a draw, a
"take it" call) and :func:`usefulness` ranks the cards of a hand for the discard.
"""

from __future__ import annotations

from rummytable.ai.tress.model import quick
from rummytable.ai.tress.model.hand import Hand
from rummytable.ai.tress.model.state import BIT, JOKER0, RANK, SUIT

__all__ = ["JOKER_USE", "builds", "shortfall", "usefulness"]

JOKER_USE = 9
""":func:`usefulness` of a joker: more than any natural card's (a joker goes in any meld, T-8)."""


def _values(card: int) -> tuple[int, ...]:
    """The values ``card`` may take in a run: its rank, and 1 too for an ace (T-7)."""
    return (14, 1) if RANK[card] == 14 else (RANK[card],)


def _suit_bits(card: int, gap: int) -> int:
    """The bits, in ``card``'s suit row, of its suit's cards exactly ``gap`` values away."""
    bits = 0
    for other in range(JOKER0):
        if SUIT[other] == SUIT[card] and any(abs(a - b) == gap for a in _values(other) for b in _values(card)):
            bits |= BIT[other]
    return bits


_ONE = tuple(_suit_bits(card, 1) for card in range(JOKER0))
_TWO = tuple(_suit_bits(card, 2) for card in range(JOKER0))
"""Per natural card: the row bits of its suit's cards one value away, and two values away."""

_RANK_BITS = tuple(3 << (RANK[card] - 2) * 2 for card in range(JOKER0))
"""Per natural card: the two bits of its rank in any suit row (both decks' copies)."""


def _info(row: int) -> quick.RowInfo:
    """One suit row's :data:`~rummytable.ai.tress.model.quick.RowInfo` (packed rank counts, best window)."""
    info = quick.ROW_INFO.get(row)
    return info if info is not None else quick.row_info(row)


def shortfall(hand: Hand, sets: int, runs: int) -> int:
    """Estimate the cards ``hand`` (a model hand's rows) still lacks for ``sets`` sets and ``runs`` runs.

    The ``sets`` best-held ranks filled up to three (T-6), the ``runs`` best suits' best window of
    four values filled up to four (T-7), less the jokers (T-8). Cards a set and a run would share,
    two runs in one suit and the joker ratio (T-9) are not looked at: an estimate for play-outs,
    not a rule.

    :returns: cards still lacking, 0 or more.
    """
    spades, hearts, diamonds, clubs = _info(hand[0]), _info(hand[1]), _info(hand[2]), _info(hand[3])
    missing = 0
    if sets:
        low = spades[0] + hearts[0] + diamonds[0] + clubs[0]
        high = spades[1] + hearts[1] + diamonds[1] + clubs[1]
        levels = quick.LOW_LEVELS.get(low)
        if levels is None:
            levels = quick.fill_levels(low, high=False)
        up = quick.HIGH_LEVELS.get(high)
        levels += up if up is not None else quick.fill_levels(high, high=True)
        # Ranks held three times or more, twice or more, once or more (a division is cheaper than a
        # shift in Pyodide).
        three, two, one = levels % 16, levels // 16 % 16, levels // 256
        left = sets - min(sets, three)
        pairs = min(left, two - three)
        left -= pairs
        singles = min(left, one - two)
        left -= singles
        missing += pairs + 2 * singles + 3 * left
    if runs:
        # A row's windows are bits 0 .. best - 1 (quick.RowInfo): their count is its best window.
        bests = sorted((spades[2].bit_count(), hearts[2].bit_count(), diamonds[2].bit_count(),
                        clubs[2].bit_count()), reverse=True)
        missing += 4 * runs - sum(bests[:runs])
    return max(0, missing - quick.JOKER_COUNT[hand[4]])


def builds(hand: Hand, card: int, sets: int, runs: int) -> bool:
    """True when ``card`` (not in ``hand``) lowers the hand's :func:`shortfall`: a card worth drawing
    from the discard pile or calling "take it" for (T-11, T-16)."""
    before = shortfall(hand, sets, runs)
    if not before:
        return False
    grown = list(hand)
    grown[card // 26] |= BIT[card]
    return shortfall(grown, sets, runs) < before


def usefulness(hand: Hand, card: int, sets: int, runs: int) -> int:
    """How much ``card``, held in ``hand``, builds towards ``sets`` sets and ``runs`` runs (0: nothing).

    In a contract with sets: 2 when one other card of its rank is held, 3 for two or more (T-6).
    With runs: 2 for each card of its suit one value away and 1 for each two values away (both
    decks' copies count), each counted at most twice (T-7); the other copy of the card itself
    counts for nothing. A joker is
    :data:`JOKER_USE`.
    """
    if card >= JOKER0:
        return JOKER_USE
    use = 0
    if sets:
        bits = _RANK_BITS[card]
        same = ((hand[0] & bits).bit_count() + (hand[1] & bits).bit_count() + (hand[2] & bits).bit_count()
                + (hand[3] & bits).bit_count()) - 1
        use += 3 if same >= 2 else 2 if same == 1 else 0
    if runs:
        row = hand[card // 26]
        use += 2 * min(2, (row & _ONE[card]).bit_count()) + min(2, (row & _TWO[card]).bit_count())
    return use
