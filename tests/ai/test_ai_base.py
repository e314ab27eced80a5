"""The computer-player framework: registry, decisions, seeding, work budgets and the safety clock, the random level."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from rummytable.ai import LEVELS, Bot, BotError, Decision, describe, make_bot, register, registered
from rummytable.ai import base as ai_base
from rummytable.ai.base import NO_CALL, Budget, digest, legal
from rummytable.ai.reasons import Reason
from rummytable.game import Phase
from rummytable.take.game import TakeGame


def test_make_bot_finds_every_take_level() -> None:
    for level in LEVELS:
        bot = make_bot("take", level, seed=3)
        assert (bot.game, bot.level, bot.seed) == ("take", level, 3)
        assert bot.safety_ms == type(bot).SAFETY_MS
    assert make_bot("take", "hard", 1, safety_ms=5).safety_ms == 5


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

        def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
            return Decision(legal(view)[0], Reason("move.first"))

    with pytest.raises(ValueError, match="unknown level 'expert'"):
        register(Expert)


def test_register_refuses_a_second_bot_for_the_same_slot() -> None:
    class Other(Bot):
        game: ClassVar[str] = "take"
        level: ClassVar[str] = "easy"

        def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
            return Decision(legal(view)[0], Reason("move.first"))

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


class FakeClock:
    """A controlled clock for the bots' safety net (:func:`rummytable.ai.base.clock`): moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The safety clock switched on, reading a :class:`FakeClock`."""
    fake = FakeClock()
    monkeypatch.setattr(ai_base, "SAFETY_CLOCK", True)
    monkeypatch.setattr(ai_base, "clock", fake)
    return fake


def test_budget_runs_out_after_its_units() -> None:
    budget = Budget(3)
    assert not budget.over()
    budget.spend(2)
    assert not budget.over()
    budget.spend()
    assert budget.over()
    assert not budget.cut_short  # used up by work, not by the clock
    endless = Budget()
    endless.spend(10**9)
    assert not endless.over()


def test_safety_clock_fires_only_after_its_time_and_marks_the_budget(clock: FakeClock) -> None:
    budget = Budget(None, safety_ms=500)
    clock.now += 0.499
    assert not budget.over()
    clock.now += 0.001
    assert budget.over() and budget.clock_fired() and budget.cut_short
    clock.now -= 1.0  # once fired it stays fired
    assert budget.over()


def test_safety_clock_is_off_in_the_test_suite_and_for_infinite_safety() -> None:
    # The suite's fixture turns the clock off, so no test decision depends on speed.
    assert Budget(None, safety_ms=0).safety_ms is None
    assert not Budget(None, safety_ms=0).over()
    assert make_bot("take", "normal", 1, float("inf")).budget().safety_ms is None


def test_a_decision_the_clock_stopped_says_so_and_is_still_legal(clock: FakeClock) -> None:
    class Slow(Bot):
        game: ClassVar[str] = "take"
        level: ClassVar[str] = "normal"
        SAFETY_MS: ClassVar[float] = 50.0

        def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
            steps = 0
            while not budget.over():  # a search that would go on for ever
                clock.now += 0.010
                steps += 1
            return Decision(legal(view)[steps % len(legal(view))], Reason("move.random", {"count": steps}))

    game = TakeGame.new({"players": 2}, 1)
    seat = game.to_move or 0
    view = game.view(seat)
    decision = Slow(1).decide(view, game.public_log)
    assert decision.cut_short
    assert decision.why == Reason("move.random", {"count": 5})
    assert decision.action in view["legal_actions"]
    # The same bot with the net off does the same work bounded only by itself: never cut.
    assert not make_bot("take", "normal", 1).decide(view, game.public_log).cut_short


class FailingCpuClock:
    """A CPU clock that works until told to fail, then raises as Pyodide's does about 36 minutes in."""

    def __init__(self) -> None:
        self.now = 5.0
        self.broken = False

    def __call__(self) -> float:
        if self.broken:
            raise RuntimeError("the processor time used is not available or its value cannot be represented")
        return self.now


class WallClock:
    """A controlled stand-in for :func:`time.perf_counter`: far from the CPU clock's readings."""

    def __init__(self) -> None:
        self.now = 90_000.0

    def __call__(self) -> float:
        return self.now


def test_a_failing_cpu_clock_falls_back_to_wall_time_and_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    cpu, wall = FailingCpuClock(), WallClock()
    monkeypatch.setattr(ai_base, "SAFETY_CLOCK", True)
    monkeypatch.setattr(ai_base, "_source", cpu)
    monkeypatch.setattr(ai_base.time, "perf_counter", wall)
    budget = Budget(None, safety_ms=500)
    assert not budget.over()
    cpu.broken = True
    # The wall clock reads far past the CPU-time deadline; the budget restarts its window
    # on the new clock instead of firing at once.
    assert not budget.over() and not budget.cut_short
    assert ai_base.clock() == wall.now  # and keeps reading the wall clock from now on
    wall.now += 0.499
    assert not budget.over()
    wall.now += 0.001
    assert budget.over() and budget.cut_short
    # A decision started after the fall-back is made whole, neither raised nor cut short.
    game = TakeGame.new({"players": 2}, 4)
    seat = game.to_move or 0
    view = game.view(seat)
    decision = make_bot("take", "normal", 1).decide(view, game.public_log)
    assert decision.action in view["legal_actions"] and not decision.cut_short


def test_inside_pyodide_the_safety_clock_is_wall_time() -> None:
    # Pyodide's process_time goes through the C clock(), which overflows: wall time is used there.
    import sys

    expected = ai_base.time.perf_counter if sys.platform == "emscripten" else ai_base._processor_seconds
    assert ai_base._source is expected


def test_every_level_decides_without_the_clock_when_it_has_time_enough(clock: FakeClock) -> None:
    # The clock reads the same all along, as on an infinitely fast machine: nothing is cut short.
    game = TakeGame.new({"players": 2}, 4)
    seat = game.to_move or 0
    view = game.view(seat)
    for level in LEVELS:
        decision = make_bot("take", level, 1).decide(view, game.public_log)
        assert not decision.cut_short
        assert decision.action in view["legal_actions"]


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
    from rummytable.tools.tournament import play_match

    game = TakeGame.new({"players": 3, "target": 50}, 9)
    result = play_match(game, [make_bot("take", "random", s) for s in range(3)], max_actions=20_000)
    assert result.actions > 0
    assert result.finished == (game.phase is Phase.MATCH_OVER)
