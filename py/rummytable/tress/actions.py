"""Tress actions: typed, frozen dataclasses with a JSON form and a readable form.

Every action is ``{"kind": ..., "seat": ..., ...}`` in JSON (docs/formats.md). The kinds:

==============  ==========================================================  =====
kind            fields                                                      rule
==============  ==========================================================  =====
draw_stock      -                                                           T-11
draw_discard    -                                                           T-11
call            optional ``card`` (must be the top discard when given)      T-16
grant           - (the drawer lets the first caller have the card)          T-17
lay_down        ``melds``: list of meld JSON                                T-12
lay_off         ``card``, ``meld`` (id), ``end`` ("low"/"high")             T-13
swap_joker      ``card``, ``meld`` (id)                                     T-10
discard         ``card``                                                    T-14
next_round      -                                                           T-5
==============  ==========================================================  =====

The drawer answers a pending claim with ``draw_discard`` (takes it himself, T-17),
``grant`` or ``draw_stock`` (which grants it, T-17). ``draw_stock``, ``draw_discard`` and
``discard`` are the actions both games share (:mod:`rummytable.actions`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from rummytable.actions import Discard, DrawDiscard, DrawStock
from rummytable.cards import Card, CardError, parse_card
from rummytable.game import Action, MalformedActionError, PlainAction
from rummytable.jsontext import quote
from rummytable.melds import End, MeldKind

__all__ = [
    "ACTION_KINDS", "Call", "Discard", "DrawDiscard", "DrawStock", "Grant", "LayDown", "LayOff", "MeldSpec",
    "NextRound", "SwapJoker", "action_from_json",
]


@dataclass(frozen=True)
class MeldSpec:
    """A meld as a player lays it: kind, cards in table order, and a run's optional start.

    Parsing a spec checks only its shape; whether the cards make a valid meld is a
    rules question (T-6..T-9), answered when the action is checked.

    :ivar kind: set or run.
    :ivar cards: the physical cards; a run's from low to high, so each joker's identity
        follows from its place (T-8).
    :ivar start: a run's first value (1 = low ace .. 14), needed only when the order
        alone is ambiguous; ``None`` otherwise and always for a set.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    start: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Return ``{"kind", "cards": [keys]}`` plus ``"start"`` when pinned."""
        data: dict[str, Any] = {"kind": self.kind.value, "cards": [c.key for c in self.cards]}
        if self.start is not None:
            data["start"] = self.start
        return data

    def __str__(self) -> str:
        """``"set 9H 9S JK"``, ``"run 4D 5D 6D 7D"``; a pinned start follows: ``"run JK 2H 3H 4H from 1"``."""
        text = f"{self.kind.value} " + " ".join(c.key for c in self.cards)
        return text if self.start is None else f"{text} from {self.start}"

    @staticmethod
    def from_words(words: str) -> MeldSpec:
        """Read back :meth:`__str__`.

        :raises MalformedActionError: for text that is no meld spec.
        """
        tokens = words.split()
        start: int | None = None
        if len(tokens) > 2 and tokens[-2] == "from":
            if not tokens[-1].isdigit():
                raise MalformedActionError(f"a run's start is a number, not {quote(tokens[-1])}")
            start, tokens = int(tokens[-1]), tokens[:-2]
        if len(tokens) < 2 or tokens[0] not in ("set", "run"):
            raise MalformedActionError(f"a meld reads 'set|run <cards>', not {quote(words)}")
        return MeldSpec.from_json({"kind": tokens[0], "cards": tokens[1:],
                                   **({} if start is None else {"start": start})})

    @staticmethod
    def from_json(data: object) -> MeldSpec:
        """Read a meld spec from JSON.

        :raises MalformedActionError: when ``data`` has the wrong shape or names no cards.
        """
        if not isinstance(data, dict):
            raise MalformedActionError(f"a meld must be an object, not {quote(data)}")
        unknown = set(data) - {"kind", "cards", "start"}
        if unknown:
            raise MalformedActionError(f"unknown meld key(s) {quote(sorted(unknown))}")
        kind = data.get("kind")
        if kind not in ("set", "run"):
            raise MalformedActionError(f"a meld's kind is 'set' or 'run', not {quote(kind)}")
        cards = _cards(data.get("cards"), "meld cards")
        start = data.get("start")
        if start is not None:
            if kind == "set":
                raise MalformedActionError("only a run has a start value")
            if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= 14:
                raise MalformedActionError(f"a run's start is 1..14, not {quote(start)}")
        return MeldSpec(MeldKind(kind), tuple(cards), start)


@dataclass(frozen=True)
class Call(Action):
    """Call "take it" for the top discard, out of turn (T-16).

    :ivar card: when given, the call is only for this card (guards against a call that
        arrives after the top discard changed); ``None`` means the current top.
    """

    KIND: ClassVar[str] = "call"
    ORDER: ClassVar[int] = 3
    card: Card | None = None

    def fields_json(self) -> dict[str, Any]:
        """``{"card": key}`` when the card is named, else nothing."""
        return {} if self.card is None else {"card": self.card.key}

    def describe(self) -> str:
        """"take it", with the card when named."""
        return "take it" + ("" if self.card is None else f" {self.card.key}")

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """``"take it"`` or ``"take it 9H"``.

        :raises MalformedActionError: for anything else.
        """
        if words == "take it":
            return cls(seat)
        if not words.startswith("take it "):
            raise MalformedActionError(f"call: reads 'take it [card]', not {quote(words)}")
        return cls(seat, cls.card_of(words[len("take it "):], cls.KIND))


@dataclass(frozen=True)
class Grant(PlainAction):
    """The drawer lets the first caller have the top discard (T-17)."""

    KIND: ClassVar[str] = "grant"
    ORDER: ClassVar[int] = 4


@dataclass(frozen=True)
class LayDown(Action):
    """Lay down melds (T-12; round 7: all cards, T-20; extra melds with the T-12 option).

    :ivar melds: the melds in the order given.
    """

    KIND: ClassVar[str] = "lay_down"
    ORDER: ClassVar[int] = 5
    melds: tuple[MeldSpec, ...]

    def fields_json(self) -> dict[str, Any]:
        """``{"melds": [meld JSON]}``."""
        return {"melds": [m.to_json() for m in self.melds]}

    def describe(self) -> str:
        """The melds (:meth:`MeldSpec.__str__`), separated by ``|``."""
        return " | ".join(str(m) for m in self.melds)

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """``"set 9H 9S 9C | run 4D 5D 6D 7D"``.

        :raises MalformedActionError: for text that is no list of melds.
        """
        if not words:
            raise MalformedActionError("lay_down: no melds")
        return cls(seat, tuple(MeldSpec.from_words(part) for part in words.split(" | ")))


@dataclass(frozen=True)
class LayOff(Action):
    """Lay one card off on a meld on the table (T-13); a joker's identity follows from ``end`` (T-8).

    :ivar card: the card from the hand. :ivar meld: the table meld's id.
    :ivar end: where it joins a run; sets take ``End.HIGH``.
    """

    KIND: ClassVar[str] = "lay_off"
    ORDER: ClassVar[int] = 6
    card: Card
    meld: int
    end: End

    def fields_json(self) -> dict[str, Any]:
        """``{"card": key, "meld": id, "end": "low"|"high"}``."""
        return {"card": self.card.key, "meld": self.meld, "end": self.end.value}

    def sort_key(self) -> tuple[int, int, str]:
        """Same order as :meth:`Action.sort_key`, built without the JSON encoder (legal-move hot path)."""
        return (self.seat, self.ORDER, f'{{"card": "{self.card.key}", "end": "{self.end.value}", "meld": {self.meld}}}')

    def describe(self) -> str:
        """E.g. ``"4D on meld 2 (high)"``."""
        return f"{self.card.key} on meld {self.meld} ({self.end.value})"

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """``"4D on meld 2 (high)"``.

        :raises MalformedActionError: for anything else.
        """
        found = re.fullmatch(r"(\S+) on meld (\d+) \((low|high)\)", words)
        if found is None:
            raise MalformedActionError(f"lay_off: reads '<card> on meld <id> (low|high)', not {quote(words)}")
        return cls(seat, cls.card_of(found[1], cls.KIND), int(found[2]), End(found[3]))


@dataclass(frozen=True)
class SwapJoker(Action):
    """Put a natural card in place of the joker standing for it in a run, take the joker (T-10 option).

    :ivar card: the natural card from the hand. :ivar meld: the run's id.
    """

    KIND: ClassVar[str] = "swap_joker"
    ORDER: ClassVar[int] = 7
    card: Card
    meld: int

    def fields_json(self) -> dict[str, Any]:
        """``{"card": key, "meld": id}``."""
        return {"card": self.card.key, "meld": self.meld}

    def sort_key(self) -> tuple[int, int, str]:
        """Same order as :meth:`Action.sort_key`, built without the JSON encoder (legal-move hot path)."""
        return (self.seat, self.ORDER, f'{{"card": "{self.card.key}", "meld": {self.meld}}}')

    def describe(self) -> str:
        """E.g. ``"6H for the joker in meld 2"``."""
        return f"{self.card.key} for the joker in meld {self.meld}"

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """``"6H for the joker in meld 2"``.

        :raises MalformedActionError: for anything else.
        """
        found = re.fullmatch(r"(\S+) for the joker in meld (\d+)", words)
        if found is None:
            raise MalformedActionError(f"swap_joker: reads '<card> for the joker in meld <id>', not {quote(words)}")
        return cls(seat, cls.card_of(found[1], cls.KIND), int(found[2]))


@dataclass(frozen=True)
class NextRound(PlainAction):
    """Deal the next round after the score sheet was shown (T-5); any seat may take it."""

    KIND: ClassVar[str] = "next_round"
    ORDER: ClassVar[int] = 9


ACTION_KINDS: dict[str, type[Action]] = {
    cls.KIND: cls
    for cls in (DrawStock, DrawDiscard, Call, Grant, LayDown, LayOff, SwapJoker, Discard, NextRound)
}
"""Action classes by their JSON kind."""

_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "draw_stock": (set(), set()),
    "draw_discard": (set(), set()),
    "call": (set(), {"card"}),
    "grant": (set(), set()),
    "lay_down": ({"melds"}, set()),
    "lay_off": ({"card", "meld", "end"}, set()),
    "swap_joker": ({"card", "meld"}, set()),
    "discard": ({"card"}, set()),
    "next_round": (set(), set()),
}


def action_from_json(data: object, players: int) -> Action:
    """Parse a Tress action from JSON for a table of ``players`` seats.

    :raises MalformedActionError: for a non-object, an unknown kind, missing or unknown
        fields, a seat out of range, a bad card key, meld id or end.
    """
    if not isinstance(data, dict):
        raise MalformedActionError(f"an action must be an object, not {quote(data)}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in ACTION_KINDS:
        raise MalformedActionError(f"unknown Tress action kind {quote(kind)}; known: {', '.join(ACTION_KINDS)}")
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise MalformedActionError(f"{kind}: seat must be 0..{players - 1}, not {quote(seat)}")
    required, optional = _FIELDS[kind]
    given = set(data) - {"kind", "seat"}
    if required - given:
        raise MalformedActionError(f"{kind}: missing {sorted(required - given)}")
    if given - required - optional:
        raise MalformedActionError(f"{kind}: unknown field(s) {quote(sorted(given - required - optional))}")
    if kind == "call":
        return Call(seat, _card(data["card"]) if "card" in data else None)
    if kind == "lay_down":
        melds = data["melds"]
        if not isinstance(melds, list) or not melds:
            raise MalformedActionError("lay_down: melds must be a non-empty list")
        return LayDown(seat, tuple(MeldSpec.from_json(m) for m in melds))
    if kind == "lay_off":
        end = data["end"]
        if end not in ("low", "high"):
            raise MalformedActionError(f"lay_off: end is 'low' or 'high', not {quote(end)}")
        return LayOff(seat, _card(data["card"]), _meld_id(data["meld"]), End(end))
    if kind == "swap_joker":
        return SwapJoker(seat, _card(data["card"]), _meld_id(data["meld"]))
    if kind == "discard":
        return Discard(seat, _card(data["card"]))
    simple: dict[str, type[DrawStock | DrawDiscard | Grant | NextRound]] = {
        "draw_stock": DrawStock, "draw_discard": DrawDiscard, "grant": Grant, "next_round": NextRound}
    return simple[kind](seat)


def _card(value: object) -> Card:
    if not isinstance(value, str):
        raise MalformedActionError(f"a card is a key such as '9H' or 'JK.1', not {quote(value)}")
    try:
        return parse_card(value)
    except CardError as exc:
        raise MalformedActionError(str(exc)) from exc


def _cards(value: object, what: str) -> list[Card]:
    if not isinstance(value, list) or not value:
        raise MalformedActionError(f"{what} must be a non-empty list of card keys, not {quote(value)}")
    return [_card(v) for v in value]


def _meld_id(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MalformedActionError(f"a meld id is a whole number >= 0, not {quote(value)}")
    return value

