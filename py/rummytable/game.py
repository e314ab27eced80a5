"""Machinery shared by every game: phases, actions, events, errors, chance and the Game interface.

Each game (:mod:`rummytable.tress.game`, :mod:`rummytable.take.game`) subclasses :class:`Game`
and defines its own :class:`Action` subclasses. The contract, for every game:

* ``legal_actions(seat)`` lists that seat's legal actions in a stable sorted order
  (:meth:`Action.sort_key`); out-of-turn actions (Tress claims) are listed for the
  seats that may make them. ``action in legal_actions(seat)`` asks the rules, and
  ``.complete`` says whether equivalent variants were left out of the listing.
* ``parse(text)`` reads an action in the readable form ``str(action)`` writes
  (``"P3 discard 9H"``); ``apply_unchecked(action)`` is the search's fast path that skips the
  rule checks (see its warning).
* ``apply(action)`` validates first; an illegal action raises :class:`IllegalActionError`
  (malformed input :class:`MalformedActionError`) naming the action, the phase and the
  rule id, and leaves the game unchanged. A legal one returns the list of
  :class:`Event` objects the page animates.
* ``view(seat)`` is JSON-ready and holds only what that seat may see.
* ``to_position()``/``from_position()`` save and load the whole game as versioned JSON;
  ``replay(options, seed, actions)`` rebuilds a game from its history.

Chance is deterministic: every shuffle draws from :func:`chance_rng`, seeded by the
game seed and a label (``"deal/3"``, ``"restock/3/1"``), so a position only needs the
seed and counters, never a generator's internal state.
"""

from __future__ import annotations

import abc
import enum
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from rummytable.cards import Card, CardError, parse_card
from rummytable.jsontext import JSONTextError, parse, quote

POSITION_SCHEMA = 1
"""Version of the position (saved game) format; see docs/formats.md."""


class Phase(str, enum.Enum):
    """Where a game stands; each game uses the phases it needs.

    ``DRAW``: the player to move must draw (Tress: calls of "take it" are open).
    ``CLAIM``: Tress only: a call is pending and the player due to draw must answer.
    ``PLAY``: the player to move may meld and must discard.
    ``ROUND_OVER``: a round (Tress) or hand (Take) has been scored; next is a deal.
    ``MATCH_OVER``: the match is decided.
    """

    DRAW = "draw"
    CLAIM = "claim"
    PLAY = "play"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


class RulesError(ValueError):
    """Base class of errors about actions: every one is a :class:`ValueError`."""


class MalformedActionError(RulesError):
    """The input is not an action of this game at all (bad JSON shape, unknown kind, bad card)."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules forbid now.

    The message names the action, the rule id and the phase, e.g.
    ``"P2 discard 9S: you may not discard the card taken from the discard pile this turn
    (rule T-14, phase play)"``.

    :ivar action: the offending action.
    :ivar rule: the rule id (``"T-14"``, ``"K-10"``; ``"turn"`` for acting out of turn).
    :ivar phase: the phase the game was in.
    :ivar reason: the plain-words reason, without the decorations.
    """

    def __init__(self, action: Action, reason: str, rule: str, phase: Phase) -> None:
        super().__init__(f"{action}: {reason} (rule {rule}, phase {phase.value})")
        self.action = action
        self.reason = reason
        self.rule = rule
        self.phase = phase


class OptionsError(ValueError):
    """Invalid game options: unknown keys, bad values or combinations that cannot be played."""


class PositionError(ValueError):
    """A position (saved game) that cannot be loaded: malformed, inconsistent or from another schema."""


