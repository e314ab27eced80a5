"""Look-ahead for the hard Take bot: candidate moves played out in sampled deals.

For each sampled world (:func:`rummytable.ai.take.determinize.determinize_take`) every
candidate is applied to a copy of the same world and the game is played on by a fast
policy for every seat: the seat's own turn to its end (a candidate from the play phase
carries its whole planned turn, which needs no hidden card, so it is played exactly),
one turn of each opponent, then - with :data:`HORIZON` 2 - the seat's next turn, and
the world is scored from the seat's side. The worlds, the stock order and the policy's
choices are shared by all candidates (common random numbers), so the comparison
measures the move, not the luck of the sample. The number of play-outs is fixed by the
caller (a work budget); the safety clock is checked before every single play-out, so a
decision on a very slow device ends within about one play-out of it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rummytable.ai.base import Budget
from rummytable.ai.paired import paired_means
from rummytable.ai.take.determinize import determinize_take
from rummytable.ai.take.eval import Evaluator, Play, Turn, Weights
from rummytable.ai.take.knowledge import TakeKnowledge, full_deck
from rummytable.cards import Card
from rummytable.game import Phase, RulesError
from rummytable.take.actions import Discard, DrawDiscard, DrawStock, Extend, LayDown
from rummytable.take.game import TakeGame
from rummytable.take.scoring import card_points

HORIZON = 2
"""Turns of the seat itself a play-out covers: 2 = this turn, every opponent's next turn
and the seat's next turn (its answer to a take-over or a fed card is part of the value)."""


@dataclass(frozen=True)
class Candidate:
    """One option compared by look-ahead.

    :ivar action: the action JSON played now (one of the view's legal actions).
    :ivar plays: the rest of the turn as planned after ``action`` (play phase only): every
        meld play in order, ``action``'s own play first when it is a play.
    :ivar discard: the planned discard ending the turn (None: none planned, or a draw).
    :ivar planned: True when ``plays`` and ``discard`` are the whole turn; False for a
        draw, whose turn the rollout policy plays in each world (the drawn card differs).
    """

    action: dict[str, Any]
    plays: tuple[Play, ...] = ()
    discard: Card | None = None
    planned: bool = False

ROLLOUT = Weights(nodes=40)
"""The policy inside look-ahead: normal's judgement with a smaller search."""

_DECK = full_deck()


def seat_knowledge(game: TakeGame, seat: int) -> TakeKnowledge:
    """What ``seat`` could know in a simulated world (its hand, the table, the whole discard pile)."""
    state = game.state
    visible = set(state.hands[seat]) | set(state.discard)
    for seq in state.sequences.values():
        visible.update(seq.meld.cards)
    unseen = [c for c in _DECK if c not in visible]
    known: list[set[Card]] = [set() for _ in state.hands]
    known[seat] = set(state.hands[seat])
    return TakeKnowledge(seat, unseen, known, list(state.discard), True, [len(h) for h in state.hands],
                         len(state.stock))


def _turn(game: TakeGame, seat: int) -> Turn:
    state = game.state
    return Turn(tuple(sorted(state.hands[seat])), dict(state.sequences), state.next_id, state.drawn_from_discard)


def _apply_play(game: TakeGame, seat: int, play: Play) -> None:
    if play.kind == "lay_down":
        game.apply(LayDown(seat, play.cards))
    else:
        game.apply(Extend(seat, play.meld_id, play.cards, play.end))


def _still_playing(game: TakeGame, seat: int) -> bool:
    # A play may end the hand (going out by melding, K-10 option).
    return game.state.phase is Phase.PLAY and game.state.turn == seat


def play_turn(game: TakeGame, seat: int) -> None:
    """Finish ``seat``'s turn with the rollout policy: draw if needed, the planned plays, the discard."""
    state = game.state
    if state.phase is Phase.DRAW:
        take = False
        if state.discard:
            top = state.discard[-1]
            ev = Evaluator(seat, state.options, seat_knowledge(game, seat), ROLLOUT)
            turn = _turn(game, seat)
            with_top = Turn(tuple(sorted((*turn.hand, top))), turn.seqs, turn.next_id, top)
            _, plays, _ = ev.plan(with_top)
            take = any(top in p.cards for p in plays) or not state.stock
        game.apply(DrawDiscard(seat) if take else DrawStock(seat))
    if state.phase is not Phase.PLAY or state.turn != seat:
        return
    ev = Evaluator(seat, state.options, seat_knowledge(game, seat), ROLLOUT)
    _, plays, discard = ev.plan(_turn(game, seat))
    for play in plays:
        try:
            _apply_play(game, seat, play)
        except RulesError:
            break
        if not _still_playing(game, seat):
            return
    hand = state.hands[seat]
    if discard is None or discard not in hand or discard == state.drawn_from_discard:
        choices = [c for c in hand if c != state.drawn_from_discard]
        if not choices:
            return
        discard = max(choices, key=lambda c: (card_points(c), c))
    game.apply(Discard(seat, discard))


