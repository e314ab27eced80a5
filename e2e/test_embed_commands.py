"""Embedding: every command the game refuses answers with an "error" event that names the reason."""

from __future__ import annotations

from typing import Any

from test_embed import EVENTS, _events, sites  # noqa: F401  (sites is a fixture)

TABLE = "document.querySelector('rummy-table')"
# A save in the right shape whose position the engine cannot open.
A_SAVE = ("{format: 1, savedAt: 0, about: {round: 2},"
          " save: {game: 'tress', position: '{}', seats: ['human', 'normal', 'normal'], seed: 3}}")

# (what is sent, the event's reason, a word its message must hold)
REFUSED = [
    ("newGame({game: 'tress', players: 3, options: {penalty_cards: 99}})", "bad_command", "penalty_cards"),
    ("newGame({game: 'take', players: 2, options: {target: Infinity}})", "bad_command", "finite"),
    ("newGame({game: 'tress', players: 3, options: {no_such_rule: true}})", "bad_command", "no_such_rule"),
    ("newGame({game: 'tress', players: 3, seed: 1e30})", "bad_command", "seed"),
    ("newGame({game: 'tress', players: 9})", "bad_command", "players"),
    ("restore('my saves')", "bad_command", "saves"),
    (f"restore({{tress: {A_SAVE}}})", "bad_save", "Tress"),
]


def test_refused_commands_answer_with_an_error_event(browser: Any, sites: tuple[str, str]) -> None:  # noqa: F811
    host, app = sites
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page = context.new_page()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    try:
        page.goto(f"{host}embed-demo.html?app={app}&speed=instant")
        page.wait_for_selector(f"{EVENTS} li[data-type=ready]", state="attached", timeout=90_000)
        frame = page.frame_locator("rummy-table >> iframe")
        for count, (command, reason, word) in enumerate(REFUSED, start=1):
            page.evaluate(f"{TABLE}.{command}")
            page.wait_for_selector(f"{EVENTS} li[data-type=error] >> nth={count - 1}", state="attached", timeout=30_000)
            event = _events(page, "error")[0]
            assert event["reason"] == reason, (command, event)
            assert word.lower() in event["message"].lower() + str(event.get("game", "")), (command, event)
        # The refused save is set aside with the app's own message too, and nothing is left to continue.
        frame.locator("[data-testid=save-problem]").wait_for()
        assert frame.locator("[data-testid=resume-tress]").count() == 0
        # After all that, a good command still starts a match.
        page.evaluate(f"{TABLE}.newGame({{game: 'tress', players: 3, watch: true}})")
        page.wait_for_selector(f"{EVENTS} li[data-type=match-start]", state="attached", timeout=30_000)
        assert len(_events(page, "error")) == len(REFUSED)
    finally:
        context.close()
    assert not errors, f"console errors: {errors}"
