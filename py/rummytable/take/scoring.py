"""Take card values and hand scoring (K-2, K-17).

All values are points. A card in hand counts its face value (joker 20, ace 15, 10-K 10,
2-9 5); a card in a sequence counts the same, except where the options say otherwise
(a joker worth what it stands for, a low ace worth 5).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummytable.cards import ACE, LOW_ACE, Card
from rummytable.take.options import JokerValue, TakeOptions
from rummytable.take.table import TableSequence

__all__ = [
    "JOKER_POINTS", "card_points", "hand_points", "hand_scores", "rank_points", "sequence_points", "table_points",
]

JOKER_POINTS = 20
"""A joker's value (K-2)."""


def rank_points(rank: int) -> int:
    """Points of a natural rank 2..14 (K-2): ace 15, 10-K 10, 2-9 5."""
    if rank == ACE:
        return 15
    return 10 if rank >= 10 else 5


def card_points(card: Card) -> int:
    """Points of a card in hand (K-2, K-17): joker 20, else :func:`rank_points`."""
    return JOKER_POINTS if card.is_joker else rank_points(card.rank)


def hand_points(cards: Iterable[Card]) -> int:
    """Total points of cards held in hand (subtracted from the holder's score, K-17)."""
    return sum(card_points(card) for card in cards)


def sequence_points(seq: TableSequence, options: TakeOptions) -> int:
    """Points a sequence is worth to its owner (K-17 with the K-2 options)."""
    meld = seq.meld
    total = 0
    for index, card in enumerate(meld.cards):
        value = meld.start + index
        if card.is_joker and options.joker_value is JokerValue.TWENTY:
            total += JOKER_POINTS
        elif value == LOW_ACE:
            total += 5 if options.low_ace_five else 15
        else:
            total += rank_points(value)
    return total


def table_points(sequences: Iterable[TableSequence], seat: int, options: TakeOptions) -> int:
    """Points of every sequence ``seat`` owns now (K-17)."""
    return sum(sequence_points(seq, options) for seq in sequences if seq.owner == seat)


def hand_scores(sequences: Sequence[TableSequence], hands: Sequence[Sequence[Card]],
                options: TakeOptions) -> list[int]:
    """Each seat's score for the hand: sequences owned minus cards held (K-17); may be negative."""
    return [table_points(sequences, seat, options) - hand_points(hand) for seat, hand in enumerate(hands)]
