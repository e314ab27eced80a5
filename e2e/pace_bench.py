"""The table's pace for `python build.py bench`: how long a person waits between his own turns.

Tress with four players (three normal computer players), per speed: the person plays his
turns with the page's hint and lets every card go (Pass at once whenever the take-it bar asks
him); a wait runs from the end of his turn (his discard made) to the start of his next one
(the table ready for his draw, or for his answer to a call). Real time, as a person sees it,
with the default "ask me only when the card fits my hand" and, at Normal speed, also with the
person asked for every card and with three hard computer players (whose searches take longest).
Progress lines go to stderr.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from table_driver import SHEET, hint, pass_claim, perform, start_game, wait_turn_or_window

SPEEDS = ("slow", "normal", "fast")
WAITS = 8
"""Waits measured per speed (the first turn, which has no wait before it, is not one)."""
SEED = 41


def _waits(ctx: Any, speed: str, *, ask_always: bool, waits: int = WAITS, seed: int = SEED,
           level: str | None = None) -> dict[str, Any]:
    context = ctx.browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{ctx.url}?speed={speed}&seed={seed}")
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        if ask_always:
            page.uncheck("[data-testid=take-it-fits]")
        start_game(page, "tress", players=4, level=level)
        samples: list[float] = []
        asked = 0
        ended: float | None = None  # when the person's last turn ended (his discard)
        deadline = time.monotonic() + 60 + waits * 60
        while len(samples) < waits and time.monotonic() < deadline:
            state = wait_turn_or_window(page)
            if state == "final":
                break
            if state == "sheet":
                ended = None  # a new round: its first wait starts at the deal, not at a discard
                page.click("[data-testid=next-round]")
                page.wait_for_selector(SHEET, state="detached")
                continue
            if state == "claim":
                asked += 1
                pass_claim(page)
                continue
            if ended is not None:
                samples.append((time.monotonic() - ended) * 1000)
                ended = None
            action = hint(page)
            perform(page, action)
            if action.get("kind") == "discard":
                ended = time.monotonic()
    finally:
        context.close()
    ordered = sorted(samples)
    return {
        "median": round(statistics.median(ordered), 0) if ordered else None,
        "p90": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 0) if ordered else None,
        "max": round(ordered[-1], 0) if ordered else None,
        "runs": [round(ms) for ms in samples],
        "asked": asked,
        "unit": "ms",
    }


def bench_pace(ctx: Any, *, waits: int = WAITS, speeds: tuple[str, ...] = SPEEDS,
               compare: bool = True) -> dict[str, Any]:
    """Waits between the person's own turns in 4-player Tress, per speed (see the module docstring).

    :param waits: waits measured per speed. :param speeds: the speeds measured.
    :param compare: also measure Normal with the person asked for every card.
    :returns: ``{speed: {"median", "p90", "max", "runs", "asked", "unit"}}`` for each speed with the
        default setting, ``"normal_hard"`` (Normal with three hard computer players, a target of its
        own) and, with ``compare``, ``"normal_ask_always"``; waits in milliseconds, ``asked`` the
        take-it bars the person passed.
    """
    result: dict[str, Any] = {"unit": "ms", "seed": SEED, "waits": waits}
    for speed in speeds:
        result[speed] = _waits(ctx, speed, ask_always=False, waits=waits)
        print(f"[bench] pace {speed}: wait median {result[speed]['median']} ms, p90 {result[speed]['p90']} ms, "
              f"{result[speed]['asked']} take-it bars", file=sys.stderr, flush=True)
    if compare:
        result["normal_ask_always"] = _waits(ctx, "normal", ask_always=True, waits=waits)
        print(f"[bench] pace normal, asked for every card: wait median {result['normal_ask_always']['median']} ms",
              file=sys.stderr, flush=True)
    result["normal_hard"] = _waits(ctx, "normal", ask_always=False, waits=waits, level="hard")
    print(f"[bench] pace normal, three hard players: wait median {result['normal_hard']['median']} ms, "
          f"p90 {result['normal_hard']['p90']} ms", file=sys.stderr, flush=True)
    return result
