"""Melds shared by every game: sets and runs (Take calls its runs *sequences*).

A :class:`Meld` is immutable: laying off returns a new meld. A run keeps its cards in
table order from low to high together with ``start``, the value of its first card
(a low ace is 1, a high ace 14), so a joker's identity follows from its position and
is fixed once played (T-8, K-5). A joker in a set stands for the set's rank.

Rule differences between games are parameters, not code paths:

* :class:`RunRules` - minimum length (T-7: 4, K-4: 3), whether a run may hold an ace at
  both ends (T-7's 14-card run; forbidden by K-4) and the wrap option of T-7.
* :class:`JokerRatio` - how many jokers a newly laid meld may hold (T-9, K-5).

Every failure raises :class:`MeldError` with a plain reason and the rule id.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummytable.cards import ACE, LOW_ACE, Card, CardError, Face, parse_card
from rummytable.jsontext import quote


class MeldError(ValueError):
    """A group of cards is not a valid meld, or a card cannot join a meld.

    :ivar reason: the plain-words reason, without the rule id.
    :ivar rule: the rule id it breaks (``"T-7"``, ``"K-4"`` ...).
    """

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule


class MeldKind(str, enum.Enum):
    """The two kinds of meld: a set (same rank) and a run (one suit, consecutive)."""

    SET = "set"
    RUN = "run"


class End(str, enum.Enum):
    """Which end of a run a card joins: below its first card or above its last."""

    LOW = "low"
    HIGH = "high"


class JokerRatio(str, enum.Enum):
    """How many jokers a newly laid meld may hold (T-9; K-5 option).

    ``MORE_NATURALS``: natural cards must outnumber jokers. ``NATURALS_AT_LEAST``:
    naturals >= jokers. ``AT_LEAST_ONE_NATURAL``: any number of jokers, but one natural.
    """

    MORE_NATURALS = "more_naturals"
    NATURALS_AT_LEAST = "naturals_at_least"
    AT_LEAST_ONE_NATURAL = "at_least_one_natural"


@dataclass(frozen=True)
class RunRules:
    """What makes a valid run in one game.

    :ivar min_length: fewest cards (Tress 4 per T-7, Take 3 per K-4).
    :ivar both_aces: a run may start at a low ace and end at a high ace (T-7: yes,
        the 14-card run; K-4: no). ``rule`` names the rule quoted in errors.
    :ivar wrap: runs may turn the corner K-A-2 (T-7 option).
    :ivar rule: rule id for run errors (``"T-7"`` or ``"K-4"``).
    """

    min_length: int
    both_aces: bool
    wrap: bool = False
    rule: str = "T-7"


TRESS_RUNS = RunRules(min_length=4, both_aces=True, wrap=False, rule="T-7")
"""Default Tress runs (T-7)."""

TAKE_SEQUENCES = RunRules(min_length=3, both_aces=False, wrap=False, rule="K-4")
"""Take sequences (K-4)."""


def rank_of_value(value: int, wrap: bool = False) -> int:
    """Return the rank (2..14) at run value ``value`` (1 = low ace, 14 = high ace).

    With ``wrap`` any integer maps round the corner (15 -> 2, 0 -> K).
    """
    if value == LOW_ACE:
        return ACE
    if wrap:
        return (value - 2) % 13 + 2
    return value


@dataclass(frozen=True)
class Meld:
    """A meld on the table or about to be laid.

    :ivar kind: set or run.
    :ivar cards: the physical cards; a run's from low to high.
    :ivar rank: a set's rank (2..14); for a run, 0.
    :ivar suit: a run's suit; for a set, ``None``.
    :ivar start: a run's first value (1 = low ace .. 14); for a set, 0.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: int = 0
    suit: str | None = None
    start: int = 0

    @property
    def end(self) -> int:
        """A run's last value (``start + len - 1``); for a set, 0."""
        return self.start + len(self.cards) - 1 if self.kind is MeldKind.RUN else 0

    def value_at(self, index: int) -> int:
        """A run's value at position ``index`` (``start + index``)."""
        return self.start + index

    def faces(self, wrap: bool = False) -> list[Face]:
        """What each card shows or stands for, in table order (jokers get their identity)."""
        if self.kind is MeldKind.SET:
            return [Face(self.rank, None) if c.is_joker else c.face for c in self.cards]
        return [Face(rank_of_value(self.start + i, wrap), self.suit) for i in range(len(self.cards))]

    def stand_ins(self, wrap: bool = False) -> dict[Card, Face]:
        """Map each joker in the meld to the face it stands for."""
        return {c: f for c, f in zip(self.cards, self.faces(wrap)) if c.is_joker}

    @property
    def naturals(self) -> int:
        """Number of natural (non-joker) cards."""
        return sum(1 for c in self.cards if not c.is_joker)

    @property
    def jokers(self) -> int:
        """Number of jokers."""
        return len(self.cards) - self.naturals

    def notation(self, wrap: bool = False) -> str:
        """Face notation with joker identities, e.g. ``"5H JK(6H) 7H 8H"``."""
        parts = []
        for card, face in zip(self.cards, self.faces(wrap)):
            parts.append(f"JK({face})" if card.is_joker else str(card))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def to_json(self) -> dict[str, Any]:
        """JSON form: ``{"kind", "cards": [keys]}`` plus ``"start"`` for a run or ``"rank"`` for a set."""
        data: dict[str, Any] = {"kind": self.kind.value, "cards": [c.key for c in self.cards]}
        if self.kind is MeldKind.RUN:
            data["start"] = self.start
        else:
            data["rank"] = self.rank
        return data


