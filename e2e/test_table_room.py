"""Room for the cards: the table's boxes measured at desktop, tablet and phone sizes.

Most tests load a prepared position (Tress, six players, round 6: twelve melds on the table and
fourteen cards in the person's hand), stored as the match's save and picked up by a reload. Pages
have their clock stopped (page_clock), so a take-it window stays open while it is measured.
"""

from __future__ import annotations

import json
from itertools import combinations, pairwise
from typing import Any

import page_clock
import pytest
from harness import BrowserSession, wait_ready
from save_driver import replace_position
from table_driver import (
    READY_INPUT,
    SHEET,
    TABLE,
    hint,
    perform,
    play_until,
    sheet_cut,
    start_game,
    visible,
    wait_turn_or_window,
)

from rummytable.tress.position import scenario

SIZES = [(1366, 768), (1366, 640), (768, 1024), (390, 844), (360, 640)]
EMBED_FRAME = (1010, 560)
"""The table's own viewport inside the embed demo's frame on a 1366x640 laptop (embed-demo.css:
the frame is the page's width less the side column, and at least 560 px high)."""

MELDS = [(1, "5C 5D 5S"), (1, "3H 4H 5H 6H 7H"), (1, "8C 9C 10C JC"),
         (2, "9D 9S 9D"), (2, "2S 3S 4S 5S"), (2, "10D JD QD KD AD"),
         (3, "QC QH QS"), (3, "6C 7C 8C 9C 10C"), (3, "7S 8S 9S 10S JS QS"),
         (4, "KC KH KS JK(K)"), (4, "AH 2H 3H 4H"), (4, "8H 9H 10H JH QH")]
POSITION = scenario(["2C 3D 5H 6S 7C 8D 9H 10S JC QD KH AS 4C 10H", "2D 8S", "AC 6D 2D", "KD", "3C 6H 4D JH", None],
                    round_no=6, to_move=0, phase="play", melds=MELDS, discard="4S 7D", seed=3)
"""The person (seat 0) to discard from fourteen cards; seats 1-4 are down with three melds each."""

ANSWER = scenario(["2C 3D 5H 6S 7C 8D 9H 10S JC QD KH AS 4C", "2D 8S", "AC 6D 2D", "KD", "3C 6H 4D JH", None],
                  round_no=6, to_move=0, phase="claim", melds=MELDS, discard="4S 7D", claims=[5],
                  discarder=4, seed=3)
"""The person (seat 0) to draw, asked to answer the call of seat 5 for the seven of diamonds."""

ANSWER_DOWN_CALLER = scenario(["2C 3D 5H 6S 7C 8D 9H 10S JC QD KH AS 4C", "2D 8S", "AC 6D 2D", "KD", "3C 6H 4D JH",
                               None], round_no=6, to_move=0, phase="claim", melds=MELDS, discard="4S 7D",
                              claims=[2], discarder=4, seed=3)
"""As :data:`ANSWER`, the call from seat 2, who is down: the hint lets him have the card (a caller
who is down gains a penalty card as well), where at :data:`ANSWER` it keeps the card."""

LAY_OFF = scenario(["KH 2C 6S", "2D 8S", "AC 6D 2D", "KD", "3C 6H 4D JH", None], round_no=6, to_move=0,
                   phase="play", melds=[(0, "3C 4C 5C 6C"), (0, "JC QC KC AC"), (0, "7D 7C 7H"), *MELDS],
                   discard="4S 7D", seed=3)
"""The person down with three melds of his own first: the hint lays the king of hearts off on the
set of kings, the thirteenth of fifteen melds (on a phone below the melds' fold)."""

SCORED = scenario(["2C 3D 5H 6S 7C 8D 9H 10S JC QD KH AS 4C", "", "AC 6D 2D", "KD", "3C 6H 4D JH", None],
                  round_no=6, phase="round_over", melds=MELDS, discard="4S 7D", seed=3,
                  round_scores=[[35, 0, 120, 45, 60, 210]] * 6)
"""Round 6 of six players just scored: the score sheet with every player's cards left and six rounds."""

BOXES = """() => {
  const box = (el) => {
    if (!el || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect();
    return r.width && r.height ? {x: r.x, y: r.y, w: r.width, h: r.height} : null;
  };
  const one = (s) => box(document.querySelector(s));
  const all = (s) => [...document.querySelectorAll(s)].map(box).filter(Boolean);
  return {
    piles: one(".piles"), melds: one(".melds"), hand: one(".hand"),
    claim: one(".claim-slot"), message: one("[data-testid=message]"),
    log: one(".log"), logList: one(".log-list"), newest: one(".log-list li:last-child"),
    lines: document.querySelectorAll(".log-list li").length,
    controls: [".controls .me .seat", "[data-testid=sort-suit]", "[data-testid=sort-rank]",
               "[data-testid=lay-down]", "[data-testid=discard]", "[data-testid=menu-button]",
               "[data-testid=hint-button]"].map(one).filter(Boolean),
    handCards: all(".hand [data-card]"), meldCards: all(".melds .meld-card"),
    melds_: [...document.querySelectorAll(".melds .meld")].map((m) => ({owner: m.dataset.owner, ...box(m)})),
  };
}"""


