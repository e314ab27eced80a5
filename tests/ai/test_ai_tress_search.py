"""The hard Tress player's search: sampled deals as models, play-outs to the round's end, work bounded."""

from __future__ import annotations

import random

import pytest

from rummytable.ai import make_bot
from rummytable.ai.base import Budget
from rummytable.ai.tress.determinize import sample_world, world_position
from rummytable.ai.tress.model.convert import model_from_deal, model_from_state, rules_from_options
from rummytable.ai.tress.model.moves import DRAW_DISCARD_MOVE
from rummytable.ai.tress.model.state import PLAY, STOCK_MOVE
from rummytable.ai.tress.search import (
    TURN_UNITS,
    compare_discards,
    compare_moves,
    play_to_end,
    value_for,
    world_model,
)
from rummytable.cards import parse_card
from rummytable.game import Phase
from rummytable.tress.game import TressGame
from rummytable.tress.options import TressOptions
from rummytable.tress.position import scenario

# Seat 1 is down with one card left (it goes out as soon as it draws a card it can lay off); the
# person to discard holds only loose cards, the king of spades the highest (T-2: 10 points).
LOOSE = scenario(["KS 2D 4C 9H 6S 8C 3H JD", "3C", None, None], round_no=1, to_move=0, phase="play",
                 melds=[(1, "7S 7D 7C"), (1, "QH QS QC")], discard="5H")

# Seat 0 to draw in round 1 (two sets, T-4) with a set of queens and a pair of sevens: the seven
# of clubs on the discard pile completes the contract (T-6, T-12).
SEVEN = scenario(["7S 7D QH QS QC 2C 9D", None, None, None], round_no=1, to_move=0, phase="draw", discard="4H 7C")


def _views(count: int) -> list[tuple[TressGame, int]]:
    """``count`` positions (draw, claim and play) of seeded matches of normal players, 3-6 players."""
    found: list[tuple[TressGame, int]] = []
    match = 0
    while len(found) < count:
        game = TressGame.new({"players": 3 + match % 4}, seed=500 + match)
        bots = [make_bot("tress", "normal", seed=s) for s in range(game.state.options.players)]
        match += 1
        for step in range(300):
            seat = game.to_move
            if seat is None or game.phase not in (Phase.DRAW, Phase.CLAIM, Phase.PLAY) or len(found) >= count:
                break
            if step % 4 == 0:
                found.append((game.copy(), seat))
            game.apply_json(bots[seat].decide(game.view(seat), game.public_log).action)
    return found


def test_a_sampled_deal_is_the_model_of_the_engine_game_it_describes() -> None:
    # model_from_deal skips loading the deal into the engine; it must give the very same model.
    for game, seat in _views(120):
        view = game.view(seat)
        world = sample_world(view, game.public_log, random.Random(len(game.history)))
        engine = TressGame.from_position(world_position(view, world, seed=7))
        rules = rules_from_options(TressOptions.from_json(view["options"]))
        direct = model_from_deal(view, world.hands, world.stock, world.pile, 7, rules)
        assert direct.signature() == model_from_state(engine.state).signature()


def test_a_play_out_ends_the_round_and_scores_it() -> None:
    game = TressGame.from_position(LOOSE)
    model = world_model(game.view(0), game.public_log, random.Random(3))
    turns = play_to_end(model, random.Random(4))
    assert turns > 0 and model.phase > PLAY and model.points is not None
    # Somebody went out and scores nothing; the others score their hands (T-15).
    assert model.out >= 0 and model.points[model.out] == 0 and sum(model.points) > 0


def test_value_is_the_others_average_gain_less_the_seat_s_own() -> None:
    assert value_for(0, [10, 10, 10, 10], [40, 10, 10, 40]) == pytest.approx(10 - 30)
    assert value_for(1, [0, 5, 0], [20, 5, 40]) == pytest.approx(30)


def test_the_comparison_is_the_same_for_the_same_seed() -> None:
    game = TressGame.from_position(LOOSE)
    view = game.view(0)
    cards = [parse_card(key) for key in ("2D", "KS", "JD")]
    first = compare_discards(view, game.public_log, cards, random.Random(9), 12, Budget(), 10_000)
    again = compare_discards(view, game.public_log, cards, random.Random(9), 12, Budget(), 10_000)
    assert first == again and first.deals == 12
    assert first.errors[0] == 0.0 and all(e > 0 for e in first.errors[1:])


def test_shedding_the_high_card_holds_up_better_than_the_low_one() -> None:
    # The round may end at seat 1's next draw: the 10-point king kept costs more than the 2.
    game = TressGame.from_position(LOOSE)
    view = game.view(0)
    cards = [parse_card("2D"), parse_card("KS")]
    for seed in range(3):
        found = compare_discards(view, game.public_log, cards, random.Random(seed), 48, Budget(), 100_000)
        assert found.means[1] > found.means[0], found


