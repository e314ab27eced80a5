"""Take actions: JSON round trips, strict parsing, readable forms, sorted legal actions."""

from __future__ import annotations

from typing import Any

import pytest
from _take_helpers import situation

from rummytable.cards import parse_card
from rummytable.game import MalformedActionError, Phase
from rummytable.melds import End
from rummytable.take.actions import Discard, DrawDiscard, DrawStock, Extend, LayDown, NextHand, action_from_json
from rummytable.take.game import TakeGame

EXAMPLES: list[dict[str, Any]] = [
    {"kind": "draw_stock", "seat": 0},
    {"kind": "draw_discard", "seat": 1},
    {"kind": "lay_down", "seat": 0, "cards": ["5C", "JK", "7C"]},
    {"kind": "lay_down", "seat": 0, "cards": ["AD", "2D", "3D"], "start": 1},
    {"kind": "extend", "seat": 1, "meld": 3, "cards": ["JK.1"], "end": "low"},
    {"kind": "discard", "seat": 0, "card": "10H"},
    {"kind": "next_hand", "seat": 1},
]


@pytest.mark.parametrize("data", EXAMPLES)
def test_json_round_trip(data: dict[str, Any]) -> None:
    action = action_from_json(data, 2)
    assert action.to_json() == data
    assert action_from_json(action.to_json(), 2) == action


@pytest.mark.parametrize("data", [
    None, [], {"seat": 0}, {"kind": "swap_joker", "seat": 0}, {"kind": "draw_stock"},
    {"kind": "draw_stock", "seat": 2}, {"kind": "draw_stock", "seat": True}, {"kind": "draw_stock", "seat": "0"},
    {"kind": "draw_stock", "seat": 0, "card": "2C"}, {"kind": "lay_down", "seat": 0},
    {"kind": "lay_down", "seat": 0, "cards": []}, {"kind": "lay_down", "seat": 0, "cards": ["1C", "2C", "3C"]},
    {"kind": "lay_down", "seat": 0, "cards": ["2C", "3C", "4C"], "start": "2"},
    {"kind": "extend", "seat": 0, "meld": 0, "cards": ["2C"], "end": "top"},
    {"kind": "extend", "seat": 0, "meld": "0", "cards": ["2C"], "end": "low"},
    {"kind": "extend", "seat": 0, "cards": ["2C"], "end": "low"},
    {"kind": "discard", "seat": 0, "card": 7}, {"kind": "discard", "seat": 0, "card": "ZZ"},
])
def test_malformed_actions_rejected(data: object) -> None:
    with pytest.raises(MalformedActionError):
        action_from_json(data, 2)
    game = TakeGame.new(None, 1)
    before = game.save()
    with pytest.raises(MalformedActionError):
        game.apply_json(data)
    assert game.save() == before


def test_readable_forms() -> None:
    cards = tuple(parse_card(k) for k in ("5C", "JK", "7C"))
    assert str(LayDown(0, cards)) == "P1 lay down 5C JK 7C"
    assert str(Extend(1, 2, cards[1:2], End.LOW)) == "P2 extend #2 low: JK"
    assert str(Discard(0, parse_card("10H"))) == "P1 discard 10H"
    assert str(DrawStock(0)) == "P1 draw stock" and str(DrawDiscard(1)) == "P2 draw discard"
    assert str(NextHand(0)) == "P1 next hand"


def test_legal_actions_sorted_and_stable() -> None:
    game = situation(players=3, melds=[(1, "6H 7H 8H"), (2, "2S 3S 4S")],
                     hands=["JK JK 9H 5S 5H 10H 4H AS", "3D", "4D"])
    actions = game.legal_actions(0)
    assert actions == sorted(actions, key=lambda a: a.sort_key())
    assert [a.to_json() for a in actions] == [a.to_json() for a in game.copy().legal_actions(0)]
    assert len({a.to_json()["kind"] for a in actions}) == 3
    assert game.legal_actions(1) == []
    with pytest.raises(ValueError, match="no seat 7"):  # as in Tress (tests/core/test_seats.py)
        game.legal_actions(7)
    drawing = situation(hands=["2C", "3C"], phase=Phase.DRAW, discard="9S")
    assert [a.to_json()["kind"] for a in drawing.legal_actions(0)] == ["draw_stock", "draw_discard"]
    empty_pile = situation(hands=["2C", "3C"], phase=Phase.DRAW)
    assert [a.to_json()["kind"] for a in empty_pile.legal_actions(0)] == ["draw_stock"]
