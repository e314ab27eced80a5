"""The bridge's save methods: save, load and check_save (which never touches the match in progress)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rummytable.page import bridge


def call(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """Send one request through :func:`bridge.handle` and return the decoded answer."""
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps({"id": 1, "method": method, "params": params or {}})))
    return answer


def result(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = call(method, params)
    assert "result" in answer, answer
    found: dict[str, Any] = answer["result"]
    return found


def played_save(game: str, seats: list[str], steps: int, seed: int = 5) -> dict[str, Any]:
    """The save of a match in which the computer seats have made ``steps`` moves (the person none)."""
    result("new_match", {"game": game, "seats": seats, "seed": seed, "options": {"players": len(seats)}})
    for _ in range(steps):
        if result("bot_step").get("idle"):
            break
    return result("save")


@pytest.mark.parametrize(("game", "seats"), [("tress", ["easy", "easy", "easy"]), ("take", ["easy", "human"])])
def test_check_save_summarises_a_save(game: str, seats: list[str]) -> None:
    saved = played_save(game, seats, 30)
    view = result("state")["view"]
    answer = call("check_save", saved)
    assert answer["result"]["ok"] is True
    summary = answer["result"]["summary"]
    human = seats.index("human") if "human" in seats else None
    assert summary == {
        "game": game, "players": len(seats), "seats": seats, "human": human,
        "phase": view["phase"], "round": view["round"], "target": 500 if game == "take" else None,
        "scores": view["scores"], "moves": summary["moves"],
    }
    assert summary["moves"] >= 1


def test_check_save_never_replaces_the_match_in_progress() -> None:
    other = played_save("take", ["human", "easy"], 3, seed=8)
    mine = played_save("tress", ["human", "easy", "easy"], 4, seed=9)
    view = result("state")["view"]
    assert result("check_save", other)["summary"]["game"] == "take"
    assert result("state")["view"] == view
    assert result("save") == mine
    broken = {**other, "position": other["position"].replace('"to_move":', '"to_move_":')}
    assert call("check_save", broken)["error"]["type"] == "PositionError"
    assert result("save") == mine


def _corruptions(saved: dict[str, Any]) -> list[dict[str, Any]]:
    position = json.loads(saved["position"])
    deep = "[" * 3000 + "]" * 3000
    return [
        {**saved, "position": "{not json"},
        {**saved, "position": saved["position"][: len(saved["position"]) // 2]},
        {**saved, "position": saved["position"][:-1] + ',"extra":' + deep + "}"},
        {**saved, "position": json.dumps({**position, "schema": 1.0})},
        {**saved, "position": json.dumps({**position, "stock": position["stock"][::-1]})},
        {**saved, "game": "tress"},
        {**saved, "game": "poker"},
        {**saved, "seats": ["human", "wizard"]},
        {**saved, "seats": ["human"]},
        {**saved, "seed": "1"},
        {**saved, "position": 7},
        {**saved, "extra": 1},
    ]


def test_check_save_gives_the_same_error_as_load_and_load_keeps_the_match() -> None:
    saved = played_save("take", ["human", "easy"], 6, seed=2)
    current = played_save("tress", ["human", "easy", "easy"], 2, seed=3)
    for corrupt in _corruptions(saved):
        checked, loaded = call("check_save", corrupt), call("load", corrupt)
        assert "error" in checked and checked == loaded, corrupt
        assert checked["error"]["type"] in ("PositionError", "bad_params")
        assert len(checked["error"]["message"]) <= bridge.MAX_MESSAGE_CHARS
        assert result("save") == current


def test_a_deeply_nested_field_in_a_save_is_rejected_with_a_message() -> None:
    saved = played_save("tress", ["human", "easy", "easy"], 2, seed=3)
    deep = saved["position"][:-1] + ',"extra":' + "[" * 3000 + "]" * 3000 + "}"
    answer = call("load", {**saved, "position": deep})
    assert answer["error"]["type"] == "PositionError"
    assert "more than 24 levels deep" in answer["error"]["message"]


def test_check_save_answers_for_a_save_that_load_accepts() -> None:
    saved = played_save("take", ["human", "easy"], 9, seed=4)
    summary = result("check_save", saved)["summary"]
    view = result("load", saved)["view"]
    assert (summary["round"], summary["scores"], summary["phase"]) == (view["round"], view["scores"], view["phase"])
