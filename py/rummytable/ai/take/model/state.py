"""A compact Take («Взяти») state for search: small integers and suit rows, no events, no history.

:class:`TakeModel` is a whole Take position (docs/rules-take.md, K-1..K-19) in the form a
search can copy and play cheaply:

* a **card** is an integer 0..53: ``suit * 13 + rank - 2`` for a natural card (suits in
  :data:`~rummytable.cards.SUITS` order S, H, D, C; ranks 2..14 with the ace 14), 52 for
  ``JK`` and 53 for ``JK.1``;
* a **hand** is a list of five rows ``[spades, hearts, diamonds, clubs, jokers]``: four 13-bit
  suit rows (bit ``rank - 2``, the ace bit 12) and the jokers' row (bit 0 ``JK``, bit 1
  ``JK.1``); card ``c`` is bit :data:`BIT` ``[c]`` of row :data:`ROW` ``[c]``
  (``c // 13`` and ``1 << c % 13``). Every number stays below 2**30, the size of one digit of a
  Python int: wider ones are much slower in WebAssembly (Pyodide), where search also runs;
* the **stock** and the **discard pile** are lists of cards, top last (as in the engine);
* a **sequence** is a tuple ``(owner, suit, start, cards, jokers, ...)`` of :data:`Seq` shape:
  ``start`` the run value of its first card (1 = low ace .. 12), ``cards`` a tuple of cards low
  to high (a joker's value follows from its place, K-5), ``jokers`` how many of them are jokers,
  then what :func:`make_seq` derives for the move listing. Sequences are kept in the order
  laid, with the engine's ids in :attr:`TakeModel.ids`.

A **move** is a tuple ``(kind, a, b, cards)`` of :data:`Move` shape (see :data:`STOCK` ..
:data:`NEXT_HAND`); :mod:`rummytable.ai.take.model.moves` lists them exactly as the engine's
``legal_actions`` does and :meth:`TakeModel.apply` plays them with the engine's result,
including stock rebuilds (K-19, the same ``chance_rng`` shuffles), the end of a hand
(K-16, K-17), the end of the match (K-18) and the next deal (K-3).
:mod:`rummytable.ai.take.model.convert` turns engine states into models and moves into
engine actions. Moves are trusted: :meth:`TakeModel.apply` does not check legality (the
engine validates the move finally played).

Not kept (they change no rule and no legal move): the event log, the action history,
``round_scores``, the per-turn ``bottom_added`` record (K-12 ownership is per sequence, so
it never changes a result) and ``last_result`` beyond its points.
"""

from __future__ import annotations

from rummytable.cards import build_deck
from rummytable.game import chance_rng

__all__ = [
    "BIT",
    "DISCARD",
    "DRAW",
    "DRAW_DISCARD",
    "DRAW_DISCARD_MOVE",
    "EXTEND",
    "JOKERS",
    "LAY",
    "MATCH_OVER",
    "NEXT_HAND",
    "PLAY",
    "RATIO_AT_LEAST_ONE",
    "RATIO_MORE",
    "RATIO_NOT_FEWER",
    "ROUND_OVER",
    "ROW",
    "STOCK",
    "STOCK_MOVE",
    "Hand",
    "ModelRules",
    "Move",
    "Seq",
    "TakeModel",
    "card_at",
    "card_points",
    "hand_cards",
    "hand_points",
    "make_seq",
    "new_hand",
    "sequence_points",
]

Move = tuple[int, int, int, tuple[int, ...]]
"""``(kind, a, b, cards)``: ``(STOCK, 0, 0, ())``, ``(DRAW_DISCARD, 0, 0, ())``,
``(LAY, start, 0, cards)``, ``(EXTEND, index in TakeModel.seqs, 1 high / 0 low, cards)``,
``(DISCARD, card, 0, ())``, ``(NEXT_HAND, 0, 0, ())``; ``cards`` low to high in table order."""

