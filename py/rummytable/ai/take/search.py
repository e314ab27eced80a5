"""Determinized search for the hard Take bot, on the search model (:mod:`rummytable.ai.take.model`).

Each option - a whole planned turn, or a draw - is played in the same sampled deals
(:func:`rummytable.ai.take.determinize.determinize_take`: the unseen cards dealt again
consistently with the seat's view, weighted by what each opponent did), on the fast model
rather than the rules engine, and the hand is then played on to its end by a cheap policy
for every seat (:func:`policy_turn`: the opponents' replies are played out, not fixed, and
differ from deal to deal with their sampled hands). A deal is worth the hand's points from
the seat's side: its points less the opponents' (K-17), exact when the hand ended within
:data:`HORIZON` turns, else as if it ended then. The deals, the stock order and the
policy's random choices are shared by all options (common random numbers).

The work is counted in model turns (:class:`TurnBudget`): deals are played until the
turns run out and a deal that runs past them is dropped whole, so the result is a pure
function of the position and the seed; the decision's safety clock is checked before
every deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rummytable.ai.base import Budget
from rummytable.ai.take.determinize import determinize_take
from rummytable.ai.take.eval import Play
from rummytable.ai.take.knowledge import TakeKnowledge
from rummytable.ai.take.model.convert import card_id, model_from_state, rules_from_options, to_action
from rummytable.ai.take.model.moves import DISCARD_MOVES, DRAW_DISCARD_MOVE, STOCK_MOVE, legal_moves, play_moves
from rummytable.ai.take.model.policy import choose_discard, choose_play, standing
from rummytable.ai.take.model.state import DRAW, PLAY, Move, TakeModel
from rummytable.cards import Card

HORIZON = 40
"""Whole turns at most a play-out covers after the option's turn (a heads-up hand rarely lasts that long)."""


@dataclass(frozen=True)
class Option:
    """One option for the search: its first action, and the rest of the turn when planned.

    :ivar action: the engine action JSON played now (one of the view's legal actions).
    :ivar plays: the meld plays of the turn after ``action`` (``action``'s own play not repeated).
    :ivar discard: the discard ending the turn, or None: the policy finishes the turn.
    """

    action: dict[str, Any]
    plays: tuple[Play, ...] = ()
    discard: Card | None = None


def find_move(model: TakeModel, action: dict[str, Any], moves: list[Move] | None = None) -> Move | None:
    """The model move of ``model``'s legal moves whose engine action JSON is ``action``, or None."""
    for move in moves if moves is not None else legal_moves(model):
        if to_action(model, move).to_json() == action:
            return move
    return None


def _play_move(model: TakeModel, play: Play) -> Move | None:
    """The model move of the meld play ``play`` for the seat to move, or None when it is not legal."""
    for move in play_moves(model):
        if play.matches(to_action(model, move).to_json()):
            return move
    return None


def option_moves(model: TakeModel, option: Option) -> list[Move] | None:
    """The model moves of ``option`` from ``model`` (played on a copy), or None when one is not legal there.

    The moves do not depend on hidden cards (the seat's hand and the table are known), so
    they are found once and replayed in every sampled deal.
    """
    work = model.copy()
    seat = work.turn
    first = find_move(work, option.action)
    if first is None:
        return None
    moves = [first]
    work.apply(first)
    if first == STOCK_MOVE:
        # The drawn card differs from deal to deal: the policy plays the rest of the turn.
        return moves
    for play in option.plays:
        if work.phase != PLAY or work.turn != seat:
            return moves
        move = _play_move(work, play)
        if move is None:
            return moves
        moves.append(move)
        work.apply(move)
    if option.discard is not None and work.phase == PLAY and work.turn == seat:
        card = card_id(option.discard)
        if work.drawn != card and work.hands[seat] >> card & 1:
            moves.append(DISCARD_MOVES[card])
    return moves


class TurnBudget:
    """Work of one search in model turns, with the decision's :class:`Budget` (its safety clock) behind it.

    :ivar turns: model turns allowed. :ivar used: model turns played so far.
    """

    def __init__(self, turns: int, budget: Budget) -> None:
        """Allow ``turns`` model turns; ``budget`` supplies the safety clock."""
        self.turns = turns
        self.used = 0
        self.budget = budget

    def over(self) -> bool:
        """True once the turns are used up or the safety clock fired."""
        return self.used >= self.turns or self.budget.clock_fired()


def _finish(model: TakeModel, rng: random.Random, horizon: int, work: TurnBudget) -> None:
    """Play on with the policy until the hand ends or ``horizon`` turns are played (each counted in ``work``)."""
    hand_no = model.hand_no
    for _ in range(horizon):
        if model.phase not in (DRAW, PLAY) or model.hand_no != hand_no:
            return
        policy_turn(model, rng)
        work.used += 1


