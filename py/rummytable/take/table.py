"""Sequences on the Take table: ownership, validation of new sequences and extensions, locks.

A :class:`TableSequence` is a run (:func:`rummytable.melds.make_run` with
:data:`~rummytable.melds.TAKE_SEQUENCES`) plus the Take-only facts: a stable id and an
owner (K-11). Validation raises :class:`~rummytable.melds.MeldError` with the reason and
the rule id (K-4..K-7, K-13, K-14).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummytable.cards import ACE, LOW_ACE, Card
from rummytable.melds import TAKE_SEQUENCES, End, Meld, MeldError, check_joker_ratio, extend, make_run
from rummytable.take.options import TakeOptions

__all__ = ["KING", "TableSequence", "extension", "is_locked", "new_sequence", "sequence_view"]

KING = 13
"""Run value of the king: with a (joker) ace at the bottom, a king on top closes a sequence (K-14)."""


def is_locked(meld: Meld) -> bool:
    """True when nothing can ever be added above the top of ``meld``, so nobody can take it (K-14).

    That is a top ace (natural or joker), or a (joker) ace at the bottom with a king on
    top, since a sequence never holds an ace at both ends (K-4, K-6).
    """
    return meld.end == ACE or (meld.start == LOW_ACE and meld.end == KING)


@dataclass(frozen=True)
class TableSequence:
    """A sequence on the table (K-11).

    :ivar id: stable for the sequence's life (0, 1, ... in the order laid down).
    :ivar owner: the seat that owns it and scores its cards (K-17).
    :ivar meld: the run itself; cards low to high with ``start`` (1 = low ace).
    """

    id: int
    owner: int
    meld: Meld

    @property
    def locked(self) -> bool:
        """True when the sequence can no longer be extended upward or taken (K-14)."""
        return is_locked(self.meld)


def sequence_view(seq: TableSequence) -> dict[str, Any]:
    """Return the page's form of a sequence (the common meld shape of ``view``).

    ``{"id", "owner", "kind": "run", "cards": [keys low->high], "faces": ["5H", "6H", ...],
    "start": int, "locked": bool}``; a joker's face is what it stands for.
    """
    meld = seq.meld
    return {"id": seq.id, "owner": seq.owner, "kind": "run", "cards": [c.key for c in meld.cards],
            "faces": [str(face) for face in meld.faces()], "start": meld.start, "locked": seq.locked}


def _ace_rule(card: Card) -> str:
    return "K-6" if card.is_joker else "K-4"


def new_sequence(cards: Sequence[Card], options: TakeOptions, start: int | None = None) -> Meld:
    """Validate ``cards`` (table order, low to high) as a new sequence (K-4, K-5, K-7).

    :param start: when given, the value of the first card must be this (1 = low ace).
    :returns: the run, with each joker's identity fixed by its place.
    :raises MeldError: too short, mixed suits, not consecutive, an ace in the middle or
        at both ends (K-4; K-6 when one of them is a joker), no natural card or too many
        jokers for ``options.joker_ratio`` (K-5), a card twice (K-7).
    """
    if len(cards) > KING:
        rule = "K-6" if cards[0].is_joker or cards[-1].is_joker else "K-4"
        raise MeldError("no sequence may have an ace at both ends, so it holds at most 13 cards", rule)
    meld = make_run(cards, TAKE_SEQUENCES, start)
    check_joker_ratio(meld, options.joker_ratio, "K-5")
    return meld


def extension(seq: TableSequence, cards: Sequence[Card], end: End, seat: int, options: TakeOptions) -> Meld:
    """Validate adding ``cards`` (table order) at ``end`` of ``seq`` by ``seat``; return the new run.

    Ownership is the caller's: above the top moves the sequence to ``seat`` (K-12), below
    the bottom keeps it (K-13).

    :raises MeldError: K-14 above a top ace or a closed sequence; K-4 past an ace or not
        consecutive/one suit; K-6 for an ace at both ends where one is a joker; K-13 below
        another player's sequence when ``options.below_others`` is off; K-5 for too many
        jokers; K-7 for a card used twice.
    """
    meld, count = seq.meld, len(cards)
    if not cards:
        raise MeldError("nothing to add", "K-9")
    if end is End.HIGH:
        if meld.end == ACE:
            raise MeldError("the sequence is locked: its top is an ace, nothing goes above it", "K-14")
        if meld.start == LOW_ACE and meld.end == KING:
            raise MeldError("the sequence is closed: an ace at the bottom and a king on top", "K-14")
        if meld.start == LOW_ACE and meld.end + count >= ACE:
            raise MeldError("no sequence may have an ace at both ends", _ace_rule(meld.cards[0]))
        if meld.end + count > ACE:
            raise MeldError("nothing goes above an ace", "K-4")
    else:
        if seat != seq.owner and not options.below_others:
            raise MeldError("you may not add below the bottom of another player's sequence", "K-13")
        if meld.start == LOW_ACE:
            raise MeldError("nothing goes below a low ace", "K-4")
        if meld.end == ACE and meld.start - count <= LOW_ACE:
            raise MeldError("no sequence may have an ace at both ends", _ace_rule(meld.cards[-1]))
        if meld.start - count < LOW_ACE:
            raise MeldError("nothing goes below a low ace", "K-4")
    result = extend(meld, cards, end, TAKE_SEQUENCES)
    check_joker_ratio(result, options.joker_ratio, "K-5")
    return result


def next_above(seq: TableSequence) -> Card | None:
    """The natural card that would go right above the top of ``seq``, or None when it is locked (K-14)."""
    meld = seq.meld
    if is_locked(meld):
        return None
    value = meld.end + 1
    if meld.start == LOW_ACE and value == ACE:
        return None
    assert meld.suit is not None
    return Card(value if value <= ACE else ACE, meld.suit)


def next_below(seq: TableSequence) -> Card | None:
    """The natural card that would go right below the bottom of ``seq``, or None past a low ace."""
    meld = seq.meld
    if meld.start == LOW_ACE:
        return None
    value = meld.start - 1
    if value == LOW_ACE and meld.end == ACE:
        return None
    assert meld.suit is not None
    return Card(ACE if value == LOW_ACE else value, meld.suit)
