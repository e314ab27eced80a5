"""Claims of "take it" (T-16..T-19) beyond the worked examples TR-18..TR-24."""

from __future__ import annotations

import pytest
from test_tress_helpers import assert_illegal, card, kinds, table

from rummytable.game import Phase


def test_T_16_dealer_may_claim_the_turned_up_card() -> None:
    game = table([None] * 4, phase="draw", dealer=3, to_move=0, discard="7S")
    game.apply_json({"kind": "call", "seat": 3})
    game.apply_json({"kind": "grant", "seat": 0})
    assert card(game, 3, "7S")


def test_T_16_drawer_does_not_call() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    assert_illegal(game, {"kind": "call", "seat": 1}, "T-16")
    assert [a.KIND for a in game.legal_actions(1)] == ["draw_stock", "draw_discard"]


def test_T_16_call_naming_another_card_is_rejected() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    assert_illegal(game, {"kind": "call", "seat": 2, "card": "4C"}, "T-16")
    game.apply_json({"kind": "call", "seat": 2, "card": "10H"})


def test_T_17_drawing_from_the_stock_grants_the_claim() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0, stock="2S 3S")
    game.apply_json({"kind": "call", "seat": 2})
    events = game.apply_json({"kind": "draw_stock", "seat": 1})
    assert kinds(events) == ["claim_granted", "card_drawn", "card_drawn"]
    assert card(game, 2, "10H")
    assert card(game, 2, "2S")
    assert card(game, 1, "3S")
    assert game.phase is Phase.PLAY
    assert game.view(0)["discard_dead"]


def test_T_17_taking_it_himself_voids_the_calls() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    game.apply_json({"kind": "call", "seat": 2})
    events = game.apply_json({"kind": "draw_discard", "seat": 1})
    assert kinds(events) == ["claim_refused", "card_drawn"]
    assert game.state.claims == []
    assert game.state.claims_used == [0, 0, 0, 0]


def test_T_17_granted_caller_waits_for_his_turn() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    game.apply_json({"kind": "call", "seat": 3})
    game.apply_json({"kind": "grant", "seat": 1})
    assert game.legal_actions(3) == []
    assert_illegal(game, {"kind": "draw_stock", "seat": 3}, "turn")


def test_T_17_grant_only_with_a_call_pending() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    assert_illegal(game, {"kind": "grant", "seat": 1}, "T-17")


def test_T_18_calls_are_kept_in_arrival_order_and_not_repeated() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    for seat in (2, 3):
        game.apply_json({"kind": "call", "seat": seat})
    assert game.view(1)["claims"] == [2, 3]
    assert_illegal(game, {"kind": "call", "seat": 2}, "T-18")
    game.apply_json({"kind": "grant", "seat": 1})
    assert len(game.state.hands[2]) == 9
    assert len(game.state.hands[3]) == 7


@pytest.mark.parametrize("limit", [0, 1])
def test_T_19_claim_limit_per_round(limit: int) -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0,
                 options={"claim_limit": limit})
    if limit == 0:
        assert_illegal(game, {"kind": "call", "seat": 2}, "T-19")
        return
    game.apply_json({"kind": "call", "seat": 2})
    game.apply_json({"kind": "grant", "seat": 1})
    assert game.view(0)["claims_used"] == [0, 0, 1, 0]
    game.apply_json({"kind": "draw_stock", "seat": 1})
    game.apply_json({"kind": "discard", "seat": 1, "card": game.hand(1)[0].key})
    game.apply_json({"kind": "call", "seat": 3})
    game.apply_json({"kind": "grant", "seat": 2})
    game.apply_json({"kind": "draw_stock", "seat": 2})
    game.apply_json({"kind": "discard", "seat": 2, "card": game.hand(2)[0].key})
    assert_illegal(game, {"kind": "call", "seat": 2}, "T-16")
    game.apply_json({"kind": "draw_stock", "seat": 3})
    game.apply_json({"kind": "discard", "seat": 3, "card": game.hand(3)[0].key})
    assert_illegal(game, {"kind": "call", "seat": 2}, "T-19")


def test_T_19_window_until_discard() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0, stock="2S 3S",
                 options={"claim_window": "until_discard"})
    game.apply_json({"kind": "draw_stock", "seat": 1})
    game.apply_json({"kind": "call", "seat": 3})
    game.apply_json({"kind": "call", "seat": 2})
    assert game.phase is Phase.PLAY
    assert game.view(0)["claims"] == [3, 2]
    events = game.apply_json({"kind": "discard", "seat": 1, "card": game.hand(1)[0].key})
    assert kinds(events) == ["claim_granted", "card_drawn", "card_discarded"]
    assert card(game, 3, "10H")
    assert card(game, 3, "3S")
    assert game.view(0)["phase"] == "draw"
    assert game.to_move == 2
    assert game.state.claims == []


def test_T_19_window_closes_at_the_draw_by_default() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    game.apply_json({"kind": "draw_stock", "seat": 1})
    assert all(a.KIND != "call" for seat in range(4) for a in game.legal_actions(seat))
