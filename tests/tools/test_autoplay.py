"""rummytable.tools.autoplay: bots and uniformly random play drive matches one applied action at a time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummytable.ai import Bot, Budget, Decision, make_bot
from rummytable.ai.reasons import Reason
from rummytable.take.game import TakeGame
from rummytable.tools.autoplay import CALL, IllegalBotAction, bot_steps, uniform_action, uniform_steps
from rummytable.tress.game import TressGame


def test_bot_steps_offer_take_it_calls_and_apply_them_before_the_draw() -> None:
    game = TressGame.new({"players": 4}, 5)
    bots = [make_bot("tress", "normal", seat, float("inf")) for seat in range(4)]
    calls = []
    for count, step in enumerate(bot_steps(game, bots), start=1):
        assert step.action == game.history[-1].to_json()
        assert step.events and step.seat == step.action["seat"]
        if step.action["kind"] == CALL:
            calls.append(step)
            assert step.decision_ms is None
            break
        assert step.decision_ms is not None and step.decision_ms >= 0
        assert count < 2000, "normal players call 'take it' early in a match"
    assert calls and calls[0].seat != game.to_move


class Cheat(Bot):
    """Always discards a card it may not hold."""

    game = "take"
    level = "easy"

    def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
        card = "JK.1"
        return Decision({"kind": "discard", "seat": view["seat"], "card": card}, Reason("discard.card", {"card": card}))


def test_an_illegal_bot_action_is_refused_before_it_reaches_the_game() -> None:
    game = TakeGame.new({"players": 2}, 1)
    before = game.save()
    with pytest.raises(IllegalBotAction, match="not legal in phase draw"):
        next(bot_steps(game, [Cheat(1), Cheat(2)]))
    assert game.save() == before


def test_uniform_steps_play_every_seats_legal_actions_to_the_end() -> None:
    game = TakeGame.new({"players": 2, "target": 50}, 3)
    steps = list(uniform_steps(game, random.Random(1)))
    assert game.state.winners
    assert [s.action for s in steps] == [a.to_json() for a in game.history]
    assert all(s.decision_ms is None for s in steps)


def test_uniform_action_draws_from_every_seat_including_calls() -> None:
    game = TressGame.new({"players": 3}, 2)
    rng = random.Random(4)
    kinds = {uniform_action(game, rng).KIND for _ in range(60)}
    assert CALL in kinds and "draw_stock" in kinds
