"""The hard Take bot's look-ahead: whole planned turns, paired deals, the safety clock checked per play-out."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummytable.ai import make_bot
from rummytable.ai.base import Budget
from rummytable.ai.take import bots as take_bots
from rummytable.ai.take.bots import TakeHardBot
from rummytable.ai.take.eval import Play
from rummytable.ai.take.knowledge import knowledge
from rummytable.ai.take.rollout import Candidate, compare, finish_plan, play_out
from rummytable.cards import parse_card
from rummytable.game import Phase
from rummytable.melds import End
from rummytable.take.actions import Extend
from rummytable.take.game import TakeGame


class CountingBudget(Budget):
    """A safety clock that fires after a fixed number of checks: makes "checked before every play-out" testable."""

    def __init__(self, checks: int) -> None:
        super().__init__(None)
        self.left = checks

    def clock_fired(self) -> bool:
        self.left -= 1
        if self.left < 0:
            self.cut_short = True
        return self.cut_short


def situation(**kwargs: Any) -> TakeGame:
    return TakeGame.from_faces(**kwargs)


def _midgame(seed: int = 3, steps: int = 12) -> TakeGame:
    """A heads-up game some moves in, at a play phase of seat 0."""
    game = TakeGame.new({"players": 2}, seed)
    bots = [make_bot("take", "normal", seed * 10 + s, float("inf")) for s in range(2)]
    done = 0
    while done < steps or not (game.phase is Phase.PLAY and game.to_move == 0):
        seat = game.to_move
        assert seat is not None
        game.apply_json(bots[seat].decide(game.view(seat), game.public_log).action)
        done += 1
    return game


def _discards(game: TakeGame, seat: int = 0) -> list[Candidate]:
    hand = sorted(set(game.state.hands[seat]))[:3]
    return [Candidate({"kind": "discard", "seat": seat, "card": c.key}, (), c, planned=True) for c in hand]


def test_finish_plan_plays_the_whole_turn() -> None:
    # Take P2's 6H 7H 8H with 9H, lay 2C 3C 4C, discard KS (K-9, K-12, K-10).
    game = situation(melds=[(1, "6H 7H 8H")], hands=["9H 2C 3C 4C KS QD", "3S 4S 9C"])
    nine, two, three, four = (parse_card(k) for k in ("9H", "2C", "3C", "4C"))
    plays = (Play("extend", (nine,), 0, End.HIGH), Play("lay_down", (two, three, four)))
    game.apply(Extend(0, 0, (nine,), End.HIGH))
    finish_plan(game, 0, plays[1:], parse_card("KS"))
    owners = sorted((seq.owner, len(seq.meld.cards)) for seq in game.sequences())
    assert owners == [(0, 3), (0, 4)]
    assert game.state.discard[-1] == parse_card("KS")
    assert game.to_move == 1


def test_finish_plan_falls_back_when_a_step_is_refused() -> None:
    game = situation(hands=["2C 3C 4C KS QD", "3S 4S 9C"])
    bogus = Play("extend", (parse_card("KS"),), 7, End.HIGH)  # no sequence #7
    finish_plan(game, 0, (bogus,), parse_card("QD"))
    # The rollout policy finished the turn legally: a discard was made and seat 1 is to move.
    assert game.to_move == 1 or game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)


def test_play_out_leaves_the_world_untouched() -> None:
    game = _midgame()
    before = game.to_position()
    value = play_out(game, 0, _discards(game)[0])
    assert isinstance(value, float)
    assert game.to_position() == before


def test_compare_checks_the_safety_clock_before_every_play_out_and_drops_a_cut_world() -> None:
    game = _midgame()
    view, log = game.view(0), game.public_log
    know = knowledge(view, log)
    candidates = _discards(game)
    assert len(candidates) == 3
    # 1 check before the first world + 3 before its play-outs + 1 before the second world
    # + 2 play-outs of the second world: the third check of world two expires it.
    budget = CountingBudget(1 + 3 + 1 + 2)
    means, errors, worlds = compare(view, log, know, candidates, random.Random(1), 10, budget)
    assert worlds == 1  # the second world was cut after two play-outs and dropped whole
    assert len(means) == len(errors) == 3
    assert errors == [0.0, 0.0, 0.0]
    assert budget.cut_short


def test_compare_pairs_the_deals_so_equal_candidates_tie_exactly() -> None:
    game = _midgame()
    view, log = game.view(0), game.public_log
    same = _discards(game)[0]
    means, errors, worlds = compare(view, log, knowledge(view, log), [same, same], random.Random(2), 6,
                                    Budget())
    assert worlds == 6
    assert means[0] == means[1]
    assert errors[1] == 0.0


def test_hard_plays_as_many_deals_as_its_play_outs_allow(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _midgame()
    view, log = game.view(0), game.public_log
    asked: list[tuple[int, int]] = []

    def counting(view: Any, log: Any, know: Any, candidates: list[Candidate], rng: Any, worlds: int,
                 budget: Budget, horizon: int = 2) -> tuple[list[float], list[float], int]:
        asked.append((len(candidates), worlds))
        return [0.0] * len(candidates), [0.0] * len(candidates), worlds

    monkeypatch.setattr(take_bots, "compare", counting)
    bot = TakeHardBot(1)
    for seat_view in (view,):
        bot.decide(seat_view, log)
    assert asked, "the position has options worth comparing"
    for candidates, worlds in asked:
        assert worlds == min(bot.WORLDS, bot.PLAYOUTS // candidates)


def test_play_candidates_start_with_the_plan_and_are_distinct_legal_moves() -> None:
    game = situation(melds=[(1, "6H 7H 8H"), (1, "JD QD KD")],
                     hands=["9H AD 2C 3C 4C KS 5S", "3S 4S 9C 10C"])
    bot = TakeHardBot(1, float("inf"))
    view, log = game.view(0), game.public_log
    know = knowledge(view, log)
    actions = view["legal_actions"]
    budget = Budget()
    base = bot.play(view, know, actions, random.Random(0), budget)
    options = bot.play_candidates(view, know, actions, base, budget)
    assert options[0][1] == base
    assert options[0][0].planned
    assert 2 <= len(options) <= bot.CANDIDATES
    firsts = [c.action for c, _ in options]
    assert all(a in actions for a in firsts)
    assert len({repr(sorted(a.items())) for a in firsts}) == len(firsts)
    for candidate, decision in options:
        assert candidate.action == decision.action


def test_too_few_deals_leave_normal_choice_standing() -> None:
    class Hasty(TakeHardBot):
        WORLDS = 3  # always fewer than MIN_WORLDS: the look-ahead may never switch

    game = _midgame()
    view, log = game.view(0), game.public_log
    decision = Hasty(1, float("inf")).decide(view, log)
    assert "look-ahead" not in decision.reason
    assert "sampled deals" not in decision.reason
