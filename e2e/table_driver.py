"""Playing through the page like a person: clicks, taps and drags on the table's controls.

The person's moves come from the page's own Hint button (the normal computer player's
suggestion); the driver then makes that move with the page's controls, never through the
engine directly. Markers the page sets for this:

* ``.table[data-input=ready]``: the person may act now and nothing is under way;
* ``[data-testid=message][data-hint-action]``: the hint's action JSON;
* ``dialog[data-testid=score-sheet]`` (``.final`` at the end of the match).

Every wait is on such a marker. On a page whose clock is stopped (``session.open(..., clock=True)``,
see :mod:`page_clock`) the waits let page time pass a step at a time, so the computer seats and
the take-it countdowns move only while the driver waits.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import page_clock
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

TABLE = ".table[data-state=playing]"
READY_INPUT = ".table[data-input=ready]"
CLAIM_PASS = "[data-testid=claim-pass]"
SHEET = "dialog[data-testid=score-sheet]"
FINAL_SHEET = "dialog[data-testid=score-sheet].final"
SAVED_DIALOG = "dialog[data-testid=saved-game-dialog]"
"""The question Play asks while a match of the chosen game is saved (web/app/tab-dialogs.js)."""


def visible(page: Any, selector: str) -> bool:
    """True when an element matching ``selector`` exists and is visible now."""
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def open_menu(page: Any) -> None:
    """Open the table's menu (speed, deck, sound, language, rules, restart, leave)."""
    page.click("[data-testid=menu-button]")
    # A locator, not wait_for_selector: an element handle would keep the menu (and through its
    # handlers the whole match) alive after the match is left.
    page.locator("dialog[data-testid=menu][open]").wait_for()


def ask_to_leave(page: Any) -> None:
    """Choose Leave in the table's menu: the page then asks whether to leave (``leave-dialog``)."""
    open_menu(page)
    page.click("dialog[data-testid=menu] [data-testid=leave]")


def press_play(page: Any, selector: str = "[data-testid=play]") -> None:
    """Press Play (or another button that starts a new match) for a new match: when a match of the
    game is saved, the page asks first, and the answer here is a new one. Returns at the table."""
    page.click(selector)
    page.locator(f"{TABLE}, {SAVED_DIALOG}").first.wait_for(timeout=60_000)
    if page.locator(SAVED_DIALOG).count():
        page.click(f"{SAVED_DIALOG} [data-testid=new-instead]")
        page.locator(TABLE).wait_for(timeout=60_000)


def start_game(page: Any, game: str, *, players: int | None = None, options: dict[str, str] | None = None,
               watch: bool = False, ask_always: bool = False, level: str | None = None) -> None:
    """Choose the game, players and house rules on the start screen, then press Play (or Watch)
    for a new match (see :func:`press_play`).

    :param ask_always: Tress: have the person asked to "take it" for every card, not only for
        cards that fit his hand (the default).
    :param level: one level for every computer player ("easy", "normal", "hard"); None keeps
        the start screen's.
    """
    page.click(f"[data-testid=game-{game}]")
    if ask_always:
        page.uncheck("[data-testid=take-it-fits]")
    if players is not None:
        page.click(f"[data-testid=players-{players}]")
    if level is not None:
        page.select_option("[data-testid=level-all]", level)
    if options:
        page.wait_for_selector(f"[data-testid=opt-{game}-{next(iter(options))}]", state="attached", timeout=60_000)
        page.click("[data-testid=house-rules] summary")
        for name, value in options.items():
            field = f"[data-testid=opt-{game}-{name}]"
            if page.eval_on_selector(field, "el => el.tagName") == "SELECT":
                page.select_option(field, value)  # fires "change" itself
                continue
            page.fill(field, value)
            page.dispatch_event(field, "change")
    press_play(page, "[data-testid=watch]" if watch else "[data-testid=play]")


def hint(page: Any) -> dict[str, Any]:
    """Press Hint and return the suggested action."""
    page.evaluate("document.querySelector('[data-testid=message]')?.removeAttribute('data-hint-action')")
    page.click("[data-testid=hint-button]")
    page.wait_for_selector("[data-testid=message][data-hint-action]", timeout=60_000)
    action: dict[str, Any] = json.loads(page.get_attribute("[data-testid=message]", "data-hint-action") or "{}")
    return action


CARD_GRIP = {"x": 14, "y": 24}
"""Where to take hold of a hand card: its top-left corner, which overlapping cards never cover."""


def hand_cards(page: Any) -> list[str]:
    """The keys of the cards in the person's hand, in the order shown."""
    keys: list[str] = page.eval_on_selector_all(".hand [data-card]", "cards => cards.map(c => c.dataset.card)")
    return keys


