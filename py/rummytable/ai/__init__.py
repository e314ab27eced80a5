"""Computer players: one :class:`~rummytable.ai.base.Bot` class per game and level.

Game modules register their bots with :func:`register`; :func:`make_bot` finds them::

    bot = make_bot("take", "hard", seed=7)
    decision = bot.decide(game.view(seat), game.public_log)

The registry is filled lazily by importing :data:`BOT_MODULES`, so importing this
package costs nothing until a bot is asked for. See docs/ai.md for how each level plays.
"""

from __future__ import annotations

import importlib

from rummytable.ai.base import Bot, BotError, Budget, ClaimDecision, Decision

__all__ = [
    "BOT_MODULES",
    "LEVELS",
    "Bot",
    "BotError",
    "Budget",
    "ClaimDecision",
    "Decision",
    "describe",
    "make_bot",
    "register",
    "registered",
]

LEVELS = ("random", "easy", "normal", "hard")
"""Difficulty levels, weakest first."""

BOT_MODULES = ("rummytable.ai.random_bot", "rummytable.ai.take.bots", "rummytable.ai.tress.bots")
"""Modules whose import registers bots."""

_REGISTRY: dict[tuple[str, str], type[Bot]] = {}
_loaded = False


def register(cls: type[Bot]) -> type[Bot]:
    """Class decorator: make ``cls`` available as ``make_bot(cls.game, cls.level, ...)``.

    :raises ValueError: for an unknown level, or when that game and level already has a bot.
    """
    if cls.level not in LEVELS:
        raise ValueError(f"unknown level {cls.level!r} for {cls.__name__}; levels: {', '.join(LEVELS)}")
    key = (cls.game, cls.level)
    if key in _REGISTRY and _REGISTRY[key] is not cls:
        raise ValueError(f"{cls.game} already has a {cls.level} bot: {_REGISTRY[key].__name__}")
    _REGISTRY[key] = cls
    return cls


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BOT_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            # A game whose bots (or engine) are not part of this build simply has none.
            if not (exc.name or "").startswith("rummytable."):
                raise


def registered() -> list[tuple[str, str]]:
    """Return every registered ``(game, level)`` pair, sorted by game, then level strength."""
    _load()
    return sorted(_REGISTRY, key=lambda k: (k[0], LEVELS.index(k[1])))


def make_bot(game: str, level: str, seed: int, safety_ms: float | None = None) -> Bot:
    """Return a new bot for ``game`` at ``level``.

    :param seed: the bot's seed (same seed, view and log => same decision).
    :param safety_ms: the wall-clock safety net per decision in milliseconds; None takes the
        level's :attr:`~rummytable.ai.base.Bot.SAFETY_MS`, ``float("inf")`` turns it off.
    :raises ValueError: for an unknown game or level.
    """
    _load()
    cls = _REGISTRY.get((game, level))
    if cls is None:
        known = ", ".join(f"{g}/{lv}" for g, lv in registered())
        raise ValueError(f"no {level!r} bot for game {game!r}; known: {known}")
    return cls(seed, safety_ms)


def describe(game: str, level: str) -> str:
    """Return the one-sentence description of a level for the difficulty menu.

    :raises ValueError: for an unknown game or level.
    """
    _load()
    cls = _REGISTRY.get((game, level))
    if cls is None:
        raise ValueError(f"no {level!r} bot for game {game!r}")
    return cls.DESCRIPTION
