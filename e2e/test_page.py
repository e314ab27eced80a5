"""The page shell in Chromium: start-up, the worker protocol, headers, the start-up limits, screenshots."""

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
    # The versions are in the start screen's About line, not in the footer.
    page.click("[data-testid=about-button]")
    info = page.text_content("#engine-info") or ""
    assert __version__ in info
    assert "emscripten" in info
    assert f"Pyodide {build.pyodide_version()}" in info
    assert page.is_visible("#engine-info")
    assert __version__ not in (page.text_content("#engine-footer") or "")
    assert not page.is_visible("#loading")


def test_worker_round_trip(session: BrowserSession) -> None:
    page = session.open()
    wait_ready(page)
    result = page.evaluate(CALL, ["version", {}])
    assert result["version"] == __version__
    assert result["python"].startswith("CPython 3.")
    assert page.evaluate(CALL, ["no_such_method", {}])["error"][0] == "unknown_method"
    assert page.evaluate(CALL, ["version", {"x": 1}])["error"][0] == "bad_params"


def test_csp_header_on_page_and_worker(browser: Any, site_url: str) -> None:
    # A first visit: later ones take the engine's files from Cache Storage, not from the server.
    context = browser.new_context()
    try:
        responses: dict[str, Any] = {}
        context.on("response", lambda r: responses.setdefault(r.url.rsplit("/", 1)[-1], r))
        page = context.new_page()
        page.goto(site_url)
        wait_ready(page)
        for name in ("", "worker.js", "app.js", "pyodide.asm.wasm"):
            assert name in responses, f"no response seen for {name!r}"
            headers = responses[name].all_headers()
            assert headers["content-security-policy"] == build.CSP, name
        assert responses["worker.js"].all_headers()["content-type"].startswith("text/javascript")
        assert responses["pyodide.asm.wasm"].all_headers()["content-type"] == "application/wasm"
    finally:
        context.close()


def test_blocked_webassembly_is_named_as_the_cause(browser: Any, dist_dir: Any) -> None:
    # Without 'wasm-unsafe-eval' Pyodide never settles; the worker finds out before it starts and says why.
    strict_csp = build.CSP.replace(" 'wasm-unsafe-eval'", "")
    with build.serving(dist_dir, csp=strict_csp) as url:
        watcher = BrowserSession(browser, url)
        watcher.allow_console_errors = True  # the browser itself reports the blocked compile
        try:
            page = watcher.open()
            page.wait_for_selector(ERROR, state="attached", timeout=90_000)
            assert page.is_visible("#load-error")
            assert page.get_attribute("#load-error", "data-reason") == "no_wasm"
            assert "does not allow WebAssembly" in (page.text_content("#load-error-reason") or "")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "error-1280x800.png"))
            page.click("#retry")
            assert page.get_attribute("html", "data-engine") in ("loading", "error")
            page.wait_for_selector(ERROR, state="attached", timeout=90_000)
            assert not watcher.foreign_requests
        finally:
            watcher.close()


def test_watchdog_counts_the_start_not_the_download(browser: Any, site_url: str) -> None:
    # Python's start hangs (its loader never arrives): once the files are in, the start-up limit
    # runs, and the page gives up with that reason.
    context = browser.new_context()
    context.clock.install()
    try:
        context.route("**/pyodide.mjs", lambda route: None)  # never answered
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("#load-bar[data-stage=start]", state="attached", timeout=60_000)
        assert page.get_attribute("html", "data-engine") == "loading"
        context.clock.run_for(31_000)
        page.wait_for_selector(ERROR, state="attached", timeout=30_000)
        assert page.get_attribute("#load-error", "data-reason") == "start_timeout"
        assert "did not start within 30 s" in (page.text_content("#load-error-reason") or "")
    finally:
        context.close()


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
    for item in boot["files"].values():
        assert "//" not in item["url"] and not item["url"].startswith("/")
        assert (dist_dir / item["url"]).stat().st_size == item["bytes"]
    # Pyodide's own lock (and with it any package from elsewhere) is not used: the lock lists nothing.
    assert boot["lock"]["packages"] == {}
    pyodide_lock = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert boot["lock"]["info"] == pyodide_lock["info"]
