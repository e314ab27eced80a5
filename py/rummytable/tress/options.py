"""Tress house rules: a typed, validated options object whose defaults are the rule book's.

Every field names the rule it belongs to (docs/rules-tress.md); :meth:`TressOptions.schema`
turns them into the start screen's settings form. :func:`contract_for_round` and
:func:`round_deal` hold the round table of T-4.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from rummytable.game import OptionsError
from rummytable.melds import JokerRatio
from rummytable.options import Options, option
from rummytable.tress.solver import ROUND7_THREE_RUNS, TRESS_CONTRACTS, Contract

ROUNDS = 7
"""A Tress match has seven rounds (T-3, T-4)."""

DECKS = 2
"""Tress is played with two 52-card decks (T-1)."""


class Round7Contract(str, enum.Enum):
    """The round-7 contract (T-4): three sets and a run, or three runs."""

    SETS_AND_RUN = "sets_and_run"
    THREE_RUNS = "three_runs"


class ClaimPriority(str, enum.Enum):
    """Who gets a claimed card when several called (T-18).

    ``FIRST_CALL``: the first call made. ``SEAT_ORDER``: the first caller in seat order
    starting left of the player due to draw.
    """

    FIRST_CALL = "first_call"
    SEAT_ORDER = "seat_order"


class ClaimWindow(str, enum.Enum):
    """How long a discard may be claimed (T-19): until the player due to draw draws, or discards."""

    UNTIL_DRAW = "until_draw"
    UNTIL_DISCARD = "until_discard"


class EmptyStock(str, enum.Enum):
    """What happens when the stock runs out (T-21).

    ``REBUILD``: shuffle the discard pile but its top card into a new stock; the round
    ends only when nothing is left to rebuild with. ``END_ROUND``: the round ends as soon
    as the stock is empty.
    """

    REBUILD = "rebuild"
    END_ROUND = "end_round"


@dataclass(frozen=True)
class TressOptions(Options):
    """The options of a Tress match; each default is the rule book's.

    :raises OptionsError: (from construction or :meth:`from_json`) for unknown keys,
        wrong types, values out of range or combinations that cannot be played.
    """

    GAME: ClassVar[str] = "tress"

    players: int = option(4, "T-1", "Number of players.", minimum=3, maximum=6)
    jokers: int | None = option(
        None, "T-1", "Number of jokers; empty means 4 for 3-4 players, 5 for 5, 6 for 6.",
        minimum=4, maximum=6)
    round7: Round7Contract = option(
        Round7Contract.SETS_AND_RUN, "T-4", "Round 7 contract: three sets and a run, or three runs.")
    wrap_runs: bool = option(False, "T-7", "Runs may turn the corner (Q-K-A-2).")
    # The seed text sets no ratio (docs/rules-tress.md, T-9): one natural card is the default;
    # "naturals must outnumber jokers" is the Liverpool rummy rule, kept as a house rule.
    joker_ratio: JokerRatio = option(
        JokerRatio.AT_LEAST_ONE_NATURAL, "T-9",
        "Jokers in a newly laid contract meld: any number with one natural card, "
        "naturals must outnumber them (the Liverpool rule), or naturals at least as many.")
    no_adjacent_jokers: bool = option(False, "T-9", "Two jokers may not stand side by side in a run.")
    joker_swap: bool = option(
        False, "T-10",
        "A player who is down may swap a natural card for the joker standing for it in a run.")
    must_lay_down: bool = option(
        False, "T-23",
        "A player who can lay down the contract after drawing must do so before discarding.")
    extra_melds: bool = option(
        False, "T-12", "After laying down the contract a player may lay further new melds.")
    distinct_melds: bool = option(
        True, "T-12",
        "Within one lay-down, two sets may not share a rank and two runs of a suit may not join.")
    out_without_discard: bool = option(
        False, "T-14", "A player may go out by melding his last card, without a discard.")
    tie_break_round7: bool = option(
        False, "T-3", "Tied totals are broken by the fewest points in round 7.")
    down_may_claim: bool = option(True, "T-16", "Players who are down may call \"take it\".")
    penalty_cards: int = option(
        1, "T-17", "Penalty cards a granted caller draws from the stock.", minimum=0, maximum=2)
    claim_priority: ClaimPriority = option(
        ClaimPriority.FIRST_CALL, "T-18",
        "Several calls: the first call wins, or seat order from the left of the player due to draw.")
    claim_limit: int | None = option(
        None, "T-19", "Claims granted to one player per round; empty means unlimited.",
        minimum=0, maximum=20)
    claim_window: ClaimWindow = option(
        ClaimWindow.UNTIL_DRAW, "T-19",
        "Calls are open until the player due to draw has drawn, or until he discards.")
    empty_stock: EmptyStock = option(
        EmptyStock.REBUILD, "T-21",
        "Empty stock: rebuild it from the discard pile, or end the round at once.")
    # Product addition (docs/rules-tress.md, T-22): the rule book lets a round in which
    # nobody can meld go on for ever while the stock keeps being rebuilt.
    dead_stock_rebuilds: int | None = option(
        3, "T-22",
        "The round ends when the stock runs out after this many rebuilds with no card laid "
        "on the table in between; empty means never.", minimum=0, maximum=20)

    def validate(self) -> None:
        """Check that the deck can serve the largest deal (T-1, T-4).

        :raises OptionsError: when round 7's deal plus the first discard would not fit
            in the deck.
        """
        need = self.players * round_deal(ROUNDS) + 1
        if need > self.deck_size:
            raise OptionsError(
                f"{self.players} players need {need} cards for round {ROUNDS}, "
                f"but the deck has only {self.deck_size}")

    @property
    def joker_count(self) -> int:
        """Jokers in the deck (T-1): the option, or 4/5/6 by the number of players."""
        if self.jokers is not None:
            return self.jokers
        return {3: 4, 4: 4, 5: 5, 6: 6}[self.players]

    @property
    def deck_size(self) -> int:
        """Physical cards in play: two decks plus the jokers (T-1)."""
        return 52 * DECKS + self.joker_count

    def contract(self, round_no: int) -> Contract:
        """Return round ``round_no``'s contract under these options (T-4, T-20)."""
        return contract_for_round(round_no, self.round7)


def round_deal(round_no: int) -> int:
    """Cards dealt to each player in round ``round_no`` (1..7): 6 + round (T-4).

    :raises ValueError: for a round outside 1..7.
    """
    if not 1 <= round_no <= ROUNDS:
        raise ValueError(f"Tress has rounds 1..{ROUNDS}, not {round_no}")
    return 6 + round_no


def contract_for_round(round_no: int, round7: Round7Contract = Round7Contract.SETS_AND_RUN) -> Contract:
    """Return the contract of round ``round_no`` (T-4); round 7 uses all cards (T-20).

    :raises ValueError: for a round outside 1..7.
    """
    if round_no not in TRESS_CONTRACTS:
        raise ValueError(f"Tress has rounds 1..{ROUNDS}, not {round_no}")
    if round_no == ROUNDS and round7 is Round7Contract.THREE_RUNS:
        return ROUND7_THREE_RUNS
    return TRESS_CONTRACTS[round_no]
