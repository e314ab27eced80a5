"""Start-up measurements for `python build.py bench`: how fast the engine is ready and how much a first
visit downloads, each beside a bare page that only starts the same Pyodide (its full standard library,
no snapshot) in a module worker, served by the same server in the same run, so every figure also comes
as a ratio to that baseline on the same machine under the same load.

- ``load_cold_ms``: navigation to engine ready on a first visit (a new, empty on-disk profile per run).
- ``load_warm_ms``: the same on reloads after a first visit (the page: its offline copy and start-up
  snapshot in place; the bare page: its HTTP cache).
- ``load_offline_ms``: reloads with the network gone, after a first visit (the bare page cannot start
  offline: its ratio is to its own warm start).
- ``first_visit_bytes``: bytes on the wire (gzip on, as build.py's server sends) for a first visit,
  until the offline copy is complete, in an on-disk profile and in a private window (no disk cache),
  with the most times one file was fetched.
- ``slow_link_cold_ms``: a first visit over a 20 Mbit/s link with 40 ms latency (e2e/sites.py: the
  server paces what it sends, for all connections together).

The app's cold start also gives its ``stages``: when the download, Python's start and engine ready
began (the page's marks), and ``games_loaded``, when a request that needs the games was first
answered (sent at engine ready: a match started that early waits that long).

Engine ready is the page's ``rummytable:engine-ready`` mark (the bare page sets the same mark when its
Python answered). Progress lines go to stderr.
"""

from __future__ import annotations

import contextlib
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sites import CountingSite, Link

import build

READY = "html[data-engine=ready]"
READY_MARK = "performance.getEntriesByName('rummytable:engine-ready')[0].startTime"
STAGE_MARKS = ("download", "start", "ready")
SAVED = "html[data-engine-snapshot]"
OFFLINE_READY = "html[data-offline=ready]"
SLOW_LINK = {"rate": 20e6 / 8, "latency": 0.040}  # 20 Mbit/s, 40 ms

NAMES = ("load_cold_ms", "load_warm_ms", "load_offline_ms", "first_visit_bytes", "slow_link_cold_ms")
"""The measurements :func:`bench_start` takes (``python build.py bench --only NAME``)."""

TARGETS = {
    "engine_ready_cold_ms": 2000,
    "engine_ready_warm_ms": 1000,
    "engine_ready_offline_ms": 1000,
    "slow_link_cold_ms": 6000,
    "first_visit_wire_bytes": 7_000_000,
    "private_window_wire_bytes": 7_000_000,
    "private_window_most_fetches_of_a_file": 1,
}
"""Goals, all met at or below the value: start-up in milliseconds, downloads in bytes."""

BARE_HTML = """<!doctype html>
<html lang="en" data-engine="loading">
<head><meta charset="utf-8"><title>Bare Pyodide</title><script type="module" src="bare.js"></script></head>
<body><p>Starting Pyodide.</p></body>
</html>
"""
BARE_PAGE_JS = """const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = () => {
  performance.mark("rummytable:engine-ready");
  document.documentElement.dataset.engine = "ready";
};
"""
BARE_WORKER_JS = """const { loadPyodide } = await import("./pyodide/{version}/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/{version}/", import.meta.url).href });
self.postMessage(pyodide.runPython("1 + 1"));
"""


def say(message: str) -> None:
    """A readable progress line on stderr (stdout carries the JSON)."""
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def summary(samples: list[float], unit: str = "ms") -> dict[str, Any]:
    """Median, min, max and every sample, rounded to 0.1."""
    return {"median": round(statistics.median(samples), 1), "min": round(min(samples), 1),
            "max": round(max(samples), 1), "runs": [round(s, 1) for s in samples], "unit": unit}


def ratio(value: float, baseline: float) -> float | None:
    """``value / baseline`` rounded to 0.01 (None without a baseline)."""
    return round(value / baseline, 2) if baseline else None


