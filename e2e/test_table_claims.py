"""Tress "take it!": races the person wins and loses, and the person as drawer letting a caller have it."""

from __future__ import annotations

import time
from typing import Any

from harness import BrowserSession, wait_ready
from playwright.sync_api import Error as PlaywrightError
from table_driver import SHEET, hint, perform, start_game, wait_turn_or_window


def _claims(page: Any) -> list[int]:
    return [int(seat) for seat in (page.get_attribute(".table", "data-claims") or "").split()]


def _counts(page: Any) -> list[int]:
    return [int(n) for n in (page.get_attribute(".table", "data-hand-counts") or "").split()]


def _granted(page: Any) -> list[int]:
    seats = page.eval_on_selector_all("[data-testid=log] li[data-kind=claim_granted]",
                                      "items => items.map(i => i.dataset.seat)")
    return [int(seat) for seat in seats]


def _play_until(page: Any, on_state: Any, limit_s: float = 240) -> Any:
    """Play with hints; call ``on_state(state)`` at each take-it window or answer; stop when it returns a value."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        state = wait_turn_or_window(page, timeout_s=60)
        if state in ("sheet", "final"):
            if state == "final":
                break
            page.click("[data-testid=next-round]")
            page.wait_for_selector(SHEET, state="detached")
            continue
        result = on_state(state)
        if result is not None:
            return result
        if state == "turn":
            perform(page, hint(page))
        elif state == "claim" and page.locator("[data-testid=claim-pass]").count():
            page.click("[data-testid=claim-pass]")
        elif state == "answer":
            perform(page, hint(page))
    raise AssertionError("the situation did not come up in time")


def _decided(page: Any) -> None:
    """Wait until no call is pending any more (the drawer has answered)."""
    page.wait_for_selector(".table[data-claims='']:not([data-phase=claim])", timeout=30_000)


def test_claim_race_the_person_wins(session: BrowserSession) -> None:
    page = session.open("?speed=fast&seed=21")
    wait_ready(page)
    start_game(page, "tress", players=4)

    def call_at_once(state: str) -> Any:
        if state != "claim":
            return None
        before = _counts(page)
        page.click("[data-testid=take-it]")
        page.wait_for_selector(".table:not([data-claims=''])", timeout=20_000)
        first = _claims(page)[0]
        _decided(page)
        after = _counts(page)
        assert first == 0, "a call made at once is the first call"
        if after[0] == before[0] + 2:
            return after
        return None  # the drawer took the card himself; try again at the next discard

    _play_until(page, call_at_once)
    assert 0 in _granted(page)
    # The log names the person's penalty card as one (T-16), not as an ordinary draw.
    drawn = page.eval_on_selector_all("[data-testid=log] li[data-kind=card_drawn][data-seat='0']",
                                      "items => items.map(i => i.textContent)")
    assert any("penalty card" in line for line in drawn), drawn


def test_claim_race_the_person_loses(session: BrowserSession) -> None:
    page = session.open("?speed=normal&seed=22")
    wait_ready(page)
    start_game(page, "tress", players=4)

    def call_late(state: str) -> Any:
        if state != "claim":
            return None
        # Wait for a computer player's call inside the window, then call too late.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and page.locator("[data-testid=take-it]").count():
            if _claims(page):
                first = _claims(page)[0]
                before = _counts(page)
                page.click("[data-testid=take-it]")
                page.wait_for_selector(".table[data-claims*='0']", timeout=20_000)
                claims = _claims(page)
                _decided(page)
                return first, claims, before, _counts(page)
            page.wait_for_timeout(20)
        if page.locator("[data-testid=claim-pass]").count():
            page.click("[data-testid=claim-pass]")
        return None

    first, claims, before, after = _play_until(page, call_late)
    assert first != 0
    assert claims[0] == first
    assert 0 in claims[1:], "the person's call stands behind the first caller's"
    assert after[0] == before[0], "the person did not get the card"
    assert after[first] in (before[first], before[first] + 2)


def test_person_as_drawer_lets_the_caller_have_it(session: BrowserSession) -> None:
    page = session.open("?speed=fast&seed=23")
    wait_ready(page)
    start_game(page, "tress", players=4)

    def answer(state: str) -> Any:
        if state == "answer":
            return "answer"
        if state == "turn" and page.get_attribute(".table", "data-phase") == "draw" \
                and page.get_attribute("[data-testid=discard-pile]", "aria-disabled") == "false":
            # Take a moment over the draw, as a person does: the others may call for the card meanwhile.
            try:
                page.wait_for_selector("[data-testid=claim-answer]", timeout=3000)
            except Exception:
                return None
            page.wait_for_selector(".table[data-input=ready]")
            return "answer"
        return None

    _play_until(page, answer)
    caller = _claims(page)[0]
    before = _counts(page)
    text = page.text_content("[data-testid=claim-grant]") or ""
    assert text.strip(), "the button names the caller"
    page.click("[data-testid=claim-grant]")
    page.wait_for_selector(".table[data-input=ready]:not([data-phase=claim])", timeout=20_000)
    assert caller in _granted(page)
    after = _counts(page)
    assert after[caller] == before[caller] + 2
    assert after[0] == before[0]
    assert page.get_attribute(".table", "data-phase") == "draw"
    assert page.get_attribute(".table", "data-to-move") == "0"
    # The card beneath is dead: the person draws from the stock.
    page.click("[data-testid=stock]")
    page.wait_for_selector(".table[data-phase=play]")
    assert _counts(page)[0] == before[0] + 1


def test_hint_in_a_take_it_window_weighs_the_card(session: BrowserSession) -> None:
    # The hint during someone else's "take it" window is the normal player's claim decision
    # (T-16, T-18): most discards do not help enough to pay a penalty card, so it says to let go.
    page = session.open("?speed=slow&seed=21")
    wait_ready(page)
    start_game(page, "tress", players=4)
    seen: list[str] = []

    def ask(state: str) -> Any:
        if state != "claim" or not page.locator("[data-testid=take-it]").count():
            return None
        page.evaluate("document.querySelector('[data-testid=message]')?.removeAttribute('data-hint-kind')")
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=message][data-hint-kind]", timeout=20_000)
        kind = page.get_attribute("[data-testid=message]", "data-hint-kind") or ""
        text = page.text_content("[data-testid=message]") or ""
        assert kind in ("call", "pass"), kind
        assert "only move left" not in text, text
        seen.append(text)
        return kind if kind == "pass" else None

    assert _play_until(page, ask) == "pass"
    assert "Let it go" in seen[-1]
    # Once that chance is gone the hint goes too: it must not linger into the next turn or round.
    # (The countdown waits while a hint is read, so the person lets the card go.)
    page.click("[data-testid=claim-pass]")
    page.wait_for_selector("[data-testid=take-it]", state="detached", timeout=30_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=message]').classList.contains('hint')",
                           timeout=10_000)


def test_a_hint_in_a_take_it_window_stops_the_countdown_until_the_person_decides(session: BrowserSession) -> None:
    # Reading a hint takes time: asking for one in a take-it window stops its countdown (and the
    # computer callers, so the race stays fair) until the person calls or lets the card go.
    page = session.open("?speed=instant&seed=21")
    wait_ready(page)
    start_game(page, "tress", players=4)

    def ask(state: str) -> Any:
        if state != "claim" or not page.locator("[data-testid=take-it]").count():
            return None
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=message][data-hint-kind]", timeout=20_000)
        return True

    assert _play_until(page, ask)
    assert page.get_attribute(".table", "data-paused") == "true"
    # Longer than the whole window at this speed (3 s): the chance is still there.
    page.wait_for_timeout(4_500)
    assert page.locator("[data-testid=take-it]").count() == 1
    page.click("[data-testid=claim-pass]")
    page.wait_for_selector("[data-testid=take-it]", state="detached", timeout=10_000)
    page.wait_for_function("() => !document.querySelector('.table').hasAttribute('data-paused')", timeout=10_000)


def test_until_discard_keeps_the_chance_open_while_the_drawer_plays(session: BrowserSession) -> None:
    # T-19 house rule claim_window=until_discard: once the countdown has run out the drawer draws
    # and plays on, and the person may still call until his discard lands; the call is served
    # (card and penalty card) just before that discard.
    page = session.open("?speed=normal&seed=21")
    wait_ready(page)
    start_game(page, "tress", players=4, options={"claim_window": "until_discard"})

    def call_while_the_drawer_plays(state: str) -> Any:
        if state != "claim" or not page.locator("[data-testid=take-it]").count():
            return None
        try:
            page.wait_for_selector(".table[data-phase=play] .claim-bar.until-discard", timeout=15_000)
            before = _counts(page)
            note = page.text_content("[data-testid=claim-open-until]", timeout=2_000) or ""
            page.locator("[data-testid=take-it]").click(timeout=2_000)
        except PlaywrightError:
            return None  # the window closed first (the drawer took the card, or discarded): try again
        page.wait_for_selector("[data-testid=take-it]", state="detached", timeout=20_000)
        page.wait_for_function("n => Number(document.querySelector('.table').dataset.handCounts.split(' ')[0]) !== n",
                               arg=before[0], timeout=20_000)
        return before, _counts(page), note

    before, after, note = _play_until(page, call_while_the_drawer_plays)
    assert after[0] == before[0] + 2, "the person got the card and the penalty card"
    assert note.startswith("You can still take it until ") and note.endswith(" discards."), note
