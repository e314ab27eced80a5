"""Take computer players: easy, normal and hard (docs/ai.md, "Take").

All three plan a whole turn with :class:`~rummytable.ai.take.eval.Evaluator` and play
its first step; they differ in how carefully the evaluator looks and in the draw:

* easy - immediate points only: lays and takes whatever scores now, discards its
  highest card that is not part of a near-sequence, takes the discard only to meld it;
* normal - card counting, take-over risk of its own sequences, what each discard gives
  the next player, timing of going out; compares the discard with sampled stock cards;
* hard - normal with a deeper turn search and more stock samples; its close calls
  checked by look-ahead: sampled deals of the unseen cards consistent with its view and
  weighted by what each opponent did (:mod:`rummytable.ai.take.determinize`), each candidate
  turn (planned whole, or a draw) played out through every opponent's next turn and its
  own next turn, common random numbers across candidates; normal's choice stands unless
  another is clearly better.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rummytable.ai import register
from rummytable.ai.base import Bot, Budget, Decision, legal
from rummytable.ai.reasons import Reason, around
from rummytable.ai.take.eval import EASY, NORMAL, Evaluator, Play, Turn, Weights, turn_from_view
from rummytable.ai.take.knowledge import TakeKnowledge, knowledge, options_from_view, sequences_from_view
from rummytable.ai.take.rollout import Candidate, compare
from rummytable.cards import Card, parse_card
from rummytable.take.scoring import card_points


class TakeBot(Bot):
    """Shared turn logic of the Take bots; subclasses set :attr:`WEIGHTS` and the draw."""

    game = "take"
    WEIGHTS: ClassVar[Weights] = NORMAL
    STOCK_SAMPLES: ClassVar[int] = 0
    closeness: float = 0.0
    """How far apart (points) the last draw's two options were, by the evaluator."""
    plan_value: float = 0.0
    """The evaluator's value of the last planned turn (points)."""
    last_plan: tuple[list[Play], Card | None] = ([], None)
    """The last planned turn: its meld plays in order and its discard."""

    def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
        """Return the next step of the planned turn (draw, play or discard), with a reason.

        :param budget: work units are the turn search's nodes (:meth:`Evaluator.plan`).
        :raises BotError: when the view lists no legal action for the seat.
        """
        actions = legal(view)
        if len(actions) == 1:
            return Decision(actions[0], Reason("move.only"))
        rng = self.rng(view, log)
        know = knowledge(view, log)
        if view["phase"] == "draw":
            return self.draw(view, know, actions, rng, budget)
        return self.play(view, know, actions, rng, budget)

    # ---------------------------------------------------------------- helpers

    def evaluator(self, view: dict[str, Any], know: TakeKnowledge, budget: Budget | None = None) -> Evaluator:
        """A fresh evaluator for this seat with the level's weights (its search nodes spend ``budget``)."""
        ev = Evaluator(int(view["seat"]), options_from_view(view), know, self.WEIGHTS)
        ev.budget = budget
        return ev

    def planned(self, view: dict[str, Any], know: TakeKnowledge,
                budget: Budget | None = None) -> tuple[float, list[Play], Card | None]:
        """Plan the rest of this turn (play phase)."""
        seqs = sequences_from_view(view)
        return self.evaluator(view, know, budget).plan(turn_from_view(view, seqs))

    # ---------------------------------------------------------------- draw

    def draw_values(self, view: dict[str, Any], know: TakeKnowledge, rng: random.Random,
                    budget: Budget) -> tuple[float | None, float, list[Play]]:
        """Values of taking the top discard (None when not allowed) and of the stock, and the plan with the discard."""
        seqs = sequences_from_view(view)
        ev = self.evaluator(view, know, budget)
        take: float | None = None
        plan: list[Play] = []
        top = view.get("discard_top")
        if top is not None:
            card = parse_card(top)
            take, plan, _ = ev.plan(turn_from_view(view, seqs, extra=card, drawn=card))
        free = sorted(know.free())
        if not free or self.STOCK_SAMPLES <= 0:
            return take, ev.plan(turn_from_view(view, seqs))[0], plan
        sample = rng.sample(free, min(self.STOCK_SAMPLES, len(free)))
        values = []
        for card in sample:
            values.append(ev.plan(turn_from_view(view, seqs, extra=card))[0])
            if budget.over():
                break
        return take, sum(values) / len(values), plan

    def draw(self, view: dict[str, Any], know: TakeKnowledge, actions: list[dict[str, Any]],
             rng: random.Random, budget: Budget) -> Decision:
        """Choose between the stock and the top discard (K-8)."""
        seat = int(view["seat"])
        stock = {"kind": "draw_stock", "seat": seat}
        pile = {"kind": "draw_discard", "seat": seat}
        if pile not in actions:
            return Decision(stock, Reason("draw.stock"))
        if stock not in actions:
            return Decision(pile, Reason("draw.stock_empty", {"card": view["discard_top"]}))
        take, stock_value, plan = self.draw_values(view, know, rng, budget)
        self.closeness = abs((take if take is not None else stock_value) - stock_value)
        top = view["discard_top"]
        if take is not None and self.prefer_discard(take, stock_value, plan, parse_card(top)):
            use = next((p for p in plan if parse_card(top) in p.cards), None)
            return Decision(pile, _draw_reason(top, use))
        return Decision(stock, Reason("draw.stock_not_enough", {"card": top}))

    def prefer_discard(self, take: float, stock: float, plan: list[Play], card: Card) -> bool:
        """True to take the top discard: it plays into this turn's plan and beats the stock on average."""
        return take > stock + 1.0

    # ---------------------------------------------------------------- play

    def play(self, view: dict[str, Any], know: TakeKnowledge, actions: list[dict[str, Any]],
             rng: random.Random, budget: Budget) -> Decision:
        """Play the first step of the best plan for this turn."""
        value, plays, discard = self.planned(view, know, budget)
        self.plan_value = value
        self.last_plan = (plays, discard)
        return self.step(view, actions, plays, discard, value)

    def step(self, view: dict[str, Any], actions: list[dict[str, Any]], plays: list[Play],
             discard: Card | None, value: float) -> Decision:
        """Turn a plan into its first legal action with a reason; fall back to the cheapest safe discard."""
        seat = int(view["seat"])
        if plays:
            found = plays[0].find(actions)
            if found is not None:
                return Decision(found, _play_reason(plays[0], view))
        if discard is not None:
            action = {"kind": "discard", "seat": seat, "card": discard.key}
            if action in actions:
                if len(view["hand"]) == 1:
                    return Decision(action, Reason("discard.out", {"card": discard.key}))
                return Decision(action, Reason("discard.points", {"card": discard.key, "points": card_points(discard)}))
        discards = [a for a in actions if a["kind"] == "discard"]
        if discards:
            worst = max(discards, key=lambda a: (card_points(parse_card(a["card"])), a["card"]))
            return Decision(worst, Reason("discard.highest", {"card": worst["card"]}))
        return Decision(actions[0], Reason("move.first"))


