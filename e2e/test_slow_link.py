"""A slow connection is not a failure: the page waits for as long as bytes keep arriving, shows how far
the download is and about how long it still takes, fails only when the download stalls (and says so),
and "Try again" goes on from what had arrived; the visit still gets its offline copy.

The link is played by the test's own server (e2e/sites.py): full speed for the first part of the
engine's largest file, then a trickle or a stop. Time in the page runs on Playwright's clock, pushed
forward in steps, so the test proves in seconds that minutes of downloading do not count against the
start-up limits, whatever the speed of the machine.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import ERROR, READY
from sites import CountingSite, Link, counting_site

WASM = "pyodide.asm.wasm"
BAR = "#load-bar"
STEP_MS = 5_000  # each push of the page's clock: well inside the 20 s a download may go without a byte
ESTIMATES = {
    "en": re.compile(r"\d+\.\d of \d+\.\d MB, about \d+ (s|min) to go"),
    "nb": re.compile(r"\d+,\d av \d+,\d MB, omtrent \d+ (s|min) igjen"),
    "uk": re.compile(r"\d+,\d з \d+,\d МБ, залишилося близько \d+ (с|хв)"),  # noqa: RUF001 (Ukrainian letters)
}


@contextlib.contextmanager
def visitor(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A private window with the page's clock under the test's control, and its console errors."""
    context = browser.new_context()
    context.clock.install()
    errors: list[str] = []
    context.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    try:
        yield context, errors
    finally:
        context.close()


def _next_report(page: Any) -> None:
    """Wait for the worker's next download report (the byte count on the bar changes)."""
    loaded = page.get_attribute(BAR, "data-loaded") or ""
    page.wait_for_selector(f"{BAR}[data-stage=download]:not([data-loaded='{loaded}'])", state="attached")


ESTIMATE_JS = """(pattern) => new RegExp(pattern).test(document.querySelector("#load-status")?.textContent ?? "")"""


def _wait_estimate(page: Any) -> None:
    """Wait, report by report, until the loading line gives the English time-left estimate.

    Counted in reports, not time: the page's own polling timers run on the test's clock.
    """
    for _ in range(40):
        _next_report(page)
        if page.evaluate(ESTIMATE_JS, ESTIMATES["en"].pattern):
            return
    raise AssertionError("no estimate")


KEPT_JS = """async (paths) => {
    for (const path of paths) if (!(await caches.match(new URL(path, location.href).href))) return false;
    return true;
}"""


def _wait_kept(page: Any, paths: list[str]) -> None:
    """Wait until the worker has kept every one of ``paths`` in Cache Storage (a condition, polled)."""
    for _ in range(1200):
        if page.evaluate(KEPT_JS, paths):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the worker never kept {paths}")


def _wasm_bodies(site: CountingSite) -> list[int]:
    return [size for path, status, size in site.log if path.endswith(WASM) and status == 200]


def test_a_slow_download_is_waited_for_with_progress_and_an_estimate(
        browser: Any, dist_dir: Path, tmp_path: Path) -> None:
    link = Link()
    link.slow_down(WASM, after_bytes=400_000, rate=64_000)
    with counting_site(tmp_path, dist_dir, link) as site, visitor(browser) as (context, errors):
        page = context.new_page()
        page.goto(site.url)
        page.wait_for_selector("[data-testid=language]")
        # The speed is known once reports span a second of downloading; files that finish at
        # full speed report at once, so how many reports that takes depends on the machine.
        _wait_estimate(page)
        # 60 s of the page's time, longer than the start-up watchdog (30 s) and three times the
        # stall limit, while the bytes crawl in: the page keeps waiting and says how long it takes.
        for lang in ("en", "nb", "uk") * 4:
            page.select_option("[data-testid=language]", lang)
            _next_report(page)
            status = page.text_content("#load-status") or ""
            assert ESTIMATES[lang].search(status), (lang, status)
            context.clock.run_for(STEP_MS)
        assert page.get_attribute("html", "data-engine") == "loading"
        assert page.is_hidden("#load-error")
        link.release()
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        assert page.get_attribute("html", "data-engine-start") == "fresh"
        assert len(_wasm_bodies(site)) == 1
    assert not errors, errors


def test_a_stalled_download_fails_with_its_cause_and_trying_again_goes_on_from_what_arrived(
        browser: Any, dist_dir: Path, tmp_path: Path) -> None:
    boot = json.loads((dist_dir / "boot.json").read_text())
    others = [f"/{entry['url']}" for name, entry in boot["files"].items() if name != "wasm"]
    link = Link()
    link.hold(WASM, after_bytes=400_000)
    with counting_site(tmp_path, dist_dir, link) as site, visitor(browser) as (context, errors):
        page = context.new_page()
        page.goto(site.url)
        assert link.holding.wait(60)
        # Everything else has arrived and been kept by the worker; then nothing more comes.
        _wait_kept(page, others)
        context.clock.run_for(21_000)
        page.wait_for_selector(ERROR, state="attached", timeout=30_000)
        assert page.get_attribute("#load-error", "data-reason") == "download_stalled"
        assert "Nothing has arrived for 20 s" in (page.text_content("#load-error-reason") or "")
        sent = site.bodies()

        link.release()
        page.click("#retry")
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=90_000)
        # Only the file that broke off came again; the offline copy took everything from the page.
        again = site.bodies()
        assert len(again[f"/{boot['files']['wasm']['url']}"]) == 2
        for path in others:
            if path.endswith(".zip"):
                assert again[path] == sent[path] and len(sent[path]) == 1, path
    assert not [text for text in errors if "Failed to load resource" not in text], errors


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
def test_stall_message_is_in_the_persons_language(browser: Any, dist_dir: Path, tmp_path: Path, lang: str) -> None:
    link = Link()
    link.hold(WASM, after_bytes=0)
    with counting_site(tmp_path, dist_dir, link) as site, visitor(browser) as (context, _errors):
        context.add_init_script(f"try {{ localStorage.setItem('rummytable.language', '{lang}'); }} catch {{}}")
        page = context.new_page()
        page.goto(site.url)
        assert link.holding.wait(60)
        context.clock.run_for(60_000)
        page.wait_for_selector(ERROR, state="attached", timeout=30_000)
        reason = page.text_content("#load-error-reason") or ""
        words = {"en": "Nothing has arrived", "nb": "Ingenting har kommet fram", "uk": "нічого не надходить"}
        assert words[lang] in reason, reason
