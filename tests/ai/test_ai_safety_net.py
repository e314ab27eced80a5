"""The safety clock never fires in seeded play: the work budgets alone end every search.

This is the one bot test that reads the real safety clock (the rest run with it switched
off, see ``tests/conftest.py``): it plays the opening of seeded matches of each game at
every level with the levels' own safety nets and asserts that no decision was cut short.
The nets count the process's CPU time, so other programs on a busy machine do not eat into
them, and they are several times the most work any decision does (``python build.py bench``
reports the figures, in CPython and in the page). It runs under CPython only: inside
Pyodide the clock is wall time, and the page bench counts cut-short decisions instead.
"""

from __future__ import annotations

import pytest
from pyodide_scale import IN_PYODIDE

from rummytable.ai import base as ai_base
from rummytable.ai import make_bot
from rummytable.tools.tournament import new_game, play_match

pytestmark = pytest.mark.skipif(IN_PYODIDE, reason="Pyodide's speed is measured by the page bench, not here")


@pytest.mark.parametrize(("game", "players"), [("take", 2), ("take", 4), ("tress", 4)])
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_no_decision_is_cut_short_by_the_safety_clock(game: str, players: int, level: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_base, "SAFETY_CLOCK", True)
    match = new_game(game, {}, 11, players)
    bots = [make_bot(game, level, 110 + seat) for seat in range(players)]
    assert all(bot.safety_ms == type(bot).SAFETY_MS for bot in bots)
    result = play_match(match, bots, max_actions=60)
    assert result.actions == 60
    assert result.cut_short == [0] * players