def _play_reason(play: Play, view: dict[str, Any]) -> Reason:
    """Why ``play``: a new sequence, an extension, or a take-over of another seat's sequence (K-9, K-12)."""
    seat = int(view["seat"])
    cards = [c.key for c in play.cards]
    if play.kind != "extend":
        return Reason("play.lay", {"cards": cards})
    meld = next((m for m in view["melds"] if m["id"] == play.meld_id), None)
    if meld is not None and meld["owner"] != seat and play.end.value == "high":
        size = len(meld["cards"]) + len(play.cards)
        return Reason("play.take_over",
                      {"cards": cards, "meld": play.meld_id, "owner": int(meld["owner"]), "size": size})
    return Reason("play.extend", {"cards": cards, "meld": play.meld_id, "end": play.end.value})


def _draw_reason(top: str, play: Play | None) -> Reason:
    """Why take ``top`` from the discard pile: the play of this turn's plan it goes into, if any (K-8)."""
    if play is None:
        return Reason("draw.discard_keep", {"card": top})
    cards = [c.key for c in play.cards]
    if play.kind != "extend":
        return Reason("draw.discard_lay", {"card": top, "cards": cards})
    return Reason("draw.discard_extend", {"card": top, "cards": cards, "meld": play.meld_id, "end": play.end.value})


