"""Legal moves of a :class:`~rummytable.ai.take.model.state.TakeModel`: the engine's list, on suit rows.

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

Most play phases (no joker held, no suit with three run values in a row) take a short path in
:func:`legal_moves`: each suit's discards come from a table indexed by its 13-bit row, and the
sequences are looked at only when a held card is next to one of their ends.

As in the engine, jokers are interchangeable: a play with jokers is listed once, the
held jokers placed in key order (52 before 53). The order of the list is fixed for a
given position (suits, starts, sequences, ends, counts), not the engine's sort order.
"""

from __future__ import annotations

from itertools import combinations

from rummytable.ai.take.model.state import (
    BIT,
    DISCARD,
    DRAW,
    DRAW_DISCARD_MOVE,
    EXTEND,
    LAY,
    NEXT_HAND,
    PLAY,
    RATIO_MORE,
    RATIO_NOT_FEWER,
    ROUND_OVER,
    ROW,
    STOCK_MOVE,
    Hand,
    Move,
    TakeModel,
    card_at,
)

__all__ = ["DISCARD_MOVES", "DRAW_DISCARD_MOVE", "NEXT_HAND_MOVE", "STOCK_MOVE", "VALUES", "legal_moves",
           "play_moves", "suit_values"]

NEXT_HAND_MOVE: Move = (NEXT_HAND, 0, 0, ())
"""Deal the next hand (K-3)."""

DISCARD_MOVES: tuple[Move, ...] = tuple((DISCARD, card, 0, ()) for card in range(54))
"""The discard of each card 0..53 (K-10), shared so that listing discards allocates nothing."""


_DISCARD_JOKERS: tuple[tuple[Move, ...], ...] = ((), (DISCARD_MOVES[52],), (DISCARD_MOVES[53],),
                                                 (DISCARD_MOVES[52], DISCARD_MOVES[53]))
"""The discards of the held jokers, by the hand's bits 52..53."""


VALUES: tuple[int, ...] = tuple((row << 2) | ((row >> 12) & 1) << 1 for row in range(8192))
"""The run values (bits 1..14) of each 13-bit suit row: bit ``rank``, and an ace gives bits 1 and 14."""


def suit_values(hand: Hand, suit: int) -> int:
    """The run values (bits 1..14) that ``hand`` holds naturally in ``suit``: an ace gives bits 1 and 14."""
    return VALUES[hand[suit]]


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


_LAY_CACHE: dict[int, tuple[tuple[Move, ...], int]] = {}
_EXT_CACHE: dict[int, tuple[tuple[tuple[int, tuple[int, ...]], ...], int]] = {}
_CACHE_LIMIT = 200_000
"""Entries a cache may hold before it is emptied (it only saves work; its content never changes)."""

_SUIT_KEY = (0, 1 << 17, 2 << 17, 3 << 17)
"""A suit's part of the key of the lay-down cache."""

_JOKER_SETS = ((), (52,), (53,), (52, 53))
"""The held jokers in key order, by the hand's bits 52..53."""


def _lay_downs(suit: int, row: int, joker_bits: int, ratio: int) -> tuple[tuple[Move, ...], int]:
    """Every new sequence of ``suit`` from the held 13-bit ``row`` and jokers, in the engine's order, and the
    longest one's length (K-4, K-5); cached, since it depends on nothing else."""
    # One small int as the key (below 2**30): cheaper to hash than a tuple.
    key = row | joker_bits << 13 | ratio << 15 | _SUIT_KEY[suit]
    found = _LAY_CACHE.get(key)
    if found is not None:
        return found
    vm = VALUES[row]
    jokers = _JOKER_SETS[joker_bits]
    joker_count = len(jokers)
    moves: list[Move] = []
    for start in range(1, 13):
        missing = 0
        for stop in range(start, 15):
            if not vm >> stop & 1:
                missing += 1
                if missing > joker_count:
                    break
            if stop - start < 2 or (start == 1 and stop == 14):
                continue
            moves.extend((LAY, start, 0, cards)
                         for cards in _fillings(range(start, stop + 1), suit, vm, jokers, 0, 0, ratio))
    if len(_LAY_CACHE) > _CACHE_LIMIT:
        _LAY_CACHE.clear()
    found = _LAY_CACHE[key] = (tuple(moves), max((len(m[3]) for m in moves), default=0))
    return found


