"""The engine stops under a running page: the page says so, starts a new one and the match goes on.

Faults: the engine terminated, a message from the worker that cannot be read, a worker that closes
itself (found by the heartbeat), and a call that is never answered (found by its deadline). Time is
Playwright's clock: the deadline and the heartbeat pass by a jump of the page's clock, not by waiting.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from harness import BrowserSession, wait_ready
from save_driver import SAVED, STATE, play_turns
from table_driver import READY_INPUT, TABLE, hint, perform, start_game, wait_turn_or_window

# engine.js: DEFAULT_DEADLINE_MS and DEFAULT_HEARTBEAT_MS.
DEADLINE_MS = 60_000
HEARTBEAT_MS = 20_000

# Handles for the faults: the page's workers, a switch that swallows messages to the worker (a
# call never answered), and every value <html data-engine> takes.
FAULTS_SCRIPT = """(() => {
  const post = Worker.prototype.postMessage;
  window.__engineHang = false;
  Worker.prototype.postMessage = function (...args) {
    if (!window.__engineHang) return post.apply(this, args);
  };
  const Native = window.Worker;
  window.__workers = [];
  window.Worker = class extends Native {
    constructor(...args) { super(...args); window.__workers.push(this); }
  };
  window.__engineStates = [];
  // Each record holds the value before it; the value after is the next record's (or today's).
  new MutationObserver((records) => records.forEach((record, i) => {
    const state = records[i + 1]?.oldValue ?? document.documentElement.dataset.engine;
    if (window.__engineStates.at(-1) !== state) window.__engineStates.push(state);
  })).observe(document, { attributes: true, attributeOldValue: true, subtree: true, attributeFilter: ["data-engine"] });
})();"""

RESTARTED = "[data-testid=message][data-notice=engine-restarted]"


def _restarts(count: int) -> str:
    return f"html[data-engine-restarts='{count}']"


def _terminate(page: Any) -> None:
    page.evaluate("window.rummyTable.engine.terminate()")


def _message_error(page: Any) -> None:
    page.evaluate("window.__workers.at(-1).dispatchEvent(new MessageEvent('messageerror'))")


def _worker_closes_itself(page: Any) -> None:
    page.workers[-1].evaluate("self.close()")
    page.clock.fast_forward(HEARTBEAT_MS)      # the heartbeat asks
    page.clock.fast_forward(HEARTBEAT_MS + 1)  # ... and hears nothing


def _call_never_answered(page: Any) -> None:
    action = hint(page)
    page.evaluate("window.__engineHang = true")  # the move goes nowhere
    perform(page, action)
    page.evaluate("window.__engineHang = false")
    page.clock.fast_forward(DEADLINE_MS + 1)


FAULTS: dict[str, Callable[[Any], None]] = {
    "terminated": _terminate,
    "messageerror": _message_error,
    "worker-closed": _worker_closes_itself,
    "call-past-deadline": _call_never_answered,
}


def _open(session: BrowserSession, path: str) -> Any:
    context = session.new_context(init_script=FAULTS_SCRIPT)
    context.clock.install()
    page = session.open_in(context, path)
    wait_ready(page)
    return page


@pytest.mark.parametrize("fault", list(FAULTS))
def test_match_survives_the_engine_stopping(session: BrowserSession, fault: str) -> None:
    page = _open(session, "?speed=instant&seed=51")
    start_game(page, "tress", players=3)
    play_turns(page, 2)
    before = page.evaluate(STATE)
    page.evaluate("window.__engineStates.length = 0")
    workers = page.evaluate("window.__workers.length")

    FAULTS[fault](page)
    page.wait_for_selector(_restarts(1), state="attached", timeout=60_000)
    page.wait_for_selector(RESTARTED, timeout=60_000)
    assert page.evaluate("window.__workers.length") == workers + 1, "no new engine was started"
    assert page.evaluate("window.__engineStates")[0] == "error", "data-engine went on saying ready"
    assert page.get_attribute("html", "data-engine") == "ready"
    page.wait_for_selector(READY_INPUT)
    assert page.evaluate(STATE) == before, "the match did not go on from its last save"
    assert "restarted" in (page.text_content(RESTARTED) or "")
    # And play goes on, saved as before.
    play_turns(page, 1)
    page.wait_for_selector(SAVED, state="attached")


def test_engine_stopping_on_the_start_screen_is_restarted(session: BrowserSession) -> None:
    page = _open(session, "?speed=instant&seed=52")
    page.evaluate("window.__engineStates.length = 0")
    _terminate(page)
    page.wait_for_selector("[data-testid=engine-restarted]", timeout=60_000)
    assert page.evaluate("window.__engineStates") == ["error", "loading", "ready"]
    page.click("[data-testid=play]")
    page.wait_for_selector(TABLE)
    assert wait_turn_or_window(page) in ("turn", "answer", "claim")


def test_an_engine_that_keeps_stopping_leaves_the_match_saved(session: BrowserSession) -> None:
    page = _open(session, "?speed=instant&seed=53")
    start_game(page, "tress", players=3)
    play_turns(page, 1)
    before = page.evaluate(STATE)
    # Each new engine is stopped as soon as it has loaded the match again: after a few tries the
    # page stops trying and says the match waits in its save.
    for count in range(1, 5):
        _terminate(page)
        page.wait_for_selector(_restarts(count), state="attached", timeout=60_000)
        page.wait_for_selector(f"{RESTARTED}, [data-testid=engine-problem]", timeout=60_000)
        if page.locator("[data-testid=engine-problem]").count():
            break
    assert count == 4, f"gave up after {count} restarts"
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=60_000)
    page.click("[data-testid=resume-tress]")
    page.wait_for_selector(READY_INPUT)
    assert page.evaluate(STATE) == before