def meld_from_json(data: object, rules: RunRules) -> Meld:
    """Rebuild and re-validate a meld from :meth:`Meld.to_json` output.

    :raises MeldError: when the data is malformed or the meld is not valid.
    """
    if not isinstance(data, dict) or data.get("kind") not in ("set", "run"):
        raise MeldError(f"not a meld: {quote(data)}", "formats")
    raw = data.get("cards")
    if not isinstance(raw, list) or not all(isinstance(k, str) for k in raw):
        raise MeldError(f"meld cards must be a list of card keys: {quote(raw)}", "formats")
    try:
        cards = [parse_card(k) for k in raw]
    except CardError as exc:
        raise MeldError(str(exc), "formats") from exc
    if data["kind"] == "set":
        rank = data.get("rank")
        if not isinstance(rank, int):
            raise MeldError("a set needs its rank", "formats")
        return make_set(cards, rank=rank)
    start = data.get("start")
    if not isinstance(start, int):
        raise MeldError("a run needs its start value", "formats")
    return make_run(cards, rules, start=start)


def make_set(cards: Sequence[Card], rank: int | None = None, rule: str = "T-6") -> Meld:
    """Validate ``cards`` as a set (T-6): 3+ cards of one rank, jokers wild, one natural.

    ``rank`` is needed only when every card is a joker (which is still invalid, T-8)
    or to check a saved set.

    :raises MeldError: when the cards are no set.
    """
    if len(cards) < 3:
        raise MeldError(f"a set needs at least 3 cards, not {len(cards)}", rule)
    _check_distinct(cards)
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        raise MeldError("every meld needs at least one natural card", "T-8")
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        raise MeldError("a set's cards must all have one rank", rule)
    found = ranks.pop()
    if rank is not None and rank != found:
        raise MeldError(f"the set's rank is {found}, not {rank}", rule)
    return Meld(MeldKind.SET, tuple(cards), rank=found)


def make_run(cards: Sequence[Card], rules: RunRules, start: int | None = None) -> Meld:
    """Validate ``cards`` (in order, low to high) as a run of one suit.

    The value of each joker follows from its place. ``start`` pins the first value
    (a saved run, or a position where the order alone is ambiguous); otherwise it is
    derived from the natural cards.

    :raises MeldError: with ``rules.rule`` when the cards are no run (too short, mixed
        suits, gaps, past an ace, an ace at both ends where that is not allowed), or
        T-8/K-5 when there is no natural card.
    """
    rule = rules.rule
    if len(cards) < rules.min_length:
        raise MeldError(f"a run needs at least {rules.min_length} cards, not {len(cards)}", rule)
    _check_distinct(cards)
    naturals = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    if not naturals:
        raise MeldError("every meld needs at least one natural card", "K-5" if rule == "K-4" else "T-8")
    suits = {c.suit for _, c in naturals}
    if len(suits) > 1:
        raise MeldError("a run's cards must all be of one suit", rule)
    suit = suits.pop()
    candidates = [start] if start is not None else _start_candidates(naturals, rules.wrap)
    valid = [s for s in candidates if _fits(cards, s, rules)]
    if not valid:
        raise MeldError(_run_failure(cards, rules), rule)
    chosen = _normalise_start(valid[0], len(cards), rules.wrap)
    return Meld(MeldKind.RUN, tuple(cards), suit=suit, start=chosen)


def _check_distinct(cards: Sequence[Card]) -> None:
    if len(set(cards)) != len(cards):
        dup = next(c for c, n in Counter(cards).items() if n > 1)
        raise MeldError(f"the card {dup.key} is used twice", "K-7")


def _start_candidates(naturals: list[tuple[int, Card]], wrap: bool) -> list[int]:
    options: set[int] | None = None
    for i, card in naturals:
        mine = {card.rank - i}
        if card.rank == ACE:
            mine.add(LOW_ACE - i)
        options = mine if options is None else options & mine
        if wrap and options is not None and not options:
            break
    if wrap:
        # Around the corner every rank recurs every 13 values.
        first_i, first = naturals[0]
        base = {first.rank - first_i + 13 * k for k in range(-2, 2)}
        return sorted(s for s in base if all(rank_of_value(s + i, True) == c.rank for i, c in naturals))
    return sorted(options or set())


