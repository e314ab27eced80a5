"""The page shell in Chromium: start-up, the worker protocol, headers, the watchdog, screenshots."""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import ARTIFACTS, ERROR, BrowserSession, wait_ready

import build
from rummytable import __version__

CALL = "([method, params]) => window.rummyTable.engine.call(method, params).catch(e => ({error: [e.type, e.message]}))"


def test_page_reaches_ready_and_shows_version(session: BrowserSession) -> None:
    page = session.open()
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-version") == __version__
    info = page.text_content("#engine-info") or ""
    assert __version__ in info
    assert "emscripten" in info
    assert page.is_visible("#ready")
    assert not page.is_visible("#loading")


def test_worker_round_trip(session: BrowserSession) -> None:
    page = session.open()
    wait_ready(page)
    result = page.evaluate(CALL, ["version", {}])
    assert result["version"] == __version__
    assert result["python"].startswith("CPython 3.")
    assert page.evaluate(CALL, ["no_such_method", {}])["error"][0] == "unknown_method"
    assert page.evaluate(CALL, ["version", {"x": 1}])["error"][0] == "bad_params"


def test_csp_header_on_page_and_worker(session: BrowserSession) -> None:
    page = session.open()
    responses: dict[str, Any] = {}
    page.context.on("response", lambda r: responses.setdefault(r.url.split("?")[0].rsplit("/", 1)[-1], r))
    page.reload()
    wait_ready(page)
    for name in ("", "worker.js", "app.js", "pyodide.asm.wasm"):
        assert name in responses, f"no response seen for {name!r}"
        headers = responses[name].all_headers()
        assert headers["content-security-policy"] == build.CSP, name
    assert responses["worker.js"].all_headers()["content-type"].startswith("text/javascript")
    assert responses["pyodide.asm.wasm"].all_headers()["content-type"] == "application/wasm"


@pytest.mark.parametrize("watchdog_ms", [3000])
def test_watchdog_reports_blocked_webassembly(browser: Any, dist_dir: Any, watchdog_ms: int) -> None:
    # Without 'wasm-unsafe-eval' Pyodide never settles; the page must give up and say why.
    strict_csp = build.CSP.replace(" 'wasm-unsafe-eval'", "")
    with build.serving(dist_dir, csp=strict_csp) as url:
        watcher = BrowserSession(browser, url)
        watcher.allow_console_errors = True  # the browser itself reports the blocked compile
        try:
            page = watcher.open(f"?watchdog={watchdog_ms}")
            page.wait_for_selector(ERROR, state="attached", timeout=watchdog_ms + 60_000)
            assert page.is_visible("#load-error")
            assert "did not start" in (page.text_content("#load-error-reason") or "")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "error-1280x800.png"))
            page.click("#retry")
            assert page.get_attribute("html", "data-engine") in ("loading", "error")
            page.wait_for_selector(ERROR, state="attached", timeout=watchdog_ms + 60_000)
            assert not watcher.foreign_requests
        finally:
            watcher.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 667)])
def test_screenshots(session: BrowserSession, width: int, height: int) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = session.open(width=width, height=height)
    page.wait_for_selector("#load-status", state="visible")
    page.screenshot(path=str(ARTIFACTS / f"loading-{width}x{height}.png"))
    wait_ready(page)
    page.screenshot(path=str(ARTIFACTS / f"ready-{width}x{height}.png"))
    # Nothing may overflow sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_boot_config_names_same_origin_files(dist_dir: Any) -> None:
    boot = json.loads((dist_dir / "boot.json").read_text())
    lock = json.loads((dist_dir / boot["lockFileURL"]).read_text())
    for package in lock["packages"].values():
        assert "/" not in package["file_name"]
        assert (dist_dir / boot["lockFileURL"]).parent.joinpath(package["file_name"]).is_file()
    for item in boot["prefetch"]:
        assert (dist_dir / item["url"]).stat().st_size == item["bytes"]
