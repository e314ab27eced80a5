"""Tress "take it" prompts: by default the person is asked only for a card that fits his hand.

The page runs every take-it window (the computer callers speak), but shows the person's
countdown bar only when the engine says the card fits his hand (brings his contract closer or,
once down, can be laid off), unless he chose to be asked for every card on the start screen.
Pages here have their clock stopped (page_clock): windows move only while the test waits.
"""

from __future__ import annotations

from typing import Any

from harness import BrowserSession, wait_ready
from table_driver import play_until, start_game

# Records, in page order, each window the table runs ({id, asked}) and each window in which the
# person's take-it button showed up (by the window's id).
RECORDER = """
window.__windows = []; window.__bars = []; window.__barMs = {};
new MutationObserver(() => {
  const table = document.querySelector(".table");
  if (!table) return;
  const id = table.dataset.takeItWindow;
  const last = window.__windows.at(-1);
  if (id && (!last || last.id !== id)) window.__windows.push({id, asked: table.dataset.takeItAsked});
  if (id && document.querySelector("[data-testid=take-it]") && window.__bars.at(-1) !== id) {
    window.__bars.push(id);
    window.__barMs[id] = Number(document.querySelector("[data-testid=claim-bar]").dataset.ms);
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def _play_windows(page: Any, *, windows: int) -> tuple[list[dict[str, str]], list[str]]:
    """Play on with hints, passing every take-it chance, until the table has run ``windows`` windows."""
    def enough(state: str) -> bool | None:
        return True if state == "final" or len(page.evaluate("window.__windows")) >= windows else None

    play_until(page, enough)
    return page.evaluate("window.__windows"), page.evaluate("window.__bars")


def _open(session: BrowserSession, seed: int) -> Any:
    context = session.new_context(clock=True, init_script=RECORDER)
    page = session.open_in(context, f"?speed=fast&seed={seed}")
    wait_ready(page)
    return page


def test_take_it_asks_only_for_a_card_that_fits_the_hand_by_default_T_16(session: BrowserSession) -> None:
    page = _open(session, 31)
    assert page.is_checked("[data-testid=take-it-fits]"), "asking only for fitting cards is the default"
    start_game(page, "tress", players=4)
    windows, bars = _play_windows(page, windows=24)
    asked = [w["id"] for w in windows if w["asked"] == "yes"]
    not_asked = [w["id"] for w in windows if w["asked"] == "no"]
    assert asked and not_asked, windows
    assert not set(bars) & set(not_asked), "the bar showed for a card that does not fit"
    assert set(asked) <= set(bars), "a fitting card got no bar"


def test_take_it_asks_for_every_card_when_chosen_T_16(session: BrowserSession) -> None:
    page = _open(session, 31)
    start_game(page, "tress", players=4, ask_always=True)
    windows, bars = _play_windows(page, windows=12)
    asked = [w["id"] for w in windows if w["asked"] == "yes"]
    assert set(asked) == set(bars), (windows, bars)
    # Not asked only where the person may not call: his own discard, or as the drawer (T-16):
    # two windows in four at a table of four.
    assert len(asked) >= len(windows) // 3, windows
    assert page.evaluate("JSON.parse(localStorage.getItem('rummytable.settings')).takeItAsk") == "always"
    # The card turned up at the deal gets a longer look (the person sees a new hand): its countdown
    # is 1.6 times the speed's 3.5 s at Fast; every later window runs the plain 3.5 s.
    bar_ms = page.evaluate("window.__barMs")
    assert windows[0]["id"] in bar_ms, "the deal's card was not offered to the person: pick another seed"
    assert bar_ms[windows[0]["id"]] == 5600, bar_ms
    assert {ms for id_, ms in bar_ms.items() if id_ != windows[0]["id"]} == {3500}, bar_ms