def _overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> float:
    """The area two boxes share (0 when either is missing)."""
    if not a or not b:
        return 0.0
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(w, 0.0) * max(h, 0.0)


def _hidden_indexes(cards: list[dict[str, float]]) -> list[int]:
    """The hand cards (by position) whose corner index, the top-left 24 % x 34 % of the card
    (web/table/cards.js draws rank and suit there), a later card (drawn above it) covers."""
    hidden = []
    for i, card in enumerate(cards):
        index = {"x": card["x"] + 1, "y": card["y"] + 1, "w": card["w"] * 0.24 - 1, "h": card["h"] * 0.34 - 1}
        if any(_overlap(index, later) > 1 for later in cards[i + 1:]):
            hidden.append(i)
    return hidden


def _rows(cards: list[dict[str, float]]) -> int:
    return len({round(card["y"]) for card in cards})


def _boxes(page: Any) -> dict[str, Any]:
    page_clock.engine_caught_up(page)
    boxes: dict[str, Any] = page.evaluate(BOXES)
    return boxes


SHOWN = """() => ({screen: document.documentElement.dataset.screen, save: document.documentElement.dataset.save,
  hand: document.querySelectorAll(".hand [data-card]").length,
  resume: [...document.querySelectorAll("[data-testid^=resume-]")].map((b) => b.dataset.testid),
  notices: [...document.querySelectorAll("[role=alert], .notice")].map((n) => n.textContent.trim()).filter(Boolean)})"""
"""Script: what the page shows, for a failure message (screen, hand cards, Continue buttons, notices)."""


def _prepared(session: BrowserSession, width: int, height: int, lang: str = "en",
              position: dict[str, Any] = POSITION) -> Any:
    """A page at ``position`` in ``lang`` (:data:`POSITION`: the person to play), with every
    take-it chance offered to him."""
    page = session.open("?speed=instant&seed=5", width=width, height=height, clock=True)
    if lang != "en":
        page.wait_for_selector("[data-testid=language]")
        page.select_option("[data-testid=language]", lang)
    wait_ready(page)
    start_game(page, "tress", players=6, ask_always=True)
    wait_turn_or_window(page)
    replace_position(page, "tress", json.dumps(position))
    page.reload()
    wait_ready(page)
    if position["phase"] == "round_over":
        page_clock.wait_until(page, lambda: visible(page, SHEET), what="the score sheet of the prepared round",
                              timeout_s=30)
        return page
    cards = len(position["hands"][0])
    page_clock.wait_until(page, lambda: page.locator(f"{TABLE} .hand [data-card]").count() == cards
                          and page.locator(READY_INPUT).count(),
                          what=lambda: f"the prepared position at the table (the page shows: {page.evaluate(SHOWN)})")
    return page


def _claim_window(page: Any) -> None:
    """Discard as the hint says, then wait for the next take-it window the person is offered."""
    perform(page, hint(page))
    state = wait_turn_or_window(page)
    assert state == "claim", f"expected a take-it window after the discard, got {state}"


def _same_place(before: dict[str, Any], after: dict[str, Any], parts: tuple[str, ...], when: str) -> None:
    for part in parts:
        a, b = before[part], after[part]
        moved = {k: (round(a[k]), round(b[k])) for k in ("x", "y", "w", "h") if abs(a[k] - b[k]) > 1}
        assert not moved, f"{when}: the {part} box moved or changed size: {moved}"


def _covers_nothing(boxes: dict[str, Any], panel: str, when: str) -> None:
    box = boxes[panel]
    assert box, f"{when}: no {panel} panel shown"
    for control in [boxes["hand"], *boxes["controls"]]:
        assert _overlap(box, control) < 1, f"{when}: the {panel} panel {box} covers {control}"


