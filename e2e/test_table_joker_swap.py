"""The joker swap at the table (Tress house rule T-10, worked example TR-32), made by clicks.

The situation is written with the engine's own scenario builder and handed to the page as its
saved match, which the start screen then offers to continue.
"""

from __future__ import annotations

import json
from typing import Any

from harness import BrowserSession, wait_ready
from table_driver import READY_INPUT, TABLE, _pick, click_card, hand_cards, start_game, wait_turn_or_window

from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario

SAVE_KEY = "rummytable.save.tress"


def _meld_cards(page: Any, meld: int) -> list[str]:
    keys: list[str] = page.eval_on_selector_all(f'[data-testid="meld-{meld}"] [data-card]',
                                                "cards => cards.map(c => c.dataset.card)")
    return keys


def _resume_with(page: Any, position: str) -> None:
    """Store ``position`` as the page's saved Tress match and reload: the page goes back to its table."""
    page.wait_for_function(f"localStorage.getItem('{SAVE_KEY}') !== null")
    record = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    record["save"]["position"] = position
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, json.dumps(record)])
    page.reload()
    wait_ready(page)
    page.wait_for_selector(TABLE, timeout=60_000)


def test_TR_32_joker_swap_by_clicks(session: BrowserSession) -> None:
    page = session.open("?speed=instant&seed=5")
    wait_ready(page)
    start_game(page, "tress", players=3)
    wait_turn_or_window(page)
    # TR-32: the person is down and holds 6H; the run 5H JK(6H) 7H 8H is on the table.
    position = TressGame.from_position(scenario(
        ["6H 9S 2C", None, None], round_no=2,
        melds=[(0, "5H JK(6H) 7H 8H"), (0, "9C 9D JK(9)")], options={"joker_swap": True},
    )).save()
    _resume_with(page, position)
    page.wait_for_selector(f"{READY_INPUT}[data-phase=play]")
    assert "6H" in hand_cards(page)
    assert not [key for key in hand_cards(page) if key.startswith("JK")]

    click_card(page, "6H")
    page.click('[data-testid="meld-0"]')
    if page.locator("dialog[data-testid=meld-choice]").count():
        _pick(page, "meld-choice", {"kind": "swap_joker", "seat": 0, "card": "6H", "meld": 0})
    page.wait_for_function("() => [...document.querySelectorAll('.hand [data-card]')]"
                           ".some(c => c.dataset.card.startsWith('JK'))")
    assert "6H" in _meld_cards(page, 0)
    assert "6H" not in hand_cards(page)
    line = page.locator("[data-testid=log] li[data-kind=joker_swapped]")
    assert line.count() == 1
    assert "six of hearts" in (line.text_content() or "") and "joker" in (line.text_content() or "")
