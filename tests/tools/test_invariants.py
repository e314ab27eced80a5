"""rummytable.tools.invariants: each check passes on real play and names what is wrong in a broken position."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rummytable.game import Event, Game, Phase
from rummytable.take.game import TakeGame
from rummytable.tools.autoplay import uniform_action
from rummytable.tools.invariants import (
    CHECKS,
    InvariantError,
    check_can_act,
    check_cards,
    check_hand_scored,
    check_phase,
    check_replay,
    check_save_load,
    check_step,
    check_table,
    check_totals,
    check_view_hides,
)
from rummytable.tress.game import TressGame


def played(game: Game, steps: int, seed: int = 1) -> Game:
    """``game`` after ``steps`` uniformly random legal actions, every cheap check passing on the way."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            break
        check_step(game, game.apply(uniform_action(game, rng)))
    return game


def tress(steps: int = 40) -> TressGame:
    game = played(TressGame.new({"players": 4}, 3), steps)
    assert isinstance(game, TressGame)
    return game


def take(steps: int = 40) -> TakeGame:
    game = played(TakeGame.new({"players": 3, "target": 50}, 3), steps)
    assert isinstance(game, TakeGame)
    return game


def broken(check: str, call: Any, *args: Any) -> str:
    """Run ``call(*args)``, expect InvariantError for ``check``; return its detail."""
    with pytest.raises(InvariantError) as info:
        call(*args)
    assert info.value.check == check
    assert check in CHECKS
    assert str(info.value).startswith(f"{check}: ")
    return info.value.detail


@pytest.mark.parametrize("make", [tress, take])
def test_every_check_passes_on_played_matches(make: Any) -> None:
    game = make(60)
    check_save_load(game)
    check_save_load(game, tail=0)
    check_replay(game)
    for seat in range(game.num_players):
        check_view_hides(game, seat)


def test_an_invariant_error_is_an_assertion_error_for_pytest() -> None:
    assert issubclass(InvariantError, AssertionError)


def test_a_missing_card_is_named() -> None:
    game = tress()
    lost = game.state.stock.pop()
    assert f"{lost.key} is nowhere" in broken("cards", check_cards, game)


def test_a_card_in_two_places_is_named_with_both_places() -> None:
    game = take()
    copy = game.state.stock[0]
    game.state.hands[1].append(copy)
    detail = broken("cards", check_cards, game)
    assert f"{copy.key} is in 2 places" in detail and "hand of P2" in detail and "stock" in detail


def test_a_total_that_does_not_add_up() -> None:
    game = tress()
    game.scores[2] += 5
    assert "P3 has 5 points" in broken("totals", check_totals, game)


def test_take_totals_are_checked_too() -> None:
    game = take()
    game.state.scores[0] -= 10
    assert "P1" in broken("totals", check_totals, game)


def test_winners_during_play_break_the_phase() -> None:
    game = tress()
    game.state.winners = [1]
    assert "winners [1]" in broken("phase", check_phase, game)


def test_a_take_match_over_below_the_target_breaks_the_phase() -> None:
    game = take(0)
    game.state.phase = Phase.MATCH_OVER
    game.state.winners = [0]
    assert "K-18" in broken("phase", check_phase, game)


def test_a_seat_to_move_without_legal_actions_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    game = tress()
    monkeypatch.setattr(game, "legal_actions", lambda seat: [])
    assert "has no legal action" in broken("can_act", check_can_act, game)


def test_round_points_that_are_no_recount_of_the_hands() -> None:
    game = tress()
    wrong = Event("round_scored", {"round": 1, "points": [1, 2, 3, 4], "out": None})
    assert "round 1 scored [1, 2, 3, 4]" in broken("hand_scored", check_hand_scored, game, [wrong])
    check_hand_scored(game, [Event("card_discarded", {})])


def test_a_take_sequence_owned_by_nobody_at_the_table() -> None:
    game = TakeGame.from_faces(players=2, hands=["2C 3C", "4D"], melds=[(0, "5H 6H 7H")], discard="9S")
    check_table(game)
    seq = game.state.sequences[0]
    game.state.sequences[0] = dataclasses.replace(seq, owner=5)
    assert "sequence #0 has owner 5" in broken("table", check_table, game)


def test_an_empty_stock_when_a_card_must_be_drawn() -> None:
    game = take(0)
    assert game.phase is Phase.DRAW
    state = game.state
    state.discard[:0] = state.stock
    state.stock.clear()
    assert "K-19" in broken("table", check_table, game)


def test_a_load_that_loses_something_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    game = tress()
    original = TressGame.from_position

    def lossy(cls: type[TressGame], data: object) -> TressGame:
        loaded = original(data)
        loaded.state.restocks += 1
        return loaded

    monkeypatch.setattr(TressGame, "from_position", classmethod(lossy))
    # The loader's own replay check or the second save catches the loss.
    assert broken("save_load", check_save_load, game)
    assert broken("save_load", check_save_load, game, 0)


def test_a_save_that_does_not_load_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    game = take()
    monkeypatch.setattr(game, "to_position", lambda: {"game": "take"})
    assert "does not load" in broken("save_load", check_save_load, game)


def test_a_shortened_save_keeps_the_game_itself_whole() -> None:
    game = tress(80)
    before = game.save()
    check_save_load(game, tail=0)
    assert game.save() == before
    assert len(game.history) == 80


def test_a_game_its_history_does_not_rebuild() -> None:
    game = tress()
    game.state.restocks += 1
    assert "different game" in broken("replay", check_replay, game)


def test_a_view_showing_another_hand_is_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    game = take()
    other = game.state.hands[1][0].key
    view = game.view(0)
    monkeypatch.setattr(game, "view", lambda seat: {**view, "peek": [other]})
    assert other in broken("view", check_view_hides, game, 0)