def _fits(cards: Sequence[Card], start: int, rules: RunRules) -> bool:
    end = start + len(cards) - 1
    if not rules.wrap or (start == LOW_ACE and end == ACE):
        if start < LOW_ACE or end > ACE:
            return False
        if start == LOW_ACE and end == ACE and not rules.both_aces:
            return False
    elif len(cards) > 13:
        return False
    for i, card in enumerate(cards):
        if not card.is_joker and rank_of_value(start + i, rules.wrap) != card.rank:
            return False
    return True


def _normalise_start(start: int, length: int, wrap: bool) -> int:
    if not wrap or (start == LOW_ACE and length == 14):
        return start
    return (start - 1) % 13 + 1


def _run_failure(cards: Sequence[Card], rules: RunRules) -> str:
    aces = [i for i, c in enumerate(cards) if not c.is_joker and c.rank == ACE]
    if aces and not rules.both_aces and len(aces) > 1:
        return "a sequence may not have an ace at both ends"
    if not rules.wrap and aces and 0 < aces[0] < len(cards) - 1:
        return "an ace may only stand at the end of a run, never in the middle"
    return "the cards are not consecutive in this order"


def check_joker_ratio(meld: Meld, ratio: JokerRatio, rule: str = "T-9") -> None:
    """Check the joker limit for a newly laid meld (T-9; K-5 option).

    :raises MeldError: naming ``rule`` when the meld holds too many jokers.
    """
    if ratio is JokerRatio.MORE_NATURALS and meld.naturals <= meld.jokers:
        raise MeldError(f"natural cards must outnumber jokers ({meld.naturals} vs {meld.jokers})", rule)
    if ratio is JokerRatio.NATURALS_AT_LEAST and meld.naturals < meld.jokers:
        raise MeldError(f"there may not be more jokers than natural cards ({meld.jokers} vs {meld.naturals})", rule)


def has_adjacent_jokers(meld: Meld) -> bool:
    """True when two jokers stand side by side in a run (T-9 option forbids it)."""
    return meld.kind is MeldKind.RUN and any(
        a.is_joker and b.is_joker for a, b in zip(meld.cards, meld.cards[1:])
    )


def extend(meld: Meld, cards: Sequence[Card], end: End, rules: RunRules) -> Meld:
    """Return ``meld`` with ``cards`` added at ``end``.

    For a run, ``cards`` are listed in table order (low to high) whichever end they
    join, so a joker's identity follows from its place. For a set the end is ignored
    and each card must match the set's rank or be a joker.

    :raises MeldError: when the result is not a valid meld (nothing above a high ace
        or below a low ace, T-7/K-4; wrong rank or suit).
    """
    if not cards:
        raise MeldError("nothing to add", rules.rule)
    if meld.kind is MeldKind.SET:
        return make_set(list(meld.cards) + list(cards), rank=meld.rank)
    if end is End.HIGH:
        return make_run(list(meld.cards) + list(cards), rules, start=meld.start)
    new_start = meld.start - len(cards)
    if rules.wrap and not (meld.start == LOW_ACE and meld.end == ACE):
        new_start = (new_start - 1) % 13 + 1 if new_start < 1 else new_start
    return make_run(list(cards) + list(meld.cards), rules, start=new_start)


def lay_off_ends(meld: Meld, card: Card, rules: RunRules) -> list[End]:
    """Return the ends of ``meld`` where the single ``card`` may be laid off, sorted.

    A set accepts its rank or a joker at :attr:`End.HIGH` only (sets have no ends).
    A joker may often go at either end of a run (TR-33); its identity follows.
    """
    ends = [End.HIGH] if meld.kind is MeldKind.SET else [End.LOW, End.HIGH]
    found = []
    for end in ends:
        try:
            extend(meld, [card], end, rules)
        except MeldError:
            continue
        found.append(end)
    return found


def swap_joker(meld: Meld, card: Card, wrap: bool = False) -> tuple[Meld, Card]:
    """Replace the joker in a run that stands for ``card``'s face with ``card`` (T-10 option).

    Returns the new meld and the freed joker.

    :raises MeldError: (T-10) for a set, or when no joker in the run stands for that face.
    """
    if meld.kind is not MeldKind.RUN:
        raise MeldError("a joker in a set can never be swapped", "T-10")
    if card.is_joker:
        raise MeldError("a joker can only be swapped for a natural card", "T-10")
    for i, (held, face) in enumerate(zip(meld.cards, meld.faces(wrap))):
        if held.is_joker and face == card.face:
            cards = list(meld.cards)
            cards[i] = card
            return Meld(MeldKind.RUN, tuple(cards), suit=meld.suit, start=meld.start), held
    raise MeldError(f"no joker in {meld} stands for {card}", "T-10")
