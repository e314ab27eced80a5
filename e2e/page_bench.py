"""Measurements of the page itself, for `python build.py bench`: start screen, Play, the computer's
decisions, the worker's round trip for a person's move and memory over many matches.

Every function takes the bench context from build.py (``url``, ``browser``, ``runs`` and
``fresh_profile()``), opens its own browser context (so one measurement never warms another) and
returns JSON-ready data with a ``unit``. Times are taken inside the page with ``performance.now()``
around ``window.rummyTable.engine.call``, so they include the trip to the worker and back and the
JSON both ways, as the table sees it. Progress lines go to stderr.

Playwright is used only through the objects passed in, so importing this module needs nothing
beyond the standard library.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

READY = "html[data-engine=ready]"
PLAY = "[data-testid=play]"
START_MARK = "rummytable:start-interactive"  # set by web/ui.js once the start screen and its Play button are built
HAND_CARD = "#table-screen[data-state=playing] [data-testid=hand] [data-card]"
CATALOG_SHOWN = "[data-testid=reset-rules]"  # house rules drawn: the engine's catalog (default players) arrived

LEVELS = ("easy", "normal", "hard")
GAMES = (("tress", 4), ("take", 2))

TARGETS = {
    "start_screen_cold_ms": 300,
    "start_screen_warm_ms": 300,
    "engine_ready_cold_ms": 2000,
    "engine_ready_warm_ms": 1000,
    "hard_decision_p99_ms.tress": 1000,
    "hard_decision_p99_ms.take": 1000,
    "memory_growth_mb": 20,
}


def say(message: str) -> None:
    """A readable progress line on stderr (stdout carries the JSON)."""
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def percentile(samples: list[float], share: float) -> float:
    """Nearest-rank percentile: the smallest sample with at least ``share`` of the samples at or below it."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def stats(samples: list[float], unit: str = "ms") -> dict[str, Any]:
    """Count, median, p99, mean, min and max, rounded to 0.1."""
    if not samples:
        return {"count": 0, "unit": unit}
    return {
        "count": len(samples), "median": round(statistics.median(samples), 1),
        "p99": round(percentile(samples, 0.99), 1), "mean": round(statistics.fmean(samples), 1),
        "min": round(min(samples), 1), "max": round(max(samples), 1), "unit": unit,
    }


@contextmanager
def engine_page(ctx: Any) -> Iterator[Any]:
    """A page of the site in a new browser context, its engine started and its own start-up calls answered."""
    context = ctx.browser.new_context()
    try:
        page = context.new_page()
        page.goto(ctx.url)
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        # Answers come in call order: once this one is back, the page's catalog and save checks are done.
        page.evaluate("window.rummyTable.engine.call('version')")
        yield page
    finally:
        context.close()


# --------------------------------------------------------------------------- start screen


def _start_interactive(page: Any) -> tuple[float, float | None]:
    """Milliseconds from navigation to the start screen's mark (Play visible and enabled), and to first paint."""
    page.wait_for_selector(f"{PLAY}:enabled", state="visible", timeout=60_000)
    mark, paint = page.evaluate(
        """name => [performance.getEntriesByName(name)[0]?.startTime ?? null,
                    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null]""",
        START_MARK,
    )
    if mark is None:
        raise RuntimeError(f"the page set no {START_MARK} mark")
    return float(mark), None if paint is None else float(paint)


def bench_start_screen(ctx: Any) -> dict[str, Any]:
    """Navigation to the start screen with its Play button visible and enabled.

    ``cold``: a first visit (new, empty on-disk profile each run); ``warm``: reloads after a first
    visit that started the engine (HTTP cache and offline copy filled). ``first_paint`` is the
    first contentful paint of the cold visits, for comparison.
    """
    cold, warm, paints = [], [], []
    for _ in range(ctx.runs):
        with ctx.fresh_profile() as context:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(ctx.url)
            mark, paint = _start_interactive(page)
            cold.append(mark)
            if paint is not None:
                paints.append(paint)
    with ctx.fresh_profile() as context:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(ctx.url)
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        for _ in range(ctx.runs):
            page.reload()
            warm.append(_start_interactive(page)[0])
    result = {"cold": stats(cold), "warm": stats(warm), "first_paint": stats(paints), "unit": "ms"}
    say(f"start screen: cold {result['cold']['median']} ms, warm {result['warm']['median']} ms (median)")
    return result


# --------------------------------------------------------------------------- Play to the dealt table