def test_the_work_stays_within_the_turn_budget() -> None:
    game = TressGame.from_position(LOOSE)
    view = game.view(0)
    cards = [parse_card("2D"), parse_card("KS")]
    budget = Budget()
    found = compare_discards(view, game.public_log, cards, random.Random(1), 48, budget, 300)
    # A deal starts only while the largest so far still fits, so the turns stay within the budget.
    assert 0 < found.deals < 48
    assert budget.used <= 300 * TURN_UNITS


def test_one_play_out_gets_its_share_of_the_turn_budget_and_no_more() -> None:
    """A deal whose play-outs outrun the whole budget (as a long round 7 does, T-20) stops each at its share."""
    for seed in range(3):
        game = TressGame.new({"players": 4}, seed=40 + seed)
        seat = game.to_move
        assert seat is not None
        game.apply_json({"kind": "draw_stock", "seat": seat})
        view = game.view(seat)
        cards = [parse_card(a["card"]) for a in view["legal_actions"] if a["kind"] == "discard"][:2]
        whole = Budget()
        compare_discards(view, game.public_log, cards, random.Random(seed), 1, whole, 10_000)
        assert whole.used > 10 * TURN_UNITS  # a round from its first turn lasts longer than that
        small = Budget()
        found = compare_discards(view, game.public_log, cards, random.Random(seed), 1, small, 10)
        assert found.deals == 1 and 0 < small.used <= 10 * TURN_UNITS
    # No work units left: no deal at all, and the first candidate (normal's choice) stands.
    spent = Budget(units=10)
    spent.spend(10)
    assert compare_discards(view, game.public_log, cards, random.Random(1), 48, spent, 300).deals == 0


def test_hard_decides_the_same_on_every_machine_whatever_the_clock() -> None:
    # The search is bounded by work, not time: the same decision twice.
    game = TressGame.from_position(LOOSE)
    first = make_bot("tress", "hard", seed=3).decide(game.view(0), game.public_log)
    again = make_bot("tress", "hard", seed=3).decide(game.view(0), game.public_log)
    assert first.action == again.action and first.action["kind"] == "discard"


def test_the_same_move_twice_plays_out_the_same_on_every_deal() -> None:
    # Common random numbers: every candidate meets the same deals and the same policy choices.
    game = TressGame.from_position(SEVEN)
    found = compare_moves(game.view(0), game.public_log, [STOCK_MOVE, STOCK_MOVE], random.Random(5), 12,
                          Budget(), 100_000)
    assert found.deals == 12 and found.means[0] == found.means[1] and found.errors[1] == 0.0


def test_taking_the_card_that_completes_the_contract_beats_the_stock() -> None:
    # T-11: the seven of clubs lets the seat go down at once (T-12); a stock card seldom does.
    game = TressGame.from_position(SEVEN)
    view = game.view(0)
    for seed in range(2):
        found = compare_moves(view, game.public_log, [STOCK_MOVE, DRAW_DISCARD_MOVE], random.Random(seed), 24,
                              Budget(), 100_000)
        assert found.means[1] - found.means[0] > 2 * found.errors[1], found


def _normal_game_at(match: int, steps: int) -> TressGame:
    """Match ``match`` of :func:`_views`' seeded matches of normal players after ``steps`` moves."""
    game = TressGame.new({"players": 3 + match % 4}, seed=500 + match)
    bots = [make_bot("tress", "normal", seed=s) for s in range(game.state.options.players)]
    for _ in range(steps):
        seat = game.to_move
        assert seat is not None
        game.apply_json(bots[seat].decide(game.view(seat), game.public_log).action)
    return game


def test_hard_takes_the_discard_where_its_play_outs_clearly_favour_it() -> None:
    # Normal draws from the stock in a close call (T-11); played out on sampled deals, taking the
    # top discard comes out ahead by more than the gate asks.
    game = _normal_game_at(10, 12)
    seat = game.to_move
    assert seat is not None and game.phase is Phase.DRAW
    view = game.view(seat)
    normal = make_bot("tress", "normal", seed=seat).decide(view, game.public_log)
    hard = make_bot("tress", "hard", seed=seat).decide(view, game.public_log)
    assert normal.action["kind"] == "draw_stock"
    assert hard.action["kind"] == "draw_discard" and hard.why.id == "lookahead.chosen", hard


def test_hard_takes_a_card_that_completes_its_contract_without_a_search() -> None:
    # Far from even in normal's reckoning (HardBot.DRAW_CLOSE), the draw is not searched.
    game = TressGame.from_position(SEVEN)
    hard = make_bot("tress", "hard", seed=1).decide(game.view(0), game.public_log)
    assert hard.action["kind"] == "draw_discard" and hard.why.id == "draw.discard_helps", hard
