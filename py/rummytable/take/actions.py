"""Take actions: typed, with a JSON form and a readable form (K-8..K-10, K-16).

JSON envelope (the same for every game): ``{"kind": ..., "seat": int, ...fields}``.
Legal actions sort by seat, then kind in the order of the table below, then (their own
:meth:`sort_key`) sequence id, end and cards by rank, suit and copy; jokers sort first.

=============  ===========================================================  ==========
kind           fields                                                       phase
=============  ===========================================================  ==========
draw_stock     -                                                            draw
draw_discard   -                                                            draw
lay_down       ``cards`` [keys, low->high], optional ``start`` (int)        play
extend         ``meld`` id,    ``cards`` [keys, table order], ``end``      play
discard        ``card`` key                                                 play
next_hand      -                                                            round_over
=============  ===========================================================  ==========
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from rummytable import actions
from rummytable.actions import DrawDiscard, DrawStock
from rummytable.cards import SUITS, Card, CardError, parse_card
from rummytable.game import Action, MalformedActionError, PlainAction
from rummytable.jsontext import quote
from rummytable.melds import End

__all__ = [
    "ACTION_TYPES", "Discard", "DrawDiscard", "DrawStock", "Extend", "LayDown", "NextHand",
    "action_from_json",
]


def _faces(cards: tuple[Card, ...]) -> str:
    return " ".join(card.key for card in cards)


_CODES: dict[Card, str] = {}


def _code(card: Card) -> str:
    """A fixed-width (4 characters) text that sorts cards by rank, suit, copy: jokers first."""
    code = _CODES.get(card)
    if code is None:
        suit = "0" if card.suit is None else str(SUITS.index(card.suit) + 1)
        code = _CODES[card] = f"{card.rank:02d}{suit}{card.copy}"
    return code


def _codes(cards: tuple[Card, ...]) -> str:
    return "".join(_code(card) for card in cards)


@dataclass(frozen=True)
class LayDown(Action):
    """Lay down a new sequence from hand (K-9).

    :ivar cards: the cards in table order, low to high; each joker's identity follows
        from its place (K-5).
    :ivar start: optional run value of the first card (1 = low ace .. 12); when given it
        must agree with the cards. In Take the order alone always decides it.
    """

    KIND: ClassVar[str] = "lay_down"
    ORDER: ClassVar[int] = 3
    cards: tuple[Card, ...]
    start: int | None = None

    def fields_json(self) -> dict[str, Any]:
        """``{"cards": [keys]}`` plus ``"start"`` when given."""
        data: dict[str, Any] = {"cards": [card.key for card in self.cards]}
        if self.start is not None:
            data["start"] = self.start
        return data

    def sort_key(self) -> tuple[int, int, str]:
        """(seat, kind order, the cards in table order by rank, suit, copy)."""
        return (self.seat, self.ORDER, _codes(self.cards))

    def describe(self) -> str:
        """The cards in table order, e.g. ``5C JK 7C``; a given start follows: ``JK 2H 3H from 1``."""
        return _faces(self.cards) if self.start is None else f"{_faces(self.cards)} from {self.start}"

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """``"5C JK 7C"`` or ``"JK 2H 3H from 1"``.

        :raises MalformedActionError: for anything else.
        """
        tokens = words.split()
        start: int | None = None
        if len(tokens) > 2 and tokens[-2] == "from" and tokens[-1].isdigit():
            start, tokens = int(tokens[-1]), tokens[:-2]
        if not tokens:
            raise MalformedActionError("lay_down: no cards")
        return cls(seat, tuple(cls.card_of(token, cls.KIND) for token in tokens), start)


@dataclass(frozen=True)
class Extend(Action):
    """Add a block of cards at one end of a sequence on the table (K-9, K-11..K-14).

    :ivar meld: the sequence's id.
    :ivar cards: the added cards in table order (low to high), whichever end they join.
    :ivar end: :attr:`End.LOW` (below the bottom) or :attr:`End.HIGH` (above the top).
    """

    KIND: ClassVar[str] = "extend"
    ORDER: ClassVar[int] = 4
    meld: int
    cards: tuple[Card, ...]
    end: End

    def fields_json(self) -> dict[str, Any]:
        """``{"meld": id, "cards": [keys], "end": "low"|"high"}``."""
        return {"meld": self.meld, "cards": [card.key for card in self.cards], "end": self.end.value}

    def sort_key(self) -> tuple[int, int, str]:
        """(seat, kind order, then sequence id, end (high before low), cards)."""
        return (self.seat, self.ORDER, f"{self.meld:06d}{self.end.value}{_codes(self.cards)}")

    def describe(self) -> str:
        """E.g. ``#3 high: 9H 10H``."""
        return f"#{self.meld} {self.end.value}: {_faces(self.cards)}"

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """``"#2 low: JK 4H"``.

        :raises MalformedActionError: for anything else.
        """
        found = re.fullmatch(r"#(\d+) (low|high): (.+)", words)
        if found is None:
            raise MalformedActionError(f"extend: reads '#<id> low|high: <cards>', not {quote(words)}")
        return cls(seat, int(found[1]), tuple(cls.card_of(t, cls.KIND) for t in found[3].split()), End(found[2]))


