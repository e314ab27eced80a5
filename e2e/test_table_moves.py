"""Single moves at the table: refused moves, keyboard-only play, watch mode, pausing the table.

How long the main thread is busy while the computer plays is measured by `python build.py bench`
(``watch_main_thread``), not here.
"""

from __future__ import annotations

import json
from typing import Any

import page_clock
import pytest
from harness import BrowserSession, wait_ready
from save_driver import replace_position
from table_driver import (
    CLAIM_PASS,
    READY_INPUT,
    TABLE,
    _pick,
    ask_to_leave,
    click_card,
    hand_cards,
    hint,
    hint_until,
    perform,
    start_game,
    visible,
    wait_lay_down_dialog,
    wait_turn_or_window,
)

from rummytable.game import Phase
from rummytable.take.position import state_from_faces, state_to_json

YOUR_DISCARD = "[data-testid=log] li[data-kind=card_discarded][data-seat='0']"
DISCARDS = "[data-testid=log] li[data-kind=card_discarded]"
STATE = "async () => (await window.rummyTable.engine.call('state')).view"


def _take_position(page: Any, hands: list[str], melds: tuple[tuple[int, str], ...] = ()) -> None:
    """Start a two-player Take match, then continue it from a position with ``hands`` (face
    notation, seat 0 the person's) and ``melds``, the person to play (drawn already)."""
    start_game(page, "take", players=2)
    wait_turn_or_window(page)
    position = state_to_json(state_from_faces(players=2, hands=hands, melds=melds, discard="KC",
                                              phase=Phase.PLAY))
    replace_position(page, "take", json.dumps(position))
    page.reload()
    wait_ready(page)
    page.wait_for_selector(f"{READY_INPUT}[data-phase=play]")
    assert sorted(hand_cards(page)) == sorted(hands[0].split()), "the prepared hand at the table"


