"""Take: the running score on every seat (K-17), the points on the table minus those in hand."""

from __future__ import annotations

import re
from typing import Any

from harness import BrowserSession, wait_ready
from table_driver import SHEET, hint, perform, play_until, sheet_cut, start_game, wait_turn_or_window


def _view(page: Any) -> dict[str, Any]:
    view: dict[str, Any] = page.evaluate("window.rummyTable.engine.call('state').then((r) => r.view)")
    return view


def _numbers(text: str) -> list[int]:
    """The numbers in a score line, negative ones written with the minus sign (U+2212); the minus
    between table and hand points, a space either side, is no sign of a number."""
    return [int(n.replace("\N{MINUS SIGN}", "-")) for n in re.findall("\N{MINUS SIGN}?\\d+", text)]


def test_take_seats_show_the_running_score_K_17(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=12")
    wait_ready(page)
    start_game(page, "take", players=3)
    checked_owned = False
    for _ in range(400):
        state = wait_turn_or_window(page)
        if state in ("sheet", "final"):
            break
        view = _view(page)
        own = page.text_content("[data-testid=seat-score-0]") or ""
        # "{total} points, this hand {table} minus {hand} = {now}"
        total, table, held, now = _numbers(own)[:4]
        assert (total, table, held) == (view["scores"][0], view["table_points"][0], view["hand_points"])
        assert now == table - held
        for seat in (1, 2):
            other = _numbers(page.text_content(f"[data-testid=seat-score-{seat}]") or "")
            assert other[:2] == [view["scores"][seat], view["table_points"][seat]]
        checked_owned = checked_owned or any(view["table_points"])
        perform(page, hint(page))
    assert checked_owned, "no sequence came to the table: the table points were never more than 0"
    # The score sheet splits each player's points into the sequences owned and the cards held.
    assert page.locator(SHEET).count() == 1
    result = _view(page)["last_result"]
    for seat in range(3):
        assert page.text_content(f"[data-testid=table-points-{seat}]") == str(result["table_points"][seat])
        held = result["hand_points"][seat]
        assert page.text_content(f"[data-testid=held-points-{seat}]") == (f"\N{MINUS SIGN}{held}" if held else "0")


def test_on_a_phone_the_person_s_running_score_is_in_the_top_bar_K_17(session: BrowserSession) -> None:
    # Phones have no room for the person's own seat line: the score moves up to the top bar.
    page = session.open("?speed=instant&seed=12", width=390, height=844)
    wait_ready(page)
    start_game(page, "take", players=3)
    for _ in range(8):
        if wait_turn_or_window(page) != "turn":
            break
        perform(page, hint(page))
    wait_turn_or_window(page)
    view = _view(page)
    assert not page.locator("[data-testid=seat-score-0]").is_visible()
    line = page.locator("[data-testid=my-score]")
    assert line.is_visible()
    assert _numbers(line.text_content() or "")[:2] == [view["scores"][0], view["table_points"][0] - view["hand_points"]]


def test_on_a_phone_the_whole_take_score_sheet_shows_K_17(session: BrowserSession) -> None:
    # Four players and four columns of points (table, held, the hand, the total) fit a 360 px phone
    # in the longest language, each player's cards left on a line of their own.
    page = session.open("?speed=instant&seed=12", width=360, height=640)
    wait_ready(page)
    page.select_option("[data-testid=language]", "uk")
    start_game(page, "take", players=4)
    play_until(page, lambda state: state if state == "sheet" else None)
    assert page.locator(f"{SHEET} [data-testid=held-points-3]").count() == 1
    assert not sheet_cut(page), f"the score sheet is cut off: {sheet_cut(page)}"
