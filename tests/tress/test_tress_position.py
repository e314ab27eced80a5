"""Tress positions: save/load round trips, replay, views, and corrupt positions rejected."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from test_tress_helpers import play_random, random_action, reshuffle_hidden, table

from rummytable.game import MalformedActionError, Phase, PositionError
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario

COMMON_VIEW_KEYS = {
    "game", "schema", "seat", "players", "phase", "to_move", "dealer", "round", "hand", "hand_counts",
    "stock_count", "discard_top", "discard_count", "discard_dead", "drawn_from_discard", "melds", "scores",
    "round_scores", "last_result", "winners", "legal_actions", "options", "log",
}
TRESS_VIEW_KEYS = {"contract", "down", "claims", "claims_used", "penalty_cards", "stale_restocks", "take_window"}


def _mid_game(seed: int = 3, steps: int = 120) -> TressGame:
    game = TressGame.new({"players": 4}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(random_action(game, rng))
    return game


def test_save_load_save_is_identical() -> None:
    game = _mid_game()
    text = game.save()
    again = TressGame.load(text)
    assert again.save() == text
    assert again.view(1) == game.view(1)


def test_replay_from_options_seed_and_actions() -> None:
    game = _mid_game(seed=11, steps=200)
    actions = [a.to_json() for a in game.history]
    replayed = TressGame.replay(game.options.to_json(), 11, actions)
    assert replayed.save() == game.save()


def test_replay_rejects_a_bad_action() -> None:
    with pytest.raises(MalformedActionError):
        TressGame.replay({}, 1, [{"kind": "shuffle", "seat": 0}])


def test_view_has_the_common_and_tress_keys() -> None:
    game = _mid_game()
    view = game.view(2)
    assert set(view) == COMMON_VIEW_KEYS | TRESS_VIEW_KEYS
    assert view["game"] == "tress"
    assert view["seat"] == 2
    assert view["players"] == 4
    json.dumps(view)
    for m in view["melds"]:
        assert set(m) == {"id", "owner", "kind", "cards", "faces", "start", "locked"}


def test_view_does_not_depend_on_hidden_cards() -> None:
    game = _mid_game(seed=8, steps=150)
    assert game.phase in (Phase.DRAW, Phase.CLAIM, Phase.PLAY)
    rng = random.Random(0)
    for seat in range(4):
        assert reshuffle_hidden(game, seat, rng).view(seat) == game.view(seat)
        assert game.view(seat)["hand"] == [c.key for c in game.hand(seat)]


def test_position_keys_documented() -> None:
    data = _mid_game().to_position()
    assert data["schema"] == 1
    assert data["game"] == "tress"
    for key in ("hands", "stock", "discard", "melds", "round", "scores", "dealer", "phase", "claims", "down",
                "options", "seed", "restocks", "history", "log"):
        assert key in data


def _corrupt(change: Any) -> dict[str, Any]:
    data = scenario([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    data = copy.deepcopy(data)
    change(data)
    return data


@pytest.mark.parametrize(("name", "change", "message"), [
    ("schema", lambda d: d.update(schema=99), "schema 99"),
    ("game", lambda d: d.update(game="take"), "'game' must be 'tress'"),
    ("duplicate card", lambda d: d["hands"][0].append(d["hands"][1][0]), "exactly one place"),
    ("missing card", lambda d: d["stock"].pop(), "exactly one place"),
    ("unknown card", lambda d: d["stock"].append("1X"), "not a card"),
    ("seat", lambda d: d.update(to_move=7), "'to_move' must be 0..3"),
    ("phase", lambda d: d.update(phase="dancing"), "unknown phase"),
    ("hand size", lambda d: d["stock"].append(d["hands"][2].pop()), "cannot hold fewer"),
    ("claim phase", lambda d: d.update(phase="claim"), "pending call"),
    ("claim by drawer", lambda d: d.update(phase="claim", claims=[1]), "may not call"),
    ("down without melds", lambda d: d.update(down=[True, False, False, False]), "has not laid"),
    ("scores", lambda d: d.update(scores=[5, 0, 0, 0]), "sum of the rounds"),
    ("options", lambda d: d["options"].update(players=9), "bad options"),
    ("hands count", lambda d: d["hands"].pop(), "3 hands for 4 players"),
    ("drawn card", lambda d: d.update(drawn_from_discard="10H"), "drawn_from_discard"),
    ("history", lambda d: d.update(history=[{"kind": "fly", "seat": 0}]), "bad history"),
    ("not an object", lambda d: d.update(log=[3]), "log entries"),
])
def test_corrupt_positions_are_rejected(name: str, change: Any, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        TressGame.from_position(_corrupt(change))


def test_corrupt_melds_are_rejected() -> None:
    good = scenario(["2C 3C", None, None, None], melds=[(0, "4H 4S 4C"), (0, "KD KS KC")])
    TressGame.from_position(good)
    bad = copy.deepcopy(good)
    bad["melds"][0]["rank"] = 5
    with pytest.raises(PositionError, match="meld 0 is not valid"):
        TressGame.from_position(bad)
    bad = copy.deepcopy(good)
    bad["melds"][1]["owner"] = 2
    with pytest.raises(PositionError, match="down"):
        TressGame.from_position(bad)


def test_load_rejects_non_json() -> None:
    with pytest.raises(PositionError):
        TressGame.load("{not json")
    with pytest.raises(PositionError):
        TressGame.from_position([1, 2, 3])


def test_finished_match_round_trips() -> None:
    game = TressGame.new({"players": 3}, 4)
    play_random(game, random.Random(4))
    assert game.phase is Phase.MATCH_OVER
    assert TressGame.load(game.save()).save() == game.save()
    assert game.legal_actions(0) == []


def test_copy_is_independent() -> None:
    game = _mid_game()
    before = game.save()
    other = game.copy()
    play_random(other, random.Random(1), max_steps=100)
    assert game.save() == before


def test_public_log_hides_stock_draws() -> None:
    game = _mid_game(seed=5, steps=60)
    drawn = [e for e in game.public_log if e["kind"] == "card_drawn" and e["source"] == "stock"]
    assert drawn
    assert all(e["card"] is None for e in drawn)
    mine = [e for e in game.view(0)["log"] if e["kind"] == "card_drawn" and e["seat"] == 0
            and e["source"] == "stock"]
    assert all(e["card"] is not None for e in mine)


def test_scenario_builds_the_described_table() -> None:
    game = table(["4H 4S 4C KD KS JK 7C 2D", None, None, None])
    assert [c.key for c in game.hand(0)] == ["JK", "2D", "4C", "4H", "4S", "7C", "KD", "KS"]
    assert game.phase is Phase.PLAY
    assert game.to_move == 0


def test_card_from_discard_pile_melded_this_turn_survives_save_and_load() -> None:
    from rummytable.tress.game import TressGame
    from rummytable.tress.position import scenario

    game = TressGame.from_position(scenario(
        ["4H 4S KD KS JK 7C 2D", None, None, None], phase="draw", discard="9D 4C", discarder=3))
    game.apply_json({"kind": "draw_discard", "seat": 0})
    held = {c.key for c in game.hand(0)}
    four = next(k for k in held if k.startswith("4C"))
    game.apply_json({"kind": "lay_down", "seat": 0, "melds": [
        {"kind": "set", "cards": [*sorted(k for k in held if k[:2] in ("4H", "4S")), four]},
        {"kind": "set", "cards": sorted(k for k in held if k[:2] in ("KD", "KS") or k.startswith("JK"))}]})
    assert game.state.drawn_from_discard is None  # melded, so nothing is left to bar from the discard
    assert TressGame.load(game.save()).save() == game.save()


def test_stuck_position_is_rejected_T_14() -> None:
    # P1 is down and holds only the card just taken from the discard pile: he may not discard
    # it (T-14), and it fits no meld, so the game could never go on.
    data = scenario(["9S", None, None], melds=[(0, "4H 4S 4C"), (0, "KD KS KC")], drawn_from_discard="9S",
                    discard="2D")
    with pytest.raises(PositionError, match="P1 is to act in phase play but has no legal action"):
        TressGame.from_position(data)
    # Not stuck: the lone card may be laid off to go out (out_without_discard, T-15).
    game = TressGame.from_position(scenario(["4D", None, None], melds=[(0, "4H 4S 4C"), (0, "KD KS KC")],
                                            drawn_from_discard="4D", options={"out_without_discard": True}))
    assert [a.KIND for a in game.legal_actions(0)] == ["lay_off"]


@pytest.mark.parametrize("key", ["extra", "Schema", "to-move"])
def test_unknown_top_level_keys_are_rejected(key: str) -> None:
    data = _mid_game().to_position()
    data[key] = 1
    with pytest.raises(PositionError, match=f"unknown keys \\['{key}'\\]"):
        TressGame.from_position(data)


@pytest.mark.parametrize("key", ["to_move", "discarder", "last_result", "drawn_from_discard"])
def test_missing_keys_are_rejected(key: str) -> None:
    data = _mid_game().to_position()
    del data[key]
    with pytest.raises(PositionError, match=f"missing keys \\['{key}'\\]"):
        TressGame.from_position(data)


def test_the_history_must_lead_to_the_saved_position() -> None:
    data = _mid_game().to_position()
    data["stock"][0], data["stock"][-1] = data["stock"][-1], data["stock"][0]
    with pytest.raises(PositionError, match=r"the history does not lead to this position \(stock\[0\] differs\)"):
        TressGame.from_position(data)
    data = _mid_game().to_position()
    data["hands"][1][0], data["hands"][2][0] = data["hands"][2][0], data["hands"][1][0]
    with pytest.raises(PositionError, match="does not lead"):
        TressGame.from_position(data)


def test_a_damaged_log_entry_is_rejected_before_the_page_sees_it() -> None:
    data = _mid_game().to_position()
    index = next(i for i, e in enumerate(data["log"]) if e["kind"] == "meld_created")
    data["log"][index]["data"] = {"meld": {"cards": 5}}
    with pytest.raises(PositionError, match=rf"log\[{index}\]"):
        TressGame.from_position(data)
    data["log"] = data["log"][:-1]
    with pytest.raises(PositionError, match="log"):
        TressGame.from_position(data)


def test_a_log_without_a_history_is_rejected_unless_it_is_the_first_deal() -> None:
    fresh = TressGame.new({"players": 4}, 21)
    assert TressGame.load(fresh.save()).save() == fresh.save()
    data = _mid_game().to_position()
    data["history"] = []
    with pytest.raises(PositionError, match="no history has no log"):
        TressGame.from_position(data)


@pytest.mark.parametrize("entry", [{"kind": ["discard"], "seat": 0}, {"kind": "next_round", "seat": 0}])
def test_a_history_entry_that_cannot_be_replayed_is_refused(entry: dict[str, Any]) -> None:
    data = _mid_game().to_position()
    data["history"][7] = entry
    with pytest.raises(PositionError, match="history"):
        TressGame.from_position(data)


@pytest.mark.parametrize("last", [
    {"round": 1, "hands": 5, "points": [0, 0, 0], "out": None},
    {"round": 1, "hands": [["ZZ"], [], []], "points": [0, 0, 0], "out": None},
    {"round": 1, "hands": [[], [], []], "points": [0, 0, 0], "out": 7},
    {"round": 1, "hands": [[], [], []], "points": [0, 0, 0], "out": None, "extra": [[[]]]},
])
def test_last_result_must_have_its_shape(last: object) -> None:
    data = scenario([None] * 3, phase="round_over", to_move=1, dealer=0)
    TressGame.from_position(copy.deepcopy(data))
    data["last_result"] = last
    with pytest.raises(PositionError, match="last_result"):
        TressGame.from_position(data)


def test_a_scenario_played_on_saves_its_start() -> None:
    data = scenario(["4H 4S KD KS JK 7C 2D", None, None, None], phase="draw", discard="9D 4C", discarder=3)
    game = TressGame.from_position(copy.deepcopy(data))
    game.apply_json({"kind": "draw_stock", "seat": 0})
    saved = game.to_position()
    assert saved["start"] == TressGame.from_position(copy.deepcopy(data)).to_position()
    assert TressGame.load(game.save()).save() == game.save()
    saved["start"]["stock"] = saved["start"]["stock"][1:] + saved["start"]["stock"][:1]
    with pytest.raises(PositionError, match="does not lead"):
        TressGame.from_position(saved)


def test_a_deeply_nested_field_is_rejected_with_a_message() -> None:
    text = _mid_game(steps=30).save()
    for key in ("extra", "last_result"):
        nested = text[:-1] + f',"{key}":' + "[" * 3000 + "]" * 3000 + "}"
        with pytest.raises(PositionError, match="more than 24 levels deep"):
            TressGame.load(nested)
    with pytest.raises(PositionError, match=r"unknown keys \['extra'\]"):
        TressGame.load(text[:-1] + ',"extra":' + "[" * 20 + "]" * 20 + "}")
