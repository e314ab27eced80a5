"""The start screen knows the games before the engine has started: the build writes the engine's
catalog into the page (build.py, engine_catalog), so the player counts with the engine's defaults and
every house rule show while the engine's WebAssembly is still on its way (held by the test's server,
e2e/sites.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sites import Link, counting_site

import build

WASM = "pyodide.asm.wasm"


def test_house_rules_and_defaults_show_before_the_engine_starts(browser: Any, dist_dir: Path, tmp_path: Path) -> None:
    catalog = build.engine_catalog()["games"]
    link = Link()
    link.hold(WASM, after_bytes=0)
    with counting_site(tmp_path, dist_dir, link) as site:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(site.url)
            assert link.holding.wait(60), "the engine's download never began"
            for game in ("tress", "take"):
                page.click(f"[data-testid=game-{game}]")
                page.click("[data-testid=house-rules] summary")
                info = catalog[game]
                shown = page.eval_on_selector_all("[data-testid^=players-]", "els => els.map((el) => Number(el.value))")
                assert shown == list(range(info["players"]["min"], info["players"]["max"] + 1))
                default = info["players"]["default"]
                assert page.is_checked(f"[data-testid=players-{default}]"), "not the engine's default"
                for item in info["options"]:
                    if item["name"] != "players":
                        assert page.locator(f"[data-testid=opt-{game}-{item['name']}]").count() == 1, item["name"]
                assert page.locator("[data-testid=house-rules] .muted").count() == 0, "still waiting for the engine"
                levels = page.eval_on_selector_all("[data-testid=level-all] option", "els => els.map((el) => el.value)")
                assert levels == info["levels"]
            # All of it while the engine had not started: its WebAssembly was still held back.
            assert page.get_attribute("html", "data-engine") == "loading"
            assert not [path for path in site.sent if path.endswith(WASM)]
        finally:
            link.release()
            context.close()
