"""Legal moves of a :class:`~rummytable.ai.models.take.TakeModel`: the engine's list, on bit sets.

:func:`legal_moves` gives, for the seat to move, exactly the actions the engine's
``TakeGame.legal_actions`` lists (docs/rules-take.md, "Legal actions"), as model moves:

* draw phase: draw from the stock (when it has cards) and take the top discard (K-8);
* play phase: every new sequence the hand can form (every suit, every run of 3..13 values
  with the ace low or high but never at both ends, every choice of which positions the
  held jokers fill, K-4, K-5), every extension of every sequence by a block of 1..n cards
  at either end (below another player's sequence only with ``below_others``, K-13; never
  above a locked top, K-14), each with the ``joker_ratio`` checked for the whole sequence
  (K-5); only plays that keep a card to discard (K-10) or, with the go-out option, empty
  the hand; then every discard but the card taken from the discard pile (K-10);
* after a hand: deal the next hand (K-3); once the match is over: nothing.

As in the engine, jokers are interchangeable: a play with jokers is listed once, the
held jokers placed in key order (52 before 53). The order of the list is fixed for a
given position (suits, starts, sequences, ends, counts), not the engine's sort order.
"""

from __future__ import annotations

from itertools import combinations

from .take import (
    DISCARD,
    DRAW,
    DRAW_DISCARD,
    EXTEND,
    LAY,
    NEXT_HAND,
    PLAY,
    RATIO_MORE,
    RATIO_NOT_FEWER,
    ROUND_OVER,
    STOCK,
    Move,
    TakeModel,
    card_at,
)

__all__ = ["DISCARD_MOVES", "DRAW_DISCARD_MOVE", "NEXT_HAND_MOVE", "STOCK_MOVE", "legal_moves", "play_moves",
           "suit_values"]

STOCK_MOVE: Move = (STOCK, 0, 0, ())
"""Draw the top of the stock (K-8)."""

DRAW_DISCARD_MOVE: Move = (DRAW_DISCARD, 0, 0, ())
"""Take the top of the discard pile (K-8)."""

NEXT_HAND_MOVE: Move = (NEXT_HAND, 0, 0, ())
"""Deal the next hand (K-3)."""

DISCARD_MOVES: tuple[Move, ...] = tuple((DISCARD, card, 0, ()) for card in range(54))
"""The discard of each card 0..53 (K-10), shared so that listing discards allocates nothing."""


def suit_values(hand: int, suit: int) -> int:
    """The run values (bits 1..14) that ``hand`` holds naturally in ``suit``: an ace gives bits 1 and 14."""
    row = (hand >> (suit * 13)) & 0x1FFF
    return (row << 2) | ((row >> 12) & 1) << 1


def _ratio_ok(naturals: int, jokers: int, ratio: int) -> bool:
    """K-5 for a whole sequence of ``naturals`` natural cards and ``jokers`` jokers."""
    if naturals < 1:
        return False
    if ratio == RATIO_MORE:
        return naturals > jokers
    if ratio == RATIO_NOT_FEWER:
        return naturals >= jokers
    return True


def _fillings(values: range, suit: int, vm: int, jokers: tuple[int, ...], extra_naturals: int, extra_jokers: int,
              ratio: int) -> list[tuple[int, ...]]:
    """Every way to fill run ``values`` from held naturals (bits of ``vm``) and ``jokers`` (key order).

    ``extra_*`` count the cards already in the sequence being extended (K-5 is checked on the
    whole sequence). The same fillings, in the same order, as the engine's ``_fillings``.
    """
    held = [i for i, v in enumerate(values) if vm >> v & 1]
    missing = len(values) - len(held)
    spare = len(jokers) - missing
    if spare < 0:
        return []
    out: list[tuple[int, ...]] = []
    for extra in range(min(spare, len(held)) + 1):
        used_jokers = missing + extra
        if not _ratio_ok(len(values) - used_jokers + extra_naturals, used_jokers + extra_jokers, ratio):
            continue
        if not used_jokers:
            out.append(tuple([card_at(suit, v) for v in values]))
            continue
        for swapped in combinations(held, extra):
            cards: list[int] = []
            next_joker = 0
            for i, value in enumerate(values):
                if vm >> value & 1 and i not in swapped:
                    cards.append(card_at(suit, value))
                else:
                    cards.append(jokers[next_joker])
                    next_joker += 1
            out.append(tuple(cards))
    return out


