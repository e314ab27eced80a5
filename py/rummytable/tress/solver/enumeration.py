"""Listing every distinct lay-down as meld signatures (see :mod:`rummytable.tress.solver.search`).

Sets are chosen before runs and each kind in ascending signature order, so the
results come out sorted and ``limit`` can stop the walk early.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from rummytable.cards import ACE
from rummytable.melds import rank_of_value
from rummytable.tress.solver.search import (
    Counts,
    Ctx,
    RunSig,
    SetSig,
    Sig,
    Window,
    exists,
    give_run,
    joinable,
    ratio_ok,
    run_variants,
    take_run,
)


def set_candidates(ctx: Ctx, hand: Counts, floor: SetSig | None, banned: int,
                   exact: tuple[int, ...] | None = None) -> Iterator[SetSig]:
    """Every set signature ``hand`` can supply that sorts at or after ``floor`` (T-6, T-9)."""
    cnt = hand.cnt
    first = 2 if floor is None else floor[1]
    for rank in range(first, 15):
        if ctx.distinct and banned >> rank & 1:
            continue
        if not hand.rc[rank]:
            continue
        ranges = [range(cnt[s * 15 + rank] + 1) for s in range(4)]
        for suits in product(*ranges):
            naturals = sum(suits)
            if not naturals:
                continue
            for jokers in range(hand.jokers + 1):
                if naturals + jokers < 3 or not ratio_ok(ctx.ratio, naturals, jokers):
                    continue
                sig: SetSig = (0, rank, (suits[0], suits[1], suits[2], suits[3]), jokers)
                if floor is not None and sig < floor:
                    continue
                if ctx.distinct and floor is not None and rank == floor[1]:
                    continue
                yield sig


def take_set(hand: Counts, sig: SetSig, sign: int) -> None:
    """Remove (``sign`` = -1) or put back (+1) the cards of a set signature."""
    rank, suits, jokers = sig[1], sig[2], sig[3]
    for s in range(4):
        if suits[s]:
            hand.cnt[s * 15 + rank] += sign * suits[s]
            hand.rc[rank] += sign * suits[s]
    hand.jokers += sign * jokers


def run_candidates(ctx: Ctx, hand: Counts, floor: RunSig | None,
                   prior: tuple[RunSig, ...]) -> Iterator[tuple[RunSig, Window]]:
    """Every run signature ``hand`` can supply, sorted, at or after ``floor`` (T-7..T-9, T-12)."""
    by_start: list[tuple[RunSig, Window]] = []
    for suit in range(0 if floor is None else floor[1], 4):
        present = hand.present(suit)
        if not present:
            continue
        two_aces = hand.cnt[suit * 15 + ACE] >= 2
        for gaps, window in ctx.suit_windows(present, two_aces):
            if gaps > hand.jokers:
                break
            for mask in run_variants(ctx, hand, suit, window, None):
                sig: RunSig = (1, suit, window[0], window[1], mask)
                if floor is not None and sig < floor:
                    continue
                if ctx.distinct and any(joinable(ctx, p, sig) for p in prior):
                    continue
                by_start.append((sig, window))
    by_start.sort(key=lambda item: item[0])
    yield from by_start


def enumerate_lay_downs(ctx: Ctx, hand: Counts, sets: int, runs: int, all_cards: bool,
                        limit: int | None) -> list[tuple[Sig, ...]]:
    """Every distinct lay-down (tuple of signatures: sets, then runs, each sorted), in order.

    Each branch is explored only when :func:`exists` says a completion is possible,
    so the work grows with the number of results.
    """
    found: list[tuple[Sig, ...]] = []

    def walk(chosen: tuple[Sig, ...], sets_left: int, runs_left: int, banned: int,
             prior: tuple[RunSig, ...]) -> bool:
        if limit is not None and len(found) >= limit:
            return False
        if sets_left == 0 and runs_left == 0:
            if all_cards and hand.total():
                return True
            found.append(chosen)
            return limit is None or len(found) < limit
        if sets_left:
            last = chosen[-1] if chosen else None
            floor = last if last is not None and last[0] == 0 else None
            for sig in set_candidates(ctx, hand, floor, banned):  # type: ignore[arg-type]
                take_set(hand, sig, -1)
                bit = 1 << sig[1]
                if exists(ctx, hand, sets_left - 1, runs_left, banned | bit, prior, all_cards) and not walk(
                        (*chosen, sig), sets_left - 1, runs_left, banned | bit, prior):
                    take_set(hand, sig, 1)
                    return False
                take_set(hand, sig, 1)
            return True
        rfloor = prior[-1] if prior else None
        for rsig, window in list(run_candidates(ctx, hand, rfloor, prior)):
            take_run(hand, rsig[1], window, rsig[4])
            if exists(ctx, hand, 0, runs_left - 1, banned, (*prior, rsig), all_cards) and not walk(
                    (*chosen, rsig), 0, runs_left - 1, banned, (*prior, rsig)):
                give_run(hand, rsig[1], window, rsig[4])
                return False
            give_run(hand, rsig[1], window, rsig[4])
        return True

    if exists(ctx, hand, sets, runs, 0, (), all_cards):
        walk((), sets, runs, 0, ())
    return found


def window_for(ctx: Ctx, sig: RunSig) -> Window:
    """The window (positions and their ranks) of a run signature."""
    start, length = sig[2], sig[3]
    ranks = tuple(rank_of_value(start + i, ctx.wrap) for i in range(length))
    rmask = 0
    for rank in ranks:
        rmask |= 1 << rank
    return (start, length, ranks, rmask)
