"""Tress options: defaults are the rule book's (as docs/rules-tress.md reads it), bad options are
rejected, and each option that changes play has a test (here, or in the worked example named in the
comment)."""

from __future__ import annotations

from typing import Any

import pytest
from test_tress_helpers import assert_illegal, card, kinds, lay_down, melds, table

from rummytable.game import OptionsError, Phase
from rummytable.melds import JokerRatio
from rummytable.tress.game import TressGame
from rummytable.tress.options import ClaimPriority, ClaimWindow, EmptyStock, Round7Contract, TressOptions

RULE_BOOK = {
    "players": 4, "jokers": None, "round7": "sets_and_run", "wrap_runs": False, "joker_ratio": "at_least_one_natural",
    "no_adjacent_jokers": False, "joker_swap": False, "extra_melds": False, "distinct_melds": True,
    "out_without_discard": False, "tie_break_round7": False, "down_may_claim": True, "penalty_cards": 1,
    "claim_priority": "first_call", "claim_limit": None, "claim_window": "until_draw", "empty_stock": "rebuild",
    "must_lay_down": False, "dead_stock_rebuilds": 3,
}


def test_defaults_are_the_rule_book() -> None:
    opts = TressOptions()
    assert opts.to_json() == RULE_BOOK
    assert opts.round7 is Round7Contract.SETS_AND_RUN
    assert opts.joker_ratio is JokerRatio.AT_LEAST_ONE_NATURAL  # T-9: the seed text sets no ratio
    assert opts.claim_priority is ClaimPriority.FIRST_CALL
    assert opts.claim_window is ClaimWindow.UNTIL_DRAW
    assert opts.empty_stock is EmptyStock.REBUILD
    assert TressOptions.from_json({}) == opts == TressOptions.from_json(None)


def test_options_round_trip_and_schema() -> None:
    opts = TressOptions.from_json({"players": 6, "jokers": 4, "claim_limit": 2, "round7": "three_runs"})
    assert TressOptions.from_json(opts.to_json()) == opts
    schema = {item["name"]: item for item in TressOptions.schema()}
    assert set(schema) == set(RULE_BOOK)
    assert schema["players"]["minimum"] == 3
    assert schema["players"]["maximum"] == 6
    assert all(item["rule"].startswith("T-") for item in schema.values())


@pytest.mark.parametrize("bad", [
    {"players": 2}, {"players": 7}, {"players": "4"}, {"jokers": 3}, {"jokers": 7}, {"penalty_cards": 3},
    {"penalty_cards": -1}, {"round7": "four_sets"}, {"wrap_runs": 1}, {"claim_limit": -1}, {"colour": "red"},
    {"joker_ratio": "none"}, {"claim_window": True}, {"empty_stock": None},
])
def test_bad_options_are_rejected(bad: dict[str, Any]) -> None:
    with pytest.raises(OptionsError):
        TressOptions.from_json(bad)
    with pytest.raises(OptionsError):
        TressGame.new(bad, seed=1)


def test_unknown_option_message_lists_the_known_ones() -> None:
    with pytest.raises(OptionsError, match=r"unknown tress option.*'colour'.*known:.*players"):
        TressOptions.from_json({"colour": "red"})


def test_non_object_options_rejected() -> None:
    with pytest.raises(OptionsError):
        TressOptions.from_json([1, 2])


def test_option_jokers() -> None:
    assert TressGame.new({"players": 3, "jokers": 6}, 1).options.deck_size == 110


def test_option_no_adjacent_jokers() -> None:
    hand = "5H JK JK 8H 9H 10H JH 9S 9D 9C 2C"
    for forbid in (False, True):
        game = table([hand, None, None, None], round_no=2,
                     options={"no_adjacent_jokers": forbid, "joker_ratio": "naturals_at_least"})
        run = melds(game, 0, ("run", "5H JK JK 8H 9H 10H JH"), ("set", "9S 9D 9C"))
        action = lay_down(0, run[1], run[0])
        if forbid:
            assert_illegal(game, action, "T-9")
        else:
            game.apply_json(action)


def test_option_no_adjacent_jokers_on_lay_off() -> None:
    game = table(["JK 2C", None, None, None], round_no=2, melds=[(0, "5H 6H 7H JK(8H)"), (0, "9C 9D 9S")],
                 options={"no_adjacent_jokers": True})
    assert_illegal(game, {"kind": "lay_off", "seat": 0, "card": "JK.1", "meld": 0, "end": "high"}, "T-9")
    game.apply_json({"kind": "lay_off", "seat": 0, "card": "JK.1", "meld": 0, "end": "low"})


def test_option_out_without_discard() -> None:
    for allowed in (False, True):
        game = table(["7H QC", None, None, None], round_no=2, options={"out_without_discard": allowed},
                     melds=[(0, "QS QH QD"), (0, "3H 4H 5H 6H")])
        game.apply_json({"kind": "lay_off", "seat": 0, "card": "QC", "meld": 0, "end": "high"})
        action = {"kind": "lay_off", "seat": 0, "card": "7H", "meld": 1, "end": "high"}
        if allowed:
            events = game.apply_json(action)
            assert kinds(events)[-1] == "round_scored"
            assert game.phase is Phase.ROUND_OVER
        else:
            assert_illegal(game, action, "T-14")


def test_option_tie_break_round7() -> None:
    low = "2C 2D 3C 3D 4C 4D 6C 6D 7C 7D 2H 3H 4H"
    out = "5H 5S 5D 5C 9C 9D 9H QS QH QD 6S 7S 8S 9S"
    for tie_break in (False, True):
        rows = [[35, 100, 100]] + [[0, 0, 0]] * 5
        game = table([low, out, low.replace("2H", "JS")], round_no=7, to_move=1, round_scores=rows,
                     options={"tie_break_round7": tie_break})
        specs = (("set", "5H 5S 5D 5C"), ("set", "9C 9D 9H"), ("set", "QS QH QD"), ("run", "6S 7S 8S 9S"))
        game.apply_json(lay_down(1, *melds(game, 1, *specs)))
        assert game.scores == [100, 100, 170]
        assert game.state.winners == ([1] if tie_break else [0, 1])


@pytest.mark.parametrize("penalty", [0, 1, 2])
def test_option_penalty_cards(penalty: int) -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0,
                 options={"penalty_cards": penalty})
    game.apply_json({"kind": "call", "seat": 2})
    game.apply_json({"kind": "grant", "seat": 1})
    assert len(game.state.hands[2]) == 8 + penalty
    assert game.view(0)["penalty_cards"] == penalty


def test_option_empty_stock_end_round() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="2C 3C 9C", discarder=0, rest_to=0,
                 stock="5S", options={"empty_stock": "end_round"})
    events = game.apply_json({"kind": "draw_stock", "seat": 1})
    assert kinds(events) == ["card_drawn", "round_scored"]
    assert card(game, 1, "5S")
    assert game.phase is Phase.ROUND_OVER
    # By default the same draw leaves the round going; the next draw rebuilds the stock.
    game = table([None] * 4, phase="draw", to_move=1, discard="2C 3C 9C", discarder=0, rest_to=0, stock="5S")
    assert kinds(game.apply_json({"kind": "draw_stock", "seat": 1})) == ["card_drawn"]


# Options covered by worked examples: round7 (TR-16), wrap_runs (TR-04), joker_ratio (TR-06),
# joker_swap (TR-32), extra_melds (TR-12), distinct_melds (TR-29), down_may_claim (TR-24),
# claim_priority (TR-18); claim_limit and claim_window in test_tress_claims.py (T-19).
