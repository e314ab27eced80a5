"""Both games' positions share one shape: the same key for the player to move, strict readers, and
one canonical text (``load(text).save()`` is the same for every text of the same position)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rummytable import TakeGame, TressGame, load
from rummytable.game import Game, Phase, PositionError
from rummytable.tools.autoplay import uniform_action

GAMES: dict[str, type[TressGame] | type[TakeGame]] = {"tress": TressGame, "take": TakeGame}


def played(name: str, seed: int, moves: int) -> Game:
    """A match of ``name`` after up to ``moves`` uniformly random legal actions."""
    game: Game = GAMES[name].new({"players": 3}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.phase is Phase.MATCH_OVER:
            break
        game.apply(uniform_action(game, rng))
    return game


def positions(name: str) -> list[dict[str, Any]]:
    return [json.loads(played(name, seed, moves).save()) for seed, moves in ((1, 0), (2, 25), (3, 60), (4, 140))]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_player_to_move_is_to_move_in_positions_and_views(name: str) -> None:
    for data in positions(name):
        game = load(json.dumps(data))
        assert "to_move" in data and "turn" not in data
        assert data["to_move"] == game.view(0)["to_move"] or game.phase is Phase.ROUND_OVER
        assert data["schema"] == game.view(0)["schema"] == 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_any_order_of_the_hands_saves_back_the_one_canonical_text(name: str) -> None:
    rng = random.Random(5)
    for data in positions(name):
        canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
        shuffled = dict(data, hands=[rng.sample(hand, len(hand)) for hand in data["hands"]])
        assert load(json.dumps(shuffled)).save() == canonical
        assert load(json.dumps(data, indent=1)).save() == canonical


@pytest.mark.parametrize("name", sorted(GAMES))
def test_melds_carry_their_kind_in_both_games(name: str) -> None:
    data = next(d for d in (json.loads(played(name, s, 200).save()) for s in range(20)) if d["melds"])
    assert all(meld["kind"] in ("set", "run") for meld in data["melds"])
    load(json.dumps(data))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("where", ["top", "meld", "log"])
def test_an_unknown_key_is_refused_anywhere(name: str, where: str) -> None:
    data = next(d for d in (json.loads(played(name, s, 200).save()) for s in range(20)) if d["melds"] and d["log"])
    target = {"top": data, "meld": data["melds"][0], "log": data["log"][0]}[where]
    target["colour"] = "red"
    with pytest.raises(PositionError, match="colour"):
        load(json.dumps(data))


def test_a_take_save_that_names_the_player_to_move_turn_still_loads() -> None:
    data = positions("take")[2]
    old = {("turn" if key == "to_move" else key): value for key, value in data.items()}
    old["melds"] = [{k: v for k, v in meld.items() if k != "kind"} for meld in data["melds"]]
    assert json.loads(load(json.dumps(old)).save()) == data


def test_a_take_meld_is_a_run() -> None:
    data = next(d for d in (json.loads(played("take", s, 200).save()) for s in range(20)) if d["melds"])
    data["melds"][0]["kind"] = "set"
    with pytest.raises(PositionError, match="kind: 'run'"):
        load(json.dumps(data))