def _extensions(suit: int, row: int, joker_bits: int, ratio: int, start: int, length: int, seq_jokers: int,
                low_allowed: bool) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], int]:
    """Every block that extends a sequence of ``suit`` (``start``, ``length`` cards, ``seq_jokers`` jokers)
    from the held 13-bit ``row`` and jokers, as ``(1 high / 0 low, cards)`` in the engine's order (K-4..K-6,
    K-13, K-14), and the longest block's length; cached, since it depends on nothing else."""
    # One small int as the key (row 13 bits, suit 2, jokers 2, ratio 2, start 4, length 4, jokers 2, low 1).
    key = (row | suit << 13 | joker_bits << 15 | ratio << 17 | start << 19 | length << 23 | seq_jokers << 27
           | low_allowed << 29)
    found = _EXT_CACHE.get(key)
    if found is not None:
        return found
    vm = VALUES[row]
    jokers = _JOKER_SETS[joker_bits]
    joker_count = len(jokers)
    end = start + length - 1
    naturals = length - seq_jokers
    top = 13 if start == 1 else 14
    out: list[tuple[int, tuple[int, ...]]] = []
    # High end: values end+1 .. top (nothing above a top ace or a closed A..K, K-14).
    missing = 0
    for stop in range(end + 1, top + 1):
        if not vm >> stop & 1:
            missing += 1
            if missing > joker_count:
                break
        out.extend((1, cards) for cards in _fillings(range(end + 1, stop + 1), suit, vm, jokers, naturals,
                                                     seq_jokers, ratio))
    if low_allowed:
        bottom = 2 if end == 14 else 1
        missing = 0
        for low in range(start - 1, bottom - 1, -1):
            if not vm >> low & 1:
                missing += 1
                if missing > joker_count:
                    break
            out.extend((0, cards) for cards in _fillings(range(low, start), suit, vm, jokers, naturals,
                                                         seq_jokers, ratio))
    if len(_EXT_CACHE) > _CACHE_LIMIT:
        _EXT_CACHE.clear()
    found = _EXT_CACHE[key] = (tuple(out), max((len(block[1]) for block in out), default=0))
    return found


def _keeps(cards: tuple[int, ...], size: int, drawn: int, blocked_drawn: bool, go_out: bool) -> bool:
    """K-10: the play leaves a card the player may discard (or, with the go-out option, no card)."""
    left = size - len(cards)
    if left == 0:
        return go_out
    if blocked_drawn and drawn not in cards:
        left -= 1
    return left >= 1


def _row_discards(suit: int) -> tuple[tuple[Move, ...], ...]:
    """Per 13-bit row of ``suit``: the discards of its cards, by rank (the rows with bit ``rank`` as
    their highest are those below it, each with that card's discard added)."""
    table: list[tuple[Move, ...]] = [()]
    for rank in range(13):
        move = (DISCARD_MOVES[suit * 13 + rank],)
        table += [lower + move for lower in table]
    return tuple(table)


_SUIT_DISCARDS = tuple(_row_discards(suit) for suit in range(4))
"""Per suit, the discards of each 13-bit row (lists discards without a loop per card)."""

_DISCARDS0, _DISCARDS1, _DISCARDS2, _DISCARDS3 = _SUIT_DISCARDS

_NOT: tuple[int, ...] = tuple(0x1FFF ^ (1 << card % 13) if card < 52 else 0x1FFF for card in range(54))
"""Per card taken from the discard pile: the mask of its suit's row without it (K-10: it may not be
discarded again this turn); a joker's leaves the row whole."""

