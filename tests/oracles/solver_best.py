"""The best lay-down search behind the test oracle `best_lay_down` (solver_extras.py; T-2, T-6..T-9, T-12)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement

from rummytable.cards import ACE, SUITS, Card, joker
from rummytable.tress.solver.search import (
    ANY,
    AT_LEAST,
    Counts,
    Ctx,
    RunSig,
    SetSig,
    Sig,
    exists,
    give_run,
    joinable,
    run_variants,
    sets_possible,
    take_run,
)

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


class BestSearch:
    """Branch and bound over runs (every window and joker placement), sets in closed form.

    Call :meth:`runs` with the contract's run count; :attr:`best` then holds the
    signatures of the lay-down that puts the most points on the table.
    """

    def __init__(self, ctx: Ctx, counts: Counts, cards: Sequence[Card],
                 value: Callable[[Card], int], sets: int) -> None:
        self.ctx = ctx
        self.h = counts
        self.sets = sets
        self.val = [0] * 60
        for card in cards:
            if not card.is_joker:
                self.val[_SUIT_INDEX[card.suit or ""] * 15 + card.rank] = value(card)
        self.joker_value = value(joker())
        self.held_value = sum(value(c) for c in cards)
        self.best: tuple[Sig, ...] | None = None
        self.best_value = -1

    def left_value(self) -> int:
        cnt, val = self.h.cnt, self.val
        return sum(cnt[i] * val[i] for i in range(60) if cnt[i]) + self.h.jokers * self.joker_value

    def runs(self, runs_left: int, chosen: tuple[RunSig, ...], gained: int) -> None:
        ctx, h = self.ctx, self.h
        if gained + self.left_value() <= self.best_value:
            return
        if runs_left == 0:
            if not sets_possible(ctx, h, self.sets, 0):
                return
            sets_value, sets_sigs = self.best_sets()
            if sets_sigs is not None and gained + sets_value > self.best_value:
                self.best_value = gained + sets_value
                self.best = tuple(sets_sigs) + chosen
            return
        floor = chosen[-1] if chosen else None
        for suit in range(floor[1] if floor else 0, 4):
            present = h.present(suit)
            if not present:
                continue
            for gaps, window in ctx.suit_windows(present, h.cnt[suit * 15 + ACE] >= 2):
                if gaps > h.jokers:
                    break
                start, length = window[0], window[1]
                if floor and suit == floor[1] and (start, length) < (floor[2], floor[3]):
                    continue
                # Every joker placement: a joker in place of a held natural can pay off
                # (a set or later run takes the natural, or one more joker fits).
                for mask in run_variants(ctx, h, suit, window, None):
                    sig: RunSig = (1, suit, start, length, mask)
                    if floor and sig < floor:
                        continue
                    if ctx.distinct and any(joinable(ctx, p, sig) for p in chosen):
                        continue
                    before = self.left_value()
                    take_run(h, suit, window, mask)
                    if exists(ctx, h, self.sets, runs_left - 1, 0, (*chosen, sig)):
                        self.runs(runs_left - 1, (*chosen, sig), gained + before - self.left_value())
                    give_run(h, suit, window, mask)

    def best_sets(self) -> tuple[int, list[SetSig] | None]:
        """Most points the remaining cards can put into ``sets`` sets, and those sets."""
        ctx, h = self.ctx, self.h
        if self.sets == 0:
            return 0, []
        cnt, rc, jokers = h.cnt, h.rc, h.jokers
        ranks = [r for r in range(2, 15) if rc[r] >= ctx.set_min_naturals]
        best_value = -1
        best: list[SetSig] | None = None
        if ctx.distinct:
            choices: list[tuple[int, ...]] = list(combinations(ranks, self.sets))
        else:
            choices = list(combinations_with_replacement(ranks, self.sets))
        for choice in choices:
            groups: dict[int, int] = {}
            for rank in choice:
                groups[rank] = groups.get(rank, 0) + 1
            low = high = points = 0
            feasible = True
            for rank, k in groups.items():
                n = rc[rank]
                if k > (n if ctx.ratio == ANY else n // 2):
                    feasible = False
                    break
                low += max(0, 3 * k - n)
                high += _cap(ctx, n, k)
                points += sum(cnt[s * 15 + rank] * self.val[s * 15 + rank] for s in range(4))
            if not feasible or low > jokers:
                continue
            used = min(jokers, high)
            points += used * self.joker_value
            if points > best_value:
                best_value = points
                best = self._spell_sets(groups, used)
        return best_value, best

    def _spell_sets(self, groups: dict[int, int], jokers: int) -> list[SetSig]:
        ctx, cnt = self.ctx, self.h.cnt
        plan: list[tuple[int, list[int]]] = []
        for rank in sorted(groups):
            k = groups[rank]
            # Deal the rank's naturals round-robin over its k sets, suit by suit.
            per = [[0, 0, 0, 0] for _ in range(k)]
            slot = 0
            for s in range(4):
                for _ in range(cnt[s * 15 + rank]):
                    per[slot % k][s] += 1
                    slot += 1
            plan.extend((rank, suits) for suits in per)
        # Every set first gets the jokers it needs, then the rest fill up to the ratio.
        counts = [max(0, 3 - sum(suits)) for _, suits in plan]
        jokers -= sum(counts)
        for i, (_, suits) in enumerate(plan):
            extra = min(_cap(ctx, sum(suits), 1) - counts[i], jokers)
            counts[i] += extra
            jokers -= extra
        result: list[SetSig] = [
            (0, rank, (s[0], s[1], s[2], s[3]), count) for (rank, s), count in zip(plan, counts)
        ]
        result.sort()
        return result


def _cap(ctx: Ctx, n: int, k: int) -> int:
    if ctx.ratio == ANY:
        return 1 << 30
    if ctx.ratio == AT_LEAST:
        return n
    return n - k
