"""Golden transcripts: for each game, one seeded match per level whose public log is kept in a file.

Each of :data:`GOLDEN` is a whole match with every seat at one level; its file
``<game>-<level>.json`` holds the match (game, seed, options, seats), its final
totals and winners, and its public log (``game.public_log``, one event per line).
Playing the same match again must give the same log: a change of play shows up as
the first event that differs (:func:`first_difference`).

When a change of play is intended, regenerate every file with one command (from the
repository's root; :data:`REGENERATE`)::

    PYTHONPATH=py python3 -m rummytable simulate --golden tests/golden --write

Bots play without the safety clock (``safety_ms=float("inf")``, see
:meth:`~rummytable.tools.match_specs.MatchSpec.bots`), so the log never depends on the
machine's speed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rummytable.game import Phase
from rummytable.tools.autoplay import bot_steps
from rummytable.tools.match_specs import MatchSpec

REGENERATE = "PYTHONPATH=py python3 -m rummytable simulate --golden tests/golden --write"
"""The command that writes the golden files anew (also stored in each file)."""

GOLDEN: dict[str, MatchSpec] = {
    # Random players never call "take it" and rarely meld: with the stock rebuilt a round can
    # go on for tens of thousands of actions, so this match ends each round when the stock runs out (T-21).
    "tress-random": MatchSpec("tress", 1, {"players": 3, "empty_stock": "end_round"}, ("random",) * 3),
    "tress-easy": MatchSpec("tress", 1, {"players": 3}, ("easy",) * 3),
    "tress-normal": MatchSpec("tress", 1, {"players": 3}, ("normal",) * 3),
    "tress-hard": MatchSpec("tress", 1, {"players": 3}, ("hard",) * 3),
    # Shorter targets keep the files small and hard's match quick, and are still whole matches
    # of several hands (K-18); random players need hundreds of actions for one hand.
    "take-random": MatchSpec("take", 1, {"players": 2, "target": 100}, ("random",) * 2),
    "take-easy": MatchSpec("take", 1, {"players": 2, "target": 300}, ("easy",) * 2),
    "take-normal": MatchSpec("take", 1, {"players": 2, "target": 300}, ("normal",) * 2),
    "take-hard": MatchSpec("take", 1, {"players": 2, "target": 200}, ("hard",) * 2),
}
"""The golden matches by file name (without ``.json``)."""

MAX_ACTIONS = 20_000
"""A golden match that has not ended after this many actions is an error (it must be a whole match)."""


class GoldenError(ValueError):
    """A golden match cannot be recorded (it does not end) or a golden file cannot be read."""


def record(spec: MatchSpec, actions: int | None = None) -> dict[str, Any]:
    """Play ``spec`` with its bots and return the transcript (the golden file's data).

    :param actions: stop after this many actions: the start of the match, a shorter
        check for slow interpreters; ``None`` plays the whole match.
    :raises GoldenError: when the match does not end within :data:`MAX_ACTIONS` actions.
    """
    game = spec.new_game()
    limit = MAX_ACTIONS if actions is None else actions
    for count, _ in enumerate(bot_steps(game, spec.bots()), start=1):
        if count >= limit:
            break
    if actions is None and game.phase is not Phase.MATCH_OVER:
        raise GoldenError(f"{spec.command()} has not ended after {MAX_ACTIONS} actions")
    view = game.view(0)
    return {**spec.to_json(), "regenerate": REGENERATE, "actions": len(game.history),
            "scores": list(view["scores"]), "winners": list(view["winners"]), "log": game.public_log}


def dumps(transcript: dict[str, Any]) -> str:
    """Return a transcript as JSON text that reads and diffs well: one key per line, one log event per line."""
    head = [f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True)}" for key, value in transcript.items()
            if key != "log"]
    events = [f"    {json.dumps(event, sort_keys=True)}" for event in transcript["log"]]
    return "{\n" + ",\n".join([*head, '  "log": [\n' + ",\n".join(events) + "\n  ]"]) + "\n}\n"


def load(path: Path) -> dict[str, Any]:
    """Read a golden file.

    :raises GoldenError: when it is missing or not a transcript.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GoldenError(f"{path}: cannot be read ({exc}); write it with: {REGENERATE}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise GoldenError(f"{path}: not a golden transcript; write it with: {REGENERATE}")
    return data


def _round_of(log: list[dict[str, Any]], index: int) -> int:
    rounds = [event.get("round") for event in log[: index + 1] if event.get("kind") == "dealt"]
    return int(rounds[-1]) if rounds and isinstance(rounds[-1], int) else 1


def first_difference(expected: dict[str, Any], actual: dict[str, Any], prefix: bool = False) -> str | None:
    """Return a readable description of the first difference between two transcripts, or ``None`` when they agree.

    The match itself (game, seed, options, seats) is compared first, then the log event
    by event (the message gives the event's number, its round or hand, the event before
    it and both versions), then the totals and winners.

    :param prefix: ``actual`` is the start of a match (:func:`record` with ``actions``):
        only its events are compared, with the same events of ``expected``.
    """
    for key in ("game", "seed", "options", "seats"):
        if expected.get(key) != actual.get(key):
            return f"the file is for another match: {key} {expected.get(key)!r}, the spec says {actual.get(key)!r}"
    old, new = expected["log"], actual["log"]
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            before = f"after {json.dumps(old[i - 1], sort_keys=True)}" if i else "at the start"
            return (f"event {i + 1} of {len(old)} (round {_round_of(old, i)}) differs, {before}:\n"
                    f"  expected {json.dumps(a, sort_keys=True)}\n  actual   {json.dumps(b, sort_keys=True)}")
    if prefix:
        return None if len(new) <= len(old) else f"the match goes on after the file's last event {len(old)}"
    if len(old) != len(new):
        return f"the log has {len(new)} events, the file {len(old)}; the first {min(len(old), len(new))} agree"
    for key in ("scores", "winners", "actions"):
        if expected.get(key) != actual.get(key):
            return f"{key}: expected {expected.get(key)!r}, actual {actual.get(key)!r}"
    return None


def main(folder: str, write: bool = False, quiet: bool = False) -> int:
    """Check (or with ``write``, regenerate) every golden file in ``folder``; print one line each.

    :returns: 0 when every file agrees (or was written), 1 otherwise.
    """
    root = Path(folder)
    failed = 0
    for name, spec in GOLDEN.items():
        path = root / f"{name}.json"
        ok = True
        try:
            transcript = record(spec)
            if write:
                root.mkdir(parents=True, exist_ok=True)
                path.write_text(dumps(transcript), encoding="utf-8")
                message = f"written ({len(transcript['log'])} events)"
            else:
                difference = first_difference(load(path), transcript)
                ok = difference is None
                message = "agrees" if ok else f"differs: {difference}"
        except GoldenError as exc:
            ok, message = False, f"error: {exc}"
        failed += not ok
        if not quiet or not ok:
            print(f"{path}: {message}")
    return 1 if failed else 0
