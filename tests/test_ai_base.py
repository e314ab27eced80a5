"""The computer-player framework: registry, decisions, seeding, the time cap, the random level."""

from __future__ import annotations

import time
from typing import Any, ClassVar

import pytest

from rummytable.ai import LEVELS, Bot, BotError, Decision, describe, make_bot, register, registered
from rummytable.ai.base import NO_CALL, Deadline, digest, legal
from rummytable.game import Phase
from rummytable.take import TakeGame


def test_make_bot_finds_every_take_level() -> None:
    for level in LEVELS:
        bot = make_bot("take", level, seed=3)
        assert (bot.game, bot.level, bot.seed) == ("take", level, 3)
        assert bot.budget_ms == type(bot).DEFAULT_BUDGET_MS
    assert make_bot("take", "hard", 1, budget_ms=5).budget_ms == 5


def test_unknown_game_or_level_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="no 'expert' bot for game 'take'"):
        make_bot("take", "expert", 1)
    with pytest.raises(ValueError, match="no 'easy' bot for game 'chess'"):
        make_bot("chess", "easy", 1)
    with pytest.raises(ValueError, match="no 'expert' bot"):
        describe("take", "expert")

    class Expert(Bot):
        game: ClassVar[str] = "take"
        level: ClassVar[str] = "expert"

        def decide(self, view: dict[str, Any], log: list[dict[str, Any]]) -> Decision:
            return Decision(legal(view)[0], "first")

    with pytest.raises(ValueError, match="unknown level 'expert'"):
        register(Expert)


def test_register_refuses_a_second_bot_for_the_same_slot() -> None:
    class Other(Bot):
        game: ClassVar[str] = "take"
        level: ClassVar[str] = "easy"

        def decide(self, view: dict[str, Any], log: list[dict[str, Any]]) -> Decision:
            return Decision(legal(view)[0], "first")

    with pytest.raises(ValueError, match="already has a easy bot"):
        register(Other)


def test_registered_lists_levels_weakest_first() -> None:
    take = [level for game, level in registered() if game == "take"]
    assert take == list(LEVELS)


def test_every_level_but_random_has_a_menu_sentence() -> None:
    for game, level in registered():
        text = describe(game, level)
        assert text.endswith("."), (game, level, text)
        assert 20 < len(text) < 200, (game, level, text)


def test_digest_is_stable_and_sensitive() -> None:
    view: dict[str, Any] = {"seat": 0, "hand": ["2H", "3H"]}
    log: list[dict[str, Any]] = [{"kind": "dealt"}]
    assert digest(view, log) == digest(dict(view), list(log))
    assert digest(view, log) != digest({**view, "hand": ["2H"]}, log)
    assert digest(view, log) != digest(view, [*log, {"kind": "card_discarded"}])


def test_rng_depends_on_seed_and_inputs_only() -> None:
    game = TakeGame.new({"players": 2}, 1)
    view, log = game.view(0), game.public_log
    a, b, c = make_bot("take", "random", 1), make_bot("take", "random", 1), make_bot("take", "random", 2)
    assert a.rng(view, log).random() == b.rng(view, log).random()
    assert a.rng(view, log).random() != c.rng(view, log).random()


def test_deadline_expires_and_none_never_does(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(time, "perf_counter", lambda: now[0])
    short = Deadline(1.0)
    assert not short.expired()
    now[0] += 0.005  # 5 ms later
    assert short.expired()
    assert short.fraction() >= 1.0
    endless = Deadline(None)
    assert not endless.expired()
    assert endless.fraction() == 0.0
    assert not make_bot("take", "normal", 1, float("inf")).deadline().expired()


def test_no_legal_action_raises_bot_error() -> None:
    game = TakeGame.new({"players": 2}, 1)
    idle = 1 - (game.to_move or 0)
    view = game.view(idle)
    assert view["legal_actions"] == []
    for level in LEVELS:
        with pytest.raises(BotError, match="no legal action"):
            make_bot("take", level, 1).decide(view, game.public_log)


def test_default_claim_is_no_call() -> None:
    game = TakeGame.new({"players": 2}, 1)
    assert make_bot("take", "normal", 1).claim(game.view(0), game.public_log) == NO_CALL


def test_random_bot_covers_the_legal_actions_uniformly() -> None:
    game = TakeGame.new({"players": 2}, 2)
    seat = game.to_move
    assert seat is not None
    game.apply_json({"kind": "draw_stock", "seat": seat})
    view = game.view(seat)
    counts: dict[str, int] = {}
    for seed in range(400):
        action = make_bot("take", "random", seed).decide(view, game.public_log).action
        assert action in view["legal_actions"]
        counts[repr(action)] = counts.get(repr(action), 0) + 1
    expected = 400 / len(view["legal_actions"])
    assert len(counts) == len(view["legal_actions"])
    assert all(0.4 * expected < n < 1.8 * expected for n in counts.values())


def test_random_bot_plays_a_match_to_its_end() -> None:
    from rummytable.tournament import play_match

    game = TakeGame.new({"players": 3, "target": 50}, 9)
    result = play_match(game, [make_bot("take", "random", s) for s in range(3)], max_actions=20_000)
    assert result.actions > 0
    assert result.finished == (game.phase is Phase.MATCH_OVER)
