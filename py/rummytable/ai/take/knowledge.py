"""What one Take seat knows about the hidden cards: card counting from its view and the public log.

From ``view`` (own hand, table, discard top and counts) and the public log (every
discard, every pick-up from the discard pile, every meld) a seat can tell:

* the discard pile's contents, when the log reaches back to the deal;
* cards an opponent picked up from the discard pile and has not played since, which
  are certainly in his hand;
* the *unseen* cards: every card of the deck that is not in its hand, on the table or
  known in the discard pile. Opponents' hands and the stock are made of these.

Nothing here reads another seat's hand: only what a person at the table could remember.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rummytable.cards import Card, build_deck, parse_card
from rummytable.melds import Meld, MeldKind
from rummytable.take.options import TakeOptions
from rummytable.take.scoring import card_points
from rummytable.take.table import TableSequence, next_above


@dataclass
class TakeKnowledge:
    """Card counting for one seat.

    :ivar seat: the seat whose knowledge this is.
    :ivar unseen: cards whose place is unknown (opponents' hands, stock, buried discards
        the log does not reach), in canonical order.
    :ivar known: per seat, cards known to be in that seat's hand (for the own seat: the hand).
    :ivar pile: the known part of the discard pile, bottom first (always ends with the top).
    :ivar pile_complete: the log reaches back to the deal, so ``pile`` is the whole pile.
    :ivar hand_counts: cards held per seat.
    :ivar stock_count: cards in the stock.
    """

    seat: int
    unseen: list[Card]
    known: list[set[Card]]
    pile: list[Card]
    pile_complete: bool
    hand_counts: list[int]
    stock_count: int
    discarded_by: list[list[Card]] = field(default_factory=list)
    taken_by: list[list[Card]] = field(default_factory=list)
    declined: list[set[Card]] = field(default_factory=list)

    def weight(self, seat: int, card: Card) -> float:
        """How likely, relative to an average unseen card, ``seat`` holds ``card``, judging by what he did.

        A card that would have taken over a sequence on his last turn is unlikely (he would
        have played it, K-12); cards next to ones he threw away are less likely, cards next
        to ones he picked up from the discard pile more likely.
        """
        if self.declined and card in self.declined[seat]:
            return 0.15
        weight = 1.0
        if card.is_joker:
            return weight
        for thrown in (self.discarded_by[seat] if self.discarded_by else []):
            if not thrown.is_joker and thrown.suit == card.suit and abs(thrown.rank - card.rank) <= 1:
                weight = min(weight, 0.6)
        for taken in (self.taken_by[seat] if self.taken_by else []):
            if not taken.is_joker and taken.suit == card.suit and abs(taken.rank - card.rank) <= 2:
                weight = max(weight, 1.8)
        return weight

    def free(self) -> list[Card]:
        """Unseen cards not known to be in any hand (what a stock card or an unknown hand card may be)."""
        taken = set().union(*self.known)
        return [c for c in self.unseen if c not in taken]

    def holds(self, seat: int, card: Card) -> float:
        """Probability that ``seat`` (an opponent) holds ``card`` now.

        1 when known (picked up from the discard pile), 0 when the card is visible
        elsewhere, else the share of his unknown cards among the free unseen cards.
        """
        if card in self.known[seat]:
            return 1.0
        if card not in self._unseen_set or any(card in k for k in self.known):
            return 0.0
        free = len(self.unseen) - sum(len(k) for i, k in enumerate(self.known) if i != self.seat)
        unknown = max(0, self.hand_counts[seat] - len(self.known[seat]))
        return min(1.0, unknown / free) if free > 0 else 0.0

    def reachable(self, card: Card) -> float:
        """Probability that some opponent holds ``card`` now or may draw it soon (a rough weight)."""
        miss = 1.0
        for seat in range(len(self.hand_counts)):
            if seat != self.seat:
                miss *= 1.0 - self.holds(seat, card)
        now = 1.0 - miss
        if card in self._unseen_set and not any(card in k for k in self.known):
            free = max(1, len(self.free()))
            # An unknown card in the stock may be drawn before the hand ends.
            now += (1.0 - now) * min(1.0, self.stock_count / free) * 0.35
        return min(1.0, now)

    def mean_unseen_points(self) -> float:
        """Average points of an unseen card (what an unknown card in an opponent's hand costs him)."""
        if not self.unseen:
            return 7.0
        return sum(card_points(c) for c in self.unseen) / len(self.unseen)

    def __post_init__(self) -> None:
        self._unseen_set = set(self.unseen)


def full_deck() -> list[Card]:
    """The 54 Take cards (K-1)."""
    return build_deck(1, 2)


def sequences_from_view(view: dict[str, Any]) -> dict[int, TableSequence]:
    """Rebuild the table's sequences (id -> :class:`TableSequence`) from ``view["melds"]``."""
    result: dict[int, TableSequence] = {}
    for m in view.get("melds", []):
        cards = tuple(parse_card(k) for k in m["cards"])
        natural = next(c for c in cards if not c.is_joker)
        meld = Meld(MeldKind.RUN, cards, suit=natural.suit, start=int(m["start"]))
        result[int(m["id"])] = TableSequence(int(m["id"]), int(m["owner"]), meld)
    return result


_OPTIONS: dict[str, TakeOptions] = {}


def options_from_view(view: dict[str, Any]) -> TakeOptions:
    """The match's options as the view states them (parsed once per distinct set of options).

    :raises OptionsError: when the view's options are invalid.
    """
    data = view.get("options") or {}
    text = json.dumps(data, sort_keys=True)
    if text not in _OPTIONS:
        _OPTIONS[text] = TakeOptions.from_json(data)
    return _OPTIONS[text]


def knowledge(view: dict[str, Any], log: list[dict[str, Any]]) -> TakeKnowledge:
    """Count cards for ``view["seat"]`` from its view and the public log.

    Only log entries after the latest ``"dealt"`` event matter (the current hand). When
    the log does not reach back to that deal, buried discards stay unseen.
    """
    seat = int(view["seat"])
    players = int(view["players"])
    hand = [parse_card(k) for k in view["hand"]]
    known: list[set[Card]] = [set() for _ in range(players)]
    discarded_by: list[list[Card]] = [[] for _ in range(players)]
    taken_by: list[list[Card]] = [[] for _ in range(players)]
    declined: list[set[Card]] = [set() for _ in range(players)]
    table_now: dict[int, dict[str, Any]] = {}
    start = None
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("kind") == "dealt":
            start = i
            break
    pile: list[Card] = []
    complete = start is not None
    if start is not None and log[start].get("discard_top"):
        pile.append(parse_card(log[start]["discard_top"]))
    for event in log[(start + 1) if start is not None else 0:]:
        kind = event.get("kind")
        who = event.get("seat")
        if kind == "card_discarded" and event.get("card"):
            card = parse_card(event["card"])
            pile.append(card)
            if isinstance(who, int) and 0 <= who < players:
                known[who].discard(card)
                discarded_by[who].append(card)
                declined[who] = _takeable(table_now, who)
        elif kind == "card_drawn" and event.get("source") == "discard":
            taken = parse_card(event["card"]) if event.get("card") else (pile[-1] if pile else None)
            if taken is not None:
                if taken in pile:
                    pile.remove(taken)
                if isinstance(who, int) and 0 <= who < players:
                    known[who].add(taken)
                    taken_by[who].append(taken)
        elif kind in ("meld_created", "meld_extended"):
            cards = event.get("cards") or (event.get("meld") or {}).get("cards") or []
            for key in cards:
                card = parse_card(key)
                for k in known:
                    k.discard(card)
            meld = event.get("meld")
            if isinstance(meld, dict) and "id" in meld:
                table_now[int(meld["id"])] = meld
        elif kind == "stock_rebuilt":
            pile = pile[-1:]
    top = view.get("discard_top")
    if top is not None and (not pile or pile[-1].key != top):
        # The log does not explain the pile (it was cut short): trust the view.
        pile = [parse_card(top)]
        complete = False
    if int(view.get("discard_count", len(pile))) != len(pile):
        complete = False
        if len(pile) > int(view.get("discard_count", len(pile))):
            pile = pile[-int(view.get("discard_count", 0)):] if view.get("discard_count") else []
    table = {c for seq in sequences_from_view(view).values() for c in seq.meld.cards}
    visible = set(hand) | table | set(pile)
    unseen = [c for c in full_deck() if c not in visible]
    unseen_set = set(unseen)
    for i in range(players):
        known[i] = {c for c in known[i] if c in unseen_set} if i != seat else set(hand)
    counts = [int(n) for n in view["hand_counts"]]
    declined = [{c for c in d if c in unseen_set and not any(c in k for k in known)} for d in declined]
    return TakeKnowledge(seat, unseen, known, pile, complete, counts, int(view.get("stock_count", 0)),
                         discarded_by, taken_by, declined)


def _takeable(table: dict[int, dict[str, Any]], seat: int) -> set[Card]:
    """The natural cards that would have taken over a sequence of another owner (K-12), from view-melds."""
    result: set[Card] = set()
    for meld in table.values():
        if meld.get("owner") == seat or meld.get("locked"):
            continue
        cards = tuple(parse_card(k) for k in meld["cards"])
        natural = next((c for c in cards if not c.is_joker), None)
        if natural is None:
            continue
        seq = TableSequence(int(meld["id"]), int(meld["owner"]),
                            Meld(MeldKind.RUN, cards, suit=natural.suit, start=int(meld["start"])))
        card = next_above(seq)
        if card is not None:
            result.add(card)
    return result
