"""The fitted leaf of the Tress search: each seat's expected total when a short play-out stops."""

from __future__ import annotations

import random

from rummytable.ai.base import Budget
from rummytable.ai.tress.model.convert import model_from_state
from rummytable.ai.tress.model.leaf import HELD_GROUPS, LEAF, SHORT_GROUPS, expected_totals, group_of
from rummytable.ai.tress.model.shape import shortfall
from rummytable.ai.tress.search import TURN_UNITS, compare_discards, play_to_end, world_model
from rummytable.cards import parse_card
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario

# Seat 1 is down with one card left; seat 0 holds only loose cards (as in the search's tests).
LOOSE = scenario(["KS 2D 4C 9H 6S 8C 3H JD", "3C", None, None], round_no=1, to_move=0, phase="play",
                 melds=[(1, "7S 7D 7C"), (1, "QH QS QC")], discard="5H")


def test_every_group_a_hand_can_fall_in_has_coefficients() -> None:
    groups = {f"down{n}" for n in range(1, HELD_GROUPS + 1)} | {f"short{n}" for n in range(SHORT_GROUPS + 1)}
    assert set(LEAF) == groups


def test_a_seat_is_grouped_by_cards_held_once_down_and_by_cards_lacking_before() -> None:
    model = model_from_state(TressGame.from_position(LOOSE).state)
    assert group_of(model, 1) == "down1"
    lacking = shortfall(model.hands[0], model.sets, model.runs)
    assert group_of(model, 0) == f"short{min(SHORT_GROUPS, lacking)}"


def test_a_round_that_is_over_is_valued_by_its_scores_exactly() -> None:
    game = TressGame.from_position(LOOSE)
    model = world_model(game.view(0), game.public_log, random.Random(3))
    play_to_end(model, random.Random(4))
    assert model.points is not None
    assert expected_totals(model) == [float(score) for score in model.scores]


def test_the_expected_total_is_the_score_plus_the_group_s_line() -> None:
    model = model_from_state(TressGame.from_position(LOOSE).state)
    table = dict.fromkeys(LEAF, (10.0, 0.5, -1.0))
    draws = len(model.stock) / model.players
    # Seat 1 holds the three of clubs (T-2: 5 points).
    assert expected_totals(model, table)[1] == model.scores[1] + 10.0 + 0.5 * 5 - draws


def test_a_hand_that_is_down_expects_fewer_points_than_one_that_still_lacks_cards() -> None:
    # What the fit must say to be of use: at the same penalty points and stock, being down beats
    # lacking one card, which beats lacking three (T-12, T-15).
    def points(group: str) -> float:
        base, per_point, per_draw = LEAF[group]
        return base + per_point * 40 + per_draw * 6
    assert points("down3") < points("short1") < points("short3")


def test_short_play_outs_stay_within_their_turns_and_agree_on_a_clear_choice() -> None:
    game = TressGame.from_position(LOOSE)
    view = game.view(0)
    cards = [parse_card("2D"), parse_card("KS")]
    budget = Budget()
    found = compare_discards(view, game.public_log, cards, random.Random(1), 40, budget, 100_000, horizon=6)
    assert found.deals == 40 and budget.used <= 40 * len(cards) * 6 * TURN_UNITS
    # The round may end at seat 1's next draw: the 10-point king kept costs more than the 2.
    assert found.means[1] > found.means[0]
    again = compare_discards(view, game.public_log, cards, random.Random(1), 40, Budget(), 100_000, horizon=6)
    assert again == found
