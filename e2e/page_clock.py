"""The page's time in the test's hands: Playwright's clock, stopped until the test lets time pass.

A page opened with ``session.open(..., clock=True)`` (a context passed to :func:`stop`) has fake
timers: ``setTimeout``, ``requestAnimationFrame``, ``performance.now`` and ``Date`` stand still.
The table's pauses (``sleep`` in web/app/dom.js), the computer callers' delays and the "take it"
countdown (web/table/claim-window.js, web/table/claim.js) then move only when the test moves page time, so
a countdown never runs out because the machine is busy, and the person's click comes at the page
time the test chose.

The engine runs in a Web Worker, which keeps real timers and answers in real time, whatever the
page's clock says. So page time is only moved once the engine has answered everything the page
asked of it (:func:`engine_caught_up`): to the table, the engine answers at once, and a move
that takes long to compute on a busy machine costs no page time.

Not under the clock: card flights (the Web Animations API runs on real time), and the page's
``performance`` marks (the fake ``performance`` lists no entries).
"""

from __future__ import annotations

import datetime
import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

START = datetime.datetime(2025, 3, 1, 12, 0, tzinfo=datetime.UTC)
"""The page's date when its clock is stopped (any fixed date will do)."""
STEP_MS = 50
"""Page time let pass per step of a wait: far below the shortest delay that matters at the
table (a computer caller's, 300 ms at the fast speed)."""
POLL_MS = 30
"""Real pause per step of a wait on a page whose clock runs by itself."""

_stopped: weakref.WeakSet[Any] = weakref.WeakSet()
T = TypeVar("T")


def stop(context: Any) -> None:
    """Install fake timers in ``context`` with its time standing still (before its first page loads)."""
    context.clock.install(time=START)
    # Pausing must move the clock forward: one second after the installed time.
    context.clock.pause_at(START + datetime.timedelta(seconds=1))
    _stopped.add(context)


def stopped(page: Any) -> bool:
    """True when ``page``'s time moves only through :func:`run` and :func:`tick`."""
    return page.context in _stopped


def engine_caught_up(page: Any) -> None:
    """Wait until the engine has answered every call the page made before this one.

    The worker answers in call order, so a ``version`` round trip comes back after them, and
    after the page's own handling of those answers up to its next wait.
    """
    page.evaluate("() => window.rummyTable?.engine.call('version')")


def run(page: Any, ms: int) -> None:
    """Let ``ms`` milliseconds of page time pass at once (every timer due fires), once the engine has caught up."""
    assert stopped(page), "run() needs a page opened with clock=True"
    engine_caught_up(page)
    page.clock.run_for(ms)


def tick(page: Any) -> None:
    """One step of a wait loop: :data:`STEP_MS` of page time on a stopped clock, else a real :data:`POLL_MS` pause."""
    if stopped(page):
        run(page, STEP_MS)
    else:
        page.wait_for_timeout(POLL_MS)


def wait_until(page: Any, done: Callable[[], T], *, what: str | Callable[[], str], timeout_s: float = 120,
               page_ms: int | None = None) -> T:
    """Check ``done()`` and :func:`tick` until it returns something true; return that.

    :param what: what is awaited, for the failure message; or a function that says it then (what
        the page shows at that moment, say).
    :param timeout_s: real seconds before giving up (a deadline for a busy machine, not a measurement).
    :param page_ms: return ``done()``'s last (false) value once this much page time has passed
        without it: "wait this long at the table" (on a stopped clock, with no real sleep).
    :raises AssertionError: when ``timeout_s`` runs out first.
    """
    deadline = time.monotonic() + timeout_s
    waited = 0
    while True:
        value = done()
        if value:
            return value
        if page_ms is not None and waited >= page_ms:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what() if callable(what) else what}: not within {timeout_s:.0f} s")
        tick(page)
        waited += STEP_MS if stopped(page) else POLL_MS
