"""Tress hand evaluation for the computer players: distance to the contract, outs, deadwood.

A hand is read as natural faces ``(rank, suit)`` with copy counts (two decks, T-1) plus a
number of jokers. :func:`evaluate` searches the ways to build the round's contract
(T-4) from partial melds - a *set plan* is the cards of one rank (T-6), a *run plan* a
window of 4+ consecutive values of one suit (T-7) - and fills the gaps with the hand's
jokers under the joker ratio (T-9) and the distinct-melds rule (T-12). It returns:

* ``distance`` - the fewest further cards that make the contract layable (rounds 1-6);
  in round 7 (all cards, T-20) the fewest further draws before the whole hand fits;
* ``outs`` - every face whose arrival cuts the distance (a set plan takes any suit of
  its rank: ``(rank, None)``), and whether a joker would;
* ``useful`` - the natural faces that some best plan uses (the cards to keep).

Whether the contract can be laid now (distance 0) and the outs at distance 1 agree
exactly with the shared solver (:mod:`rummytable.tress.solver`, checked by the tests); further
away, where a hand has many loose cards and the search thins out its run windows, the
distance is an upper bound. Runs are tried up to :data:`MAX_WINDOW` long (round 7: any
length). It is written for speed: a discard choice evaluates every card of the hand.

:class:`CardCounter` turns what the seat has seen (its hand, the melds, the public log)
into live counts: a card in a meld, buried in the discard pile or known in an
opponent's hand (taken from the discard pile and not played) is no out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rummytable.cards import ACE, SUITS, Card, joker, parse_card
from rummytable.melds import JokerRatio
from rummytable.tress.options import TressOptions
from rummytable.tress.scoring import card_points

Face = tuple[int, str]
"""A natural card's face: rank 2..14 (ace 14) and suit letter."""

Out = tuple[int, str | None]
"""What a gap in a plan accepts: a face ``(rank, suit)``, or ``(rank, None)`` for any suit (a set)."""

JOKER_OUT: Out = (0, None)
"""The out that a joker is (any gap within the joker ratio)."""

MAX_WINDOW = 6
"""Longest run window tried in rounds 1-6 (longer ones never lower the distance there)."""

EVAL_UNITS = 32
"""Work units of one evaluation before its run windows are combined: measured in CPython,
an evaluation's fixed cost is about that of 32 combinations (one unit is about 12 us)."""

MAX_COMBOS = 2500
"""Combinations of run windows one evaluation goes through at most. They come best first
(fewest gaps), so the cut only touches the largest round-7 hands of the three-runs contract,
where the distance found is then an upper bound; it keeps one evaluation's work bounded."""

POINTS = {rank: card_points(Card(rank, "S")) for rank in range(2, 15)}
"""Penalty points of a natural card by rank (T-2); a joker is :data:`JOKER_POINTS`."""

JOKER_POINTS = card_points(joker())
"""Penalty points of a joker (T-2)."""


def joker_cap(size: int, ratio: JokerRatio) -> int:
    """Return how many jokers a newly laid meld of ``size`` cards may hold (T-9)."""
    if ratio is JokerRatio.MORE_NATURALS:
        return (size - 1) // 2
    if ratio is JokerRatio.NATURALS_AT_LEAST:
        return size // 2
    return size - 1


@dataclass(frozen=True)
class EvalRules:
    """The rules the evaluator needs (T-9, T-12); build with :meth:`from_options`.

    :ivar ratio: joker ratio for contract melds. :ivar distinct: sets of one lay-down
        have distinct ranks and runs of one suit are not joinable (T-12).
    """

    ratio: JokerRatio = TressOptions().joker_ratio
    distinct: bool = TressOptions().distinct_melds

    @staticmethod
    def from_options(options: Mapping[str, Any]) -> EvalRules:
        """Read the rules from a view's ``options`` JSON (missing keys take the rule defaults, T-9)."""
        defaults = TressOptions()
        ratio = JokerRatio(options.get("joker_ratio", defaults.joker_ratio.value))
        return EvalRules(ratio, bool(options.get("distinct_melds", defaults.distinct_melds)))