PLAY_TO_TABLE_JS = """([play, selector]) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const done = () => {
        const cards = document.querySelectorAll(selector).length;
        if (!cards) return false;
        observer.disconnect();
        clearTimeout(timer);
        resolve({ms: performance.now() - t0, cards});
        return true;
    };
    const observer = new MutationObserver(done);
    observer.observe(document.documentElement, {subtree: true, childList: true, attributes: true});
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no dealt table within 60 s")); }, 60000);
    document.querySelector(play).click();
})"""


def bench_play_to_table(ctx: Any) -> dict[str, Any]:
    """Click on Play (default settings) to the dealt table with cards in the person's hand.

    Each run is a new visit with the browser's caches warm and nothing stored (no settings, no
    saves); the click comes once the engine is ready and the catalog has arrived.
    """
    context = ctx.browser.new_context()
    context.add_init_script("try { localStorage.clear(); } catch (e) {}")
    samples, cards = [], []
    try:
        page = context.new_page()
        for _ in range(ctx.runs):
            page.goto(ctx.url)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            page.wait_for_selector(CATALOG_SHOWN, state="attached", timeout=60_000)
            page.evaluate("window.rummyTable.engine.call('version')")
            answer = page.evaluate(PLAY_TO_TABLE_JS, [PLAY, HAND_CARD])
            samples.append(float(answer["ms"]))
            cards.append(int(answer["cards"]))
    finally:
        context.close()
    result = {**stats(samples), "hand_cards": cards[-1] if cards else None}
    say(f"play to dealt table: {result.get('median')} ms (median)")
    return result


# --------------------------------------------------------------------------- the computer's decisions

DECISIONS_JS = """async ({game, players, level, count, seed, budgetMs}) => {
    const engine = window.rummyTable.engine;
    const playing = new Set(["draw", "claim", "play"]);
    const end = performance.now() + budgetMs;
    const times = [];
    let matches = 0;
    const deal = () => engine.call("new_match", {
        game, seats: Array(players).fill(level), options: {players}, seed: seed + matches++,
    });
    let result = await deal();
    while (times.length < count && performance.now() < end) {
        const phase = result.view.phase;
        if (phase === "match_over") {
            result = await deal();
            continue;
        }
        const t0 = performance.now();
        result = await engine.call("bot_step");
        const ms = performance.now() - t0;
        if (result.idle) throw new Error(`no computer seat to move in phase ${phase}`);
        if (playing.has(phase)) times.push(ms);  // dealing the next round is no decision
    }
    return {times, matches};
}"""


def bench_decisions(ctx: Any, *, decisions: int = 100, budget_s: float = 45.0, seed: int = 1) -> dict[str, Any]:
    """The computer's moves as the page waits for them: ``bot_step`` round trips in watch mode.

    Per game (Tress with 4 players, Take with 2) and level, every seat is a computer at that level;
    up to ``decisions`` moves (dealing a new round does not count) or ``budget_s`` seconds, over as
    many matches as needed (fixed seeds).
    """
    result: dict[str, Any] = {"unit": "ms"}
    with engine_page(ctx) as page:
        for game, players in GAMES:
            per_level: dict[str, Any] = {"players": players}
            for level in LEVELS:
                answer = page.evaluate(DECISIONS_JS, {
                    "game": game, "players": players, "level": level, "count": decisions,
                    "seed": seed, "budgetMs": budget_s * 1000,
                })
                per_level[level] = {**stats([float(t) for t in answer["times"]]), "matches": answer["matches"]}
                s = per_level[level]
                say(f"decisions {game} {level}: median {s.get('median')} ms, p99 {s.get('p99')} ms "
                    f"({s['count']} moves)")
            result[game] = per_level
    return result


# --------------------------------------------------------------------------- a person's move

PERSON_JS = """async ({game, players, count, seed}) => {
    const engine = window.rummyTable.engine;
    const playing = new Set(["draw", "claim", "play"]);
    const act = [], state = [];
    let matches = 0, x = seed;
    const deal = () => engine.call("new_match", {
        game, seats: ["human", ...Array(players - 1).fill("easy")], options: {players}, seed: seed + matches++,
    });
    let result = await deal();
    for (let steps = 0; act.length < count && steps < count * 100; steps++) {
        const view = result.view;
        if (view.phase === "match_over") {
            result = await deal();
            continue;
        }
        const mine = (view.legal_actions ?? []).filter((a) => a.kind !== "call");
        if (mine.length && (view.to_move === view.seat || !playing.has(view.phase))) {
            x = (x * 48271) % 2147483647;  // a fixed sequence of choices among the legal moves
            let t0 = performance.now();
            result = await engine.call("act", {action: mine[x % mine.length]});
            act.push(performance.now() - t0);
            t0 = performance.now();
            await engine.call("state");
            state.push(performance.now() - t0);
        } else {
            result = await engine.call("bot_step");
        }
    }
    return {act, state, matches};
}"""


