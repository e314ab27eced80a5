"""Legal moves of a :class:`~rummytable.ai.tress.model.state.TressModel`, as the engine lists them.

:func:`legal_moves` gives one seat's moves: its "take it" call when it may make one (T-16..T-19),
and for the seat to move its draw (T-11, T-17), or in the play phase its lay-downs, lay-offs,
joker swaps and discards (T-10, T-12..T-14, T-20, T-23). Converted with
:func:`~rummytable.ai.tress.model.convert.to_action` they are exactly the engine's
``TressGame.legal_actions(seat)``; the test ``tests/ai/test_ai_tress_model.py`` checks it.

The lay-downs are the same subset the engine lists (listing every lay-down is combinatorial):
the first :data:`~rummytable.tress.game.LAY_DOWN_LIMIT` (24) distinct arrangements of the
contract in the solver's canonical order (``rummytable.tress.solver``: one per distinct set of
faces and joker places, the lowest physical copies first), less those that would leave no card
to discard (T-14); with ``extra_melds`` a player who is down gets the first 24 single sets and
the first 24 single runs; when ``must_lay_down`` forbids the discard and none of those is left,
the first lay-down that keeps a card to discard (the engine's ``_any_lay_down``). Any other legal
lay-down is not listed, as in the engine. Identical physical copies give separate discards and
lay-offs, as in the engine. The round's end lists no move (the model plays one round).

Before the solver runs, :func:`~rummytable.ai.tress.model.quick.may_meet` rules out most hands
that hold no lay-down at all, with the same result (:func:`legal_moves` runs it written out, and
lists such a play phase's discards itself by copying the hand's list of discard moves). A
play-out may ask :func:`play_moves` for fewer lay-downs (``limit``): it then gets the first of the
same list.
"""

from __future__ import annotations

from typing import cast

from rummytable.ai.tress.model.quick import HIGH_LEVELS, JOKER_COUNT, LOW_LEVELS, ROW_INFO, WINDOW_BIT, may_meet
from rummytable.ai.tress.model.state import (
    BIT,
    CALL,
    CLAIM,
    DISCARD_MOVES,
    DRAW_DISCARD,
    GRANT,
    INDEX,
    JOKER0,
    LAY_DOWN,
    LAY_OFF,
    PLAY,
    RANK,
    ROW,
    RUN,
    SET,
    STOCK_MOVE,
    SUIT,
    SWAP,
    Hand,
    MeldT,
    Move,
    TressModel,
    cards_of,
    counts_of,
    rank_of_value,
)
from rummytable.tress.game import LAY_DOWN_LIMIT
from rummytable.tress.solver.enumeration import enumerate_lay_downs, window_for
from rummytable.tress.solver.search import Counts, Ctx, RunSig, SetSig, Sig, exists

__all__ = ["CALL_MOVES", "DISCARD_MOVES", "DRAW_DISCARD_MOVE", "GRANT_MOVE", "LAY_DOWN_LIMIT", "STOCK_MOVE",
           "callers", "can_call", "cards_of", "legal_moves", "materialise", "must_lay_down_first", "play_moves",
           "run_end"]


DRAW_DISCARD_MOVE: Move = (DRAW_DISCARD, 0, 0, None)
GRANT_MOVE: Move = (GRANT, 0, 0, None)
CALL_MOVES: tuple[Move, ...] = tuple((CALL, seat, 0, None) for seat in range(6))
"""The shared move tuples (no new tuple per listing; the discards' are the state's :data:`DISCARD_MOVES`)."""

_ACE = 14

# The engine's card order (rank, suit letter, copy), used where it decides which lay-down is found first.
_SUIT_LETTER_ORDER = (3, 1, 0, 2)  # S H D C sorted as letters: C < D < H < S
_CARD_ORDER = tuple(sorted(range(110), key=lambda c: (RANK[c], _SUIT_LETTER_ORDER[SUIT[c]] if c < JOKER0 else -1,
                                                      c % 2 if c < JOKER0 else c - JOKER0)))


def can_call(model: TressModel, seat: int) -> bool:
    """True when ``seat`` may call "take it" now (T-16, T-17, T-19 and the ``down_may_claim`` option)."""
    phase = model.phase
    rules = model.rules
    if phase > PLAY or (phase == PLAY and not rules.until_discard):
        return False
    if not model.discard or model.dead or seat == model.turn or seat == model.discarder or seat in model.claims:
        return False
    if model.down[seat] and not rules.down_may_claim:
        return False
    return rules.claim_limit < 0 or model.used[seat] < rules.claim_limit


def callers(model: TressModel) -> list[int]:
    """The seats that may call now, from the drawer's left round the table.

    This is the order the tournament tool (``rummytable.tools.autoplay``) breaks ties of reaction
    time in, and the order a play-out asks the seats; the engine serves the calls made by
    ``claim_priority`` (:meth:`TressModel.claim_order`).
    """
    n = model.rules.players
    return [s for s in ((model.turn + k) % n for k in range(1, n)) if can_call(model, s)]


