"""Whole matches played through the table's controls, like a person with the Hint button."""

from __future__ import annotations

import time

from harness import BrowserSession, wait_ready
from table_driver import FINAL_SHEET, play_match, start_game


def test_full_tress_match_three_players(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=7")
    wait_ready(page)
    start_game(page, "tress", players=3)
    started = time.monotonic()
    moves = play_match(page, limit_s=900, drag_every=5)
    assert moves > 20
    sheet = page.locator(FINAL_SHEET)
    assert sheet.is_visible()
    # All seven rounds are on the final sheet, with each player's total.
    assert page.locator(f"{FINAL_SHEET} [data-testid=score-history] tbody tr").count() == 7
    for seat in range(3):
        assert page.locator(f"{FINAL_SHEET} [data-testid=total-{seat}]").count() == 1
    assert page.get_attribute(".table", "data-phase") == "match_over"
    print(f"tress match: {moves} moves in {time.monotonic() - started:.0f} s")


def test_full_take_match_two_players(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=11")
    wait_ready(page)
    start_game(page, "take", players=2, options={"target": "100"})
    moves = play_match(page, limit_s=600, drag_every=4)
    assert moves > 5
    assert page.locator(FINAL_SHEET).is_visible()
    assert page.locator(f"{FINAL_SHEET} [data-testid=score-history] tbody tr").count() >= 1
    # Each column's heading lines up with its numbers (names over right-aligned points, too).
    misaligned = page.evaluate("""sheet => [...document.querySelectorAll(`${sheet} table`)].flatMap((table) => {
        const heads = [...table.querySelectorAll("thead th")];
        const cells = [...table.querySelector("tbody tr").children];
        const align = (el) => getComputedStyle(el).textAlign;
        return heads.map((th, i) => [th.textContent, align(th), align(cells[i])])
            .filter(([, head, cell]) => head !== cell);
    })""", FINAL_SHEET)
    assert not misaligned, misaligned
    texts = [page.text_content(f"{FINAL_SHEET} [data-testid=total-{seat}]") or "0" for seat in range(2)]
    totals = [int(text.replace("\N{MINUS SIGN}", "-")) for text in texts]
    assert max(totals) >= 100
    assert page.get_attribute(".table", "data-phase") == "match_over"
