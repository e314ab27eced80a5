"""A compact Tress round for search: small integers, suit rows and tuples, no events, no history.

:class:`TressModel` is one Tress round in progress (docs/rules-tress.md, T-1..T-23) in the form
a search can copy and play cheaply:

* a **card** is an integer: ``(suit * 13 + rank - 2) * 2 + copy`` for a natural card (suits in
  :data:`~rummytable.cards.SUITS` order S, H, D, C; ranks 2..14, the ace 14; copy 0 or 1 of the
  two decks, T-1), so 0..103, and ``104 + copy`` for the jokers ``JK`` .. ``JK.5``; every
  physical card keeps its own number, as in the engine (``9H`` and ``9H.1`` differ);
* a **hand** (:data:`~rummytable.ai.tress.model.hand.Hand`) is a list of five rows
  ``[spades, hearts, diamonds, clubs, jokers]``: four 26-bit suit rows (bit
  ``(rank - 2) * 2 + copy``, the ace's bits 24 and 25) and the jokers' row (bit ``copy``, 0..5);
  card ``c`` is bit :data:`BIT` ``[c]`` of row :data:`ROW` ``[c]`` (``c // 26`` and
  ``1 << c % 26``, which holds for the jokers too). Every number the model keeps stays below
  2**30, the size of one digit of a Python int: wider ones take a slow path in WebAssembly
  (Pyodide), where search also runs. The same cards are kept as a list (:attr:`TressModel.held`,
  in the order they came into the hand) and beside it, in the same order, as a list of their
  discard moves (:attr:`TressModel.held_moves`, :data:`DISCARD_MOVES` ``[card]``), so that the
  discards are listed by copying one list and a card is found in the other by comparing ints;
* the **stock** and the **discard pile** are lists of cards, top last (as in the engine);
* a **meld** is a tuple :data:`MeldT` ``(owner, kind, key, start, cards, jokers)``: ``kind``
  :data:`SET` (``key`` its rank) or :data:`RUN` (``key`` its suit 0..3, ``start`` the value of
  its first card, 1 = low ace, normalised as the engine does under ``wrap_runs``), ``cards``
  the physical cards in table order (a run's low to high, so a joker's identity follows from
  its place, T-8), ``jokers`` a run's bit mask of the positions held by jokers (0 for a set).
  Melds are kept in the order laid, with the engine's ids in :attr:`TressModel.ids`.

A **move** is a tuple :data:`Move` ``(kind, a, b, melds)`` (see :data:`STOCK` .. :data:`CALL`);
:mod:`rummytable.ai.tress.model.moves` lists them as the engine's ``legal_actions`` does and
:meth:`TressModel.apply` plays them with the engine's result: draws, "take it" calls and their
resolution with penalty cards (T-16..T-19), lay-downs, lay-offs, joker swaps, discards, going
out (T-14, T-15, T-20), stock rebuilds and their end (T-21, T-22, the same ``chance_rng``
shuffles) and the round's scoring (T-2, T-15; after round 7 the winners, T-3). The model plays
one round: once it is scored the phase is :data:`ROUND_OVER` (or :data:`MATCH_OVER` after round
7) and no move is listed; the next deal is the engine's business. Moves are trusted:
:meth:`TressModel.apply` does not check legality (the engine validates the move finally played).

Not kept (they change no rule and no legal move): the event log, the action history, the
earlier rounds' score rows and ``last_result`` beyond its points and who went out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummytable.ai.tress.model.hand import (
    ACE,
    BIT,
    INDEX,
    JOKER0,
    RANK,
    ROW,
    SUIT,
    Hand,
    card_points,
    cards_of,
    counts_of,
    hand_points,
    new_hand,
    rank_of_value,
)
from rummytable.ai.tress.model.rules import ModelRules
from rummytable.game import chance_rng
from rummytable.tress.options import ROUNDS

__all__ = [
    "ACE", "BIT", "CALL", "CLAIM", "DISCARD", "DISCARD_MOVES", "DRAW", "DRAW_DISCARD", "GRANT", "INDEX", "JOKER0",
    "LAY_DOWN", "LAY_OFF", "MATCH_OVER", "PLAY", "RANK", "ROUND_OVER", "ROW", "RUN", "SET", "STOCK", "STOCK_MOVE",
    "SUIT", "SWAP",
    "Hand", "MeldT", "ModelRules", "Move", "TressModel", "card_points", "cards_of", "counts_of", "hand_points",
    "new_hand", "rank_of_value",
]
# The card tables and hand functions live in rummytable.ai.tress.model.hand; they are named here too.

Move = tuple[int, int, int, Any]
"""``(kind, a, b, melds)``: ``(STOCK, 0, 0, None)``, ``(DRAW_DISCARD, 0, 0, None)``,
``(GRANT, 0, 0, None)``, ``(CALL, seat, 0, None)``, ``(DISCARD, card, 0, None)``,
``(LAY_OFF, card, meld index, 1 high / 0 low)``, ``(SWAP, card, meld index, None)``,
``(LAY_DOWN, 0, 0, melds)`` with ``melds`` a tuple of ``(kind, key, start, cards, jokers)``
(a :data:`MeldT` without its owner)."""

MeldT = tuple[int, int, int, int, tuple[int, ...], int]
"""``(owner, kind, key, start, cards, jokers)``, see the module docstring."""

STOCK, DRAW_DISCARD, GRANT, CALL, LAY_DOWN, LAY_OFF, SWAP, DISCARD = range(8)
"""Move kinds: draw from the stock (T-11; with a call pending it grants first, T-17), take the
top discard (T-11, T-17), let the first caller have it (T-17), call "take it" (T-16), lay down
(T-12, T-20, extra melds T-13), lay off (T-13), swap a joker (T-10), discard (T-14)."""

DISCARD_MOVES: tuple[Move, ...] = tuple((DISCARD, card, 0, None) for card in range(110))
"""The discard move of each card 0..109 (T-14): the one tuple listed, and held, for it."""

STOCK_MOVE: Move = (STOCK, 0, 0, None)
"""The draw from the stock (T-11): the one tuple listed for it, known to :meth:`TressModel.apply` by identity."""

DRAW, CLAIM, PLAY, ROUND_OVER, MATCH_OVER = range(5)
"""Phases, as the engine's ``draw``, ``claim``, ``play``, ``round_over`` and ``match_over``."""

