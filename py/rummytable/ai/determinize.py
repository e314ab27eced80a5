"""Determinization for any game: a whole game consistent with what one seat knows (docs/ai.md).

Each game has its own determinizer (:mod:`rummytable.ai.take.determinize`,
:mod:`rummytable.ai.tress.determinize`); :func:`determinize` picks it by the view's ``"game"``.
"""

from __future__ import annotations

import random
from typing import Any

from rummytable.ai.take.determinize import determinize_take
from rummytable.ai.tress.determinize import determinize as determinize_tress
from rummytable.game import Game


def determinize(view: dict[str, Any], log: list[dict[str, Any]], rng: random.Random) -> Game:
    """Return a full game of ``view["game"]`` consistent with ``view`` and ``log``.

    :param view: a seat's view (docs/formats.md, "view"). :param log: the public log.
    :param rng: the generator that fills in the hidden cards.
    :raises ValueError: for a game without a determinizer.
    """
    if view["game"] == "take":
        return determinize_take(view, log, rng)
    if view["game"] == "tress":
        return determinize_tress(view, log, rng)
    raise ValueError(f"no determinizer for game {view['game']!r}")
