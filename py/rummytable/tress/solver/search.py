"""The search behind :mod:`rummytable.tress.solver`: hands as counts, melds as signatures.

Nothing here knows about physical copies. A hand is a flat list of counts indexed
``suit * 15 + rank`` (rank 2..14) plus a joker count; a meld is a *signature*:

* a set: ``(0, rank, (nS, nH, nD, nC), jokers)`` - how many naturals of each suit and
  how many jokers (T-6, T-8);
* a run: ``(1, suit, start, length, joker_mask)`` - the suit index, the value of the
  first position (1 = low ace; normalised to 1..13 under the wrap option), the length
  and a bit mask of the positions held by jokers (T-7, T-8).

Signatures compare as tuples; that is the documented order of melds and lay-downs.
Every search mutates the count lists in place and restores them before returning.
"""

from __future__ import annotations

from itertools import combinations

from rummytable.cards import ACE, LOW_ACE
from rummytable.melds import JokerRatio, RunRules, rank_of_value

SetSig = tuple[int, int, tuple[int, int, int, int], int]
RunSig = tuple[int, int, int, int, int]
Sig = SetSig | RunSig

MORE, AT_LEAST, ANY = 0, 1, 2
_RATIO_CODE = {
    JokerRatio.MORE_NATURALS: MORE,
    JokerRatio.NATURALS_AT_LEAST: AT_LEAST,
    JokerRatio.AT_LEAST_ONE_NATURAL: ANY,
}
_BIG = 1 << 30

# A window: (start value, length, rank at each position, mask of the ranks it covers).
Window = tuple[int, int, tuple[int, ...], int]


def ratio_ok(code: int, naturals: int, jokers: int) -> bool:
    """True when a new meld with these counts respects the joker ratio (T-8, T-9)."""
    if naturals < 1:
        return False
    if code == MORE:
        return naturals > jokers
    if code == AT_LEAST:
        return naturals >= jokers
    return True


class Ctx:
    """Rule parameters of one search, plus caches that depend only on them.

    ``ratio`` is MORE/AT_LEAST/ANY (T-9), ``adjacent_ok`` is False under the T-9
    no-adjacent-jokers option, ``distinct`` is the T-12 restriction.
    """

    def __init__(self, runs: RunRules, ratio: JokerRatio, no_adjacent: bool, distinct: bool) -> None:
        self.runs = runs
        self.ratio = _RATIO_CODE[ratio]
        self.no_adjacent = no_adjacent
        self.distinct = distinct
        self.wrap = runs.wrap
        self.min_len = runs.min_length
        self.windows = _windows(runs)
        self.set_min_naturals = 1 if self.ratio == ANY else 2
        self._suit_cache: dict[tuple[int, bool], list[tuple[int, Window]]] = {}

    def suit_windows(self, present: int, two_aces: bool) -> list[tuple[int, Window]]:
        """Windows a suit with these ranks present can fill, as ``(forced jokers, window)``.

        Only windows whose all-naturals filling respects the ratio and adjacency are
        listed (more jokers never repairs either), sorted by forced jokers.
        """
        key = (present, two_aces)
        found = self._suit_cache.get(key)
        if found is None:
            found = []
            for window in self.windows:
                _start, length, ranks, rmask = window
                naturals = (present & rmask).bit_count()
                if length == 14 and two_aces:
                    naturals += 1
                gaps = length - naturals
                if not ratio_ok(self.ratio, naturals, gaps):
                    continue
                if self.no_adjacent and gaps > 1:
                    forced = _forced_mask(ranks, present)
                    if forced & (forced >> 1):
                        continue
                found.append((gaps, window))
            found.sort(key=lambda item: item[0])
            self._suit_cache[key] = found
        return found

    def max_jokers(self, length: int) -> int:
        """Most jokers a new run of ``length`` cards may hold (T-9)."""
        if self.ratio == MORE:
            return (length - 1) // 2
        if self.ratio == AT_LEAST:
            return length // 2
        return length - 1