@register
class TakeEasyBot(TakeBot):
    """Short-sighted: scores what it can now, keeps near-sequences, takes a discard only to meld it."""

    level = "easy"
    WORK_UNITS = 2_000
    WEIGHTS = EASY
    DESCRIPTION = ("Lays down and takes over whatever scores right away and throws its highest loose card, "
                   "without watching what you might pick up.")

    def prefer_discard(self, take: float, stock: float, plan: list[Play], card: Card) -> bool:
        """Take the discard only when this turn's plan melds it."""
        return any(card in p.cards for p in plan)


@register
class TakeNormalBot(TakeBot):
    """Counts cards, guards its sequences against take-overs, discards safely, times going out."""

    level = "normal"
    WORK_UNITS = 4_000
    WEIGHTS = NORMAL
    STOCK_SAMPLES = 6
    DESCRIPTION = ("Counts the cards, avoids feeding you take-overs, locks sequences with aces and "
                   "goes out when it pays.")


@register
class TakeHardBot(TakeNormalBot):
    """Normal's judgement with a deeper search, its close calls checked by look-ahead over sampled deals.

    Candidates are whole turns that normal's evaluator puts within :attr:`GATE` points of
    its own plan (in the play phase: the plan, the best plans starting with another play,
    the best plain discards; in the draw phase: both draws). Each is played in the same
    sampled worlds (common random numbers) through every opponent's next turn and the
    seat's own next turn (:func:`rummytable.ai.take.rollout.compare`); another option
    replaces normal's choice only when it is better by :attr:`MARGIN` points plus two
    standard errors of the paired difference.
    """

    level = "hard"
    WORK_UNITS = 12_000
    SAFETY_MS = 3000.0
    DESCRIPTION = ("Plays like normal, then tries its best ideas against many guesses of your hand "
                   "and plays the one that holds up best.")
    # A deeper turn search than normal's (same judgement).
    WEIGHTS = Weights(nodes=1000)
    STOCK_SAMPLES = 24
    WORLDS: ClassVar[int] = 24
    """Sampled deals at most per decision."""
    PLAYOUTS: ClassVar[int] = 48
    """Play-outs per decision at most (a work budget): the deals are as many as fit,
    ``PLAYOUTS // candidates``, up to :attr:`WORLDS`."""
    CANDIDATES: ClassVar[int] = 5
    """Options compared at most, normal's choice included."""
    FIRST_PLAYS: ClassVar[int] = 6
    """Other first plays whose whole turn is planned before the gate (by the quick ordering score)."""
    MIN_WORLDS: ClassVar[int] = 8
    """Fewer finished deals than this (the safety clock fired early) leave normal's choice standing."""
    HORIZON: ClassVar[int] = 2
    """Own turns a play-out covers (:func:`rummytable.ai.take.rollout.rollout`)."""
    MARGIN: ClassVar[float] = 2.0
    GATE: ClassVar[float] = 15.0
    """Only options within this many points of normal's choice (by its evaluator) are looked at."""

    def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
        """Pick among normal's candidates by look-ahead; normal's choice when there is nothing to compare.

        :param budget: work units are the turn search's nodes; the look-ahead then plays at
            most :attr:`PLAYOUTS` play-outs.
        :raises BotError: when the view lists no legal action for the seat.
        """
        actions = legal(view)
        if len(actions) == 1:
            return Decision(actions[0], Reason("move.only"))
        rng = self.rng(view, log)
        know = knowledge(view, log)
        if view["phase"] == "draw":
            base = self.draw(view, know, actions, rng, budget)
            options = self.draw_candidates(view, actions, base)
            if self.closeness > self.GATE:
                return base
        else:
            base = self.play(view, know, actions, rng, budget)
            options = self.play_candidates(view, know, actions, base, budget)
        if len(options) < 2 or budget.clock_fired():
            return base
        worlds_wanted = min(self.WORLDS, self.PLAYOUTS // len(options))
        scores, errors, worlds = compare(view, log, know, [c for c, _ in options], rng, worlds_wanted, budget,
                                         self.HORIZON)
        if worlds < self.MIN_WORLDS:
            # Too few deals to tell a better option from a lucky one.
            return base
        # Normal's choice stands unless another move is clearly better over the same deals:
        # picking the best of several noisy averages would otherwise favour lucky alternatives.
        best = 0
        for i in range(1, len(options)):
            gain = scores[i] - scores[0]
            if gain > self.MARGIN + 2.0 * errors[i] and scores[i] > scores[best]:
                best = i
        chosen = options[best][1]
        margin = scores[best] - scores[0]
        if best == 0:
            return Decision(chosen.action, around("lookahead.kept", chosen.why, options=len(options), worlds=worlds))
        return Decision(chosen.action, around("lookahead.switched", chosen.why, worlds=worlds,
                                              margin=int(f"{margin:.0f}")))

    def draw_candidates(self, view: dict[str, Any], actions: list[dict[str, Any]],
                        base: Decision) -> list[tuple[Candidate, Decision]]:
        """Both draws (K-8), normal's choice first; each world's turn after the draw is the rollout policy's."""
        result = [(Candidate(base.action), base)]
        for action in actions:
            if action != base.action and action["kind"] in ("draw_stock", "draw_discard"):
                words = Reason("draw.stock") if action["kind"] == "draw_stock" else \
                    Reason("draw.discard", {"card": view["discard_top"]})
                result.append((Candidate(action), Decision(action, words)))
        return result

    def play_candidates(self, view: dict[str, Any], know: TakeKnowledge, actions: list[dict[str, Any]],
                        base: Decision, budget: Budget) -> list[tuple[Candidate, Decision]]:
        """Whole turns worth comparing, normal's plan first (its first step is ``base``).

        Takes the plan of :meth:`play` (:attr:`last_plan`); then every other first play
        (take-overs K-12, locks with an ace K-14, low-end extensions K-13, new sequences),
        best first by :meth:`Evaluator.quick`, with the best turn that starts with it,
        until :attr:`FIRST_PLAYS` of them are within :attr:`GATE` points of the plan; and
        every plain discard within the gate (K-10). Returns (candidate, decision) pairs,
        one per first action: the plan, the best plays, and the best plain discard when
        one is close - at most :attr:`CANDIDATES` in all. The search stops once ``budget`` is used up.
        """
        seat = int(view["seat"])
        plays, discard = self.last_plan
        # The plan is carried into the worlds only when base is its first step (not a fallback).
        follows = plays[0].matches(base.action) if plays else base.action.get("card") == getattr(discard, "key", None)
        first = Candidate(base.action, tuple(plays), discard, planned=follows)
        ev = self.evaluator(view, know, budget)
        turn = turn_from_view(view, sequences_from_view(view))
        ordered: list[tuple[float, Play, Turn]] = []
        for play in turn.plays(seat, ev.options):
            try:
                child = turn.after(play, seat, ev.options)
            except ValueError:
                continue
            ordered.append((ev.quick(child), play, child))
        ordered.sort(key=lambda item: -item[0])
        close: dict[str, tuple[float, Candidate, Decision]] = {}
        for _, play, child in ordered:
            if len(close) >= self.FIRST_PLAYS or budget.over():
                break
            found = play.find(actions)
            if found is None or found == base.action:
                continue
            value, rest, end = ev.plan(child)
            key = repr(sorted(found.items()))
            if self.plan_value - value < self.GATE and key not in close:
                close[key] = (value, Candidate(found, (play, *rest), end, planned=True),
                              Decision(found, _play_reason(play, view)))
        discards: list[tuple[float, Candidate, Decision]] = []
        for card in sorted(set(turn.hand)):
            action = {"kind": "discard", "seat": seat, "card": card.key}
            if card != turn.drawn and action in actions and action != base.action:
                value = ev.leaf(turn, card)
                if self.plan_value - value < self.GATE:
                    discards.append((value, Candidate(action, (), card, planned=True),
                                     Decision(action, Reason("discard.card", {"card": card.key}))))
        discards.sort(key=lambda item: -item[0])
        others = sorted(close.values(), key=lambda item: -item[0])
        room = self.CANDIDATES - 1
        # Keep a plain discard in the comparison when one is close: holding cards back is
        # the usual alternative to committing them to the table, and it is cheap to check.
        picked = others[: max(1, room - 1)] + discards[:1]
        rest_pool = sorted(others[max(1, room - 1):] + discards[1:], key=lambda item: -item[0])
        picked = (picked + rest_pool)[:room]
        return [(first, base)] + [(c, d) for _, c, d in picked]
