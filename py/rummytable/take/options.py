"""Take («Взяти») options: the house rules of the rule book, validated once at construction.

Every default is the rule book's (docs/rules-take.md); each field names the rule it belongs to.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rummytable.melds import JokerRatio
from rummytable.options import Options, option

__all__ = ["JokerValue", "StockRule", "TakeOptions", "TieRule"]


class JokerValue(str, enum.Enum):
    """What a joker on the table is worth to its owner (K-2).

    ``TWENTY``: always 20 points (the rule book). ``STAND_IN``: the value of the card it
    stands for (a joker standing for 6C is worth 5).
    """

    TWENTY = "twenty"
    STAND_IN = "stand_in"


class TieRule(str, enum.Enum):
    """What happens when the match would end with several players tied at the top (K-18).

    ``ANOTHER_HAND``: play another hand (the rule book). ``SHARED``: they share the win.
    """

    ANOTHER_HAND = "another_hand"
    SHARED = "shared"


class StockRule(str, enum.Enum):
    """What happens when the stock runs out (K-19).

    ``REBUILD``: the discard pile except its top card is shuffled into a new stock; when
    nothing is left to rebuild with, the hand ends (the rule book). ``END_HAND``: the hand
    ends when a card must be drawn and the stock is empty.
    """

    REBUILD = "rebuild"
    END_HAND = "end_hand"


@dataclass(frozen=True)
class TakeOptions(Options):
    """The options of a Take match (K-1..K-19); every default is the rule book's.

    Build from JSON with :meth:`TakeOptions.from_json` (strict: unknown keys, wrong types
    and out-of-range numbers raise :class:`~rummytable.game.OptionsError`).
    """

    GAME = "take"

    players: int = option(2, "K-1", "Number of players.", minimum=2, maximum=4)
    target: int = option(500, "K-18", "The match ends after the hand in which someone reaches this score.",
                         minimum=50, maximum=5000)
    joker_value: JokerValue = option(
        JokerValue.TWENTY, "K-2",
        "A joker on the table is worth 20 to its owner, or the value of the card it stands for.")
    low_ace_five: bool = option(False, "K-2", "An ace at the low end of a sequence is worth 5, not 15.")
    joker_ratio: JokerRatio = option(
        JokerRatio.AT_LEAST_ONE_NATURAL, "K-5",
        "How many jokers a sequence may hold: at least one natural card, or naturals must outnumber jokers.")
    below_others: bool = option(
        True, "K-13", "A player may add cards below the bottom of another player's sequence.")
    go_out_by_melding: bool = option(
        False, "K-10", "A player may go out by melding every card, with no discard.")
    tie: TieRule = option(TieRule.ANOTHER_HAND, "K-18",
                          "An exact tie at the top plays another hand, or the tied players share the win.")
    empty_stock: StockRule = option(
        StockRule.REBUILD, "K-19",
        "An empty stock is rebuilt from the discard pile, or the hand ends as soon as the stock is empty.")
    # The rule book is silent on a hand nobody can finish; ending it is the default because
    # a hand without end is no game (docs/rules-take.md, "A hand without end").
    dead_stock_ends_hand: bool = option(
        True, "K-19",
        "The hand ends when the stock must be rebuilt and nobody has melded since the deal or the last rebuild.")
