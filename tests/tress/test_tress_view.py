"""The Tress view names the "take it" window open now (tress_view.take_window, T-15 to T-19)."""

from __future__ import annotations

from rummytable.game import Phase
from rummytable.tress.game import TressGame


def _act(game: TressGame, kind: str, **fields: object) -> None:
    game.apply_json({"kind": kind, "seat": game.to_move, **fields})


def _discard_any(game: TressGame) -> str:
    card = next(a for a in game.legal_actions(game.to_move) if a.to_json()["kind"] == "discard").to_json()["card"]
    _act(game, "discard", card=card)
    return str(card)


def test_T_15_the_turned_up_card_opens_a_window_until_the_draw() -> None:
    game = TressGame.new({"players": 3}, 5)
    window = game.view(0)["take_window"]
    top = game.view(0)["discard_top"]
    assert window == {"id": f"1.0.1.{top}", "card": top, "until": "draw"}
    assert all(game.view(seat)["take_window"] == window for seat in range(3))
    _act(game, "draw_stock")
    assert game.phase is Phase.PLAY
    assert game.view(0)["take_window"] is None, "the draw closed it"


def test_T_15_each_discard_opens_its_own_window() -> None:
    game = TressGame.new({"players": 3}, 5)
    _act(game, "draw_stock")
    card = _discard_any(game)
    window = game.view(1)["take_window"]
    assert window == {"id": f"1.0.2.{card}", "card": card, "until": "draw"}
    _act(game, "draw_stock")
    _discard_any(game)
    later = game.view(1)["take_window"]
    assert later is not None and later["id"] == f"1.0.3.{later['card']}"


def test_T_17_taking_the_discard_leaves_no_window() -> None:
    game = TressGame.new({"players": 3}, 5)
    _act(game, "draw_discard")
    assert game.view(0)["take_window"] is None
    assert game.view(0)["discard_dead"] or game.view(0)["discard_top"] is None


def test_T_19_until_discard_keeps_the_window_open_while_the_drawer_plays() -> None:
    game = TressGame.new({"players": 3, "claim_window": "until_discard"}, 5)
    opened = game.view(1)["take_window"]
    assert opened is not None and opened["until"] == "discard"
    _act(game, "draw_stock")
    assert game.phase is Phase.PLAY
    assert game.view(1)["take_window"] == opened
    card = _discard_any(game)
    assert game.view(1)["take_window"] == {"id": f"1.0.2.{card}", "card": card, "until": "discard"}


def test_T_17_a_discard_after_taking_from_the_pile_opens_a_new_window() -> None:
    game = TressGame.new({"players": 3}, 5)
    first = game.view(0)["take_window"]
    _act(game, "draw_discard")  # the pile is as long as before once the drawer discards
    _discard_any(game)
    again = game.view(0)["take_window"]
    assert again is not None and again["id"] != first["id"]


def test_the_window_survives_save_and_load() -> None:
    game = TressGame.new({"players": 4}, 9)
    _act(game, "draw_stock")
    _discard_any(game)
    again = TressGame.load(game.save())
    assert again.view(2)["take_window"] == game.view(2)["take_window"] is not None