def _windows(runs: RunRules) -> list[Window]:
    result: list[Window] = []
    if runs.wrap:
        spans = [(s, n) for s in range(1, 14) for n in range(runs.min_length, 14)]
    else:
        spans = [(s, n) for s in range(1, 15) for n in range(runs.min_length, 16 - s)]
    if runs.both_aces and runs.min_length <= 14:
        spans = [sp for sp in spans if sp != (LOW_ACE, 14)] + [(LOW_ACE, 14)]
    else:
        spans = [sp for sp in spans if sp != (LOW_ACE, 14)]
    for start, length in spans:
        ranks = tuple(rank_of_value(start + i, runs.wrap) for i in range(length))
        rmask = 0
        for rank in ranks:
            rmask |= 1 << rank
        result.append((start, length, ranks, rmask))
    return result


def _forced_mask(ranks: tuple[int, ...], present: int) -> int:
    mask = 0
    for i, rank in enumerate(ranks):
        if not present >> rank & 1:
            mask |= 1 << i
    return mask


class Counts:
    """A hand as counts: ``cnt[suit * 15 + rank]``, ``rc[rank]`` (all suits) and ``jokers``."""

    __slots__ = ("cnt", "jokers", "rc")

    def __init__(self, cnt: list[int], rc: list[int], jokers: int) -> None:
        self.cnt = cnt
        self.rc = rc
        self.jokers = jokers

    def present(self, suit: int) -> int:
        """Bit mask of the ranks of ``suit`` still held."""
        base = suit * 15
        cnt = self.cnt
        mask = 0
        for rank in range(2, 15):
            if cnt[base + rank]:
                mask |= 1 << rank
        return mask

    def total(self) -> int:
        """Number of cards held, jokers included."""
        return sum(self.rc) + self.jokers


# ----------------------------------------------------------------------------- runs


def run_variants(ctx: Ctx, hand: Counts, suit: int, window: Window, free: int | None) -> list[int]:
    """Joker masks with which ``hand`` can fill ``window`` in ``suit`` as a new run.

    ``free`` is a mask of positions where a joker may stand in for a natural card the
    hand holds; ``None`` allows every such position (the full family). Positions the
    hand cannot fill always take a joker. Masks respect the joker count, ratio (T-9),
    the adjacency option and the one-natural rule (T-8).
    """
    _start, length, ranks, _ = window
    base = suit * 15
    cnt = hand.cnt
    forced = 0
    optional: list[int] = []
    single_ace_both_ends = length == 14 and cnt[base + ACE] == 1
    for i, rank in enumerate(ranks):
        if cnt[base + rank]:
            optional.append(i)
        else:
            forced |= 1 << i
    if free is not None:
        optional = [i for i in optional if free >> i & 1]
    limit = min(hand.jokers, ctx.max_jokers(length))
    nforced = forced.bit_count()
    result: list[int] = []
    if nforced > limit:
        return result
    for extra in range(min(limit - nforced, len(optional)) + 1):
        for chosen in combinations(optional, extra):
            mask = forced
            for i in chosen:
                mask |= 1 << i
            # One ace for both ends of the 14-card run: one end must take a joker.
            if single_ace_both_ends and not (mask & 1 or mask >> 13 & 1):
                continue
            jokers = mask.bit_count()
            if not ratio_ok(ctx.ratio, length - jokers, jokers):
                continue
            if ctx.no_adjacent and mask & (mask >> 1):
                continue
            result.append(mask)
    result.sort()
    return result


def take_run(hand: Counts, suit: int, window: Window, mask: int) -> None:
    """Remove the cards of a run from ``hand`` (see :func:`give_run`)."""
    base = suit * 15
    for i, rank in enumerate(window[2]):
        if not mask >> i & 1:
            hand.cnt[base + rank] -= 1
            hand.rc[rank] -= 1
    hand.jokers -= mask.bit_count()


def give_run(hand: Counts, suit: int, window: Window, mask: int) -> None:
    """Put back the cards :func:`take_run` removed."""
    base = suit * 15
    for i, rank in enumerate(window[2]):
        if not mask >> i & 1:
            hand.cnt[base + rank] += 1
            hand.rc[rank] += 1
    hand.jokers += mask.bit_count()


