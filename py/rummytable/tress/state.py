"""The complete state of a Tress match: plain data, no rules.

:class:`~rummytable.tress.game.TressGame` changes it; :mod:`rummytable.tress.position` turns it
into JSON and back, :mod:`rummytable.tress.view` shows one seat's part of it. Conventions: the
**top** of the stock and of the discard pile is the **last** element of its list; melds are kept
by id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rummytable.cards import Card
from rummytable.game import Action, Event, Phase
from rummytable.tress.options import TressOptions
from rummytable.tress.table import TableMeld

__all__ = ["TressState"]


@dataclass
class TressState:
    """Everything a Tress match is (docs/formats.md, "Tress position", names each part).

    :ivar options: the match's options. :ivar seed: the match seed (every shuffle comes from
        ``chance_rng(seed, ...)``).
    :ivar round: 1..7. :ivar dealer: the round's dealer.
    :ivar phase: DRAW, CLAIM, PLAY, ROUND_OVER or MATCH_OVER.
    :ivar to_move: the drawer/player (DRAW, CLAIM, PLAY), the next dealer (ROUND_OVER), ``None``
        once the match is over.
    :ivar hands: each seat's cards. :ivar stock: top last. :ivar discard: top last.
    :ivar discard_dead: the top discard may not be drawn or claimed (T-17).
    :ivar discarder: who discarded the top card (``None`` for the turned-up card).
    :ivar melds: the table, by id. :ivar next_meld_id: the id the next meld gets.
    :ivar down: per seat, whether it has gone down this round (T-12).
    :ivar claims: pending callers of "take it", in the order they called (T-16).
    :ivar claims_used: granted claims per seat this round (T-19).
    :ivar drawn_from_discard: the card the player to move took from the pile this turn.
    :ivar restocks: stock rebuilds this round. :ivar stale_restocks: rebuilds since a card was last
        laid on the table (T-22).
    :ivar scores: totals per seat. :ivar round_scores: points per seat of every finished round.
    :ivar last_result: ``{round, hands, points, out}`` of the last scored round.
    :ivar winners: the winning seats once the match is over.
    :ivar history: every action applied since the start. :ivar log: every event, secrets included.
    :ivar origin: where ``history`` starts: ``None`` for the first deal of the seed, else the
        set-up position the match was built from (the position's ``start``).
    """

    options: TressOptions
    seed: int
    round: int = 1
    dealer: int = 0
    phase: Phase = Phase.DRAW
    to_move: int | None = 0
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    discard_dead: bool = False
    discarder: int | None = None
    melds: dict[int, TableMeld] = field(default_factory=dict)
    next_meld_id: int = 0
    down: list[bool] = field(default_factory=list)
    claims: list[int] = field(default_factory=list)
    claims_used: list[int] = field(default_factory=list)
    drawn_from_discard: Card | None = None
    restocks: int = 0
    stale_restocks: int = 0
    scores: list[int] = field(default_factory=list)
    round_scores: list[list[int]] = field(default_factory=list)
    last_result: dict[str, Any] | None = None
    winners: list[int] = field(default_factory=list)
    history: list[Action] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    origin: TressState | None = None

    @classmethod
    def empty(cls, options: TressOptions, seed: int) -> TressState:
        """An empty table for ``options.players`` seats, before the first deal."""
        n = options.players
        return cls(options, seed, hands=[[] for _ in range(n)], down=[False] * n, claims_used=[0] * n,
                   scores=[0] * n)

    def copy(self) -> TressState:
        """Return an independent copy (cards, melds, actions and events are immutable and shared).

        Every list and dict is copied (``tests/core/test_state_copy.py`` checks each field).
        """
        return TressState(
            options=self.options, seed=self.seed, round=self.round, dealer=self.dealer, phase=self.phase,
            to_move=self.to_move, hands=[list(h) for h in self.hands], stock=list(self.stock),
            discard=list(self.discard), discard_dead=self.discard_dead, discarder=self.discarder,
            melds=dict(self.melds), next_meld_id=self.next_meld_id, down=list(self.down), claims=list(self.claims),
            claims_used=list(self.claims_used), drawn_from_discard=self.drawn_from_discard, restocks=self.restocks,
            stale_restocks=self.stale_restocks, scores=list(self.scores),
            round_scores=[list(r) for r in self.round_scores],
            last_result=None if self.last_result is None else dict(self.last_result), winners=list(self.winners),
            history=list(self.history), log=list(self.log), origin=self.origin)
