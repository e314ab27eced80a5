"""The rules page shows the rules as the table plays them: house rules chosen on the start screen are
written in and marked, on the start screen and at the table, in every language."""

from __future__ import annotations

from typing import Any

import pytest
from harness import BrowserSession, wait_ready
from table_driver import TABLE

RULES = "dialog[data-testid=rules]"
MARK = {"en": "house rule", "nb": "husregel", "uk": "домашнє правило"}


def _marked(page: Any, key: str) -> bool:
    return bool(page.locator(f'{RULES} li.house[data-rule="{key}"] .house-mark').count())


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
def test_house_rules_are_written_into_the_rules_page(session: BrowserSession, lang: str) -> None:
    page = session.open("?speed=instant&seed=5")
    page.wait_for_selector("[data-testid=play]")
    page.select_option("[data-testid=language]", lang)
    wait_ready(page)
    page.click("[data-testid=game-tress]")
    page.click("[data-testid=players-3]")
    page.wait_for_selector("[data-testid=opt-tress-joker_ratio]", state="attached", timeout=60_000)

    # The standard rules: no note, nothing marked, the default joker rule and "you may wait".
    page.click("[data-testid=start-rules]")
    page.wait_for_selector(RULES)
    assert not page.locator("[data-testid=rules-house-note]").count()
    assert not page.locator(f"{RULES} li.house").count()
    assert page.locator(f'{RULES} li[data-rule="jokers.at_least_one_natural"]').count() == 1
    assert page.locator(f'{RULES} li[data-rule="goDown"]').count() == 1
    page.click("[data-testid=close-rules]")

    page.click("[data-testid=house-rules] summary")
    page.select_option("[data-testid=opt-tress-joker_ratio]", "more_naturals")
    page.check("[data-testid=opt-tress-must_lay_down]")
    page.click("[data-testid=start-rules]")
    page.wait_for_selector(RULES)
    assert page.locator("[data-testid=rules-house-note]").is_visible()
    assert _marked(page, "jokers.more_naturals") and _marked(page, "goDownMust")
    assert page.locator(f"{RULES} .house-mark").first.text_content() == MARK[lang]
    page.click("[data-testid=close-rules]")

    # At the table the same rules show, taken from the match itself; Take's are the standard ones.
    page.click("[data-testid=play]")
    page.wait_for_selector(TABLE, timeout=60_000)
    page.click("[data-testid=rules-button]")
    page.wait_for_selector(RULES)
    assert _marked(page, "jokers.more_naturals") and _marked(page, "goDownMust")
    assert page.locator(f"{RULES} li.house").count() == 2
    page.click("[data-testid=rules-take]")
    page.wait_for_selector(f'{RULES} li[data-rule="sequence"]')
    assert not page.locator(f"{RULES} li.house").count()
    page.click("[data-testid=close-rules]")