Seq = tuple[int, int, int, tuple[int, ...], int, int, int, int]
"""A sequence: ``(owner seat, suit 0..3, start value 1..12, cards low to high, joker count, high, low,
shape)``; ``high`` and ``low`` are the bit, in its suit's row of a hand, of the natural card that could
join it above its top and below its bottom (0 where nothing can: a top ace or a closed A..K above,
K-14; a low ace below, K-4); ``shape`` packs suit, start, length and joker count into one int (the
sequence's part of the key of the extension cache). Build with :func:`make_seq`."""

Hand = list[int]
"""A hand: its rows ``[spades, hearts, diamonds, clubs, jokers]`` (see the module docstring)."""

STOCK, DRAW_DISCARD, LAY, EXTEND, DISCARD, NEXT_HAND = range(6)
"""Move kinds: draw from the stock (K-8), take the top discard (K-8), lay down a new sequence
(K-9), extend a sequence (K-9, K-11..K-14), discard (K-10, K-16), deal the next hand (K-3)."""

STOCK_MOVE: Move = (STOCK, 0, 0, ())
"""Draw the top of the stock (K-8): the one tuple :func:`~rummytable.ai.take.model.moves.legal_moves` lists."""

DRAW_DISCARD_MOVE: Move = (DRAW_DISCARD, 0, 0, ())
"""Take the top of the discard pile (K-8): the one tuple ``legal_moves`` lists."""

DRAW, PLAY, ROUND_OVER, MATCH_OVER = range(4)
"""Phases, as the engine's ``draw``, ``play``, ``round_over`` and ``match_over``."""

RATIO_AT_LEAST_ONE, RATIO_MORE, RATIO_NOT_FEWER = range(3)
"""The ``joker_ratio`` option (K-5): one natural card; naturals outnumber jokers; naturals >= jokers."""

JOKERS = (52, 53)
"""The two jokers, in the engine's key order (``JK`` before ``JK.1``)."""

HAND_SIZE = 7
"""Cards dealt to each player (K-3)."""

