"""The actions both games share: draw from the stock, draw from the discard pile, discard.

They have one JSON form (``{"kind": "draw_stock" | "draw_discard" | "discard", "seat", ["card"]}``,
docs/formats.md) and one readable form (``"P2 draw stock"``, ``"P1 discard 9H"``) in every game.
The rules behind them are each game's: Tress T-11 and T-14 (docs/rules-tress.md), Take K-8 and
K-10 (docs/rules-take.md). A game lists its actions in its own order: the discards of Take sort by
rank like its other plays (:class:`rummytable.take.actions.Discard`), Tress's by their JSON text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rummytable.cards import Card
from rummytable.game import Action, PlainAction

__all__ = ["Discard", "DrawDiscard", "DrawStock"]


@dataclass(frozen=True)
class DrawStock(PlainAction):
    """Draw the top card of the stock (Tress T-11, Take K-8); in Tress with a claim pending this grants it (T-17)."""

    KIND: ClassVar[str] = "draw_stock"
    ORDER: ClassVar[int] = 1


@dataclass(frozen=True)
class DrawDiscard(PlainAction):
    """Take the top card of the discard pile as the draw (Tress T-11, Take K-8).

    In Tress this is also the drawer's answer "take it myself" to a claim (T-17); in Take the
    card may not be discarded in the same turn (K-10).
    """

    KIND: ClassVar[str] = "draw_discard"
    ORDER: ClassVar[int] = 2


@dataclass(frozen=True)
class Discard(Action):
    """End the turn by discarding one card from the hand (Tress T-14, Take K-10).

    :ivar card: the card from the hand.
    """

    KIND: ClassVar[str] = "discard"
    ORDER: ClassVar[int] = 8
    card: Card

    def fields_json(self) -> dict[str, Any]:
        """``{"card": key}``."""
        return {"card": self.card.key}

    def sort_key(self) -> tuple[int, int, str]:
        """(seat, kind order, :meth:`card_order`), built without the JSON encoder (legal-move hot path)."""
        return (self.seat, self.ORDER, self.card_order(self.card))

    @staticmethod
    def card_order(card: Card) -> str:
        """The text discards sort by among themselves: the JSON of the fields, as for every action."""
        return f'{{"card": "{card.key}"}}'

    def describe(self) -> str:
        """The card's key."""
        return self.card.key

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """``"9H"``: the card's key.

        :raises MalformedActionError: for anything else.
        """
        return cls(seat, cls.card_of(words, cls.KIND))
