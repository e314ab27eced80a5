"""Embedding: the demo page on one site holds the app served from another, and hears its events.

The host page is served as http://localhost:<port2>/ and the app as http://127.0.0.1:<port1>/: two
different sites, so the browser treats the app as a third-party iframe (no service worker, and
storage may be denied), as on a real site that embeds it.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import build

EVENTS = "[data-testid=events]"


@contextlib.contextmanager
def _serve(root: Path, csp: str = build.CSP) -> Iterator[tuple[Any, int]]:
    server = build.make_server(root, 0, csp=csp)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server, server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def sites(dist_dir: Path) -> Iterator[tuple[str, str]]:
    """(host page URL, app URL) on two sites; the host's policy lets it frame the app."""
    with _serve(dist_dir) as (_, app_port):
        app = f"http://127.0.0.1:{app_port}/"
        host_csp = build.CSP + f"; frame-src 'self' http://127.0.0.1:{app_port}"
        with _serve(dist_dir, host_csp) as (_, host_port):
            yield f"http://localhost:{host_port}/", app


def _events(page: Any, kind: str) -> list[dict[str, Any]]:
    raw = page.eval_on_selector_all(f"{EVENTS} li[data-type='{kind}']", "items => items.map(i => i.dataset.detail)")
    return [json.loads(item) for item in raw]


def test_embedded_app_reports_events_to_a_page_on_another_site(browser: Any, sites: tuple[str, str]) -> None:
    host, app = sites
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    foreign: list[str] = []
    allowed = (host.rstrip("/"), app.rstrip("/"))
    context.on("request", lambda request: None if request.url.startswith(allowed) else foreign.append(request.url))
    page = context.new_page()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    try:
        page.goto(f"{host}embed-demo.html?app={app}&speed=instant")
        page.wait_for_selector(f"{EVENTS} li[data-type=ready]", state="attached", timeout=120_000)
        ready = _events(page, "ready")[0]
        assert ready["version"]
        frame = page.frame_locator("rummy-table >> iframe")
        assert frame.locator("html").get_attribute("data-embed") == "true"
        # The address's set-up is on the start screen inside.
        frame.locator("[data-testid=game-take]:checked").wait_for(state="attached")

        # Malformed commands are refused (an error event), never a crash.
        page.evaluate("document.querySelector('rummy-table').newGame({game: 'chess'})")
        page.wait_for_selector(f"{EVENTS} li[data-type=error]", state="attached", timeout=60_000)
        assert "game" in _events(page, "error")[0]["message"]

        # A short Take match with only computer players: a round ends soon.
        page.click("[data-testid=demo-watch-take]")
        page.wait_for_selector(f"{EVENTS} li[data-type=match-start]", state="attached", timeout=60_000)
        page.wait_for_selector(f"{EVENTS} li[data-type=round-over]", state="attached", timeout=300_000)
        round_over = _events(page, "round-over")[0]
        assert round_over["game"] == "take"
        assert len(round_over["scores"]) == 2
        print(f"embedded: persistent storage inside the iframe = {ready['persistent']}")
    finally:
        context.close()
    assert not foreign, f"requests left the two sites: {foreign}"
    assert not errors, f"console errors: {errors}"
