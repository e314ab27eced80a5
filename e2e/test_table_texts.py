"""The table's words fit the situation: a second draw, an unavailable Lay down, the Scores window
before and after the first hand, take-it calls named and kept across Leave -> Continue, and an open
take-it bar that follows a language change."""

from __future__ import annotations

from typing import Any

from harness import BrowserSession, wait_ready
from page_clock import wait_until
from table_driver import (
    READY_INPUT,
    SHEET,
    TABLE,
    ask_to_leave,
    hand_cards,
    hint,
    pass_claim,
    perform,
    play_until,
    select_cards,
    start_game,
    visible,
    wait_turn_or_window,
)

MESSAGE = "[data-testid=message]"


def _claims(page: Any) -> list[int]:
    return [int(seat) for seat in (page.get_attribute(".table", "data-claims") or "").split()]


def _phase(page: Any) -> str | None:
    phase: str | None = page.get_attribute(".table", "data-phase")
    return phase


def test_a_second_draw_and_an_unavailable_lay_down_say_why(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=31")
    wait_ready(page)
    start_game(page, "tress", players=3)
    play_until(page, lambda state: state if state == "turn" and _phase(page) == "draw" else None)
    assert page.is_disabled("[data-testid=lay-down]"), "Lay down before the draw"
    page.click("[data-testid=stock]")
    page.wait_for_selector(f"{READY_INPUT}[data-phase=play]")
    assert hint(page)["kind"] != "lay_down", "this deal must leave the person without the contract"
    select_cards(page, [])  # the hint selected its discard; Lay down is pressed with nothing selected
    # Playing, but without the contract: Lay down looks unavailable and its title says why.
    assert page.get_attribute("[data-testid=lay-down]", "aria-disabled") == "true"
    no_contract = "Your hand does not hold this round\u2019s contract yet."
    assert page.get_attribute("[data-testid=lay-down]", "title") == no_contract
    # Pressing it still explains, over the table.
    page.click("[data-testid=lay-down]", force=True)
    page.wait_for_selector(f"{MESSAGE}:has-text('contract')")
    # A second draw is refused with its own words, not "draw one card first".
    page.click("[data-testid=stock]", force=True)
    page.wait_for_selector(f"{MESSAGE}[data-rule='T-11']")
    text = page.text_content(MESSAGE) or ""
    assert "already drawn" in text, text
    assert "Draw one card first" not in text, text
    # One card selected: the discard pile's dashed outline has a title saying what it is for
    # (How to play explains it too); with nothing selected the pile has none.
    assert page.get_attribute("[data-testid=discard-pile]", "title") is None
    select_cards(page, hand_cards(page)[:1])
    page.wait_for_selector("[data-testid=discard-pile].target")
    assert page.get_attribute("[data-testid=discard-pile]", "title") == (
        "Tap here to discard the selected card (the dashed outline marks where it goes).")


def test_the_scores_window_before_and_after_the_first_hand(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=3", width=390, height=844)
    wait_ready(page)
    start_game(page, "take", players=2)
    page.click("[data-testid=scores-button]")
    page.wait_for_selector("dialog[data-testid=scores-dialog] [data-testid=no-scores]")
    assert page.text_content("[data-testid=no-scores]") == "No hand has been scored yet."
    assert page.text_content("[data-testid=scores-so-far]") == (
        "Until a hand ends, each seat shows the player\u2019s total and what their sequences on the table are worth.")
    # Escape closes it, as the Close button does.
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[data-testid=scores-dialog]", state="detached")
    play_until(page, lambda state: state if state == "sheet" else None)
    page.click("[data-testid=next-round]")
    page.wait_for_selector(SHEET, state="detached")
    assert wait_turn_or_window(page) == "turn"
    # Mid-hand, the result shown is the last hand's, and its heading says so.
    page.click("[data-testid=scores-button]")
    page.wait_for_selector("dialog[data-testid=scores-dialog] [data-testid=last-result]")
    assert page.text_content("[data-testid=last-result]") == "Last hand: hand 1"
    # Players' names (the winner's with its star) keep to one line, on a phone too.
    spaces = page.eval_on_selector_all("dialog[data-testid=scores-dialog] [data-testid=result-table] tbody th",
                                        "cells => cells.map((c) => getComputedStyle(c).whiteSpace)")
    assert spaces and set(spaces) == {"nowrap"}, spaces
    page.click("[data-testid=close-scores]")


def test_take_it_calls_are_named_kept_after_continue_and_follow_the_language(session: BrowserSession) -> None:
    page = session.open("?speed=fast&seed=23", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4)

    def answer(state: str) -> Any:
        if state == "answer":
            return "answer"
        if state == "turn" and page.get_attribute(".table", "data-phase") == "draw" \
                and page.get_attribute("[data-testid=discard-pile]", "aria-disabled") == "false":
            # Take a moment over the draw, as a person does: the others may call meanwhile.
            if not wait_until(page, lambda: visible(page, "[data-testid=claim-answer]"), page_ms=3000,
                              what="a call while the person thinks over the draw"):
                return None
            wait_until(page, lambda: page.locator(READY_INPUT).count(), what="the person's answer")
            return "answer"
        return None

    play_until(page, answer)
    caller = _claims(page)[0]
    name = page.text_content(f"[data-testid=seat-{caller}] .seat-name") or ""
    prompt = page.text_content("[data-testid=prompt]") or ""
    assert prompt.startswith(name) and "Someone" not in prompt, prompt
    badge = f"[data-testid=seat-{caller}] .badge-call"
    assert visible(page, badge)
    # Leave, then continue the same game: the pending call still shows on the caller's seat.
    ask_to_leave(page)
    page.click("[data-testid=leave-yes]")
    page.click("[data-testid=resume-tress]")
    page.wait_for_selector(TABLE)
    wait_until(page, lambda: visible(page, "[data-testid=claim-answer]"), what="the answer again after continuing")
    assert visible(page, badge), "the take-it badge after Leave -> Continue"
    perform(page, hint(page))

    # An open take-it bar switches language with the table.
    play_until(page, lambda state: state if state == "claim" and visible(page, "[data-testid=take-it]") else None)
    page.select_option("[data-testid=table-language]", "nb")
    assert page.text_content("[data-testid=claim-pass]") == "Nei takk"
    assert (page.text_content(".claim-bar .claim-text") or "").startswith("Vil du ha ")
    pass_claim(page)


def test_a_locked_sequence_s_padlock_says_what_it_means_K_14(session: BrowserSession) -> None:
    # Take: the padlock on a locked sequence has a title in words (How to play explains it too).
    page = session.open("?speed=instant&seed=12")
    wait_ready(page)
    start_game(page, "take", players=3)
    lock = "[data-testid=lock-mark]"
    found = play_until(page, lambda state: True if page.locator(lock).count() else None)
    assert found, "no sequence was locked in this match"
    assert page.get_attribute(lock, "title") == (
        "Locked: nothing can go above its top, so nobody can take this sequence over; "
        "cards may still be added below it.")

    # Its spoken label is sentences, each begun with a capital: "…: 9♠, 10♠, J♠, Q♠, K♠, A♠. Locked".
    label = page.locator(".meld.locked").first.get_attribute("aria-label") or ""
    assert label.endswith(". Locked") or ". Locked. " in label, label
