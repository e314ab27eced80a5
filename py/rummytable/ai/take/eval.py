"""The Take hand evaluator and turn planner shared by the easy, normal and hard bots.

A turn is planned whole: which new sequences to lay down, which table sequences to
extend or take over (K-9, K-12), and which card to discard (K-10); the bot then plays
the plan's first step and plans again at its next step. Each end of a turn is scored
by :meth:`Evaluator.leaf`, an estimate of the hand's final score difference
(points owned on the table minus points held, K-17) from the seat's point of view:

* a sequence it owns counts its points, less the chance that an opponent takes it over
  (he needs the card above its top or a joker, K-12; a top ace locks it, K-14);
* a card held counts against it by the chance that the hand ends before it is laid;
  cards that are close to a sequence are worth keeping;
* the discard costs what it gives the next player (a take-over of one of our sequences,
  an extension of his own);
* going out (K-16) scores the hand exactly: what the table holds, and every card the
  opponents hold counts against them.

:class:`Weights` turns the evaluator from short-sighted (easy) into careful (normal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummytable.ai.base import Budget
from rummytable.ai.take.knowledge import TakeKnowledge
from rummytable.cards import ACE, Card, parse_card
from rummytable.melds import End, MeldError
from rummytable.take.options import TakeOptions
from rummytable.take.plays import extension_plays, lay_down_plays
from rummytable.take.scoring import card_points, sequence_points
from rummytable.take.table import KING, TableSequence, extension, new_sequence, next_above, next_below


@dataclass(frozen=True)
class Play:
    """One meld play of a turn: a new sequence or an extension (K-9).

    :ivar kind: ``"lay_down"`` or ``"extend"``.
    :ivar cards: the cards in table order.
    :ivar meld_id: the extended sequence's id (extensions only).
    :ivar end: the end extended (extensions only).
    """

    kind: str
    cards: tuple[Card, ...]
    meld_id: int = -1
    end: End = End.HIGH

    def matches(self, action: dict[str, Any]) -> bool:
        """True when the action JSON ``action`` is this play (the sequence id under ``"meld"``)."""
        if action.get("kind") != self.kind or action.get("cards") != [c.key for c in self.cards]:
            return False
        if self.kind == "lay_down":
            return action.get("start") is None
        return action.get("meld", action.get("meld_id")) == self.meld_id and action.get("end") == self.end.value

    def find(self, actions: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The legal action JSON among ``actions`` that makes this play, if any."""
        return next((a for a in actions if self.matches(a)), None)


@dataclass(frozen=True)
class Turn:
    """The seat's side of the table during its turn: its hand and the sequences.

    :ivar hand: cards held, canonical order.
    :ivar seqs: the table by id.
    :ivar next_id: id of the next new sequence.
    :ivar drawn: the card taken from the discard pile this turn (may not be discarded, K-10).
    """

    hand: tuple[Card, ...]
    seqs: dict[int, TableSequence]
    next_id: int
    drawn: Card | None

    def key(self) -> tuple[Any, ...]:
        """Identity of the position, for the planner's memo."""
        return (self.hand, tuple((s.id, s.owner, s.meld.start, s.meld.cards) for s in self.seqs.values()))

    def plays(self, seat: int, options: TakeOptions) -> list[Play]:
        """Every meld play the engine would list now (via :mod:`rummytable.take.plays`)."""
        result = [Play("lay_down", cards) for cards in lay_down_plays(self.hand, self.drawn, options)]
        result.extend(Play("extend", cards, meld_id, end) for meld_id, end, cards in
                      extension_plays(self.hand, self.drawn, seat, list(self.seqs.values()), options))
        return result

    def after(self, play: Play, seat: int, options: TakeOptions) -> Turn:
        """The position after ``play`` (ownership moves on a play above another's top, K-12).

        :raises MeldError: when the play is not valid here.
        """
        hand = list(self.hand)
        for card in play.cards:
            hand.remove(card)
        seqs = dict(self.seqs)
        if play.kind == "lay_down":
            seqs[self.next_id] = TableSequence(self.next_id, seat, new_sequence(play.cards, options))
            return Turn(tuple(hand), seqs, self.next_id + 1, self.drawn)
        old = seqs[play.meld_id]
        meld = extension(old, play.cards, play.end, seat, options)
        owner = seat if play.end is End.HIGH else old.owner
        seqs[old.id] = TableSequence(old.id, owner, meld)
        return Turn(tuple(hand), seqs, self.next_id, self.drawn)


