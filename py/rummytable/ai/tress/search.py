"""Search for the hard Tress player: candidate moves played out on sampled deals of the round.

For each sampled deal of the unseen cards (:func:`~rummytable.ai.tress.determinize.sample_world`,
consistent with the seat's view and the public log) the round is put on the play-out model
(:mod:`rummytable.ai.tress.model`); every candidate is applied to a copy of the *same* deal
and the round is played to its end (T-15, T-21, T-22) by the model's greedy policy for every
seat, the calls of "take it" included (T-16..T-18): the other players' replies are played, not
assumed. The round's points then score the candidate from the seat's side: what the other
players took on average less what the seat took (T-2, T-15), in points. A play-out may instead
stop after a few turns (``horizon``) and be valued by every seat's expected total at the round's
end (:func:`~rummytable.ai.tress.model.leaf.expected_totals`, fitted to play-outs): far less noise
for the same candidates, so many more deals fit the same budget and a smaller gap is told from luck.

Every candidate is tried on the same deals with the same policy choices (common random numbers),
so the comparison measures the move, not the luck of the sample; in each deal every seat draws
its own share of the stock (:class:`~rummytable.ai.tress.model.seat_stock.SeatStockModel`), so
that a candidate which changes who draws when does not deal every later draw anew. The work is
counted in model turns (a work budget, :class:`~rummytable.ai.base.Budget`): a decision is a pure
function of the view, the log and the seed on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rummytable.ai.base import Budget
from rummytable.ai.paired import paired_means
from rummytable.ai.tress.determinize import sample_world
from rummytable.ai.tress.eval import CardCounter
from rummytable.ai.tress.model.convert import card_id, model_from_deal, rules_from_options
from rummytable.ai.tress.model.leaf import expected_totals
from rummytable.ai.tress.model.moves import DISCARD_MOVES
from rummytable.ai.tress.model.policy import policy_turn, standing
from rummytable.ai.tress.model.seat_stock import SeatStockModel
from rummytable.ai.tress.model.state import PLAY, Move, TressModel
from rummytable.cards import Card
from rummytable.tress.options import TressOptions

TURN_UNITS = 3
"""Work units charged per model turn played (a model turn costs about three evaluation steps'
time, so the hard level's units keep their meaning)."""

MAX_TURNS = 400
"""Turns at most in one play-out (a round ends long before; a guard against a stalled one)."""


@dataclass
class Comparison:
    """The result of :func:`compare_moves`.

    :ivar means: per candidate, the mean value over the deals (points: the other players' average
        gain less the seat's own, so higher is better).
    :ivar errors: per candidate, the standard error of its mean difference to the first candidate.
    :ivar deals: deals played (0 when none finished).
    """

    means: list[float]
    errors: list[float]
    deals: int


def world_model(view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], rng: random.Random,
                counter: CardCounter | None = None) -> TressModel:
    """One sampled deal of the cards the seat cannot see, as a play-out model of the round
    (the model of :func:`~rummytable.ai.tress.determinize.determinize`'s game, made directly)."""
    world = sample_world(view, log, rng, counter)
    rules = rules_from_options(TressOptions.from_json(dict(view["options"])))
    return model_from_deal(view, world.hands, world.stock, world.pile, rng.randrange(2**31), rules)


def play_to_end(model: TressModel, rng: random.Random, explore: float = 0.0, limit: int = MAX_TURNS) -> int:
    """Play ``model`` on to the end of the round with the policy, ``limit`` turns at most; returns the
    turns played.

    :param explore: the policy's chance of a random discard (0: none, so that the play-outs of
        two candidates on one deal part only where the candidates' own effects part them).
    :param limit: turns at most (a play-out stopped there is valued as it stands, :func:`standing`).
    """
    turns = 0
    while model.phase <= PLAY and turns < limit:
        policy_turn(model, rng, explore)
        turns += 1
    return turns


def value_for(seat: int, before: Sequence[float], after: Sequence[float]) -> float:
    """The seat's value of a play-out: the others' average points taken less its own (T-2)."""
    gains = [b - a for a, b in zip(before, after)]
    others = [g for s, g in enumerate(gains) if s != seat]
    return sum(others) / max(1, len(others)) - gains[seat]


def compare_discards(view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], cards: Sequence[Card],
                     rng: random.Random, deals: int, budget: Budget, turn_budget: int,
                     counter: CardCounter | None = None, horizon: int = 0) -> Comparison:
    """Compare discarding each of ``cards`` (T-14) by play-outs: :func:`compare_moves` with their discards.

    :param cards: the candidates, the normal level's choice first; each must be a legal discard.
    """
    return compare_moves(view, log, [DISCARD_MOVES[card_id(card)] for card in cards], rng, deals, budget,
                         turn_budget, counter, horizon)


def compare_moves(view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], moves: Sequence[Move],
                  rng: random.Random, deals: int, budget: Budget, turn_budget: int,
                  counter: CardCounter | None = None, horizon: int = 0) -> Comparison:
    """Compare ``moves`` of the seat to move by play-outs to the end of the round, or ``horizon`` turns.

    :param moves: the candidates as model moves, the normal level's choice first; each must be
        legal for the seat in every deal of the view (its discards in the play phase, T-14; the
        stock or the top discard in the draw, T-11, or answering a call, T-17).
    :param deals: sampled deals at most.
    :param turn_budget: model turns at most for the whole comparison; a deal is started only
        while the largest deal so far still fits, and a deal cut short is dropped whole, so
        the candidates stay paired. One play-out gets at most its share of the budget (a round 7
        whose contract nobody meets can run on for hundreds of turns, T-20, T-21): it is then
        valued as it stands, the same way for every candidate.
    :param horizon: turns a play-out runs before it is valued by each seat's expected points at
        the round's end (:func:`~rummytable.ai.tress.model.leaf.expected_totals`, fitted for rounds
        1-6); 0 plays to the end of the round. A round that ends sooner is scored exactly.
    :returns: the :class:`Comparison` (``deals`` 0 when none was played).
    """
    seat = int(view["seat"])
    counter = counter or CardCounter(view, log)
    rows: list[list[float]] = []
    limit = max(1, min(MAX_TURNS, turn_budget // max(1, len(moves))))
    if horizon:
        limit = min(limit, horizon)
    used = 0
    largest = 0
    for _ in range(deals):
        if budget.over() or used + largest > turn_budget:
            break
        # Each seat draws its own share of the stock, so a candidate that changes who draws when
        # does not reshuffle every later draw of the round (common random numbers).
        base = SeatStockModel.of(world_model(view, log, random.Random(rng.getrandbits(64)), counter))
        start = standing(base)
        policy_seed = rng.getrandbits(64)
        row: list[float] = []
        spent = 0
        for move in moves:
            model = base.copy()
            model.apply(move)
            spent += play_to_end(model, random.Random(policy_seed), limit=limit)
            row.append(value_for(seat, start, expected_totals(model) if horizon else standing(model)))
        used += spent
        largest = max(largest, spent)
        budget.spend(spent * TURN_UNITS)
        if budget.clock_fired():
            break
        rows.append(row)
    means, errors = paired_means(rows, len(moves))
    return Comparison(means, errors, len(rows))


__all__ = ["MAX_TURNS", "TURN_UNITS", "Comparison", "compare_discards", "compare_moves", "play_to_end", "value_for",
           "world_model"]