def click_card(page: Any, key: str) -> None:
    """Select (or unselect) a card in the hand by clicking it."""
    page.click(f'.hand [data-card="{key}"]', position=CARD_GRIP)


def select_cards(page: Any, cards: list[str]) -> None:
    """Make ``cards`` the hand's whole selection, clicking only the cards that must change (a hint
    leaves its move's cards selected)."""
    pressed = set(page.eval_on_selector_all(".hand [data-card][aria-pressed=true]",
                                            "cards => cards.map(c => c.dataset.card)"))
    for key in hand_cards(page):
        if (key in cards) != (key in pressed):
            click_card(page, key)


def _pick(page: Any, dialog: str, action: dict[str, Any]) -> None:
    """In a choice dialog, click the button whose action is ``action`` (else the first)."""
    page.wait_for_selector(f"dialog[data-testid={dialog}]")
    want = json.dumps(action, sort_keys=True)
    buttons = page.locator(f"dialog[data-testid={dialog}] button[data-action]")
    for i in range(buttons.count()):
        if json.dumps(json.loads(buttons.nth(i).get_attribute("data-action") or "{}"), sort_keys=True) == want:
            buttons.nth(i).click()
            return
    buttons.first.click()


def perform(page: Any, action: dict[str, Any], *, drag: bool = False) -> None:
    """Make ``action`` with the page's controls (clicks; with ``drag``, lay-offs and discards by dragging)."""
    kind = action["kind"]
    if kind == "draw_stock":
        page.click("[data-testid=stock]")
    elif kind == "draw_discard":
        if visible(page, "[data-testid=claim-take-myself]"):
            page.click("[data-testid=claim-take-myself]")
        else:
            page.click("[data-testid=discard-pile]")
    elif kind == "grant":
        page.click("[data-testid=claim-grant]")
    elif kind == "call":
        page.click("[data-testid=take-it]")
    elif kind == "discard":
        if drag:
            page.drag_and_drop(f'.hand [data-card="{action["card"]}"]', "[data-testid=discard-pile]",
                               source_position=CARD_GRIP)
        else:
            select_cards(page, [action["card"]])
            page.click("[data-testid=discard]")
    elif kind == "lay_down":
        cards = [c for m in action["melds"] for c in m["cards"]] if "melds" in action else action["cards"]
        select_cards(page, cards)
        page.click("[data-testid=lay-down]")
        # With one way to lay the cards the page lays them at once; with more it asks which.
        if wait_lay_down_dialog(page, cards):
            _pick(page, "lay-down-dialog", action)
            page.click("dialog[data-testid=lay-down-dialog] [data-testid=lay-down-confirm]")
    elif kind in ("lay_off", "extend"):
        cards = [action["card"]] if "card" in action else action["cards"]
        meld = action.get("meld", action.get("meld_id"))
        if drag and len(cards) == 1:
            page.drag_and_drop(f'.hand [data-card="{cards[0]}"]', f'[data-testid="meld-{meld}"]',
                               source_position=CARD_GRIP)
        else:
            select_cards(page, cards)
            page.click(f'[data-testid="meld-{meld}"]')
        if page.locator("dialog[data-testid=meld-choice]").count():
            _pick(page, "meld-choice", action)
    else:
        raise AssertionError(f"the hint suggested an action the driver does not know: {action}")


LAID_OR_ASKED = """cards => Boolean(document.querySelector("dialog[data-testid=lay-down-dialog]"))
  || !cards.every(card => document.querySelector(`.hand [data-card="${CSS.escape(card)}"]`))"""


def wait_lay_down_dialog(page: Any, cards: list[str]) -> bool:
    """After Lay down was pressed for ``cards``: wait until the page either asks which arrangement
    (True) or has laid the only one (False: the cards left the hand)."""
    page.wait_for_function(LAID_OR_ASKED, arg=cards, timeout=60_000)
    return bool(page.locator("dialog[data-testid=lay-down-dialog]").count())


def person_may_act(page: Any) -> str | None:
    """What the person may do now, as :func:`wait_turn_or_window` names it, or None."""
    if visible(page, SHEET):
        # Checked after the sheet is up, so a final sheet is never taken for a round's sheet.
        return "final" if page.locator(FINAL_SHEET).count() else "sheet"
    if visible(page, CLAIM_PASS):
        return "claim"
    if page.locator(READY_INPUT).count() and not page.locator("dialog[open]").count():
        return "answer" if visible(page, "[data-testid=claim-answer]") else "turn"
    return None


def wait_turn_or_window(page: Any, timeout_s: float = 120) -> str:
    """Wait until the person can act: "sheet", "final", "claim" (a take-it window), "answer" or "turn"."""
    state: str = page_clock.wait_until(page, lambda: person_may_act(page), timeout_s=timeout_s,
                                       what="the person's turn, a take-it window or a score sheet")
    return state


