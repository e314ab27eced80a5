"""Measurements of the page itself, for `python build.py bench`: start screen, Play, the computer's
decisions, the worker's round trip for a person's move, the main thread while the computer plays
and memory over many matches.

Every function takes the bench context from build.py (``url``, ``browser``, ``runs`` and
``fresh_profile()``), opens its own browser context (so one measurement never warms another) and
returns JSON-ready data with a ``unit``. Times are taken inside the page with ``performance.now()``
around ``window.rummyTable.engine.call``, so they include the trip to the worker and back and the
JSON both ways, as the table sees it. Progress lines go to stderr.

Playwright is used only through the objects passed in; the pace of the table (e2e/pace_bench.py)
plays through the page with the tests' table driver.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pace_bench import bench_pace

READY = "html[data-engine=ready]"
PLAY = "[data-testid=play]"
START_MARK = "rummytable:start-interactive"  # set by web/app/ui.js once the start screen and its Play button are built
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
    "decision_p99_ms.easy": 100,
    "decision_p99_ms.normal": 100,
    "decision_p99_ms.hard": 600,
    "cut_short_decisions": 1,
    "watch_longest_task_ms": 250,
    "watch_tasks_over_50ms": 1,  # none: every target is "value < target"
    "memory_growth_mb": 20,
    "pace_wait_normal_ms": 8000,
    "pace_wait_normal_hard_ms": 8000,  # the same wait with three hard computer players
}
"""Goals met when the measurement is below the number."""

AT_LEAST = {
    # A simulated turn on each game's model at least 20 times faster than on the engine.
    "search_model_speedup.take": 20,
    "search_model_speedup.tress": 20,
}
"""Goals met when the measurement reaches the number."""


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
    let matches = 0, cut = 0;
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
        if (result.cut_short) cut += 1;
    }
    return {times, matches, cut};
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
                per_level[level] = {**stats([float(t) for t in answer["times"]]), "matches": answer["matches"],
                                    "cut_short": answer["cut"]}
                s = per_level[level]
                say(f"decisions {game} {level}: median {s.get('median')} ms, p99 {s.get('p99')} ms "
                    f"({s['count']} moves)")
            result[game] = per_level
    return result


POSITIONS_JS = """async ({cases, level}) => {
    const engine = window.rummyTable.engine;
    const times = [];
    let cut = 0;
    for (const c of cases) {
        await engine.call("load", {game: c.game, position: c.position, seats: Array(c.players).fill(level), seed: 7});
        const t0 = performance.now();
        const result = await engine.call("bot_step");
        times.push(performance.now() - t0);
        if (result.idle) throw new Error(`no computer seat to move in a ${c.label} position`);
        if (result.cut_short) cut += 1;
    }
    return {times, cut};
}"""


def bench_decision_positions(ctx: Any, *, per_set: int = 30, seed: int = 1) -> dict[str, Any]:
    """The computer's decisions on the hardest positions, as the page waits for them (``bot_step``).

    The positions are those of ``python -m rummytable bench --section decisions``
    (:func:`rummytable.tools.bench_decisions.decision_positions`: round 7 of Tress under each
    contract option, Take with two and four players), saved by CPython, loaded into the
    page's engine and decided once by each level with its own work budget and safety net,
    each level in a page of its own (so no level finds the evaluations of another cached).
    Reports times per set and level and how many decisions the safety clock cut short.
    """
    root = str(Path(__file__).resolve().parents[1] / "py")
    if root not in sys.path:
        sys.path.insert(0, root)
    from rummytable.tools.bench_decisions import SETS, decision_positions

    cases = [vars(case) for case in decision_positions(per_set, seed)]
    result: dict[str, Any] = {"unit": "ms", "cut_short": 0}
    all_times: dict[str, list[float]] = {level: [] for level in LEVELS}
    for level in LEVELS:
        with engine_page(ctx) as page:
            for entry in SETS:
                chosen = [case for case in cases if case["label"] == entry.label]
                answer = page.evaluate(POSITIONS_JS, {"cases": chosen, "level": level})
                times = [float(t) for t in answer["times"]]
                all_times[level].extend(times)
                result.setdefault(entry.label, {})[level] = {**stats(times), "cut_short": answer["cut"]}
                result["cut_short"] += answer["cut"]
                say(f"positions {entry.label} {level}: median {stats(times).get('median')} ms, "
                    f"p99 {stats(times).get('p99')} ms, max {stats(times).get('max')} ms, cut short {answer['cut']}")
    result["all"] = {level: stats(times) for level, times in all_times.items()}
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


# --------------------------------------------------------------------------- the main thread while the computer plays

WATCH_FIRST_DISCARD = "[data-testid=log] li[data-kind=card_discarded]"

WATCH_JS = """(ms) => new Promise((resolve) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
    });
    observer.observe({type: "longtask", buffered: false});
    // Every draw, discard and meld changes the seats' card counts on the table.
    const table = document.querySelector(".table");
    let moves = 0;
    let counts = table.dataset.handCounts;
    const counter = new MutationObserver(() => {
        if (table.dataset.handCounts !== counts) moves += 1;
        counts = table.dataset.handCounts;
    });
    counter.observe(table, {attributes: true, attributeFilter: ["data-hand-counts"]});
    setTimeout(() => {
        observer.disconnect();
        counter.disconnect();
        resolve({tasks, moves});
    }, ms);
})"""


def bench_watch_main_thread(ctx: Any, *, seconds: float = 20.0, seed: int = 9) -> dict[str, Any]:
    """The page's main thread while the computer plays every seat (watch mode: Tress, 4 players, fast speed).

    Counted from the first discard on for ``seconds``: ``longest_ms``, the longest main-thread
    task, and ``over_50ms``, how many tasks took longer than 50 ms (the browser's Long Tasks API
    reports only those, so ``longest_ms`` is 0 when none did); ``moves`` (changes of the seats'
    card counts) shows the table played meanwhile.
    """
    context = ctx.browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{ctx.url}?speed=fast&seed={seed}")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.click("[data-testid=game-tress]")
        page.click("[data-testid=players-4]")
        page.click("[data-testid=watch]")
        page.wait_for_selector(WATCH_FIRST_DISCARD, state="attached", timeout=120_000)
        answer = page.evaluate(WATCH_JS, seconds * 1000)
    finally:
        context.close()
    tasks = sorted((float(ms) for ms in answer["tasks"]), reverse=True)
    result = {
        "seconds": seconds, "moves": int(answer["moves"]), "longest_ms": round(tasks[0], 1) if tasks else 0.0,
        "over_50ms": len(tasks), "longest_tasks_ms": [round(ms, 1) for ms in tasks[:10]], "unit": "ms",
    }
    say(f"watching the computer play: longest task {result['longest_ms']} ms, {len(tasks)} over 50 ms "
        f"in {seconds:.0f} s ({result['moves']} moves)")
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


# --------------------------------------------------------------------------- the search model in the page

MODEL_JS = """async ({games}) => {
    // A Pyodide of its own, started from the site's files as the engine worker starts it.
    const boot = await (await fetch("boot.json", {cache: "no-cache"})).json();
    const at = (path) => new URL(path, location.href).href;
    const {loadPyodide} = await import(at(boot.indexURL + "pyodide.mjs"));
    const engine = new Uint8Array(await (await fetch(boot.files.engine.url)).arrayBuffer());
    const pyodide = await loadPyodide({
        indexURL: at(boot.indexURL), stdLibURL: at(boot.files.stdlib.url), lockFileContents: boot.lock,
        env: {PYTHONPATH: "/engine.zip"}, fsInit: async (FS) => FS.writeFile("/engine.zip", engine),
    });
    pyodide.globals.set("jobs", pyodide.toPy(games));
    return pyodide.runPython(`
import importlib
import json
reports = {}
for game, job in jobs.items():
    bench = importlib.import_module(f"rummytable.tools.bench_{game}_model").bench
    reports[game] = bench(positions=job["positions"], seed=job["seed"], engine_repeat=job["engineRepeat"],
                          model_repeat=job["modelRepeat"], playouts=job["playouts"])
json.dumps(reports)`);
}"""


def bench_search_model(ctx: Any, *, positions: int = 300, seed: int = 1, playouts: int = 300) -> dict[str, Any]:
    """Each game's search model against the rules engine inside the page's Pyodide (the CPython
    ``models`` bench section, :mod:`rummytable.tools.bench_take_model` and
    :mod:`rummytable.tools.bench_tress_model`, run in the browser).

    A Pyodide of its own is started in a page of the site that runs no script of its own, from
    the same boot.json, standard library and engine files as the worker, so the models and the
    engine run on the WebAssembly the players get. Python's CPU clock there is coarse (about
    0.1 ms), so each turn is repeated more often than in CPython: 100 times on the engine and
    1,000 on the model, which puts the clock's step at 1 microsecond of an engine turn and 0.1 of
    a model turn (a model turn takes 2-4 microseconds). ``positions`` and ``playouts`` are
    Take's; Tress, whose play-outs run a whole round, takes half as many positions and a tenth of
    the play-outs. Reports each section's JSON under ``take`` and ``tress`` (times in
    microseconds, speed-ups as ratios).
    """
    games = {
        "take": {"positions": positions, "seed": seed, "engineRepeat": 100, "modelRepeat": 1000, "playouts": playouts},
        "tress": {"positions": max(1, positions // 2), "seed": seed, "engineRepeat": 100, "modelRepeat": 1000,
                  "playouts": max(1, playouts // 10)},
    }
    context = ctx.browser.new_context()
    try:
        page = context.new_page()
        page.goto(ctx.url + "icon.svg")  # same origin, no scripts: only the bench's Pyodide runs
        answer = page.evaluate(MODEL_JS, {"games": games})
    finally:
        context.close()
    reports: dict[str, Any] = json.loads(answer)
    for game, report in reports.items():
        say(f"search model ({game}) in the page: engine {report['engine_turn']['median_us']} us, "
            f"model {report['model_turn']['median_us']} us a turn (median), {report['speedup_median']} times faster")
    return {**reports, "unit": "us"}


# --------------------------------------------------------------------------- registry and targets

BENCHMARKS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "start_screen_ms": bench_start_screen,
    "play_to_table_ms": bench_play_to_table,
    "person_move_ms": bench_person_move,
    "decision_ms": bench_decisions,
    "decision_positions_ms": bench_decision_positions,
    "search_model_us": bench_search_model,
    "watch_main_thread": bench_watch_main_thread,
    "memory": bench_memory,
    "pace_wait_ms": bench_pace,
}
"""The page's measurements by name, in the order `build.py bench` runs them (after its own)."""


