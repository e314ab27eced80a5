"""The computer seats' pace (web/table/match.js): a computer player's move is worked out during
its thinking pause (``bot_think``), not after it, and made and shown when the pause is over
(``bot_step``).

The page's clock is stopped (page_clock): the pause moves only when the test lets page time
pass, while the engine (a Web Worker on real time) answers whenever it is asked. So "asked
before the pause ran" and "shown only after it" are decided by page time, never by how busy
the machine is.
"""

from __future__ import annotations

from typing import Any

import page_clock
from harness import BrowserSession, wait_ready
from table_driver import start_game

LOG = "[data-testid=log] li"
SPY = """() => {
  const engine = window.rummyTable.engine;
  const call = engine.call.bind(engine);
  window.calls = {asked: [], thought: 0};
  engine.call = (method, ...args) => {
    window.calls.asked.push(method);
    const answer = call(method, ...args);
    if (method === "bot_think") answer.then(() => { window.calls.thought += 1; });
    return answer;
  };
}"""
"""Record the page's calls to the engine, and count the answers to ``bot_think``."""
BOT_PAUSE_MS = 550
"""The pause before a computer player's first move of a turn at the Normal speed (web/app/settings.js)."""


def _asked(page: Any, method: str) -> int:
    count: int = page.evaluate(f"window.calls.asked.filter((m) => m === {method!r}).length")
    return count


def test_the_computer_thinks_during_its_pause_and_moves_when_it_ends(session: BrowserSession) -> None:
    page = session.open("?speed=normal&seed=6", clock=True)
    wait_ready(page)
    page.evaluate(SPY)
    start_game(page, "take", players=2, watch=True)
    shown = page.locator(LOG).count()
    # Page time stands still: the pause has not begun to run, yet the engine has worked the move out.
    page.wait_for_function("() => window.calls.thought === 1", timeout=30_000)
    page_clock.engine_caught_up(page)
    assert _asked(page, "bot_step") == 0, "the move was made before the pause"
    # Nothing is made or shown until the whole pause has passed, however early the engine was done.
    page_clock.run(page, BOT_PAUSE_MS - 50)
    assert _asked(page, "bot_step") == 0, "the move was made before the pause was over"
    assert page.locator(LOG).count() == shown
    page_clock.wait_until(page, lambda: page.locator(LOG).count() > shown, what="the move after the pause")
    assert _asked(page, "bot_step") == 1