def test_a_hint_selects_its_cards_so_its_move_is_one_press_away(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    start_game(page, "take", players=2)
    for kind in ("lay_down", "discard"):
        action = hint_until(page, lambda a, _text, kind=kind: a["kind"] == kind, turns=80)
        cards = [action["card"]] if kind == "discard" else action["cards"]
        selected = page.eval_on_selector_all(".hand [data-card][aria-pressed=true]",
                                             "cs => cs.map(c => c.dataset.card)")
        assert sorted(selected) == sorted(cards), f"hinted {action}, selected {selected}"
        button = "[data-testid=discard]" if kind == "discard" else "[data-testid=lay-down]"
        assert page.get_attribute(button, "aria-disabled") != "true" and page.is_enabled(button)
        before = page.locator(YOUR_DISCARD).count()
        page.click(button)
        if kind == "lay_down" and wait_lay_down_dialog(page, cards):
            _pick(page, "lay-down-dialog", action)
            page.click("dialog[data-testid=lay-down-dialog] [data-testid=lay-down-confirm]")
        for card in cards:
            page.wait_for_selector(f'.hand [data-card="{card}"]', state="detached")
        if kind == "discard":
            assert page.locator(YOUR_DISCARD).count() == before + 1


def test_lay_down_after_a_hint_lays_the_hinted_sequence_with_its_joker_K_5(session: BrowserSession) -> None:
    # JK QD KD can be laid with the joker as the jack (listed first) or as the ace above the king;
    # the hint says the ace. Its cards stand selected, so Lay down opens the chooser on the
    # hinted arrangement, and Confirm lays exactly that (K-5: the joker's place decides).
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    _take_position(page, ["JK QD KD 3S 5C 7H", "2S 3C 4H 6S 8C 9H 10S"])
    action = hint(page)
    assert action == {"kind": "lay_down", "seat": 0, "cards": ["QD", "KD", "JK"]}, action
    page.click("[data-testid=lay-down]")
    assert wait_lay_down_dialog(page, action["cards"]), "two ways to lay these cards: the chooser opens"
    pressed = page.get_attribute("dialog[data-testid=lay-down-dialog] .arrangement[aria-pressed=true]",
                                 "data-action")
    assert json.loads(pressed or "{}") == action, f"the chooser starts on {pressed}, the hint said {action}"
    page.click("dialog[data-testid=lay-down-dialog] [data-testid=lay-down-confirm]")
    page.wait_for_selector('[data-testid="meld-0"]')
    laid = page.eval_on_selector_all('[data-testid="meld-0"] [data-card]', "cs => cs.map(c => c.dataset.card)")
    assert laid == ["QD", "KD", "JK"], laid


def test_a_lay_off_hint_marks_the_meld_it_names_among_those_the_card_fits(session: BrowserSession) -> None:
    # 4H fits on top of AH 2H 3H (a take-over, K-12) and below 5H 6H 7H (it would score for
    # their owner, K-13): the hint names the first, and only that meld carries the hint's mark.
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    _take_position(page, ["4H 9S 2C 7D", "2S 3C 4C 6S 8C 9H 10S"], ((1, "AH 2H 3H"), (1, "5H 6H 7H")))
    action = hint(page)
    assert action == {"kind": "extend", "seat": 0, "meld": 0, "cards": ["4H"], "end": "high"}, action
    targets = page.eval_on_selector_all(".meld.target", "ms => ms.map(m => m.dataset.meldId)")
    assert sorted(targets) == ["0", "1"], f"the selected 4H fits both sequences: {targets}"
    marked = page.eval_on_selector_all(".meld.hinted", "ms => ms.map(m => m.dataset.meldId)")
    assert marked == ["0"], marked
    assert (page.get_attribute('[data-testid="meld-0"]', "aria-label") or "").endswith("Hint: lay it here")
    assert "Hint" not in (page.get_attribute('[data-testid="meld-1"]', "aria-label") or "")
    page.click('[data-testid="meld-0"]')
    page.wait_for_selector('.hand [data-card="4H"]', state="detached")
    assert not page.locator(".meld.hinted").count(), "the mark goes with the move"


def test_lay_down_puts_the_selected_card_on_the_meld_the_hint_named_or_asks_which(session: BrowserSession) -> None:
    # 4H makes no sequence of its own but fits AH 2H 3H (the hint's meld) and 5H 6H 7H. After the
    # hint, Lay down is available and puts it where the hint said; chosen by hand, with two
    # places for it, Lay down says to tap the meld, and nothing moves.
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    _take_position(page, ["4H 9S 2C 7D", "2S 3C 4C 6S 8C 9H 10S"], ((1, "AH 2H 3H"), (1, "5H 6H 7H")))
    click_card(page, "4H")
    page.click("[data-testid=lay-down]")
    message = page.locator("[data-testid=message]")
    message.wait_for(state="visible")
    assert message.text_content() == "More than one meld on the table takes what you selected: tap the one you want."
    assert sorted(hand_cards(page)) == ["2C", "4H", "7D", "9S"]
    click_card(page, "4H")  # unselect: the hint selects its own cards
    action = hint(page)
    assert action == {"kind": "extend", "seat": 0, "meld": 0, "cards": ["4H"], "end": "high"}, action
    assert page.get_attribute("[data-testid=lay-down]", "aria-disabled") == "false"
    page.click("[data-testid=lay-down]")
    page.wait_for_selector('.hand [data-card="4H"]', state="detached")
    laid = page.eval_on_selector_all('[data-testid="meld-0"] [data-card]', "cs => cs.map(c => c.dataset.card)")
    assert laid == ["AH", "2H", "3H", "4H"], laid
    assert page.get_attribute("[data-testid=message]", "data-rule") in (None, ""), "no refusal on the way"


def test_illegal_attempt_shows_reason_and_changes_nothing(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    start_game(page, "take", players=2)
    assert wait_turn_or_window(page) == "turn"
    assert page.get_attribute(".table", "data-phase") == "draw"
    # Take the top discard, then try to throw that very card back (rule K-10).
    top = page.get_attribute("[data-testid=discard-pile]", "data-top")
    page.click("[data-testid=discard-pile]")
    page.wait_for_selector(f"{READY_INPUT}[data-phase=play]")
    before = hand_cards(page)
    stock_before = page.get_attribute("[data-testid=stock]", "aria-label")
    click_card(page, top)
    page.click("[data-testid=discard]")
    message = page.locator("[data-testid=message]")
    message.wait_for(state="visible")
    assert page.get_attribute("[data-testid=message]", "data-rule") == "K-10"
    text = message.text_content() or ""
    assert "discard" in text.lower()
    # Nothing changed: same hand, same phase, same stock, still the person's move.
    page.wait_for_selector(READY_INPUT)
    assert hand_cards(page) == before
    assert page.get_attribute(".table", "data-phase") == "play"
    assert page.get_attribute("[data-testid=stock]", "aria-label") == stock_before
    # The refused card is no longer selected: the next card picked is discarded on its own.
    assert page.locator(".hand [data-card][aria-pressed=true]").count() == 0
    # Drawing again is refused too, with its own reason (the stock looks unavailable, but a person may still tap it).
    page.click("[data-testid=stock]", force=True)
    page.wait_for_selector("[data-testid=message][data-rule]:not([data-rule='K-10'])")
    assert hand_cards(page) == before


TAKE_REFUSALS = {
    "en": ("The nine of spades alone is no sequence and fits none on the table.",
           "The nine of spades does not fit North’s sequence.",  # noqa: RUF001 (typographic apostrophe)
           "A sequence is three or more cards in a row of one suit"),
    "nb": ("Spar ni alene er ingen serie og passer ikke i noen på bordet.",
           "Spar ni passer ikke i serien til Nord.",
           "En serie er tre eller flere kort på rad i samme farge"),
    "uk": ("Одна карта (дев’ятка пік) — ще не послідовність, і на столі їй немає місця.",  # noqa: RUF001 (Ukrainian letters)
           "Дев’ятка пік не підходить до послідовності Півночі.",  # noqa: RUF001 (Ukrainian letters)
           "Послідовність — це три або більше карт однієї масті поспіль"),  # noqa: RUF001 (Ukrainian letters)
}
"""Per language: the words for a lone card laid down, for a card put on a sequence of another
suit, and the start of the rule of sequences (K-4) shown below either."""
RULE_LABELS = ("Rule:", "Regel:", "Правило:")
"""The label before the engine's own (English) reason in a refusal's detail."""


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
def test_take_refused_sequences_say_what_is_wrong_with_the_cards_K_4(session: BrowserSession, lang: str) -> None:
    # A lone nine of spades, fitting nothing, laid down; then put on North's hearts: each refusal
    # says what is wrong with that card in the page's language, not the engine's English reason.
    page = session.open("?speed=instant&seed=3")
    if lang != "en":
        page.wait_for_selector("[data-testid=language]")
        page.select_option("[data-testid=language]", lang)
    wait_ready(page)
    _take_position(page, ["4H 9S 2C 7D", "2S 3C 4C 6S 8C 9H 10S"], ((1, "AH 2H 3H"),))
    lone, other_suit, rule = TAKE_REFUSALS[lang]
    message = page.locator("[data-testid=message]")
    click_card(page, "9S")
    # The button looks unavailable (no sequence in the hand), but a press still explains.
    page.click("[data-testid=lay-down]", force=True)
    page.wait_for_selector("[data-testid=message][data-rule='K-4']")
    assert message.locator("strong").text_content() == lone
    assert (message.locator(".message-detail").text_content() or "").startswith(rule)
    assert not any(label in (message.text_content() or "") for label in RULE_LABELS)
    page.wait_for_selector(READY_INPUT)
    page.evaluate("document.querySelector('[data-testid=message]').removeAttribute('data-rule')")
    page.click('[data-testid="meld-0"]', force=True)  # the nine still selected
    page.wait_for_selector("[data-testid=message][data-rule='K-4']")
    assert message.locator("strong").text_content() == other_suit
    assert (message.locator(".message-detail").text_content() or "").startswith(rule)
    assert not any(label in (message.text_content() or "") for label in RULE_LABELS)
    assert sorted(hand_cards(page)) == ["2C", "4H", "7D", "9S"], "nothing changed"


def test_start_screen_is_interactive_at_once_and_play_waits_for_the_engine(session: BrowserSession) -> None:
    held: list[Any] = []
    # The engine's worker script is held back until the test lets it through, so the start screen
    # is seen, and Play pressed, while the engine is surely still loading (how soon the start
    # screen is usable is measured by `python build.py bench`, start_screen_ms).
    page = session.open(prepare=lambda context: context.route("**/worker.js*", lambda route: held.append(route)))
    page.wait_for_selector("[data-testid=play]")
    assert page.get_attribute("html", "data-engine") == "loading"
    marks = page.evaluate("performance.getEntriesByName('rummytable:start-interactive').length")
    assert marks == 1, "the start screen did not mark when it became usable"
    # One click starts a game with the defaults, even while the engine is still loading.
    page.click("[data-testid=play]")
    page_clock.wait_until(page, lambda: held, what="the page asked for the engine's worker")
    assert page.get_attribute("html", "data-engine") == "loading"
    assert page.locator(TABLE).count() == 0
    for route in held:
        route.continue_()
    page.wait_for_selector(TABLE, timeout=120_000)
    wait_ready(page)
    assert page.get_attribute(".table", "data-game") == "tress"
    assert page.locator(".hand [data-card]").count() == 7


def _tab_to(page: Any, testid: str, limit: int = 60) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.testid") == testid:
            return
    raise AssertionError(f"Tab never reached {testid}")


def test_keyboard_only_turn(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=5")
    wait_ready(page)
    page.focus("[data-testid=game-take]")
    page.keyboard.press("Space")
    _tab_to(page, "play")
    page.keyboard.press("Enter")
    page.wait_for_selector(TABLE)
    assert wait_turn_or_window(page) == "turn"
    count = len(hand_cards(page))
    # Draw: Tab to the stock, Enter.
    _tab_to(page, "stock")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{READY_INPUT}[data-phase=play]")
    assert len(hand_cards(page)) == count + 1
    # Discard the first card: focus it, Space selects it, then Shift+Tab back to Discard and Enter.
    target = hand_cards(page)[0]
    _tab_to(page, f"hand-card-{target}")
    page.keyboard.press("Space")
    assert page.get_attribute(f'.hand [data-card="{target}"]', "aria-pressed") == "true"
    for _ in range(30):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement?.dataset?.testid") == "discard":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector(YOUR_DISCARD, state="attached")
    assert target not in hand_cards(page)
    assert len(hand_cards(page)) == count
    # The focus ring is visible on keyboard focus.
    _tab_to(page, "sort-suit")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


CARD_LOOK = """(key) => {
  const card = document.querySelector(`.hand [data-card="${key}"]`);
  const style = getComputedStyle(card);
  return {pressed: card.getAttribute("aria-pressed"), focused: card === document.activeElement,
          outline: style.outlineStyle, transform: style.transform, shadow: style.boxShadow};
}"""
"""How a hand card looks: selected (aria-pressed), focused, its outline, lift and ring."""


def test_a_focused_card_looks_unlike_a_selected_one_and_clear_leaves_no_card_focused(session: BrowserSession) -> None:
    # Keyboard: Space selects the first card, ArrowRight moves the focus to the second. The
    # focused card has a dashed ring and no lift, the selected one its lift and solid ring. Clear
    # then hides itself: the focus goes to the sorter beside it, not to a card.
    page = session.open("?speed=instant&seed=5")
    wait_ready(page)
    start_game(page, "take", players=2)
    assert wait_turn_or_window(page) == "turn"
    first, second = hand_cards(page)[:2]
    _tab_to(page, f"hand-card-{first}")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    chosen, focused = page.evaluate(CARD_LOOK, first), page.evaluate(CARD_LOOK, second)
    assert chosen["pressed"] == "true" and not chosen["focused"], chosen
    assert focused["pressed"] == "false" and focused["focused"], focused
    assert focused["outline"] == "dashed" and focused["transform"] == "none", focused
    assert chosen["outline"] == "none" and chosen["transform"] != "none", chosen
    assert focused["shadow"] != chosen["shadow"], (focused, chosen)
    _tab_to(page, "clear-selection")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=clear-selection]", state="hidden")
    assert page.locator(".hand [data-card][aria-pressed=true]").count() == 0
    where = page.evaluate(
        "[document.activeElement?.dataset?.testid, document.activeElement?.matches(':focus-visible')]")
    assert where == ["sort-rank", True], where
    # The next Tab goes on from there, as from the Clear button it replaced.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement?.closest('.hand') === null")


def test_watch_mode_plays_on_by_itself(session: BrowserSession) -> None:
    page = session.open("?speed=fast&seed=9")
    wait_ready(page)
    start_game(page, "tress", players=4, watch=True)
    page.wait_for_selector(DISCARDS, state="attached")
    # Nobody to hint for, and the computer players go on by themselves: discards from more seats follow.
    assert not visible(page, "[data-testid=hint-button]")
    seen: set[str] = set()

    def three_seats_discarded() -> bool:
        seen.update(page.eval_on_selector_all(DISCARDS, "items => items.map(i => i.dataset.seat)"))
        return len(seen) >= 3

    page_clock.wait_until(page, three_seats_discarded, what="three seats discarding in watch mode")


def test_drag_to_reorder_and_to_discard(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=13")
    wait_ready(page)
    start_game(page, "take", players=2)
    assert wait_turn_or_window(page) == "turn"
    grip = {"x": 14, "y": 24}
    hand = hand_cards(page)
    # Drag the first card to the end of the hand: the order is the person's own from then on.
    page.drag_and_drop(f'.hand [data-card="{hand[0]}"]', f'.hand [data-card="{hand[-1]}"]',
                       source_position=grip, target_position={"x": 90, "y": 60})
    assert hand_cards(page)[-1] == hand[0]
    page.click("[data-testid=stock]")
    page.wait_for_selector(f"{READY_INPUT}[data-phase=play]")
    card = hand_cards(page)[1]
    page.drag_and_drop(f'.hand [data-card="{card}"]', "[data-testid=discard-pile]", source_position=grip)
    page.wait_for_selector(YOUR_DISCARD, state="attached")
    assert card not in hand_cards(page)


def test_discard_before_drawing_says_why(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    start_game(page, "take", players=2)
    assert wait_turn_or_window(page) == "turn"
    assert page.get_attribute(".table", "data-phase") == "draw"
    before = hand_cards(page)
    # Dropping a card on the discard pile before drawing: refused with the rule's reason, nothing moves.
    page.drag_and_drop(f'.hand [data-card="{before[0]}"]', "[data-testid=discard-pile]",
                       source_position={"x": 14, "y": 24})
    page.wait_for_selector("[data-testid=message][data-rule='K-8']")
    assert "draw" in (page.text_content("[data-testid=message]") or "").lower()
    page.wait_for_selector(READY_INPUT)
    assert hand_cards(page) == before
    assert page.get_attribute(".table", "data-phase") == "draw"
    # The Discard button looks unavailable, yet pressing it says why too.
    page.evaluate("document.querySelector('[data-testid=message]').removeAttribute('data-rule')")
    page.click("[data-testid=discard]", force=True)
    page.wait_for_selector("[data-testid=message][data-rule='K-8']")
    assert hand_cards(page) == before


def test_a_hint_asked_as_the_turn_ends_says_so_and_goes_when_the_next_turn_begins(session: BrowserSession) -> None:
    # Hint pressed in the same moment as the discard reaches the engine after it, when the person
    # has no move: the page says "hints are for your own turn" in the person's language (not a
    # refused move with the engine's English), and that notice is gone once his next turn begins.
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    page.select_option("[data-testid=language]", "uk")
    start_game(page, "take", players=2)
    assert wait_turn_or_window(page) == "turn"
    page.click("[data-testid=stock]")
    page.wait_for_selector(f"{READY_INPUT}[data-phase=play]")
    discards = page.locator(DISCARDS).count()
    click_card(page, hand_cards(page)[0])
    # Every text the message shows from here on, in order (North's turn is instant at this speed).
    page.evaluate("""() => {
      const message = document.querySelector('[data-testid=message]');
      window.shownMessages = [];
      new MutationObserver(() => {
        if (!message.hidden) window.shownMessages.push(message.textContent);
      }).observe(message, {attributes: true, childList: true, subtree: true});
      document.querySelector('[data-testid=discard]').click();
      document.querySelector('[data-testid=hint-button]').click();
    }""")
    page_clock.wait_until(page, lambda: page.locator(DISCARDS).count() >= discards + 2, what="North's discard")
    assert wait_turn_or_window(page) == "turn"
    shown = set(page.evaluate("window.shownMessages"))
    assert shown == {"Підказки — лише під час вашого ходу."}
    assert page.locator("[data-testid=message]").is_hidden()


def test_lay_down_without_a_selection_says_the_whole_hand_is_used(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    start_game(page, "take", players=2)
    help_text = "dialog[data-testid=lay-down-dialog] [data-testid=lay-down-help]"
    while True:
        action = hint_until(page, lambda a, _text: a["kind"] == "lay_down", turns=300, next_round=True)
        # Nothing selected: the arrangements come from the whole hand, and the dialog says so.
        if visible(page, "[data-testid=clear-selection]"):
            page.click("[data-testid=clear-selection]")
        page.click("[data-testid=lay-down]")
        if wait_lay_down_dialog(page, action["cards"]):
            break
        # The hand held one sequence only: it was laid at once; on to the next lay-down.
    text = page.text_content(help_text) or ""
    assert "selected no cards" in text and "cards you chose" not in text, text
    _pick(page, "lay-down-dialog", action)
    page.click("dialog[data-testid=lay-down-dialog] [data-testid=lay-down-confirm]")
    page.wait_for_selector("dialog[data-testid=lay-down-dialog]", state="detached")


def test_the_hand_sort_is_remembered(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=13")
    wait_ready(page)
    start_game(page, "take", players=2)
    wait_turn_or_window(page)
    by_suit = hand_cards(page)
    page.click("[data-testid=sort-rank]")
    by_rank = hand_cards(page)
    assert by_rank != by_suit
    page.reload()  # back at the table by itself
    page.wait_for_selector(READY_INPUT, timeout=60_000)
    assert hand_cards(page) == by_rank


def test_menu_and_rules_pause_the_computer_and_the_take_it_countdown(session: BrowserSession) -> None:
    # The page's clock stands still unless the test lets time pass (page_clock), so the countdown
    # cannot run out while the test is still on its way to the menu.
    page = session.open("?speed=instant&seed=6", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=3, ask_always=True)
    for _ in range(80):
        state = wait_turn_or_window(page)
        if state == "claim":
            break
        assert state in ("turn", "answer"), state
        perform(page, hint(page))
    else:
        raise AssertionError("no take-it chance came up")
    # The countdown (3 s at this speed) stands still while the menu is open.
    log = page.locator("[data-testid=log] li").count()
    ask_to_leave(page)
    page.wait_for_selector("dialog[data-testid=leave-dialog]")
    assert page.get_attribute(".table", "data-paused") == "true"
    page_clock.run(page, 4000)
    page.click("[data-testid=leave-dialog-cancel]")
    assert visible(page, CLAIM_PASS), "the take-it chance ran out behind the menu"
    assert page.locator("[data-testid=log] li").count() == log
    page.click(CLAIM_PASS)
    page.wait_for_selector(CLAIM_PASS, state="detached")

    # Watching (the computer plays every seat): nothing moves while the rules are open.
    page = session.open("?speed=fast&seed=6", clock=True)
    wait_ready(page)
    start_game(page, "tress", players=3, watch=True)
    page_clock.wait_until(page, lambda: page.locator(DISCARDS).count(), what="a first discard in watch mode")
    page.click("[data-testid=rules-button]")
    page.wait_for_selector("dialog[data-testid=rules]")
    before = page.evaluate(STATE)
    # Page time for several of the computer's moves (a pause of 350 ms before each at this speed).
    page_clock.run(page, 5000)
    assert page.evaluate(STATE) == before, "the computer played behind the rules"
    page.click("[data-testid=close-rules]")
    page_clock.wait_until(page, lambda: page.evaluate(STATE) != before,
                          what="the computer did not go on after the rules were closed")


def test_rules_close_with_escape(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=3")
    wait_ready(page)
    start_game(page, "take", players=2)
    assert wait_turn_or_window(page) == "turn"
    # The rules open over the table and Escape closes them (they only inform).
    page.click("[data-testid=rules-button]")
    page.wait_for_selector("dialog[data-testid=rules]")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[data-testid=rules]", state="detached")