@dataclass(frozen=True)
class HandShape:
    """A hand as the evaluator reads it: natural face counts and jokers.

    :ivar counts: copies held of each natural face (1 or 2 with two decks).
    :ivar jokers: jokers held.
    """

    counts: Mapping[Face, int]
    jokers: int

    @staticmethod
    def of(cards: Iterable[Card]) -> HandShape:
        """Count ``cards`` into a shape."""
        counts: dict[Face, int] = {}
        jokers = 0
        for card in cards:
            if card.is_joker:
                jokers += 1
            else:
                face = (card.rank, card.suit or "")
                counts[face] = counts.get(face, 0) + 1
        return HandShape(counts, jokers)

    @staticmethod
    def of_keys(keys: Iterable[str]) -> HandShape:
        """Count the cards named by ``keys`` (card keys as in a view)."""
        return HandShape.of(parse_card(k) for k in keys)

    @property
    def size(self) -> int:
        """Number of cards."""
        return sum(self.counts.values()) + self.jokers

    def without(self, face: Face | None) -> HandShape:
        """Return the shape less one card: ``face``, or a joker for ``None``."""
        if face is None:
            return HandShape(self.counts, self.jokers - 1)
        counts = dict(self.counts)
        if counts[face] == 1:
            del counts[face]
        else:
            counts[face] -= 1
        return HandShape(counts, self.jokers)

    def plus(self, face: Face | None) -> HandShape:
        """Return the shape with one more card: ``face``, or a joker for ``None``."""
        if face is None:
            return HandShape(self.counts, self.jokers + 1)
        counts = dict(self.counts)
        counts[face] = counts.get(face, 0) + 1
        return HandShape(counts, self.jokers)

    def points(self) -> int:
        """Penalty points of the whole shape (T-2)."""
        return sum(POINTS[r] * n for (r, _), n in self.counts.items()) + JOKER_POINTS * self.jokers


@dataclass(frozen=True)
class MeldPlan:
    """One contract meld in the making.

    :ivar kind: ``"set"`` or ``"run"``. :ivar rank: a set's rank (0 for a run or a
        placeholder). :ivar suit: a run's suit. :ivar start: a run's first value (1 = low ace).
    :ivar length: the run's length (a set's planned size).
    :ivar used: the natural faces from the hand it takes.
    :ivar missing: the gaps, as outs.
    :ivar need: cards still needed; :ivar cap: jokers it may hold (T-9).
    """

    kind: str
    rank: int
    suit: str | None
    start: int
    length: int
    used: tuple[Face, ...]
    missing: tuple[Out, ...]
    need: int
    cap: int


@dataclass(frozen=True)
class HandEval:
    """What :func:`evaluate` finds.

    :ivar distance: further cards (rounds 1-6) or draws (round 7) before the contract can
        be laid; 0 means it can be laid now.
    :ivar fill: gaps left in the best plan after the hand's jokers (all rounds).
    :ivar loose: round 7: cards that fit no meld of the best plan (0 in rounds 1-6).
    :ivar outs: faces that would cut ``distance`` (``(rank, None)``: any suit of a set rank).
    :ivar joker_out: a joker would cut ``distance``.
    :ivar useful: natural faces used by some best plan.
    :ivar plan: one best plan.
    :ivar work: the evaluation's size in work units: :data:`EVAL_UNITS` plus the
        combinations of run windows it went through (at most :data:`MAX_COMBOS`). A pure
        function of the hand and the rules, so a decision that counts it stays the same
        whether or not the evaluation came from a cache.
    """

    distance: int
    fill: int
    loose: int
    outs: frozenset[Out]
    joker_out: bool
    useful: frozenset[Face]
    plan: tuple[MeldPlan, ...] = field(default=())
    work: int = EVAL_UNITS


def _value_rank(value: int) -> int:
    return ACE if value == 1 else value


