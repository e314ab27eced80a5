"""The table's menu (web/table/menu.js): it pauses the table, changes the comfort settings at once,
restarts the match with the same set-up after asking, and leaves as before."""

from __future__ import annotations

import json
from typing import Any

import page_clock
from harness import BrowserSession, wait_ready
from table_driver import TABLE, hand_cards, hint, open_menu, perform, start_game, wait_turn_or_window

DISCARDS = "[data-testid=log] li[data-kind=card_discarded]"
STATE = "async () => (await window.rummyTable.engine.call('state')).view"
MENU = "dialog[data-testid=menu]"


def _settings(page: Any) -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('rummytable.settings') || '{}'"))
    return stored


def test_menu_pauses_the_table_and_changes_settings_at_once(session: BrowserSession) -> None:
    # Watching (the computer plays every seat): nothing moves while the menu is open.
    page = session.open("?seed=6", clock=True)
    wait_ready(page)
    page.click("[data-testid=speed-fast]")
    start_game(page, "tress", players=3, watch=True)
    page_clock.wait_until(page, lambda: page.locator(DISCARDS).count(), what="a first discard in watch mode")
    open_menu(page)
    assert page.get_attribute(".table", "data-paused") == "true"
    before = page.evaluate(STATE)
    page_clock.run(page, 5000)
    assert page.evaluate(STATE) == before, "the computer played behind the menu"

    assert page.input_value(f"{MENU} [data-testid=menu-speed]") == "fast"
    page.select_option(f"{MENU} [data-testid=menu-speed]", "slow")
    page.check(f"{MENU} [data-testid=menu-four-colour]")
    page.uncheck(f"{MENU} [data-testid=menu-sound]")
    stored = _settings(page)
    assert (stored["speed"], stored["deck"], stored["sound"]) == ("slow", "four", False)
    assert page.evaluate("document.documentElement.classList.contains('four-colour')")
    # The language changes the table and the open menu alike.
    page.select_option(f"{MENU} [data-testid=menu-language]", "uk")
    assert page.text_content(f"{MENU} h2") == "Меню"
    assert page.text_content(f"{MENU} [data-testid=menu-close]") == "Повернутися до столу"
    assert page.text_content("[data-testid=menu-button]") == "Меню"
    page.select_option(f"{MENU} [data-testid=menu-language]", "nb")
    assert page.text_content(f"{MENU} [data-testid=restart]") == "Start på nytt"
    page.click(f"{MENU} [data-testid=menu-close]")
    page.wait_for_selector(MENU, state="detached")
    assert page.get_attribute(".table", "data-paused") is None
    page_clock.wait_until(page, lambda: page.evaluate(STATE) != before,
                          what="the computer did not go on after the menu was closed")


def test_menu_opens_the_rules_and_restarts_after_asking(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=5")
    wait_ready(page)
    start_game(page, "take", players=2)
    assert wait_turn_or_window(page) == "turn"
    dealt = hand_cards(page)
    open_menu(page)
    page.click(f"{MENU} [data-testid=menu-rules]")
    page.wait_for_selector("dialog[data-testid=rules]")
    assert page.get_attribute(".table", "data-paused") == "true"
    page.click("[data-testid=close-rules]")
    page.wait_for_selector("dialog[data-testid=rules]", state="detached")
    perform(page, hint(page))  # the draw
    assert wait_turn_or_window(page) == "turn"
    assert hand_cards(page) != dealt
    # Restart asks first; Cancel keeps the match.
    played = page.evaluate(STATE)
    open_menu(page)
    page.click(f"{MENU} [data-testid=restart]")
    page.click("dialog[data-testid=restart-dialog] [data-testid=restart-dialog-cancel]")
    page.wait_for_selector("dialog[data-testid=restart-dialog]", state="detached")
    assert page.evaluate(STATE) == played
    open_menu(page)
    page.click(f"{MENU} [data-testid=restart]")
    page.click("[data-testid=restart-yes]")
    # The same set-up (here with the same fixed deal): the first hand again, the same cards dealt.
    page.wait_for_function("() => document.querySelector('.table')?.dataset.state === 'playing'")
    assert wait_turn_or_window(page) == "turn"
    view = page.evaluate(STATE)
    assert (view["game"], view["players"], view["round"], view["scores"]) == ("take", 2, 1, [0, 0])
    assert hand_cards(page) == dealt
    assert page.locator(TABLE).count() == 1
