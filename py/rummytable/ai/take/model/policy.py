"""A cheap default policy for Take play-outs on the search model, and :func:`playout`.

The policy (:func:`policy_turn`) plays one whole turn for the seat to move, greedily:

* **draw** (K-8): the top discard when a play with it would score (it may not be discarded
  again this turn, K-10), else the stock;
* **plays** (K-9..K-14): while some lay-down or extension gains points, the one that gains
  most: a lay-down or an extension of one's own sequence gains its table points plus the hand
  points it saves (K-17); a take-over above another player's top (K-12) also gains the whole
  sequence's points from its old owner; a block below another player's bottom (K-13) gains
  the hand points saved less the points given to that owner;
* **discard** (K-10, K-16): the highest-scoring loose card (no natural of its suit within two
  values in hand; jokers are never loose), else the highest non-joker, else a joker; with
  probability :data:`EXPLORE` a random allowed card instead, so that play-outs differ.

Every move comes from :func:`~rummytable.ai.take.model.moves.legal_moves` or
:func:`~rummytable.ai.take.model.moves.play_moves`, so the policy only plays legal moves.
"""

from __future__ import annotations

import random

from rummytable.ai.take.model.moves import DISCARD_MOVES, DRAW_DISCARD_MOVE, STOCK_MOVE, VALUES, play_moves
from rummytable.ai.take.model.state import (
    BIT,
    DRAW,
    LAY,
    MATCH_OVER,
    PLAY,
    ROUND_OVER,
    ROW,
    Move,
    TakeModel,
    card_points,
    sequence_points,
)

__all__ = ["EXPLORE", "choose_discard", "choose_play", "playout", "policy_turn", "standing"]

EXPLORE = 0.1
"""Chance that the policy discards a random allowed card rather than its choice."""

MAX_PLAYS = 16
"""Plays at most in one turn (a hand holds at most 15 cards, so never reached in practice)."""


def _gain(model: TakeModel, move: Move) -> int:
    """Points ``move`` gains the player to move, counted as the hand would end now (K-12, K-13, K-17)."""
    seat = model.turn
    rules = model.rules
    cards = move[3]
    relief = sum(card_points(c) for c in cards)
    if move[0] == LAY:
        return relief + sequence_points((seat, 0, move[1], cards, 0, 0, 0, 0), rules)
    seq = model.seqs[move[1]]
    owner, suit, start, old = seq[0], seq[1], seq[2], seq[3]
    before = sequence_points(seq, rules)
    new_start = start if move[2] else start - len(cards)
    after = sequence_points((owner, suit, new_start, old + cards if move[2] else cards + old, 0, 0, 0, 0), rules)
    if owner == seat:
        return relief + after - before
    if move[2]:
        return relief + after + before
    return relief - (after - before)


def choose_play(model: TakeModel) -> Move | None:
    """The play that gains the most points now (see the module docstring), or None when none gains any."""
    best: Move | None = None
    best_gain = 0
    for move in play_moves(model):
        gain = _gain(model, move)
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def _near_values(value: int) -> int:
    """The run values (bits 1..14) within two of ``value``, other than ``value`` itself."""
    return (((1 << (min(14, value + 2) + 1)) - 1) ^ ((1 << max(1, value - 2)) - 1)) & ~(1 << value)


_NEAR = (*[_near_values(rank + 2) for rank in range(12)],
         (_near_values(14) | _near_values(1)) & ~(1 << 1) & ~(1 << 14))
"""By rank index 0..12 (2..ace): the values of the naturals that make a card not loose (an ace is low or high)."""


_POINTS_KEY = tuple(card_points(card) * 64 + card for card in range(54))
"""Per card: its points (K-2) then its number, as one integer to compare."""


def _cards(rows: list[int]) -> list[int]:
    """The cards of a hand's rows (suits 0..3, then the jokers' row), lowest first."""
    cards = []
    for slot, row in enumerate(rows):
        while row:
            low = row & -row
            cards.append(slot * 13 + low.bit_length() - 1)
            row ^= low
    return cards