def _cut_short(measurements: dict[str, Any]) -> float | None:
    """Decisions the safety clock cut short in the decision measurements (None when none ran)."""
    counts = [level["cut_short"] for game in measurements.get("decision_ms", {}).values() if isinstance(game, dict)
              for level in game.values() if isinstance(level, dict) and "cut_short" in level]
    if "decision_positions_ms" in measurements:
        counts.append(measurements["decision_positions_ms"]["cut_short"])
    return float(sum(counts)) if counts else None


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
        **{f"decision_p99_ms.{level}": (dig("decision_positions_ms", "all", level, "p99"), "ms")
           for level in LEVELS},
        "cut_short_decisions": (_cut_short(measurements), "decisions"),
        "watch_longest_task_ms": (dig("watch_main_thread", "longest_ms"), "ms"),
        "watch_tasks_over_50ms": (dig("watch_main_thread", "over_50ms"), "tasks"),
        "memory_growth_mb": (dig("memory", "growth_mb"), "MB"),
        "pace_wait_normal_ms": (dig("pace_wait_ms", "normal", "median"), "ms"),
        "pace_wait_normal_hard_ms": (dig("pace_wait_ms", "normal_hard", "median"), "ms"),
        **{f"search_model_speedup.{game}": (dig("search_model_us", game, "speedup_median"), "times")
           for game in ("take", "tress")},
    }
    goals: dict[str, Any] = {}
    for name, (value, unit) in values.items():
        if value is None:
            continue
        at_least = name in AT_LEAST
        target = AT_LEAST[name] if at_least else TARGETS[name]
        goals[name] = {"value": value, "target": target, "met": value >= target if at_least else value < target,
                       "unit": unit}
    return goals