def _windows(counts: Mapping[Face, int], longest: int, singles: bool) -> list[tuple[str, int, int]]:
    """Candidate run windows ``(suit, start, length)`` holding 2+ (or 1+) naturals of the hand."""
    found: list[tuple[str, int, int]] = []
    for suit in SUITS:
        present = [v for v in range(1, 15) if counts.get((_value_rank(v), suit), 0)]
        if not present:
            continue
        have = set(present)
        for length in range(4, longest + 1):
            for start in range(max(1, present[0] - length + 1), min(present[-1], 15 - length) + 1):
                end = start + length - 1
                # A window longer than 4 is only worth it when both its ends are held.
                if length > 4 and (start not in have or end not in have):
                    continue
                k = sum(1 for v in range(start, end + 1) if v in have)
                if k >= 2 or (singles and k == 1):
                    found.append((suit, start, length))
        if not singles:
            # One window per lone card keeps the distance exact when the windows are thinned.
            found.extend((suit, min(v, 11), 4) for v in present)
    return sorted(set(found))


Window = tuple[str, int, int, int]
"""A run window: suit, start value, length, and a value left to a joker (0: none)."""


def _released(counts: Mapping[Face, int], windows: list[tuple[str, int, int]]) -> list[Window]:
    """Windows plus variants that leave one held card to a set of its rank and take a joker instead."""
    rank_total: dict[int, int] = {}
    for (rank, _), n in counts.items():
        rank_total[rank] = rank_total.get(rank, 0) + n
    found: list[Window] = []
    for suit, start, length in windows:
        found.append((suit, start, length, 0))
        for v in range(start, start + length):
            rank = _value_rank(v)
            if counts.get((rank, suit), 0) and rank_total[rank] >= 2:
                found.append((suit, start, length, v))
    return found


def _run_plan(remaining: Mapping[Face, int], suit: str, start: int, length: int, release: int,
              ratio: JokerRatio, consume: bool = True) -> MeldPlan:
    """The plan of one run window; with ``consume`` its cards are taken out of ``remaining`` (a dict)."""
    used: list[Face] = []
    missing: list[Out] = []
    for v in range(start, start + length):
        face = (_value_rank(v), suit)
        if v != release and remaining.get(face, 0):
            if consume:
                remaining[face] -= 1  # type: ignore[index]
            used.append(face)
        else:
            missing.append(face)
    return MeldPlan("run", 0, suit, start, length, tuple(used), tuple(missing), len(missing), joker_cap(length, ratio))