ROW: tuple[int, ...] = tuple(card // 13 for card in range(54))
"""The row of a hand that holds each card 0..53: its suit 0..3, or 4 for the jokers."""

BIT: tuple[int, ...] = tuple(1 << card % 13 for card in range(54))
"""The bit of each card 0..53 in its row: ``1 << (rank - 2)``; ``JK`` 1, ``JK.1`` 2."""

_VALUE_BIT = tuple(1 << (12 if value in (1, 14) else value - 2) if value else 0 for value in range(15))
"""The row bit of the natural card at run value 1..14 (the ace's for 1 and 14)."""

_RANK_POINTS = (0, 15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 15)
"""Points by run value 0..14 (K-2); value 1 (low ace) is 15 unless ``low_ace_five``."""

_CARD_POINTS = tuple([_RANK_POINTS[c % 13 + 2] for c in range(52)] + [20, 20])

_CARD_AT = tuple(tuple(suit * 13 + (12 if value == 1 else value - 2) if value else -1 for value in range(15))
                 for suit in range(4))


def _deck_order() -> tuple[int, ...]:
    """The engine's unshuffled deck (``build_deck(1, 2)``) as model cards, for the deal (K-3)."""
    order: list[int] = []
    for card in build_deck(1, 2):
        if card.is_joker:
            order.append(52 + card.copy)
        else:
            assert card.suit is not None
            order.append("SHDC".index(card.suit) * 13 + card.rank - 2)
    return tuple(order)


_DECK = _deck_order()


def card_at(suit: int, value: int) -> int:
    """The natural card of ``suit`` (0..3) at run value ``value`` (1 or 14 = ace, 2..13)."""
    return _CARD_AT[suit][value]


def card_points(card: int) -> int:
    """Points of a card in hand (K-2, K-17): joker 20, ace 15, 10-K 10, 2-9 5."""
    return _CARD_POINTS[card]


_ROW_POINTS: tuple[int, ...] = tuple(5 * (row & 0xFF).bit_count() + 10 * (row & 0xF00).bit_count() + 15 * (row >> 12)
                                     for row in range(8192))
"""Points of the natural cards of each 13-bit suit row (K-2): 2-9 5, 10-K 10, ace 15."""

_JOKER_POINTS = (0, 20, 20, 40)
"""Points of the jokers' row (K-2): 20 each."""


def hand_points(hand: Hand) -> int:
    """Total points of the cards in ``hand`` (K-17): 2-9 5, 10-K 10, ace 15, joker 20."""
    return (_ROW_POINTS[hand[0]] + _ROW_POINTS[hand[1]] + _ROW_POINTS[hand[2]] + _ROW_POINTS[hand[3]]
            + _JOKER_POINTS[hand[4]])


def new_hand(cards: list[int] | tuple[int, ...] = ()) -> Hand:
    """The :data:`Hand` holding ``cards`` (distinct cards 0..53)."""
    hand = [0, 0, 0, 0, 0]
    for card in cards:
        hand[ROW[card]] |= BIT[card]
    return hand


def hand_cards(hand: Hand) -> list[int]:
    """The cards of ``hand``, lowest first."""
    return [card for card in range(54) if hand[ROW[card]] & BIT[card]]


class ModelRules:
    """The Take options a model needs, as plain attributes (shared by every copy of a model).

    :ivar players: 2..4 (K-1). :ivar target: points that end the match (K-18).
    :ivar joker_twenty: a joker in a sequence scores 20, else what it stands for (K-2).
    :ivar low_ace_five: a low ace (value 1) in a sequence scores 5 (K-2).
    :ivar ratio: one of the ``RATIO_*`` constants (K-5).
    :ivar below_others: others may add below a sequence (K-13).
    :ivar go_out: going out by melding (K-10). :ivar tie_shared: tied leaders share the win (K-18).
    :ivar end_on_empty: the hand ends when the stock is empty (K-19 ``end_hand``).
    :ivar dead_stock: ``dead_stock_ends_hand`` (K-19).
    :ivar next_seat: the seat that plays after each seat (to the left, as the deal goes, K-3).
    """

    __slots__ = ("below_others", "dead_stock", "end_on_empty", "go_out", "joker_twenty", "low_ace_five",
                 "next_seat", "players", "ratio", "target", "tie_shared")

    def __init__(self, players: int, target: int, joker_twenty: bool, low_ace_five: bool, ratio: int,
                 below_others: bool, go_out: bool, tie_shared: bool, end_on_empty: bool, dead_stock: bool) -> None:
        """Store the options (already validated by :class:`~rummytable.take_options.TakeOptions`)."""
        self.players = players
        self.next_seat = (*range(1, players), 0)
        self.target = target
        self.joker_twenty = joker_twenty
        self.low_ace_five = low_ace_five
        self.ratio = ratio
        self.below_others = below_others
        self.go_out = go_out
        self.tie_shared = tie_shared
        self.end_on_empty = end_on_empty
        self.dead_stock = dead_stock


def make_seq(owner: int, suit: int, start: int, cards: tuple[int, ...], jokers: int) -> Seq:
    """The :data:`Seq` of a sequence, with the row bits of the natural cards next to its ends (K-4, K-6, K-14)."""
    end = start + len(cards) - 1
    high = _VALUE_BIT[end + 1] if end < (13 if start == 1 else 14) else 0
    low = _VALUE_BIT[start - 1] if start > (2 if end == 14 else 1) else 0
    return (owner, suit, start, cards, jokers, high, low, suit << 13 | start << 19 | len(cards) << 23 | jokers << 27)


def sequence_points(seq: Seq, rules: ModelRules) -> int:
    """Points ``seq`` is worth to its owner (K-17 with the K-2 options ``joker_value``, ``low_ace_five``)."""
    start, cards = seq[2], seq[3]
    total = 0
    for index, card in enumerate(cards):
        value = start + index
        if card >= 52 and rules.joker_twenty:
            total += 20
        elif value == 1:
            total += 5 if rules.low_ace_five else 15
        else:
            total += _RANK_POINTS[value]
    return total


class TakeModel:
    """A whole Take position for search (see the module docstring for the encoding).

    Build with :func:`rummytable.ai.take.model.convert.model_from_state`; list moves with
    :func:`rummytable.ai.take.model.moves.legal_moves`; play them with :meth:`apply`;
    branch with :meth:`copy` (a few list copies: cards are ints, sequences tuples).

    :ivar rules: the options. :ivar seed: the match seed (stock rebuilds and deals, K-3, K-19).
    :ivar hand_no: the hand's number (from 1). :ivar dealer: its dealer.
    :ivar phase: ``DRAW``, ``PLAY``, ``ROUND_OVER`` or ``MATCH_OVER``.
    :ivar turn: the seat whose turn it is (after a hand: the last to act, as in the engine).
    :ivar hands: a :data:`Hand` per seat. :ivar stock: top last. :ivar discard: top last.
    :ivar seqs: the sequences in the order laid. :ivar ids: the engine id of each.
    :ivar next_id: the id of the next new sequence.
    :ivar drawn: the card taken from the discard pile this turn (K-10), else -1.
    :ivar restocks: rebuilds this hand (K-19). :ivar melded: a sequence was laid or extended
        since the deal or the last rebuild (K-19 ``dead_stock_ends_hand``).
    :ivar scores: cumulative points per seat. :ivar last_points: points per seat of the last
        finished hand (K-17), else ``None``. :ivar winners: the winning seats once the match is over.
    :ivar touch: per suit 0..3, the row bits of every natural card that could join a sequence
        at an end (the union of the sequences' ``high`` and ``low``), a tuple replaced (never
        changed in place, so copies share it) by :meth:`apply`.
    """

    __slots__ = ("dealer", "discard", "drawn", "hand_no", "hands", "ids", "last_points", "melded", "next_id",
                 "phase", "restocks", "rules", "scores", "seed", "seqs", "stock", "touch", "turn", "winners")

    def __init__(self, rules: ModelRules, seed: int, hand_no: int, dealer: int, phase: int, turn: int,
                 hands: list[Hand], stock: list[int], discard: list[int], seqs: list[Seq], ids: list[int],
                 next_id: int, drawn: int, restocks: int, melded: bool, scores: list[int],
                 last_points: tuple[int, ...] | None, winners: list[int]) -> None:
        """Take every field as given (not copied); see the class docstring."""
        self.rules = rules
        self.seed = seed
        self.hand_no = hand_no
        self.dealer = dealer
        self.phase = phase
        self.turn = turn
        self.hands = hands
        self.stock = stock
        self.discard = discard
        self.seqs = seqs
        self.ids = ids
        self.next_id = next_id
        self.drawn = drawn
        self.restocks = restocks
        self.melded = melded
        self.scores = scores
        self.last_points = last_points
        self.winners = winners
        self.touch = _touch(seqs)

    def copy(self) -> TakeModel:
        """An independent copy (a few list copies; cards, sequences, ``touch`` and rules are immutable or shared)."""
        new = _new_model(TakeModel)
        new.rules = self.rules
        new.seed = self.seed
        new.hand_no = self.hand_no
        new.dealer = self.dealer
        new.phase = self.phase
        new.turn = self.turn
        new.hands = [hand[:] for hand in self.hands]
        new.stock = self.stock[:]
        new.discard = self.discard[:]
        new.seqs = self.seqs[:]
        new.ids = self.ids[:]
        new.next_id = self.next_id
        new.drawn = self.drawn
        new.restocks = self.restocks
        new.melded = self.melded
        new.scores = self.scores[:]
        new.last_points = self.last_points
        new.winners = self.winners[:]
        new.touch = self.touch
        return new

    @property
    def to_move(self) -> int:
        """The seat to act: the player whose turn it is; after a hand the next dealer; -1 when the match is over."""
        if self.phase == MATCH_OVER:
            return -1
        if self.phase == ROUND_OVER:
            return (self.dealer + 1) % self.rules.players
        return self.turn

    def signature(self) -> tuple[object, ...]:
        """Everything the rules look at, as plain data, for comparison with the engine.

        ``(phase, turn, hand_no, dealer, hands as sorted card lists, stock, discard,
        [(id, owner, start, cards)], next_id, drawn, restocks, melded, scores, last_points, winners)``.
        """
        hands = [hand_cards(hand) for hand in self.hands]
        seqs = [(i, s[0], s[2], list(s[3])) for i, s in zip(self.ids, self.seqs)]
        return (self.phase, self.turn, self.hand_no, self.dealer, hands, list(self.stock), list(self.discard), seqs,
                self.next_id, self.drawn, self.restocks, self.melded, list(self.scores), self.last_points,
                list(self.winners))

    # ------------------------------------------------------------------ apply

    def apply(self, move: Move) -> None:
        """Play ``move`` for the seat to move, exactly as the engine would (the move is not checked).

        Draws (K-8), lay-downs and extensions with take-over above another player's top
        (K-12; below keeps the owner, K-13), going out by melding (K-10 option), the
        discard with the end of the turn, the stock rebuild or dead stock (K-19), the end of
        the hand and its scoring (K-16, K-17), the end of the match (K-18) and the next deal (K-3).
        """
        seat = self.turn
        # The commonest moves first: a draw starts every turn (the listed draws are known by
        # identity, cheaper than reading the kind), a discard ends it.
        if move is STOCK_MOVE:
            card = self.stock.pop()
            # A drawn card is in no hand: adding its bit sets it.
            self.hands[seat][ROW[card]] += BIT[card]
            self.phase = PLAY
            return
        if move is DRAW_DISCARD_MOVE:
            card = self.discard.pop()
            self.hands[seat][ROW[card]] += BIT[card]
            self.drawn = card
            self.phase = PLAY
            return
        kind = move[0]
        if kind == DISCARD:
            card = move[1]
            hand = self.hands[seat]
            # The card is held (moves are trusted), so subtracting its bit removes it (an addition or
            # subtraction of small ints is cheaper than a bitwise operation, in Pyodide above all).
            hand[ROW[card]] -= BIT[card]
            self.discard.append(card)
            if not (hand[0] or hand[1] or hand[2] or hand[3] or hand[4]):
                self._end_hand()
                return
            self.turn = self.rules.next_seat[seat]
            self.phase = DRAW
            self.drawn = -1
            if not self.stock:
                self._restock()
        elif kind == STOCK:
            card = self.stock.pop()
            self.hands[seat][ROW[card]] += BIT[card]
            self.phase = PLAY
        elif kind == DRAW_DISCARD:
            card = self.discard.pop()
            self.hands[seat][ROW[card]] += BIT[card]
            self.drawn = card
            self.phase = PLAY
        elif kind != NEXT_HAND:
            self._meld(move, seat)
        else:
            self._deal(self.hand_no + 1, (self.dealer + 1) % self.rules.players)

    def _meld(self, move: Move, seat: int) -> None:
        """A lay-down (K-9) or an extension (K-9, K-11..K-14; a take-over above another player's top, K-12)."""
        cards = move[3]
        hand = self.hands[seat]
        jokers = 0
        for card in cards:
            hand[ROW[card]] -= BIT[card]  # held: subtracting the bit removes it
            if card >= 52:
                jokers += 1
        if move[0] == LAY:
            seq = make_seq(seat, cards[0] // 13 if cards[0] < 52 else _suit_of(cards), move[1], cards, jokers)
            self.seqs.append(seq)
            self.ids.append(self.next_id)
            self.next_id += 1
            # A new sequence only adds the cards next to its ends.
            touch = list(self.touch)
            touch[seq[1]] |= seq[5] | seq[6]
            self.touch = touch[0], touch[1], touch[2], touch[3]
        else:
            index = move[1]
            owner, suit, start, old, old_jokers, _, _, _ = self.seqs[index]
            if move[2]:
                self.seqs[index] = make_seq(seat, suit, start, old + cards, old_jokers + jokers)
            else:
                self.seqs[index] = make_seq(owner, suit, start - len(cards), cards + old, old_jokers + jokers)
            # Another sequence may share the card next to the old end: count every sequence again.
            self.touch = _touch(self.seqs)
        self.melded = True
        if not (hand[0] or hand[1] or hand[2] or hand[3] or hand[4]):
            self._end_hand()

    def _restock(self) -> None:
        """K-19: a card must be drawn and the stock is empty: rebuild it, or end the hand."""
        rules = self.rules
        if rules.end_on_empty or len(self.discard) < 2 or (rules.dead_stock and not self.melded):
            self._end_hand()
            return
        self.restocks += 1
        self.melded = False
        top = self.discard[-1]
        pile = self.discard[:-1]
        # The engine shuffles Card lists with the same generator; a shuffle's permutation
        # depends only on the length, so the int pile ends in the same order.
        chance_rng(self.seed, "restock", self.hand_no, self.restocks).shuffle(pile)
        self.stock = pile
        self.discard = [top]

    def points(self) -> list[int]:
        """Each seat's score for the hand if it ended now: sequences owned minus cards held (K-17)."""
        rules = self.rules
        result = [-hand_points(hand) for hand in self.hands]
        for seq in self.seqs:
            result[seq[0]] += sequence_points(seq, rules)
        return result

    def _end_hand(self) -> None:
        """K-16..K-18: score the hand, add it up, and decide whether the match is over."""
        points = self.points()
        self.last_points = tuple(points)
        scores = self.scores = [total + p for total, p in zip(self.scores, points)]
        self.drawn = -1
        best = max(scores)
        top = [seat for seat, total in enumerate(scores) if total == best]
        if best >= self.rules.target and (len(top) == 1 or self.rules.tie_shared):
            self.phase = MATCH_OVER
            self.winners = top
        else:
            self.phase = ROUND_OVER

    def _deal(self, hand_no: int, dealer: int) -> None:
        """K-3: the engine's deal (``chance_rng(seed, "deal", hand_no)``), 7 each from the dealer's left."""
        players = self.rules.players
        deck = list(_DECK)
        chance_rng(self.seed, "deal", hand_no).shuffle(deck)
        hands = [[0, 0, 0, 0, 0] for _ in range(players)]
        for i in range(HAND_SIZE * players):
            card = deck.pop()
            hands[(dealer + 1 + i) % players][ROW[card]] |= BIT[card]
        self.hands = hands
        self.discard = [deck.pop()]
        self.stock = deck
        self.seqs = []
        self.ids = []
        self.touch = (0, 0, 0, 0)
        # The engine's ids go on counting across hands (next_id is not reset by a deal).
        self.hand_no = hand_no
        self.dealer = dealer
        self.turn = (dealer + 1) % players
        self.phase = DRAW
        self.drawn = -1
        self.restocks = 0
        self.melded = False


def _touch(seqs: list[Seq]) -> tuple[int, int, int, int]:
    """Per suit, the union of the sequences' end-neighbour bits (see :attr:`TakeModel.touch`)."""
    rows = [0, 0, 0, 0]
    for seq in seqs:
        rows[seq[1]] |= seq[5] | seq[6]
    return rows[0], rows[1], rows[2], rows[3]


_new_model = object.__new__
"""Makes an empty :class:`TakeModel` for :meth:`TakeModel.copy`, which fills every slot."""


def _suit_of(cards: tuple[int, ...]) -> int:
    """The suit of a sequence's cards: that of its first natural card (every sequence has one, K-5)."""
    return next(card // 13 for card in cards if card < 52)