_RUN: tuple[bool, ...] = tuple(bool(v & (v >> 1) & (v >> 2)) for v in VALUES)
"""Per 13-bit row: it holds three run values in a row, which a joker-free lay-down needs (K-4)."""


_POP: tuple[int, ...] = tuple(row.bit_count() for row in range(8192))
"""The number of cards in each 13-bit row."""


def _size(hand: Hand) -> int:
    """The number of cards in ``hand``."""
    return _POP[hand[0]] + _POP[hand[1]] + _POP[hand[2]] + _POP[hand[3]] + _POP[hand[4]]


def play_moves(model: TakeModel, discards: bool = False) -> list[Move]:
    """Every lay-down and extension the player to move may make now (play phase; K-4, K-5, K-9..K-14).

    :param discards: also list every allowed discard (K-10).
    :returns: suit by suit, (when asked) the suit's ``(DISCARD, card, 0, ())`` by rank, then
        its ``(LAY, start, 0, cards)`` by start, and the jokers' discards last; then
        ``(EXTEND, index, high, cards)`` by sequence, high end first, shortest block first:
        a fixed order for a given position.
    """
    hand = model.hands[model.turn]
    r0, r1, r2, r3, jokers = hand
    if not (jokers or _RUN[r0] or _RUN[r1] or _RUN[r2] or _RUN[r3]):
        # No lay-down is possible (as in legal_moves): the discards, then any extension.
        moves: list[Move] = [*_DISCARDS0[r0], *_DISCARDS1[r1], *_DISCARDS2[r2], *_DISCARDS3[r3]] \
            if discards else []
        drawn = model.drawn
        if discards and drawn >= 0 and hand[ROW[drawn]] & BIT[drawn]:
            moves.remove(DISCARD_MOVES[drawn])
        if model.seqs:
            t0, t1, t2, t3 = model.touch
            if r0 & t0 or r1 & t1 or r2 & t2 or r3 & t3:
                _add_extensions(moves, model, hand, _size(hand))
        return moves
    size = _size(hand)
    moves = []
    # Without a joker the ratio cannot fail (K-5): one cache entry serves every option.
    ratio = model.rules.ratio if jokers else 0
    context = jokers << 13 | ratio << 15  # the key of _LAY_CACHE but for the row and the suit
    for suit, row in enumerate(hand[:4]):
        if not row:
            continue
        if discards:
            moves += _SUIT_DISCARDS[suit][row]
        if jokers or _RUN[row]:
            found = _LAY_CACHE.get(row | context | _SUIT_KEY[suit])
            lays, longest = found if found is not None else _lay_downs(suit, row, jokers, ratio)
            if longest < size - 1:
                moves += lays
            elif lays:
                _add_plays(moves, lays, longest, size, model)
    if discards:
        if jokers:
            moves += _DISCARD_JOKERS[jokers]
        drawn = model.drawn
        if drawn >= 0 and hand[ROW[drawn]] & BIT[drawn]:
            moves.remove(DISCARD_MOVES[drawn])
    if model.seqs:
        if not jokers:
            # Without a joker a block must hold the natural card next to an end of some sequence.
            t0, t1, t2, t3 = model.touch
            if not (r0 & t0 or r1 & t1 or r2 & t2 or r3 & t3):
                return moves
        _add_extensions(moves, model, hand, size)
    return moves