def evaluate(shape: HandShape, sets: int, runs: int, all_cards: bool, rules: EvalRules = EvalRules()) -> HandEval:
    """Evaluate a hand against a contract of ``sets`` sets and ``runs`` runs (T-4).

    ``all_cards`` is round 7 (T-20): the hand is taken as it stands before a draw, and
    the distance counts the draws until every card fits the contract (so a hand that
    fits completely already has distance 1: it must still draw a card that fits).

    :returns: a :class:`HandEval`; the distance is never negative.
    """
    counts = shape.counts
    ratio = rules.ratio
    # Round 7 may need one long run; with several runs to find, long windows only slow the search.
    longest = (14 if runs < 2 else 8) if all_cards else MAX_WINDOW
    windows = _windows(counts, longest, singles=True) if runs else []
    if runs > 1 and len(windows) > 16:
        windows = _windows(counts, longest, singles=False)
    # Plans of each window on the full hand; recomputed only where two windows compete for a card.
    runs_at: list[Window] = _released(counts, windows) if shape.jokers else [(*w, 0) for w in windows]
    alone = [_run_plan(counts, *window, ratio, consume=False) for window in runs_at]
    order = sorted(range(len(runs_at)), key=lambda i: alone[i].need)
    windows_at = [runs_at[i] for i in order]
    alone = [alone[i] for i in order]
    empty_run = MeldPlan("run", 0, None, 0, 4, (), (), 4, joker_cap(4, ratio))
    rank_total: dict[int, int] = {}
    for (rank, _), n in counts.items():
        rank_total[rank] = rank_total.get(rank, 0) + n
    naturals = sum(counts.values())
    jokers = shape.jokers
    best: tuple[int, int, int] | None = None
    best_loose = 0
    chosen_plan: tuple[MeldPlan, ...] = ()
    bests: list[tuple[tuple[MeldPlan, ...], list[tuple[int, int]], int, int]] = []
    # -1: a run still to be found from nothing (4 gaps).
    options = sorted([(plan.need, i) for i, plan in enumerate(alone)] + [(4, -1)])
    bound = [float("inf")]
    # A contract of runs only: a combination's distance follows from its windows' own
    # numbers when no two of them compete for a card, and is only larger when they do
    # (fewer cards held means more gaps and more loose cards). So one that cannot reach
    # the best distance is skipped before any plan is built: an exact cut.
    quick = not sets
    gaps = [plan.need for plan in alone] + [empty_run.need]
    fillable = [min(plan.need, plan.cap) for plan in alone] + [min(empty_run.need, empty_run.cap)]
    held = [len(plan.used) for plan in alone] + [0]
    combos_seen = 0
    for combo in _combos(options, runs, jokers, bound):
        combos_seen += 1
        if combos_seen > MAX_COMBOS:
            break
        if quick and best is not None:
            need = sum(gaps[i] for i in combo)
            fill = need - min(jokers, sum(fillable[i] for i in combo))
            if all_cards:
                fill = max(fill, naturals - sum(held[i] for i in combo) + 1)
            if fill > best[0]:
                continue
        if runs > 1 and not _compatible(windows_at, combo, rules.distinct):
            continue
        plans: list[MeldPlan] = []
        clash = False
        plan: MeldPlan
        for index in combo:
            if index < 0:
                plans.append(empty_run)
                continue
            plan = alone[index]
            for other in plans:
                if other.suit == plan.suit and other.start <= plan.start + plan.length - 1 \
                        and plan.start <= other.start + other.length - 1:
                    clash = True
            plans.append(plan)
        # Sets can only add gaps, and jokers fill at most their number.
        if best is not None and sum(p.need for p in plans) - jokers > best[0]:
            continue
        remaining: dict[Face, int] | None = None
        if clash:
            remaining = dict(counts)
            plans = [empty_run if i < 0 else _run_plan(remaining, *windows_at[i], ratio) for i in combo]
        totals = dict(rank_total)
        for plan in plans:
            for rank, _ in plan.used:
                totals[rank] -= 1
        ranked = sorted(((n, r) for r, n in totals.items() if n > 0), reverse=True)
        chosen = ranked[:sets]
        need = sum(p.need for p in plans) + sum(max(0, 3 - n) for n, _ in chosen) + 3 * (sets - len(chosen))
        absorb = sum(min(p.need, p.cap) for p in plans)
        for n, _ in chosen:
            absorb += min(max(0, 3 - n), joker_cap(max(3, n) if all_cards else 3, ratio))
        absorb += (sets - len(chosen)) * min(3, joker_cap(3, ratio))
        fill = need - min(jokers, absorb)
        used_n = sum(len(p.used) for p in plans) + sum(n for n, _ in chosen)
        loose = naturals - used_n if all_cards else 0
        # Round 7: spare jokers always fit somewhere (a set of 3 naturals takes 2 more, T-9).
        distance = max(fill, loose + 1) if all_cards else fill
        if best is not None and distance > best[0]:
            continue
        if remaining is None:
            remaining = dict(counts)
            for plan in plans:
                for face in plan.used:
                    remaining[face] -= 1
        for n, rank in chosen:
            size = max(3, n) if all_cards else 3
            used = tuple(f for f, c in remaining.items() if f[0] == rank for _ in range(c))
            plans.append(MeldPlan("set", rank, None, 0, size, used, ((rank, None),) * max(0, 3 - n),
                                  max(0, 3 - n), joker_cap(size, ratio)))
        for _ in range(sets - len(chosen)):
            plans.append(MeldPlan("set", 0, None, 0, 3, (), (), 3, joker_cap(3, ratio)))
        # Among equal distances prefer plans that keep more cards in melds.
        key = (distance, fill, -used_n)
        if best is None or key < best:
            if best is None or key[0] < best[0]:
                bests = []
            best = key
            bound[0] = key[0]
            best_loose = loose
            chosen_plan = tuple(plans)
        if key[0] == best[0]:
            boundary = chosen[-1][0] if len(chosen) == sets and chosen else 0
            ties = [(n, r) for n, r in ranked[len(chosen):] if n == boundary and n < 3]
            bests.append((tuple(plans), ties, absorb, fill))
    assert best is not None
    distance = best[0]
    outs: set[Out] = set()
    useful: set[Face] = set()
    joker_out = False
    for found_plans, ties, absorb, plan_fill in bests:
        for plan in found_plans:
            useful.update(plan.used)
            if distance > 0 and (shape.jokers < absorb or plan.need > plan.cap):
                outs.update(plan.missing)
        for n, rank in ties:
            useful.update(f for f in counts if f[0] == rank)
            if distance > 0 and (shape.jokers < absorb or 3 - n > joker_cap(3, rules.ratio)):
                outs.add((rank, None))
        if distance > 0 and shape.jokers < absorb:
            joker_out = True
        if all_cards and distance > plan_fill:
            # Round 7 with loose cards: a card that extends a meld lets one loose card go.
            joker_out = True
            for plan in found_plans:
                if plan.kind == "set" and plan.rank:
                    outs.add((plan.rank, None))
                elif plan.kind == "run" and plan.suit:
                    for v in (plan.start - 1, plan.start + plan.length):
                        if 1 <= v <= 14:
                            outs.add((_value_rank(v), plan.suit))
    return HandEval(distance, best[1], best_loose, frozenset(outs), joker_out, frozenset(useful), chosen_plan,
                    EVAL_UNITS + min(combos_seen, MAX_COMBOS))


