"""Helpers for tests of the built site: prerequisites, a watched browser session, DOM markers."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import page_clock
import pytest

STRICT = os.environ.get("RUMMYTABLE_STRICT") == "1"
READY = "html[data-engine=ready]"
ERROR = "html[data-engine=error]"
ARTIFACTS = Path(__file__).parent / "artifacts"
DEFAULT_TIMEOUT_MS = 60_000
"""Playwright's limit for each wait and click: generous, for a machine busy with other work."""
WATCHDOG_MS = 300_000
"""The page's start-up watchdog in tests (``?watchdog=``; 30 s in the product): a busy machine may
take longer than 30 s to start Python from scratch, and that is no failure of the page."""


def missing(reason: str) -> NoReturn:
    """Fail (under build.py test) or skip (by hand) because a prerequisite is missing."""
    if STRICT:
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


class BrowserSession:
    """Opens pages in fresh browser contexts (empty profile each) and watches what they do."""

    def __init__(self, browser: Any, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.console_errors: list[str] = []
        self.foreign_requests: list[str] = []
        self.allow_console_errors = False
        self._contexts: list[Any] = []

    def open(self, path: str = "", *, base_url: str | None = None, width: int = 1280, height: int = 800,
             clock: bool = False, prepare: Callable[[Any], None] | None = None, bypass_csp: bool = False) -> Any:
        """Open ``path`` (relative to the site, may carry a query) in a new context; returns the page.

        Unless ``path`` sets its own, the start-up watchdog is :data:`WATCHDOG_MS`.

        :param clock: stop the page's time (see :mod:`page_clock`): it moves only when the test moves it.
        :param prepare: called with the new context before the page loads (routes of the test's own).
        :param bypass_csp: let the test inject scripts of its own (axe-core) despite the site's
            Content-Security-Policy; the page's own scripts are unaffected.
        """
        context = self.new_context(base_url=base_url, width=width, height=height, clock=clock, prepare=prepare,
                                   bypass_csp=bypass_csp)
        return self.open_in(context, path, base_url=base_url)

    def new_context(self, *, base_url: str | None = None, width: int = 1280, height: int = 800,
                    init_script: str | None = None, clock: bool = False,
                    prepare: Callable[[Any], None] | None = None, bypass_csp: bool = False) -> Any:
        """A new watched context (empty profile); ``init_script`` runs in every page before the page's own.

        :param clock:, :param prepare: and :param bypass_csp: as for :meth:`open`.
        """
        origin = (base_url or self.base_url).rstrip("/")
        context = self.browser.new_context(viewport={"width": width, "height": height}, bypass_csp=bypass_csp)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        self._contexts.append(context)

        def guard(route: Any) -> None:
            url = route.request.url
            if url == origin or url.startswith(origin + "/"):
                route.continue_()
            else:
                self.foreign_requests.append(url)
                route.abort()

        context.route("**/*", guard)
        if clock:
            page_clock.stop(context)
        if prepare is not None:
            prepare(context)
        if init_script:
            context.add_init_script(init_script)
        return context

    def open_in(self, context: Any, path: str = "", *, base_url: str | None = None) -> Any:
        """Open ``path`` in a new page of ``context`` (tabs of one browser share its storage); returns the page."""
        if "watchdog=" not in path:
            path += f"{'&' if '?' in path else '?'}watchdog={WATCHDOG_MS}"
        page = context.new_page()
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.console_errors.append(f"uncaught: {error}"))
        page.on("worker", lambda worker: worker.on("console", self._on_console))
        page.goto((base_url or self.base_url) + path)
        return page

    def _on_console(self, message: Any) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def close(self) -> None:
        """Close every context this session opened."""
        for context in self._contexts:
            context.close()


def wait_ready(page: Any, timeout_ms: float = 120_000) -> None:
    """Wait until the page's engine has started (a DOM marker; no script evaluation needed).

    :raises AssertionError: with the page's own reason when it reports that the engine did not start.
    """
    page.wait_for_selector(f"{READY}, {ERROR}", state="attached", timeout=timeout_ms)
    if page.locator(ERROR).count():
        raise AssertionError(f"the engine did not start: {page.text_content('#load-error-reason')}")


FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def wait_frames(page: Any) -> None:
    """Wait until the page has drawn two frames (a resize has been handled and laid out).

    Not on a page whose clock is stopped: its requestAnimationFrame waits for page time.
    """
    assert not page_clock.stopped(page), "wait_frames() on a page whose clock is stopped"
    page.evaluate(FRAMES)


def wait_settled(page: Any) -> None:
    """Wait until the engine has answered everything the page asked so far and the page has drawn
    what followed (the start screen's catalog and save checks, for example)."""
    page_clock.engine_caught_up(page)
    wait_frames(page)