def _held_value(game: TakeGame, seat: int) -> float:
    """What ``seat``'s hand is worth to it now: potentials less the expected cost of holding (normal's judgement)."""
    state = game.state
    ev = Evaluator(seat, state.options, seat_knowledge(game, seat), Weights())
    hand = tuple(sorted(state.hands[seat]))
    return sum(ev.potential(c, hand, state.sequences) - card_points(c) * ev.hold_share for c in hand)


def score(game: TakeGame, seat: int, hand_before: int) -> float:
    """The world's value for ``seat``: the scored hand when it ended; else the table (with take-over
    risk) and every hand as normal judges it, ours counted for us and the opponents' against them."""
    state = game.state
    players = len(state.hands)
    weight = 1.0 if players == 2 else 0.6
    if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and state.hand_no == hand_before:
        assert state.last_result is not None
        points = state.last_result.points
        return points[seat] - weight * sum(p for s, p in enumerate(points) if s != seat)
    ev = Evaluator(seat, state.options, seat_knowledge(game, seat), Weights())
    turn = _turn(game, seat)
    value = ev.table_value(turn, turn.hand, False) + _held_value(game, seat)
    for other in range(players):
        if other != seat:
            value -= weight * _held_value(game, other)
    return value


def finish_plan(game: TakeGame, seat: int, plays: tuple[Play, ...], discard: Card | None) -> None:
    """Play the rest of ``seat``'s turn as planned: ``plays`` in order, then ``discard``.

    A step the world refuses (it cannot happen in a consistent world, but a plan is only
    advice) hands the turn to the rollout policy (:func:`play_turn`).
    """
    state = game.state
    for play in plays:
        if not _still_playing(game, seat):
            return
        try:
            _apply_play(game, seat, play)
        except RulesError:
            play_turn(game, seat)
            return
    if not _still_playing(game, seat):
        return
    if discard is None or discard not in state.hands[seat] or discard == state.drawn_from_discard:
        play_turn(game, seat)
        return
    game.apply(Discard(seat, discard))


def rollout(game: TakeGame, seat: int, horizon: int = HORIZON) -> float:
    """Play ``game`` on from a candidate move through every opponent's next turn; return :func:`score`.

    With ``horizon`` 2 the seat's own next turn is played too. A finished hand stops the
    play-out (its points are exact, K-17).
    """
    state = game.state
    hand_no = state.hand_no
    if state.phase in (Phase.DRAW, Phase.PLAY) and state.turn == seat:
        play_turn(game, seat)
    # Every opponent's turn, then (horizon 2) the seat's own: the world is scored, like
    # Evaluator.leaf, at the end of one of the seat's turns with an opponent to move.
    turns = len(state.hands) - 1 + (1 if horizon >= 2 else 0)
    for _ in range(turns):
        if state.phase not in (Phase.DRAW, Phase.PLAY) or state.hand_no != hand_no:
            break
        play_turn(game, state.turn)
    return score(game, seat, hand_no)


def _action(game: TakeGame, data: dict[str, Any]) -> Any:
    return game.action_from_json(data)


def play_out(world: TakeGame, seat: int, candidate: Candidate, horizon: int = HORIZON) -> float:
    """The value of ``candidate`` in one sampled ``world`` (a copy is played; ``world`` is untouched)."""
    game = world.copy()
    try:
        game.apply(_action(game, candidate.action))
    except RulesError:
        return -1000.0
    if candidate.planned and _still_playing(game, seat):
        rest = candidate.plays[1:] if candidate.plays and candidate.action.get("kind") != "discard" else ()
        finish_plan(game, seat, rest, candidate.discard)
    return rollout(game, seat, horizon)


def compare(view: dict[str, Any], log: list[dict[str, Any]], know: TakeKnowledge,
            candidates: list[Candidate], rng: random.Random, worlds: int, budget: Budget,
            horizon: int = HORIZON) -> tuple[list[float], list[float], int]:
    """Compare ``candidates`` by :func:`play_out` over up to ``worlds`` sampled deals.

    Returns, per candidate, the mean value and the standard error of its mean
    difference to the first candidate (paired over the same worlds: common random
    numbers), and the number of worlds used (0 when none finished). The work is the
    ``worlds`` times the candidates' play-outs; ``budget``'s safety clock is checked before
    every play-out and a world it cut short is dropped whole, so the comparison stays paired.
    """
    seat = int(view["seat"])
    rows: list[list[float]] = []
    for _ in range(worlds):
        if budget.clock_fired():
            break
        # An integer seed: a float seed goes through hash(), which differs between 64-bit
        # CPython and 32-bit Pyodide, and the sampled deals (so the decision) would too.
        base = determinize_take(view, log, random.Random(rng.getrandbits(64)), know)
        values: list[float] = []
        for candidate in candidates:
            if budget.clock_fired():
                break
            values.append(play_out(base, seat, candidate, horizon))
        if len(values) < len(candidates):
            break
        rows.append(values)
    means, errors = paired_means(rows, len(candidates))
    return means, errors, len(rows)


__all__ = ["HORIZON", "Candidate", "compare", "finish_plan", "play_out", "play_turn", "rollout", "score",
           "seat_knowledge"]
