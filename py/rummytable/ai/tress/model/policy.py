"""A cheap default policy for Tress play-outs on the search model, and :func:`playout`.

The policy plays greedily, on the model only, close to the normal level (whose judgement the
players at the table follow) with quick readings of a hand (:mod:`~rummytable.ai.tress.model.shape`):

* **"take it"** (T-16..T-18): when a discard is exposed, every seat that may call is asked once,
  from the drawer's left (:func:`~rummytable.ai.tress.model.moves.callers`, the tournament tool's
  order for ties), all on the same position, as the tool asks the bots; a seat not yet down calls
  for a card that :func:`~rummytable.ai.tress.model.shape.builds` on its hand, bringing the
  contract closer (not in round 7). The calls are then made in that order; the engine serves them
  by ``claim_priority``;
* **draw** (T-11, T-17): the top discard when it brings the contract closer (once down: when it
  can be laid off; the drawer's answer to a call too), else the stock, which grants a pending call;
* **plays** (T-12, T-13, T-20): of the first :data:`PLAYOUT_LAY_DOWNS` listed lay-downs, the one
  that sheds the most penalty points (T-2);
  then, while any is listed, a lay-off (natural cards first, jokers last);
* **discard** (T-14): the card that builds least towards the contract
  (:func:`~rummytable.ai.tress.model.shape.usefulness`), of those the one that gives no free lay-off
  to another player who is down (T-13), then the highest-scoring; a joker last; with probability
  :data:`EXPLORE` a random allowed card instead, so that play-outs differ.

Every move comes from :func:`~rummytable.ai.tress.model.moves.legal_moves` /
:func:`~rummytable.ai.tress.model.moves.play_moves` or is one of the draws they list, so the policy
plays legal moves only.
"""

from __future__ import annotations

import random

from rummytable.ai.tress.model.moves import (
    CALL_MOVES,
    DRAW_DISCARD_MOVE,
    STOCK_MOVE,
    callers,
    legal_moves,
    run_end,
)
from rummytable.ai.tress.model.shape import JOKER_USE, builds, usefulness
from rummytable.ai.tress.model.state import (
    CLAIM,
    DISCARD,
    DRAW,
    JOKER0,
    LAY_DOWN,
    LAY_OFF,
    PLAY,
    RANK,
    SET,
    Move,
    TressModel,
    card_points,
    hand_points,
)

__all__ = ["EXPLORE", "PLAYOUT_LAY_DOWNS", "choose_discard", "choose_play", "claim_window", "fits_table",
           "playout", "policy_turn", "standing", "wants_top"]

EXPLORE = 0.1
"""Chance that the policy discards a random allowed card rather than its choice."""

PLAYOUT_LAY_DOWNS = 2
"""Lay-downs the policy looks at (the first of the engine's list): enumerating all 24 would cost
more than the rest of a play-out."""

MAX_PLAYS = 40
"""Plays at most in one turn (a hand holds far fewer cards, so never reached in practice)."""


def fits_table(model: TressModel, card: int) -> bool:
    """True when ``card`` could be laid off on a meld on the table (T-13): a set of its rank, an end
    of a run of its suit; a joker on any set or run end."""
    rules = model.rules
    for meld in model.melds:
        if meld[1] == SET:
            if card >= JOKER0 or meld[2] == RANK[card]:
                return True
        elif run_end(meld, card, True, rules.wrap, rules.no_adjacent) or \
                run_end(meld, card, False, rules.wrap, rules.no_adjacent):
            return True
    return False


def wants_top(model: TressModel, seat: int, card: int) -> bool:
    """Whether ``seat`` takes ``card`` from the discard pile: before going down when it
    :func:`~rummytable.ai.tress.model.shape.builds` on the hand, once down when it can be laid off (T-13)."""
    if model.down[seat]:
        return not model.all_cards and fits_table(model, card)
    return builds(model.hands[seat], card, model.sets, model.runs)