def make_bare_site(folder: Path) -> Path:
    """Write the bare page into ``folder``: Pyodide as npm ships it (full standard library) and a worker
    that starts it and answers once Python runs. Precompressed like dist/."""
    version = build.pyodide_version()
    runtime = folder / "pyodide" / version
    runtime.mkdir(parents=True)
    for name in build.PYODIDE_BUILD_FILES:
        shutil.copyfile(build.NODE_MODULES / "pyodide" / name, runtime / name)
    (folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (folder / "bare.js").write_text(BARE_PAGE_JS, encoding="utf-8")
    (folder / "bare-worker.js").write_text(BARE_WORKER_JS.replace("{version}", version), encoding="utf-8")
    build.write_precompressed(folder)
    return folder


class Sites:
    """The app (dist/) and the bare page, each served by a counting server behind its own link."""

    def __init__(self, ctx: Any, folder: Path) -> None:
        self.ctx = ctx
        self.folder = folder
        self.bare_dir = make_bare_site(folder / "bare")

    @contextlib.contextmanager
    def serve(self, which: str, link: Link | None = None) -> Iterator[CountingSite]:
        """A fresh server for ``which`` ("app" or "bare")."""
        site = CountingSite(self.folder / f"link-{which}-{id(link)}", link)
        site.point_to(build.DIST if which == "app" else self.bare_dir)
        try:
            yield site
        finally:
            site.stop()


@contextlib.contextmanager
def private_window(ctx: Any) -> Iterator[Any]:
    """An in-memory browser context (a private window: no disk cache; storage lives until it closes)."""
    context = ctx.browser.new_context()
    try:
        yield context
    finally:
        context.close()


# Any request but "version" waits for the games to load (docs/engine-protocol.md): "state" with no
# match is the cheapest, answered by an error.
GAMES_LOADED_JS = ("() => window.rummyTable.engine.call('state')"
                   ".then(() => performance.now(), () => performance.now())")


def _page(context: Any) -> Any:
    return context.pages[0] if context.pages else context.new_page()


def _ready_ms(page: Any, timeout_ms: float = 120_000) -> float:
    page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
    return float(page.evaluate(READY_MARK))


def _settled(page: Any, which: str) -> None:
    """The first visit is over: the page stored its snapshot and its offline copy is complete."""
    if which == "app":
        page.wait_for_selector(SAVED, state="attached", timeout=120_000)
        page.wait_for_selector(OFFLINE_READY, state="attached", timeout=120_000)


def _stages(page: Any) -> dict[str, float]:
    marks = page.evaluate(
        "names => Object.fromEntries(names.map("
        "n => [n, performance.getEntriesByName('rummytable:' + n)[0]?.startTime]))",
        list(STAGE_MARKS))
    return {name: float(value) for name, value in marks.items() if value is not None}


def _both(measure: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """Measure the app and the bare page; the app's figures with ``bare`` and ``ratio`` beside them."""
    app, bare = measure("app"), measure("bare")
    return {**app, "bare": bare, "ratio": ratio(app["median"], bare["median"])}


def bench_cold(ctx: Any, sites: Sites) -> dict[str, Any]:
    """Engine ready on a first visit, a new on-disk profile per run."""
    def measure(which: str) -> dict[str, Any]:
        samples, stages = [], {}
        with sites.serve(which) as site:
            for _ in range(ctx.runs):
                with ctx.fresh_profile() as context:
                    page = _page(context)
                    page.goto(site.url)
                    samples.append(_ready_ms(page))
                    marks = _stages(page)
                    if which == "app":
                        marks["games_loaded"] = float(page.evaluate(GAMES_LOADED_JS))
                    for name, value in marks.items():
                        stages.setdefault(name, []).append(value)
        result = summary(samples)
        if stages:
            result["stages"] = {name: round(statistics.median(v), 1) for name, v in stages.items()}
        return result

    result = _both(measure)
    say(f"cold start: {result['median']} ms, bare Pyodide {result['bare']['median']} ms")
    return result


def bench_warm_and_offline(ctx: Any, sites: Sites) -> tuple[dict[str, Any], dict[str, Any]]:
    """Engine ready on reloads after a first visit, then on reloads with the network gone."""
    results: dict[str, dict[str, Any]] = {}
    for which in ("app", "bare"):
        with sites.serve(which) as site, ctx.fresh_profile() as context:
            page = _page(context)
            page.goto(site.url)
            _ready_ms(page)
            _settled(page, which)
            warm = []
            starts = set()
            for _ in range(ctx.runs):
                page.reload()
                warm.append(_ready_ms(page))
                starts.add(page.get_attribute("html", "data-engine-start"))
            results[which] = summary(warm)
            if which == "app":
                results[which]["started_from"] = sorted(str(s) for s in starts)
                context.set_offline(True)
                offline = []
                for _ in range(ctx.runs):
                    page.reload()
                    offline.append(_ready_ms(page))
                results["offline"] = summary(offline)
                context.set_offline(False)
    warm_result = {**results["app"], "bare": results["bare"],
                   "ratio": ratio(results["app"]["median"], results["bare"]["median"])}
    offline_result = {**results["offline"], "baseline": "bare page, warm (it cannot start offline)",
                      "ratio": ratio(results["offline"]["median"], results["bare"]["median"])}
    say(f"warm start: {warm_result['median']} ms, offline {offline_result['median']} ms, "
        f"bare Pyodide warm {results['bare']['median']} ms")
    return warm_result, offline_result


def _visit_bytes(site: CountingSite, page: Any, which: str) -> dict[str, Any]:
    page.goto(site.url)
    _ready_ms(page)
    _settled(page, which)
    bodies = site.bodies()
    return {"bytes": sum(sum(sizes) for sizes in bodies.values()),
            "requests": sum(len(sizes) for sizes in bodies.values()),
            "most_fetches_of_a_file": max((len(sizes) for sizes in bodies.values()), default=0),
            "fetched_more_than_once": sorted(path for path, sizes in bodies.items() if len(sizes) > 1)}


def bench_bytes(ctx: Any, sites: Sites) -> dict[str, Any]:
    """Bytes on the wire for a first visit, in an on-disk profile and in a private window."""
    result: dict[str, Any] = {"unit": "bytes"}
    for which in ("app", "bare"):
        with sites.serve(which) as site, ctx.fresh_profile() as context:
            disk = _visit_bytes(site, _page(context), which)
        with sites.serve(which) as site, private_window(ctx) as context:
            private = _visit_bytes(site, _page(context), which)
        result[which] = {"profile": disk, "private_window": private}
    app, bare = result["app"], result["bare"]
    result["ratio"] = ratio(app["profile"]["bytes"], bare["profile"]["bytes"])
    result["private_window_ratio"] = ratio(app["private_window"]["bytes"], bare["private_window"]["bytes"])
    say(f"first visit: {app['profile']['bytes']} bytes ({app['private_window']['bytes']} in a private "
        f"window), bare Pyodide {bare['profile']['bytes']} ({bare['private_window']['bytes']})")
    return result


def bench_slow_link(ctx: Any, sites: Sites) -> dict[str, Any]:
    """Engine ready on a first visit over a 20 Mbit/s, 40 ms link."""
    runs = max(1, min(ctx.runs, 3))

    def measure(which: str) -> dict[str, Any]:
        samples = []
        for _ in range(runs):
            with sites.serve(which, Link(**SLOW_LINK)) as site, ctx.fresh_profile() as context:
                page = _page(context)
                page.goto(site.url)
                samples.append(_ready_ms(page, timeout_ms=180_000))
        return summary(samples)

    result = {**_both(measure), "link": {"mbit_per_s": 20, "latency_ms": 40}}
    say(f"cold start over 20 Mbit/s: {result['median']} ms, bare Pyodide {result['bare']['median']} ms")
    return result


def bench_start(ctx: Any) -> dict[str, dict[str, Any]]:
    """Every start-up measurement, by name (see the module docstring)."""
    with tempfile.TemporaryDirectory(prefix="rummytable-bench-") as tmp:
        sites = Sites(ctx, Path(tmp))
        cold = bench_cold(ctx, sites)
        warm, offline = bench_warm_and_offline(ctx, sites)
        wire = bench_bytes(ctx, sites)
        slow = bench_slow_link(ctx, sites)
    return {"load_cold_ms": cold, "load_warm_ms": warm, "load_offline_ms": offline,
            "first_visit_bytes": wire, "slow_link_cold_ms": slow}


def targets(measurements: dict[str, Any]) -> dict[str, Any]:
    """The start-up goals as ``{"value", "target", "met", "unit", "ratio_to_bare"}`` for the measurements present."""
    def dig(*path: str) -> Any:
        node: Any = measurements
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        return node

    values = {
        "engine_ready_cold_ms": (dig("load_cold_ms", "median"), "ms", dig("load_cold_ms", "ratio")),
        "engine_ready_warm_ms": (dig("load_warm_ms", "median"), "ms", dig("load_warm_ms", "ratio")),
        "engine_ready_offline_ms": (dig("load_offline_ms", "median"), "ms", dig("load_offline_ms", "ratio")),
        "slow_link_cold_ms": (dig("slow_link_cold_ms", "median"), "ms", dig("slow_link_cold_ms", "ratio")),
        "first_visit_wire_bytes": (dig("first_visit_bytes", "app", "profile", "bytes"), "bytes",
                                   dig("first_visit_bytes", "ratio")),
        "private_window_wire_bytes": (dig("first_visit_bytes", "app", "private_window", "bytes"), "bytes",
                                      dig("first_visit_bytes", "private_window_ratio")),
        "private_window_most_fetches_of_a_file": (
            dig("first_visit_bytes", "app", "private_window", "most_fetches_of_a_file"), "fetches", None),
    }
    return {
        name: {"value": float(value), "target": TARGETS[name], "met": float(value) <= TARGETS[name], "unit": unit,
               "ratio_to_bare": share}
        for name, (value, unit, share) in values.items() if isinstance(value, int | float)
    }
