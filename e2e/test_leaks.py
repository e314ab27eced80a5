"""Twenty matches in a row leave nothing behind: no listeners, no DOM nodes of old tables.

Listeners on things that are not part of the page's tree (the window, media queries, workers,
channels) are counted by wrapping addEventListener/removeEventListener before the page loads;
DOM nodes and all JS listeners by Chromium's own counters after a garbage collection.
"""

from __future__ import annotations

from typing import Any

from harness import BrowserSession, wait_ready
from table_driver import ask_to_leave, press_play, wait_turn_or_window

COUNT_LISTENERS = """(() => {
  const live = new Map();  // target -> Set of "type|capture" + the function
  const key = (type, options) => `${type}|${typeof options === "boolean" ? options : Boolean(options?.capture)}`;
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, options) {
    if (fn && !(this instanceof Node)) {
      if (!live.has(this)) live.set(this, new Map());
      const byKey = live.get(this);
      if (!byKey.has(key(type, options))) byKey.set(key(type, options), new Set());
      if (!options?.once) byKey.get(key(type, options)).add(fn);
    }
    return add.call(this, type, fn, options);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, options) {
    live.get(this)?.get(key(type, options))?.delete(fn);
    return remove.call(this, type, fn, options);
  };
  window.__liveListeners = () => {
    let count = 0;
    for (const byKey of live.values()) for (const fns of byKey.values()) count += fns.size;
    return count;
  };
})();"""

MATCHES = 20
WARM_UP = 2


def _one_match(page: Any) -> None:
    # Locators, not wait_for_selector: the element handle that returns would keep its node alive.
    press_play(page)  # from the second match on, a new match in place of the one saved
    wait_turn_or_window(page)
    ask_to_leave(page)
    page.click("[data-testid=leave-yes]")
    page.locator("[data-testid=resume-tress]").wait_for()


def test_twenty_matches_leave_no_listeners_or_nodes_behind(session: BrowserSession) -> None:
    context = session.new_context(init_script=COUNT_LISTENERS)
    page = session.open_in(context, "?speed=instant&seed=81")
    wait_ready(page)
    cdp = context.new_cdp_session(page)

    def counts() -> dict[str, int]:
        cdp.send("HeapProfiler.collectGarbage")
        dom = cdp.send("Memory.getDOMCounters")
        return {"nodes": dom["nodes"], "js_listeners": dom["jsEventListeners"],
                "outside_listeners": page.evaluate("window.__liveListeners()")}

    for _ in range(WARM_UP):  # the table's code and the first caches are loaded once
        _one_match(page)
    before = counts()
    for _ in range(MATCHES - WARM_UP):
        _one_match(page)
    after = counts()
    print(f"after {WARM_UP} matches: {before}; after {MATCHES}: {after}")
    assert after["outside_listeners"] == before["outside_listeners"], (before, after)
    assert after["js_listeners"] <= before["js_listeners"], (before, after)
    # A few nodes of slack for what differs between two tables; a leak was ~147 per match.
    assert after["nodes"] - before["nodes"] <= 60, (before, after)
