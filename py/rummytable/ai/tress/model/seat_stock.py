"""A Tress round whose stock is dealt out to the seats in advance, for comparing moves by play-outs.

In the engine every seat draws the stock's top card (T-11, a penalty card T-17). When two
candidate moves are played out on the same sampled deal, one that changes who draws when -
a discard the next player takes, or one that draws a "take it" call - shifts every later draw
of every seat, so the two play-outs part for reasons that have nothing to do with the move.

:class:`SeatStockModel` gives every card of the stock, when it is dealt (and again when the
stock is rebuilt, T-21), the seat that would draw it if the players drew in turn from the top:
the top card to the next drawer, the next one to the seat after him, and so on. A seat then
draws the highest card of the stock given to it (the top card once none is left). Played in
turn with no discard taken and no call, the draws are the engine's; otherwise each seat still
gets its own cards, so a candidate's effect stays with the seats it touches. Every seat's
draws are still a uniformly random order of the unseen cards, so the model deals a game as
likely as the engine's; it is for search only (a move found with it is checked by the engine).
"""

from __future__ import annotations

from rummytable.ai.tress.model.state import CLAIM, DRAW, STOCK, STOCK_MOVE, Move, TressModel

__all__ = ["SeatStockModel"]

_CARDS = 110
"""Card numbers 0..109 (:mod:`~rummytable.ai.tress.model.state`)."""

_STOCK_DRAW: Move = (STOCK, 0, 0, None)
"""A draw from the stock equal to :data:`~rummytable.ai.tress.model.state.STOCK_MOVE` but not that
tuple: :meth:`TressModel.apply` pops the top card at once for ``STOCK_MOVE`` itself, and takes any
other draw through :meth:`TressModel._draw`, which this model gives its own cards."""


class SeatStockModel(TressModel):
    """:class:`~rummytable.ai.tress.model.state.TressModel` with each stock card's drawer fixed in advance.

    :ivar drawers: per card number, the seat that draws it from the stock (-1: not in the stock
        when it was dealt out); shared by copies, replaced when the stock is rebuilt.
    :ivar dealt_at: the number of stock rebuilds (:attr:`restocks`) when :attr:`drawers` was made.
    """

    __slots__ = ("dealt_at", "drawers")

    @classmethod
    def of(cls, model: TressModel) -> SeatStockModel:
        """A copy of ``model`` whose stock is dealt out from the next seat to draw (T-11)."""
        copy = model.copy()
        made = cls.__new__(cls)
        for name in TressModel.__slots__:
            setattr(made, name, getattr(copy, name))
        first = model.turn if model.phase in (DRAW, CLAIM) else (model.turn + 1) % model.players
        made.deal_out(first)
        return made

    def deal_out(self, first: int) -> None:
        """Give the stock's cards to the seats in turn, its top card to ``first`` (seat number)."""
        drawers = [-1] * _CARDS
        players = self.players
        seat = first
        for card in reversed(self.stock):
            drawers[card] = seat
            seat = seat + 1 if seat + 1 < players else 0
        self.drawers = drawers
        self.dealt_at = self.restocks

    def copy(self) -> SeatStockModel:
        """An independent copy (the dealt-out drawers are shared: they are only ever replaced)."""
        plain = TressModel.copy(self)
        made = SeatStockModel.__new__(SeatStockModel)
        for name in TressModel.__slots__:
            setattr(made, name, getattr(plain, name))
        made.drawers = self.drawers
        made.dealt_at = self.dealt_at
        return made

    def apply(self, move: Move) -> None:
        """Play ``move`` as :meth:`TressModel.apply` does, but every draw from the stock through :meth:`_draw`."""
        TressModel.apply(self, _STOCK_DRAW if move is STOCK_MOVE else move)

    def _draw(self, seat: int) -> int:
        """The highest stock card given to ``seat``, else the top card (T-11, T-17, T-21); -1 when the round ended."""
        if not self.stock and not self._restock():
            return -1
        if self.dealt_at != self.restocks:
            self.deal_out(seat)
        stock = self.stock
        drawers = self.drawers
        for i in range(len(stock) - 1, -1, -1):
            if drawers[stock[i]] == seat:
                return stock.pop(i)
        return stock.pop()