def claim_window(model: TressModel) -> None:
    """Ask every seat that may call, once, on the same position; make the calls in that order (T-16, T-18)."""
    if model.phase != DRAW or not model.discard or model.dead or model.all_cards:
        return
    card = model.discard[-1]
    wanted = [seat for seat in callers(model)
              if not model.down[seat] and builds(model.hands[seat], card, model.sets, model.runs)]
    for seat in wanted:
        model.apply(CALL_MOVES[seat])


def choose_play(model: TressModel, moves: list[Move]) -> Move | None:
    """The lay-down that sheds the most points, else a lay-off (naturals first), else None."""
    best: Move | None = None
    best_points = -1
    lay_off: Move | None = None
    for move in moves:
        if move[0] == LAY_DOWN:
            points = sum(card_points(c) for meld in move[3] for c in meld[3])
            if points > best_points:
                best, best_points = move, points
        elif move[0] == LAY_OFF and (lay_off is None or lay_off[1] >= JOKER0 > move[1]):
            lay_off = move
    return best if best is not None else lay_off


def choose_discard(model: TressModel, moves: list[Move], rng: random.Random, explore: float = EXPLORE) -> Move | None:
    """The policy's discard among ``moves`` (see the module docstring); None when none is listed."""
    discards = [m for m in moves if m[0] == DISCARD]
    if not discards:
        return None
    if explore and rng.random() < explore:
        return rng.choice(discards)
    seat = model.turn
    hand = model.hands[seat]
    sets, runs = model.sets, model.runs
    # A card that can be laid off is a free play for a player who is down (T-13): the normal level
    # weighs that too.
    watch = not model.all_cards and any(down for other, down in enumerate(model.down) if other != seat)
    best: Move | None = None
    best_key = (False, -JOKER_USE - 1, False, -1)
    for move in discards:
        card = move[1]
        key = (card < JOKER0, -usefulness(hand, card, sets, runs), not (watch and fits_table(model, card)),
               card_points(card))
        if key > best_key:
            best, best_key = move, key
    return best


def policy_turn(model: TressModel, rng: random.Random, explore: float = EXPLORE) -> None:
    """Play the rest of the seat to move's turn on ``model``: the call window, the draw, plays, the discard.

    Stops when the round ends (going out, T-15, T-20; the stock, T-21, T-22). Does nothing after the round.
    """
    if model.phase == DRAW:
        claim_window(model)
    if model.phase in (DRAW, CLAIM):
        seat = model.turn
        top_helps = model.discard and not model.dead and wants_top(model, seat, model.discard[-1])
        # With a call pending, the stock grants it first (T-17).
        model.apply(DRAW_DISCARD_MOVE if top_helps else STOCK_MOVE)
    if model.phase != PLAY:
        return
    seat = model.turn
    for _ in range(MAX_PLAYS):
        moves = legal_moves(model, None, PLAYOUT_LAY_DOWNS)  # play_moves, one call fewer
        move = choose_play(model, moves)
        if move is None:
            discard = choose_discard(model, moves, rng, explore)
            if discard is None:  # pragma: no cover - a play phase always lists a discard or a lay-down
                return
            model.apply(discard)
            return
        model.apply(move)
        if model.phase != PLAY or model.turn != seat:
            return
    model.apply(next(m for m in model.held_moves[seat] if m[1] != model.drawn))


def standing(model: TressModel) -> list[int]:
    """Each seat's total as if the round ended now: totals so far plus the cards held (T-2, T-15)."""
    if model.points is not None:
        return list(model.scores)
    return [total + hand_points(hand) for total, hand in zip(model.scores, model.hands)]


def playout(state: TressModel, rng: random.Random, turns: int) -> list[int]:
    """Play ``turns`` whole turns from ``state`` with the policy (on a copy); return each seat's point delta.

    The first turn finishes the current one. The play-out stops early at the end of the round,
    which is scored exactly (T-15, T-21, T-22).

    :returns: per seat, :func:`standing` after minus before, in points.
    """
    model = state.copy()
    before = standing(model)
    for _ in range(turns):
        if model.phase > PLAY:
            break
        policy_turn(model, rng)
    return [after - start for after, start in zip(standing(model), before)]
