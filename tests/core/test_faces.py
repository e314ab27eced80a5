"""One face-notation builder per game, with the same names and the same stock order (top first)."""

from __future__ import annotations

from rummytable import TakeGame, TressGame
from rummytable.actions import DrawStock
from rummytable.game import Phase


def drawn(game: TressGame | TakeGame, seat: int) -> str:
    events = game.apply(DrawStock(seat))
    return str(next(e for e in events if e.kind == "card_drawn").data["card"])


def test_both_builders_list_the_stock_top_first() -> None:
    tress = TressGame.from_faces(["6C 6D 6H 6S JS JH JD", None, None, None], phase="draw", to_move=0,
                                 stock="9S 2C")
    take = TakeGame.from_faces(hands=["2C 3C", "2D 3D"], phase=Phase.DRAW, to_move=0, stock="9S 4H")
    assert drawn(tress, 0) == "9S" and drawn(take, 0) == "9S"
    assert tress.state.stock[-1].key == "2C" and take.state.stock[-1].key == "4H"


def test_both_builders_name_the_player_to_move_alike() -> None:
    tress = TressGame.from_faces([None, None, None], phase="draw", to_move=2)
    take = TakeGame.from_faces(players=3, hands=["2C", "3D", "4D 5D"], phase=Phase.DRAW, to_move=2)
    assert tress.to_move == take.to_move == 2
