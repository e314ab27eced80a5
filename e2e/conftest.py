"""Fixtures for tests of the built site: dist/ served on 127.0.0.1 and driven in Debian Chromium.

The server is build.py's own (same MIME types, caching and Content-Security-Policy as
`python build.py serve`). Every page opened through :class:`harness.BrowserSession` fails its test
on a console error or on any request to another origin (such requests are aborted and recorded).

Under `python build.py test` (RUMMYTABLE_STRICT=1) a missing build, Chromium or Node is a
failure; when pytest is run by hand it is a skip with the reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import BrowserSession, missing

import build


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """The built site; requires `python build.py` to have run."""
    if not (build.DIST / "boot.json").is_file():
        missing("dist/ is not built: run `python build.py` first")
    return build.DIST


@pytest.fixture(scope="session")
def site_url(dist_dir: Path) -> Iterator[str]:
    """Base URL (ending in '/') of dist/ served with the production headers."""
    with build.serving(dist_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium, launched once per test session."""
    if not build.CHROMIUM.exists():
        missing(f"Chromium is not installed at {build.CHROMIUM}: "
                "run `python build.py test` or apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright is not installed: run the tests with `python build.py test`")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=list(build.CHROMIUM_ARGS))
        yield chromium
        chromium.close()


@pytest.fixture
def session(browser: Any, site_url: str) -> Iterator[BrowserSession]:
    """A :class:`BrowserSession`; the test fails on console errors or requests to other origins."""
    watcher = BrowserSession(browser, site_url)
    yield watcher
    watcher.close()
    assert not watcher.foreign_requests, f"requests left the origin: {watcher.foreign_requests}"
    if not watcher.allow_console_errors:
        assert not watcher.console_errors, f"console errors: {watcher.console_errors}"
