"""The actions both games share are defined once (rummytable.actions) and read and written alike."""

from __future__ import annotations

from rummytable import actions
from rummytable.cards import parse_card
from rummytable.take import actions as take_actions
from rummytable.tress import actions as tress_actions


def test_the_draws_are_one_class_in_both_games() -> None:
    assert tress_actions.DrawStock is take_actions.DrawStock is actions.DrawStock
    assert tress_actions.DrawDiscard is take_actions.DrawDiscard is actions.DrawDiscard
    assert tress_actions.Discard is actions.Discard
    assert issubclass(take_actions.Discard, actions.Discard)


def test_a_shared_action_has_one_json_and_one_readable_form() -> None:
    card = parse_card("9H.1")
    tress_discard, take_discard = tress_actions.Discard(2, card), take_actions.Discard(2, card)
    assert tress_discard.to_json() == take_discard.to_json() == {"kind": "discard", "seat": 2, "card": "9H.1"}
    assert str(tress_discard) == str(take_discard) == "P3 discard 9H.1"
    assert tress_actions.action_from_json(take_discard.to_json(), 3) == tress_discard
    assert take_actions.action_from_json(tress_discard.to_json(), 3) == take_discard
    assert str(actions.DrawStock(0)) == "P1 draw stock"


def test_each_game_keeps_its_order_of_discards() -> None:
    cards = [parse_card(k) for k in ("10H", "2C", "AS", "JK")]
    tress_order = sorted((tress_actions.Discard(0, c) for c in cards), key=lambda a: a.sort_key())
    take_order = sorted((take_actions.Discard(0, c) for c in cards), key=lambda a: a.sort_key())
    assert [a.card.key for a in tress_order] == ["10H", "2C", "AS", "JK"]  # JSON text
    assert [a.card.key for a in take_order] == ["JK", "2C", "10H", "AS"]  # rank, jokers first