def _add_extensions(moves: list[Move], model: TakeModel, hand: Hand, size: int) -> None:
    """Add every extension of every sequence that ``hand`` (the player to move's, ``size`` cards) may make."""
    seat = model.turn
    jokers = hand[4]
    rules = model.rules
    below_others = rules.below_others
    ratio = rules.ratio
    go_out = rules.go_out
    drawn = model.drawn
    blocked = drawn >= 0 and bool(hand[ROW[drawn]] & BIT[drawn])
    # The key of _EXT_CACHE (see _extensions): the sequence's shape, the row, these and the low end.
    context = jokers << 15 | ratio << 17
    context_low = context | 1 << 29
    index = -1
    for owner, suit, start, seq_cards, seq_jokers, high, low, shape in model.seqs:
        index += 1
        row = hand[suit]
        low_allowed = seat == owner or below_others
        # Without a joker a block must hold the natural card next to an end.
        if not jokers and not (row & high or (row & low and low_allowed)):
            continue
        found = _EXT_CACHE.get(shape | row | (context_low if low_allowed else context))
        if found is None:
            found = _extensions(suit, row, jokers, ratio, start, len(seq_cards), seq_jokers, low_allowed)
        extensions, longest = found
        if longest < size - 1:
            moves += [(EXTEND, index, high_end, cards) for high_end, cards in extensions]
        else:
            moves += [(EXTEND, index, high_end, cards) for high_end, cards in extensions
                      if _keeps(cards, size, drawn, blocked, go_out)]


def _add_plays(moves: list[Move], found: tuple[Move, ...], longest: int, size: int, model: TakeModel) -> None:
    """Add the lay-downs ``found`` to ``moves``, keeping only those that leave a card to discard (K-10)."""
    if longest < size - 1:
        moves.extend(found)
        return
    drawn = model.drawn
    blocked = drawn >= 0 and bool(model.hands[model.turn][ROW[drawn]] & BIT[drawn])
    go_out = model.rules.go_out
    moves.extend(m for m in found if _keeps(m[3], size, drawn, blocked, go_out))


def legal_moves(model: TakeModel) -> list[Move]:
    """Every legal move of the seat to move (:attr:`TakeModel.to_move`), the engine's list as model moves.

    :returns: draw phase: the stock and/or discard draw (K-8); play phase: what
        :func:`play_moves` gives with ``discards`` (the allowed discards, K-10, and every play);
        after a hand: the next deal; after the match: ``[]``.
    """
    phase = model.phase
    if phase == PLAY:
        hand = model.hands[model.turn]
        r0, r1, r2, r3, jokers = hand
        if jokers or _RUN[r0] or _RUN[r1] or _RUN[r2] or _RUN[r3]:
            return play_moves(model, True)
        # The common case (no joker, no lay-down; a search plays it most), unrolled: the discards
        # of each suit from its table (without the card taken from the discard pile, K-10), then
        # the extensions if a card touches a sequence's end.
        if model.drawn < 0:
            moves = [*_DISCARDS0[r0], *_DISCARDS1[r1], *_DISCARDS2[r2], *_DISCARDS3[r3]]
        else:
            drawn = model.drawn
            suit = ROW[drawn]
            if suit == 0:
                moves = [*_DISCARDS0[r0 & _NOT[drawn]], *_DISCARDS1[r1], *_DISCARDS2[r2], *_DISCARDS3[r3]]
            elif suit == 1:
                moves = [*_DISCARDS0[r0], *_DISCARDS1[r1 & _NOT[drawn]], *_DISCARDS2[r2], *_DISCARDS3[r3]]
            elif suit == 2:
                moves = [*_DISCARDS0[r0], *_DISCARDS1[r1], *_DISCARDS2[r2 & _NOT[drawn]], *_DISCARDS3[r3]]
            else:  # clubs, or a joker (its mask keeps the row whole)
                moves = [*_DISCARDS0[r0], *_DISCARDS1[r1], *_DISCARDS2[r2], *_DISCARDS3[r3 & _NOT[drawn]]]
        if model.seqs:
            t0, t1, t2, t3 = model.touch
            if r0 & t0 or r1 & t1 or r2 & t2 or r3 & t3:
                _add_extensions(moves, model, hand, _size(hand))
        return moves
    if phase == DRAW:
        if model.stock:
            return [STOCK_MOVE, DRAW_DISCARD_MOVE] if model.discard else [STOCK_MOVE]
        return [DRAW_DISCARD_MOVE] if model.discard else []
    if phase == ROUND_OVER:
        return [NEXT_HAND_MOVE]
    return []