SET, RUN = 0, 1
"""Meld kinds."""

class TressModel:
    """A Tress round for search (see the module docstring for the encoding).

    Build with :func:`rummytable.ai.tress.model.convert.model_from_state`; list moves with
    :func:`rummytable.ai.tress.model.moves.legal_moves`; play them with :meth:`apply`; branch with
    :meth:`copy`.

    :ivar rules: the options. :ivar seed: the match seed (stock rebuilds, T-21).
    :ivar round: 1..7. :ivar dealer: the round's dealer.
    :ivar phase: :data:`DRAW`, :data:`CLAIM`, :data:`PLAY`, :data:`ROUND_OVER` or :data:`MATCH_OVER`.
    :ivar turn: the drawer / player to move (after the round: the engine's ``to_move``, -1 after round 7).
    :ivar hands: a :data:`Hand` (five rows) per seat (a tuple of them).
    :ivar held: per seat (a tuple), the same cards as a list, in the order they came into the hand.
    :ivar held_moves: per seat, the discard move (:data:`DISCARD_MOVES`) of each card of ``held``, in
        the same order.
    :ivar stock: top last. :ivar discard: top last.
    :ivar dead: the top discard may not be drawn or claimed (T-17).
    :ivar discarder: who discarded the top card, -1 for none (T-16).
    :ivar melds: the table, in the order laid (:data:`MeldT`). :ivar ids: the engine id of each.
    :ivar next_id: the id of the next new meld. :ivar down: per seat, gone down (T-12), a tuple.
    :ivar claims: pending callers in the order they called (T-16, T-18), a tuple.
    :ivar used: granted claims per seat this round (T-19), a tuple.
    :ivar drawn: the card taken from the pile this turn (T-14), else -1.
    :ivar restocks: rebuilds this round (T-21). :ivar stale: rebuilds since a card was laid (T-22).
    :ivar scores: totals per seat (before this round, plus it once scored).
    :ivar points: points per seat of this round once scored, else ``None``.
    :ivar out: the seat that went out, -1 for nobody (also while the round goes on).
    :ivar winners: the winners once the match is over (T-3).
    :ivar sets: :ivar runs: :ivar all_cards: this round's contract (T-4, T-20).
    :ivar least: the cards its lay-down takes at the least (``3 * sets + 4 * runs``).
    :ivar run_gate: this round's ``rules.run_gates``.
    :ivar players: the number of seats (``rules.players``, kept at hand).
    """

    __slots__ = ("all_cards", "claims", "dead", "dealer", "discard", "discarder", "down", "drawn", "hands", "held",
                 "held_moves", "ids", "least", "melds", "next_id", "out", "phase", "players", "points", "restocks",
                 "round", "rules", "run_gate", "runs", "scores", "seed", "sets", "stale", "stock", "turn", "used",
                 "winners")

    def __init__(self, rules: ModelRules, seed: int, round_no: int, dealer: int, phase: int, turn: int,
                 hands: list[Hand], stock: list[int], discard: list[int], dead: bool, discarder: int,
                 melds: list[MeldT], ids: list[int], next_id: int, down: Sequence[bool], claims: Sequence[int],
                 used: Sequence[int], drawn: int, restocks: int, stale: int, scores: list[int],
                 points: tuple[int, ...] | None, out: int, winners: list[int],
                 held: list[list[int]] | None = None) -> None:
        """Take every field as given (not copied); see the class docstring (``held`` is built from the
        hands when None; ``held_moves`` from ``held``)."""
        self.rules = rules
        self.seed = seed
        self.round = round_no
        self.dealer = dealer
        self.phase = phase
        self.turn = turn
        # Per seat, in tuples: a tuple holds its items in the object itself, so a copy touches less memory.
        self.hands = tuple(hands)
        self.held = tuple(held) if held is not None else tuple(cards_of(hand) for hand in hands)
        self.held_moves = tuple([DISCARD_MOVES[card] for card in cards] for cards in self.held)
        self.stock = stock
        self.discard = discard
        self.dead = dead
        self.discarder = discarder
        self.melds = melds
        self.ids = ids
        self.next_id = next_id
        # Seldom changed, so kept as tuples that copies share (a change makes a new one).
        self.down = tuple(down)
        self.claims = tuple(claims)
        self.used = tuple(used)
        self.drawn = drawn
        self.restocks = restocks
        self.stale = stale
        self.scores = scores
        self.points = points
        self.out = out
        self.winners = winners
        self.sets, self.runs, self.all_cards = rules.contracts[round_no]
        self.least = 3 * self.sets + 4 * self.runs
        self.run_gate = rules.run_gates[round_no]
        self.players = rules.players

    def copy(self) -> TressModel:
        """An independent copy (list copies; cards are ints, melds, down flags, calls and claims used
        tuples, the rules shared)."""
        new = _new_model(TressModel)
        new.rules = self.rules
        new.seed = self.seed
        new.round = self.round
        new.dealer = self.dealer
        new.phase = self.phase
        new.turn = self.turn
        new.hands = tuple([hand[:] for hand in self.hands])
        # [*x] leaves room to grow, most of the time, where x[:] leaves none: the next draw and
        # discard append to these without moving them.
        new.held = tuple([[*cards] for cards in self.held])
        new.held_moves = tuple([[*moves] for moves in self.held_moves])
        new.stock = self.stock[:]
        new.discard = [*self.discard]
        new.dead = self.dead
        new.discarder = self.discarder
        new.melds = self.melds[:]
        new.ids = self.ids[:]
        new.next_id = self.next_id
        new.down = self.down
        new.claims = self.claims
        new.used = self.used
        new.drawn = self.drawn
        new.restocks = self.restocks
        new.stale = self.stale
        new.scores = self.scores[:]
        new.points = self.points
        new.out = self.out
        new.winners = self.winners[:]
        new.sets = self.sets
        new.runs = self.runs
        new.all_cards = self.all_cards
        new.least = self.least
        new.run_gate = self.run_gate
        new.players = self.players
        return new

    @property
    def to_move(self) -> int:
        """The seat to act (the drawer or player; after the round the engine's ``to_move``; -1 at the end)."""
        return self.turn

    def signature(self) -> tuple[object, ...]:
        """Everything the rules look at, as plain data, for comparison with the engine.

        ``(phase, turn, round, dealer, hands as sorted card lists, stock, discard, dead, discarder,
        [(id, owner, kind, key, start, cards)], next_id, down, claims, used, drawn, restocks, stale,
        scores, points, out, winners)``.
        """
        hands: list[object] = [cards_of(hand) for hand in self.hands]
        held = [sorted(cards) for cards in self.held]
        moves = [[DISCARD_MOVES[card] for card in cards] for cards in self.held]
        if hands != held or moves != list(self.held_moves) or any(len(hand) != 5 for hand in self.hands):
            hands = ["the card lists differ from the rows", self.held, self.held_moves]
        melds = [(i, m[0], m[1], m[2], m[3], list(m[4])) for i, m in zip(self.ids, self.melds)]
        return (self.phase, self.turn, self.round, self.dealer, hands, list(self.stock), list(self.discard),
                self.dead, self.discarder, melds, self.next_id, list(self.down), list(self.claims), list(self.used),
                self.drawn, self.restocks, self.stale, list(self.scores), self.points, self.out, list(self.winners))

    def claim_order(self) -> list[int]:
        """Pending callers in the order they would be served (T-18 and its ``seat_order`` option)."""
        if self.rules.seat_order:
            drawer, n = self.turn, self.rules.players
            return sorted(self.claims, key=lambda s: (s - drawer) % n)
        return list(self.claims)

    # ------------------------------------------------------------------ apply

    def apply(self, move: Move) -> None:
        """Play ``move`` exactly as the engine would (the move is not checked; see :data:`Move`).

        A :data:`CALL` is made by the seat it names; every other move by the seat to move.
        """
        seat = self.turn
        if move is STOCK_MOVE and not self.claims and self.stock:
            # The commonest draw, known by identity: the top of the stock (T-11). A drawn card is in
            # no hand, so adding its bit sets it. The card taken from the pile is -1 before a draw.
            card = self.stock.pop()
            self.hands[seat][ROW[card]] += BIT[card]
            self.held[seat].append(card)
            self.held_moves[seat].append(DISCARD_MOVES[card])
            self.phase = PLAY
            if not self.stock and self.rules.end_on_empty:
                self._end_round(-1)
            return
        kind = move[0]
        if kind == DISCARD:
            if self.claims:
                # T-19 option: calls made while the drawer played are served before his discard lands.
                self._grant()
                if self.phase > PLAY:
                    return
            card = move[1]
            # The card is held (moves are trusted), so subtracting its bit removes it (an addition or
            # subtraction of small ints is cheaper than a bitwise operation, in Pyodide above all).
            self.hands[seat][ROW[card]] -= BIT[card]
            held = self.held[seat]
            # Found among the ints (comparing tuples costs several times as much), taken from both lists.
            at = held.index(card)
            del held[at]
            del self.held_moves[seat][at]
            self.discard.append(card)
            self.dead = False
            self.discarder = seat
            self.drawn = -1
            if not held:
                self._end_round(seat)
                return
            # No call is pending here: a pending one was granted above (T-19).
            self.phase = DRAW
            seat += 1
            self.turn = seat if seat < self.players else 0
        elif kind == DRAW_DISCARD:
            if self.claims:
                self.claims = ()
            card = self.discard.pop()
            self.hands[seat][ROW[card]] += BIT[card]
            self.held[seat].append(card)
            self.held_moves[seat].append(DISCARD_MOVES[card])
            self.drawn = card
            self.dead = True
            self.phase = PLAY
        elif kind == STOCK:  # (the plain draw was taken above)
            if self.claims:
                self._grant()
                if self.phase > PLAY:
                    return
            card = self._draw(seat)
            if card < 0:
                return
            # A drawn card is in no hand: adding its bit sets it.
            self.hands[seat][ROW[card]] += BIT[card]
            self.held[seat].append(card)
            self.held_moves[seat].append(DISCARD_MOVES[card])
            self.drawn = -1
            self.phase = PLAY
            if not self.stock and self.rules.end_on_empty:
                self._end_round(-1)
        elif kind == CALL:
            self.claims = (*self.claims, move[1])
            if self.phase == DRAW:
                self.phase = CLAIM
        elif kind == GRANT:
            self._grant()
            if self.phase <= PLAY:
                self.phase = DRAW
        elif kind == LAY_OFF:
            self._lay_off(seat, move[1], move[2], move[3])
        elif kind == LAY_DOWN:
            self._lay_down(seat, move[3])
        else:
            self._swap(seat, move[1], move[2])

    def _lay_down(self, seat: int, melds: tuple[tuple[int, int, int, tuple[int, ...], int], ...]) -> None:
        """T-12, T-13 (extra melds), T-20: new melds from the hand; round 7 ends the round."""
        self.stale = 0
        hand = self.hands[seat]
        held, held_moves = self.held[seat], self.held_moves[seat]
        for kind, key, start, cards, jokers in melds:
            for card in cards:
                hand[ROW[card]] -= BIT[card]  # held: subtracting the bit removes it
                at = held.index(card)
                del held[at]
                del held_moves[at]
            self.melds.append((seat, kind, key, start, cards, jokers))
            self.ids.append(self.next_id)
            self.next_id += 1
        drawn = self.drawn
        if drawn >= 0 and not hand[ROW[drawn]] & BIT[drawn]:
            self.drawn = -1
        if self.all_cards:
            self._end_round(seat)
            return
        self.down = (*self.down[:seat], True, *self.down[seat + 1:])
        if not held:
            self._end_round(seat)

    def _lay_off(self, seat: int, card: int, index: int, high: int) -> None:
        """T-13: one card onto a meld at an end (a set takes it at the high end)."""
        owner, kind, key, start, cards, jokers = self.melds[index]
        if kind == SET:
            self.melds[index] = (owner, kind, key, start, (*cards, card), 0)
        else:
            joker = 1 if card >= JOKER0 else 0
            if high:
                self.melds[index] = (owner, kind, key, start, (*cards, card), jokers | joker << len(cards))
            else:
                new_start = start - 1
                if self.rules.wrap and new_start < 1 and not (start == 1 and start + len(cards) - 1 == ACE):
                    new_start = 13
                self.melds[index] = (owner, kind, key, new_start, (card, *cards), jokers << 1 | joker)
        self.hands[seat][ROW[card]] -= BIT[card]
        held = self.held[seat]
        at = held.index(card)
        del held[at]
        del self.held_moves[seat][at]
        if self.drawn == card:
            self.drawn = -1
        self.stale = 0
        if not held:
            self._end_round(seat)

    def _swap(self, seat: int, card: int, index: int) -> None:
        """T-10 option: the natural card takes the place of the joker standing for its face."""
        owner, kind, key, start, cards, jokers = self.melds[index]
        wrap = self.rules.wrap
        rank = RANK[card]
        for i in range(len(cards)):
            if jokers >> i & 1 and rank_of_value(start + i, wrap) == rank:
                freed = cards[i]
                self.melds[index] = (owner, kind, key, start, (*cards[:i], card, *cards[i + 1:]), jokers & ~(1 << i))
                break
        else:  # pragma: no cover - only listed swaps are applied
            raise ValueError("no joker stands for that card")
        hand = self.hands[seat]
        hand[ROW[card]] -= BIT[card]
        hand[ROW[freed]] += BIT[freed]
        held, held_moves = self.held[seat], self.held_moves[seat]
        at = held.index(card)
        del held[at]
        del held_moves[at]
        held.append(freed)
        held_moves.append(DISCARD_MOVES[freed])
        if self.drawn == card:
            self.drawn = -1
        self.stale = 0

    def _grant(self) -> None:
        """T-17: the first caller gets the top discard and the penalty card(s); the pile's top is dead."""
        caller = self.claim_order()[0]
        card = self.discard.pop()
        hand = self.hands[caller]
        hand[ROW[card]] += BIT[card]
        self.held[caller].append(card)
        self.held_moves[caller].append(DISCARD_MOVES[card])
        self.used = (*self.used[:caller], self.used[caller] + 1, *self.used[caller + 1:])
        self.claims = ()
        self.dead = True
        for _ in range(self.rules.penalty):
            penalty = self._draw(caller)
            if penalty < 0:
                return
            hand[ROW[penalty]] += BIT[penalty]
            self.held[caller].append(penalty)
            self.held_moves[caller].append(DISCARD_MOVES[penalty])
            if self.rules.end_on_empty and not self.stock:
                self._end_round(-1)
                return

    def _draw(self, seat: int) -> int:
        """The card ``seat`` takes from the stock (a draw, T-11, or a penalty card, T-17): the top
        one, the stock rebuilt first when empty (T-21, T-22); -1 when the round ended instead.
        A search may deal the stock out differently (see :mod:`~rummytable.ai.tress.model.seat_stock`)."""
        if not self.stock and not self._restock():
            return -1
        return self.stock.pop()

    def _restock(self) -> bool:
        """Rebuild the empty stock from the discard pile but its top (T-21), or end the round when
        the rules say so (T-21 option, T-22); returns whether the stock was rebuilt."""
        rules = self.rules
        if rules.end_on_empty or len(self.discard) <= 1 or 0 <= rules.dead_limit <= self.stale:
            self._end_round(-1)
            return False
        rest = self.discard[:-1]
        # The engine shuffles its Card list with the same generator; a shuffle's permutation
        # depends only on the length, so the card numbers end in the same order.
        chance_rng(self.seed, "restock", self.round, self.restocks).shuffle(rest)
        self.restocks += 1
        self.stale += 1
        self.stock = rest
        self.discard = self.discard[-1:]
        return True

    def _end_round(self, out: int) -> None:
        """T-2, T-15: score every hand; after round 7 the match's winners (T-3)."""
        points = tuple(hand_points(h) for h in self.hands)
        self.points = points
        self.scores = [a + b for a, b in zip(self.scores, points)]
        self.out = out
        self.claims = ()
        self.drawn = -1
        if self.round == ROUNDS:
            scores = self.scores
            best = min(scores)
            winners = [s for s, total in enumerate(scores) if total == best]
            if self.rules.tie_break and len(winners) > 1:
                low = min(points[s] for s in winners)
                winners = [s for s in winners if points[s] == low]
            self.winners = winners
            self.phase, self.turn = MATCH_OVER, -1
        else:
            self.phase, self.turn = ROUND_OVER, (self.dealer + 1) % self.rules.players


_new_model = object.__new__
"""Makes an empty :class:`TressModel` for :meth:`TressModel.copy`, which fills every slot."""
