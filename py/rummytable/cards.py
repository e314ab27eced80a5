"""Cards, decks and the text notation shared by every game.

A :class:`Card` is one *physical* card. Tress plays with two decks, so two nines of
hearts exist; each carries its own ``copy`` number and therefore its own identity
(``9H`` and ``9H.1``). Jokers are numbered the same way (``JK``, ``JK.1`` ...).

Two notations are used:

* the **face** notation of the rule books: ``10H QS AC JK`` and, for a joker that has
  been given an identity, ``JK(6C)``. :func:`parse_faces` / :func:`format_faces` read and
  write it; faces carry no copy number.
* the **card key**: the face plus ``.n`` for copy ``n > 0`` (``9H``, ``9H.1``, ``JK.3``).
  Positions (saved games) use keys so that every physical card is named exactly once.
  :func:`parse_card` / :attr:`Card.key` round-trip.

Ranks are integers 2..14 with the ace as 14; in a run a low ace takes the value 1
(see :mod:`rummytable.melds`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rummytable.jsontext import quote

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters in their canonical order: spades, hearts, diamonds, clubs."""

RANKS: tuple[int, ...] = tuple(range(2, 15))
"""Natural ranks 2..14, where 11 = J, 12 = Q, 13 = K and 14 = A."""

ACE = 14
"""Rank of the ace (high value); a low ace in a run takes the value :data:`LOW_ACE`."""

LOW_ACE = 1
"""Run value of an ace played below the two."""

JOKER_RANK = 0
"""Rank stored on jokers (they have no suit)."""

_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A", 1: "A"}
_TEXT_RANK = {"J": 11, "Q": 12, "K": 13, "A": 14}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace", 1: "ace",
}

_FACE_RE = re.compile(r"^(10|[2-9JQKA])([SHDC])$")
_JOKER_RE = re.compile(r"^JK(?:\((10|[2-9JQKA])([SHDC])?\))?$")
_KEY_RE = re.compile(r"^(JK|10[SHDC]|[2-9JQKA][SHDC])(?:\.([1-9][0-9]?))?$")


class CardError(ValueError):
    """Raised for text that is not a card, face or key in the notation."""


def rank_text(rank: int) -> str:
    """Return the notation of a rank value: 2..10, J, Q, K, A (1 and 14 are both 'A').

    :raises CardError: when ``rank`` is not 1..14.
    """
    if rank in _RANK_TEXT:
        return _RANK_TEXT[rank]
    if 2 <= rank <= 10:
        return str(rank)
    raise CardError(f"no rank {rank!r}: ranks are 1..14")


def parse_rank(text: str) -> int:
    """Return the rank value (2..14, ace = 14) of ``2``..``10``, ``J``, ``Q``, ``K``, ``A``.

    :raises CardError: for any other text.
    """
    if text in _TEXT_RANK:
        return _TEXT_RANK[text]
    if text.isdigit() and 2 <= int(text) <= 10 and text == str(int(text)):
        return int(text)
    raise CardError(f"{quote(text)} is not a rank (2..10, J, Q, K, A)")


@dataclass(frozen=True, order=True)
class Face:
    """What a card shows or stands for: a rank (2..14) and a suit letter.

    ``suit`` is ``None`` only for a joker in a set, which stands for a rank alone
    (``JK(K)``). Faces order by rank, then suit.
    """

    rank: int
    suit: str | None

    def __str__(self) -> str:
        return rank_text(self.rank) + (self.suit or "")

    @property
    def name(self) -> str:
        """The English name ("seven of hearts"; "king" for a suitless set face)."""
        base = _RANK_NAMES[self.rank]
        return f"{base} of {_SUIT_NAMES[self.suit]}" if self.suit else base


def parse_face(text: str) -> Face:
    """Parse a natural face such as ``10H`` or ``AC`` (no jokers, no copy number).

    :raises CardError: when ``text`` is not a face.
    """
    match = _FACE_RE.match(text)
    if not match:
        raise CardError(f"{quote(text)} is not a card face (e.g. 10H, QS, AC)")
    return Face(parse_rank(match.group(1)), match.group(2))


def parse_stand_in(text: str) -> Face:
    """Parse what a joker stands for: a face ``6C`` or, in a set, a bare rank ``K``.

    :raises CardError: when ``text`` is neither.
    """
    if text and text[-1] in SUITS:
        return parse_face(text)
    return Face(parse_rank(text), None)


@dataclass(frozen=True, order=True)
class Card:
    """One physical card.

    ``rank`` is 2..14 (ace = 14) or :data:`JOKER_RANK` for a joker; ``suit`` is one of
    :data:`SUITS` or ``None`` for a joker; ``copy`` tells apart identical cards of
    different decks (0, 1, ...). Cards are immutable and hashable; they order by
    (rank, suit, copy), which gives every list of cards a stable canonical order.
    """

    rank: int
    suit: str | None
    copy: int = 0

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank == JOKER_RANK

    @property
    def face(self) -> Face:
        """The card's face. Only for natural cards.

        :raises CardError: for a joker (a joker's face depends on where it is played).
        """
        if self.is_joker:
            raise CardError("a joker has no face of its own")
        return Face(self.rank, self.suit)

    @property
    def key(self) -> str:
        """The card's unique key: face notation plus ``.n`` for copy n > 0 (``9H.1``)."""
        return _card_key(self.rank, self.suit, self.copy)

    @property
    def name(self) -> str:
        """English name for screen readers and logs ("nine of hearts", "joker")."""
        return "joker" if self.is_joker else self.face.name

    def __str__(self) -> str:
        return "JK" if self.is_joker else str(self.face)

    def __repr__(self) -> str:
        return f"parse_card({self.key!r})"