def bench_person_move(ctx: Any, *, moves: int = 60, seed: int = 1) -> dict[str, Any]:
    """Worker round trip for the person's move: ``act`` with a legal action from the view, then ``state``.

    The person plays seat 0 against easy computer seats (Tress 4 players, Take 2), choosing among
    the legal moves the view lists in a fixed pseudo-random order.
    """
    result: dict[str, Any] = {"unit": "ms"}
    with engine_page(ctx) as page:
        for game, players in GAMES:
            answer = page.evaluate(PERSON_JS, {"game": game, "players": players, "count": moves, "seed": seed})
            result[game] = {"players": players, "act": stats([float(t) for t in answer["act"]]),
                            "state": stats([float(t) for t in answer["state"]])}
            say(f"person's move {game}: act median {result[game]['act'].get('median')} ms, "
                f"p99 {result[game]['act'].get('p99')} ms; state median {result[game]['state'].get('median')} ms")
    return result


# --------------------------------------------------------------------------- memory

MATCH_JS = """async ({seed, target}) => {
    const engine = window.rummyTable.engine;
    let result = await engine.call("new_match", {
        game: "take", seats: ["easy", "easy"], options: {players: 2, target}, seed,
    });
    let steps = 0;
    while (result.view.phase !== "match_over") {
        result = await engine.call("bot_step");
        if (result.idle) throw new Error(`no computer seat to move in phase ${result.view.phase}`);
        if (++steps > 20000) throw new Error("the match did not end");
    }
    return steps;
}"""

MB = 1024 * 1024