def choose_discard(model: TakeModel, rng: random.Random) -> Move:
    """The policy's discard for the player to move (K-10): see the module docstring.

    :raises ValueError: when the player holds no card he may discard (cannot happen in a legal play phase).
    """
    hand = model.hands[model.turn]
    drawn = model.drawn
    free = hand[:]
    if drawn >= 0:
        free[ROW[drawn]] &= ~BIT[drawn]
    if not any(free):
        raise ValueError("no card may be discarded (K-10)")
    if rng.random() < EXPLORE:
        return DISCARD_MOVES[rng.choice(_cards(free))]
    best_loose = best_natural = -1
    for suit in range(4):
        row = free[suit]
        values = VALUES[hand[suit]]
        while row:
            low = row & -row
            rank = low.bit_length() - 1
            row ^= low
            # Highest points first, then the highest card number (as max over (points, card)).
            key = _POINTS_KEY[suit * 13 + rank]
            if not values & _NEAR[rank]:
                if key > best_loose:
                    best_loose = key
            elif key > best_natural:
                best_natural = key
    best = best_loose if best_loose >= 0 else best_natural
    if best >= 0:
        return DISCARD_MOVES[best % 64]
    return DISCARD_MOVES[53 if free[4] & 2 else 52]


def _discard_is_useful(model: TakeModel) -> bool:
    """True when the top discard, taken now, would be part of a play that gains points."""
    seat = model.turn
    card = model.discard[-1]
    hand = model.hands[seat]
    row, bit = ROW[card], BIT[card]
    touch = model.touch
    # Without a joker, a card joins a new sequence only next to naturals of its suit
    # within two values, and a sequence only in a block from a card next to its end.
    if card < 52 and not hand[4] and not (hand[0] & touch[0] or hand[1] & touch[1] or hand[2] & touch[2]
                                          or hand[3] & touch[3] or bit & touch[row]) \
            and not VALUES[hand[row]] & _NEAR[card % 13]:
        return False
    hand[row] |= bit
    model.drawn = card
    try:
        return any(card in move[3] and _gain(model, move) > 0 for move in play_moves(model))
    finally:
        hand[row] ^= bit
        model.drawn = -1


def policy_turn(model: TakeModel, rng: random.Random) -> None:
    """Play the rest of the seat to move's turn on ``model`` with the policy (draw, plays, discard).

    Stops early when a play ends the hand (going out by melding, K-10 option). Does nothing
    after a hand or the match.
    """
    if model.phase == DRAW:
        if not model.stock or (model.discard and _discard_is_useful(model)):
            model.apply(DRAW_DISCARD_MOVE)
        else:
            model.apply(STOCK_MOVE)
    if model.phase != PLAY:
        return
    seat = model.turn
    for _ in range(MAX_PLAYS):
        move = choose_play(model)
        if move is None:
            break
        model.apply(move)
        if model.phase != PLAY or model.turn != seat:
            return
    model.apply(choose_discard(model, rng))


def standing(model: TakeModel) -> list[int]:
    """Each seat's total as if the hand ended now: cumulative scores plus the hand so far (K-17)."""
    if model.phase in (ROUND_OVER, MATCH_OVER):
        return list(model.scores)
    return [total + points for total, points in zip(model.scores, model.points())]


def playout(state: TakeModel, rng: random.Random, turns: int) -> list[int]:
    """Play ``turns`` whole turns from ``state`` with the policy (on a copy); return each seat's point delta.

    The first turn finishes the current one (from the draw or the play phase). The play-out
    stops early at the end of the hand (K-16, K-19), which is scored exactly (K-17).

    :returns: per seat, :func:`standing` after minus before, in points (the hand's score
        change if it ended now, or its exact score change when it ended).
    """
    model = state.copy()
    before = standing(model)
    for _ in range(turns):
        if model.phase not in (DRAW, PLAY):
            break
        policy_turn(model, rng)
    return [after - start for after, start in zip(standing(model), before)]
