"""Save and resume, a save that cannot be loaded, and statistics."""

from __future__ import annotations

import json
import time
from typing import Any

from harness import ARTIFACTS, BrowserSession, wait_ready, wait_settled
from save_driver import SAVED, engine_position, play_turns, put, stored
from table_driver import (
    READY_INPUT,
    TABLE,
    ask_to_leave,
    hand_cards,
    hint,
    pass_claim,
    perform,
    play_match,
    start_game,
    wait_turn_or_window,
)

SAVE_KEY = "rummytable.save.tress"
STATE = "async () => (await window.rummyTable.engine.call('state')).view"


def _play_turns(page: Any, turns: int) -> None:
    made = 0
    while made < turns:
        state = wait_turn_or_window(page)
        if state == "claim":
            pass_claim(page)
            continue
        assert state in ("turn", "answer"), state
        perform(page, hint(page))
        made += 1
    wait_turn_or_window(page)


def _wait_saved(page: Any, timeout_s: float = 60) -> dict[str, Any]:
    """Wait until the stored save is the engine's current position; returns the stored record."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        same = page.evaluate(f"""async () => {{
            const now = await window.rummyTable.engine.call('save');
            const stored = JSON.parse(localStorage.getItem('{SAVE_KEY}') ?? 'null');
            return stored?.save?.position === now.position;
        }}""")
        if same:
            record: dict[str, Any] = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
            return record
        page.wait_for_timeout(100)
    raise AssertionError("the match was not saved")


# Where the start screen's title, Play button and statistics button are.
PLACES = """() => ["h1", "[data-testid=play]", "[data-testid=stats-button]"].map((s) => {
    const box = document.querySelector(s)?.getBoundingClientRect();
    return box ? [Math.round(box.x), Math.round(box.y)] : null;
})"""


def test_closing_and_coming_back_resumes_the_same_match(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=21")
    wait_ready(page)
    start_game(page, "tress", players=3)
    _play_turns(page, 4)
    page.wait_for_selector(READY_INPUT)
    record = _wait_saved(page)
    assert record["save"]["game"] == "tress" and record["save"]["seats"][0] == "human"
    before = page.evaluate(STATE)
    hand_before = sorted(hand_cards(page))

    # Leaving says the truth: the game can be continued, and the start screen offers it.
    ask_to_leave(page)
    page.wait_for_selector("dialog[open] [data-testid=leave-yes]")
    warning = (page.text_content("dialog[open] h2") or "").lower()
    assert "continue" in warning and "cannot" not in warning, warning
    page.click("[data-testid=leave-yes]")
    page.wait_for_selector("[data-testid=resume-tress]")

    page.reload()
    # The saved game is offered at once, before the engine is up, so nothing on the start screen
    # moves when the engine has checked it.
    page.wait_for_selector("[data-testid=resume-tress]", timeout=60_000)
    early = page.evaluate(PLACES)
    wait_ready(page)
    wait_settled(page)  # the engine has checked the save and sent its catalog, and the page has drawn both
    assert page.evaluate(PLACES) == early, "the start screen moved once the engine was ready"
    page.click("[data-testid=resume-tress]")
    page.wait_for_selector(TABLE, timeout=60_000)
    page.wait_for_selector(READY_INPUT)
    after = page.evaluate(STATE)
    assert after == before, "the resumed match differs from the one left"
    assert sorted(hand_cards(page)) == hand_before
    assert page.get_attribute(".table", "data-phase") == before["phase"]
    # Play goes on from there.
    _play_turns(page, 1)


def test_a_save_that_cannot_be_loaded_is_set_aside_with_a_message(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=22")
    wait_ready(page)
    start_game(page, "tress", players=3)
    _play_turns(page, 1)
    record = _wait_saved(page)
    # Damage the position (as a save from an incompatible engine version would look to this one).
    record["save"]["position"] = record["save"]["position"][: len(record["save"]["position"]) // 2]
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, json.dumps(record)])

    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-testid=save-problem]")
    assert "Tress" in (page.text_content("[data-testid=save-problem]") or "")
    assert page.locator("[data-testid=resume-tress]").count() == 0
    rejected = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}:rejected')"))
    assert rejected["raw"] == json.dumps(record) and rejected["reason"]
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    # A fresh game starts as usual.
    page.click("[data-testid=play]")
    page.wait_for_selector(TABLE, timeout=60_000)
    assert page.evaluate(STATE)["round"] == 1

    # Not even JSON: the same.
    page.evaluate("key => localStorage.setItem(key, '{oops')", SAVE_KEY)
    page.reload()
    page.wait_for_selector("[data-testid=save-problem]")
    assert page.locator("[data-testid=resume-tress]").count() == 0


def test_statistics_count_a_finished_match_and_reset(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=11")
    wait_ready(page)
    page.click("[data-testid=stats-button]")
    page.wait_for_selector("[data-testid=stats-empty]")
    page.click("[data-testid=close-stats]")

    start_game(page, "take", players=2, options={"target": "50"})
    play_match(page, limit_s=600)
    view = page.evaluate(STATE)
    mine = view["scores"][view["seat"]]
    page.click("[data-testid=new-game]")
    page.wait_for_selector("[data-testid=play]")
    # The finished match is no longer offered for continuing.
    assert page.locator("[data-testid=resume-take]").count() == 0

    page.click("[data-testid=stats-button]")
    row = "[data-testid=stats-take-normal]"
    page.wait_for_selector(row)
    assert page.text_content(f"{row} [data-testid=played]") == "1"
    assert page.text_content(f"{row} [data-testid=won]") == ("1" if view["seat"] in view["winners"] else "0")
    assert page.text_content(f"{row} [data-testid=best]") == str(mine)
    assert page.text_content(f"{row} [data-testid=average]") == str(mine)
    page.click("[data-testid=reset-stats]")
    page.click("[data-testid=reset-stats-yes]")
    page.click("[data-testid=stats-button]")
    page.wait_for_selector("[data-testid=stats-empty]")
    page.click("[data-testid=close-stats]")


def test_statistics_button_stays_put_and_the_table_fits_a_phone(session: BrowserSession) -> None:
    page = session.open("?speed=instant", width=375, height=667)
    page.wait_for_selector("[data-testid=stats-button]")
    early = page.evaluate(PLACES)
    wait_ready(page)
    wait_settled(page)
    assert page.evaluate(PLACES) == early, "the statistics button moved once the engine was ready"
    # Long numbers in every row and column.
    data = {"tress.easy": {"played": 123, "won": 45, "best": 187, "total": 38452},
            "tress.hard": {"played": 3, "won": 0, "best": 1187, "total": 3452},
            "take.normal": {"played": 12, "won": 7, "best": 1045, "total": 6543},
            "take.mixed": {"played": 1, "won": 0, "best": -35, "total": -35}}
    page.evaluate("data => localStorage.setItem('rummytable.stats', data)", json.dumps(data))
    for lang in ("en", "nb", "uk"):
        page.select_option("[data-testid=language]", lang)
        page.click("[data-testid=stats-button]")
        page.wait_for_selector("[data-testid=stats-table]")
        sizes = page.evaluate("""() => {
            const box = document.querySelector('.stats-scroll');
            return [box.scrollWidth, box.clientWidth, document.documentElement.scrollWidth];
        }""")
        assert sizes[0] <= sizes[1], f"{lang}: the statistics table is cut off at 375 px: {sizes}"
        assert sizes[2] <= 375, f"{lang}: the page scrolls sideways"
        assert page.is_visible("[data-testid=stats-take-normal] [data-testid=average]")
        page.screenshot(path=str(ARTIFACTS / f"{lang}-stats-375x667.png"))
        page.click("[data-testid=close-stats]")


SAVED_DIALOG = "dialog[data-testid=saved-game-dialog]"


def _leave(page: Any) -> None:
    ask_to_leave(page)
    page.click("[data-testid=leave-yes]")
    page.wait_for_selector("html[data-screen=start]", state="attached")


def test_play_with_a_saved_match_asks_and_keeps_the_save_until_a_new_one_is_chosen(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=23")
    wait_ready(page)
    start_game(page, "tress", players=3)
    play_turns(page, 2)
    before = page.evaluate(STATE)
    _leave(page)
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")

    # Play with a match saved: the page asks, and Cancel keeps everything as it was.
    page.click("[data-testid=play]")
    page.wait_for_selector(SAVED_DIALOG)
    where = page.text_content(f"{SAVED_DIALOG} [data-testid=saved-where]") or ""
    assert where.startswith("Round 1 · You 0 · "), where
    page.click(f"{SAVED_DIALOG} [data-testid=saved-game-dialog-cancel]")
    page.wait_for_selector(SAVED_DIALOG, state="detached")
    assert page.get_attribute("html", "data-screen") == "start"
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved, "Cancel changed the save"

    # Continue: the saved match, as it was left.
    page.click("[data-testid=play]")
    page.click(f"{SAVED_DIALOG} [data-testid=continue-saved]")
    page.wait_for_selector(READY_INPUT)
    assert page.evaluate(STATE) == before, "Continue did not open the saved match"
    _leave(page)

    # A new match only once the person says so.
    page.click("[data-testid=play]")
    page.click(f"{SAVED_DIALOG} [data-testid=new-instead]")
    page.wait_for_selector(TABLE)
    page.wait_for_selector(SAVED, state="attached")
    assert page.evaluate(STATE)["round"] == 1
    assert stored(page)["save"]["position"] == engine_position(page) != json.loads(saved)["save"]["position"]

    # Take asks the same, and speaks of hands.
    _leave(page)
    start_game(page, "take", players=2)
    play_turns(page, 0)
    _leave(page)
    page.click("[data-testid=play]")
    page.wait_for_selector(SAVED_DIALOG)
    where = page.text_content(f"{SAVED_DIALOG} [data-testid=saved-where]") or ""
    assert where.startswith("Hand 1 · You 0 · North 0"), where
    page.keyboard.press("Escape")
    page.wait_for_selector(SAVED_DIALOG, state="detached")
    assert stored(page, "take")["save"]["seats"][0] == "human"


def test_a_reload_at_the_table_comes_back_to_it_and_after_leaving_does_not(session: BrowserSession) -> None:
    context = session.new_context()
    page = session.open_in(context, "?speed=instant&seed=24")
    wait_ready(page)
    start_game(page, "tress", players=3)
    play_turns(page, 1)
    before = page.evaluate(STATE)

    page.reload()
    wait_ready(page)
    page.wait_for_selector(READY_INPUT)
    assert page.evaluate(STATE) == before, "the reload did not come back to the same match"

    # Another tab of the same browser opens on the start screen: the match is this tab's.
    other = session.open_in(context, "?speed=instant")
    wait_ready(other)
    other.wait_for_selector("[data-testid=resume-tress] .resume-elsewhere:not([hidden])")
    wait_settled(other)
    assert other.get_attribute("html", "data-screen") == "start"
    other.close()

    # After Leave a reload stays on the start screen, offering the match.
    _leave(page)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-testid=resume-tress]")
    wait_settled(page)
    assert page.get_attribute("html", "data-screen") == "start"
    assert page.locator(TABLE).count() == 0


def _describe(page: Any, game: str, about: dict[str, Any]) -> None:
    """Give the stored save of ``game`` another description and reload the start screen."""
    record = stored(page, game)
    record["about"] = about
    put(page, f"rummytable.save.{game}", json.dumps(record))
    page.reload()
    wait_ready(page)
    page.wait_for_selector(f"[data-testid=resume-{game}]")


def test_the_continue_card_shows_the_round_or_hand_and_the_scores(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=25", width=360, height=740)
    wait_ready(page)
    start_game(page, "tress", players=4)
    play_turns(page, 0)
    _leave(page)
    start_game(page, "take", players=3)
    play_turns(page, 0)
    _leave(page)
    _describe(page, "tress", {"round": 2, "players": 4, "scores": [35, 80, 120, 5], "seat": 0})
    _describe(page, "take", {"round": 6, "players": 3, "scores": [-40, 315, 1205], "seat": 0})
    for lang, tress, take in (
            ("en", ("Round 2", "You 35 · West 80 · North 120 · East 5"), ("Hand 6", "You -40 · West 315 · East 1205")),
            ("nb", ("Runde 2", "Du 35 · Vest 80 · Nord 120 · Øst 5"), ("Omgang 6", "Du -40 · Vest 315 · Øst 1205")),
            ("uk", ("Раунд 2", None), ("Роздача 6", None))):
        page.select_option("[data-testid=language]", lang)
        for game, (round_text, scores) in (("tress", tress), ("take", take)):
            card = f"[data-testid=resume-{game}]"
            page.wait_for_selector(f"{card} [data-testid=resume-{game}-round]:text-is('{round_text}')")
            shown = page.text_content(f"{card} [data-testid=resume-{game}-scores]") or ""
            if scores:
                assert shown == scores, (lang, game, shown)
            assert shown.count(" · ") == (3 if game == "tress" else 2), shown
            fits = page.eval_on_selector(card, "el => el.scrollWidth <= el.clientWidth")
            assert fits, f"{lang}: the {game} card is wider than a 360 px phone"
        text = page.text_content("[data-testid=resume-take]") or ""
        assert "Round" not in text and "Runde" not in text and "Раунд" not in text, text
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
