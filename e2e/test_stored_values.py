"""A bad value under any stored key: the page says what it set aside and always reaches a start
screen that plays.

One test per key of localStorage the page reads (web/storage/storage.js, web/app/settings.js,
web/i18n/index.js, web/storage/offline.js), each trying several damaged values, one page load each.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import BrowserSession, wait_ready
from save_driver import put
from table_driver import TABLE, ask_to_leave, wait_turn_or_window

PROBLEM = {
    "settings": "[data-testid=stored-problem]",
    "stats": "[data-testid=stats-problem]",
    "save": "[data-testid=save-problem]",
    None: None,
}


def _save(**change: Any) -> str:
    """A stored Tress save record with ``change`` applied to its save part (None: key removed)."""
    save: dict[str, Any] = {"game": "tress", "position": "{}", "seats": ["human", "normal", "normal"], "seed": 5}
    for key, value in change.items():
        if value is None:
            save.pop(key)
        else:
            save[key] = value
    return json.dumps({"format": 1, "savedAt": 0, "about": {}, "save": save})


STATS_ROW = {"played": 2, "won": 1, "best": 40, "total": 90}

# key -> [(stored text, which notice must say it was set aside)]
CASES: dict[str, list[tuple[str, str | None]]] = {
    "rummytable.language": [(v, "settings") for v in ("constructor", "__proto__", "toString", "xx", "")],
    "rummytable.settings": [
        ("{oops", "settings"), ("null", "settings"), ("[]", "settings"), ('"tress"', "settings"),
        ('{"options": {"tress": "x"}}', "settings"),
        ('{"players": {"tress": "abc"}}', "settings"),
        ('{"levels": {"tress.1": "godlike", "tress.2": "hard"}}', "settings"),
        ('{"options": {"tress": {"penalty_cards": 99}}}', "settings"),
        ('{"options": {"tress": {"no_such_rule": true, "jokers": "many"}}}', "settings"),
        ('{"speed": "warp", "deck": 5, "game": "chess", "handOrder": {}}', "settings"),
        ('{"game": "take", "options": {"take": {"target": 1e400}}, "players": {"take": 9}}', "settings"),
        ('{"levels": "x", "players": [], "options": null}', "settings"),
        ('{"__proto__": {"speed": "fast"}, "constructor": 1}', None),
    ],
    "rummytable.stats": [
        ("{oops", "stats"), ("[]", "stats"), ('{"tress.normal": "x"}', "stats"),
        (json.dumps({"tress.normal": {**STATS_ROW, "played": -1}}), "stats"),
        (json.dumps({"tress.normal": {**STATS_ROW, "won": 5}}), "stats"),
        (json.dumps({"chess.normal": STATS_ROW, "tress.hard": STATS_ROW}), "stats"),
        (json.dumps({"tress.constructor": STATS_ROW}), "stats"),
        (json.dumps({"take.easy": {**STATS_ROW, "played": "2", "total": None}}), "stats"),
    ],
    "rummytable.save.tress": [
        ("{oops", "save"), ("null", "save"), ("[]", "save"), ('{"format": 1}', "save"),
        (_save(game="take"), "save"), (_save(position=5), "save"), (_save(seats="human"), "save"),
        (_save(seed=1.5), "save"), (_save(seed=None), "save"), (_save(), "save"),
        (json.dumps({**json.loads(_save()), "about": "round 3"}), "save"),
    ],
    "rummytable.save.take": [("{oops", "save"), ("[1, 2]", "save"), (_save(), "save")],
    "rummytable.save.tress:rejected": [("{oops", None), ("[]", None), ("null", None)],
    "rummytable.save.take:rejected": [("{oops", None), ('{"raw": 5}', None)],
    "rummytable.stats:rejected": [("{oops", None)],
    "rummytable.settings:rejected": [("{oops", None)],
    "rummytable.language:rejected": [("{oops", None)],
    "rummytable.build": [("{oops", None), ("", None)],
}


def _check(page: Any, key: str, value: str, problem: str | None) -> None:
    where = f"{key} = {value!r}"
    page.evaluate("localStorage.clear()")
    put(page, key, value)
    page.reload()
    wait_ready(page)
    # The house rules appear once the engine's catalog is in, and Play starts a match.
    page.wait_for_selector("[data-testid=reset-rules]", state="attached")
    if PROBLEM[problem]:
        page.wait_for_selector(PROBLEM[problem])
    assert page.locator("[data-testid=resume-tress], [data-testid=resume-take]").count() == 0, where
    text = page.inner_text("body")
    assert "⟦" not in text and "undefined" not in text and "NaN" not in text, where
    page.click("[data-testid=stats-button]")
    page.wait_for_selector("dialog[data-testid=stats-dialog]")
    assert "undefined" not in page.inner_text("dialog[data-testid=stats-dialog]"), where
    page.click("[data-testid=close-stats]")
    page.click("[data-testid=play]")
    page.wait_for_selector(TABLE, timeout=30_000)
    assert wait_turn_or_window(page) in ("turn", "answer", "claim", "sheet"), where
    # Leave, so the match writes nothing under the next case.
    ask_to_leave(page)
    page.click("[data-testid=leave-yes]")
    page.wait_for_selector("html[data-screen=start]", state="attached")


@pytest.mark.parametrize("key", list(CASES))
def test_a_damaged_stored_value_is_set_aside(session: BrowserSession, key: str) -> None:
    page = session.open("?speed=instant&seed=61")
    wait_ready(page)
    for value, problem in CASES[key]:
        _check(page, key, value, problem)