def joinable(ctx: Ctx, a: RunSig, b: RunSig) -> bool:
    """True when two runs could be laid end to end as one valid run (T-12)."""
    if a[1] != b[1]:
        return False
    return _follows(ctx, a, b) or _follows(ctx, b, a)


def _follows(ctx: Ctx, a: RunSig, b: RunSig) -> bool:
    start, total = a[2], a[3] + b[3]
    after = a[2] + a[3]
    if ctx.wrap:
        if (b[2] - after) % 13:
            return False
        return total <= 13 or (start == LOW_ACE and total == 14 and ctx.runs.both_aces)
    if b[2] != after or start + total - 1 > ACE:
        return False
    return not (start == LOW_ACE and total == 14 and not ctx.runs.both_aces)


# ----------------------------------------------------------------------------- sets


def _max_sets(ctx: Ctx, n: int) -> int:
    if n <= 0:
        return 0
    most = n if ctx.ratio == ANY else n // 2
    return min(most, 1) if ctx.distinct else most


def sets_possible(ctx: Ctx, hand: Counts, sets: int, banned: int) -> bool:
    """Can ``sets`` sets (3 cards each suffice) be made from ``hand``? (T-6, T-9, T-12)."""
    if sets <= 0:
        return True
    rc = hand.rc
    jokers = hand.jokers
    need_min = ctx.set_min_naturals
    if ctx.distinct:
        costs: list[int] = []
        free = 0
        for rank in range(2, 15):
            n = rc[rank]
            if n >= need_min and not banned >> rank & 1:
                if n >= 3:
                    free += 1
                    if free >= sets:
                        return True
                else:
                    costs.append(3 - n)
        if free + len(costs) < sets:
            return False
        costs.sort()
        return sum(costs[: sets - free]) <= jokers
    marginal: list[int] = []
    for rank in range(2, 15):
        n = rc[rank]
        most = _max_sets(ctx, n)
        prev = 0
        for k in range(1, min(most, sets) + 1):
            cost = max(0, 3 * k - n)
            marginal.append(cost - prev)
            prev = cost
    if len(marginal) < sets:
        return False
    marginal.sort()
    return sum(marginal[:sets]) <= jokers


def _partition_range(ctx: Ctx, n: int, k: int) -> tuple[int, int] | None:
    """Joker counts with which ``n`` naturals of one rank form exactly ``k`` sets."""
    if k < 1 or k > _max_sets_raw(ctx, n):
        return None
    low = max(0, 3 * k - n)
    if ctx.ratio == MORE:
        high = n - k
    elif ctx.ratio == AT_LEAST:
        high = n
    else:
        high = _BIG
    return (low, high) if low <= high else None


def _max_sets_raw(ctx: Ctx, n: int) -> int:
    return n if ctx.ratio == ANY else n // 2


def sets_partition(ctx: Ctx, hand: Counts, sets: int, banned: int) -> bool:
    """Do the remaining cards (jokers included) split into exactly ``sets`` sets? (T-20)."""
    rc = hand.rc
    jokers = hand.jokers
    ranks = [r for r in range(2, 15) if rc[r]]
    if not ranks:
        return sets == 0 and jokers == 0
    if ctx.distinct:
        if len(ranks) != sets:
            return False
        low = high = 0
        for rank in ranks:
            if banned >> rank & 1:
                return False
            span = _partition_range(ctx, rc[rank], 1)
            if span is None:
                return False
            low += span[0]
            high += span[1]
        return low <= jokers <= high
    if len(ranks) > sets:
        return False
    # Each rank takes k >= 1 sets; track reachable (sets used) -> joker intervals.
    states: dict[int, list[tuple[int, int]]] = {0: [(0, 0)]}
    for rank in ranks:
        nxt: dict[int, list[tuple[int, int]]] = {}
        for used, spans in states.items():
            for k in range(1, sets - used + 1):
                span = _partition_range(ctx, rc[rank], k)
                if span is None:
                    continue
                for low, high in spans:
                    nxt.setdefault(used + k, []).append((low + span[0], min(_BIG, high + span[1])))
        states = nxt
    return any(low <= jokers <= high for low, high in states.get(sets, []))


