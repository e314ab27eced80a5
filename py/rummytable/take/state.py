"""The complete state of a Take match: plain data, no rules.

:class:`~rummytable.take.game.TakeGame` changes it; :mod:`rummytable.take.position` turns
it into JSON and back. Conventions: the **top** of the stock and of the discard pile is
the **last** element of its list; sequences are kept by id in the order laid down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rummytable.cards import Card
from rummytable.game import Action, Event, Phase
from rummytable.take.options import TakeOptions
from rummytable.take.table import TableSequence

__all__ = ["HandResult", "TakeState"]


@dataclass(frozen=True)
class HandResult:
    """How a finished hand scored (K-17).

    :ivar hand_no: the hand's number (from 1).
    :ivar hands: the cards each seat was left holding.
    :ivar table: points of the sequences each seat owned.
    :ivar held: points of the cards each seat held.
    :ivar points: ``table - held`` per seat.
    :ivar out: the seat that went out, or ``None`` when the stock ended the hand (K-19).
    """

    hand_no: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[int, ...]
    held: tuple[int, ...]
    points: tuple[int, ...]
    out: int | None

    def to_json(self) -> dict[str, Any]:
        """The ``last_result`` shape: ``{"round", "hands", "points", "out", "table_points", "hand_points"}``."""
        return {"round": self.hand_no, "hands": [[c.key for c in hand] for hand in self.hands],
                "points": list(self.points), "out": self.out, "table_points": list(self.table),
                "hand_points": list(self.held)}


@dataclass
class TakeState:
    """Everything a Take match is (see the module docstring for list order).

    :ivar options: the match's options.
    :ivar seed: the match seed; every shuffle comes from ``chance_rng(seed, ...)``.
    :ivar hand_no: the current (or last scored) hand, from 1.
    :ivar dealer: the dealer of that hand.
    :ivar phase: DRAW, PLAY, ROUND_OVER (hand scored, next deal pending) or MATCH_OVER.
    :ivar turn: the seat whose turn it is (in ROUND_OVER: the last player to act).
    :ivar hands: each seat's cards.
    :ivar stock: the stock, top last.
    :ivar discard: the discard pile, top last.
    :ivar sequences: the table, by id.
    :ivar next_id: the id the next new sequence gets.
    :ivar drawn_from_discard: the card the player to move took from the discard pile this
        turn, which he may not discard (K-10); else ``None``.
    :ivar bottom_added: cards the player to move added this turn below the bottom of
        sequences he did not own, by sequence id (K-12/K-13).
    :ivar restocks: how many times the stock was rebuilt this hand (K-19).
    :ivar melded_since_restock: whether anyone laid down or extended a sequence since the deal
        or the last rebuild (for the ``dead_stock_ends_hand`` option of K-19).
    :ivar scores: cumulative points per seat.
    :ivar round_scores: points per seat of every finished hand.
    :ivar last_result: how the last finished hand scored.
    :ivar winners: the winning seats once the match is over.
    :ivar history: every action applied since the start.
    :ivar log: every event, with its secret parts (shown per seat on request).
    :ivar origin: where ``history`` starts: ``None`` for the first deal of the seed, else a
        copy of the set-up position the match was built from (the position's ``start``).
    """

    options: TakeOptions
    seed: int
    hand_no: int
    dealer: int
    phase: Phase
    turn: int
    hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    sequences: dict[int, TableSequence] = field(default_factory=dict)
    next_id: int = 0
    drawn_from_discard: Card | None = None
    bottom_added: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    restocks: int = 0
    melded_since_restock: bool = False
    scores: list[int] = field(default_factory=list)
    round_scores: list[list[int]] = field(default_factory=list)
    last_result: HandResult | None = None
    winners: list[int] = field(default_factory=list)
    history: list[Action] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    origin: TakeState | None = None

    def copy(self) -> TakeState:
        """Return an independent copy (cards, sequences, actions and events are immutable and shared)."""
        return TakeState(
            options=self.options, seed=self.seed, hand_no=self.hand_no, dealer=self.dealer,
            phase=self.phase, turn=self.turn, hands=[list(h) for h in self.hands], stock=list(self.stock),
            discard=list(self.discard), sequences=dict(self.sequences), next_id=self.next_id,
            drawn_from_discard=self.drawn_from_discard, bottom_added=dict(self.bottom_added),
            restocks=self.restocks, melded_since_restock=self.melded_since_restock, scores=list(self.scores),
            round_scores=[list(r) for r in self.round_scores],
            last_result=self.last_result, winners=list(self.winners), history=list(self.history),
            log=list(self.log), origin=self.origin)
