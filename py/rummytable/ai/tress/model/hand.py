"""The cards of the Tress search model and its hands of suit rows (see :mod:`rummytable.ai.tress.model.state`).

A card is an integer 0..109 (``(suit * 13 + rank - 2) * 2 + copy`` for a natural card, ``104 + copy``
for a joker, T-1); a :data:`Hand` is a list of five rows ``[spades, hearts, diamonds, clubs, jokers]``,
card ``c`` being bit :data:`BIT` ``[c]`` of row :data:`ROW` ``[c]``. A suit row has 26 bits (13 ranks,
two copies each) and the jokers' row 6, so no number here reaches 2**30, one digit of a Python int
(wider numbers take a slow path in Pyodide).
"""

from __future__ import annotations

from rummytable.tress.solver.search import Counts

__all__ = ["ACE", "BIT", "INDEX", "JOKER0", "RANK", "ROW", "SUIT", "Hand", "card_points", "cards_of", "counts_of",
           "hand_points", "new_hand", "rank_of_value"]

Hand = list[int]
"""A hand: its rows ``[spades, hearts, diamonds, clubs, jokers]`` (see the module docstring)."""

JOKER0 = 104
"""The first joker's number; jokers are 104..109."""

ACE = 14
"""The ace's rank (a run's high end; value 1 is the low ace, T-7)."""

_POINTS = tuple([(20 if (c // 2) % 13 + 2 == ACE else 10 if (c // 2) % 13 + 2 >= 8 else 5) for c in range(104)]
                + [50] * 6)
"""Penalty points of each card in hand (T-2): 2-7 = 5, 8-K = 10, ace = 20, joker = 50."""

RANK = tuple([(c // 2) % 13 + 2 for c in range(104)] + [0] * 6)
"""The rank (2..14) of each card; 0 for a joker."""

SUIT = tuple([c // 26 for c in range(104)] + [-1] * 6)
"""The suit index (0..3, S H D C) of each card; -1 for a joker."""

INDEX = tuple([(c // 26) * 15 + (c // 2) % 13 + 2 for c in range(104)] + [0] * 6)
"""Each natural card's index in the solver's count list (``suit * 15 + rank``)."""

ROW = tuple(c // 26 for c in range(110))
"""The row of a hand that holds each card 0..109: its suit 0..3, or 4 for the jokers."""

BIT = tuple(1 << c % 26 for c in range(110))
"""The bit of each card 0..109 in its row: ``1 << ((rank - 2) * 2 + copy)``; a joker ``1 << copy``."""

_LOW_RANKS, _HIGH_RANKS, _ACES = 0xFFF, 0xFFF000, 0x3000000
"""Bits of a suit row: ranks 2-7 (5 points each, T-2), ranks 8-K (10), the two aces (20)."""


def rank_of_value(value: int, wrap: bool) -> int:
    """The rank (2..14) at run value ``value`` (1 = low ace; with ``wrap`` any value, T-7)."""
    if value == 1:
        return ACE
    if wrap:
        return (value - 2) % 13 + 2
    return value


def card_points(card: int) -> int:
    """Penalty points of one card in hand (T-2)."""
    return _POINTS[card]


def hand_points(hand: Hand) -> int:
    """Total penalty points of the cards in ``hand`` (T-2, T-15): 2-7 = 5, 8-K = 10, ace = 20, joker = 50."""
    total = 50 * hand[4].bit_count()
    for row in hand[:4]:
        total += (5 * (row & _LOW_RANKS).bit_count() + 10 * (row & _HIGH_RANKS).bit_count()
                  + 20 * (row & _ACES).bit_count())
    return total


def new_hand(cards: list[int] | tuple[int, ...] = ()) -> Hand:
    """The :data:`Hand` holding ``cards`` (distinct cards 0..109)."""
    hand = [0, 0, 0, 0, 0]
    for card in cards:
        hand[ROW[card]] |= BIT[card]
    return hand


def cards_of(hand: Hand) -> list[int]:
    """The cards of a hand's rows, lowest number first."""
    cards = []
    for slot, row in enumerate(hand):
        base = slot * 26
        while row:
            low = row & -row
            cards.append(base + low.bit_length() - 1)
            row ^= low
    return cards


def counts_of(hand: Hand) -> Counts:
    """The solver's form of a hand (:class:`~rummytable.tress.solver.search.Counts`)."""
    cnt = [0] * 60
    rc = [0] * 15
    for suit in range(4):
        row = hand[suit]
        base = suit * 15
        while row:
            low = row & -row
            rank = (low.bit_length() + 1) // 2 + 1  # bit (rank - 2) * 2 + copy
            cnt[base + rank] += 1
            rc[rank] += 1
            row ^= low
    return Counts(cnt, rc, hand[4].bit_count())
