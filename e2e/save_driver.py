"""Playing a few moves and reading the saved match back, for the tests of saving and recovery."""

from __future__ import annotations

import json
from typing import Any

from table_driver import hint, perform, wait_turn_or_window

STATE = "async () => (await window.rummyTable.engine.call('state')).view"
"""Script: the person's view of the match the page's engine holds."""

SAVED = "html[data-save=saved]"
"""Marker: no save is being written (web/storage/saves.js)."""


def play_turns(page: Any, turns: int) -> None:
    """Make ``turns`` moves of the person's (passing on take-it chances), then wait for the
    person's next turn (a still position) and for its save."""
    made = 0
    while True:
        state = wait_turn_or_window(page)
        if state == "claim":
            page.click("[data-testid=claim-pass]")
            page.wait_for_selector("[data-testid=claim-pass]", state="detached")
            continue
        assert state in ("turn", "answer"), state
        if made == turns:
            break
        perform(page, hint(page))
        made += 1
    page.wait_for_selector(SAVED, state="attached")


def stored(page: Any, game: str = "tress") -> dict[str, Any]:
    """The stored save record of ``game``."""
    record: dict[str, Any] = json.loads(page.evaluate(f"localStorage.getItem('rummytable.save.{game}')"))
    return record


def put(page: Any, key: str, value: str) -> None:
    """Store ``value`` under ``key`` in the page's localStorage."""
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, value])


def engine_position(page: Any) -> str:
    """The position the page's engine holds now."""
    position: str = page.evaluate("async () => (await window.rummyTable.engine.call('save')).position")
    return position
