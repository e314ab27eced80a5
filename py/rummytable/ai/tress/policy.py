"""How the Tress computer players choose a move: one :class:`TressTurn` per decision.

A turn reads the seat's view (and, from ``normal`` up, the public log through
:class:`~rummytable.ai.tress.eval.CardCounter`) and answers the questions of a Tress
turn: draw from the stock or take the discard (T-11), answer a pending "take it" (T-17),
call "take it" out of turn (T-16), go down (T-12, T-20), lay off (T-13) and discard (T-14).
:class:`Style` holds what differs between levels. Every answer is chosen among
``view["legal_actions"]``, so it is legal by construction.

Costs are in one currency, lower is better: 100 per card still missing from the
contract, minus a little per live out, plus a share of the penalty points (T-2) a hand
risks if someone goes out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rummytable.ai.base import Budget
from rummytable.ai.reasons import Reason
from rummytable.ai.tress.eval import CardCounter, EvalRules, HandEval, HandShape, evaluate
from rummytable.cards import Card, parse_card
from rummytable.melds import End, Meld, MeldError, MeldKind, RunRules, lay_off_ends, make_run, make_set
from rummytable.tress.scoring import card_points

Action = dict[str, Any]

DISTANCE_COST = 100.0
"""Cost of one card still missing from the contract."""


BASE_DANGER = 0.15
"""Weight of the penalty points held while nothing says that someone is about to go out."""

RACE_TURNS = 40
"""Discards of the table over which :attr:`Style.race_weight` comes in fully (a round 7 of four
normal players lasts 34 discards on average, docs/ai.md)."""

SHARED_LIMIT = 50_000
"""Evaluations kept between decisions (the evaluation is a pure function of hand and rules)."""

_SHARED: dict[Any, HandEval] = {}


@dataclass(frozen=True)
class Style:
    """What makes one level play differently from another.

    :ivar counting: count live outs from what was seen (melds, discards, cards taken);
        without it every out counts as two copies.
    :ivar avoid_feeding: weigh what the discard gives the players who are down (a lay-off).
    :ivar claims: ``"contract"``: call "take it" only for the card that completes the
        contract; ``"weighed"``: for every card that brings the contract closer, the
        penalty card being one more card to build with (T-17).
    :ivar deny: as the drawer, take a claimed card himself to keep it from a caller
        who is not down, when it costs little.
    :ivar outs_weight: share of a missing card that a sure out is worth (outs count as the
        chance that the next draw is one).
    :ivar delay_ms: (low, high) reaction delay of a call, milliseconds.
    :ivar race_weight: in a round where every card must go in one lay-down (T-20), the weight
        of the penalty points held (:meth:`TressTurn.points_cost`) grows from :data:`BASE_DANGER` to
        this after :data:`RACE_TURNS` discards, so the hand sheds high cards as someone nears
        going out; 0 keeps the usual weights (easy and normal), hard has 10 (docs/ai.md).
    """

    counting: bool
    avoid_feeding: bool
    claims: str
    deny: bool
    outs_weight: float
    delay_ms: tuple[int, int]
    race_weight: float = 0.0


def table_meld(data: Mapping[str, Any], rules: RunRules) -> Meld:
    """Rebuild a view meld (``{"kind", "cards", "start"}``) as a :class:`Meld`.

    :raises MeldError: when the view meld is not valid under ``rules``.
    """
    cards = [parse_card(k) for k in data["cards"]]
    if data["kind"] == "set":
        return make_set(cards)
    return make_run(cards, rules, start=data.get("start"))


class TressTurn:
    """One decision's reading of the table and its answers (see the module docstring).

    :param view: ``game.view(seat)``. :param log: the public log as the seat sees it.
    :param style: the level's :class:`Style`.
    :param budget: the decision's work budget; every evaluation not already made in this
        decision spends its :attr:`~rummytable.ai.tress.eval.HandEval.work` on it.
    """

    def __init__(self, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], style: Style,
                 budget: Budget | None = None) -> None:
        self.view = view
        self.style = style
        self.budget = budget or Budget()
        self.seat: int = int(view["seat"])
        self.players: int = int(view["players"])
        self.hand: list[Card] = [parse_card(k) for k in view["hand"]]
        contract = view["contract"]
        self.sets: int = int(contract["sets"])
        self.runs: int = int(contract["runs"])
        self.all_cards: bool = bool(contract["all_cards"])
        options: Mapping[str, Any] = view.get("options", {})
        self.rules = EvalRules.from_options(options)
        self.run_rules = RunRules(4, True, wrap=bool(options.get("wrap_runs", False)), rule="T-7")
        self.down: list[bool] = list(view.get("down", [False] * self.players))
        self.table: list[tuple[int, int, Meld]] = []
        for meld in view.get("melds", []):
            try:
                self.table.append((int(meld["id"]), int(meld["owner"]), table_meld(meld, self.run_rules)))
            except MeldError:
                continue
        self.counter = CardCounter(view, log)
        seen = sum(self.counter.seen.values()) + self.counter.seen_jokers
        self.unseen = max(1, 104 + self.counter.total_jokers - seen)
        self._memo: dict[tuple[tuple[tuple[tuple[int, str], int], ...], int], HandEval] = {}
        self.danger = self._danger()

    # ------------------------------------------------------------------ evaluation

    def evaluate(self, shape: HandShape) -> HandEval:
        """Evaluate ``shape`` against this round's contract (memoised within the decision)."""
        key = (tuple(sorted(shape.counts.items())), shape.jokers)
        found = self._memo.get(key)
        if found is None:
            wide = (key, self.sets, self.runs, self.all_cards, self.rules)
            found = _SHARED.get(wide)
            if found is None:
                found = evaluate(shape, self.sets, self.runs, self.all_cards, self.rules)
                if len(_SHARED) >= SHARED_LIMIT:
                    _SHARED.clear()
                _SHARED[wide] = found
            self._memo[key] = found
            self.budget.spend(found.work)
        return found

    def live_outs(self, found: HandEval) -> int:
        """Live outs of an evaluation (two per face without card counting)."""
        if self.style.counting:
            return self.counter.live_outs(found)
        return 2 * len(found.outs) + (4 if found.joker_out else 0)

    def _danger(self) -> float:
        """How soon someone may go out, as the weight of the penalty points still held (T-15):
        :data:`BASE_DANGER`, up to 1 once another player is down or the stock runs low, and in
        round 7 up to :attr:`Style.race_weight` (10 for hard)."""
        danger = BASE_DANGER
        for seat in range(self.players):
            if seat == self.seat:
                continue
            count = self.view["hand_counts"][seat]
            if self.down[seat]:
                danger = max(danger, 0.6 if count > 3 else 1.0)
        stock = int(self.view.get("stock_count", 50))
        if stock < 25:
            danger = max(danger, 0.4)
        if self.all_cards and self.style.race_weight:
            # Nobody goes down before going out in round 7 (T-20): the only clock is the
            # round's length, and the hand that is caught pays every card (T-15).
            turns = sum(len(cards) for cards in self.counter.thrown.values())
            ramp = min(1.0, turns / RACE_TURNS)
            danger = max(danger, BASE_DANGER + (self.style.race_weight - BASE_DANGER) * ramp)
        return danger

    def hand_cost(self, shape: HandShape) -> float:
        """Cost of holding ``shape`` before the next draw (lower is better)."""
        found = self.evaluate(shape)
        # Outs count as the chance that the next draw brings the contract a card closer.
        chance = min(1.0, self.live_outs(found) / self.unseen)
        cost = DISTANCE_COST * (found.distance - self.style.outs_weight * chance)
        return cost + self.points_cost(shape)

    def points_cost(self, shape: HandShape) -> float:
        """The share of ``shape``'s penalty points (T-2) a hand risks, by how soon someone may go out."""
        found = self.evaluate(shape)
        dead = sum(card_points(Card(rank, suit)) * n
                   for (rank, suit), n in shape.counts.items() if (rank, suit) not in found.useful)
        # Deadwood counts in full; the cards of half-built melds are at risk too, less so.
        kept = shape.points() - dead
        return self.danger * (0.5 * dead + 0.15 * kept)

    def down_cost(self, cards: Sequence[Card]) -> float:
        """Cost of a hand held after going down: its points, less for cards that may yet lay off."""
        total = 0.0
        for card in cards:
            points = card_points(card)
            total += points * (0.5 if self._near_table(card) else 1.0)
        return total + 10.0 * len(cards)

    def _near_table(self, card: Card) -> bool:
        """True when ``card`` is one card away from joining a table run (the card between may come)."""
        if card.is_joker:
            return True
        for _, _, meld in self.table:
            if meld.kind is MeldKind.RUN and meld.suit == card.suit:
                value = 1 if card.rank == 14 and meld.start <= 3 else card.rank
                if value in (meld.start - 2, meld.end + 2):
                    return True
        return False

    def table_meld(self, meld_id: int) -> Meld | None:
        """The table meld with id ``meld_id``, or None when the view has none such."""
        return next((meld for i, _, meld in self.table if i == meld_id), None)

    def lay_off_targets(self, card: Card) -> list[tuple[int, End]]:
        """Table melds (id, end) where ``card`` may be laid off (T-13)."""
        found: list[tuple[int, End]] = []
        for meld_id, _, meld in self.table:
            if not card.is_joker:
                if meld.kind is MeldKind.SET and card.rank != meld.rank:
                    continue
                if meld.kind is MeldKind.RUN and card.suit != meld.suit:
                    continue
            found.extend((meld_id, end) for end in lay_off_ends(meld, card, self.run_rules))
        return found

    def feed_cost(self, card: Card) -> float:
        """What discarding ``card`` may give others: a free lay-off to a player who is down (T-13).

        The next player may take it for free (weight 1); the others only after him, or by
        a claim (weight 0.4). Guessing at what a player who is not down collects from the
        cards he took was measured to cost more than it saved: it kept high cards and
        broke up outs, so only lay-offs count.
        """
        if not self.style.avoid_feeding or not self.lay_off_targets(card):
            return 0.0
        nxt = (self.seat + 1) % self.players
        return sum(25.0 * (1.0 if seat == nxt else 0.4)
                   for seat in range(self.players) if seat != self.seat and self.down[seat])

    # ------------------------------------------------------------------ choices

    def discard_options(self, hand: Sequence[Card], banned: Card | None) -> list[tuple[float, Card]]:
        """Every allowed discard from ``hand`` with its cost, best first.

        Stops early, after at least one, once the decision's work budget is used up.
        """
        shape = HandShape.of(hand)
        seen: set[tuple[int, str | None]] = set()
        scored: list[tuple[float, Card]] = []
        # Cheap order first, so a decision whose budget runs out still has sensible candidates.
        for card in sorted(hand, key=lambda c: (c.is_joker, -card_points(c))):
            if card == banned or (card.rank, card.suit) in seen:
                continue
            seen.add((card.rank, card.suit))
            if self.down[self.seat] and not self.all_cards:
                rest = list(hand)
                rest.remove(card)
                cost = self.down_cost(rest)
            else:
                face = None if card.is_joker else (card.rank, card.suit or "")
                cost = self.hand_cost(shape.without(face))
            scored.append((cost + self.feed_cost(card), card))
            if self.budget.over():
                break
        scored.sort(key=lambda item: (item[0], item[1]))
        return scored

    def take_discard_gain(self, top: Card) -> float:
        """How much better (cost) taking ``top`` as the draw is than an average stock card; > 0 favours taking."""
        if self.down[self.seat] and not self.all_cards:
            return 50.0 if self.lay_off_targets(top) else -50.0
        shape = HandShape.of(self.hand)
        base = self.hand_cost(shape)
        found = self.evaluate(shape)
        # A level that does not weigh outs takes the discard only when it brings the contract closer.
        p_out = min(1.0, self.live_outs(found) / self.unseen) if self.style.outs_weight else 0.5
        with_top = self.discard_options([*self.hand, top], banned=top)
        best = with_top[0][0] if with_top else base
        # The stock may bring an out too: that chance is what taking the discard gives up.
        return (base - DISTANCE_COST * p_out) - best

    def card_fits(self, top: Card) -> bool:
        """Whether ``top`` is of use to this seat's hand: it brings the contract closer, or
        (once down outside round 7) it can be laid off on a meld on the table (T-12, T-13).

        A reading of the seat's own view for the page's "ask me only when the card fits my
        hand" setting (T-16): no card counting, one evaluation or two.
        """
        if self.down[self.seat] and not self.all_cards:
            return bool(self.lay_off_targets(top))
        shape = HandShape.of(self.hand)
        face = None if top.is_joker else (top.rank, top.suit or "")
        return self.evaluate(shape.plus(face)).distance < self.evaluate(shape).distance

    def claim_value(self, top: Card) -> tuple[bool, Reason]:
        """Whether calling "take it" for ``top`` is worth the penalty card (T-16, T-17)."""
        if self.down[self.seat] and not self.all_cards:
            return False, Reason("claim.down")
        if self.all_cards:
            return False, Reason("claim.all_cards")
        shape = HandShape.of(self.hand)
        now = self.evaluate(shape)
        face = None if top.is_joker else (top.rank, top.suit or "")
        after = self.evaluate(shape.plus(face))
        gain = now.distance - after.distance
        if gain <= 0:
            return False, Reason("claim.no_help", {"card": top.key})
        if self.style.claims == "contract":
            if after.distance == 0:
                return True, Reason("claim.completes", {"card": top.key})
            return False, Reason("claim.not_enough", {"card": top.key})
        # A granted claim brings the card and a penalty card from the stock (T-17): two
        # cards for one, so two chances at the contract for the cost of two more cards to
        # shed once down (lay-offs take most of them). Measured against waiting for a card
        # that brings the contract within one, calling for every card that helps wins
        # clearly, also while another player is down.
        if after.distance == 0:
            return True, Reason("claim.completes", {"card": top.key})
        return True, Reason("claim.closer", {"card": top.key, "away": after.distance})

    def choose_lay_down(self, options: Sequence[Action]) -> tuple[Action, Reason] | None:
        """Pick the lay-down that leaves the least behind, or None to hold back (T-12, T-20)."""
        best: tuple[float, Action] | None = None
        for action in options:
            used = [parse_card(k) for meld in action["melds"] for k in meld["cards"]]
            rest = list(self.hand)
            for card in used:
                if card in rest:
                    rest.remove(card)
            cost = sum(card_points(c) for c in rest) + 15.0 * len(rest)
            if best is None or cost < best[0]:
                best = (cost, action)
        if best is None:
            return None
        melds = [list(m["cards"]) for m in best[1]["melds"]]
        return best[1], Reason("lay_down.out" if self.all_cards else "lay_down.contract", {"melds": melds})

    def choose_lay_off(self, options: Sequence[Action]) -> tuple[Action, Reason] | None:
        """Pick a lay-off: natural cards before jokers, high points first (T-13)."""
        best: tuple[tuple[int, int, int, str], Action] | None = None
        naturals = [c for c in self.hand if not c.is_joker]
        for action in options:
            card = parse_card(action["card"])
            blocks = 0
            if card.is_joker:
                # A joker at a run's end may take the place a natural card of the hand needs.
                target = self.table_meld(action["meld"])
                if target is not None and target.kind is MeldKind.RUN:
                    value = target.start - 1 if action["end"] == "low" else target.end + 1
                    blocks = sum(1 for c in naturals if c.suit == target.suit and c.rank == value)
                else:
                    blocks = -1
            key = (int(card.is_joker), blocks, -card_points(card), action["card"])
            if best is None or key < best[0]:
                best = (key, action)
        if best is None:
            return None
        target = self.table_meld(best[1]["meld"])
        onto = [c.key for c in target.cards] if target is not None else []
        return best[1], Reason("lay_off.card", {"card": best[1]["card"], "meld": best[1]["meld"], "cards": onto})

    def reason_for_discard(self, card: Card, cost: float) -> Reason:
        """Why ``card`` is the discard: its points and what the hand keeps (``"discard.*"`` reasons)."""
        shape = HandShape.of(self.hand)
        face = None if card.is_joker else (card.rank, card.suit or "")
        if self.down[self.seat] and not self.all_cards:
            return Reason("discard.down", {"card": card.key, "points": card_points(card)})
        found = self.evaluate(shape.without(face))
        outs = self.live_outs(found)
        if found.distance == 0:
            return Reason("discard.complete", {"card": card.key, "points": card_points(card)})
        return Reason("discard.cost", {"card": card.key, "points": card_points(card), "away": found.distance,
                                       "outs": outs})
