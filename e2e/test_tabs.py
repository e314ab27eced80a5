"""Two tabs of one browser and one saved match: one writer at a time, and no move lost unnoticed."""

from __future__ import annotations

import json

from harness import BrowserSession, wait_ready, wait_settled
from save_driver import SAVED, STATE, engine_position, play_turns, put, stored
from table_driver import READY_INPUT, TABLE, hint, perform, start_game, wait_turn_or_window

SAVE_KEY = "rummytable.save.tress"
TAKEN_OVER = "dialog[data-testid=taken-over-dialog]"


def test_a_second_tab_takes_the_match_over_and_nothing_is_lost(session: BrowserSession) -> None:
    context = session.new_context()
    a = session.open_in(context, "?speed=instant&seed=41")
    wait_ready(a)
    start_game(a, "tress", players=3)
    play_turns(a, 2)
    left_in_a = a.evaluate(STATE)

    # Tab B offers the match, says it is open elsewhere, and asks before taking it.
    b = session.open_in(context, "?speed=instant")
    wait_ready(b)
    b.wait_for_selector("[data-testid=resume-tress] .resume-elsewhere:not([hidden])")
    b.click("[data-testid=resume-tress]")
    b.wait_for_selector("dialog[data-testid=take-over-dialog]")
    b.click("[data-testid=take-over]")
    b.wait_for_selector(TABLE)
    b.wait_for_selector(READY_INPUT)
    assert b.evaluate(STATE) == left_in_a, "tab B did not go on from tab A's last move"

    # Tab A has stopped, and says where its match went.
    a.wait_for_selector(TAKEN_OVER)
    assert "another tab" in (a.text_content(f"{TAKEN_OVER} h2") or "")
    assert a.get_attribute(".table", "data-input") != "ready"

    play_turns(b, 3)
    b_position = engine_position(b)
    assert stored(b)["save"]["position"] == b_position, "tab B's moves are not in the save"

    # A takes it back: B's three moves are there, and B is told.
    a.click("[data-testid=play-here]")
    a.wait_for_selector(READY_INPUT)
    assert engine_position(a) == b_position, "tab A lost tab B's moves"
    b.wait_for_selector(TAKEN_OVER)
    play_turns(a, 1)
    a_position = engine_position(a)
    assert stored(a)["save"]["position"] == a_position

    # A new game in B asks first; A is told its match ended, and writes nothing after.
    b.click("[data-testid=back-to-start]")
    b.click("[data-testid=play]")
    b.wait_for_selector("dialog[data-testid=new-game-dialog]")
    b.click("[data-testid=new-here]")
    b.wait_for_selector(READY_INPUT)
    b.wait_for_selector(SAVED, state="attached")
    a.wait_for_selector(TAKEN_OVER)
    assert a.locator(f"{TAKEN_OVER} [data-testid=play-here]").count() == 0
    record = stored(b)
    assert record["save"]["position"] == engine_position(b)
    assert b.evaluate(STATE)["round"] == 1
    assert record["version"] > 1 and isinstance(record["owner"], str)

    # A reload brings back only the tab that plays the match: B to its table, A to the start screen.
    a.reload()
    b.reload()
    wait_ready(b)
    b.wait_for_selector(READY_INPUT)
    assert engine_position(b) == record["save"]["position"]
    wait_ready(a)
    a.wait_for_selector("[data-testid=resume-tress] .resume-elsewhere:not([hidden])")
    wait_settled(a)
    assert a.get_attribute("html", "data-screen") == "start"


def test_a_write_over_another_tabs_save_is_refused_and_said(session: BrowserSession) -> None:
    # The last line of defence, for a tab that missed the news (frozen while the other took over):
    # its next save finds another tab's stamp, is not written, and the tab says so.
    page = session.open("?speed=instant&seed=42")
    wait_ready(page)
    start_game(page, "tress", players=3)
    play_turns(page, 1)
    theirs = stored(page)
    theirs.update(owner="another-tab", version=theirs.get("version", 0) + 5)
    put(page, SAVE_KEY, json.dumps(theirs))
    state = wait_turn_or_window(page)
    assert state in ("turn", "answer"), state
    perform(page, hint(page))
    page.wait_for_selector(TAKEN_OVER)
    assert "was not kept" in (page.text_content(TAKEN_OVER) or "")
    assert stored(page) == theirs, "the other tab's save was overwritten"
