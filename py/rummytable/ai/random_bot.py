"""The ``random`` level: a uniformly random legal action, for both games.

Not offered as an opponent for people; it is the floor of the strength table and a
fuzzer for the engines (every legal action must be playable).
"""

from __future__ import annotations

from typing import Any

from rummytable.ai import register
from rummytable.ai.base import Bot, Budget, Decision, legal
from rummytable.ai.reasons import Reason


class RandomBot(Bot):
    """Picks uniformly among ``view["legal_actions"]`` with the decision's seeded generator."""

    level = "random"
    DESCRIPTION = "Plays any legal move at random; for testing, not for fun."

    def choose(self, view: dict[str, Any], log: list[dict[str, Any]], budget: Budget) -> Decision:
        """Return a uniformly random legal action (no search: the budget is not used).

        :raises BotError: when the view lists no legal action.
        """
        actions = legal(view)
        action = self.rng(view, log).choice(actions)
        return Decision(action, Reason("move.random", {"count": len(actions)}))


@register
class TakeRandomBot(RandomBot):
    """Random legal actions in Take."""

    game = "take"


@register
class TressRandomBot(RandomBot):
    """Random legal actions in Tress."""

    game = "tress"
