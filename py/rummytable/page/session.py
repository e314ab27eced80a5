"""One match as the page plays it: a game, who sits where (a person or a computer level) and the bots.

The bridge keeps one :class:`Session` per worker and turns each page request into one
method call here. Everything returned is JSON-ready and shows only what the person's
seat may see: views come from ``game.view(human)`` and events through
``Event.for_seat(human)``. With no person at the table (watch mode) the page looks
over the first seat's shoulder.
"""

from __future__ import annotations

import random
from typing import Any

from rummytable.ai import LEVELS, make_bot
from rummytable.ai.base import Decision
from rummytable.ai.reasons import Reason
from rummytable.ai.tress.fit import top_discard_fits
from rummytable.cards import CardError, parse_card
from rummytable.game import Event, Game, MalformedActionError, Phase
from rummytable.jsontext import quote
from rummytable.options import Options
from rummytable.registry import GAMES, GameEntry, UnknownGameError, entry

HUMAN = "human"
"""Seat kind of the person at the page."""

UNDOABLE_KINDS = frozenset({"lay_down", "lay_off", "swap_joker", "extend"})
"""The person's moves that :meth:`Session.undo` can take back within the same turn: cards put
on the table (lay down, lay off, joker swap, Take's extension and take-over). Draws are never
among them: a card drawn from the stock has been seen, and the turn's discard ends the turn."""


class SessionError(ValueError):
    """A request the match cannot serve as asked (the bridge reports each kind with its own type)."""


class SetupError(SessionError):
    """A match that cannot be set up as asked: an unknown game, or seats that do not fit the table."""


class NoMoveError(SessionError):
    """The request needs a move of the person's, and the person has none now (not his turn, match over)."""


def game_class(name: str) -> type[Game]:
    """Return the engine class of game ``name`` (:func:`rummytable.registry.game_class`).

    :raises SetupError: for an unknown game id.
    """
    return _entry(name).game_class


def options_class(name: str) -> type[Options]:
    """Return the options class of game ``name`` (:func:`rummytable.registry.options_class`).

    :raises SetupError: for an unknown game id.
    """
    return _entry(name).options_class


def _entry(name: str) -> GameEntry:
    try:
        return entry(name)
    except UnknownGameError as exc:
        raise SetupError(str(exc)) from None


def catalog() -> dict[str, Any]:
    """Describe every game for the start screen: player range, options schema, levels."""
    return {
        "games": {
            name: {
                "players": {"min": e.min_players, "max": e.max_players, "default": e.default_players},
                "options": options_class(name).schema(),
                "levels": [level for level in LEVELS if level != "random"],
            }
            for name, e in GAMES.items()
        }
    }