# ----------------------------------------------------------------------------- existence


def exists(ctx: Ctx, hand: Counts, sets: int, runs: int, banned: int = 0,
           prior: tuple[RunSig, ...] = (), all_cards: bool = False) -> bool:
    """Can ``hand`` still supply ``sets`` sets and ``runs`` runs? (T-6..T-9, T-12, T-20).

    ``banned`` is a rank bit mask no further set may use (T-12 distinct), ``prior`` the
    runs already chosen (no new run may be joinable with them). With ``all_cards``
    every remaining card must be used (T-20).
    """
    if all_cards:
        if hand.total() < 3 * sets + ctx.min_len * runs:
            return False
        if runs == 0:
            return sets_partition(ctx, hand, sets, banned)
    else:
        if not sets_possible(ctx, hand, sets, banned):
            return False
        if runs == 0:
            return True
    return _runs_exist(ctx, hand, sets, runs, banned, prior, all_cards, (0, 0, 0))


def _runs_exist(ctx: Ctx, hand: Counts, sets: int, runs: int, banned: int,
                prior: tuple[RunSig, ...], all_cards: bool, floor: tuple[int, int, int]) -> bool:
    if runs == 0:
        if all_cards:
            return sets_partition(ctx, hand, sets, banned)
        return sets_possible(ctx, hand, sets, banned)
    for suit in range(floor[0], 4):
        if all_cards and runs == 1 and not _outside_ranks_fit(hand, suit, sets):
            continue
        present = hand.present(suit)
        if not present:
            continue
        two_aces = hand.cnt[suit * 15 + ACE] >= 2
        for gaps, window in ctx.suit_windows(present, two_aces):
            if gaps > hand.jokers:
                break
            start, length = window[0], window[1]
            if suit == floor[0] and (start, length) < floor[1:]:
                continue
            if ctx.distinct and prior and any(joinable(ctx, p, (1, suit, start, length, 0)) for p in prior):
                continue
            free = None if all_cards else _useful_swaps(ctx, hand, suit, window, sets, runs - 1, banned)
            for mask in run_variants(ctx, hand, suit, window, free):
                take_run(hand, suit, window, mask)
                ok = _runs_exist(ctx, hand, sets, runs - 1, banned,
                                 (*prior, (1, suit, start, length, mask)), all_cards, (suit, start, length))
                give_run(hand, suit, window, mask)
                if ok:
                    return True
    return False


def _outside_ranks_fit(hand: Counts, suit: int, sets: int) -> bool:
    """With one run in ``suit``, the naturals of other suits must fit in ``sets`` ranks."""
    base = suit * 15
    cnt, rc = hand.cnt, hand.rc
    outside = 0
    for rank in range(2, 15):
        if rc[rank] > cnt[base + rank]:
            outside += 1
            if outside > sets:
                return False
    return True


def _useful_swaps(ctx: Ctx, hand: Counts, suit: int, window: Window, sets: int,
                  later_runs: int, banned: int) -> int:
    """Positions where a joker instead of the natural card held may be needed.

    A natural kept out of a run helps only a set of its rank (when it raises how many
    sets that rank can make, allowing for later runs taking up to two more of the
    rank) or a later run of the same suit (when it is the last copy).
    """
    base = suit * 15
    cnt, rc = hand.cnt, hand.rc
    free = 0
    ranks = window[2]
    for i, rank in enumerate(ranks):
        if not cnt[base + rank]:
            continue
        if later_runs and cnt[base + rank] == 1:
            free |= 1 << i
            continue
        if sets and not (ctx.distinct and banned >> rank & 1):
            after = rc[rank] - 1
            for taken in range(0, 2 * later_runs + 1):
                left = max(0, after - taken)
                if _max_sets(ctx, left + 1) > _max_sets(ctx, left):
                    free |= 1 << i
                    break
    return free
