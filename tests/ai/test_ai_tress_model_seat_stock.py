"""The search's stock dealt out to the seats in advance: the engine's draws when play goes in turn,
each seat's own cards when it does not, every card once."""

from __future__ import annotations

import random
from collections import Counter

from rummytable.ai.tress.model.convert import model_from_state
from rummytable.ai.tress.model.moves import DISCARD_MOVES, DRAW_DISCARD_MOVE, STOCK_MOVE
from rummytable.ai.tress.model.policy import policy_turn
from rummytable.ai.tress.model.seat_stock import SeatStockModel
from rummytable.ai.tress.model.state import DRAW, PLAY, TressModel
from rummytable.tress.game import TressGame


def _start(players: int = 4, seed: int = 3) -> TressModel:
    """A new round's model: the first player to draw, the stock full."""
    game = TressGame.new({"players": players}, seed=seed)
    model = model_from_state(game.state)
    assert model.phase == DRAW
    return model


def _cards(model: TressModel) -> Counter[int]:
    """Every card of the round: hands, stock, discard pile and melds."""
    found: Counter[int] = Counter(model.stock)
    found.update(model.discard)
    for held in model.held:
        found.update(held)
    for meld in model.melds:
        found.update(meld[4])
    return found


def _draw_and_discard_highest(model: TressModel, take_discard: bool = False) -> int:
    """The seat to move draws (the stock, or the top discard) and throws its highest card; returns the card drawn."""
    seat = model.turn
    before = set(model.held[seat])
    model.apply(DRAW_DISCARD_MOVE if take_discard else STOCK_MOVE)
    (drawn,) = set(model.held[seat]) - before
    model.apply(DISCARD_MOVES[max(c for c in model.held[seat] if c != model.drawn)])
    return drawn


def test_draws_in_turn_from_the_stock_are_the_engine_s() -> None:
    plain = _start()
    dealt = SeatStockModel.of(plain)
    for _ in range(12):
        assert _draw_and_discard_highest(plain) == _draw_and_discard_highest(dealt)
    assert dealt.signature() == plain.signature()


def test_a_discard_taken_leaves_the_other_seats_draws_alone() -> None:
    # The same deal twice: the first player draws from the stock in one, takes the discard in the
    # other. On the engine's stock every later draw moves up one card; dealt out, the other
    # seats draw exactly the cards they would have.
    base = _start(players=4, seed=11)
    _draw_and_discard_highest(base)  # a card on the discard pile for the next player
    lines = {}
    for take in (False, True):
        dealt = SeatStockModel.of(base)
        first = _draw_and_discard_highest(dealt, take_discard=take)
        later = [_draw_and_discard_highest(dealt) for _ in range(6)]
        lines[take] = (first, later)
    assert lines[False][0] != lines[True][0]
    assert lines[False][1][:3] == lines[True][1][:3]  # the other three seats' next draws
    # ... and the seat that took the discard draws its own stock card next time round.
    assert lines[True][1][3] == lines[False][0]


def test_a_copy_plays_on_without_touching_the_original() -> None:
    dealt = SeatStockModel.of(_start())
    before = dealt.signature()
    copy = dealt.copy()
    assert isinstance(copy, SeatStockModel)
    for _ in range(5):
        _draw_and_discard_highest(copy)
    assert dealt.signature() == before


def test_play_outs_keep_every_card_once_through_calls_and_rebuilt_stocks() -> None:
    rebuilt = 0
    for seed in range(40):
        start = _start(players=3 + seed % 4, seed=seed)
        if seed % 2:
            # A long round's position: most of the stock already gone to the discard pile.
            start.discard = start.stock[:-5] + start.discard
            start.stock = start.stock[-5:]
        model = SeatStockModel.of(start)
        total = _cards(model)
        rng = random.Random(seed)
        for _ in range(400):
            if model.phase > PLAY:
                break
            policy_turn(model, rng, explore=0.5)
            assert _cards(model) == total
        assert model.phase > PLAY and model.points is not None
        rebuilt += model.restocks > 0
    assert rebuilt  # the stock ran out and was dealt out anew in some of them
