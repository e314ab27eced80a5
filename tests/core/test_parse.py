"""game.parse reads what str(action) writes, in both games; apply_unchecked is apply without the checks."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rummytable import TakeGame, TressGame
from rummytable.cards import Card, parse_card
from rummytable.game import Action, Game, MalformedActionError, Phase
from rummytable.melds import End, MeldKind
from rummytable.take import actions as take_actions
from rummytable.tools.autoplay import uniform_action
from rummytable.tress import actions as tress_actions

GAMES: list[type[TressGame] | type[TakeGame]] = [TressGame, TakeGame]


def cards(keys: str) -> tuple[Card, ...]:
    return tuple(parse_card(key) for key in keys.split())


def random_positions(cls: type[TressGame] | type[TakeGame], seeds: range, moves: int) -> Iterator[Game]:
    """Every position of seeded uniformly random matches, up to ``moves`` actions each."""
    for seed in seeds:
        game: Game = cls.new({"players": 3}, seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if game.phase is Phase.MATCH_OVER:
                break
            yield game
            game.apply(uniform_action(game, rng))


@pytest.mark.parametrize("cls", GAMES)
def test_every_legal_action_reads_back_from_its_readable_form(cls: type[TressGame] | type[TakeGame]) -> None:
    seen: set[str] = set()
    for game in random_positions(cls, range(4), 250):
        for seat in range(game.num_players):
            for action in game.legal_actions(seat):
                assert game.parse(str(action)) == action, str(action)
                seen.add(action.KIND)
    assert seen >= {"draw_stock", "draw_discard", "discard", "lay_down"}


@pytest.mark.parametrize(("cls", "action"), [
    (TressGame, tress_actions.Call(1, parse_card("9H.1"))),
    (TressGame, tress_actions.LayDown(0, (tress_actions.MeldSpec(MeldKind.RUN, cards("JK 2H 3H 4H"), 1),
                                          tress_actions.MeldSpec(MeldKind.SET, cards("9H 9S JK.2"))))),
    (TressGame, tress_actions.LayOff(2, parse_card("JK.3"), 4, End.LOW)),
    (TressGame, tress_actions.SwapJoker(0, parse_card("6H"), 11)),
    (TressGame, tress_actions.Grant(1)),
    (TakeGame, take_actions.LayDown(1, cards("JK 2H 3H"), 1)),
    (TakeGame, take_actions.Extend(0, 3, cards("JK.1 10C"), End.LOW)),
    (TakeGame, take_actions.NextHand(2)),
])
def test_actions_not_listed_now_read_back_too(cls: type[TressGame] | type[TakeGame], action: Action) -> None:
    assert cls.new({"players": 3}, 1).parse(str(action)) == action


@pytest.mark.parametrize("cls", GAMES)
@pytest.mark.parametrize("text", ["", "P0 discard 9H", "P4 discard 9H", "P1 discard", "P1 discard 9X",
                                  "P1 fly", "discard 9H", "P1 draw stock now"])
def test_text_that_is_no_action_is_refused(cls: type[TressGame] | type[TakeGame], text: str) -> None:
    with pytest.raises(MalformedActionError):
        cls.new({"players": 3}, 1).parse(text)


def test_the_example_of_the_library_face() -> None:
    game = TressGame.new({"players": 3}, 1)
    assert game.parse("P3 discard 9H") == tress_actions.Discard(2, parse_card("9H"))
    assert str(game.parse("P1 lay down set 9H 9S 9C | run 4D 5D 6D 7D")) == "P1 lay down set 9H 9S 9C | run 4D 5D 6D 7D"


@pytest.mark.parametrize("cls", GAMES)
def test_apply_unchecked_plays_legal_actions_exactly_as_apply(cls: type[TressGame] | type[TakeGame]) -> None:
    checked: Game = cls.new({"players": 3}, 9)
    unchecked = checked.copy()
    rng = random.Random(9)
    for _ in range(300):
        if checked.phase is Phase.MATCH_OVER:
            break
        action = uniform_action(checked, rng)
        assert [e.to_json() for e in checked.apply(action)] == [e.to_json() for e in unchecked.apply_unchecked(action)]
        assert unchecked.save() == checked.save()


@pytest.mark.parametrize("cls", GAMES)
def test_apply_unchecked_does_not_ask_the_rules(cls: type[TressGame] | type[TakeGame]) -> None:
    game: Game = cls.new({"players": 3}, 2)
    mover = game.to_move or 0
    out_of_turn = (mover + 1) % 3
    draw = tress_actions.DrawStock(out_of_turn)
    assert not game.is_legal(draw)
    game.apply_unchecked(draw)  # refused by apply; the caller vouches for it here
    assert len(game.hand(out_of_turn)) == len(game.hand(mover)) + 1
    assert game.history[-1] == draw
