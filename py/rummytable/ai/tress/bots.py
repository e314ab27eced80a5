"""The Tress computer players: ``easy``, ``normal`` and ``hard`` (docs/ai.md, "Tress").

* **easy** makes its contract when it can, keeps the cards that build it, throws away
  high deadwood and calls "take it" only for the card that completes its contract.
* **normal** counts cards (an out already in a meld, the discard pile or another hand
  is no out), keeps away from feeding lay-offs to the players who are down, calls
  "take it" for every card that brings its contract closer (the penalty card is one
  more card to build with) and, as the drawer, keeps a cheap claimed card from a caller
  who is not down.
* **hard** plays like normal and calls sooner, but settles its close discards - between
  its best few - and its close draws (T-11, T-17) by play-outs on sampled deals of the unseen
  cards, on the search model (:mod:`rummytable.ai.tress.search`): in rounds 1-6 ten turns on,
  valued by every player's expected points at the round's end
  (:mod:`~rummytable.ai.tress.model.leaf`), in round 7 to the round's end (docs/ai.md, "Tress"). In round 7 it weighs
  the penalty points it holds more and more as the round goes on (T-20, T-15), so it sheds high
  cards before somebody goes out.

Every level goes down as soon as it holds the contract (T-12) and lays off what it can
(T-13). Calls come with a human-like reaction delay drawn from the level's range (T-18).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rummytable.ai import register
from rummytable.ai.base import Bot, Budget, ClaimDecision, Decision, digest, legal
from rummytable.ai.reasons import Reason, around
from rummytable.ai.tress.model.moves import DRAW_DISCARD_MOVE
from rummytable.ai.tress.model.state import STOCK_MOVE
from rummytable.ai.tress.policy import Style, TressTurn
from rummytable.ai.tress.search import Comparison, compare_discards, compare_moves
from rummytable.cards import parse_card

EASY = Style(counting=False, avoid_feeding=False, claims="contract", deny=False, outs_weight=0.0,
             delay_ms=(1500, 3000))
NORMAL = Style(counting=True, avoid_feeding=True, claims="weighed", deny=True, outs_weight=0.6,
               delay_ms=(900, 1800))
HARD = Style(counting=True, avoid_feeding=True, claims="weighed", deny=True, outs_weight=0.6,
             delay_ms=(600, 1200), race_weight=10.0)


class TressBot(Bot):
    """Shared decision flow of the Tress levels; a level sets :attr:`STYLE` and may refine choices."""

    game = "tress"
    STYLE: ClassVar[Style] = NORMAL

    def decision_rng(self, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], label: str) -> random.Random:
        """The seeded generator of one decision (bot seed, label, the view and the length of the log)."""
        return random.Random(f"tress/{self.level}/{self.seed}/{label}/{digest(dict(view), [])}/{len(log)}")

    def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
        """Return a legal action for ``view["seat"]`` with a short reason, within ``budget``
        (work units: evaluation steps, :attr:`~rummytable.ai.tress.eval.HandEval.work`).

        :raises BotError: when the view lists no legal action for the seat.
        """
        actions = [a for a in legal(view) if a["kind"] != "call"]
        if not actions:
            actions = legal(view)
        kinds = {a["kind"] for a in actions}
        if "next_round" in kinds:
            return Decision(_first(actions, "next_round"), Reason("round.next"))
        if kinds & {"draw_stock", "draw_discard", "grant"}:
            return self.decide_draw(TressTurn(view, log, self.STYLE, budget), view, log, actions)
        return self.decide_play(TressTurn(view, log, self.STYLE, budget), view, log, actions)

    def decide_draw(self, turn: TressTurn, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]],
                    actions: list[dict[str, Any]]) -> Decision:
        """Draw from the stock or take the discard (T-11); with a claim pending, answer it (T-17)."""
        return self.draw_choice(turn, view, log, actions)[0]

    def draw_choice(self, turn: TressTurn, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]],
                    actions: list[dict[str, Any]]) -> tuple[Decision, float | None]:
        """The level's draw (:meth:`decide_draw`) and the gain it weighed, in points (> 0: taking
        the top discard beats the stock; None when the discard could not be taken)."""
        top_key = view.get("discard_top")
        can_take = any(a["kind"] == "draw_discard" for a in actions)
        stock = _first(actions, "draw_stock")
        if not can_take or top_key is None:
            return Decision(stock, Reason("draw.stock")), None
        top = parse_card(top_key)
        gain = self.draw_gain(turn, view, log, top)
        claimed = view.get("phase") == "claim"
        callers = view.get("claims") or []
        caller = int(callers[0]) if claimed and callers else None
        if gain > 0:
            helps = (Reason("claim.keep_helps", {"card": top_key, "caller": caller}) if caller is not None
                     else Reason("draw.discard_helps", {"card": top_key}))
            return Decision(_first(actions, "draw_discard"), helps), gain
        if claimed and self.STYLE.deny and self.should_deny(turn, view, top, gain):
            return Decision(_first(actions, "draw_discard"),
                            Reason("claim.keep_deny", {"card": top_key, "caller": caller})), gain
        if claimed:
            return Decision(stock, Reason("claim.grant", {"card": top_key, "caller": caller})), gain
        return Decision(stock, Reason("draw.stock_no_help", {"card": top_key})), gain

    def draw_gain(self, turn: TressTurn, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]],
                  top: Any) -> float:
        """How much taking the top discard beats the stock (> 0: take it)."""
        return turn.take_discard_gain(top)

    def should_deny(self, turn: TressTurn, view: Mapping[str, Any], top: Any, gain: float) -> bool:
        """As the drawer, whether to take a claimed card only to keep it from the caller (T-17)."""
        callers = view.get("claims") or []
        if not callers or turn.down[turn.seat]:
            return False
        caller = int(callers[0])
        if turn.down[caller]:
            # A caller who is down gains a penalty card as well: let him.
            return False
        # Keeping a card from one opponent helps against him only, and the stock card
        # given up is a chance of an out: deny only when it costs next to nothing.
        return gain > -10.0

    def decide_play(self, turn: TressTurn, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]],
                    actions: list[dict[str, Any]]) -> Decision:
        """Go down, lay off, or discard (T-12..T-14, T-20)."""
        lay_downs = [a for a in actions if a["kind"] == "lay_down"]
        if lay_downs:
            chosen = turn.choose_lay_down(lay_downs)
            if chosen is not None and self.go_down_now(turn, view, chosen[0]):
                return Decision(chosen[0], chosen[1])
        lay_offs = [a for a in actions if a["kind"] == "lay_off"]
        if lay_offs:
            chosen = turn.choose_lay_off(lay_offs)
            if chosen is not None:
                return Decision(chosen[0], chosen[1])
        discards = [a for a in actions if a["kind"] == "discard"]
        if not discards:
            return Decision(actions[0], Reason("move.only"))
        return self.decide_discard(turn, view, log, discards)

    def go_down_now(self, turn: TressTurn, view: Mapping[str, Any], action: dict[str, Any]) -> bool:
        """Whether to lay the contract now; going down is optional (T-12) but mostly right."""
        return True

    def decide_discard(self, turn: TressTurn, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]],
                       discards: list[dict[str, Any]]) -> Decision:
        """Discard the card whose loss costs least (T-14)."""
        banned_key = view.get("drawn_from_discard")
        banned = parse_card(banned_key) if banned_key else None
        allowed = {a["card"]: a for a in discards}
        ranked = [(cost, card) for cost, card in turn.discard_options(turn.hand, banned) if card.key in allowed]
        if not ranked:
            return Decision(discards[0], Reason("discard.card", {"card": discards[0]["card"]}))
        cost, card = ranked[0]
        return Decision(allowed[card.key], turn.reason_for_discard(card, cost))

    def choose_claim(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> ClaimDecision:
        """Call "take it" for the top discard when it is worth the penalty card (T-16..T-18).

        The delay is the level's reaction time, drawn from its range with the decision's
        seeded generator, so the page can hold a fair race with a person.
        """
        if not any(a["kind"] == "call" for a in view.get("legal_actions", [])):
            return ClaimDecision(False, 0, Reason("claim.none"))
        top_key = view.get("discard_top")
        if top_key is None:
            return ClaimDecision(False, 0, Reason("claim.none"))
        turn = TressTurn(view, log, self.STYLE, budget)
        call, reason = turn.claim_value(parse_card(top_key))
        if not call:
            return ClaimDecision(False, 0, reason)
        low, high = self.STYLE.delay_ms
        delay = self.decision_rng(view, log, "claim").randint(low, high)
        return ClaimDecision(True, delay, reason)


def _first(actions: Sequence[dict[str, Any]], kind: str) -> dict[str, Any]:
    for action in actions:
        if action["kind"] == kind:
            return action
    return actions[0]


@register
class TressEasyBot(TressBot):
    """Short-sighted but sensible: builds the contract, sheds high deadwood, rarely calls."""

    level = "easy"
    STYLE = EASY
    WORK_UNITS = 2_000
    DESCRIPTION = "Builds its contract and throws away high cards, but does not watch what others collect."

    def should_deny(self, turn: TressTurn, view: Mapping[str, Any], top: Any, gain: float) -> bool:
        """Easy never takes a card just to keep it from a caller."""
        return False


@register
class TressNormalBot(TressBot):
    """Counts cards, avoids feeding, weighs calls against the penalty card."""

    level = "normal"
    STYLE = NORMAL
    WORK_UNITS = 2_000
    DESCRIPTION = ("Counts the cards that are gone, gives nothing away to players who are down and calls "
                   "\"take it\" whenever a card brings its contract closer.")


@register
class TressHardBot(TressBot):
    """Normal play, with its close draws and its best discards played out on sampled deals of the
    unseen cards (each deal's stock dealt out to the seats in advance,
    :mod:`~rummytable.ai.tress.model.seat_stock`): :attr:`HORIZON` turns in rounds 1-6, then valued
    by the fitted leaf; to the round's end in round 7.

    Work units: normal's evaluation steps, then :data:`~rummytable.ai.tress.search.TURN_UNITS` per
    model turn of the play-outs, at most :attr:`SEARCH_TURNS` turns a decision (a seventh in round 7).
    """

    level = "hard"
    STYLE = HARD
    WORK_UNITS = 12_000
    SAFETY_MS = 3000.0
    DESCRIPTION = ("Thinks ahead: plays its close draws and its best discards out on many possible deals "
                   "of the hidden cards before it chooses.")
    CANDIDATES: ClassVar[int] = 4
    """Discards compared at most, normal's choice included."""
    CLOSE: ClassVar[float] = 30.0
    """Only discards within this much of normal's best (its cost, in points) are compared."""
    DEALS: ClassVar[int] = 24
    """Sampled deals at most per decision."""
    SEARCH_TURNS: ClassVar[int] = 3000
    """Model turns at most per decision (a work budget; a round's play-out is about 30)."""
    ALL_CARDS_SHARE: ClassVar[int] = 7
    """In round 7 the search gets this fraction of :attr:`SEARCH_TURNS`. Every play-out turn there asks
    the contract solver about the whole hand (T-20); under three runs that costs about nine times a turn
    under three sets and a run, and a seventh keeps those decisions inside the page's cap. Under three
    sets and a run (the default) a seventh finishes fewer than :attr:`MIN_DEALS` deals in most searches,
    so hard plays that round much as normal does. The whole budget there was tried on 800 fresh matches
    and gained nothing that showed at the table; with play-outs that read a round-7 hand whole, on 1,600
    more, it gained +0.9 +- 0.8 wins in a hundred, under the bound set for keeping it (docs/ai.md,
    "Round 7 searched too" and "Round-7 play-outs that race as the players do")."""
    MIN_DEALS: ClassVar[int] = 6
    """Fewer finished deals than this leave normal's choice standing."""
    MARGIN: ClassVar[float] = 1.0
    """Points a discard must beat normal's choice by, on top of :attr:`ERRORS` standard errors."""
    ERRORS: ClassVar[float] = 2.0
    """Standard errors of the paired difference a discard must beat normal's choice by. One would
    claim more of what the model's own long runs find, but lost against normal players at the
    table: the play-out policy is not normal, and a looser gate follows its errors (docs/ai.md)."""

    DRAW_CLOSE: ClassVar[float] = 60.0
    """Only draws whose gain in normal's reckoning (:meth:`~TressBot.draw_choice`, points) lies within
    this much of even are searched."""
    DRAW_ERRORS: ClassVar[float] = 1.0
    """Standard errors the other draw must beat normal's by (with :attr:`MARGIN`). A draw's two
    play-outs part at once (different cards in the hand), so its comparison is noisier than a
    discard's, and two errors left almost every draw as normal had it (docs/ai.md)."""

    HORIZON: ClassVar[int] = 10
    """Turns a play-out of rounds 1-6 runs before it is valued by every seat's expected points at the
    round's end (:mod:`~rummytable.ai.tress.model.leaf`); 0 plays them to the end of the round, as
    round 7 always is (docs/ai.md, "Short play-outs valued by a fitted leaf")."""
    LEAF_DEALS: ClassVar[int] = 96
    """Sampled deals at most per decision with short play-outs (the turn budget ends it sooner)."""
    LEAF_ERRORS: ClassVar[float] = 1.0
    """Standard errors (with :attr:`MARGIN`) a draw or a discard must beat normal's by with short
    play-outs: their errors are a fifth of a whole round's, so one error is already a small gap."""

    def horizon(self, turn: TressTurn) -> int:
        """Turns a play-out of this decision runs (:attr:`HORIZON`; 0, to the round's end, in round 7)."""
        return 0 if turn.all_cards else self.HORIZON

    def deals(self, turn: TressTurn) -> int:
        """Sampled deals at most for this decision: :attr:`LEAF_DEALS` with short play-outs, else :attr:`DEALS`."""
        return self.LEAF_DEALS if self.horizon(turn) else self.DEALS

    def turn_budget(self, turn: TressTurn) -> int:
        """Model turns this decision's search may play: :attr:`SEARCH_TURNS`, a seventh in round 7."""
        return self.SEARCH_TURNS // self.ALL_CARDS_SHARE if turn.all_cards else self.SEARCH_TURNS

    def searched_best(self, found: Comparison, errors: float) -> int:
        """The candidate the search picks: 0 (normal's) unless another beats it by :attr:`MARGIN`
        points and ``errors`` standard errors of the paired difference over at least
        :attr:`MIN_DEALS` deals; of several, the best mean."""
        best = 0
        if found.deals < self.MIN_DEALS:
            return best
        # The best of several noisy averages would otherwise favour a lucky one.
        for i in range(1, len(found.means)):
            gain = found.means[i] - found.means[0]
            if gain > self.MARGIN + errors * found.errors[i] and found.means[i] > found.means[best]:
                best = i
        return best

    def decide_draw(self, turn: TressTurn, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]],
                    actions: list[dict[str, Any]]) -> Decision:
        """Normal's draw (T-11) or answer to a call (T-17), unless playing both to the end of the
        round on sampled deals clearly favours the other. A player who is down outside round 7
        takes the discard only to lay it off (T-13): that draw is not searched."""
        decision, gain = self.draw_choice(turn, view, log, actions)
        kind = decision.action["kind"]
        if (gain is None or abs(gain) > self.DRAW_CLOSE or kind not in ("draw_discard", "draw_stock")
                or (turn.down[turn.seat] and not turn.all_cards)):
            return decision
        take = kind == "draw_discard"
        moves = [DRAW_DISCARD_MOVE, STOCK_MOVE] if take else [STOCK_MOVE, DRAW_DISCARD_MOVE]
        horizon = self.horizon(turn)
        found = compare_moves(view, log, moves, self.decision_rng(view, log, "draw"), self.deals(turn), turn.budget,
                              self.turn_budget(turn), turn.counter, horizon)
        if self.searched_best(found, self.LEAF_ERRORS if horizon else self.DRAW_ERRORS) == 0:
            return Decision(decision.action, around("lookahead.confirmed", decision.why))
        card = {"card": view["discard_top"]}
        if take:
            action, why = _first(actions, "draw_stock"), Reason("draw.stock_not_enough", card)
        else:
            action, why = _first(actions, "draw_discard"), Reason("draw.discard", card)
        return Decision(action, around("lookahead.chosen", why))

    def decide_discard(self, turn: TressTurn, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]],
                       discards: list[dict[str, Any]]) -> Decision:
        """Discard after playing normal's best few candidates to the end of the round on sampled deals (T-14)."""
        banned_key = view.get("drawn_from_discard")
        banned = parse_card(banned_key) if banned_key else None
        allowed = {a["card"]: a for a in discards}
        ranked = [(cost, card) for cost, card in turn.discard_options(turn.hand, banned) if card.key in allowed]
        if not ranked:
            return Decision(discards[0], Reason("discard.card", {"card": discards[0]["card"]}))
        # Only close calls are searched: options within reach of normal's best.
        shortlist = [item for item in ranked[:self.CANDIDATES] if item[0] <= ranked[0][0] + self.CLOSE]
        if len(shortlist) < 2:
            cost, card = ranked[0]
            return Decision(allowed[card.key], turn.reason_for_discard(card, cost))
        rng = self.decision_rng(view, log, "discard")
        horizon = self.horizon(turn)
        found = compare_discards(view, log, [card for _, card in shortlist], rng, self.deals(turn), turn.budget,
                                 self.turn_budget(turn), turn.counter, horizon)
        # Normal's choice stands unless another discard is clearly better over the same deals.
        best = self.searched_best(found, self.LEAF_ERRORS if horizon else self.ERRORS)
        cost, card = shortlist[best]
        if best == 0:
            return Decision(allowed[card.key], around("lookahead.confirmed", turn.reason_for_discard(card, cost)))
        return Decision(allowed[card.key], around("lookahead.chosen", turn.reason_for_discard(card, cost)))