@dataclass(frozen=True)
class Action(abc.ABC):
    """A move by one seat. Subclasses are frozen dataclasses with a class-level ``KIND``.

    Every action has three faces: the object, a JSON dict (:meth:`to_json`, read back
    by the game's ``action_from_json``) and a readable string for logs (``str``).

    :ivar seat: the acting seat, 0-based (seat 0 is shown as P1).
    """

    KIND: ClassVar[str] = ""
    ORDER: ClassVar[int] = 0
    seat: int

    @abc.abstractmethod
    def fields_json(self) -> dict[str, Any]:
        """Return the action's own fields (everything but kind and seat) as JSON data."""

    def to_json(self) -> dict[str, Any]:
        """Return ``{"kind": KIND, "seat": seat, ...fields}``."""
        return {"kind": self.KIND, "seat": self.seat, **self.fields_json()}

    def sort_key(self) -> tuple[int, int, str]:
        """Stable order of legal actions: by seat, by kind (``ORDER``), then by JSON text."""
        return (self.seat, self.ORDER, json.dumps(self.fields_json(), sort_keys=True))

    def describe(self) -> str:
        """Readable words for the fields, e.g. ``"9H"``; the base class gives the JSON."""
        return json.dumps(self.fields_json(), sort_keys=True)

    def __str__(self) -> str:
        text = self.describe()
        return f"P{self.seat + 1} {self.KIND.replace('_', ' ')}" + (f" {text}" if text else "")

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """Read back what :meth:`describe` writes: ``words`` is the text after the kind.

        :param seat: the acting seat (0-based). :returns: the action (not checked against the rules).
        :raises MalformedActionError: when ``words`` is not this kind's readable form.
        """
        raise MalformedActionError(f"{cls.KIND} has no readable form to read back")

    @staticmethod
    def card_of(word: str, kind: str) -> Card:
        """A card key of a readable action (``"9H"``, ``"JK.1"``).

        :raises MalformedActionError: naming ``kind`` when ``word`` is no card key.
        """
        try:
            return parse_card(word)
        except CardError as exc:
            raise MalformedActionError(f"{kind}: {exc}") from None


