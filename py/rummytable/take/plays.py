"""Every distinct Take meld play a hand allows now (K-9, K-10, K-13): the combinatorial part of
``legal_actions``.

What is listed, for the player to move in the play phase:

* each new sequence that can be laid from the hand: every suit, every stretch of 3..13
  consecutive values (ace low or high), every choice of which positions jokers fill
  (a joker may stand in for a card the player also holds);
* each extension of each table sequence by a block of 1..n cards at either end, with
  the same joker choices; a joker that fits at both ends gives two plays;
* only plays that leave the player a card he may discard (K-10), or an empty hand when
  the go-out option is on.

Jokers are interchangeable, so a play that uses jokers is listed once, with the held
jokers placed in key order from low to high (``JK`` before ``JK.1``); the same play with
the jokers swapped is legal too but not listed again.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from rummytable.cards import ACE, LOW_ACE, SUITS, Card
from rummytable.melds import End, JokerRatio
from rummytable.take.options import TakeOptions
from rummytable.take.table import KING, TableSequence

__all__ = ["extension_plays", "keeps_a_discard", "lay_down_plays"]


def keeps_a_discard(hand: Sequence[Card], used: Sequence[Card], drawn: Card | None, go_out: bool) -> bool:
    """True when playing ``used`` from ``hand`` leaves a card that may be discarded (K-10).

    ``drawn`` is the card taken from the discard pile this turn (it may not be
    discarded); with ``go_out`` an empty hand is also fine.
    """
    left = len(hand) - len(used)
    if left == 0:
        return go_out
    blocked = 1 if drawn is not None and drawn in hand and drawn not in used else 0
    return left - blocked >= 1


def _ratio_ok(naturals: int, jokers: int, ratio: JokerRatio) -> bool:
    if naturals < 1:
        return False
    if ratio is JokerRatio.MORE_NATURALS:
        return naturals > jokers
    if ratio is JokerRatio.NATURALS_AT_LEAST:
        return naturals >= jokers
    return True


def _by_suit(hand: Sequence[Card]) -> tuple[dict[str, dict[int, Card]], list[Card]]:
    """Map suit -> run value -> held natural card (an ace under 1 and 14), and the jokers."""
    table: dict[str, dict[int, Card]] = {suit: {} for suit in SUITS}
    jokers: list[Card] = []
    for card in sorted(hand):
        if card.is_joker:
            jokers.append(card)
            continue
        assert card.suit is not None
        row = table[card.suit]
        # A second copy never occurs with one deck; keep the first for a stable listing.
        row.setdefault(card.rank, card)
        if card.rank == ACE:
            row.setdefault(LOW_ACE, card)
    return table, jokers


def _fillings(values: Sequence[int], row: dict[int, Card], jokers: Sequence[Card],
              extra_naturals: int, extra_jokers: int, ratio: JokerRatio) -> Iterator[tuple[Card, ...]]:
    """Yield each way to fill ``values`` with held naturals and jokers (jokers in key order).

    ``extra_*`` count the cards already in the sequence being extended, for the ratio.
    """
    held = [i for i, v in enumerate(values) if v in row]
    missing = len(values) - len(held)
    spare = len(jokers) - missing
    if spare < 0:
        return
    for extra in range(min(spare, len(held)) + 1):
        for swapped in combinations(held, extra):
            used_jokers = missing + extra
            naturals = len(values) - used_jokers
            if not _ratio_ok(naturals + extra_naturals, used_jokers + extra_jokers, ratio):
                continue
            wild = set(swapped)
            cards: list[Card] = []
            next_joker = 0
            for i, value in enumerate(values):
                if value in row and i not in wild:
                    cards.append(row[value])
                else:
                    cards.append(jokers[next_joker])
                    next_joker += 1
            yield tuple(cards)


def lay_down_plays(hand: Sequence[Card], drawn: Card | None, options: TakeOptions) -> list[tuple[Card, ...]]:
    """Every new sequence ``hand`` can lay down now, as card tuples in table order (K-4, K-5, K-10)."""
    table, jokers = _by_suit(hand)
    plays: list[tuple[Card, ...]] = []
    for suit in SUITS:
        row = table[suit]
        if not row:
            continue
        for start in range(LOW_ACE, KING):
            missing = 0
            for stop in range(start, ACE + 1):
                if stop not in row:
                    missing += 1
                    if missing > len(jokers):
                        break
                if stop - start < 2 or (start == LOW_ACE and stop == ACE):
                    continue
                values = range(start, stop + 1)
                for cards in _fillings(values, row, jokers, 0, 0, options.joker_ratio):
                    if keeps_a_discard(hand, cards, drawn, options.go_out_by_melding):
                        plays.append(cards)
    return plays


def extension_plays(hand: Sequence[Card], drawn: Card | None, seat: int, sequences: Sequence[TableSequence],
                    options: TakeOptions) -> list[tuple[int, End, tuple[Card, ...]]]:
    """Every extension of ``sequences`` that ``seat`` can make from ``hand`` now.

    :returns: ``(sequence id, end, cards in table order)`` triples (K-9, K-11..K-14, K-10).
    """
    table, jokers = _by_suit(hand)
    plays: list[tuple[int, End, tuple[Card, ...]]] = []
    for seq in sequences:
        meld = seq.meld
        assert meld.suit is not None
        row = table[meld.suit]
        if not row and not jokers:
            continue
        top = KING if meld.start == LOW_ACE else ACE
        bottom = LOW_ACE + 1 if meld.end == ACE else LOW_ACE
        ends: list[tuple[End, list[int]]] = [(End.HIGH, list(range(meld.end + 1, top + 1)))]
        if seat == seq.owner or options.below_others:
            ends.append((End.LOW, list(range(meld.start - 1, bottom - 1, -1))))
        for end, reach in ends:
            missing = 0
            for count in range(1, len(reach) + 1):
                if reach[count - 1] not in row:
                    missing += 1
                    if missing > len(jokers):
                        break
                values = sorted(reach[:count])
                for cards in _fillings(values, row, jokers, meld.naturals, meld.jokers, options.joker_ratio):
                    if keeps_a_discard(hand, cards, drawn, options.go_out_by_melding):
                        plays.append((seq.id, end, cards))
    return plays
