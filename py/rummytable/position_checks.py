"""Checks every position loader makes once a position's fields are read (docs/formats.md, "Positions").

A position carries its ``history``: the actions played since ``start`` (``null``: the first
deal of ``new(options, seed)``; else the set-up position the game was built from). The
loaders replay that history and require it to lead to exactly the saved position, which
proves the save self-consistent, log included: a damaged log entry, a card moved by hand or
a score edited after the fact cannot load. A position with no history (a set-up for tests,
bug reports and the computer players' sampled deals) has no log either, unless it is the
first deal of its seed.

Every position must also leave the player to act at least one legal action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from rummytable.game import Action, Game, Phase, PositionError, RulesError
from rummytable.jsontext import quote

__all__ = ["difference", "first_difference", "replay_history", "require_a_move", "require_set_up"]

G = TypeVar("G", bound=Game)


def first_difference(got: Any, want: Any, path: str = "") -> str | None:
    """Return where two JSON values first differ (``"stock[3]"``, ``"log[12].data.card"``), or None.

    :param path: the path of the values themselves (empty at the top).
    """
    if type(got) is not type(want):
        return path or "the whole position"
    if isinstance(want, dict):
        for key in sorted(set(got) | set(want), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in got or key not in want:
                return where
            found = first_difference(got[key], want[key], where)
            if found:
                return found
        return None
    if isinstance(want, list):
        for index, (a, b) in enumerate(zip(got, want)):
            found = first_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        return f"{path}[{min(len(got), len(want))}]" if len(got) != len(want) else None
    return None if got == want else (path or "the whole position")


def difference(got: Game, want: Game) -> str | None:
    """Where the positions of two games first differ (their ``start`` aside), or None when they are the same."""
    a, b = got.to_position(), want.to_position()
    a.pop("start", None)
    b.pop("start", None)
    return None if a == b else first_difference(a, b)


def replay_history(game: G, history: Sequence[object], where: str) -> G:
    """Apply the actions of ``history`` (JSON) to ``game``, in order, and return it.

    :raises PositionError: at the first entry that is no action of the game or is illegal
        where it stands, naming its index.
    """
    for index, item in enumerate(history):
        try:
            game.apply(game.action_from_json(item))
        except RulesError as exc:
            raise PositionError(f"{where}: history[{index}] cannot be replayed: {exc}") from None
    return game


def require_set_up(data: dict[str, Any], where: str) -> None:
    """Check that ``data`` (the ``start`` of a position) is a set-up position: no history, no log, no start.

    :raises PositionError: otherwise.
    """
    if not isinstance(data, dict):
        raise PositionError(f"{where}: 'start' must be a position object or null, not {quote(data)}")
    if data.get("history") != [] or data.get("log") != [] or data.get("start") is not None:
        raise PositionError(f"{where}: 'start' must be a position with no history, no log and no start of its own")


def require_a_move(game: Game, quick: Iterable[Action], where: str) -> None:
    """Require the player to act to have at least one legal action (unless the match is over).

    :param quick: cheap candidates tried first (a discard, a draw); the full list of legal
        actions is built only when none of them is legal.
    :raises PositionError: for a position in which the game could not go on.
    """
    mover = game.to_move
    if game.phase is Phase.MATCH_OVER or mover is None:
        return
    if any(game.is_legal(action) for action in quick) or game.legal_actions(mover):
        return
    raise PositionError(f"{where}: P{mover + 1} is to act in phase {game.phase.value} but has no legal action")