def value(model: TakeModel, seat: int, before: list[int]) -> float:
    """Points for ``seat`` less the opponents' (weighted 0.6 each with 3-4 players) since ``before``.

    :param before: each seat's total with the hand as if it ended then (:func:`standing`).
    :returns: the change of the totals' difference: exact when the hand ended (K-17), else
        with the hand counted as if it ended now.
    """
    delta = [a - b for a, b in zip(standing(model), before)]
    others = [d for s, d in enumerate(delta) if s != seat]
    weight = 1.0 if len(delta) == 2 else 0.6
    return delta[seat] - weight * sum(others)


def _rest_of_turn(model: TakeModel, rng: random.Random) -> None:
    """The policy's plays (the best-gaining one while any gains, K-9..K-14), then its safe discard (K-10)."""
    seat = model.turn
    for _ in range(16):
        move = choose_play(model)
        if move is None:
            break
        model.apply(move)
        if model.phase != PLAY or model.turn != seat:
            return
    model.apply(safe_discard(model, rng))


def safe_discard(model: TakeModel, rng: random.Random) -> Move:
    """The discard of the player to move (K-10): the model policy's (:func:`choose_discard`), but not a card
    that joins a sequence on the table at an end while another card may go - such a card would give the
    next player a take-over (K-12) or a longer sequence, which normal never throws."""
    move = choose_discard(model, rng)
    card = move[1]
    touch = model.touch
    if card >= 52 or not touch >> card & 1:
        return move
    # The one place that reads the hand's bits: hide the feeding cards from the policy's choice.
    seat = model.turn
    hand = model.hands[seat]
    free = hand if model.drawn < 0 else hand & ~(1 << model.drawn)
    if not free & ~touch:
        return move
    model.hands[seat] = hand & ~(touch & free)
    try:
        return choose_discard(model, rng)
    finally:
        model.hands[seat] = hand


def policy_turn(model: TakeModel, rng: random.Random) -> None:
    """One whole turn of the play-out policy for the seat to move: :func:`policy_draw`, then the
    plays that gain points now, best first (:func:`choose_play`), then :func:`safe_discard`.

    Does nothing after the hand; stops when a play ends it (going out by melding, K-10 option).
    """
    if model.phase == DRAW:
        policy_draw(model)
    if model.phase == PLAY:
        _rest_of_turn(model, rng)


def policy_draw(model: TakeModel) -> None:
    """The policy's draw (K-8): the top discard when the best play after taking it uses it, else the stock."""
    if model.stock and model.discard:
        card = model.discard[-1]
        probe = model.copy()
        probe.apply(DRAW_DISCARD_MOVE)
        best = choose_play(probe)
        model.apply(DRAW_DISCARD_MOVE if best is not None and card in best[3] else STOCK_MOVE)
    else:
        model.apply(STOCK_MOVE if model.stock else DRAW_DISCARD_MOVE)


def search(view: dict[str, Any], log: list[dict[str, Any]], know: TakeKnowledge, options: list[Option],
           rng: random.Random, worlds: int, work: TurnBudget,
           horizon: int = HORIZON) -> tuple[list[float], list[float], int]:
    """Compare ``options`` (the first is normal's choice) over up to ``worlds`` sampled deals.

    :param options: all legal for the seat to move in ``view`` (one that is not scores -1000).
    :param work: the work budget in model turns (its ``used`` counts them); the deal that
        runs past it is dropped whole and not counted (unless it is the first), so every
        option is scored on the same deals; its safety clock is checked before every deal.
    :param horizon: turns at most played after each option's own turn.
    :returns: per option its mean :func:`value`; per option the standard error of its mean
        difference to the first option (paired over the deals); the number of deals used.
    """
    seat = int(view["seat"])
    rules = None
    plans: list[list[Move] | None] | None = None
    rows: list[list[float]] = []
    for _ in range(worlds):
        if work.over():
            break
        game = determinize_take(view, log, random.Random(rng.getrandbits(64)), know)
        if rules is None:
            rules = rules_from_options(game.state.options)
        model = model_from_state(game.state, rules)
        if plans is None:
            plans = [option_moves(model, o) for o in options]
        before = standing(model)
        seed = rng.getrandbits(64)
        row: list[float] = []
        start = work.used
        for moves in plans:
            if moves is None:
                row.append(-1000.0)
                continue
            branch = model.copy()
            for move in moves:
                branch.apply(move)
            play_rng = random.Random(seed)
            if branch.phase in (DRAW, PLAY) and branch.turn == seat:
                policy_turn(branch, play_rng)
            work.used += 1
            _finish(branch, play_rng, horizon, work)
            row.append(value(branch, seat, before))
        if work.used > work.turns and rows:
            work.used = start
            break
        rows.append(row)
    done = len(rows)
    if not done:
        return [0.0] * len(options), [0.0] * len(options), 0
    means = [sum(r[i] for r in rows) / done for i in range(len(options))]
    errors = []
    for i in range(len(options)):
        diffs = [r[i] - r[0] for r in rows]
        mean = sum(diffs) / done
        var = sum((d - mean) ** 2 for d in diffs) / max(1, done - 1)
        errors.append((var / done) ** 0.5)
    return means, errors, done


__all__ = ["HORIZON", "Option", "TurnBudget", "find_move", "option_moves", "policy_draw", "policy_turn", "safe_discard",
           "search", "value"]
