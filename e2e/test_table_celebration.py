"""A winner's celebration on the final score sheet (web/table/celebrate.js), none under
``prefers-reduced-motion: reduce``."""

from __future__ import annotations

from typing import Any

from harness import BrowserSession, wait_ready
from table_driver import FINAL_SHEET, SHEET, play_match, start_game

CELEBRATION = f"{FINAL_SHEET} [data-testid=celebration]"
# The pieces' CSS animation, and the running or finished (held at its end) animations on them.
ANIMATED = """(node) => ({
  name: getComputedStyle(node.querySelector('.confetti')).animationName,
  count: node.getAnimations({ subtree: true }).length,
  seconds: Math.max(...node.getAnimations({ subtree: true }).map((a) => {
    const timing = a.effect.getComputedTiming();
    return (timing.delay + timing.activeDuration) / 1000;
  })),
})"""


def _won_match(page: Any) -> None:
    """Play a short match of Take (to 50) against an easy computer player, with the page's hints."""
    wait_ready(page)
    page.click("[data-testid=game-take]")
    page.select_option("[data-testid=level-all]", "easy")
    start_game(page, "take", players=2, options={"target": "50"})
    play_match(page)
    view = page.evaluate("async () => (await window.rummyTable.engine.call('state')).view")
    assert view["seat"] in view["winners"], f"this deal must be won by the person: {view['scores']}"


def test_the_winner_sees_a_short_celebration(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=2")
    _won_match(page)
    page.wait_for_selector(CELEBRATION, state="attached")
    animated = page.eval_on_selector(CELEBRATION, ANIMATED)
    assert animated["name"] == "celebrate-fall"
    assert animated["count"] > 0
    assert animated["seconds"] < 2.0, animated
    assert page.get_attribute(CELEBRATION, "aria-hidden") == "true"


def test_no_celebration_with_reduced_motion(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=2")
    page.emulate_media(reduced_motion="reduce")
    _won_match(page)
    assert page.locator(SHEET).count() == 1
    assert page.locator(CELEBRATION).count() == 0
