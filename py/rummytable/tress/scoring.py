"""Tress scoring: card values (T-2), hand totals (T-15) and the match result (T-3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummytable.cards import ACE, Card


def card_points(card: Card) -> int:
    """Penalty points of one card left in hand (T-2): 2-7 = 5, 8-K = 10, ace = 20, joker = 50."""
    if card.is_joker:
        return 50
    if card.rank == ACE:
        return 20
    return 10 if card.rank >= 8 else 5


def hand_points(cards: Iterable[Card]) -> int:
    """Total penalty points of the cards left in a hand (T-2, T-15)."""
    return sum(card_points(card) for card in cards)


def match_winners(totals: Sequence[int], round7: Sequence[int] | None = None) -> list[int]:
    """Return the winning seats, sorted: the lowest total wins, ties share the win (T-3).

    :param totals: cumulative points per seat.
    :param round7: points per seat in round 7; when given (the T-3 tie-break option),
        tied seats are separated by the fewest round-7 points, and ties remaining share.
    """
    best = min(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    if round7 is not None and len(winners) > 1:
        low = min(round7[seat] for seat in winners)
        winners = [seat for seat in winners if round7[seat] == low]
    return winners
