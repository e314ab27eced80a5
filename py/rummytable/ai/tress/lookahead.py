"""Look-ahead for the hard Tress player: candidate discards tried on sampled deals.

For each sampled deal of the unseen cards (:func:`~rummytable.ai.tress.determinize.sample_world`)
every candidate discard is played out on the *same* deal (common random numbers, so
the comparison is not drowned by the luck of the sample):

1. **what the discard gives away** - would the next player take it for free, would
   another player call "take it" for it (T-16), could a player who is down lay it off;
2. **how soon the seat makes its contract** - a short rollout of the seat's own next
   draws from that deal's stock, discarding quickly (the highest deadwood card), adding
   up how far from the contract it stays turn by turn until the contract can be laid
   (rounds 1-6) or the whole hand fits (round 7, T-20), then the cards still to shed.

The average over deals is in the cost currency of :mod:`rummytable.ai.tress.policy`;
the hard level uses it to settle close calls between the normal level's best options.
The work stops at a fixed number of deals or when the decision's work budget is used
up, whichever comes first; a deal once started is finished, so every candidate is
compared on the same deals.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rummytable.ai.tress.determinize import World, sample_world
from rummytable.ai.tress.eval import HandEval, HandShape
from rummytable.ai.tress.policy import DISTANCE_COST, TressTurn
from rummytable.cards import Card
from rummytable.tress.scoring import card_points

FEED_NEXT = 30.0
"""Cost when the discard brings the next player's contract a card closer (he takes it for free)."""

FEED_CLAIM = 12.0
"""Cost when another player would call for the discard to bring his contract within a card."""

FEED_LAY_OFF = 25.0
"""Cost when a player who is down could lay the discard off."""

LEFT_OVER = 0.25
"""Turns charged per card left outside the contract when it is laid (it must be shed later)."""




def _face(card: Card) -> tuple[int, str] | None:
    return None if card.is_joker else (card.rank, card.suit or "")


def _fits(turn: TressTurn, found: HandEval) -> bool:
    """True when a hand just after its draw can be laid as the contract (round 7: entirely)."""
    if turn.all_cards:
        return found.fill == 0 and found.loose == 0
    return found.distance == 0


def _shed(turn: TressTurn, shape: HandShape, found: HandEval) -> HandShape:
    """Drop the card the quick policy would discard: the highest deadwood, never a joker."""
    worst: tuple[int, tuple[int, str]] | None = None
    for face in shape.counts:
        if face in found.useful:
            continue
        points = card_points(Card(face[0], face[1]))
        if worst is None or points > worst[0]:
            worst = (points, face)
    if worst is None:
        for face in shape.counts:
            points = card_points(Card(face[0], face[1]))
            if worst is None or points < worst[0]:
                worst = (points, face)
    if worst is None:
        return shape.without(None)
    return shape.without(worst[1])


def rollout(turn: TressTurn, shape: HandShape, draws: Sequence[Card]) -> float:
    """How far from its contract the seat stays while drawing ``draws`` in order, summed over the turns.

    After each draw the distance still missing is added up (so a hand that gets there
    sooner scores less), then the quick discard follows. Once the contract fits, the cards
    left outside it (to be shed one a turn) are charged instead.

    :returns: the sum, in cards (0 when the hand fits at once with nothing left over).
    """
    total = 0.0
    found = turn.evaluate(shape)
    for card in draws:
        shape = shape.plus(_face(card))
        found = turn.evaluate(shape)
        if _fits(turn, found):
            left = 0 if turn.all_cards else shape.size - sum(len(p.used) for p in found.plan) - shape.jokers
            return total + LEFT_OVER * max(0, left - 1)
        total += found.distance
        shape = _shed(turn, shape, found)
    return total + found.distance


def _my_draws(world: World, players: int, horizon: int) -> list[Card]:
    """The stock cards the seat would draw on its next turns if everybody draws from the stock."""
    stock = world.stock
    picks: list[Card] = []
    for turn_no in range(1, horizon + 1):
        index = len(stock) - turn_no * players
        if index < 0:
            break
        picks.append(stock[index])
    return picks


def feed_cost(turn: TressTurn, world: World, card: Card, base: dict[int, int]) -> float:
    """What ``card`` on the discard pile gives the other players in ``world``."""
    cost = 0.0
    nxt = (turn.seat + 1) % turn.players
    layable = bool(turn.lay_off_targets(card))
    face = _face(card)
    for seat in range(turn.players):
        if seat == turn.seat:
            continue
        if turn.down[seat]:
            if layable:
                cost += FEED_LAY_OFF * (1.0 if seat == nxt else 0.5)
            continue
        if turn.all_cards:
            continue
        before = base[seat]
        after = turn.evaluate(HandShape.of(world.hands[seat]).plus(face)).distance
        if after < before:
            if seat == nxt:
                cost += FEED_NEXT * (1.5 if after == 0 else 1.0)
            elif after <= 1:
                cost += FEED_CLAIM
    return cost


def lookahead_discards(turn: TressTurn, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]],
                       candidates: Sequence[tuple[float, Card]], rng: random.Random,
                       worlds: int, horizon: int) -> list[tuple[float, Card]]:
    """Re-rank candidate discards by sampled look-ahead; returns ``(cost, card)`` best first.

    The cost is the average rollout (the distance kept per turn, times
    :data:`~rummytable.ai.tress.policy.DISTANCE_COST`)
    plus what the discard gives away, plus the penalty points at risk as the normal
    level weighs them. Stops early once the turn's budget is used up; with no deal sampled the
    candidates come back as given.
    """
    if len(candidates) <= 1:
        return list(candidates)
    hand = HandShape.of(turn.hand)
    totals = [0.0] * len(candidates)
    done = 0
    largest = 0
    budget = turn.budget
    for _ in range(worlds):
        # A deal is started only when the largest one so far still fits in the work left,
        # so every candidate is compared on the same deals and the budget is kept.
        if budget.over() or (budget.units is not None and budget.used + largest > budget.units):
            break
        before = budget.used
        world = sample_world(view, log, rng, turn.counter)
        # Round 7: what a discard gives away is not weighed (feed_cost), so the opponents'
        # hands need no evaluation.
        base = {} if turn.all_cards else {
            seat: turn.evaluate(HandShape.of(world.hands[seat])).distance
            for seat in range(turn.players) if seat != turn.seat and not turn.down[seat]}
        draws = _my_draws(world, turn.players, horizon)
        values: list[float] = []
        for _, card in candidates:
            shape = hand.without(_face(card))
            value = DISTANCE_COST * rollout(turn, shape, draws) / max(1, len(draws))
            values.append(value + feed_cost(turn, world, card, base))
            if budget.units is not None and budget.used > budget.units:
                break
        if len(values) < len(candidates):
            # The deal ran past the budget: dropped whole, so the candidates stay paired.
            break
        totals = [total + value for total, value in zip(totals, values)]
        done += 1
        largest = max(largest, budget.used - before)
    if not done:
        return list(candidates)
    ranked = []
    for index, (_, card) in enumerate(candidates):
        shape = hand.without(_face(card))
        ranked.append((totals[index] / done + turn.points_cost(shape), card))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return ranked
