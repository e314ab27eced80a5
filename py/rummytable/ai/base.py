"""The interface every computer player implements, and the helpers they share.

A bot decides from two things only: ``view`` (``game.view(seat)``, what that seat
sees) and ``log`` (the public history as that seat sees it). It never receives the
game object, so it cannot look at other hands or the stock order.

Every decision is:

* **seeded** - randomness comes from :meth:`Bot.rng`, a generator seeded by the bot
  seed and a digest of ``(view, log)``; the same seed, view and log give the same
  decision, and two deals that look the same from the seat give the same decision;
* **anytime-bounded** - search stops at a fixed amount of work or at the wall-clock
  cap (:class:`Deadline`), whichever comes first. The work limits are set so that the
  cap is only reached on a slow machine; a decision cut short is still legal.
"""

from __future__ import annotations

import abc
import hashlib
import json
import random
import time
from dataclasses import dataclass
from typing import Any, ClassVar


class BotError(ValueError):
    """The view gives the bot nothing to decide (not its move, no legal action)."""


@dataclass(frozen=True)
class Decision:
    """One move chosen by a bot.

    :ivar action: the action JSON, exactly as the game's ``action_from_json`` reads it;
        one of ``view["legal_actions"]``.
    :ivar reason: a short explanation for people, e.g. ``"takes 6H-8H with 9H: 25 points"``.
    """

    action: dict[str, Any]
    reason: str


@dataclass(frozen=True)
class ClaimDecision:
    """Whether to call "take it" for the top discard out of turn (Tress, T-16..T-18).

    :ivar call: True to call.
    :ivar delay_ms: the human-like reaction delay before the call, in milliseconds
        (0 when ``call`` is False); the page waits this long so a person has a fair chance.
    :ivar reason: a short explanation for people.
    """

    call: bool
    delay_ms: int
    reason: str


NO_CALL = ClaimDecision(False, 0, "no call")
"""The default answer of :meth:`Bot.claim`."""


LOG_TAIL = 40
"""How many of the latest log entries enter a decision's digest (with the log's length)."""


def digest(view: dict[str, Any], log: list[dict[str, Any]]) -> str:
    """Return a stable hex digest of ``(view, log)`` (canonical JSON, SHA-256).

    Used to seed a decision: equal inputs give equal digests on CPython and Pyodide.
    Only the log's length and its last :data:`LOG_TAIL` entries are hashed (the view
    already pins the present), so the cost does not grow with the match.
    """
    text = json.dumps([view, len(log), log[-LOG_TAIL:]], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Deadline:
    """A wall-clock cap for one decision, read with :func:`time.perf_counter`.

    :param budget_ms: milliseconds allowed; ``None`` or ``inf`` means no cap.
    """

    def __init__(self, budget_ms: float | None) -> None:
        self.start = time.perf_counter()
        self.budget_ms = budget_ms
        self._end = None if budget_ms is None else self.start + budget_ms / 1000.0

    def expired(self) -> bool:
        """True once the budget is used up."""
        return self._end is not None and time.perf_counter() >= self._end

    def fraction(self) -> float:
        """Share of the budget used so far (0.0 when there is no cap)."""
        if self._end is None or not self.budget_ms:
            return 0.0
        return (time.perf_counter() - self.start) * 1000.0 / self.budget_ms


class Bot(abc.ABC):
    """A computer player for one game at one level.

    :cvar game: the game id, ``"tress"`` or ``"take"``.
    :cvar level: ``"random"``, ``"easy"``, ``"normal"`` or ``"hard"``.
    :cvar DEFAULT_BUDGET_MS: the wall-clock cap used when ``budget_ms`` is None.
    :cvar DESCRIPTION: one sentence for the difficulty menu (the page shows it).
    :param seed: the bot's seed; with the view and log it fixes every decision.
    :param budget_ms: wall-clock cap per decision in milliseconds (None: the level's
        default; ``float("inf")``: no cap, for reproducible experiments).
    """

    game: ClassVar[str] = ""
    level: ClassVar[str] = ""
    DEFAULT_BUDGET_MS: ClassVar[float] = 100.0
    DESCRIPTION: ClassVar[str] = ""

    def __init__(self, seed: int, budget_ms: float | None = None) -> None:
        self.seed = seed
        self.budget_ms = self.DEFAULT_BUDGET_MS if budget_ms is None else budget_ms

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, budget_ms={self.budget_ms})"

    @property
    def name(self) -> str:
        """``"<game>-<level>"``, e.g. ``"take-hard"``."""
        return f"{self.game}-{self.level}"

    @abc.abstractmethod
    def decide(self, view: dict[str, Any], log: list[dict[str, Any]]) -> Decision:
        """Return one legal action for ``view["seat"]`` in the current phase, with a reason.

        :param view: ``game.view(seat)``, including ``"legal_actions"`` (sorted).
        :param log: the public history as that seat sees it (``game.public_log`` or ``view["log"]``).
        :raises BotError: when ``view`` lists no legal action for the seat.
        """

    def claim(self, view: dict[str, Any], log: list[dict[str, Any]]) -> ClaimDecision:
        """Decide whether to call "take it" for the top discard (Tress); the default never calls."""
        return NO_CALL

    def rng(self, view: dict[str, Any], log: list[dict[str, Any]], label: str = "") -> random.Random:
        """Return the generator for this decision: seeded by the bot seed, ``label`` and the inputs."""
        return random.Random(f"{self.game}/{self.level}/{self.seed}/{label}/{digest(view, log)}")

    def deadline(self) -> Deadline:
        """Start the clock for one decision."""
        cap = None if self.budget_ms == float("inf") else self.budget_ms
        return Deadline(cap)


def legal(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Return ``view["legal_actions"]``.

    :raises BotError: when there is none (not this seat's move, or the match is over).
    """
    actions = view.get("legal_actions") or []
    if not actions:
        raise BotError(f"seat {view.get('seat')} has no legal action in phase {view.get('phase')}")
    return list(actions)
