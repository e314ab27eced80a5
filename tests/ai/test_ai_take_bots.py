"""Take bots: always legal, matches always finish, deterministic, within the time cap."""

from __future__ import annotations

from typing import Any

import pytest
from pyodide_scale import scaled

from rummytable.ai import Bot, Budget, make_bot
from rummytable.game import Phase
from rummytable.take.game import TakeGame
from rummytable.tools.tournament import play_match

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"joker_value": "stand_in", "low_ace_five": True},
    {"joker_ratio": "more_naturals", "below_others": False},
    {"go_out_by_melding": True, "tie": "shared"},
    {"empty_stock": "end_hand"},
    {"dead_stock_ends_hand": False},
]


def _match(levels: list[str], options: dict[str, Any], seed: int, safety_ms: float | None = None) -> Any:
    game = TakeGame.new({**options, "players": len(levels)}, seed)
    bots = [make_bot("take", level, seed * 10 + seat, safety_ms) for seat, level in enumerate(levels)]
    return game, play_match(game, bots)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_easy_and_normal_matches_finish_with_legal_moves(players: int, options: dict[str, Any]) -> None:
    levels = ["easy", "normal", "random", "normal"][:players]
    for seed in range(scaled(2)):
        game, result = _match(levels, {**options, "target": 150}, seed)
        assert result.finished, (players, options, seed)
        assert game.phase is Phase.MATCH_OVER
        assert result.winners
        assert max(result.scores) >= 150


def test_hard_match_finishes_with_legal_moves() -> None:
    # play_match raises IllegalBotAction on any move that is not in the seat's legal actions.
    _game, result = _match(["hard", "normal", "easy"], {"target": 60}, 5)
    assert result.finished
    assert result.winners


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_seeded_matches_at_every_level(players: int) -> None:
    # The long version of the two tests above; thousands more come from the tournament tool.
    for seed in range(scaled(20)):
        for options in OPTION_SETS:
            levels = ["normal", "easy", "random", "normal"][:players]
            _, result = _match(levels, {**options, "target": 300}, 100 + seed)
            assert result.finished
            if seed < scaled(2):
                _, result = _match(["hard", "normal", "easy", "hard"][:players], {**options, "target": 100}, seed)
                assert result.finished


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_seed_same_decisions(level: str) -> None:
    game = TakeGame.new({"players": 3}, 11)
    bots = [make_bot("take", lv, 3, float("inf")) for lv in ("normal", "easy", "normal")]
    checked = 0
    while game.phase is not Phase.MATCH_OVER and checked < 12:
        seat = game.to_move
        assert seat is not None
        view, log = game.view(seat), game.public_log
        if seat == 0:
            first = make_bot("take", level, 42, float("inf")).decide(view, log)
            again = make_bot("take", level, 42, float("inf")).decide(view, log)
            assert first == again
            checked += 1
        game.apply_json(bots[seat].decide(view, log).action)
    assert checked == 12


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_tiny_work_budget_still_gives_a_legal_move(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = TakeGame.new({"players": 2}, 8)
    bot = make_bot("take", level, 1)
    monkeypatch.setattr(type(bot), "WORK_UNITS", 1)
    driver = make_bot("take", "normal", 2)
    budgets: list[Budget] = []
    real_budget = type(bot).budget

    def recorded(self: Bot) -> Budget:
        budgets.append(real_budget(self))
        return budgets[-1]

    monkeypatch.setattr(type(bot), "budget", recorded)
    for _ in range(30):
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if seat == 0:
            decision = bot.decide(view, game.public_log)
            assert decision.action in view["legal_actions"]
            assert not decision.cut_short
        else:
            decision = driver.decide(view, game.public_log)
        game.apply_json(decision.action)
    # The search stops at the budget: no plan searched past its first node.
    assert budgets and all(b.used <= 1 + 3 for b in budgets)


def test_bots_do_not_change_their_inputs() -> None:
    game = TakeGame.new({"players": 2}, 4)
    for level in ("random", "easy", "normal", "hard"):
        view, log = game.view(0), game.public_log
        before = (repr(view), repr(log))
        make_bot("take", level, 1).decide(view, log)
        assert (repr(view), repr(log)) == before
