"""The Tress turn reading of the computer players (rummytable.ai.tress.policy): what a discard
gives away (T-13), when a claim is worth the penalty card (T-16, T-17) and how the penalty points
held weigh in round 7 (T-20)."""

from __future__ import annotations

import dataclasses
from typing import Any

from rummytable.ai.tress.bots import EASY, HARD, NORMAL
from rummytable.ai.tress.policy import BASE_DANGER, RACE_TURNS, Style, TressTurn
from rummytable.cards import parse_card
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario


def turn_of(hands: list[str | None], seat: int = 0, **kwargs: Any) -> TressTurn:
    game = TressGame.from_position(scenario(hands, **kwargs))
    return TressTurn(game.view(seat), game.public_log, NORMAL)


def test_feed_cost_charges_a_lay_off_for_the_next_player_who_is_down() -> None:
    # P2 (next after P1) is down with 7C 7D 7H: a 7 is a free lay-off for him (T-13), 25 points.
    turn = turn_of(["9S KD 7S 2H 4C 5D 8C QH", "5S 2D", None, None], melds=[(1, "7C 7D 7H"), (1, "JS JH JD")])
    assert turn.down == [False, True, False, False]
    assert turn.feed_cost(parse_card("7S")) == 25.0
    assert turn.feed_cost(parse_card("KD")) == 0.0


def test_feed_cost_weighs_a_player_who_is_down_further_round_the_table_less() -> None:
    # P3 is down, but P2 draws first: P3 may only get the card after P2 lets it go, 0.4 of 25.
    turn = turn_of(["9S KD 7S 2H 4C 5D 8C QH", None, "5S 2D", None], melds=[(2, "7C 7D 7H"), (2, "JS JH JD")])
    assert turn.feed_cost(parse_card("7S")) == 10.0


def test_feed_cost_ignores_players_who_are_not_down() -> None:
    # Nobody is down: no discard can be laid off, so none is charged, whatever was picked up.
    turn = turn_of(["9S KD 7S 2H 4C 5D 8C QH", None, None, None], discard="3C 7H", discarder=3)
    assert not any(turn.down)
    assert all(turn.feed_cost(card) == 0.0 for card in turn.hand)


def test_claim_value_calls_for_every_card_that_brings_the_contract_closer() -> None:
    # Round 2 (a set and a run): 5H 6H 8H needs 7H for the run (and a fourth card), QS QD a
    # third queen. 7H cuts the distance: worth a call even though the contract stays two away.
    game = TressGame.from_position(scenario([None, "5H 6H 8H QS QD 2C 3D 9S", None, None], round_no=2,
                                            phase="draw", to_move=2, discard="7H", discarder=0))
    normal = TressTurn(game.view(1), game.public_log, NORMAL)
    call, reason = normal.claim_value(parse_card("7H"))
    assert call, reason
    easy = TressTurn(game.view(1), game.public_log, EASY)
    assert not easy.claim_value(parse_card("7H"))[0]


def test_claim_value_never_calls_once_down_or_in_round_7() -> None:
    turn = turn_of(["7S 2H", None, None, None], melds=[(0, "7C 7D 7H"), (0, "JS JH JD")], phase="draw",
                   to_move=1, discard="JC", discarder=3)
    assert turn.down[0]
    assert not turn.claim_value(parse_card("JC"))[0]


RACING = dataclasses.replace(NORMAL, race_weight=10.0)
"""Normal with the penalty points of a round-7 hand weighing more as the round goes on."""

ROUND7_HAND = "10D 10S 10S 4C 6C 7C 8C AC AH AS JD JD JH JK"
"""Seat 0 in round 7 (three sets and a run, every card, T-20), after its draw: 14 cards, a joker."""


def with_discards(game: TressGame, count: int) -> list[dict[str, Any]]:
    """The public log of ``game`` followed by ``count`` discards of the other seats this round."""
    faces = ["3D", "5H", "9C", "QS", "2D", "7H", "KC", "4S"]
    thrown = [{"kind": "card_discarded", "seat": 1 + i % 3, "card": faces[i % len(faces)]} for i in range(count)]
    return [*game.public_log, *thrown]


def test_race_weight_grows_with_the_discards_of_round_7() -> None:
    game = TressGame.from_position(scenario([ROUND7_HAND, None, None, None], round_no=7))
    view = game.view(0)
    assert view["contract"]["all_cards"] and view["stock_count"] >= 25
    half = BASE_DANGER + (10.0 - BASE_DANGER) * 0.5
    for count, expected in ((0, BASE_DANGER), (RACE_TURNS // 2, half), (RACE_TURNS, 10.0), (2 * RACE_TURNS, 10.0)):
        log = with_discards(game, count)
        assert TressTurn(view, log, RACING).danger == expected
        assert TressTurn(view, log, NORMAL).danger == BASE_DANGER


def test_race_weight_leaves_rounds_1_to_6_alone() -> None:
    game = TressGame.from_position(scenario(["9S KD 7S 2H 4C 5D 8C QH 3C 6D", None, None, None], round_no=3))
    log = with_discards(game, 2 * RACE_TURNS)
    assert TressTurn(game.view(0), log, RACING).danger == TressTurn(game.view(0), log, NORMAL).danger


def test_race_weight_sheds_a_joker_late_in_round_7() -> None:
    # A joker fills any meld but costs 50 points to the hand that is caught with it (T-2, T-15).
    # Normal keeps it; with the race weight the joker goes once the round has run a while, and
    # not at its start.
    game = TressGame.from_position(scenario([ROUND7_HAND, None, None, None], round_no=7))
    view = game.view(0)

    def first_discard(style: Style, count: int) -> str:
        turn = TressTurn(view, with_discards(game, count), style)
        return turn.discard_options(turn.hand, None)[0][1].key

    assert first_discard(NORMAL, 0) == first_discard(RACING, 0) == first_discard(HARD, 0) == "4C"
    assert first_discard(NORMAL, 30) != "JK"
    assert first_discard(RACING, 30) == first_discard(HARD, 30) == "JK"
