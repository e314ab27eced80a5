"""Tress "take it!": races the person wins and loses, and the person as drawer letting a caller have it.

Every page here has its clock stopped (page_clock): the computer callers' delays and the countdown
move only while the test waits, so who calls first is decided by page time, never by how busy
the machine is.
"""

from __future__ import annotations

import time
from typing import Any

from harness import BrowserSession, wait_ready
from page_clock import run, wait_until
from table_driver import (
    CLAIM_PASS,
    SHEET,
    hint,
    pass_claim,
    perform,
    person_may_act,
    start_game,
    visible,
    wait_turn_or_window,
)

TAKE_IT = "[data-testid=take-it]"


def _claims(page: Any) -> list[int]:
    return [int(seat) for seat in (page.get_attribute(".table", "data-claims") or "").split()]


def _counts(page: Any) -> list[int]:
    return [int(n) for n in (page.get_attribute(".table", "data-hand-counts") or "").split()]


def _granted(page: Any) -> list[int]:
    seats = page.eval_on_selector_all("[data-testid=log] li[data-kind=claim_granted]",
                                      "items => items.map(i => i.dataset.seat)")
    return [int(seat) for seat in seats]


def _play_until(page: Any, on_state: Any, limit_s: float = 900) -> Any:
    """Play with hints; call ``on_state(state)`` at each take-it window or answer; stop when it returns a value."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        state = wait_turn_or_window(page)
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
        elif state == "claim":
            pass_claim(page)
        elif state == "answer":
            perform(page, hint(page))
    raise AssertionError("the situation did not come up in time")


def _decided(page: Any) -> None:
    """Wait until no call is pending any more (the drawer has answered)."""
    wait_until(page, lambda: page.locator(".table[data-claims='']:not([data-phase=claim])").count(),
               what="the drawer answering the call")


def test_claim_race_the_person_wins(session: BrowserSession) -> None:
    page = session.open("?speed=fast&seed=21", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4)

    def call_at_once(state: str) -> Any:
        if state != "claim":
            return None
        # Page time stands still from seeing the bar to the click: the computer callers' delays
        # (300 ms and more at this speed) have not begun to run out.
        before = _counts(page)
        page.click(TAKE_IT)
        wait_until(page, lambda: _claims(page), what="the call on the table")
        first = _claims(page)[0]
        _decided(page)
        after = _counts(page)
        assert first == 0, "a call made at once is the first call"
        if after[0] == before[0] + 2:
            return after
        return None  # the drawer took the card himself; try again at the next discard

    _play_until(page, call_at_once)
    assert 0 in _granted(page)
    # The log names the person's penalty card as one (T-16), not as an ordinary draw, on the same
    # line as the card the call brought.
    granted = page.eval_on_selector_all("[data-testid=log] li[data-kind=claim_granted][data-seat='0']",
                                        "items => items.map(i => i.textContent)")
    assert any("penalty card" in line for line in granted), granted


def test_claim_race_the_person_loses(session: BrowserSession) -> None:
    page = session.open("?speed=normal&seed=22", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4)

    def call_late(state: str) -> Any:
        if state != "claim":
            return None
        # Let page time pass until a computer player calls inside the window (they call within 3 s
        # at this speed, the window lasts 5 s), then call too late.
        wait_until(page, lambda: _claims(page) or not page.locator(TAKE_IT).count(),
                   what="a computer player's call or the end of the window")
        if _claims(page) and page.locator(TAKE_IT).count():
            first = _claims(page)[0]
            before = _counts(page)
            page.click(TAKE_IT)
            wait_until(page, lambda: 0 in _claims(page), what="the person's call on the table")
            claims = _claims(page)
            _decided(page)
            return first, claims, before, _counts(page)
        pass_claim(page)
        return None

    first, claims, before, after = _play_until(page, call_late)
    assert first != 0
    assert claims[0] == first
    assert 0 in claims[1:], "the person's call stands behind the first caller's"
    assert after[0] == before[0], "the person did not get the card"
    assert after[first] in (before[first], before[first] + 2)


def test_person_as_drawer_lets_the_caller_have_it(session: BrowserSession) -> None:
    page = session.open("?speed=fast&seed=23", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4)

    def answer(state: str) -> Any:
        if state == "answer":
            return "answer"
        if state == "turn" and page.get_attribute(".table", "data-phase") == "draw" \
                and page.get_attribute("[data-testid=discard-pile]", "aria-disabled") == "false":
            # Take a moment over the draw (3 s of page time), as a person does: the others may call
            # for the card meanwhile.
            if not wait_until(page, lambda: visible(page, "[data-testid=claim-answer]"), page_ms=3000,
                              what="a call while the person thinks over the draw"):
                return None
            wait_until(page, lambda: page.locator(".table[data-input=ready]").count(), what="the person's answer")
            return "answer"
        return None

    _play_until(page, answer)
    caller = _claims(page)[0]
    before = _counts(page)
    text = page.text_content("[data-testid=claim-grant]") or ""
    assert text.strip(), "the button names the caller"
    page.click("[data-testid=claim-grant]")
    wait_until(page, lambda: page.locator(".table[data-input=ready]:not([data-phase=claim])").count(),
               what="the person's turn again after letting the caller have it")
    assert caller in _granted(page)
    after = _counts(page)
    assert after[caller] == before[caller] + 2
    assert after[0] == before[0]
    assert page.get_attribute(".table", "data-phase") == "draw"
    assert page.get_attribute(".table", "data-to-move") == "0"
    # The card beneath is dead: the person draws from the stock.
    page.click("[data-testid=stock]")
    wait_until(page, lambda: page.locator(".table[data-phase=play]").count(), what="the person's draw")
    assert _counts(page)[0] == before[0] + 1


def test_hint_in_a_take_it_window_weighs_the_card(session: BrowserSession) -> None:
    # The hint during someone else's "take it" window is the normal player's claim decision
    # (T-16, T-18): most discards do not help enough to pay a penalty card, so it says to let go.
    # Asked for every card: by default the person is asked only for the cards that fit his hand.
    page = session.open("?speed=slow&seed=21", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4, ask_always=True)
    seen: list[str] = []

    def ask(state: str) -> Any:
        if state != "claim" or not page.locator(TAKE_IT).count():
            return None
        page.evaluate("document.querySelector('[data-testid=message]')?.removeAttribute('data-hint-kind')")
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=message][data-hint-kind]")
        kind = page.get_attribute("[data-testid=message]", "data-hint-kind") or ""
        text = page.text_content("[data-testid=message]") or ""
        assert kind in ("call", "pass"), kind
        assert "only move left" not in text, text
        seen.append(text)
        return kind if kind == "pass" else None

    assert _play_until(page, ask) == "pass"
    assert seen[-1].startswith("Hint: Pass: do not call"), seen[-1]  # worded as the bar's button
    # Once that chance is gone the hint goes too: it must not linger into the next turn or round.
    # (The countdown waits while a hint is read, so the person lets the card go.)
    page.click(CLAIM_PASS)
    page.wait_for_selector(TAKE_IT, state="detached")
    wait_until(page, lambda: not page.evaluate(
        "() => document.querySelector('[data-testid=message]').classList.contains('hint')"),
        what="the hint going once the chance is gone")


NOT_ASKED = ".table[data-phase=claim][data-take-it-asked=no]:not([data-to-move='0'])"
"""Someone else's take-it window in which the person is not asked (the card does not fit his hand)."""


