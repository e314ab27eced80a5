"""Card sounds (web/table/sound.js): made in the page with Web Audio, only after a gesture, only
when the sound setting is on, and a page without Web Audio plays on in silence."""

from __future__ import annotations

from harness import BrowserSession, wait_ready
from table_driver import hint, perform, start_game, wait_turn_or_window

# Counts the AudioContexts made and the tones started in them, before the page's own code runs.
COUNT_SOUNDS = """
window.__audio = { contexts: 0, tones: 0 };
if (window.AudioContext) {
  const Original = window.AudioContext;
  window.AudioContext = class extends Original {
    constructor(...args) { super(...args); window.__audio.contexts += 1; }
    createOscillator() { window.__audio.tones += 1; return super.createOscillator(); }
  };
}
"""
NO_AUDIO = "delete window.AudioContext; delete window.webkitAudioContext;"


def _play_moves(session: BrowserSession, init_script: str, *, sound: bool) -> dict[str, int]:
    context = session.new_context(init_script=init_script)
    page = session.open_in(context, "?speed=instant&seed=3")
    wait_ready(page)
    counts: dict[str, int] = page.evaluate("window.__audio ?? {}")
    assert counts.get("contexts", 0) == 0, "an AudioContext was made before any gesture"
    if not sound:
        page.uncheck("[data-testid=sound]")
    start_game(page, "take", players=2)
    for _ in range(4):  # draws, discards and the computer's answers; the person's turn coming back
        assert wait_turn_or_window(page) == "turn"
        perform(page, hint(page))
    assert wait_turn_or_window(page) == "turn"
    result: dict[str, int] = page.evaluate("window.__audio ?? {}")
    return result


def test_moves_make_sounds_with_the_setting_on(session: BrowserSession) -> None:
    counts = _play_moves(session, COUNT_SOUNDS, sound=True)
    assert counts["contexts"] == 1, counts
    assert counts["tones"] >= 4, counts


def test_no_sounds_with_the_setting_off(session: BrowserSession) -> None:
    counts = _play_moves(session, COUNT_SOUNDS, sound=False)
    assert counts["tones"] == 0, counts


def test_a_page_without_web_audio_plays_on(session: BrowserSession) -> None:
    # No AudioContext at all: the moves go on and nothing is thrown (the session fails on page errors).
    _play_moves(session, NO_AUDIO + COUNT_SOUNDS, sound=True)
    assert not [error for error in session.console_errors if "Audio" in error]
