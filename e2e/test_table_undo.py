"""Fewer questions, honest undo: a take-over in Take is one action, a lay-down with one arrangement
needs no confirm, and Undo takes the person's table moves back until the discard."""

from __future__ import annotations

from typing import Any

from harness import BrowserSession, wait_ready
from table_driver import (
    READY_INPUT,
    _pick,
    hand_cards,
    hint_until,
    perform,
    select_cards,
    start_game,
    visible,
    wait_lay_down_dialog,
)

STATE = "async () => (await window.rummyTable.engine.call('state')).view"
UNDO = "[data-testid=undo]"


def _melds(page: Any) -> list[dict[str, Any]]:
    melds: list[dict[str, Any]] = page.evaluate(STATE)["melds"]
    return melds


def _undo(page: Any) -> None:
    """Press Undo and wait until the page is ready for the person's next move."""
    page.click(UNDO)
    page.wait_for_selector(READY_INPUT)


def test_take_over_is_one_action_and_undo_gives_the_sequence_back_K_12(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    start_game(page, "take", players=2)
    # A take-over: cards added above the top of the other player's sequence (K-12).
    action = hint_until(page, lambda a, _text: a["kind"] == "extend" and a["end"] == "high" and next(
        m["owner"] for m in _melds(page) if m["id"] == a["meld"]) != page.evaluate(STATE)["seat"], turns=80)
    # The hint says the take-over once: its reason tells it, the move's words do not again.
    message = page.text_content("[data-testid=message]") or ""
    assert page.get_attribute("[data-testid=message]", "data-hint-reason") == "play.take_over", message
    assert "takes over" in message and "take this sequence over" not in message, message
    before, hand_before = _melds(page), hand_cards(page)
    owner = next(m["owner"] for m in before if m["id"] == action["meld"])
    select_cards(page, action["cards"])
    page.click(f'[data-testid="meld-{action["meld"]}"]')
    if page.locator("dialog[data-testid=meld-choice]").count():
        # Asked only when both ends are possible: one choice per end.
        assert page.locator("dialog[data-testid=meld-choice] button[data-action]").count() == 2
        _pick(page, "meld-choice", action)
    page.wait_for_selector(UNDO, state="visible")
    assert page.locator("dialog[open]").count() == 0, "a take-over asks nothing more"
    moved = next(m for m in _melds(page) if m["id"] == action["meld"])
    assert moved["owner"] == page.evaluate(STATE)["seat"] != owner
    _undo(page)
    assert _melds(page) == before
    assert sorted(hand_cards(page)) == sorted(hand_before)
    assert not visible(page, UNDO)


def test_a_lay_down_with_one_arrangement_is_laid_at_once_and_undone(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    start_game(page, "take", players=2)
    while True:
        action = hint_until(page, lambda a, _text: a["kind"] == "lay_down", turns=80)
        before, hand_before = _melds(page), hand_cards(page)
        assert not visible(page, UNDO)
        select_cards(page, action["cards"])
        page.click("[data-testid=lay-down]")
        if not wait_lay_down_dialog(page, action["cards"]):
            break
        page.click("[data-testid=lay-down-dialog-cancel]")  # these cards can be laid two ways
        page.wait_for_selector(READY_INPUT)
        perform(page, action)
    page.wait_for_selector(UNDO, state="visible")
    assert len(_melds(page)) == len(before) + 1
    _undo(page)
    assert _melds(page) == before and sorted(hand_cards(page)) == sorted(hand_before)
    # Laid again and the turn ended by the discard: nothing is left to take back.
    perform(page, action)
    page.wait_for_selector(UNDO, state="visible")
    discard = next(a for a in page.evaluate(STATE)["legal_actions"] if a["kind"] == "discard")
    perform(page, discard)
    page.wait_for_selector(UNDO, state="hidden")


def test_tress_lay_down_and_lay_off_are_undone_newest_first(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=5")
    wait_ready(page)
    start_game(page, "tress", players=3)
    action = hint_until(page, lambda a, _text: a["kind"] == "lay_down")
    hand_before, melds_before = hand_cards(page), _melds(page)
    perform(page, action)
    page.wait_for_selector(UNDO, state="visible")
    assert len(_melds(page)) > len(melds_before)
    _undo(page)
    assert _melds(page) == melds_before and sorted(hand_cards(page)) == sorted(hand_before)
    assert not visible(page, UNDO)