@dataclass(frozen=True)
class Discard(actions.Discard):
    """Discard one card, ending the turn (K-10); the last card ends the hand (K-16).

    The shared discard (:class:`rummytable.actions.Discard`), listed among Take's plays by rank,
    suit and copy like the cards of its lay-downs and extensions.
    """

    ORDER: ClassVar[int] = 5

    @staticmethod
    def card_order(card: Card) -> str:
        """The card by rank, suit and copy (jokers first)."""
        return _code(card)


@dataclass(frozen=True)
class NextHand(PlainAction):
    """Leave the score sheet after a hand and deal the next one (K-3). Any seat may send it."""

    KIND: ClassVar[str] = "next_hand"
    ORDER: ClassVar[int] = 6


ACTION_TYPES: dict[str, type[Action]] = {
    cls.KIND: cls for cls in (DrawStock, DrawDiscard, LayDown, Extend, Discard, NextHand)
}
"""Every Take action class by its JSON ``kind``."""

_FIELDS: dict[str, set[str]] = {
    "draw_stock": set(), "draw_discard": set(), "next_hand": set(),
    "lay_down": {"cards", "start"}, "extend": {"meld", "cards", "end"}, "discard": {"card"},
}
_REQUIRED: dict[str, set[str]] = {
    "draw_stock": set(), "draw_discard": set(), "next_hand": set(),
    "lay_down": {"cards"}, "extend": {"meld", "cards", "end"}, "discard": {"card"},
}


def _int(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedActionError(f"take action field {key!r} must be a whole number, not {quote(value)}")
    return value


def _cards(value: object) -> tuple[Card, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(item, str) for item in value):
        raise MalformedActionError(f"take action 'cards' must be a non-empty list of card keys, not {quote(value)}")
    try:
        return tuple(parse_card(item) for item in value)
    except CardError as exc:
        raise MalformedActionError(str(exc)) from exc


def action_from_json(data: object, players: int) -> Action:
    """Parse a Take action from its JSON form (see the module table).

    :param data: the decoded JSON.
    :param players: the number of seats (the seat must be 0..players-1).
    :returns: the typed action (not yet checked against the rules).
    :raises MalformedActionError: for anything that is not a Take action: not an object,
        unknown kind, missing or unknown fields, wrong types, bad card keys, a seat out
        of range, an end other than "low"/"high".
    """
    if not isinstance(data, dict):
        raise MalformedActionError(f"a take action must be a JSON object, not {quote(data)}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise MalformedActionError(f"unknown take action kind {quote(kind)}; known: {', '.join(sorted(ACTION_TYPES))}")
    extra = set(data) - {"kind", "seat"} - _FIELDS[kind]
    missing = ({"seat"} | _REQUIRED[kind]) - set(data)
    if extra or missing:
        raise MalformedActionError(
            f"take action {kind!r}: unknown fields {quote(sorted(extra))}, missing fields {sorted(missing)}")
    seat = _int(data, "seat")
    if not 0 <= seat < players:
        raise MalformedActionError(f"take action {kind!r}: no seat {quote(seat)} in a {players}-player game")
    if kind == "lay_down":
        start = data.get("start")
        if start is not None:
            start = _int(data, "start")
        return LayDown(seat, _cards(data["cards"]), start)
    if kind == "extend":
        end = data["end"]
        if end not in ("low", "high"):
            raise MalformedActionError(f"take action 'extend': end must be 'low' or 'high', not {quote(end)}")
        return Extend(seat, _int(data, "meld"), _cards(data["cards"]), End(end))
    if kind == "discard":
        card = data["card"]
        if not isinstance(card, str):
            raise MalformedActionError(f"take action 'discard': card must be a card key, not {quote(card)}")
        try:
            return Discard(seat, parse_card(card))
        except CardError as exc:
            raise MalformedActionError(str(exc)) from exc
    return ACTION_TYPES[kind](seat)
