"""Undo within the person's turn: a lay-down, lay-off or extension is taken back exactly."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rummytable.page import bridge
from rummytable.page.session import NoMoveError, Session

Want = Callable[[dict[str, Any], dict[str, Any]], bool]


def _play_to(session: Session, want: Want, *, limit: int = 4000) -> dict[str, Any]:
    """Play on (computer seats by their bots, the person by drawing from the stock and discarding
    the first card he may) until the person, in the play phase, has a legal action that ``want``
    accepts; return that action."""
    for _ in range(limit):
        if session.bot_to_move() is not None:
            session.bot_step()
            continue
        view = session.view()
        legal = view["legal_actions"]
        if view["phase"] == "play":
            for action in legal:
                if want(view, action):
                    return dict(action)
        kinds = {action["kind"]: action for action in reversed(legal)}
        for kind in ("next_round", "next_hand", "draw_stock", "grant", "discard"):
            if kind in kinds:
                session.act(kinds[kind])
                break
        else:
            raise AssertionError(f"no plain move in {sorted(kinds)}")
    raise AssertionError("the wanted move never came up")


def _kind(kind: str) -> Want:
    return lambda view, action: action["kind"] == kind


def _take_over(view: dict[str, Any], action: dict[str, Any]) -> bool:
    """Take: an extension of a sequence someone else owns."""
    if action["kind"] != "extend":
        return False
    meld = next(m for m in view["melds"] if m["id"] == action["meld"])
    return bool(meld["owner"] != view["seat"])


def _tress() -> Session:
    return Session.new("tress", {"players": 3}, ["human", "easy", "easy"], seed=5)


def _take() -> Session:
    return Session.new("take", {"players": 2}, ["human", "easy"], seed=11)


@pytest.mark.parametrize(("make", "want"), [(_tress, _kind("lay_down")), (_take, _kind("lay_down")),
                                            (_take, _take_over)])
def test_undo_restores_the_match_exactly_as_it_stood_before_the_move(make: Callable[[], Session], want: Want) -> None:
    session = make()
    action = _play_to(session, want)
    before_save, before_view = session.save(), session.view()
    assert before_view["undo"] == 0
    after = session.act(action)
    assert after["view"]["undo"] == 1
    assert after["view"]["melds"] != before_view["melds"]
    undone = session.undo()
    assert undone["view"] == before_view
    assert session.save() == before_save  # hand, melds, owners, history and log all as before


def test_a_take_over_undone_gives_the_sequence_back_to_its_owner_K_12() -> None:
    session = _take()
    action = _play_to(session, _take_over)
    owner = next(m["owner"] for m in session.view()["melds"] if m["id"] == action["meld"])
    moved = session.act(action)["view"]
    assert next(m["owner"] for m in moved["melds"] if m["id"] == action["meld"]) == moved["seat"] != owner
    view = session.undo()["view"]
    assert next(m["owner"] for m in view["melds"] if m["id"] == action["meld"]) == owner
    assert set(action["cards"]) <= set(view["hand"])


def test_moves_of_a_turn_are_taken_back_one_by_one_newest_first() -> None:
    session = _tress()
    _play_to(session, _kind("lay_down"))
    saves = [session.save()]
    while True:  # lay down, then lay off while the person can, without going out
        view = session.view()
        moves = [a for a in view["legal_actions"] if a["kind"] in ("lay_down", "lay_off")]
        if not moves or len(view["hand"]) <= 2:
            break
        session.act(moves[0])
        if session.view()["undo"] == len(saves):
            saves.append(session.save())
        else:
            break
    assert len(saves) >= 2
    for count in range(len(saves) - 1, 0, -1):
        assert session.view()["undo"] == count
        session.undo()
        assert session.save() == saves[count - 1]
    with pytest.raises(NoMoveError):
        session.undo()


def test_the_draw_and_the_discard_cannot_be_undone() -> None:
    session = _tress()
    _play_to(session, lambda view, action: action["kind"] == "discard")
    with pytest.raises(NoMoveError, match="undo: nothing to take back"):
        session.undo()  # only the draw so far this turn
    action = _play_to(session, _kind("lay_down"))
    session.act(action)
    discard = next(a for a in session.view()["legal_actions"] if a["kind"] == "discard")
    session.act(discard)
    saved = session.save()
    assert session.view()["undo"] == 0
    with pytest.raises(NoMoveError):
        session.undo()
    assert session.save() == saved  # a refused undo changes nothing


def test_the_bridge_undo_answers_not_now_when_there_is_nothing_to_take_back() -> None:
    answer = json.loads(bridge.handle(json.dumps({"id": 1, "method": "new_match", "params": {
        "game": "take", "seats": ["human", "easy"], "seed": 11, "options": {"players": 2}}})))
    assert answer["result"]["view"]["undo"] == 0
    refused = json.loads(bridge.handle(json.dumps({"id": 2, "method": "undo", "params": {}})))
    assert refused["error"]["type"] == "not_now"
    assert "nothing to take back" in refused["error"]["message"]
    extra = json.loads(bridge.handle(json.dumps({"id": 3, "method": "undo", "params": {"steps": 2}})))
    assert extra["error"]["type"] == "bad_params"