@dataclass(frozen=True)
class Weights:
    """How carefully the evaluator looks ahead (easy: all zero but the basics).

    :ivar risk: weight of the chance that an opponent takes over one of our sequences.
    :ivar feed: weight of what a discard gives the next player.
    :ivar potential: weight of keeping cards that are close to a sequence.
    :ivar timing: True to weigh held cards by how near the hand's end is (else each
        held card costs its full points).
    :ivar opponents: True to count the opponents' held cards (makes going out attractive).
    :ivar nodes: how many turn positions the planner may visit.
    """

    risk: float = 1.0
    feed: float = 1.0
    potential: float = 1.0
    timing: bool = True
    opponents: bool = True
    nodes: int = 300


EASY = Weights(risk=0.0, feed=0.0, potential=0.5, timing=False, opponents=False, nodes=40)
"""Short-sighted: immediate points only."""

NORMAL = Weights()
"""Careful: take-over risk, what the discard feeds, timing, going out."""


class Evaluator:
    """Scores ends of turns for ``seat`` with what it knows (see the module docstring).

    :param seat: the seat planning.
    :param options: the match options (values of jokers and low aces, K-2).
    :param know: its card counting.
    :param weights: how carefully to look.
    """

    def __init__(self, seat: int, options: TakeOptions, know: TakeKnowledge, weights: Weights) -> None:
        self.seat = seat
        self.options = options
        self.know = know
        self.w = weights
        self.players = len(know.hand_counts)
        self.next_seat = (seat + 1) % self.players
        # Against one opponent every point he makes is a point lost; against several, less so.
        self.opp_weight = 1.0 if self.players == 2 else 0.6
        self.joker_reach = max((know.reachable(c) for c in know.unseen if c.is_joker), default=0.0)
        shortest = min((n for s, n in enumerate(know.hand_counts) if s != seat), default=7)
        self.hold_share = _hold_share(shortest) if weights.timing else 1.0
        self.mean_unseen = know.mean_unseen_points()
        self._reach: dict[Card, float] = {}
        self.nodes = 0
        self.budget: Budget | None = None
        """The decision's work budget: each search node spends one unit, and the search
        expands no further node once it is used up."""

    # ---------------------------------------------------------------- pieces

    def reach(self, card: Card) -> float:
        """Cached :meth:`TakeKnowledge.reachable`."""
        if card not in self._reach:
            self._reach[card] = self.know.reachable(card)
        return self._reach[card]

    def threat(self, seq: TableSequence, hand: tuple[Card, ...]) -> float:
        """Chance that an opponent can add above the top of ``seq`` (take it, K-12)."""
        card = next_above(seq)
        if card is None:
            return 0.0
        natural = 0.0 if card in hand else self.reach(card)
        joker = 0.0 if sum(1 for c in hand if c.is_joker) >= 2 else self.joker_reach
        return 1.0 - (1.0 - natural) * (1.0 - joker)

    def potential(self, card: Card, hand: tuple[Card, ...], seqs: dict[int, TableSequence]) -> float:
        """Worth of keeping ``card`` for a later sequence or take-over (points)."""
        if card.is_joker:
            return 12.0
        points = card_points(card)
        best = 0.0
        for other in hand:
            if other is card or other.is_joker or other.suit != card.suit:
                continue
            gap = abs(other.rank - card.rank)
            low_ace = (card.rank == ACE and other.rank in (2, 3)) or (other.rank == ACE and card.rank in (2, 3))
            if gap in (1, 2) or low_ace:
                best = max(best, 0.45 * points)
        for seq in seqs.values():
            if seq.meld.suit != card.suit:
                continue
            if next_above(seq) == card and seq.owner != self.seat:
                best = max(best, 0.3 * sequence_points(seq, self.options) + 0.5 * points)
            elif (next_above(seq) == card or next_below(seq) == card) and seq.owner == self.seat:
                best = max(best, 0.6 * points)
        return best

    def feed(self, card: Card, seqs: dict[int, TableSequence]) -> float:
        """What discarding ``card`` may give the next player (points, from our side)."""
        nxt = self.next_seat
        cost = 0.0
        for seq in seqs.values():
            if seq.meld.suit is not None and not card.is_joker and seq.meld.suit != card.suit:
                continue
            above = next_above(seq)
            if above is not None and (card.is_joker or above == card) and seq.owner != nxt:
                value = sequence_points(seq, self.options)
                gain = value * (1.0 + self.opp_weight) if seq.owner == self.seat else value * self.opp_weight * 0.6
                cost = max(cost, 0.9 * gain + self.opp_weight * card_points(card))
            elif seq.owner == nxt and (above == card or next_below(seq) == card):
                cost = max(cost, 0.8 * self.opp_weight * 2 * card_points(card))
        for held in self.know.known[nxt]:
            if not held.is_joker and held.suit == card.suit and abs(held.rank - card.rank) <= 2:
                cost = max(cost, 0.5 * self.opp_weight * card_points(card))
        if card.is_joker:
            cost = max(cost, 2 * 20 * self.opp_weight)
        return cost

    # ---------------------------------------------------------------- leaves

    def table_value(self, turn: Turn, hand: tuple[Card, ...], final: bool) -> float:
        """Points on the table from our side; ``final`` when the hand ends now (no more take-overs)."""
        total = 0.0
        for seq in turn.seqs.values():
            value = sequence_points(seq, self.options)
            if seq.owner == self.seat:
                if final or not self.w.risk:
                    total += value
                else:
                    lost = 0.8 * self.w.risk * self.threat(seq, hand)
                    total += value * (1.0 - lost) - self.opp_weight * value * lost
            else:
                total -= self.opp_weight * value
        return total

    def opponents_held(self, share: float) -> float:
        """What the opponents' held cards are worth to us if the hand ended with ``share`` likelihood."""
        if not self.w.opponents:
            return 0.0
        held = sum(n for s, n in enumerate(self.know.hand_counts) if s != self.seat)
        return self.opp_weight * held * self.mean_unseen * share

    def leaf(self, turn: Turn, discard: Card | None) -> float:
        """Score the end of a turn: ``turn`` after the plays, then ``discard`` (None: out by melding)."""
        hand = tuple(c for c in turn.hand if c != discard)
        if not hand:
            return self.table_value(turn, hand, True) + self.opponents_held(1.0) - self._going_out_slack()
        value = self.table_value(turn, hand, False) + self.opponents_held(_hold_share(len(hand)) * 0.35)
        for card in hand:
            value -= card_points(card) * self.hold_share
            if self.w.potential:
                value += self.w.potential * self.potential(card, hand, turn.seqs)
        if discard is not None and self.w.feed:
            value -= self.w.feed * self.feed(discard, turn.seqs)
        return value

    def _going_out_slack(self) -> float:
        return 0.0

    def best_discard(self, turn: Turn) -> tuple[float, Card | None]:
        """The best discard from ``turn`` (or None when the hand is empty) and its :meth:`leaf` value.

        Equal to the best :meth:`leaf` over the discards, except that potentials and
        take-over threats are judged with the whole hand (one pass instead of one per discard).
        """
        hand = turn.hand
        if not hand:
            return self.leaf(turn, None), None
        choices = sorted({c for c in hand if c != turn.drawn})
        if not choices:
            return float("-inf"), None
        if len(hand) == 1:
            return self.leaf(turn, choices[0]), choices[0]
        base = self.table_value(turn, hand, False)
        base += self.opponents_held(_hold_share(len(hand) - 1) * 0.35)
        held = sum(card_points(c) for c in hand) * self.hold_share
        pots = {c: self.potential(c, hand, turn.seqs) * self.w.potential for c in hand} if self.w.potential else {}
        total_pot = sum(pots.values())
        best: tuple[float, Card | None] = (float("-inf"), None)
        for card in choices:
            value = base - (held - card_points(card) * self.hold_share) + total_pot - pots.get(card, 0.0)
            if self.w.feed:
                value -= self.w.feed * self.feed(card, turn.seqs)
            if value > best[0]:
                best = (value, card)
        return best

    # ---------------------------------------------------------------- planning

    def plan(self, turn: Turn) -> tuple[float, list[Play], Card | None]:
        """Search the turn's plays; return the value, the plays in order and the discard.

        Depth-first with a memo and a node cap (:attr:`Weights.nodes`); children are
        tried in order of their immediate value so that the cap cuts the least promising.
        """
        memo: dict[tuple[Any, ...], tuple[float, list[Play], Card | None]] = {}
        self.nodes = 0
        return self._plan(turn, memo)

    def _plan(self, turn: Turn, memo: dict[tuple[Any, ...], tuple[float, list[Play], Card | None]]
              ) -> tuple[float, list[Play], Card | None]:
        key = turn.key()
        if key in memo:
            return memo[key]
        self.nodes += 1
        if self.budget is not None:
            self.budget.spend()
        value, discard = self.best_discard(turn)
        best: tuple[float, list[Play], Card | None] = (value, [], discard)
        if self.nodes < self.w.nodes and not (self.budget is not None and self.budget.over()):
            children: list[tuple[float, int, Play, Turn]] = []
            for i, play in enumerate(turn.plays(self.seat, self.options)):
                try:
                    child = turn.after(play, self.seat, self.options)
                except (MeldError, ValueError):
                    continue
                quick = self.quick(child)
                children.append((quick, i, play, child))
            children.sort(key=lambda item: (-item[0], item[1]))
            for _, _, play, child in children:
                if self.nodes >= self.w.nodes:
                    break
                sub = self._plan(child, memo)
                if sub[0] > best[0] + 1e-9:
                    best = (sub[0], [play, *sub[1]], sub[2])
        memo[key] = best
        return best

    def quick(self, turn: Turn) -> float:
        """A cheap ordering score: table value minus held points."""
        return self.table_value(turn, turn.hand, False) - sum(card_points(c) for c in turn.hand)


def _hold_share(cards_left: int) -> float:
    """How likely a held card still counts when the hand ends, by the shortest opponent hand."""
    table = {0: 1.0, 1: 0.9, 2: 0.75, 3: 0.62, 4: 0.52, 5: 0.46, 6: 0.42}
    return table.get(cards_left, 0.4)


def turn_from_view(view: dict[str, Any], seqs: dict[int, TableSequence], extra: Card | None = None,
                   drawn: Card | None = None) -> Turn:
    """The :class:`Turn` of ``view``'s seat, optionally with ``extra`` added to the hand (a draw)."""
    hand = [parse_card(k) for k in view["hand"]]
    if extra is not None:
        hand.append(extra)
    if drawn is None and view.get("drawn_from_discard"):
        drawn = parse_card(view["drawn_from_discard"])
    next_id = max(seqs, default=-1) + 1
    return Turn(tuple(sorted(hand)), seqs, next_id, drawn)


__all__ = ["EASY", "KING", "NORMAL", "Evaluator", "Play", "Turn", "Weights", "next_above", "next_below",
           "turn_from_view"]