def _combos(options: list[tuple[int, int]], runs: int, jokers: int, bound: list[float]) -> Iterator[tuple[int, ...]]:
    """Multisets of ``runs`` window indexes, skipping those whose gaps alone exceed ``bound[0]``.

    ``options`` are ``(gaps, index)`` sorted by gaps, so once a prefix cannot beat the
    bound no later option can either; ``bound`` may shrink while the caller iterates.
    """
    def extend(start: int, depth: int, prefix: tuple[int, ...], total: int) -> Iterator[tuple[int, ...]]:
        if depth == runs:
            yield prefix
            return
        for pos in range(start, len(options)):
            need, index = options[pos]
            if total + need * (runs - depth) - jokers > bound[0]:
                break
            yield from extend(pos, depth + 1, (*prefix, index), total + need)

    return extend(0, 0, (), 0)


def _compatible(windows: list[Window], combo: tuple[int, ...], distinct: bool) -> bool:
    if not distinct:
        return True
    real = [windows[i] for i in combo if i >= 0]
    for i, (suit_a, start_a, len_a, _) in enumerate(real):
        for suit_b, start_b, len_b, _ in real[i + 1:]:
            if suit_a == suit_b and (start_a + len_a == start_b or start_b + len_b == start_a):
                return False
    return True


