"""Whether the card on the discard pile fits a seat's hand (Tress, for the page's "take it" prompt).

The page asks the person to "take it" (T-16) only for a card that fits his hand, unless he
chose to be asked for every card; this module reads that from the person's own view, as the
easy computer player would judge it (no card counting).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummytable.ai.base import Budget
from rummytable.ai.tress.bots import EASY
from rummytable.ai.tress.policy import TressTurn
from rummytable.cards import parse_card


def top_discard_fits(view: Mapping[str, Any], log: Sequence[Mapping[str, Any]]) -> bool:
    """True when the top discard brings the seat's contract closer or, once it is down, can be laid off.

    :param view: ``game.view(seat)`` of a Tress game (the seat's own view, hidden cards hidden).
    :param log: the public log as that seat sees it.
    :returns: False when the discard pile is empty.
    :raises KeyError: for a view that is not a Tress view.
    """
    top = view.get("discard_top")
    if top is None:
        return False
    return TressTurn(view, log, EASY, Budget()).card_fits(parse_card(top))
