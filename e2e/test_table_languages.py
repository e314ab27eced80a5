"""Each language: no missing or placeholder texts anywhere the person looks, and screenshots at two sizes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from harness import ARTIFACTS, BrowserSession, wait_ready
from table_driver import FINAL_SHEET, TABLE, hint, perform, play_match, start_game, wait_turn_or_window

SIZES = ((1280, 800), (375, 667))
PLACEHOLDER = re.compile(r"⟦|\{[A-Za-z]+\}|undefined|NaN|\[object ")

# Every visible text, plus the names screen readers hear.
TEXTS = """() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
        for (const name of ["aria-label", "title", "placeholder"]) out.push(el.getAttribute(name) || "");
    }
    for (const dialog of document.querySelectorAll("dialog[open]")) out.push(dialog.innerText);
    return out.join("\\n");
}"""


def _check_texts(page: Any, where: str) -> None:
    text = page.evaluate(TEXTS)
    bad = sorted({match.group(0) for match in PLACEHOLDER.finditer(text)})
    assert not bad, f"{where}: untranslated or broken text {bad}"


def _shots(page: Any, lang: str, what: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(ARTIFACTS / f"{lang}-{what}-{width}x{height}.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{what} scrolls sideways at {width}"
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def _play_turns(page: Any, turns: int) -> None:
    made = 0
    while made < turns:
        state = wait_turn_or_window(page)
        if state in ("sheet", "final"):
            return
        if state == "claim":
            page.click("[data-testid=claim-pass]")
            page.wait_for_selector("[data-testid=claim-pass]", state="detached")
            continue
        perform(page, hint(page))
        made += 1
    wait_turn_or_window(page)


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
def test_language_texts_and_screenshots(session: BrowserSession, lang: str) -> None:
    page = session.open("?speed=instant&seed=31")
    page.wait_for_selector("[data-testid=play]")
    page.select_option("[data-testid=language]", lang)
    assert page.get_attribute("html", "lang") == lang
    if lang != "en":
        assert page.text_content("[data-testid=play]") != "Play"
    wait_ready(page)
    page.wait_for_selector("[data-testid=opt-tress-wrap_runs]", state="attached")
    page.click("[data-testid=house-rules] summary")
    _check_texts(page, "start screen")
    page.click("[data-testid=house-rules] summary")
    _shots(page, lang, "start")

    page.click("[data-testid=start-rules]")
    page.wait_for_selector("dialog[data-testid=rules]")
    _check_texts(page, "rules")
    _shots(page, lang, "rules")
    page.click("[data-testid=close-rules]")

    start_game(page, "tress", players=3)
    _play_turns(page, 6)
    _check_texts(page, "tress table")
    _shots(page, lang, "tress-table")
    page.click("[data-testid=scores-button]")
    _check_texts(page, "scores")
    page.click("[data-testid=close-scores]")

    page.click("[data-testid=leave]")
    page.click("[data-testid=leave-yes]")
    page.wait_for_selector("[data-testid=play]")
    start_game(page, "take", players=2, options={"target": "50"})
    page.wait_for_selector(TABLE)
    _play_turns(page, 4)
    _check_texts(page, "take table")
    _shots(page, lang, "take-table")
    play_match(page, limit_s=600)
    page.wait_for_selector(FINAL_SHEET)
    _check_texts(page, "final score sheet")
    _shots(page, lang, "final-sheet")
