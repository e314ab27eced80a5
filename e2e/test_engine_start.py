"""How the worker starts Python: from scratch with the build's trimmed, precompiled library on a first
visit, then from the start-up snapshot that first start stored in the browser.

The snapshot (web/worker.js) is Pyodide's memory with the engine imported, made in the page after a
start from scratch; the worker restores it and skips Python's start-up. Anything wrong with it
(damaged, not restorable) must end in a start from scratch, never in a page that cannot play. The
library (py/engine_files/engine_files.py) holds only the modules the engine and Pyodide need: whole matches
played here in the page prove it is enough.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from harness import WATCHDOG_MS, BrowserSession, wait_ready

import build

CALL = "([method, params]) => window.rummyTable.engine.call(method, params)"
FALLBACK_WARNING = "start-up snapshot could not be used"
SAVED = "html[data-engine-snapshot=saved]"
# Played to the end by the engine in the page: every level, both games.
MATCH_JS = """async ({game, seats, options, seed}) => {
    const engine = window.rummyTable.engine;
    let result = await engine.call("new_match", {game, seats, options, seed});
    let steps = 0;
    while (result.view.phase !== "match_over") {
        if (++steps > 5000) throw new Error(`${game}: no end after 5000 steps`);
        result = await engine.call("bot_step");
        if (result.idle) throw new Error(`${game}: no computer seat to move in phase ${result.view.phase}`);
    }
    await engine.call("save");
    return steps;
}"""


def _plays(page: Any) -> None:
    """The engine answers a new match and a computer move (the whole package is importable)."""
    tress = {"game": "tress", "options": {"players": 3}, "seats": ["human", "hard", "normal"], "seed": 3}
    started = page.evaluate(CALL, ["new_match", tress])
    assert started["view"]["game"] == "tress"
    page.evaluate(CALL, ["new_match", {"game": "take", "seats": ["hard", "easy"], "seed": 4}])
    step = page.evaluate(CALL, ["bot_step", {}])
    assert step["events"], step


def test_build_ships_a_trimmed_precompiled_library_and_engine(dist_dir: Path) -> None:
    boot = json.loads((dist_dir / "boot.json").read_text())
    for entry in boot["files"].values():
        assert (dist_dir / entry["url"]).stat().st_size == entry["bytes"]
        assert build.sha256_file(dist_dir / entry["url"]) == entry["sha256"]
    full = zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    with zipfile.ZipFile(dist_dir / boot["files"]["stdlib"]["url"]) as stdlib:
        names = stdlib.namelist()
        # Bytecode only, stored (the server's gzip compresses it), for the modules in use.
        assert names and all(name.endswith(".pyc") for name in names)
        assert {info.compress_type for info in stdlib.infolist()} == {zipfile.ZIP_STORED}
        for needed in ("json/__init__.pyc", "random.pyc", "encodings/utf_8.pyc", "_pyodide/_base.pyc"):
            assert needed in names
        for unused in ("email/", "unittest/", "http/", "xml/", "tkinter/", "pdb.pyc", "doctest.pyc"):
            assert not [name for name in names if name.startswith(unused)], unused
        assert len(names) < len(full.namelist()) / 2
    with zipfile.ZipFile(dist_dir / boot["files"]["engine"]["url"]) as engine:
        names = engine.namelist()
        assert "rummytable/page/bridge.pyc" in names and "rummytable/__init__.pyc" in names
        assert not [name for name in names if name.endswith(".py")]
    assert not (dist_dir / boot["indexURL"] / "python_stdlib.zip").exists()


def test_first_start_is_fresh_and_the_next_starts_from_its_snapshot(session: BrowserSession) -> None:
    page = session.open()
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "fresh"
    page.wait_for_selector(SAVED, state="attached", timeout=60_000)
    _plays(page)
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "snapshot"
    _plays(page)


def test_start_full_starts_python_from_scratch(session: BrowserSession) -> None:
    page = session.open()
    page.wait_for_selector(SAVED, state="attached", timeout=90_000)
    # With the offline copy in place its service worker answers the next visit's files, the
    # worker's script included: the full start must not depend on the script's own address.
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=90_000)
    page.goto(session.base_url + "?start=full")
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "fresh"
    _plays(page)


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [("tress", ["easy", "normal", "hard", "random"], {"players": 4}), ("take", ["hard", "normal"], {})],
)
def test_whole_matches_play_with_the_trimmed_library(
        session: BrowserSession, game: str, seats: list[str], options: dict[str, Any]) -> None:
    page = session.open()
    wait_ready(page)
    steps = page.evaluate(MATCH_JS, {"game": game, "seats": seats, "options": options, "seed": 11})
    assert steps > 10
    page.wait_for_selector(SAVED, state="attached", timeout=60_000)
    page.reload()  # and from the snapshot
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "snapshot"
    assert page.evaluate(MATCH_JS, {"game": game, "seats": seats, "options": options, "seed": 12}) > 10


# Damage the stored snapshot wherever it is kept (the worker's cache, the offline copy).
DAMAGE_JS = """async ([url, bytes]) => {
    const address = new URL(url, location.href).href;
    const names = new Set([...(await caches.keys()), "rummytable-engine"]);
    for (const name of names) {
        const cache = await caches.open(name);
        if (name === "rummytable-engine" || await cache.match(address)) {
            await cache.put(address, new Response(new Uint8Array(bytes)));
        }
    }
}"""


@pytest.mark.parametrize(
    "body",
    [bytes(range(256)) * 64, b"\x00" * 4096, b""],
    ids=["noise", "zeros", "empty"],
)
def test_unusable_snapshot_falls_back_to_a_fresh_start_and_is_replaced(
        browser: Any, site_url: str, dist_dir: Path, body: bytes) -> None:
    boot = json.loads((dist_dir / "boot.json").read_text())
    context = browser.new_context()
    warnings: list[str] = []
    errors: list[str] = []
    try:
        page = context.new_page()

        def watch(message: Any) -> None:
            (errors if message.type == "error" else warnings).append(message.text)

        page.on("worker", lambda worker: worker.on("console", watch))
        page.on("console", watch)
        page.goto(f"{site_url}?watchdog={WATCHDOG_MS}")  # a failed snapshot, then Python from scratch
        wait_ready(page, timeout_ms=120_000)
        page.wait_for_selector(SAVED, state="attached", timeout=60_000)
        # The offline copy takes the snapshot over from the worker's cache once it is saved: damage
        # it after that copy is made, or a good copy made meanwhile would start the next page.
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=90_000)
        page.evaluate(DAMAGE_JS, [boot["snapshot"], list(body)])
        page.reload()
        wait_ready(page, timeout_ms=120_000)
        assert page.get_attribute("html", "data-engine-start") == "fresh"
        assert any(FALLBACK_WARNING in text for text in warnings), warnings
        assert not errors, errors
        _plays(page)
        # The fresh start stored a good snapshot in place of the damaged one.
        page.wait_for_selector(SAVED, state="attached", timeout=60_000)
        page.reload()
        wait_ready(page)
        assert page.get_attribute("html", "data-engine-start") == "snapshot"
    finally:
        context.close()
