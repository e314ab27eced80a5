"""Rummy Table: a pure-Python engine for rummy-family card games (Tress and Take).

The package imports only the standard library, so the same code runs under CPython
(tests, command line) and under Pyodide inside the browser's Web Worker. Its face::

    from rummytable import TakeGame, TressGame, load, make_bot

The layout: the shared core here (cards, melds, options, game, actions, registry),
one subpackage per game (:mod:`rummytable.tress`, :mod:`rummytable.take`), the computer
players (:mod:`rummytable.ai`), the page's session and bridge (:mod:`rummytable.page`)
and the command-line tools (:mod:`rummytable.tools`).

The face is loaded on first use (PEP 562): importing one submodule, such as the page's
bridge, does not load both games and the computer players, which the page's start-up
would otherwise wait for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummytable.ai import make_bot
    from rummytable.game import Action, Event, Game, IllegalActionError, MalformedActionError, Phase, PositionError
    from rummytable.registry import GAMES, load
    from rummytable.take.game import TakeGame
    from rummytable.tress.game import TressGame

__version__ = "0.1.0"

_FACE: dict[str, str] = {
    "make_bot": "rummytable.ai",
    **dict.fromkeys(("Action", "Event", "Game", "IllegalActionError", "MalformedActionError", "Phase",
                     "PositionError"), "rummytable.game"),
    "GAMES": "rummytable.registry",
    "load": "rummytable.registry",
    "TakeGame": "rummytable.take.game",
    "TressGame": "rummytable.tress.game",
}
"""Each name of the face and the module that defines it."""

__all__ = [
    "GAMES",
    "Action",
    "Event",
    "Game",
    "IllegalActionError",
    "MalformedActionError",
    "Phase",
    "PositionError",
    "TakeGame",
    "TressGame",
    "__version__",
    "load",
    "make_bot",
]


def __getattr__(name: str) -> Any:
    """Return a name of the face, importing its module on first use.

    :raises AttributeError: for a name the package does not have.
    """
    if name not in _FACE:
        raise AttributeError(f"module 'rummytable' has no attribute {name!r}")
    value = getattr(importlib.import_module(_FACE[name]), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    """The module's names, the face's not yet loaded included."""
    return sorted({*globals(), *__all__})
