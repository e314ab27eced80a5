"""A seat that is not at the table is refused the same way in both games."""

from __future__ import annotations

import pytest

from rummytable import TakeGame, TressGame
from rummytable.game import MalformedActionError
from rummytable.take.actions import Discard as TakeDiscard
from rummytable.take.actions import DrawStock as TakeDrawStock
from rummytable.tress.actions import Discard as TressDiscard
from rummytable.tress.actions import DrawStock as TressDrawStock

TABLES = [(TressGame, TressDrawStock, TressDiscard), (TakeGame, TakeDrawStock, TakeDiscard)]


@pytest.mark.parametrize(("cls", "draw", "discard"), TABLES)
@pytest.mark.parametrize("seat", [-1, 3, 9])
def test_a_seat_outside_the_table_is_refused_alike(cls: type[TressGame] | type[TakeGame], draw: type,
                                                   discard: type, seat: int) -> None:
    game = cls.new({"players": 3}, seed=4)
    before = game.save()
    with pytest.raises(ValueError, match=f"no seat {seat} at a 3-player table"):
        game.legal_actions(seat)
    with pytest.raises(ValueError, match=f"no seat {seat} at a 3-player table"):
        game.view(seat)
    card = game.hand(game.to_move or 0)[0]
    for action in (draw(seat), discard(seat, card)):
        assert not game.is_legal(action)
        with pytest.raises(MalformedActionError, match=f"no seat {seat} at a 3-player table"):
            game.apply(action)
    assert game.save() == before
