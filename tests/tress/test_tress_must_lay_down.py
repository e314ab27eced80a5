"""T-23, the house rule "lay down when you can" (docs/rules-tress.md): off by default; when on, a
player who is not down may not discard while he has a legal lay-down."""

from __future__ import annotations

import pytest
from test_tress_helpers import assert_illegal, lay_down, melds, table

from rummytable.ai import make_bot
from rummytable.game import Phase
from rummytable.tools.tournament import new_game, play_match
from rummytable.tress.actions import Discard, LayDown

ON = {"must_lay_down": True}
HAND = "4H 4S 4C KD KS KC 7C 2D"
"""Round 1 after the draw: two sets and two loose cards."""


def test_T_23_off_by_default_a_player_may_wait_with_the_contract() -> None:
    game = table([HAND, None, None, None])
    assert not game.options.must_lay_down
    assert not game.must_lay_down_first(0)
    game.apply_json({"kind": "discard", "seat": 0, "card": "7C"})
    assert game.phase is Phase.DRAW


def test_T_23_on_no_discard_while_the_contract_can_be_laid_down() -> None:
    game = table([HAND, None, None, None], options=ON)
    assert game.must_lay_down_first(0)
    error = assert_illegal(game, {"kind": "discard", "seat": 0, "card": "7C"}, "T-23")
    assert "lay it down" in str(error)
    legal = game.legal_actions(0)
    assert legal and all(isinstance(a, LayDown) for a in legal)
    game.apply_json(lay_down(0, *melds(game, 0, ("set", "4H 4S 4C"), ("set", "KD KS KC"))))
    assert not game.must_lay_down_first(0)
    game.apply_json({"kind": "discard", "seat": 0, "card": "7C"})


def test_T_23_without_the_contract_the_player_discards_as_usual() -> None:
    game = table(["4H 4S 4C KD KS 9C 7C 2D", None, None, None], options=ON)
    assert not game.must_lay_down_first(0)
    assert any(isinstance(a, Discard) for a in game.legal_actions(0))


def test_T_23_a_player_who_is_down_need_not_lay_off() -> None:
    game = table(["4D 7C 2D", None, None, None], melds=[(0, "4H 4S 4C"), (0, "KD KS KC")], options=ON)
    assert not game.must_lay_down_first(0)
    game.apply_json({"kind": "discard", "seat": 0, "card": "4D"})


def test_T_23_the_card_taken_from_the_pile_counts_for_the_contract() -> None:
    game = table(["4H 4S 4C KD KS 7C 2D KC", None, None, None], options=ON, drawn_from_discard="KC")
    assert_illegal(game, {"kind": "discard", "seat": 0, "card": "7C"}, "T-23")


def test_T_23_round7_a_player_whose_cards_all_fit_must_go_out() -> None:
    game = table(["5H 5S 5D 5C 9C 9D 9H QS QH QD 6S 7S 8S 9S", None, None, None], round_no=7, options=ON)
    assert_illegal(game, {"kind": "discard", "seat": 0, "card": "5C"}, "T-23")
    assert {a.KIND for a in game.legal_actions(0)} == {"lay_down"}
    stuck = table(["5H 5S 5D 2C 9C 9D 9H QS QH QD 6S 7S 8S 9S", None, None, None], round_no=7, options=ON)
    stuck.apply_json({"kind": "discard", "seat": 0, "card": "2C"})


def test_T_23_a_lay_down_is_listed_even_past_the_listing_limit() -> None:
    # Four jokers make many arrangements; whichever are listed, one must be, since no discard is.
    game = table(["JK JK JK JK 4H 4S 4C KD KS 2D 7C", None, None, None], options=ON)
    legal = game.legal_actions(0)
    assert legal and all(isinstance(a, LayDown) for a in legal)
    for action in legal:
        assert game.is_legal(action)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_T_23_computer_players_play_a_match_under_the_house_rule(level: str) -> None:
    # The computer players go down as soon as they can, so they never pick a discard T-23 forbids.
    game = new_game("tress", ON, 5, 4)
    bots = [make_bot("tress", level, 50 + seat, safety_ms=float("inf")) for seat in range(4)]
    result = play_match(game, bots)
    assert result.finished