def play_moves(model: TakeModel) -> list[Move]:
    """Every lay-down and extension the player to move may make now (play phase; K-4, K-5, K-9..K-14).

    :returns: ``(LAY, start, 0, cards)`` and ``(EXTEND, index, high, cards)`` moves, in a fixed order.
    """
    seat = model.turn
    hand = model.hands[seat]
    rules = model.rules
    ratio = rules.ratio
    go_out = rules.go_out
    size = hand.bit_count()
    drawn = model.drawn
    blocked_drawn = drawn >= 0 and bool(hand >> drawn & 1)
    jokers = tuple(j for j in (52, 53) if hand >> j & 1)
    joker_count = len(jokers)
    moves: list[Move] = []
    rows = [suit_values(hand, suit) for suit in range(4)]

    def keeps(cards: tuple[int, ...]) -> bool:
        # K-10: a card the player may discard must be left (or none, with the go-out option).
        left = size - len(cards)
        if left == 0:
            return go_out
        if blocked_drawn and drawn not in cards:
            left -= 1
        return left >= 1

    for suit in range(4):
        vm = rows[suit]
        if not vm:
            continue
        for start in range(1, 13):
            missing = 0
            for stop in range(start, 15):
                if not vm >> stop & 1:
                    missing += 1
                    if missing > joker_count:
                        break
                if stop - start < 2 or (start == 1 and stop == 14):
                    continue
                for cards in _fillings(range(start, stop + 1), suit, vm, jokers, 0, 0, ratio):
                    if keeps(cards):
                        moves.append((LAY, start, 0, cards))
    below_others = rules.below_others
    for index, (owner, suit, start, seq_cards, seq_jokers) in enumerate(model.seqs):
        vm = rows[suit]
        if not vm and not joker_count:
            continue
        end = start + len(seq_cards) - 1
        naturals = len(seq_cards) - seq_jokers
        top = 13 if start == 1 else 14
        # High end: values end+1 .. top (nothing above a top ace or a closed A..K, K-14).
        missing = 0
        for stop in range(end + 1, top + 1):
            if not vm >> stop & 1:
                missing += 1
                if missing > joker_count:
                    break
            for cards in _fillings(range(end + 1, stop + 1), suit, vm, jokers, naturals, seq_jokers, ratio):
                if keeps(cards):
                    moves.append((EXTEND, index, 1, cards))
        if seat != owner and not below_others:
            continue
        bottom = 2 if end == 14 else 1
        missing = 0
        for low in range(start - 1, bottom - 1, -1):
            if not vm >> low & 1:
                missing += 1
                if missing > joker_count:
                    break
            for cards in _fillings(range(low, start), suit, vm, jokers, naturals, seq_jokers, ratio):
                if keeps(cards):
                    moves.append((EXTEND, index, 0, cards))
    return moves


def legal_moves(model: TakeModel) -> list[Move]:
    """Every legal move of the seat to move (:attr:`TakeModel.to_move`), the engine's list as model moves.

    :returns: draw phase: the stock and/or discard draw (K-8); play phase:
        :func:`play_moves` then each allowed discard (K-10); after a hand: the next deal;
        after the match: ``[]``.
    """
    phase = model.phase
    if phase == DRAW:
        moves: list[Move] = []
        if model.stock:
            moves.append(STOCK_MOVE)
        if model.discard:
            moves.append(DRAW_DISCARD_MOVE)
        return moves
    if phase == PLAY:
        moves = play_moves(model)
        hand = model.hands[model.turn]
        drawn = model.drawn
        moves.extend([DISCARD_MOVES[c] for c in range(54) if hand >> c & 1 and c != drawn])
        return moves
    if phase == ROUND_OVER:
        return [NEXT_HAND_MOVE]
    return []