@functools.cache
def _card_key(rank: int, suit: str | None, copy: int) -> str:
    # Saves and views spell every card; a deck has about a hundred of them.
    return str(Card(rank, suit, copy)) + (f".{copy}" if copy else "")


def joker(copy: int = 0) -> Card:
    """Return joker number ``copy``."""
    return Card(JOKER_RANK, None, copy)


def parse_card(key: str) -> Card:
    """Parse a card key (``9H``, ``9H.1``, ``JK``, ``JK.2``) into the physical card.

    :raises CardError: when ``key`` is not a card key.
    """
    return _parse_card(key)


@functools.lru_cache(maxsize=1024)
def _parse_card(key: str) -> Card:
    # Loading a save parses every card of the deck; the same few hundred keys come back.
    match = _KEY_RE.match(key)
    if not match:
        raise CardError(f"{quote(key)} is not a card (e.g. 10H, QS.1, JK)")
    copy = int(match.group(2) or 0)
    if match.group(1) == "JK":
        return joker(copy)
    face = parse_face(match.group(1))
    return Card(face.rank, face.suit, copy)


@dataclass(frozen=True)
class FaceToken:
    """One token of the face notation: a natural face, or a joker with an optional stand-in.

    ``face`` is the natural card's face, or ``None`` for a joker; ``stands_for`` is the
    joker's identity written as ``JK(6C)``/``JK(K)``, else ``None``.
    """

    face: Face | None
    stands_for: Face | None = None

    @property
    def is_joker(self) -> bool:
        """True for a joker token."""
        return self.face is None

    def __str__(self) -> str:
        if self.face is not None:
            return str(self.face)
        return f"JK({self.stands_for})" if self.stands_for else "JK"


def parse_token(text: str) -> FaceToken:
    """Parse one face-notation token: ``10H``, ``JK`` or ``JK(6C)`` / ``JK(K)``.

    :raises CardError: when ``text`` is not such a token.
    """
    match = _JOKER_RE.match(text)
    if match:
        if match.group(1) is None:
            return FaceToken(None)
        return FaceToken(None, parse_stand_in(match.group(1) + (match.group(2) or "")))
    return FaceToken(parse_face(text))


def parse_faces(text: str) -> list[FaceToken]:
    """Parse a space-separated face notation such as ``"10H QS AC JK JK(6C)"``.

    :raises CardError: naming the first token that does not parse.
    """
    return [parse_token(part) for part in text.split()]


def format_faces(tokens: Iterable[FaceToken | Card]) -> str:
    """Write tokens or cards in face notation, separated by single spaces."""
    return " ".join(str(token) for token in tokens)


def cards_from_faces(text: str, used: Iterable[Card] = ()) -> list[Card]:
    """Turn face notation into physical cards, giving repeated faces the next free copy.

    ``"9H 9H 9S"`` becomes ``9H``, ``9H.1``, ``9S``; cards in ``used`` are skipped, so a
    test can deal two hands from one text each without clashes. Stand-ins on jokers
    are ignored here (they belong to melds).

    :raises CardError: when the text does not parse.
    """
    taken = set(used)
    result: list[Card] = []
    for token in parse_faces(text):
        copy = 0
        while True:
            if token.face is None:
                card = joker(copy)
            else:
                card = Card(token.face.rank, token.face.suit, copy)
            if card not in taken:
                break
            copy += 1
        taken.add(card)
        result.append(card)
    return result


def build_deck(decks: int, jokers: int) -> list[Card]:
    """Return ``decks`` full 52-card decks plus ``jokers`` jokers, in canonical order.

    Tress uses ``build_deck(2, 4..6)`` (T-1), Take ``build_deck(1, 2)`` (K-1).

    :raises ValueError: when ``decks`` < 1 or ``jokers`` < 0.
    """
    if decks < 1 or jokers < 0:
        raise ValueError(f"a deck needs decks >= 1 and jokers >= 0, not {decks} and {jokers}")
    return list(_canonical_deck(decks, jokers))


@functools.cache
def _canonical_deck(decks: int, jokers: int) -> tuple[Card, ...]:
    # Built and sorted once per shape: every deal, position check and bot's card count asks for it.
    cards = [Card(rank, suit, copy) for copy in range(decks) for suit in SUITS for rank in RANKS]
    cards.extend(joker(copy) for copy in range(jokers))
    return tuple(sorted(cards))


def keys(cards: Sequence[Card]) -> list[str]:
    """Return the keys of ``cards`` in the same order (the JSON form of a card list)."""
    return [card.key for card in cards]


def parse_keys(items: object) -> list[Card]:
    """Parse a JSON list of card keys.

    :raises CardError: when ``items`` is not a list of card keys.
    """
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise CardError(f"expected a list of card keys, got {quote(items)}")
    return [parse_card(item) for item in items]