class Session:
    """A match in progress with its seats.

    :ivar name: the game id.
    :ivar game: the engine object.
    :ivar seats: per seat, ``"human"`` or a computer level (``"easy"``, ``"normal"``, ``"hard"``, ``"random"``).
    :ivar human: the person's seat, or ``None`` in watch mode.
    """

    def __init__(self, name: str, game: Game, seats: list[str], seed: int) -> None:
        """Seat ``seats`` at ``game`` (of game id ``name``); computer seats get bots seeded from ``seed``.

        :raises SetupError: when the seats do not fit the table or name an unknown level.
        """
        if len(seats) != game.num_players:
            raise SetupError(f"{len(seats)} seats given for a {game.num_players}-player match")
        for kind in seats:
            if kind != HUMAN and kind not in LEVELS:
                raise SetupError(f"unknown seat kind {quote(kind)}; a seat is {HUMAN!r} or a level: "
                                 f"{', '.join(LEVELS)}")
        humans = [i for i, kind in enumerate(seats) if kind == HUMAN]
        if len(humans) > 1:
            raise SetupError("only one seat may be the person at the page")
        self.name = name
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.human: int | None = humans[0] if humans else None
        self.bots = {
            seat: make_bot(name, kind, seed=seed * 10 + seat)
            for seat, kind in enumerate(seats) if kind != HUMAN
        }
        # The match as it stood before each of the person's table moves in the turn now being
        # played, oldest first (see undo()); emptied by any move that is not such a move.
        self._before: list[Game] = []
        # A computer move worked out ahead by bot_think(): the game object and its history's
        # length when it was decided, so that any change since (a move, an undo, another
        # match) makes bot_step() decide anew.
        self._thought: tuple[Game, int, Decision] | None = None

    @classmethod
    def new(cls, name: str, options: object, seats: list[str], seed: int | None = None) -> Session:
        """Start a match of game ``name`` with ``options`` (JSON dict) and ``seats``.

        :raises OptionsError: for invalid options.
        :raises SetupError: for an unknown game or seats that do not fit.
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        opts = options_class(name).from_json(options)
        players = getattr(opts, "players", len(seats))
        if players != len(seats):
            raise SetupError(f"{len(seats)} seats given but the options say {players} players")
        return cls(name, game_class(name).new(opts, seed), seats, seed)

    @property
    def viewer(self) -> int:
        """The seat whose view the page shows (the person's, or the first seat when watching)."""
        return 0 if self.human is None else self.human

    def view(self) -> dict[str, Any]:
        """Return the viewer's view with the seat kinds added."""
        view = self.game.view(self.viewer)
        view["seat_kinds"] = list(self.seats)
        view["undo"] = len(self._before)
        return view

    def _events(self, events: list[Event]) -> list[dict[str, Any]]:
        return [event.for_seat(self.human) for event in events]

    def act(self, action: object) -> dict[str, Any]:
        """Apply the person's action (JSON) and return ``{"events", "view"}``.

        :raises MalformedActionError: for data that is no action, or an action for another seat.
        :raises IllegalActionError: for an action the rules forbid now.
        """
        parsed = self.game.action_from_json(action)
        if parsed.seat != self.human:
            raise MalformedActionError(f"{parsed}: the page may only act for the person's seat")
        before = self.game.copy() if parsed.KIND in UNDOABLE_KINDS else None
        events = self.game.apply(parsed)
        if before is not None and self._same_turn():
            self._before.append(before)
        else:
            self._before.clear()
        return {"events": self._events(events), "view": self.view()}

    def _same_turn(self) -> bool:
        """True while the person is still to play on in the turn (no going out, no end of round)."""
        return self.game.phase is Phase.PLAY and self.game.to_move == self.human

    def undo(self) -> dict[str, Any]:
        """Take back the person's last table move of this turn (:data:`UNDOABLE_KINDS`) -> ``{"events", "view"}``.

        The match returns exactly to where it stood before that move: the cards go back to the
        hand, a sequence taken over goes back to its owner, and the move leaves the history and
        the public log. Earlier moves of the turn can be taken back one by one, down to the draw;
        the draw and the discard cannot. ``view["undo"]`` says how many moves can still be undone.

        :raises NoMoveError: when there is nothing to take back (no table move yet this turn,
            or the turn is over).
        """
        if not self._before or not self._same_turn():
            self._before.clear()
            phase = self.game.phase.value
            raise NoMoveError(f"undo: nothing to take back (phase {phase}); only cards put on the table "
                              "in this turn, before its discard, can be taken back")
        self.game = self._before.pop()
        return {"events": [], "view": self.view()}

    def _log(self) -> list[dict[str, Any]]:
        """The whole public history, what a person at the table could remember (bots decide from it)."""
        return self.game.public_log

    def bot_to_move(self) -> int | None:
        """The computer seat that must act now, or ``None`` when it is the person's move or the match is over."""
        if self.game.phase is Phase.MATCH_OVER:
            return None
        seat = self.game.to_move
        return seat if seat is not None and seat in self.bots else None

    def bot_step(self) -> dict[str, Any]:
        """Let the computer seat to move act once; ``{"idle": true}`` when none is to move.

        The answer's ``"reason"`` is ``{"id", "params", "text"}`` (docs/formats.md, "Reasons").
        """
        seat = self.bot_to_move()
        if seat is None:
            return {"idle": True, "view": self.view()}
        decision = self._ahead() or self._decide(seat)
        self._thought = None
        events = self.game.apply_json(decision.action)
        self._before.clear()
        return {"seat": seat, "action": decision.action, "reason": decision.why.to_json(),
                "cut_short": decision.cut_short, "events": self._events(events), "view": self.view()}

    def bot_think(self) -> dict[str, Any]:
        """Work out the move of the computer seat to move now, for the next :meth:`bot_step` to make;
        nothing changes at the table. Returns ``{"seat"}``, or ``{"idle": true}`` when no computer
        seat is to move.

        The page asks for it as a computer player's thinking pause begins, so the search runs
        during the pause instead of after it. The move is still made only by :meth:`bot_step`,
        after the pause and after anything the person did meanwhile (a "take it" call, T-16): if
        the match has changed by then, that move is worked out anew from the new position.
        """
        seat = self.bot_to_move()
        if seat is None:
            self._thought = None
            return {"idle": True}
        if self._ahead() is None:
            self._thought = (self.game, len(self.game.history), self._decide(seat))
        return {"seat": seat}

    def _decide(self, seat: int) -> Decision:
        """Computer seat ``seat``'s decision, from its own view and the public log only."""
        return self.bots[seat].decide(self.game.view(seat), self._log())

    def _ahead(self) -> Decision | None:
        """The decision :meth:`bot_think` made for the match exactly as it stands now, else None."""
        if self._thought is None:
            return None
        game, moves, decision = self._thought
        return decision if game is self.game and moves == len(self.game.history) else None

    def claim_offers(self) -> dict[str, Any]:
        """Each computer seat's "take it" decision on the current top discard, with its delay (T-18),
        and whether the card fits the person's hand.

        :returns: ``{"offers": [{"seat", "call", "delay_ms", "cut_short"}], "person": {"can_call",
            "fits"} | None}``: ``person`` is ``None`` in watch mode; ``fits`` says whether the card
            brings the person's contract closer or, once down, can be laid off
            (:func:`~rummytable.ai.tress.fit.top_discard_fits`), read from the person's own view.
        """
        offers = []
        for seat, bot in sorted(self.bots.items()):
            view = self.game.view(seat)
            if not _may_call(view):
                continue
            decision = bot.claim(view, self._log())
            offers.append({"seat": seat, "call": decision.call, "delay_ms": decision.delay_ms,
                           "cut_short": decision.cut_short})
        person = None
        if self.human is not None:
            view = self.game.view(self.human)
            can_call = _may_call(view)
            person = {"can_call": can_call, "fits": can_call and top_discard_fits(view, self._log())}
        return {"offers": offers, "person": person}

    def bot_claim(self, seat: int) -> dict[str, Any]:
        """Make computer seat ``seat``'s call now, when it is still legal.

        :raises MalformedActionError: when ``seat`` is not a computer seat.
        :raises IllegalActionError: when the claim window has closed.
        """
        if seat not in self.bots:
            raise MalformedActionError(f"seat {seat} is not a computer seat")
        events = self.game.apply_json({"kind": "call", "seat": seat})
        self._before.clear()
        return {"events": self._events(events), "view": self.view()}

    def hint(self) -> dict[str, Any]:
        """The normal computer player's suggestion for the person's move: ``{"action", "reason"}``,
        the reason as ``{"id", "params", "text"}`` (docs/formats.md, "Reasons").

        During a "take it" chance out of turn the suggestion is the normal player's claim
        decision: the call action, or ``None`` for letting the card go (T-16, T-18). When a
        pending call would be served before the person's, the suggestion is ``None`` with the
        reason ``claim.outranked`` (its ``caller``: that seat).

        :raises NoMoveError: in watch mode, or when the person has no legal action now.
        """
        if self.human is None:
            raise NoMoveError("no person at the table to give a hint to")
        view = self.game.view(self.human)
        legal = view.get("legal_actions", [])
        if not legal:
            mover = self.game.to_move
            who = "nobody" if mover is None else f"P{mover + 1}"
            raise NoMoveError(f"no move to hint at: P{self.human + 1} has no legal action now "
                              f"(phase {self.game.phase.value}, {who} to move)")
        bot = make_bot(self.name, "normal", seed=self.seed)
        if view.get("to_move") != self.human and legal and all(a.get("kind") == "call" for a in legal):
            # A "take it" chance out of turn (T-16): call, or let the card go (action None),
            # as the normal player would weigh it against the penalty card.
            claim = bot.claim(view, self._log())
            ahead = self._served_before_person()
            if claim.call and ahead is not None:
                # A pending call is served first (T-18): a call now would not get the card.
                return {"action": None, "reason": Reason("claim.outranked", {"caller": ahead}).to_json()}
            return {"action": legal[0] if claim.call else None, "reason": claim.why.to_json()}
        decision = bot.decide(view, self._log())
        return {"action": decision.action, "reason": decision.why.to_json()}

    def _served_before_person(self) -> int | None:
        """The pending caller who would be served before a call the person made now (Tress, T-18
        and its ``claim_priority`` option), or None: no call pending, or the person's would come first."""
        order = getattr(self.game, "claim_order", None)
        if order is None or self.human is None:
            return None
        first: int = order(also=self.human)[0]
        return None if first == self.human else first

    def arrangements(self, cards: list[str]) -> dict[str, Any]:
        """Ways for the person to lay down exactly the selected ``cards`` (Tress): ``{"lay_downs": [action JSON]}``.

        :raises MalformedActionError: in watch mode, for a game without lay-downs or unknown card keys.
        """
        finder = getattr(self.game, "lay_down_options", None)
        if self.human is None or finder is None:
            raise MalformedActionError(f"{self.name} has no lay-down arrangements for the page")
        try:
            chosen = [parse_card(key) for key in cards]
        except CardError as exc:
            raise MalformedActionError(str(exc)) from exc
        actions = finder(self.human, chosen)
        return {"lay_downs": [action.to_json() for action in actions]}

    def save(self) -> dict[str, Any]:
        """Return ``{"position": text, "game", "seats", "seed"}`` for storage by the page."""
        return {"position": self.game.save(), "game": self.name, "seats": self.seats, "seed": self.seed}

    @classmethod
    def load(cls, name: str, position: str, seats: list[str], seed: int) -> Session:
        """Rebuild a session from :meth:`save` output.

        :raises PositionError: for a corrupt or incompatible position.
        :raises SetupError: for an unknown game or seats that do not fit the position.
        """
        return cls(name, game_class(name).load(position), seats, seed)

    def summary(self) -> dict[str, Any]:
        """What a list of saved matches shows about this one (the start screen's Continue card).

        :returns: ``{"game", "players", "seats", "human", "phase", "round", "target", "scores",
            "moves"}``: the game id, the number of seats, each seat's kind, the person's seat
            (``None`` when watching), the phase, the round (Tress, 1..7) or hand (Take) number from 1,
            the score that ends the match (Take; ``None`` for Tress, which plays 7 rounds), the
            total points per seat and how many actions have been played.
        """
        position = self.game.to_position()
        return {
            "game": self.name, "players": self.game.num_players, "seats": list(self.seats), "human": self.human,
            "phase": self.game.phase.value, "round": position["round"],
            "target": position["options"].get("target"), "scores": list(position["scores"]),
            "moves": len(self.game.history),
        }


def _may_call(view: dict[str, Any]) -> bool:
    """True when the seat of ``view`` may call "take it" now (T-16)."""
    return any(a.get("kind") == "call" for a in view.get("legal_actions", []))
