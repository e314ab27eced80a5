"""The games this package plays, by id: their engine and options classes and table sizes.

:func:`load` reads any saved position and picks the game from its ``"game"`` key, so a caller
need not know which game a save holds::

    game = load(text)            # a TressGame or a TakeGame
    assert game.save() == text   # for text written by ``save``
"""

from __future__ import annotations

from dataclasses import dataclass

from rummytable.game import Game, PositionError
from rummytable.jsontext import JSONTextError, parse, quote
from rummytable.options import Options
from rummytable.take.game import TakeGame
from rummytable.take.options import TakeOptions
from rummytable.tress.game import TressGame
from rummytable.tress.options import TressOptions


class UnknownGameError(ValueError):
    """A game id that names no game of this package."""


@dataclass(frozen=True)
class GameEntry:
    """A game's engine, its options and how many players it takes."""

    game_class: type[Game]
    options_class: type[Options]
    min_players: int
    max_players: int
    default_players: int


GAMES: dict[str, GameEntry] = {
    TressGame.NAME: GameEntry(TressGame, TressOptions, 3, 6, 4),
    TakeGame.NAME: GameEntry(TakeGame, TakeOptions, 2, 4, 2),
}
"""Every game, by id (the ``"game"`` key of its positions and views)."""


def entry(name: str) -> GameEntry:
    """Return the entry of game ``name``.

    :raises UnknownGameError: for an unknown game id.
    """
    if name not in GAMES:
        raise UnknownGameError(f"unknown game {quote(name)}; known: {', '.join(sorted(GAMES))}")
    return GAMES[name]


def game_class(name: str) -> type[Game]:
    """Return the engine class of game ``name``.

    :raises UnknownGameError: for an unknown game id.
    """
    return entry(name).game_class


def options_class(name: str) -> type[Options]:
    """Return the options class of game ``name``.

    :raises UnknownGameError: for an unknown game id.
    """
    return entry(name).options_class


def load(text: str) -> Game:
    """Load a position saved by :meth:`~rummytable.game.Game.save` of any game (docs/formats.md).

    :param text: the JSON text of a position; its ``"game"`` key names the game.
    :returns: the game, validated as strictly as the game's own ``load``.
    :raises PositionError: for text that is not JSON, has no known ``"game"`` or is no valid position.
    """
    try:
        data = parse(text, "the save")
    except JSONTextError as exc:
        raise PositionError(str(exc)) from None
    name = data.get("game") if isinstance(data, dict) else None
    if not isinstance(name, str) or name not in GAMES:
        raise PositionError(f"the save: 'game' must be one of {', '.join(sorted(GAMES))}, not {quote(name)}")
    return GAMES[name].game_class.from_position(data)
