"""The start screen's shape: one level for all computer players (or one per player), each level's
description once, house rules in plain words, the versions behind "About", Tress for four."""

from __future__ import annotations

import json
import re

from harness import BrowserSession, wait_ready, wait_settled
from table_driver import TABLE, ask_to_leave, press_play

from rummytable import __version__

SETTINGS = "rummytable.settings"
SEATS = "async () => (await window.rummyTable.engine.call('state')).view.seat_kinds"


def test_one_level_for_all_or_one_per_player_and_each_description_once(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=91")
    wait_ready(page)
    wait_settled(page)
    # Tress is played by four unless the person chooses otherwise.
    assert page.is_checked("[data-testid=game-tress]") and page.is_checked("[data-testid=players-4]")
    # One level select for the three computer players, and its description once.
    assert page.locator("[data-testid^=level-]:is(select)").count() == 1
    assert page.locator(".opponents-setup .level-text").count() == 1
    # One seat's own level leaves the others at the level for all.
    page.check("[data-testid=level-per-seat]")
    page.select_option("[data-testid=level-2]", "hard")
    assert [page.input_value(f"[data-testid=level-{seat}]") for seat in (1, 2, 3)] == ["normal", "hard", "normal"]
    page.uncheck("[data-testid=level-per-seat]")
    assert page.input_value("[data-testid=level-all]") == "normal"
    page.select_option("[data-testid=level-all]", "hard")
    assert page.locator("[data-testid=level-text-hard]").count() == 1
    assert page.locator(".opponents-setup .level-text").count() == 1

    # Per player: a select for each seat, and each level in play described once.
    page.check("[data-testid=level-per-seat]")
    assert [page.input_value(f"[data-testid=level-{seat}]") for seat in (1, 2, 3)] == ["hard"] * 3
    assert page.locator("[data-testid=level-all]").count() == 0
    page.select_option("[data-testid=level-2]", "easy")
    assert page.locator(".opponents-setup .level-text").count() == 2
    assert page.locator("[data-testid=level-text-hard]").count() == 1
    assert page.locator("[data-testid=level-text-easy]").count() == 1
    stored = json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS}')"))
    assert stored["levelsPerSeat"] == {"tress": True}

    # The choice is remembered, and the match is played at those levels.
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-testid=level-2]")
    assert page.is_checked("[data-testid=level-per-seat]")
    press_play(page)
    assert page.evaluate(SEATS) == ["human", "hard", "easy", "hard"]

    # Back to one level for all: every seat plays it.
    ask_to_leave(page)
    page.click("[data-testid=leave-yes]")
    page.uncheck("[data-testid=level-per-seat]")
    assert page.input_value("[data-testid=level-all]") == "hard"
    page.select_option("[data-testid=level-all]", "easy")
    press_play(page)
    assert page.evaluate(SEATS) == ["human", "easy", "easy", "easy"]


def test_per_seat_levels_stored_before_the_toggle_keep_working(session: BrowserSession) -> None:
    levels = {"levels": {"tress.1": "hard", "tress.2": "easy", "tress.3": "hard", "take.1": "hard"}}
    context = session.new_context(init_script=f"""
        if (!sessionStorage.getItem("seeded")) {{
            sessionStorage.setItem("seeded", "1");
            localStorage.setItem("{SETTINGS}", {json.dumps(json.dumps(levels))});
        }}""")
    page = session.open_in(context, "?speed=instant&seed=92")
    wait_ready(page)
    page.wait_for_selector("[data-testid=level-3]")
    assert page.is_checked("[data-testid=level-per-seat]")
    assert [page.input_value(f"[data-testid=level-{seat}]") for seat in (1, 2, 3)] == ["hard", "easy", "hard"]
    # Take's single stored level is its level for all.
    page.click("[data-testid=game-take]")
    assert not page.is_checked("[data-testid=level-per-seat]")
    assert page.input_value("[data-testid=level-all]") == "hard"
    press_play(page)
    assert page.evaluate(SEATS) == ["human", "hard"]
    page.wait_for_selector(TABLE)


def test_house_rules_in_plain_words_and_the_versions_behind_about(session: BrowserSession) -> None:
    page = session.open("?speed=instant")
    wait_ready(page)
    page.wait_for_selector("[data-testid=reset-rules]", state="attached")
    for lang in ("en", "nb", "uk"):
        page.select_option("[data-testid=language]", lang)
        for game in ("tress", "take"):
            page.click(f"[data-testid=game-{game}]")
            page.wait_for_selector(f"[data-testid=opt-{game}-empty_stock]", state="attached")
            text = page.text_content("[data-testid=start-screen]") or ""
            found = re.findall(r"\b[TK]-\d+", text)
            assert not found, f"{lang}, {game}: rule ids on the start screen: {found}"
        # The versions: not in the footer, one click away under About.
        assert __version__ not in (page.text_content("#engine-footer") or "")
        assert not page.is_visible("#engine-info")
        page.click("[data-testid=about-button]")
        info = page.text_content("#engine-info") or ""
        assert __version__ in info and "Pyodide" in info, info
        assert page.is_visible("#engine-info")
        page.click("[data-testid=about-button]")
