"""T-22, a product addition (docs/rules-tress.md): a round whose stock keeps being rebuilt with no
card laid on the table ends and is scored as it stands."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_tress_helpers import kinds, lay_down, melds

from rummytable.game import Phase, PositionError
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario
from rummytable.tress.scoring import hand_points

PILE = "2C 3C 4C 5C 6C 7C 8C 10C JC QC 9C"
"""A discard pile to rebuild the stock from (9C on top stays)."""


def _empty_stock(stale: int, options: dict[str, Any] | None = None, **kwargs: Any) -> TressGame:
    """P2 due to draw from an empty stock that has been rebuilt ``stale`` times since a card was laid."""
    data = scenario([None] * 4, phase="draw", to_move=1, discard=PILE, discarder=0, rest_to=0,
                    options=options, **kwargs)
    return TressGame.from_position({**data, "restocks": stale, "stale_restocks": stale})


def test_T_22_round_ends_at_the_empty_stock_after_three_stale_rebuilds() -> None:
    game = _empty_stock(3)
    assert game.options.dead_stock_rebuilds == 3  # on by default
    hands = [list(h) for h in game.state.hands]
    events = game.apply_json({"kind": "draw_stock", "seat": 1})
    assert kinds(events) == ["dead_stock", "round_scored"]
    assert events[0].data == {"rebuilds": 3}
    scored = events[1].data
    assert scored["out"] is None
    assert scored["points"] == [hand_points(h) for h in hands]
    assert game.phase is Phase.ROUND_OVER
    assert game.to_move == (game.state.dealer + 1) % 4


def test_T_22_fewer_stale_rebuilds_rebuild_the_stock_as_before() -> None:
    game = _empty_stock(2)
    events = game.apply_json({"kind": "draw_stock", "seat": 1})
    assert kinds(events) == ["stock_rebuilt", "card_drawn"]
    assert (game.state.restocks, game.state.stale_restocks) == (3, 3)
    assert game.view(2)["stale_restocks"] == 3


@pytest.mark.parametrize(("limit", "ends"), [(None, False), (0, True), (5, False)])
def test_T_22_option_sets_the_number_of_rebuilds_or_turns_it_off(limit: int | None, ends: bool) -> None:
    game = _empty_stock(0 if limit == 0 else 4, options={"dead_stock_rebuilds": limit})
    events = game.apply_json({"kind": "draw_stock", "seat": 1})
    assert (kinds(events)[0] == "dead_stock") is ends
    assert (game.phase is Phase.ROUND_OVER) is ends


def test_T_22_a_penalty_card_from_a_dead_stock_ends_the_round() -> None:
    game = _empty_stock(3)
    game.apply_json({"kind": "call", "seat": 3})
    events = game.apply_json({"kind": "grant", "seat": 1})
    assert kinds(events) == ["claim_granted", "dead_stock", "round_scored"]
    assert game.phase is Phase.ROUND_OVER


def test_T_22_nothing_to_rebuild_with_still_ends_the_round_without_the_dead_stock_event() -> None:
    data = scenario([None] * 4, phase="draw", to_move=1, discard="9C", rest_to=0)
    game = TressGame.from_position({**data, "restocks": 3, "stale_restocks": 3})
    assert kinds(game.apply_json({"kind": "draw_stock", "seat": 1})) == ["round_scored"]


def _stale_game(hand: str, **kwargs: Any) -> TressGame:
    data = scenario([hand, None, None, None], **kwargs)
    return TressGame.from_position({**data, "restocks": 2, "stale_restocks": 2})


def test_T_22_laying_down_resets_the_count() -> None:
    game = _stale_game("4H 4S 4C KD KS KC 7C 2D")
    game.apply_json(lay_down(0, *melds(game, 0, ("set", "4H 4S 4C"), ("set", "KD KS KC"))))
    assert game.state.stale_restocks == 0
    assert game.state.restocks == 2


def test_T_22_laying_off_resets_the_count() -> None:
    game = _stale_game("4D 7C 2D", melds=[(0, "4H 4S 4C"), (0, "KD KS KC")])
    game.apply_json({"kind": "lay_off", "seat": 0, "card": "4D", "meld": 0, "end": "high"})
    assert game.state.stale_restocks == 0


def test_T_22_a_joker_swap_resets_the_count() -> None:
    game = _stale_game("6H 9S 2C", round_no=2, melds=[(0, "5H JK(6H) 7H 8H"), (0, "9C 9D JK(9)")],
                       options={"joker_swap": True})
    game.apply_json({"kind": "swap_joker", "seat": 0, "card": "6H", "meld": 0})
    assert game.state.stale_restocks == 0


def test_T_22_drawing_and_discarding_keep_the_count_and_a_new_round_clears_it() -> None:
    game = _stale_game("4H 4S 4C KD KS KC 7C 2D")
    game.apply_json({"kind": "discard", "seat": 0, "card": game.hand(0)[0].key})
    game.apply_json({"kind": "draw_stock", "seat": 1})
    assert game.state.stale_restocks == 2
    round_over = TressGame.from_position(scenario([None] * 4, phase="round_over"))
    round_over.apply_json({"kind": "next_round", "seat": 0})
    assert (round_over.state.restocks, round_over.state.stale_restocks) == (0, 0)


def test_T_22_save_and_load_keep_the_count() -> None:
    game = _empty_stock(2)
    game.apply_json({"kind": "draw_stock", "seat": 1})
    text = game.save()
    assert json.loads(text)["stale_restocks"] == 3
    again = TressGame.load(text)
    assert again.state.stale_restocks == 3
    assert again.save() == text


def test_T_22_a_save_from_before_the_rule_loads_and_plays_on_as_it_began() -> None:
    game = _empty_stock(3)
    old = json.loads(game.save())
    del old["stale_restocks"]
    del old["options"]["dead_stock_rebuilds"]
    loaded = TressGame.from_position(old)
    assert (loaded.state.stale_restocks, loaded.options.dead_stock_rebuilds) == (0, None)
    assert kinds(loaded.apply_json({"kind": "draw_stock", "seat": 1})) == ["stock_rebuilt", "card_drawn"]
    # An old-style position that names the option keeps it; the count starts from nothing.
    named = {**old, "options": {**old["options"], "dead_stock_rebuilds": 3}}
    assert TressGame.from_position(named).options.dead_stock_rebuilds == 3


@pytest.mark.parametrize("bad", [{"stale_restocks": 4, "restocks": 3}, {"stale_restocks": 4, "restocks": 9},
                                 {"stale_restocks": -1}, {"stale_restocks": "2"}])
def test_T_22_a_count_that_cannot_be_is_rejected(bad: dict[str, Any]) -> None:
    data = {**scenario([None] * 4, phase="draw", to_move=1), "restocks": 3, **bad}
    with pytest.raises(PositionError, match="stale_restocks"):
        TressGame.from_position(data)


@pytest.mark.parametrize("seed", [1, 3, 4])
def test_T_22_random_legal_play_ends_every_match(seed: int) -> None:
    # Before T-22 these matches were still in round 7 after 100,000 actions (seeds 1 and 4), or
    # ended after 815,020 actions with a 103 MB save (seed 3): players drawing and discarding at
    # random rarely go out, and the stock was rebuilt without end.
    game = TressGame.new({"players": 4}, seed)
    rng = random.Random(seed)
    actions = 0
    while game.phase is not Phase.MATCH_OVER and actions < 20_000:
        to_move = game.to_move
        assert to_move is not None
        game.apply(rng.choice(game.legal_actions(to_move)))
        actions += 1
    assert game.phase is Phase.MATCH_OVER, f"seed {seed}: still in round {game.state.round} after {actions} actions"
    assert len(game.save()) < 2_000_000