class WorkerInspector:
    """DevTools protocol calls into the page's engine worker (for its JavaScript heap and garbage collection).

    Uses a browser-level session and the target's message channel, because Playwright opens protocol
    sessions on pages only. Any failure leaves the worker's numbers out rather than failing the bench.
    """

    def __init__(self, browser: Any, page: Any, worker_url: str) -> None:
        self.page = page
        self.session = browser.new_browser_cdp_session()
        self.replies: dict[int, Any] = {}
        self.next_id = 1
        self.session.on("Target.receivedMessageFromTarget", self._receive)
        targets = self.session.send("Target.getTargets")["targetInfos"]
        workers = [t for t in targets if t["type"] == "worker" and t["url"] == worker_url]
        if len(workers) != 1:
            raise RuntimeError(f"expected one engine worker, found {len(workers)}")
        attached = self.session.send("Target.attachToTarget", {"targetId": workers[0]["targetId"], "flatten": False})
        self.target_session = attached["sessionId"]

    def _receive(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message

    def call(self, method: str, params: dict[str, Any] | None = None, timeout_s: float = 30) -> Any:
        """Send ``method`` to the worker and wait for its answer (events reach us while Playwright waits)."""
        call_id = self.next_id
        self.next_id += 1
        message = json.dumps({"id": call_id, "method": method, "params": params or {}})
        self.session.send("Target.sendMessageToTarget", {"sessionId": self.target_session, "message": message})
        deadline = time.monotonic() + timeout_s
        while call_id not in self.replies:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the worker did not answer {method}")
            self.page.wait_for_timeout(20)
        reply = self.replies.pop(call_id)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    def close(self) -> None:
        try:
            self.session.send("Target.detachFromTarget", {"sessionId": self.target_session})
        finally:
            self.session.detach()


def _memory_snapshot(page: Any, page_cdp: Any, worker: WorkerInspector | None) -> dict[str, float | None]:
    """Sizes in MB after garbage collection: the page's and the worker's JavaScript heaps, the WebAssembly heap;
    and the number of objects Python's garbage collector tracks."""
    page_cdp.send("HeapProfiler.collectGarbage")
    page_js = page_cdp.send("Runtime.getHeapUsage")["usedSize"] / MB
    worker_js = None
    if worker is not None:
        try:
            worker.call("HeapProfiler.collectGarbage")
            worker_js = worker.call("Runtime.getHeapUsage")["usedSize"] / MB
        except (RuntimeError, TimeoutError) as exc:
            say(f"worker heap not measured: {exc}")
    engine = page.evaluate("window.rummyTable.engine.call('worker_memory')")
    return {"page_js": round(page_js, 2), "worker_js": None if worker_js is None else round(worker_js, 2),
            "wasm": round(engine["wasmHeapBytes"] / MB, 2), "python_objects": float(engine["pythonObjects"])}


def bench_memory(ctx: Any, *, matches: int = 20, target: int = 150, seed: int = 1) -> dict[str, Any]:
    """Memory after ``matches`` computer-only matches of Take (2 players, easy, ``target`` points)
    compared with after the first, in a page of its own.

    ``wasm`` is the Pyodide heap (WebAssembly memory only grows, so it is the high-water mark of
    Python's memory); ``page_js`` and ``worker_js`` are the JavaScript heaps after garbage
    collection. ``growth_mb`` is the sum of these three growths. ``python_objects`` (objects tracked
    by Python's garbage collector after a collection) shows a leak that still fits in the heap.
    """
    with engine_page(ctx) as page:
        page_cdp = page.context.new_cdp_session(page)
        worker: WorkerInspector | None
        try:
            worker = WorkerInspector(ctx.browser, page, ctx.url + "worker.js")
        except Exception as exc:  # the protocol route is optional: report the rest
            say(f"worker heap not measured: {exc}")
            worker = None
        try:
            started = time.monotonic()
            steps = [int(page.evaluate(MATCH_JS, {"seed": seed, "target": target}))]
            first = _memory_snapshot(page, page_cdp, worker)
            for number in range(1, matches):
                steps.append(int(page.evaluate(MATCH_JS, {"seed": seed + number, "target": target})))
            last = _memory_snapshot(page, page_cdp, worker)
            seconds = time.monotonic() - started
        finally:
            if worker is not None:
                worker.close()
            page_cdp.detach()
    growth: dict[str, float | None] = {}
    for key, before in first.items():
        after = last[key]
        growth[key] = None if before is None or after is None else round(after - before, 2)
    total = round(sum(value for key, value in growth.items() if value is not None and key != "python_objects"), 2)
    result = {
        "matches": matches, "target": target, "bot_steps": sum(steps), "seconds": round(seconds, 1),
        "after_first": first, "after_last": last, "growth": growth, "growth_mb": total, "unit": "MB",
    }
    say(f"memory: {total} MB growth over {matches - 1} more matches "
        f"(wasm {first['wasm']} -> {last['wasm']} MB, page JS {first['page_js']} -> {last['page_js']} MB, "
        f"worker JS {first['worker_js']} -> {last['worker_js']} MB, "
        f"Python objects {first['python_objects']:.0f} -> {last['python_objects']:.0f})")
    return result


# --------------------------------------------------------------------------- registry and targets

BENCHMARKS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "start_screen_ms": bench_start_screen,
    "play_to_table_ms": bench_play_to_table,
    "person_move_ms": bench_person_move,
    "decision_ms": bench_decisions,
    "memory": bench_memory,
}
"""The page's measurements by name, in the order `build.py bench` runs them (after its own)."""


def targets(measurements: dict[str, Any]) -> dict[str, Any]:
    """The goals as ``{"value", "target", "met", "unit"}`` for whichever measurements are present."""

    def dig(*path: str) -> float | None:
        node: Any = measurements
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        return float(node) if isinstance(node, int | float) else None

    values = {
        "start_screen_cold_ms": (dig("start_screen_ms", "cold", "median"), "ms"),
        "start_screen_warm_ms": (dig("start_screen_ms", "warm", "median"), "ms"),
        "engine_ready_cold_ms": (dig("load_cold_ms", "median"), "ms"),
        "engine_ready_warm_ms": (dig("load_warm_ms", "median"), "ms"),
        "hard_decision_p99_ms.tress": (dig("decision_ms", "tress", "hard", "p99"), "ms"),
        "hard_decision_p99_ms.take": (dig("decision_ms", "take", "hard", "p99"), "ms"),
        "memory_growth_mb": (dig("memory", "growth_mb"), "MB"),
    }
    return {
        name: {"value": value, "target": TARGETS[name], "met": value < TARGETS[name], "unit": unit}
        for name, (value, unit) in values.items() if value is not None
    }