@dataclass(frozen=True)
class PlainAction(Action):
    """An action with no fields of its own (draw from the stock, grant a claim, next round...)."""

    def fields_json(self) -> dict[str, Any]:
        """No fields: ``{}``."""
        return {}

    def describe(self) -> str:
        """Nothing to add to the kind."""
        return ""

    @classmethod
    def from_words(cls, seat: int, words: str) -> Action:
        """The action of ``seat``; nothing may follow the kind.

        :raises MalformedActionError: when words follow.
        """
        if words:
            raise MalformedActionError(f"{cls.KIND}: nothing follows the kind, not {quote(words)}")
        return cls(seat)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the page to animate and log.

    :ivar kind: e.g. ``"card_moved"``, ``"meld_created"``, ``"claim_granted"``,
        ``"sequence_taken_over"``, ``"round_scored"``.
    :ivar data: JSON-ready details (seats, card keys, meld ids, points).
    :ivar owner: the seat allowed to see the ``secret`` keys of ``data``, if any.
    :ivar secret: keys of ``data`` hidden from every seat but ``owner``.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    owner: int | None = None
    secret: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Return ``{"kind": kind, ...data}`` with nothing hidden (for tests and logs)."""
        return {"kind": self.kind, **self.data}

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """Return the event as ``seat`` may see it.

        Keys named in ``secret`` (e.g. the card drawn from the stock) are shown only
        to ``owner``; everyone else gets ``None`` in their place. ``seat=None`` is a
        spectator, who sees no secret.
        """
        data = self.to_json()
        if self.owner is not None and seat != self.owner:
            for key in self.secret:
                if key in data:
                    data[key] = None
        return data


def chance_rng(seed: int, *labels: object) -> random.Random:
    """Return a fresh generator for one chance event, from the game seed and labels.

    ``chance_rng(seed, "deal", 3)`` always gives the same shuffle for round 3, on
    CPython and Pyodide alike (string seeds are hashed with SHA-512 by :mod:`random`).
    """
    return random.Random("/".join(str(part) for part in (seed, *labels)))


G = TypeVar("G", bound="Game")


class LegalActions(list[Action]):
    """What :meth:`Game.legal_actions` returns: the listed actions of one seat, in their stable order.

    A list in every way but two. ``action in legal`` asks the rules (:meth:`Game.is_legal`) for an
    action of that seat, so it is true for every legal action, listed or not (a Tress lay-down with
    another copy of a card, a Take sequence with its ``start`` written out). :attr:`complete` says
    whether the listing holds every legal action of the seat; when it is False, some legal actions
    are left out as equivalent variants of listed ones (docs/formats.md, "Order of legal_actions").

    :ivar seat: the seat listed.
    """

    def __init__(self, actions: Sequence[Action], game: Game, seat: int,
                 leaves_out: Callable[[Sequence[Action]], bool]) -> None:
        """List ``actions`` of ``seat`` in ``game`` as they stand now.

        :param leaves_out: tells from the listed actions whether equivalent variants were left
            out; asked only when :attr:`complete` is read (listing is the search's hot path).
        """
        super().__init__(actions)
        self.seat = seat
        self._game = game
        self._moves = len(game.history)
        self._leaves_out = leaves_out

    @property
    def complete(self) -> bool:
        """True when no legal action of the seat is left out of the listing.

        :raises RuntimeError: when the game has moved on since the listing.
        """
        self._require_unmoved()
        return not self._leaves_out(self)

    def _require_unmoved(self) -> None:
        if len(self._game.history) != self._moves:
            raise RuntimeError("the game has moved on since these legal actions were listed")

    def __contains__(self, item: object) -> bool:
        """For an action: whether the rules allow it to this seat now; else list membership.

        :raises RuntimeError: when the game has moved on since the listing (the answer would be
            about another position).
        """
        if not isinstance(item, Action):
            return super().__contains__(item)
        self._require_unmoved()
        return item.seat == self.seat and self._game.is_legal(item)


class Game(abc.ABC):
    """The interface every game engine implements (see the module docstring).

    :cvar NAME: the game's id in JSON (``"tress"``, ``"take"``).
    """

    NAME: ClassVar[str] = ""
    ACTIONS: ClassVar[Mapping[str, type[Action]]] = {}
    """The game's action classes by JSON kind (:meth:`parse` reads their readable forms)."""

    history: list[Action]

    @classmethod
    @abc.abstractmethod
    def new(cls: type[G], options: Any, seed: int) -> G:
        """Start a match with ``options`` (the game's options object or its JSON dict) and ``seed``.

        :raises OptionsError: for invalid options.
        """

    @abc.abstractmethod
    def copy(self: G) -> G:
        """Return an independent copy of the match (state, history and RNG); the original is untouched by it."""

    @property
    @abc.abstractmethod
    def phase(self) -> Phase:
        """The current phase."""

    @property
    @abc.abstractmethod
    def to_move(self) -> int | None:
        """The seat whose move it is (the drawer in ``CLAIM``), or ``None`` when the match is over."""

    @property
    @abc.abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @property
    @abc.abstractmethod
    def public_log(self) -> list[dict[str, Any]]:
        """Every event so far as a spectator sees it: what a person at the table could remember."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> LegalActions:
        """Return the legal actions of ``seat`` now, sorted by :meth:`Action.sort_key`.

        A :class:`LegalActions`: ``action in`` it asks the rules, and ``.complete`` says whether
        every legal action is listed (some games list one of several equivalent variants).

        :raises ValueError: for a seat outside the table.
        """

    @abc.abstractmethod
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` when ``action`` is illegal now; else return None."""

    @abc.abstractmethod
    def _perform(self, action: Action) -> list[Event]:
        """Carry out an action that :meth:`check` accepted and return its events."""

    @abc.abstractmethod
    def action_from_json(self, data: object) -> Action:
        """Parse an action of this game from JSON data.

        :raises MalformedActionError: when ``data`` is not an action of this game.
        """

    @abc.abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """Return JSON-ready data for ``seat``: own hand, public table, legal actions; nothing hidden."""

    @abc.abstractmethod
    def to_position(self) -> dict[str, Any]:
        """Return the full position as JSON data (schema :data:`POSITION_SCHEMA`)."""

    @classmethod
    @abc.abstractmethod
    def from_position(cls: type[G], data: object) -> G:
        """Load a position made by :meth:`to_position`.

        :raises PositionError: when the data is malformed or inconsistent.
        """

    def require_seat(self, seat: int) -> None:
        """Refuse a seat that is not at this table, the same way in every game.

        :raises ValueError: ``"no seat 9 at a 4-player table"`` for a seat outside 0..num_players-1
            (``legal_actions``, ``view``).
        """
        if not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat} at a {self.num_players}-player table")

    def require_seat_of(self, action: Action) -> None:
        """Refuse an action for a seat that is not at this table (``check``, ``apply``).

        :raises MalformedActionError: naming the action and the table size.
        """
        if not 0 <= action.seat < self.num_players:
            raise MalformedActionError(f"{action}: no seat {action.seat} at a {self.num_players}-player table")

    def parse(self, text: str) -> Action:
        """Read an action in its readable form, as ``str(action)`` writes it: ``"P3 discard 9H"``.

        :param text: ``P<seat from 1> <kind in words> <the kind's own words>``.
        :returns: the action (not checked against the rules: :meth:`apply` does that).
        :raises MalformedActionError: for text that is no action of this game at this table.
        """
        head, _, rest = text.strip().partition(" ")
        if not (head.startswith("P") and head[1:].isdigit()):
            raise MalformedActionError(f"an action reads 'P<seat> <kind> ...', not {quote(text)}")
        seat = int(head[1:]) - 1
        if not 0 <= seat < self.num_players:
            raise MalformedActionError(f"{quote(text)}: no seat {head} at a {self.num_players}-player table")
        for kind in sorted(self.ACTIONS, key=len, reverse=True):
            words = kind.replace("_", " ")
            if rest == words or rest.startswith(words + " "):
                return self.ACTIONS[kind].from_words(seat, rest[len(words):].strip())
        raise MalformedActionError(f"{quote(text)}: no {self.NAME} action; kinds: {', '.join(sorted(self.ACTIONS))}")

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply ``action`` without checking it against the rules; return its events.

        The fast path for search, which applies actions it has just taken from
        :meth:`legal_actions` of this very position (python-chess's ``push`` beside ``push_san``).
        UNCHECKED: an illegal action is not refused; it leaves the game in a state the rules do not
        allow (cards in two places, a turn out of order), which no later call repairs. Anything
        coming from a person, a file or the page goes through :meth:`apply`.
        """
        events = self._perform_unchecked(action)
        self.history.append(action)
        return events

    def _perform_unchecked(self, action: Action) -> list[Event]:
        """Carry out ``action`` with no rule check (games whose ``_perform`` checks override this)."""
        return self._perform(action)

    def is_legal(self, action: Action) -> bool:
        """True when ``action`` may be applied now."""
        try:
            self.check(action)
        except RulesError:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply ``action``; return its events and record it in :attr:`history`.

        :raises IllegalActionError: when the action is illegal now (the game is unchanged).
        """
        self.check(action)
        events = self._perform(action)
        self.history.append(action)
        return events

    def apply_json(self, data: object) -> list[Event]:
        """Parse ``data`` with :meth:`action_from_json`, then :meth:`apply` it.

        :raises MalformedActionError: for data that is no action of this game.
        :raises IllegalActionError: for an action the rules forbid now.
        """
        return self.apply(self.action_from_json(data))

    def save(self) -> str:
        """Return the position as canonical JSON text (sorted keys, no spaces)."""
        return json.dumps(self.to_position(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def load(cls: type[G], text: str) -> G:
        """Load a game saved by :meth:`save`.

        :raises PositionError: for text that is not JSON (or beyond the limits of
            :func:`rummytable.jsontext.parse`) or not a valid position.
        """
        try:
            data = parse(text, "the save")
        except JSONTextError as exc:
            raise PositionError(str(exc)) from None
        return cls.from_position(data)


def require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """Return ``data[key]`` when present and of type ``kind`` (bool is never an int here).

    A helper for strict JSON readers.

    :raises PositionError: naming ``where`` and ``key`` otherwise.
    """
    if key not in data:
        raise PositionError(f"{where}: missing {key!r}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        raise PositionError(f"{where}: {key!r} must be {_type_names(kinds)}, not {quote(value)}")
    return value


def require_int(data: Mapping[str, Any], key: str, where: str, low: int, high: int | None = None) -> int:
    """Return ``data[key]`` when it is a whole number from ``low`` to ``high`` (no upper bound when None).

    :raises PositionError: naming ``where`` and ``key`` otherwise.
    """
    value: int = require(data, key, int, where)
    if value < low or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f"at least {low}"
        raise PositionError(f"{where}: {key!r} must be {bounds}, not {quote(value)}")
    return value


def require_cards(items: object, where: str) -> list[Card]:
    """Parse a JSON list of card keys (``["9H", "JK.1"]``) from a position.

    :raises PositionError: naming ``where`` when it is not a list of card keys.
    """
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise PositionError(f"{where}: expected a list of card keys, not {quote(items)}")
    try:
        return [parse_card(item) for item in items]
    except CardError as exc:
        raise PositionError(f"{where}: {exc}") from exc


def _type_names(kinds: Sequence[type]) -> str:
    return " or ".join(k.__name__ for k in kinds)
