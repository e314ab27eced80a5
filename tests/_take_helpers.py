"""Helpers for the Take tests: build situations from face notation and act by faces."""

from __future__ import annotations

from typing import Any

import pytest

from rummytable.cards import Card, parse_faces
from rummytable.game import Action, IllegalActionError
from rummytable.melds import End
from rummytable.take.actions import Discard, Extend, LayDown
from rummytable.take.game import TakeGame


def situation(**kwargs: Any) -> TakeGame:
    """A game in the given situation (see :meth:`TakeGame.from_faces`)."""
    return TakeGame.from_faces(**kwargs)


def held(game: TakeGame, seat: int, text: str) -> tuple[Card, ...]:
    """The physical cards of ``seat`` matching ``text`` (face notation; stand-ins on jokers ignored)."""
    hand = sorted(game.state.hands[seat])
    cards: list[Card] = []
    for token in parse_faces(text):
        match = next(c for c in hand if c not in cards and (c.is_joker if token.is_joker
                                                            else not c.is_joker and c.face == token.face))
        cards.append(match)
    return tuple(cards)


def lay(game: TakeGame, seat: int, text: str) -> LayDown:
    """The lay-down of ``text`` (table order) from ``seat``'s hand."""
    return LayDown(seat, held(game, seat, text))


def ext(game: TakeGame, seat: int, meld: int, text: str, end: str) -> Extend:
    """The extension of sequence ``meld`` by ``text`` at ``end`` ("low"/"high")."""
    return Extend(seat, meld, held(game, seat, text), End(end))


def dis(game: TakeGame, seat: int, text: str) -> Discard:
    """The discard of the card ``text`` from ``seat``'s hand."""
    return Discard(seat, held(game, seat, text)[0])


def table(game: TakeGame) -> list[tuple[int, str]]:
    """The table as (owner, notation with joker identities) per sequence, in id order."""
    return [(seq.owner, seq.meld.notation()) for seq in game.sequences()]


def kinds(events: list[Any]) -> list[str]:
    """The kinds of a list of events."""
    return [event.kind for event in events]


def rejects(game: TakeGame, action: Action, rule: str) -> IllegalActionError:
    """Assert ``action`` is illegal under ``rule``, that the game is unchanged, and return the error."""
    before = game.save()
    assert not game.is_legal(action)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.rule == rule, str(info.value)
    assert f"rule {rule}" in str(info.value) and f"phase {game.phase.value}" in str(info.value)
    assert game.save() == before
    return info.value


def canonical(game: TakeGame, action: Action) -> Action:
    """The listed form of a play: the seat's held jokers in key order, no ``start`` (see take_plays)."""
    if not isinstance(action, (LayDown, Extend)) or not 0 <= action.seat < game.num_players:
        return action
    jokers = iter(sorted(c for c in game.state.hands[action.seat] if c.is_joker)
                  + sorted(c for c in action.cards if c.is_joker))
    cards = tuple(next(jokers) if c.is_joker else c for c in action.cards)
    if isinstance(action, LayDown):
        return LayDown(action.seat, cards)
    return Extend(action.seat, action.meld, cards, action.end)