def legal_moves(model: TressModel, seat: int | None = None, limit: int = LAY_DOWN_LIMIT) -> list[Move]:
    """The legal moves of ``seat`` (default: the seat to move), as the engine's ``legal_actions``.

    Empty once the round is over (the model plays one round). In the play phase, see
    :func:`play_moves` (``limit``: the lay-downs looked at, there).
    """
    phase = model.phase
    if seat is None or seat == model.turn:
        if phase == PLAY:
            seat = model.turn
            if model.down[seat]:
                return _play_moves(model, limit)
            # The common play phase is listed here, with quick.may_meet(hand, sets, runs, wrap, distinct,
            # size) written out, rather than in functions of their own: in Pyodide a call costs as much as
            # a third of the test (tests/ai/test_ai_tress_model_quick.py checks that the two agree). It
            # goes on to _play_moves unless the hand certainly holds no lay-down (T-6..T-9, T-12).
            cards = model.held[seat]
            hand = model.hands[seat]
            spades, hearts, diamonds, clubs, joker_row = hand
            jokers = JOKER_COUNT[joker_row]
            size = len(cards)
            meets = False
            if size >= model.least and size != jokers:
                try:
                    low0, high0, w0 = ROW_INFO[spades]
                    low1, high1, w1 = ROW_INFO[hearts]
                    low2, high2, w2 = ROW_INFO[diamonds]
                    low3, high3, w3 = ROW_INFO[clubs]
                    gate = model.run_gate[jokers]  # may_meet's first runs test, worked out per round
                    if not gate or (w0 | w1 | w2 | w3) & gate:
                        sets = model.sets
                        if not sets:
                            meets = True  # runs only: that test was may_meet's answer
                        else:
                            rules = model.rules
                            need = 0
                            if rules.distinct:
                                levels = (LOW_LEVELS[low0 + low1 + low2 + low3]
                                          + HIGH_LEVELS[high0 + high1 + high2 + high3])
                                three = levels % 16
                                if three < sets:
                                    if not jokers or levels // 256 < sets:
                                        need = -1  # too few ranks, or no joker to make up a third card
                                    else:
                                        # Sets short of three naturals: a joker each on a rank held twice, two else.
                                        short, pairs = sets - three, levels // 16 % 16 - three
                                        need = short if short < pairs else pairs  # (no call to min)
                                        need += 2 * (short - need)
                            else:
                                need = max(0, 3 * sets - (size - jokers))
                            runs = model.runs
                            if need >= 0 and runs:
                                allowed = (jokers - need) // runs
                                meets = allowed >= 0 and (rules.wrap or allowed >= 3
                                                          or bool((w0 | w1 | w2 | w3) & WINDOW_BIT[allowed]))
                            elif need >= 0:
                                meets = need <= jokers
                except KeyError:  # a row or a count not met before: the tables are filled there
                    rules = model.rules
                    meets = may_meet(hand, model.sets, model.runs, rules.wrap, rules.distinct, size)
            if meets:
                return _play_moves(model, limit)
            # The common case, found cheaply: no lay-down in the hand (so T-23 does not hold back the
            # discard either): every card but the one taken from the pile (T-14), copied from the hand.
            held = model.held_moves[seat]
            drawn = model.drawn
            if drawn < 0:
                return held[:]
            if cards[-1] == drawn:
                return held[:-1]  # the card just taken from the pile came in last
            moves = held[:]
            del moves[cards.index(drawn)]
            return moves
        if phase > PLAY:
            return []
        if phase == CLAIM:
            return [STOCK_MOVE, DRAW_DISCARD_MOVE, GRANT_MOVE]  # a call is pending: the top is live
        if model.discard and not model.dead:
            return [STOCK_MOVE, DRAW_DISCARD_MOVE]
        return [STOCK_MOVE]
    return [CALL_MOVES[seat]] if can_call(model, seat) else []


def _leaves_discard(model: TressModel, hand: Hand, melds: tuple[tuple[int, ...], ...]) -> bool:
    """T-14: a play of the held cards in ``melds`` (card tuples, no card twice) leaves a card to
    discard other than the one taken from the pile (``out_without_discard``: or no card at all)."""
    left = len(model.held[model.turn])
    for cards in melds:
        left -= len(cards)
    if not left:
        return bool(model.rules.out_without)
    drawn = model.drawn
    if left != 1 or drawn < 0 or not hand[ROW[drawn]] & BIT[drawn]:
        return True
    # The one card left is the card from the pile unless that card is among those played.
    return any(drawn in cards for cards in melds)


