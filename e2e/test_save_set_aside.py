"""A save that does not open is set aside with a message: never a "Continue" button that does nothing."""

from __future__ import annotations

import json

from harness import BrowserSession, wait_ready
from save_driver import STATE, play_turns, put, stored
from table_driver import TABLE, ask_to_leave, start_game

SAVE_KEY = "rummytable.save.tress"
# A log line the engine keeps as it is, but the table cannot put in words (its cards are not a list).
BAD_LOG_ENTRY = {"kind": "meld_created", "data": {"seat": 1, "meld": {"kind": "set", "cards": "7S"}},
                 "owner": None, "secret": []}


def test_a_save_the_table_cannot_draw_is_set_aside(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=71")
    wait_ready(page)
    start_game(page, "tress", players=3)
    play_turns(page, 0)
    record = stored(page)
    position = json.loads(record["save"]["position"])
    position["log"].append(BAD_LOG_ENTRY)
    record["save"]["position"] = json.dumps(position)
    damaged = json.dumps(record)
    ask_to_leave(page)
    page.click("[data-testid=leave-yes]")
    put(page, SAVE_KEY, damaged)

    page.reload()
    wait_ready(page)
    # An engine that refuses such a save sets it aside at once; one that takes it leaves it to the
    # table, which fails to draw it: then pressing Continue sets it aside.
    page.wait_for_selector("[data-testid=resume-tress], [data-testid=save-problem]")
    if page.locator("[data-testid=resume-tress]").count():
        page.click("[data-testid=resume-tress]")
    page.wait_for_selector("[data-testid=save-problem]")
    assert page.locator("[data-testid=resume-tress]").count() == 0, "a Continue button that cannot continue"
    assert page.get_attribute("html", "data-screen") == "start"
    rejected = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}:rejected')"))
    print("set aside:", rejected["reason"])
    assert json.loads(rejected["raw"])["save"] == record["save"] and rejected["reason"]
    page.click("[data-testid=play]")
    page.wait_for_selector(TABLE)
    assert page.evaluate(STATE)["round"] == 1
