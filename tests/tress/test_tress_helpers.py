"""Shared helpers for the Tress tests: games built from face notation, checks, random play.

(No tests here; pytest collects the file harmlessly.)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rummytable.cards import Card, build_deck, cards_from_faces
from rummytable.game import IllegalActionError, Phase
from rummytable.tools.autoplay import uniform_action
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario


def table(hands: list[str | None], **kwargs: Any) -> TressGame:
    """A game in the situation described: see :func:`rummytable.tress.position.scenario`."""
    return TressGame.from_position(scenario(hands, **kwargs))


def card(game: TressGame, seat: int, face: str) -> str:
    """The key of the first card in ``seat``'s hand showing ``face`` ("9H" -> "9H" or "9H.1")."""
    wanted = cards_from_faces(face)[0]
    for held in game.hand(seat):
        if held.rank == wanted.rank and held.suit == wanted.suit:
            return held.key
    raise AssertionError(f"P{seat + 1} holds no {face}: {[c.key for c in game.hand(seat)]}")


def keys_for(game: TressGame, seat: int, faces: str) -> list[str]:
    """Keys of distinct cards in ``seat``'s hand for each face in ``faces`` (in order)."""
    pool = list(game.hand(seat))
    result = []
    for wanted in cards_from_faces(faces):
        match = next((c for c in pool if c.rank == wanted.rank and c.suit == wanted.suit), None)
        assert match is not None, f"P{seat + 1} holds no more {wanted}"
        pool.remove(match)
        result.append(match.key)
    return result


def meld(kind: str, game: TressGame, seat: int, faces: str, start: int | None = None) -> dict[str, Any]:
    """Meld JSON for ``seat`` from faces in its hand (run faces in order low to high)."""
    data: dict[str, Any] = {"kind": kind, "cards": keys_for(game, seat, faces)}
    if start is not None:
        data["start"] = start
    return data


def melds(game: TressGame, seat: int, *specs: tuple[str, str]) -> list[dict[str, Any]]:
    """Meld JSON for several melds from one hand, each physical card used once: specs are (kind, faces)."""
    pool = list(game.hand(seat))
    result = []
    for kind, faces in specs:
        keys = []
        for wanted in cards_from_faces(faces):
            match = next((c for c in pool if c.rank == wanted.rank and c.suit == wanted.suit), None)
            assert match is not None, f"P{seat + 1} holds no more {wanted}"
            pool.remove(match)
            keys.append(match.key)
        result.append({"kind": kind, "cards": keys})
    return result


def lay_down(seat: int, *melds: dict[str, Any]) -> dict[str, Any]:
    """A lay_down action JSON."""
    return {"kind": "lay_down", "seat": seat, "melds": list(melds)}


def assert_illegal(game: TressGame, action: dict[str, Any], rule: str) -> IllegalActionError:
    """Applying ``action`` raises IllegalActionError for ``rule`` and changes nothing."""
    before = game.save()
    with pytest.raises(IllegalActionError) as info:
        game.apply_json(action)
    assert info.value.rule == rule, str(info.value)
    assert game.save() == before
    assert not game.is_legal(game.action_from_json(action))
    return info.value


def kinds(events: list[Any]) -> list[str]:
    """The kinds of a list of events."""
    return [e.kind for e in events]


def all_cards(game: TressGame) -> Counter[Card]:
    """Every card's count over hands, stock, discard pile and melds."""
    cards = [c for h in game.state.hands for c in h] + game.state.stock + game.state.discard
    cards += [c for t in game.state.melds.values() for c in t.meld.cards]
    return Counter(cards)


def full_deck(game: TressGame) -> Counter[Card]:
    """The deck the game is played with (T-1)."""
    return Counter(build_deck(2, game.options.joker_count))


def random_action(game: TressGame, rng: random.Random) -> Any:
    """A uniformly random legal action over every seat's legal actions (claims included)."""
    return uniform_action(game, rng)


def play_random(game: TressGame, rng: random.Random, max_steps: int = 50_000) -> int:
    """Play uniformly random legal actions until the match is over; return the steps taken."""
    steps = 0
    while game.phase is not Phase.MATCH_OVER and steps < max_steps:
        game.apply(random_action(game, rng))
        steps += 1
    return steps


def reshuffle_hidden(game: TressGame, seat: int, rng: random.Random) -> TressGame:
    """A copy where every card ``seat`` cannot see (other hands, stock) is dealt anew, sizes kept."""
    other = game.copy()
    seats = [s for s in range(game.num_players) if s != seat]
    pool = [c for s in seats for c in other.state.hands[s]] + other.state.stock
    rng.shuffle(pool)
    for s in seats:
        size = len(other.state.hands[s])
        other.state.hands[s], pool = pool[:size], pool[size:]
    other.state.stock = pool
    return other