NewMeld = tuple[int, int, int, tuple[int, ...], int]
"""A meld of a lay-down move: ``(kind, key, start, cards, jokers)`` (a :data:`MeldT` without its owner)."""


def materialise(hand: Hand, ctx: Ctx, lay: tuple[Sig, ...]) -> tuple[NewMeld, ...]:
    """The melds of a lay-down given as solver signatures, with the lowest physical copies first.

    As the engine's ``solver._materialise``: copies are taken in meld order, a set's naturals by
    suit then its jokers, a run's cards low to high.
    """
    taken = [0, 0, 0, 0]
    jokers = [JOKER0 + copy for copy in range(6) if hand[4] >> copy & 1]
    next_joker = 0
    melds: list[NewMeld] = []
    for sig in lay:
        cards: list[int] = []
        if sig[0] == 0:
            rank, suits, count = cast(SetSig, sig)[1:]
            for suit in range(4):
                for _ in range(suits[suit]):
                    cards.append(_take_copy(hand, taken, suit, rank))
            cards.extend(jokers[next_joker:next_joker + count])
            next_joker += count
            melds.append((SET, rank, 0, tuple(cards), 0))
        else:
            run = cast(RunSig, sig)
            suit, start, mask = run[1], run[2], run[4]
            for i, rank in enumerate(window_for(ctx, run)[2]):
                if mask >> i & 1:
                    cards.append(jokers[next_joker])
                    next_joker += 1
                else:
                    cards.append(_take_copy(hand, taken, suit, rank))
            melds.append((RUN, suit, start, tuple(cards), mask))
    return tuple(melds)


def _take_copy(hand: Hand, taken: list[int], suit: int, rank: int) -> int:
    """The lowest copy of the natural ``rank`` of ``suit`` held and not yet taken (marked taken in ``taken``)."""
    card = (suit * 13 + rank - 2) * 2
    bit = BIT[card]
    if not (hand[suit] & bit and not taken[suit] & bit):
        card += 1
        bit = BIT[card]
    taken[suit] |= bit
    return card


def _lay_downs(model: TressModel, hand: Hand, limit: int) -> list[Move]:
    """The engine's candidate lay-downs (see the module docstring), those that leave a discard.

    The caller has asked :func:`~rummytable.ai.tress.model.quick.may_meet` for the contract; the
    single melds of the ``extra_melds`` option are asked here.
    """
    rules = model.rules
    ctx = rules.ctx
    seat = model.turn
    wrap, distinct = rules.wrap, ctx.distinct
    if model.all_cards:
        found = enumerate_lay_downs(ctx, counts_of(hand), model.sets, model.runs, True, limit)
        return [(LAY_DOWN, 0, 0, materialise(hand, ctx, lay)) for lay in found]
    if not model.down[seat]:
        found = enumerate_lay_downs(ctx, counts_of(hand), model.sets, model.runs, False, limit)
    elif rules.extra:
        found = []
        if may_meet(hand, 1, 0, wrap, distinct):
            found += enumerate_lay_downs(ctx, counts_of(hand), 1, 0, False, limit)
        if may_meet(hand, 0, 1, wrap, distinct):
            found += enumerate_lay_downs(ctx, counts_of(hand), 0, 1, False, limit)
    else:
        return []
    moves = []
    for lay in found:
        melds = materialise(hand, ctx, lay)
        if _leaves_discard(model, hand, tuple(meld[3] for meld in melds)):
            moves.append((LAY_DOWN, 0, 0, melds))
    return moves


def must_lay_down_first(model: TressModel) -> bool:
    """T-23 (``must_lay_down``): the player to move is not down and holds a legal lay-down now.

    Exact, as the engine's ``must_lay_down_first``: the whole hand in round 7 (T-20); else the
    hand less one card he may discard, or with ``out_without_discard`` the whole hand used up.
    """
    seat = model.turn
    if not model.rules.must_lay or model.phase != PLAY or model.down[seat]:
        return False
    ctx = model.rules.ctx
    hand = model.hands[seat]
    if not may_meet(hand, model.sets, model.runs, model.rules.wrap, ctx.distinct):
        return False  # no smaller pool holds one either
    counts = counts_of(hand)
    if model.all_cards:
        return exists(ctx, counts, model.sets, model.runs, all_cards=True)
    if model.rules.out_without and exists(ctx, counts, model.sets, model.runs, all_cards=True):
        return True
    seen = set()
    for card in model.held[seat]:
        if card == model.drawn:
            continue
        index = INDEX[card] if card < JOKER0 else -1
        if index in seen:
            continue
        seen.add(index)
        _take(counts, card, -1)
        found = exists(ctx, counts, model.sets, model.runs)
        _take(counts, card, 1)
        if found:
            return True
    return False


def _take(counts: Counts, card: int, sign: int) -> None:
    if card >= JOKER0:
        counts.jokers += sign
    else:
        counts.cnt[INDEX[card]] += sign
        counts.rc[RANK[card]] += sign


