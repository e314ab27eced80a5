"""Playing a few moves and reading the saved match back, for the tests of saving and recovery."""

from __future__ import annotations

import json
from typing import Any

import page_clock
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


def replace_position(page: Any, game: str, position: str) -> None:
    """Make ``position`` (a game state's JSON text) the position of the stored save of ``game``,
    once the page is still: its engine has answered every call and no save is being written. A
    reload then continues the match from it.

    A save asked for before that (a computer's call for the top discard whose answer is on its
    way, say) would otherwise land after this one and write the match played so far over it.
    The record is read back to make sure it stands.

    :raises AssertionError: when the page wrote over the changed record each of three times.
    """
    def settle() -> dict[str, Any]:
        page_clock.engine_caught_up(page)
        page.wait_for_selector(SAVED, state="attached")
        return stored(page, game)

    for _ in range(3):
        record = settle()
        record["save"]["position"] = position
        put(page, f"rummytable.save.{game}", json.dumps(record))
        if settle() == record:
            return
    raise AssertionError(f"the page kept writing over the changed {game} save")


def engine_position(page: Any) -> str:
    """The position the page's engine holds now."""
    position: str = page.evaluate("async () => (await window.rummyTable.engine.call('save')).position")
    return position
