"""The interface every computer player implements, and the helpers they share.

A bot decides from two things only: ``view`` (``game.view(seat)``, what that seat
sees) and ``log`` (the public history as that seat sees it). It never receives the
game object, so it cannot look at other hands or the stock order.

Every decision is:

* **seeded** - randomness comes from :meth:`Bot.rng`, a generator seeded by the bot
  seed and a digest of ``(view, log)``; the same seed, view and log give the same
  decision, and two deals that look the same from the seat give the same decision;
* **bounded by work, not by the clock** - each level does a fixed amount of work per
  decision, counted in work units (:class:`Budget`: evaluation steps, sampled deals,
  play-outs, search nodes), so a decision is a pure function of (level, seed, view, log)
  on every machine, CPython or Pyodide, idle or busy. A wall-clock safety net
  (:attr:`Bot.SAFETY_MS`) stops a search that runs far too long on a very slow device; a
  decision it stopped is still legal and says so (:attr:`Decision.cut_short`).
"""

from __future__ import annotations

import abc
import dataclasses
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rummytable.ai.reasons import Reason


class BotError(ValueError):
    """The view gives the bot nothing to decide (not its move, no legal action)."""


@dataclass(frozen=True)
class Decision:
    """One move chosen by a bot.

    :ivar action: the action JSON, exactly as the game's ``action_from_json`` reads it;
        one of ``view["legal_actions"]``.
    :ivar why: why, as data the page words in the person's language (:mod:`rummytable.ai.reasons`).
    :ivar cut_short: True when the safety clock stopped the search before its work budget
        was done (the decision may then differ from the same decision on a faster machine).
    """

    action: dict[str, Any]
    why: Reason
    cut_short: bool = False

    @property
    def reason(self) -> str:
        """The reason in plain English, for logs and tools, e.g. ``"discards KS, 10 points"``."""
        return self.why.text


@dataclass(frozen=True)
class ClaimDecision:
    """Whether to call "take it" for the top discard out of turn (Tress, T-16..T-18).

    :ivar call: True to call.
    :ivar delay_ms: the human-like reaction delay before the call, in milliseconds
        (0 when ``call`` is False); the page waits this long so a person has a fair chance.
    :ivar why: why, as data the page words in the person's language (:mod:`rummytable.ai.reasons`).
    :ivar cut_short: True when the safety clock stopped the search (see :class:`Decision`).
    """

    call: bool
    delay_ms: int
    why: Reason
    cut_short: bool = False

    @property
    def reason(self) -> str:
        """The reason in plain English, for logs and tools."""
        return self.why.text


NO_CALL = ClaimDecision(False, 0, Reason("claim.none"))
"""The default answer of :meth:`Bot.claim`."""


LOG_TAIL = 40
"""How many of the latest log entries enter a decision's digest (with the log's length)."""
DERIVED_VIEW_KEYS = ("take_window", "table_points", "hand_points")
"""View keys that only restate other keys for the page (Tress ``take_window``, Take's running
score): left out of the digest, so adding one does not change any seed, and with it any decision."""


