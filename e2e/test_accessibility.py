"""Accessibility, measured with axe-core: no serious or critical WCAG 2 A/AA violation on any
screen or dialog a person meets, in every language.

axe-core is a pinned dev dependency (package.json); it is injected here by the test only, never
shipped in dist/ nor loaded by the page.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import BrowserSession, wait_frames, wait_ready
from save_driver import play_turns
from table_driver import (
    SAVED_DIALOG,
    SHEET,
    TABLE,
    _pick,
    ask_to_leave,
    hint,
    open_menu,
    pass_claim,
    perform,
    start_game,
    visible,
    wait_lay_down_dialog,
    wait_turn_or_window,
)

import build

AXE = build.NODE_MODULES / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""The standard WCAG 2 A and AA rules (2.0 and 2.1)."""
BLOCKING = ("serious", "critical")

# One finding is set aside, for card faces only: label-content-name-mismatch (WCAG 2.5.3, label in
# name) on a button that shows a card. The only "visible text" axe finds there is the rank index
# drawn twice inside the card's picture (an aria-hidden SVG; read as "55" or "1010"), which is no
# label: the button's name ("five of hearts") is what the card shows and what a person says. The
# rule still holds for every other control; a card button with text of its own outside the
# picture would still be reported.
CARD_FACE_RULE = "label-content-name-mismatch"

RUN = """async ([tags, cardFaceRule]) => {
    const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
    const cardFace = (node) => {
        const el = document.querySelector(node.target[0]);
        if (!el || !el.querySelector("svg.card-svg")) return false;
        const own = [...el.querySelectorAll("*")].filter((e) => !e.closest("svg"))
            .some((e) => [...e.childNodes].some((c) => c.nodeType === 3 && c.nodeValue.trim()));
        return !own && ![...el.childNodes].some((c) => c.nodeType === 3 && c.nodeValue.trim());
    };
    return result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        targets: v.nodes.filter((n) => !(v.id === cardFaceRule && cardFace(n))).map((n) => n.target.join(" ")),
    })).filter((v) => v.targets.length);
}"""


class Audit:
    """Runs axe on a page at each place the test reaches and gathers the blocking violations."""

    def __init__(self, page: Any, lang: str) -> None:
        self.page = page
        self.lang = lang
        self.found: list[str] = []
        self.places: list[str] = []

    def check(self, where: str) -> None:
        """Run axe on the whole document as it is now; note each serious or critical violation."""
        self.places.append(where)
        if not self.page.evaluate("typeof window.axe === 'object'"):
            self.page.add_script_tag(path=str(AXE))
        wait_frames(self.page)
        for v in self.page.evaluate(RUN, [WCAG_TAGS, CARD_FACE_RULE]):
            if v["impact"] in BLOCKING:
                self.found.append(f"{self.lang} / {where}: {v['id']} ({v['impact']}): {v['help']}\n"
                                  f"    at {', '.join(v['targets'])}")


def _select_language(page: Any, select: str, lang: str) -> None:
    page.select_option(select, lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")


def _leave(page: Any) -> None:
    ask_to_leave(page)
    page.click("[data-testid=leave-yes]")
    page.wait_for_selector("html[data-screen=start]", state="attached")


def _play_to_sheet(page: Any, audit: Audit, limit: int = 400) -> None:
    """Play the person's hints until a round's score sheet; on the way, audit the first
    lay-down choice dialog."""
    laid = False
    for _ in range(limit):
        state = wait_turn_or_window(page)
        if state in ("sheet", "final"):
            return
        if state == "claim":
            pass_claim(page)
            continue
        action = hint(page)
        if action["kind"] == "lay_down" and not laid:
            cards = [c for m in action["melds"] for c in m["cards"]] if "melds" in action else action["cards"]
            # Nothing selected: the whole hand's arrangements, so that there is a choice to show.
            if visible(page, "[data-testid=clear-selection]"):
                page.click("[data-testid=clear-selection]")
            page.click("[data-testid=lay-down]")
            if wait_lay_down_dialog(page, cards):
                audit.check("lay-down dialog")
                _pick(page, "lay-down-dialog", action)
                page.click("dialog[data-testid=lay-down-dialog] [data-testid=lay-down-confirm]")
                laid = True
            continue
        perform(page, action)
    raise AssertionError(f"no score sheet after {limit} moves")


STATS = {"tress.normal": {"played": 4, "won": 1, "best": 87, "total": 452},
         "take.normal": {"played": 2, "won": 2, "best": 145, "total": 243}}


@pytest.mark.parametrize("lang", ["en", "nb", "uk"])
def test_no_serious_accessibility_violations(session: BrowserSession, lang: str) -> None:
    page = session.open("?speed=instant&seed=7", bypass_csp=True)
    audit = Audit(page, lang)
    page.wait_for_selector("[data-testid=play]")
    _select_language(page, "[data-testid=language]", lang)
    wait_ready(page)
    page.wait_for_selector("[data-testid=opt-tress-wrap_runs]", state="attached")
    audit.check("start screen")
    page.click("[data-testid=house-rules] summary")
    audit.check("start screen, house rules open")
    page.click("[data-testid=house-rules] summary")

    page.evaluate("data => localStorage.setItem('rummytable.stats', data)", json.dumps(STATS))
    page.click("[data-testid=stats-button]")
    page.wait_for_selector("[data-testid=stats-table]")
    audit.check("statistics")
    page.click("[data-testid=close-stats]")

    page.click("[data-testid=start-rules]")
    page.wait_for_selector("dialog[data-testid=rules]")
    audit.check("rules (start screen)")
    page.click("[data-testid=close-rules]")

    start_game(page, "tress", players=4)
    _select_language(page, "[data-testid=table-language]", lang)
    play_turns(page, 2)
    audit.check("tress table")
    page.click("[data-testid=scores-button]")
    page.wait_for_selector("dialog[data-testid=scores-dialog]")
    audit.check("scores mid-match")
    page.click("[data-testid=close-scores]")
    page.click("[data-testid=rules-button]")
    page.wait_for_selector("dialog[data-testid=rules]")
    audit.check("rules (table)")
    page.click("[data-testid=close-rules]")
    open_menu(page)
    audit.check("menu")
    page.click("dialog[data-testid=menu] [data-testid=leave]")
    page.wait_for_selector("dialog[data-testid=leave-dialog]")
    audit.check("leave dialog")
    page.click("[data-testid=leave-yes]")
    page.wait_for_selector("html[data-screen=start]", state="attached")

    page.click("[data-testid=play]")
    page.wait_for_selector(SAVED_DIALOG)
    audit.check("saved match: continue or new")
    page.click(f"{SAVED_DIALOG} [data-testid=saved-game-dialog-cancel]")
    page.wait_for_selector(SAVED_DIALOG, state="detached")

    start_game(page, "take", players=2)
    page.wait_for_selector(TABLE)
    play_turns(page, 2)
    audit.check("take table")
    _play_to_sheet(page, audit)
    if "lay-down dialog" not in audit.places:
        # The person laid nothing down this round: ask for the whole hand's arrangements at the next turn.
        page.click("[data-testid=next-round]")
        page.wait_for_selector(SHEET, state="detached")
        _play_to_sheet(page, audit)
    page.wait_for_selector(SHEET)
    audit.check("score sheet after a round")

    assert "lay-down dialog" in audit.places, "no lay-down choice came up in two rounds"
    assert not audit.found, "axe found serious or critical violations:\n" + "\n".join(audit.found)