def test_a_hint_in_a_window_the_person_is_not_asked_in_leaves_him_nothing_to_decide(session: BrowserSession) -> None:
    # By default the person is asked only for a card that fits his hand (T-16): in any other
    # window no take-it bar shows, and a hint there says it is not his turn rather than answer a
    # question nobody asked him.
    page = session.open("?speed=fast&seed=31", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4)

    def may_call() -> bool:
        view = page.evaluate("window.rummyTable.engine.call('state').then((r) => r.view)")
        return any(a["kind"] == "call" and a["seat"] == view["seat"] for a in view.get("legal_actions", []))

    def window_or_turn() -> str | None:
        # Not his own discard: a window in which he may call, yet is not asked.
        return "window" if page.locator(NOT_ASKED).count() and may_call() else person_may_act(page)

    for _ in range(60):
        state = wait_until(page, window_or_turn, what="a window the person is not asked in, or his turn")
        if state == "window":
            break
        if state == "sheet":
            page.click("[data-testid=next-round]")
        elif state == "claim":
            pass_claim(page)
        else:
            perform(page, hint(page))
    assert state == "window", "no window came up in which the person might call but was not asked"
    page.click("[data-testid=hint-button]")
    wait_until(page, lambda: "own turn" in (page.text_content("[data-testid=message]") or ""),
               what="the notice that hints are for the person's own turn")
    assert page.locator("[data-testid=message].hint").count() == 0, "a hint answered a window nobody asked him in"


def test_a_hint_in_a_take_it_window_stops_the_countdown_until_the_person_decides(session: BrowserSession) -> None:
    # Reading a hint takes time: asking for one in a take-it window stops its countdown (and the
    # computer callers, so the race stays fair) until the person calls or lets the card go.
    page = session.open("?speed=instant&seed=21", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4)

    def ask(state: str) -> Any:
        if state != "claim" or not page.locator(TAKE_IT).count():
            return None
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=message][data-hint-kind]")
        return True

    assert _play_until(page, ask)
    assert page.get_attribute(".table", "data-paused") == "true"
    # Page time longer than the whole window at this speed (3 s): the chance is still there.
    run(page, 4_500)
    assert page.locator(TAKE_IT).count() == 1
    page.click(CLAIM_PASS)
    page.wait_for_selector(TAKE_IT, state="detached")
    page.wait_for_function("() => !document.querySelector('.table').hasAttribute('data-paused')")


def test_until_discard_keeps_the_chance_open_while_the_drawer_plays(session: BrowserSession) -> None:
    # T-19 house rule claim_window=until_discard: once the countdown has run out the drawer draws
    # and plays on, and the person may still call until his discard lands; the call is served
    # (card and penalty card) just before that discard.
    page = session.open("?speed=normal&seed=21", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4, options={"claim_window": "until_discard"})
    late_bar = ".table[data-phase=play] .claim-bar.until-discard"

    def call_while_the_drawer_plays(state: str) -> Any:
        if state != "claim" or not page.locator(TAKE_IT).count():
            return None
        wait_until(page, lambda: visible(page, late_bar) or not page.locator(TAKE_IT).count(),
                   what="the drawer playing on with the take-it bar up, or the window closing")
        if not visible(page, late_bar):
            return None  # the window closed first (the drawer took the card himself): try again
        # Page time stands still here: the drawer's discard cannot come before the call.
        before = _counts(page)
        note = page.text_content("[data-testid=claim-open-until]") or ""
        page.click(TAKE_IT)
        wait_until(page, lambda: not page.locator(TAKE_IT).count(), what="the call being served")
        wait_until(page, lambda: _counts(page)[0] != before[0], what="the card and the penalty card in the hand")
        return before, _counts(page), note

    before, after, note = _play_until(page, call_while_the_drawer_plays)
    assert after[0] == before[0] + 2, "the person got the card and the penalty card"
    assert note.startswith("You can still take it until ") and note.endswith(" discards."), note
