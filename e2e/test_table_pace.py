"""The computer seats' pace (web/table/match.js): a computer player's move is worked out during
its thinking pause, not after it, and shown when the pause is over.

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
  window.botSteps = [];
  engine.call = (method, ...args) => {
    const answer = call(method, ...args);
    if (method === "bot_step") answer.then((result) => window.botSteps.push(result.view.to_move));
    return answer;
  };
}"""
"""Count the engine's answers to ``bot_step`` (the page's only way to have a computer seat move)."""
BOT_PAUSE_MS = 550
"""The pause before a computer player's first move of a turn at the Normal speed (web/app/settings.js)."""


def _steps(page: Any) -> int:
    count: int = page.evaluate("window.botSteps.length")
    return count


def test_the_computer_thinks_during_its_pause_and_moves_when_it_ends(session: BrowserSession) -> None:
    page = session.open("?speed=normal&seed=6", clock=True)
    wait_ready(page)
    page.evaluate(SPY)
    start_game(page, "take", players=2, watch=True)
    shown = page.locator(LOG).count()
    # Page time stands still: the pause has not begun to run, yet the engine has the move.
    page.wait_for_function("() => window.botSteps.length === 1", timeout=30_000)
    page_clock.engine_caught_up(page)
    assert page.locator(LOG).count() == shown, "the move was shown before the pause"
    # Nothing shows until the whole pause has passed, however early the engine answered.
    page_clock.run(page, BOT_PAUSE_MS - 50)
    assert page.locator(LOG).count() == shown, "the move was shown before the pause was over"
    assert _steps(page) == 1, "a second move was asked for before the first was shown"
    page_clock.wait_until(page, lambda: page.locator(LOG).count() > shown, what="the move after the pause")