@pytest.mark.parametrize("size", [(1366, 768), (1366, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_melds_on_a_desktop_are_64_px_cards_in_rows_across_the_felt(session: BrowserSession,
                                                                     size: tuple[int, int]) -> None:
    page = _prepared(session, *size)
    boxes = _boxes(page)
    widths = [card["w"] for card in boxes["meldCards"]]
    assert min(widths) >= 64, f"meld cards {min(widths):.0f} px wide"
    # The felt is used: the melds run in rows across the area, owners side by side.
    rows: dict[int, set[str]] = {}
    for meld in boxes["melds_"]:
        rows.setdefault(round(meld["y"]), set()).add(meld["owner"])
    assert any(len(owners) > 1 for owners in rows.values()), f"each row holds one owner's melds: {rows}"
    area = boxes["melds"]
    right = max(meld["x"] + meld["w"] for meld in boxes["melds_"])
    assert right >= area["x"] + 0.8 * area["w"], f"the melds end at {right - area['x']:.0f} of {area['w']:.0f} px"


def test_a_hand_of_seven_lies_apart_and_of_fourteen_shows_every_index(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=5", width=1366, height=768, clock=True)
    wait_ready(page)
    start_game(page, "tress", players=4)
    wait_turn_or_window(page)
    cards = _boxes(page)["handCards"]
    assert len(cards) == 7
    overlaps = [i for i in range(6) if _overlap(cards[i], cards[i + 1]) > 1]
    assert not overlaps, f"seven cards overlap at 1366 px: {[round(c['x']) for c in cards]}"

    page = _prepared(session, 1366, 768)
    cards = _boxes(page)["handCards"]
    assert len(cards) == 14
    assert not _hidden_indexes(cards), f"hidden corner indexes: {_hidden_indexes(cards)}"


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_holds_a_hand_of_eight_in_one_row(session: BrowserSession, size: tuple[int, int]) -> None:
    # Take's hand after the draw: eight cards side by side, each with its index and a strip to tap.
    page = session.open("?speed=instant&seed=5", width=size[0], height=size[1], clock=True)
    wait_ready(page)
    start_game(page, "take", players=2)
    assert wait_turn_or_window(page) == "turn"
    page.click("[data-testid=stock]")
    page_clock.wait_until(page, lambda: page.locator(f"{READY_INPUT}[data-phase=play]").count(), what="the draw")
    hand = _boxes(page)["handCards"]
    assert len(hand) == 8 and _rows(hand) == 1, f"{len(hand)} cards in {_rows(hand)} rows"
    assert not _hidden_indexes(hand)
    strips = [later["x"] - card["x"] for card, later in pairwise(hand)]
    assert min(strips) >= 36, f"a card shows a strip of {min(strips):.0f} px"


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_phone_keeps_the_empty_pile_s_mark_on_the_pile(session: BrowserSession, lang: str) -> None:
    # The discard pile's "empty" mark («пусто») stays on the pile's 50 px card place.
    empty = scenario(["2C 3D 5H 6S 7C 8D 9H 10S JC QD KH AS 4C 10H", "2D 8S", "AC 6D 2D", "KD", "3C 6H 4D JH", None],
                     round_no=6, to_move=0, phase="play", melds=MELDS, seed=3)
    page = _prepared(session, 360, 640, lang, empty)
    mark = page.locator("[data-testid=discard-empty]").bounding_box()
    pile = page.locator("[data-testid=discard-pile] .card").bounding_box()
    assert mark and pile
    assert mark["x"] >= pile["x"] - 1 and mark["x"] + mark["width"] <= pile["x"] + pile["width"] + 1, (mark, pile)


HINT_TEXT_CUT = """() => { const m = document.querySelector("[data-testid=message]");
  return m.scrollHeight - m.clientHeight; }"""
TAP_TARGET = """([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest(".melds"))"""


HINTED_MELD = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const meld = document.querySelector(".meld.hinted");
  const message = document.querySelector("[data-testid=message]");
  return {meld: meld && box(meld), melds: box(document.querySelector(".melds")), message: box(message),
          scrolled: document.querySelector(".melds").scrollTop, page: document.scrollingElement.scrollTop};
}"""
"""The hinted meld's box, the melds' box and the hint's box (viewport coordinates), the melds' and the page's scroll."""


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_hint_brings_the_meld_it_names_into_view(session: BrowserSession, size: tuple[int, int], lang: str) -> None:
    # The hint lays the king of hearts off on the thirteenth meld, below the melds' fold on a
    # phone: the melds scroll (the page does not) until it shows whole, clear of the hint's box.
    page = _prepared(session, *size, lang, LAY_OFF)
    action = hint(page)
    assert action["kind"] == "lay_off" and action["meld"] == 12, action
    page.wait_for_selector(".meld.hinted")
    where = page.evaluate(HINTED_MELD)
    meld, melds, message = where["meld"], where["melds"], where["message"]
    assert melds["top"] - 1 <= meld["top"] and meld["bottom"] <= melds["bottom"] + 1, where
    covered = min(meld["bottom"], message["bottom"]) - max(meld["top"], message["top"])
    beside = message["right"] <= meld["left"] or message["left"] >= meld["right"]
    assert covered <= 1 or beside, f"the hint's box lies over the meld it names: {where}"
    assert where["page"] == 0, "the page scrolled"
    if size == (360, 640):
        assert where["scrolled"] > 0, "the meld was below the fold: the melds scrolled"


def _hint_reads_whole_and_lets_taps_through(page: Any, boxes: dict[str, Any]) -> None:
    """On a phone a hint longer than the log's cell runs on over the top of the melds: its whole
    text shows (nothing to scroll), it covers at most the melds' upper third, and a tap on the
    melds beneath it reaches them."""
    assert page.evaluate(HINT_TEXT_CUT) <= 1, "the hint's text is cut off (it scrolls)"
    message, melds = boxes["message"], boxes["melds"]
    below = message["y"] + message["h"] - melds["y"]
    assert below <= melds["h"] / 3, f"the hint covers {below:.0f} of the melds' {melds['h']:.0f} px"
    if _overlap(message, melds) >= 1:
        x = max(message["x"], melds["x"]) + 4
        y = (max(message["y"], melds["y"]) + message["y"] + message["h"]) / 2
        assert page.evaluate(TAP_TARGET, [x, y]), "a tap on the melds under the hint does not reach them"


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_keeps_a_third_for_the_melds_and_two_rows_for_the_hand(session: BrowserSession,
                                                                        size: tuple[int, int], lang: str) -> None:
    # Longer words (nb, uk) must not take the melds' room: each language is measured.
    page = _prepared(session, *size, lang)
    third = size[1] / 3
    hand = _boxes(page)["handCards"]
    assert _rows(hand) <= 2 and not _hidden_indexes(hand), (_rows(hand), _hidden_indexes(hand))
    # A card of the upper row shows over half its height above the lower row: a tap there hits it.
    lower_top = max(card["y"] for card in hand)
    shown = [lower_top - card["y"] for card in hand if card["y"] < lower_top - 1]
    assert min(shown) >= 0.5 * hand[0]["h"], f"the upper row shows {min(shown):.0f} of {hand[0]['h']:.0f} px"
    hint(page)
    boxes = _boxes(page)
    assert boxes["melds"]["h"] >= third, f"with a hint up the melds have {boxes['melds']['h']:.0f} px of {size[1]}"
    _hint_reads_whole_and_lets_taps_through(page, boxes)
    _claim_window(page)
    boxes = _boxes(page)
    assert boxes["melds"]["h"] >= third, f"in a take-it window the melds have {boxes['melds']['h']:.0f} px of {size[1]}"
    assert _overlap(boxes["claim"], boxes["melds"]) < 1, "the take-it bar covers the melds"


@pytest.mark.parametrize("size", [*SIZES, EMBED_FRAME], ids=lambda s: f"{s[0]}x{s[1]}")
def test_panels_cover_no_control_and_move_nothing(session: BrowserSession, size: tuple[int, int]) -> None:
    page = _prepared(session, *size)
    before = _boxes(page)
    hint(page)
    with_hint = _boxes(page)
    _covers_nothing(with_hint, "message", "hint")
    _same_place(before, with_hint, ("piles", "melds", "hand"), "a hint opening")
    _claim_window(page)
    in_window = _boxes(page)
    _covers_nothing(in_window, "claim", "take-it window")
    _same_place(before, in_window, ("piles", "melds", "hand"), "a take-it window opening")


PANEL_FIT = """() => {
  const panel = document.querySelector(".claim-slot .claim-bar");
  const p = panel.getBoundingClientRect();
  return [...panel.querySelectorAll("button, .claim-text:not(:empty)")].filter((el) => {
    const style = getComputedStyle(el);
    if (style.position === "absolute" && style.clip !== "auto") return false;  // read out only
    const r = el.getBoundingClientRect();
    return r.left < p.left - 1 || r.right > p.right + 1 || r.top < p.top - 1 || r.bottom > p.bottom + 1;
  }).map((el) => el.dataset.testid || el.className);
}"""
"""What of the take-it panel's text and buttons lies outside the panel (cut off by it)."""


SIX_WAYS = scenario(["6S 6H 6D 6C 9S 9H 9D KC 2D 3C 4H", None, None, None, None, None], round_no=1, to_move=0,
                    phase="play", discard="4S 7D", seed=3)
"""Round 1 (two sets): four sixes and three nines make several lay-downs, more than a phone shows at once."""


@pytest.mark.parametrize("size", [(360, 640), (1366, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_lay_down_chooser_keeps_its_buttons_in_view_over_a_long_list(session: BrowserSession,
                                                                        size: tuple[int, int]) -> None:
    # T-12: with more ways to lay down than fit the screen, the pictures scroll under the
    # chooser's buttons, so Lay down and Cancel are on screen from the start.
    page = _prepared(session, *size, "uk", SIX_WAYS)
    page.click("[data-testid=lay-down]")
    page.wait_for_selector("dialog[data-testid=lay-down-dialog]")
    width, height = size
    for button in ("lay-down-confirm", "lay-down-dialog-cancel"):
        box = page.locator(f"dialog[data-testid=lay-down-dialog] [data-testid={button}]").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height and box["x"] + box["width"] <= width, \
            (button, box)
    last = page.locator("dialog[data-testid=lay-down-dialog] .arrangement").last.bounding_box()
    assert last and last["y"] + last["height"] > height, "the list is longer than the screen (else nothing is shown)"
    page.click("dialog[data-testid=lay-down-dialog] [data-testid=lay-down-confirm]")
    page.wait_for_selector("dialog[data-testid=lay-down-dialog]", state="detached")


ANSWER_LOOKS = """(ids) => ids.map((id) => {
  const button = document.querySelector(`[data-testid=${id}]`);
  return {primary: button.classList.contains("primary"), secondary: button.classList.contains("secondary"),
          background: getComputedStyle(button).backgroundColor};
})"""
"""The look of each answer button named: its primary/secondary class and its background colour."""


@pytest.mark.parametrize(("position", "expected"), [(ANSWER, "claim-take-myself"), (ANSWER_DOWN_CALLER, "claim-grant")],
                         ids=["keep", "let-have"])
def test_the_answer_a_hint_suggests_to_a_call_is_the_one_marked_and_focused(
        session: BrowserSession, position: dict[str, Any], expected: str) -> None:
    # T-17: asked to answer a call, the person asks for a hint; the answer it suggests glows as
    # hinted cards do, looks the primary button and takes the keyboard focus, the other answer
    # stays plain. Both answers are met: keeping the card and letting the caller have it.
    page = _prepared(session, 1366, 768, "en", position)
    page.wait_for_selector("[data-testid=claim-answer]")
    action = hint(page)
    suggested = "claim-take-myself" if action["kind"] == "draw_discard" else "claim-grant"
    assert suggested == expected, action
    other = "claim-grant" if suggested == "claim-take-myself" else "claim-take-myself"
    page.wait_for_selector(f"[data-testid={suggested}].hinted")
    assert not page.locator(f"[data-testid={other}].hinted").count()
    # The suggested answer is also the solid primary button, the other one the plain secondary:
    # a solid button beside the glowing one would draw the eye away from the hint.
    looks = page.evaluate(ANSWER_LOOKS, [suggested, other])
    assert looks[0]["primary"] and not looks[0]["secondary"], looks
    assert looks[1]["secondary"] and not looks[1]["primary"], looks
    assert looks[0]["background"] != looks[1]["background"], looks
    assert looks[1]["background"] == "rgb(255, 255, 255)", looks
    focused = page.evaluate("document.activeElement?.dataset.testid")
    assert focused == suggested, (action, focused)
    page.click(f"[data-testid={suggested}]")
    page.wait_for_selector("[data-testid=claim-answer]", state="detached")


SEAT_BADGES = """() => [...document.querySelectorAll(".opponents .seat")].map((seat) => ({
  seat: Number(seat.dataset.seat),
  badges: [...seat.querySelectorAll(".badge")].filter((b) => b.getClientRects().length).map((b) => {
    const r = b.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height, call: b.classList.contains("badge-call")};
  }),
}))"""
"""Script: per opponent's seat, its badges in view (viewport boxes, and whether each is a call)."""


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_caller_who_is_down_keeps_his_badges_off_his_neighbours_on_a_phone(
        session: BrowserSession, size: tuple[int, int], lang: str) -> None:
    # Five opponents in a phone's row of chips, four of them down (T-12); North-west, who is
    # down, calls "take it" (T-16): his call shows, and no badge lies over another seat's.
    page = _prepared(session, *size, lang, ANSWER_DOWN_CALLER)
    page.wait_for_selector("[data-testid=claim-answer]")
    seats = page.evaluate(SEAT_BADGES)
    caller = next(seat for seat in seats if seat["seat"] == 2)
    assert any(badge["call"] for badge in caller["badges"]), caller
    for one, other in combinations(seats, 2):
        for a in one["badges"]:
            for b in other["badges"]:
                assert _overlap(a, b) < 1, f"seat {one['seat']}'s badge lies over seat {other['seat']}'s: {a} {b}"
    for seat in seats:
        for badge in seat["badges"]:
            assert badge["x"] >= 0 and badge["x"] + badge["w"] <= size[0], (seat["seat"], badge)


DEAD_LINE = {"en": "The card beneath (four of spades) is dead", "nb": "Kortet under (spar fire) er dødt",
             "uk": "Карта під нею (четвірка пік) мертва"}
"""The start of the log's line for the four of spades left dead by a granted call, per language."""


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
def test_letting_a_caller_have_the_card_logs_the_card_left_dead_T_17(session: BrowserSession, lang: str) -> None:
    # T-17: the person lets the caller have the seven of diamonds; the four of spades beneath is
    # dead until the next discard, and the last moves say so below the grant's line.
    page = _prepared(session, 1366, 768, lang, ANSWER_DOWN_CALLER)
    page.wait_for_selector("[data-testid=claim-answer]")
    page.click("[data-testid=claim-grant]")
    line = page.locator("[data-testid=log] li[data-kind=discard_dead]")
    line.wait_for()
    assert (page.get_attribute("[data-testid=discard-pile]", "data-top") or "").startswith("4S")
    assert (line.text_content() or "").startswith(DEAD_LINE[lang]), line.text_content()
    kinds = page.eval_on_selector_all("[data-testid=log] li", "items => items.map((i) => i.dataset.kind)")
    assert kinds[kinds.index("discard_dead") - 1] == "claim_granted", kinds


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
@pytest.mark.parametrize("size", [*SIZES, EMBED_FRAME], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_take_it_panels_show_all_they_hold(session: BrowserSession, size: tuple[int, int], lang: str) -> None:
    # The answer to a call (two buttons naming the caller) and the person's own take-it bar:
    # every button and the text shown lie wholly inside the panel, in every language.
    page = _prepared(session, *size, lang, ANSWER)
    page.wait_for_selector("[data-testid=claim-answer]")
    _boxes(page)
    assert not page.evaluate(PANEL_FIT), f"the answer panel cuts off {page.evaluate(PANEL_FIT)}"
    _covers_nothing(_boxes(page), "claim", "the answer to a call")
    page.click("[data-testid=claim-grant]")
    play_until(page, lambda state: True if state == "claim" else None)
    _boxes(page)
    assert not page.evaluate(PANEL_FIT), f"the take-it bar cuts off {page.evaluate(PANEL_FIT)}"


TOP_BAR = """() => {
  const bar = document.querySelector(".topbar").getBoundingClientRect();
  const items = [...document.querySelectorAll(".topbar > *, .topbar .top-tools > *")]
    .filter((el) => el.getClientRects().length && !el.classList.contains("top-tools"));
  const problems = [];
  const boxes = items.map((el) => [el.dataset.testid || el.className, el.getBoundingClientRect(), el]);
  for (const [name, r, el] of boxes) {
    const out = r.left < bar.left - 1 || r.right > bar.right + 1 || r.top < bar.top - 1 || r.bottom > bar.bottom + 1;
    if (out) problems.push(`${name} sticks out`);
    if (el.matches("button") && el.scrollWidth > el.clientWidth + 1) problems.push(`${name} cuts its label`);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = [boxes[i], boxes[j]];
    const w = Math.min(a[1].right, p[1].right) - Math.max(a[1].left, p[1].left);
    const h = Math.min(a[1].bottom, p[1].bottom) - Math.max(a[1].top, p[1].top);
    if (w > 1 && h > 1) problems.push(`${a[0]} overlaps ${p[0]}`);
  }
  return problems;
}"""
"""What of the table's top bar (Menu, the round and contract, the tools) sticks out of it,
overlaps another item, or cuts its label."""


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
@pytest.mark.parametrize("size", [*SIZES, EMBED_FRAME], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_top_bar_holds_each_of_its_items_whole(session: BrowserSession, size: tuple[int, int], lang: str) -> None:
    # Round 6 of six players: the longest contract («1 набір + 2 послідовності») beside every tool.
    page = _prepared(session, *size, lang)
    assert not page.evaluate(TOP_BAR), page.evaluate(TOP_BAR)


COSTS = {("en", 1): " + a penalty card", ("en", 2): " + 2 penalty cards", ("nb", 1): " + et straffekort",
         ("nb", 2): " + 2 straffekort", ("uk", 1): " + штрафна карта", ("uk", 2): " + 2 штрафні карти"}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@pytest.mark.parametrize("penalty", [0, 1, 2])
@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
def test_the_take_it_panels_say_what_the_caller_gets(session: BrowserSession, lang: str, penalty: int) -> None:
    # T-17: the caller gets the card and `penalty_cards` penalty cards. The button that lets a
    # caller have the card, and the person's own "Take it!", say so ("7♦ + a penalty card") on a
    # 360 px phone too, where the panel leaves out its sentence; the other button says nothing.
    position = {**ANSWER, "options": {**ANSWER["options"], "penalty_cards": penalty}}
    page = _prepared(session, 360, 640, lang, position)
    page.wait_for_selector("[data-testid=claim-answer]")

    def gets(button: str) -> list[str]:
        return [text.strip() for text in page.locator(f"{button} [data-testid=claim-cost]").all_inner_texts()]

    cost = COSTS[lang, penalty] if penalty else ""
    assert gets("[data-testid=claim-grant]") == [f"7♦{cost}"]  # the prepared call is for the 7♦
    assert gets("[data-testid=claim-take-myself]") == []
    assert not page.evaluate(PANEL_FIT), f"the answer panel cuts off {page.evaluate(PANEL_FIT)}"
    page.click("[data-testid=claim-grant]")
    play_until(page, lambda state: True if state == "claim" else None)
    top = page.get_attribute("[data-testid=discard-pile]", "data-top") or ""
    [line] = gets("[data-testid=take-it]")
    assert line.endswith(f"{SUITS[top.split('.')[0][-1]]}{cost}"), (line, top)  # a key: "8S", "8S.1"
    assert gets("[data-testid=claim-pass]") == []
    assert not page.evaluate(PANEL_FIT), f"the take-it bar cuts off {page.evaluate(PANEL_FIT)}"


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_shows_the_whole_score_sheet_of_six_players(session: BrowserSession, size: tuple[int, int],
                                                          lang: str) -> None:
    page = _prepared(session, *size, lang, SCORED)
    assert page.locator(f"{SHEET} [data-testid=score-history] tbody tr").count() == 6  # six rounds (the totals below)
    assert not sheet_cut(page), f"the score sheet is cut off: {sheet_cut(page)}"


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_keeps_the_newest_move_readable_beside_a_hint(session: BrowserSession, size: tuple[int, int],
                                                             lang: str) -> None:
    # The hint's box starts below the log's newest line: the last move stays readable above it.
    page = session.open("?speed=instant&seed=7", width=size[0], height=size[1], clock=True)
    if lang != "en":
        page.wait_for_selector("[data-testid=language]")
        page.select_option("[data-testid=language]", lang)
    wait_ready(page)
    start_game(page, "tress", players=4)
    play_until(page, lambda state: True if state == "turn" else None)
    hint(page)
    _newest_line_in_view(page, "with a hint up")
    _hint_reads_whole_and_lets_taps_through(page, _boxes(page))


def _newest_line_in_view(page: Any, when: str) -> None:
    boxes = _boxes(page)
    newest = boxes["newest"]
    assert newest, f"{when}: no log line shown"
    # Both the log and its list may clip what lies outside them.
    for name in ("log", "logList"):
        box = boxes[name]
        assert newest["y"] >= box["y"] - 1 and newest["y"] + newest["h"] <= box["y"] + box["h"] + 1, \
            f"{when}: the newest line {newest} lies outside the {name} box {box}"
    for panel in ("claim", "message"):
        # The list scrolls by whole pixels, so its last line may reach a fraction of a pixel past
        # the list's clipped end, under the panel: less than a pixel's height is not covering it.
        assert _overlap(boxes[panel], newest) < newest["w"], f"{when}: the {panel} panel covers the newest line"


WHOLE_LINES = """() => {
  const list = document.querySelector(".log-list").getBoundingClientRect();
  return [...document.querySelectorAll(".log-list li")].filter((li) => {
    const r = li.getBoundingClientRect();
    return r.height && r.top >= list.top - 1 && r.bottom <= list.bottom + 1;
  }).length;
}"""
"""How many lines of the log are wholly in view."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_newest_line_of_last_moves_is_in_view(session: BrowserSession, size: tuple[int, int]) -> None:
    page = _prepared(session, *size)
    # Play on until the log holds at least 8 lines (more than fit on a phone), and a
    # take-it window is up.
    play_until(page, lambda state: True if state == "claim" and _boxes(page)["lines"] >= 8 else None)
    _newest_line_in_view(page, "in a take-it window")
    if size == (768, 1024):  # a tall tablet gives the log room for several lines above the bar
        assert page.evaluate(WHOLE_LINES) >= 4, "the take-it bar leaves fewer than 4 log lines in view"
    play_until(page, lambda state: True if state == "turn" else None)
    _newest_line_in_view(page, "at the person's turn")


@pytest.mark.parametrize(("game", "players"), [("tress", 4), ("take", 2), ("take", 4)])
@pytest.mark.parametrize("size", [(1366, 640), (360, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_hint_moves_nothing_in_either_game(session: BrowserSession, size: tuple[int, int], game: str,
                                             players: int) -> None:
    page = session.open("?speed=instant&seed=7", width=size[0], height=size[1], clock=True)
    wait_ready(page)
    start_game(page, game, players=players)
    play_until(page, lambda state: True if state == "turn" else None)
    before = _boxes(page)
    hint(page)
    after = _boxes(page)
    _covers_nothing(after, "message", "hint")
    _same_place(before, after, ("piles", "melds", "hand"), "a hint opening")
    cards = after["handCards"]
    assert _rows(cards) <= 2 and not _hidden_indexes(cards), (_rows(cards), _hidden_indexes(cards))



SORT_PLACES = """
window.__sortPlaces = new Set();
new MutationObserver(() => {
  const button = document.querySelector("[data-testid=sort-suit]");
  const r = button?.getBoundingClientRect();
  if (r && r.width) window.__sortPlaces.add(Math.round(r.x));
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""
"""Records every left edge the By-suit button has been drawn at (checked at each change of the page)."""


@pytest.mark.parametrize("game", ["tress", "take"])
def test_the_sort_buttons_stay_put_as_turns_come_and_go(session: BrowserSession, game: str) -> None:
    # The person's seat line gains a "your turn" badge (and in Take a running score) and loses it
    # again: the buttons beside it must not move sideways.
    context = session.new_context(width=1366, height=768, clock=True, init_script=SORT_PLACES)
    page = session.open_in(context, "?speed=instant&seed=7")
    wait_ready(page)
    start_game(page, game, players=4)
    turns = {"n": 0}

    def three_turns(state: str) -> bool | None:
        turns["n"] += state == "turn"
        return True if turns["n"] > 3 else None

    play_until(page, three_turns)
    places = page.evaluate("[...window.__sortPlaces]")
    assert len(places) == 1, f"the sort buttons moved: {places}"


ROW_HEIGHTS = """
window.__rowHeights = new Set();
new MutationObserver(() => {
  const row = document.querySelector(".table .opponents");
  const seats = row?.querySelectorAll(".seat").length;
  if (seats) window.__rowHeights.add(Math.round(row.getBoundingClientRect().height));
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""
"""Records every height the opponents' row has had while it showed seats (at each change of the page)."""


@pytest.mark.parametrize(("game", "players", "size"), [
    ("take", 4, (768, 1024)), ("tress", 6, (768, 1024)), ("tress", 4, (1366, 768)), ("take", 4, (390, 844)),
])
def test_the_seats_keep_their_rows_as_turns_pass(session: BrowserSession, game: str, players: int,
                                                  size: tuple[int, int]) -> None:
    # A "to play" or "thinking" badge on a seat must not widen it: on a tablet three Take seats
    # with their running scores fill a row, and one wider seat used to wrap onto a second row,
    # moving the whole table down and up again at every turn.
    width, height = size
    context = session.new_context(width=width, height=height, clock=True, init_script=ROW_HEIGHTS)
    page = session.open_in(context, "?speed=instant&seed=7")
    wait_ready(page)
    start_game(page, game, players=players)
    turns = {"n": 0}

    def four_turns(state: str) -> bool | None:
        turns["n"] += state == "turn"
        return True if turns["n"] > 4 else None

    play_until(page, four_turns)
    heights = sorted(page.evaluate("[...window.__rowHeights]"))
    assert len(heights) == 1, f"the opponents' row changed height at {width}x{height}: {heights}"


def test_last_moves_scrolls_back_over_the_earlier_moves(session: BrowserSession) -> None:
    # A phone shows a few lines of Last moves; the moves before them are a scroll away, and the
    # next move brings the newest line back into view.
    page = _prepared(session, 390, 844)
    play_until(page, lambda state: True if state == "turn" and _boxes(page)["lines"] > 10 else None)
    _newest_line_in_view(page, "at the person's turn")
    assert page.evaluate(WHOLE_LINES) < _boxes(page)["lines"], "every line fits: nothing to scroll back to"
    page.eval_on_selector(".log-list", "list => { list.scrollTop = 0; }")
    first = page.eval_on_selector(".log-list li:first-child", """li => {
      const r = li.getBoundingClientRect(), list = li.parentElement.getBoundingClientRect();
      return r.top >= list.top - 1 && r.bottom <= list.bottom + 1;
    }""")
    assert first, "scrolled back to its top, the log does not show its first line"
