"""Offline play and updates through the service worker (web/sw.js, web/storage/offline.js).

These tests make their own browser contexts and servers: the shared session routes every request
to watch for other origins, and routing turns Chromium's HTTP cache off, which would hide the very
thing measured here (the service worker filling its cache from what the page already downloaded).
The server (e2e/sites.py) counts the bytes it sends, per path.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from harness import DEFAULT_TIMEOUT_MS, READY
from sites import counting_site
from table_driver import TABLE, hint, pass_claim, perform, start_game, wait_turn_or_window

import build

OFFLINE_READY = "html[data-offline=ready]"
READY_MARK = "performance.getEntriesByName('rummytable:engine-ready')[0].startTime"


@contextlib.contextmanager
def watched_context(browser: Any, profile: Path) -> Iterator[tuple[Any, list[str]]]:
    """A new visitor: an empty on-disk profile (service workers allowed, and the disk HTTP cache a real
    browser has: an in-memory context keeps no file over about a megabyte), with its console errors."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=str(build.CHROMIUM), args=list(build.CHROMIUM_ARGS), headless=True,
        viewport={"width": 1280, "height": 800})
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    errors: list[str] = []

    def watch(page: Any) -> None:
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))

    context.on("page", watch)
    for page in context.pages:
        watch(page)
    try:
        yield context, errors
    finally:
        context.close()


def _page(context: Any) -> Any:
    """The profile's first tab (a persistent context opens with one)."""
    return context.pages[0] if context.pages else context.new_page()


def _play_a_turn(page: Any) -> None:
    """Make one move as the person (the Hint button's suggestion), passing on "take it" windows."""
    for _ in range(20):
        state = wait_turn_or_window(page)
        if state == "claim":
            pass_claim(page)
            continue
        assert state == "turn", state
        perform(page, hint(page))
        return
    raise AssertionError("the person never got a turn")


def test_first_visit_downloads_once_then_plays_offline(browser: Any, dist_dir: Path, tmp_path: Path) -> None:
    with counting_site(tmp_path, dist_dir) as site, watched_context(browser, tmp_path / "profile") as (context, errors):
        page = _page(context)
        started = time.monotonic()
        page.goto(site.url + "?speed=instant&seed=3")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.wait_for_selector(OFFLINE_READY, state="attached", timeout=120_000)
        cached = time.monotonic() - started

        # Every file's body crossed the network once: the service worker took its copy from the
        # HTTP cache (304s for the revalidated shell files, nothing at all for the immutable ones).
        bodies = site.bodies()
        twice = {path: sizes for path, sizes in bodies.items() if len(sizes) > 1}
        assert not twice, f"downloaded more than once: {twice}"
        total = sum(sum(sizes) for sizes in bodies.values())
        dist_total = sum(path.stat().st_size for path in dist_dir.rglob("*") if path.is_file() and path.suffix != ".gz")
        assert total < dist_total * 1.02, (total, dist_total)
        files = page.evaluate("""async () => {
            const cache = await caches.open((await caches.keys())[0]);
            return (await cache.keys()).length;
        }""")
        manifest = json.loads((dist_dir / "sw-manifest.json").read_text())
        # Every file of the build, the manifest, and the start-up snapshot the page made.
        assert files == len(manifest["files"]) + 1 + len(manifest["made"])
        print(f"\nfirst visit: {total} bytes in {sum(len(s) for s in bodies.values())} full responses "
              f"(dist/ holds {dist_total}); offline copy complete after {cached:.1f} s")

        # No network at all from here on.
        site.stop()
        context.set_offline(True)
        samples = []
        for _ in range(5):
            page.reload()
            page.wait_for_selector(READY, state="attached", timeout=60_000)
            samples.append(float(page.evaluate(READY_MARK)))
        runs = [round(s) for s in samples]
        print(f"offline start to engine ready: median {statistics.median(samples):.0f} ms, runs {runs}")

        start_game(page, "take", players=2)
        _play_a_turn(page)
        assert page.locator("[data-testid=log] li").count() > 0
    assert not errors, f"console errors: {errors}"


def _two_builds(dist_dir: Path, tmp_path: Path) -> tuple[Path, Path, str, str]:
    """Copies of dist/ as build A and a build B that differs in one file (style.css)."""
    old, new = tmp_path / "build-a", tmp_path / "build-b"
    shutil.copytree(dist_dir, old)
    shutil.copytree(dist_dir, new)
    with (new / "style.css").open("a", encoding="utf-8") as handle:
        handle.write("\n/* build B */\n")
    build_a = json.loads((old / "sw-manifest.json").read_text())["build"]
    build_b = build.write_offline_files(new)
    assert build_a != build_b
    return old, new, build_a, build_b


def _style(page: Any) -> str:
    return str(page.evaluate("fetch('style.css').then(r => r.text())"))


def test_update_keeps_the_open_game_and_the_next_start_runs_the_new_build(
        browser: Any, dist_dir: Path, tmp_path: Path) -> None:
    old, new, build_a, build_b = _two_builds(dist_dir, tmp_path)
    with counting_site(tmp_path, old) as site, watched_context(browser, tmp_path / "profile") as (context, errors):
        page = _page(context)
        page.goto(site.url + "?speed=instant&seed=5")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.wait_for_selector(OFFLINE_READY, state="attached", timeout=120_000)
        assert page.get_attribute("html", "data-build") == build_a
        start_game(page, "take", players=2)
        _play_a_turn(page)

        # The site is replaced by build B while the game is open.
        site.point_to(new)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("html[data-update=ready]", state="attached", timeout=60_000)
        # The open page stays on build A, whole: its files still come from A's cache.
        assert "build B" not in _style(page)
        _play_a_turn(page)
        assert page.locator(TABLE).count() == 1
        assert sorted(page.evaluate("caches.keys()")) == sorted([f"rummytable-{build_a}", f"rummytable-{build_b}"])
        page.close()

        # The next start runs build B and says so. Chromium may hold the switch back while it is
        # still tearing the closed page down; the page then says an update is ready, and a later
        # start switches. Either way the pages never mix the two builds.
        for start in range(3):
            page = context.new_page()
            page.goto(site.url + "?speed=instant&seed=5")
            try:
                page.wait_for_selector(f"html[data-build='{build_b}']", state="attached", timeout=60_000)
                break
            except Exception as error:
                state = page.evaluate("({...document.documentElement.dataset})")
                assert state.get("update") == "ready" and state.get("build") == build_a, state
                if start == 2:
                    raise AssertionError(f"build B did not start in three starts: {state}") from error
                page.close()
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        assert "build B" in _style(page)
        page.wait_for_selector("[data-testid=updated]")
        assert page.evaluate("caches.keys()") == [f"rummytable-{build_b}"]
        start_game(page, "take", players=2)
        _play_a_turn(page)
        # B's install copied the unchanged files from A's cache: only style.css came over the network again.
        again = [path for path, sizes in site.bodies().items()
                 if path.startswith(("/pyodide/", "/packages/")) and len(sizes) > 1]
        assert not again, again
    assert not errors, f"console errors: {errors}"