def digest(view: dict[str, Any], log: list[dict[str, Any]]) -> str:
    """Return a stable hex digest of ``(view, log)`` (canonical JSON, SHA-256).

    Used to seed a decision: equal inputs give equal digests on CPython and Pyodide.
    Only the log's length and its last :data:`LOG_TAIL` entries are hashed (the view
    already pins the present), so the cost does not grow with the match.
    """
    seen = {key: value for key, value in view.items() if key not in DERIVED_VIEW_KEYS}
    text = json.dumps([seen, len(log), log[-LOG_TAIL:]], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


SAFETY_CLOCK = True
"""Whether budgets start the safety net; the test suite turns it off (one fixture) so that no
decision there can depend on the machine's speed."""


def _processor_seconds() -> float:
    """The process's CPU time in seconds (:func:`time.process_time`)."""
    return time.process_time()


_source: Callable[[], float] = time.perf_counter if sys.platform == "emscripten" else _processor_seconds
"""Where :func:`clock` reads: CPU time under CPython, wall time inside Pyodide."""


def clock() -> float:
    """The safety net's clock in seconds; never raises.

    Under CPython it is the process's CPU time (:func:`time.process_time`), so a busy machine
    (other programs sharing the processor) does not cut a search short; only a device too slow
    for the work does. Inside Pyodide it is :func:`time.perf_counter`, the worker having the
    processor to itself: there ``process_time`` goes through the C ``clock()``, whose 32-bit
    count of microseconds overflows about 36 minutes after the page opened and then raises
    ``RuntimeError``. Wherever the CPU clock fails, this clock falls back to
    :func:`time.perf_counter` from then on, and a :class:`Budget` started on the old source
    restarts its safety window rather than comparing readings from two clocks.
    """
    global _source
    try:
        return _source()
    except (OSError, RuntimeError, ValueError):
        _source = time.perf_counter
        return _source()


class Budget:
    """The work one decision may do, in work units, with the clock only as a safety net.

    Work is counted, not timed: a search calls :meth:`spend` for each unit it does (an
    evaluation step, a sampled deal, a play-out, a search node: each level says which) and
    asks :meth:`over` before starting more. Until the units run out the answer depends only
    on the work done, so the same decision is made on every machine.

    The safety net is for very slow devices only: once ``safety_ms`` milliseconds of
    :func:`clock` have passed, :meth:`over` is true from then on and :attr:`cut_short`
    records that the clock, not the work budget, ended the search.

    :param units: work units allowed; ``None`` for no limit beyond the search's own.
    :param safety_ms: the safety net in milliseconds; ``None`` (or :data:`SAFETY_CLOCK` off)
        for none, so the decision can never be cut short.
    """

    def __init__(self, units: int | None = None, safety_ms: float | None = None) -> None:
        self.units = units
        self.used = 0
        self.cut_short = False
        self.safety_ms = safety_ms if SAFETY_CLOCK else None
        self._end = None if self.safety_ms is None else clock() + self.safety_ms / 1000.0
        self._source = _source

    def __repr__(self) -> str:
        return f"Budget(units={self.units}, used={self.used}, safety_ms={self.safety_ms}, cut_short={self.cut_short})"

    def spend(self, units: int = 1) -> None:
        """Count ``units`` of work done."""
        self.used += units

    def over(self) -> bool:
        """True when no more work should start: the units are used up or the safety clock fired."""
        if self.units is not None and self.used >= self.units:
            return True
        return self.clock_fired()

    def clock_fired(self) -> bool:
        """True once the safety net's time has passed (and from then on); sets :attr:`cut_short`."""
        if self.cut_short or self._end is None:
            return self.cut_short
        now = clock()
        if self._source is not _source:  # the clock fell back since the start: a new base
            self._source = _source
            self._end = now + (self.safety_ms or 0.0) / 1000.0
        elif now >= self._end:
            self.cut_short = True
        return self.cut_short


class Bot(abc.ABC):
    """A computer player for one game at one level.

    :meth:`decide` and :meth:`claim` start a :class:`Budget` of the level's size, let the
    level choose (:meth:`choose`, :meth:`choose_claim`) within it, and mark the answer
    :attr:`Decision.cut_short` when the safety clock ended the search.

    :cvar game: the game id, ``"tress"`` or ``"take"``.
    :cvar level: ``"random"``, ``"easy"``, ``"normal"`` or ``"hard"``.
    :cvar WORK_UNITS: work units per decision (what a unit is, each level's module says);
        ``None`` when the level's search is bounded by its own fixed limits alone.
    :cvar SAFETY_MS: the safety net per decision, in milliseconds of :func:`clock`: several times
        the slowest decision measured in the page, so it fires only on a very slow device.
    :cvar DESCRIPTION: one sentence for the difficulty menu (the page shows it).
    :param seed: the bot's seed; with the view and log it fixes every decision.
    :param safety_ms: the safety net in milliseconds (None: the level's :attr:`SAFETY_MS`;
        ``float("inf")``: none, so no decision can be cut short).
    """

    game: ClassVar[str] = ""
    level: ClassVar[str] = ""
    WORK_UNITS: ClassVar[int | None] = None
    SAFETY_MS: ClassVar[float] = 1000.0
    DESCRIPTION: ClassVar[str] = ""

    def __init__(self, seed: int, safety_ms: float | None = None) -> None:
        self.seed = seed
        self.safety_ms = self.SAFETY_MS if safety_ms is None else safety_ms

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, safety_ms={self.safety_ms})"

    @property
    def name(self) -> str:
        """``"<game>-<level>"``, e.g. ``"take-hard"``."""
        return f"{self.game}-{self.level}"

    def budget(self) -> Budget:
        """A new budget for one decision: :attr:`WORK_UNITS` on the safety clock."""
        safety = None if self.safety_ms == float("inf") else self.safety_ms
        return Budget(self.WORK_UNITS, safety)

    def decide(self, view: dict[str, Any], log: list[dict[str, Any]]) -> Decision:
        """Return one legal action for ``view["seat"]`` in the current phase, with a reason.

        :param view: ``game.view(seat)``, including ``"legal_actions"`` (sorted).
        :param log: the public history as that seat sees it (``game.public_log`` or ``view["log"]``).
        :returns: the level's choice; ``cut_short`` is set when the safety clock ended its search.
        :raises BotError: when ``view`` lists no legal action for the seat.
        """
        budget = self.budget()
        decision = self.choose(view, log, budget)
        return dataclasses.replace(decision, cut_short=True) if budget.cut_short else decision

    def claim(self, view: dict[str, Any], log: list[dict[str, Any]]) -> ClaimDecision:
        """Decide whether to call "take it" for the top discard (Tress, T-16..T-18).

        :returns: the level's answer; ``cut_short`` is set when the safety clock ended its search.
        """
        budget = self.budget()
        answer = self.choose_claim(view, log, budget)
        return dataclasses.replace(answer, cut_short=True) if budget.cut_short else answer

    @abc.abstractmethod
    def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
        """The level's choice for :meth:`decide`, doing at most ``budget``'s work.

        :raises BotError: when ``view`` lists no legal action for the seat.
        """

    def choose_claim(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> ClaimDecision:
        """The level's answer for :meth:`claim`; the default never calls."""
        return NO_CALL

    def rng(self, view: dict[str, Any], log: list[dict[str, Any]], label: str = "") -> random.Random:
        """Return the generator for this decision: seeded by the bot seed, ``label`` and the inputs."""
        return random.Random(f"{self.game}/{self.level}/{self.seed}/{label}/{digest(view, log)}")


def legal(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Return ``view["legal_actions"]``.

    :raises BotError: when there is none (not this seat's move, or the match is over).
    """
    actions = view.get("legal_actions") or []
    if not actions:
        raise BotError(f"seat {view.get('seat')} has no legal action in phase {view.get('phase')}")
    return list(actions)