class CardCounter:
    """What one seat knows about where the cards are, from its view and the public log.

    :ivar seen: natural faces out of play for the seat's outs: in melds, buried in the
        discard pile, or known in another hand; with the seat's own hand.
    :ivar seen_jokers: jokers accounted for the same way.
    :ivar held: per other seat, the cards known in his hand (taken from the discard
        pile or granted by a claim, not melded since).
    :ivar taken: per other seat, every card he took openly this round (for "don't feed").
    :ivar thrown: per seat, the cards he discarded this round.
    :ivar discarder: the seat that made the newest discard this round (None: the turned-up card).
    :ivar pile: the discard pile as far as the log shows it, bottom to top.
    """

    def __init__(self, view: Mapping[str, Any], log: Iterable[Mapping[str, Any]]) -> None:
        self.seat: int = int(view["seat"])
        self.players: int = int(view["players"])
        self.held: dict[int, list[str]] = {s: [] for s in range(self.players)}
        self.taken: dict[int, list[str]] = {s: [] for s in range(self.players)}
        self.thrown: dict[int, list[str]] = {s: [] for s in range(self.players)}
        self.discarder: int | None = None
        self.pile: list[str] = []
        self._read_log(log)
        top = view.get("discard_top")
        if top is not None and (not self.pile or self.pile[-1] != top):
            self.pile.append(str(top))
        self.seen: dict[Face, int] = {}
        self.seen_jokers = 0
        keys: list[str] = list(view.get("hand", []))
        for meld in view.get("melds", []):
            keys.extend(meld["cards"])
        keys.extend(self.pile)
        for seat, cards in self.held.items():
            if seat != self.seat:
                keys.extend(cards)
        for key in keys:
            card = parse_card(key)
            if card.is_joker:
                self.seen_jokers += 1
            else:
                face = (card.rank, card.suit or "")
                self.seen[face] = self.seen.get(face, 0) + 1
        options = view.get("options", {})
        jokers = options.get("jokers")
        if jokers is None:
            jokers = {3: 4, 4: 4, 5: 5, 6: 6}.get(self.players, 4)
        self.total_jokers: int = int(jokers)

    def _read_log(self, log: Iterable[Mapping[str, Any]]) -> None:
        events = list(log)
        start = 0
        # Only the current round matters: start at its deal.
        for index in range(len(events) - 1, -1, -1):
            if events[index].get("kind") == "dealt":
                start = index
                break
        for event in events[start:]:
            kind = event.get("kind")
            if kind == "dealt":
                self.pile = []
                self.discarder = None
                for seat in self.held:
                    self.held[seat] = []
                    self.taken[seat] = []
                    self.thrown[seat] = []
                top = event.get("discard_top")
                if top:
                    self.pile.append(str(top))
            elif kind == "card_discarded":
                self.pile.append(str(event["card"]))
                thrower = event.get("seat")
                if isinstance(thrower, int) and thrower in self.thrown:
                    self.thrown[thrower].append(str(event["card"]))
                    self.discarder = thrower
            elif kind in ("card_drawn", "claim_granted", "penalty_drawn"):
                card = event.get("card")
                source = event.get("source", "discard" if kind == "claim_granted" else "stock")
                taker = event.get("seat")
                if source == "discard" and card and isinstance(taker, int) and taker in self.held:
                    if self.pile and self.pile[-1] == card:
                        self.pile.pop()
                    self.held[taker].append(str(card))
                    self.taken[taker].append(str(card))
            elif kind in ("meld_created", "meld_extended", "laid_down", "laid_off"):
                melder = event.get("seat")
                melded: list[str] = []
                if "cards" in event and isinstance(event["cards"], list):
                    melded.extend(str(c) for c in event["cards"])
                meld = event.get("meld")
                if isinstance(meld, Mapping):
                    melded.extend(str(c) for c in meld.get("cards", []))
                if isinstance(melder, int) and melder in self.held:
                    self.held[melder] = [c for c in self.held[melder] if c not in melded]
            elif kind == "stock_rebuilt":
                self.pile = self.pile[-1:]

    def live(self, out: Out, mine: HandShape | None = None) -> int:
        """Return how many copies of ``out`` may still arrive (not seen anywhere).

        ``(rank, suit)``: two copies less the seen ones; ``(rank, None)``: any suit;
        :data:`JOKER_OUT`: the jokers not seen. The seat's own hand is part of ``seen``.
        """
        if out == JOKER_OUT:
            return max(0, self.total_jokers - self.seen_jokers)
        rank, suit = out
        suits = SUITS if suit is None else (suit,)
        return sum(max(0, 2 - self.seen.get((rank, s), 0)) for s in suits)

    def live_outs(self, found: HandEval) -> int:
        """Total live cards among ``found``'s outs (each face counted once)."""
        total = sum(self.live(o) for o in found.outs if o[1] is not None)
        set_ranks = {o[0] for o in found.outs if o[1] is None}
        for rank in set_ranks:
            total += sum(self.live((rank, s)) for s in SUITS if (rank, s) not in found.outs)
        if found.joker_out:
            total += self.live(JOKER_OUT)
        return total