def _any_lay_down(model: TressModel) -> Move | None:
    """The engine's ``_any_lay_down``: the first pool (whole hand with ``out_without_discard``, then the
    hand less each card in the engine's card order) that holds a lay-down, and its first one."""
    seat = model.turn
    ctx = model.rules.ctx
    hand = model.hands[seat]
    pools: list[tuple[Hand, bool]] = []
    if model.all_cards:
        pools.append((hand, True))
    else:
        if model.rules.out_without:
            pools.append((hand, True))
        for card in _CARD_ORDER:
            if hand[ROW[card]] & BIT[card] and card != model.drawn:
                pool = hand[:]
                pool[ROW[card]] -= BIT[card]
                pools.append((pool, False))
    for pool, whole in pools:
        found = enumerate_lay_downs(ctx, counts_of(pool), model.sets, model.runs, whole, 1)
        if found:
            return (LAY_DOWN, 0, 0, materialise(pool, ctx, found[0]))
    return None


def run_end(meld: MeldT, card: int, high: bool, wrap: bool,
             no_adjacent: bool) -> bool:
    """Whether ``card`` may join the run ``meld`` at its high or low end (T-7, T-8, T-9 option, T-13)."""
    start, cards, jokers = meld[3], meld[4], meld[5]
    length = len(cards)
    joker = card >= JOKER0
    if not joker and SUIT[card] != meld[2]:
        return False
    if high:
        value = start + length
        if not wrap or (start == 1 and value == _ACE):
            if value > _ACE:
                return False
        elif length >= 13:
            return False
        if joker:
            return not (no_adjacent and jokers >> (length - 1) & 1)
        return rank_of_value(value, wrap) == RANK[card]
    value = start - 1
    if wrap and value < 1 and not (start == 1 and start + length - 1 == _ACE):
        value = 13
    end = value + length
    if not wrap or (value == 1 and end == _ACE):
        if value < 1 or end > _ACE:
            return False
    elif length >= 13:
        return False
    if joker:
        return not (no_adjacent and jokers & 1)
    return rank_of_value(value, wrap) == RANK[card]


def play_moves(model: TressModel, limit: int = LAY_DOWN_LIMIT) -> list[Move]:
    """The play-phase moves of the seat to move: lay-downs, lay-offs, swaps, discards (T-10, T-12..T-14, T-20, T-23).

    :param limit: lay-downs looked at (per kind of single meld with ``extra_melds``): the engine's
        :data:`LAY_DOWN_LIMIT` lists exactly the engine's moves; a play-out may ask for fewer, which
        gives the first of the same lay-downs (every move listed is still among the engine's).
    """
    return legal_moves(model, None, limit)


def _play_moves(model: TressModel, limit: int) -> list[Move]:
    """:func:`play_moves` once the quick test has not ruled out a lay-down, or for a player who is down."""
    seat = model.turn
    held = model.held_moves[seat]
    cards = model.held[seat]
    hand = model.hands[seat]
    rules = model.rules
    down = model.down[seat]
    moves: list[Move]
    if down:
        moves = _lay_downs(model, hand, limit) if rules.extra else []
    else:
        moves = _lay_downs(model, hand, limit)
    if down and not model.all_cards:
        wrap, no_adjacent = rules.wrap, rules.no_adjacent
        melds = model.melds
        for card in cards:
            if not _leaves_discard(model, hand, ((card,),)):
                continue
            joker = card >= JOKER0
            rank = RANK[card]
            for index, meld in enumerate(melds):
                if meld[1] == SET:
                    if joker or meld[2] == rank:
                        moves.append((LAY_OFF, card, index, 1))
                    continue
                if run_end(meld, card, False, wrap, no_adjacent):
                    moves.append((LAY_OFF, card, index, 0))
                if run_end(meld, card, True, wrap, no_adjacent):
                    moves.append((LAY_OFF, card, index, 1))
        if rules.swap:
            for index, meld in enumerate(melds):
                if meld[1] != RUN or not meld[5]:
                    continue
                start, jokers, suit = meld[3], meld[5], meld[2]
                wanted = 0
                for i in range(len(meld[4])):
                    if jokers >> i & 1:
                        wanted |= 1 << rank_of_value(start + i, wrap)
                for card in cards:
                    if card < JOKER0 and SUIT[card] == suit and wanted >> RANK[card] & 1:
                        moves.append((SWAP, card, index, None))
    if not rules.must_lay or not must_lay_down_first(model):
        drawn = model.drawn
        if drawn < 0:
            moves.extend(held)
        else:
            moves.extend([move for move in held if move[1] != drawn])
    elif not any(m[0] == LAY_DOWN for m in moves):
        extra = _any_lay_down(model)
        if extra is not None:
            moves.append(extra)
    return moves
