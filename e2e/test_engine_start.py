"""How the worker starts Python: from the build's memory snapshot, or from scratch as a fallback.

The snapshot (build.make_snapshot) is Pyodide's memory with our package imported; the worker
restores it and skips Python's start-up and the wheel install. Anything wrong with it (missing,
damaged, not restorable) must end in the normal start, never in a page that cannot play.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from harness import WATCHDOG_MS, BrowserSession, wait_ready

CALL = "([method, params]) => window.rummyTable.engine.call(method, params)"
FALLBACK_WARNING = "start-up snapshot could not be used"


def _plays(page: Any) -> None:
    """The engine answers a new match and a computer move (the whole package is importable)."""
    tress = {"game": "tress", "options": {"players": 3}, "seats": ["human", "hard", "normal"], "seed": 3}
    started = page.evaluate(CALL, ["new_match", tress])
    assert started["view"]["game"] == "tress"
    page.evaluate(CALL, ["new_match", {"game": "take", "seats": ["hard", "easy"], "seed": 4}])
    step = page.evaluate(CALL, ["bot_step", {}])
    assert step["events"], step


def test_build_ships_a_gzip_snapshot_named_in_boot_json(dist_dir: Path) -> None:
    boot = json.loads((dist_dir / "boot.json").read_text())
    snapshot = dist_dir / boot["snapshot"]["url"]
    data = snapshot.read_bytes()
    assert len(data) == boot["snapshot"]["bytes"]
    assert data[:2] == b"\x1f\x8b"
    # Pyodide's snapshot header starts with its magic number; the memory behind it is megabytes.
    assert len(gzip.decompress(data)) > 10_000_000
    # Same folder as the lock and the wheel it was made from: one content-hashed, immutable bundle.
    assert snapshot.parent == (dist_dir / boot["lockFileURL"]).parent
    wheel = next(snapshot.parent.glob("rummytable-*.whl"))
    assert [dist_dir / f["url"] for f in boot["packageFiles"]] == [dist_dir / boot["lockFileURL"], wheel]


def test_page_starts_from_the_snapshot(session: BrowserSession) -> None:
    page = session.open()
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "snapshot"
    _plays(page)


def test_start_full_starts_python_from_scratch(session: BrowserSession) -> None:
    page = session.open("?start=full")
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "packages"
    _plays(page)


@pytest.mark.parametrize(
    "body",
    [b"\x1f\x8b" + bytes(range(256)) * 8, gzip.compress(b"not a snapshot" * 1000, mtime=0), b"\x00" * 4096],
    ids=["broken-gzip", "gzip-of-something-else", "not-gzip"],
)
def test_unusable_snapshot_falls_back_to_the_normal_start(browser: Any, site_url: str, body: bytes) -> None:
    context = browser.new_context()
    warnings: list[str] = []
    errors: list[str] = []
    try:
        context.route("**/engine-snapshot.bin", lambda route, _request: route.fulfill(
            body=body, content_type="application/octet-stream"))
        page = context.new_page()

        def watch(message: Any) -> None:
            (errors if message.type == "error" else warnings).append(message.text)

        page.on("worker", lambda worker: worker.on("console", watch))
        page.on("console", watch)
        page.goto(f"{site_url}?watchdog={WATCHDOG_MS}")  # a failed snapshot, then Python from scratch
        wait_ready(page, timeout_ms=120_000)
        assert page.get_attribute("html", "data-engine-start") == "packages"
        assert any(FALLBACK_WARNING in text for text in warnings), warnings
        assert not errors, errors
        _plays(page)
    finally:
        context.close()