def pass_claim(page: Any, timeout_s: float = 60) -> None:
    """Press Pass in a take-it window and wait until no take-it bar is left.

    Where the page's clock runs by itself the countdown is real time, and a busy machine may let
    it run out between seeing the bar and the click: the card is let go just the same.
    """
    button = page.locator(CLAIM_PASS)
    deadline = time.monotonic() + timeout_s
    while button.count():
        if time.monotonic() > deadline:
            raise AssertionError(f"the take-it bar was still up after {timeout_s:.0f} s")
        try:
            button.first.click(timeout=2_000)
        except PlaywrightTimeoutError:
            continue  # the bar went away under the click (or the next card's came up): look again


def play_match(page: Any, *, limit_s: float = 900, on_claim: Callable[[Any], None] | None = None,
               drag_every: int = 0) -> int:
    """Play until the final score sheet; returns how many moves the person made.

    :param on_claim: what to do in a take-it window (default: :func:`pass_claim`).
    :param drag_every: make every n-th discard or lay-off by dragging (0: never).
    """
    moves = 0
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        state = wait_turn_or_window(page, timeout_s=max(1.0, deadline - time.monotonic()))
        if state == "final":
            return moves
        if state == "sheet":
            page.click("[data-testid=next-round]")
            page.wait_for_selector(SHEET, state="detached")
        elif state == "claim":
            (on_claim or pass_claim)(page)
        else:
            action = hint(page)
            moves += 1
            perform(page, action, drag=bool(drag_every) and moves % drag_every == 0)
    raise AssertionError(f"the match did not finish within {limit_s} s")


def hint_until(page: Any, wanted: Callable[[dict[str, Any], str], bool], *, turns: int = 200,
               next_round: bool = False) -> dict[str, Any]:
    """Play the hinted moves, passing every take-it chance, until a hint is a move ``wanted``
    accepts (it gets the action and the hint's text); return that action, the hint still showing
    with its cards selected (as the hint leaves them) and nothing played for it yet.

    :param next_round: at a round's score sheet go on to the next round (otherwise the sheet fails).
    :raises AssertionError: when the match (or, without ``next_round``, the round) ends, or
        ``turns`` hints pass, before such a move comes up.
    """
    for _ in range(turns):
        state = wait_turn_or_window(page)
        if state == "sheet" and next_round:
            page.click("[data-testid=next-round]")
            page.wait_for_selector(SHEET, state="detached")
            continue
        assert state in ("turn", "claim", "answer"), f"the {'match' if next_round else 'round'} ended first ({state})"
        if state == "claim":
            pass_claim(page)
            continue
        action = hint(page)
        if wanted(action, page.text_content("[data-testid=hint-text]") or ""):
            return action
        perform(page, action)
    raise AssertionError(f"no wanted move came up in {turns} hints")


def play_until(page: Any, on_state: Any, limit_s: float = 900) -> Any:
    """Play with hints, passing every take-it chance; call ``on_state(state)`` whenever the person may
    act (any state of :func:`wait_turn_or_window`) and return its first value that is not None.

    :raises AssertionError: when the match ends, or ``limit_s`` seconds pass, first.
    """
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        state = wait_turn_or_window(page)
        result = on_state(state)
        if result is not None:
            return result
        if state == "final":
            break
        if state == "sheet":
            page.click("[data-testid=next-round]")
            page.wait_for_selector(SHEET, state="detached")
        elif state == "claim":
            pass_claim(page)
        else:
            perform(page, hint(page))
    raise AssertionError("the situation did not come up in time")


_SHEET_CUT = """(sheet) => {
  const dialog = document.querySelector(sheet);
  const d = dialog.getBoundingClientRect();
  const right = d.right - parseFloat(getComputedStyle(dialog).paddingRight);
  const cut = [...dialog.querySelectorAll("table")]
    .filter((table) => table.scrollWidth > table.parentElement.clientWidth + 1)
    .map((table) => `${table.dataset.testid} scrolls`);
  for (const cell of dialog.querySelectorAll("th, td")) {
    const r = cell.getBoundingClientRect();
    if (r.width && r.right > right + 1) {
      cut.push(`${cell.textContent} ends at ${Math.round(r.right)} of ${Math.round(right)}`);
    }
  }
  return cut;
}"""


def sheet_cut(page: Any) -> list[str]:
    """What of the open score sheet's tables lies past the sheet's right edge, or is in reach only
    by scrolling sideways: ``[]`` when the whole sheet shows."""
    cut: list[str] = page.evaluate(_SHEET_CUT, SHEET)
    return cut
