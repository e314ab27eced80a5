"""The hint's reason in Norwegian and Ukrainian: the computer's why, worded in the person's language.

The engine sends a reason id with its params (docs/formats.md, "Reasons"); the page words it, so a
Norwegian or Ukrainian player gets the same detail as an English one (the card, the points, how far
the contract is), never the engine's English text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from harness import BrowserSession, wait_ready
from table_driver import SHEET, hint, pass_claim, perform, start_game, wait_turn_or_window

MESSAGE = "[data-testid=message]"
DOC = Path(__file__).resolve().parents[1] / "docs" / "formats.md"
REASON_IDS = set(re.findall(r"^\| `([a-z_]+\.[a-z_]+)` \|", DOC.read_text(encoding="utf-8").split("## Reasons")[1],
                            flags=re.M))

# What only the engine's English text would show: card keys, "P2", "#3", its words.
ENGLISH = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bP\d\b|#\d|\b(?:the|discards|draws|takes|contract|card|points|"
                     r"stock|helps|lays|away)\b", re.I)
WORDS = {
    "nb": (re.compile(r"\b(?:kort|bunken|hånden|rundens mål|poeng|serien?|kastebunken)\b"),
           re.compile(r"\b(?:spar|hjerter|ruter|kløver|joker)\b", re.I)),
    "uk": (re.compile(r"[а-яіїєґ’]{3,}"), re.compile(r"(?:пік|чирв|бубон|треф|джокер)")),  # noqa: RUF001 (Ukrainian letters)
}


def _ask(page: Any) -> tuple[Any, str, str]:
    """Press Hint; return its action, its reason id and the reason as shown."""
    page.evaluate("document.querySelector('[data-testid=message]')?.removeAttribute('data-hint-reason')")
    action = hint(page)
    page.wait_for_selector(f"{MESSAGE}[data-hint-reason]")
    reason_id = page.get_attribute(MESSAGE, "data-hint-reason") or ""
    detail = page.text_content(f"{MESSAGE} .message-detail") or ""
    return action, reason_id, detail


def _check(lang: str, reason_id: str, detail: str) -> tuple[bool, bool]:
    """Assert the reason is worded in ``lang``; return whether it names a card, and a number (the detail)."""
    assert reason_id in REASON_IDS, reason_id
    words, cards = WORDS[lang]
    assert detail and words.search(detail), f"{lang} {reason_id}: {detail!r}"
    assert not ENGLISH.search(detail), f"{lang} {reason_id} reads as the engine's English: {detail!r}"
    if lang == "uk":
        assert not re.search(r"[A-Za-z]{3,}", detail), f"uk {reason_id}: {detail!r}"
    return bool(cards.search(detail)), bool(re.search(r"\d", detail))


def _start(session: BrowserSession, lang: str, game: str, players: int) -> Any:
    page = session.open("?speed=slow&seed=21", clock=True)
    page.wait_for_selector("[data-testid=play]")
    page.select_option("[data-testid=language]", lang)
    wait_ready(page)
    start_game(page, game, players=players)
    return page


@pytest.mark.parametrize("lang", ["nb", "uk"])
def test_tress_hints_give_the_reason_in_the_language_on_the_own_turn_and_in_a_take_it_window(
        session: BrowserSession, lang: str) -> None:
    page = _start(session, lang, "tress", 4)
    detailed_turn = window = False
    for _ in range(300):
        if detailed_turn and window:
            return
        state = wait_turn_or_window(page)
        if state in ("sheet", "final"):
            assert state == "sheet", "the match ended before both hints came up"
            page.click("[data-testid=next-round]")
            page.wait_for_selector(SHEET, state="detached")
            continue
        action, reason_id, detail = _ask(page)
        card, number = _check(lang, reason_id, detail)
        if state == "claim":
            # The "take it" chance out of turn (T-16): the normal player's claim decision, weighed.
            assert reason_id.startswith("claim."), (reason_id, detail)
            window = True
            pass_claim(page)
            continue
        detailed_turn = detailed_turn or (state == "turn" and card and number)
        perform(page, action)
    raise AssertionError(f"seen: own turn with detail {detailed_turn}, take-it window {window}")


@pytest.mark.parametrize("lang", ["nb", "uk"])
def test_take_hints_give_the_reason_in_the_language(session: BrowserSession, lang: str) -> None:
    page = _start(session, lang, "take", 2)
    kinds: set[str] = set()
    numbers = False
    for _ in range(40):
        state = wait_turn_or_window(page)
        assert state == "turn", state
        action, reason_id, detail = _ask(page)
        card, number = _check(lang, reason_id, detail)
        if card:
            kinds.add(action["kind"])
            numbers = numbers or number
        if {"draw_stock", "draw_discard"} & kinds and "discard" in kinds and numbers:
            return
        perform(page, action)
    raise AssertionError(f"detailed reasons seen only for {sorted(kinds)}")
