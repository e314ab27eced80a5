"""Rummy Table: a pure-Python engine for rummy-family card games (Tress and Take).

The package imports only the standard library, so the same code runs under CPython
(tests, command line) and under Pyodide inside the browser's Web Worker. Its face::

    from rummytable import TakeGame, TressGame, load, make_bot

The layout: the shared core here (cards, melds, options, game, actions, registry),
one subpackage per game (:mod:`rummytable.tress`, :mod:`rummytable.take`), the computer
players (:mod:`rummytable.ai`), the page's session and bridge (:mod:`rummytable.page`)
and the command-line tools (:mod:`rummytable.tools`).
"""

from rummytable.ai import make_bot
from rummytable.game import Action, Event, Game, IllegalActionError, MalformedActionError, Phase, PositionError
from rummytable.registry import GAMES, load
from rummytable.take.game import TakeGame
from rummytable.tress.game import TressGame

__version__ = "0.1.0"

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
