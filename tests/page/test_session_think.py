"""A computer move worked out ahead (:meth:`Session.bot_think`) and made by the next ``bot_step``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rummytable.page import bridge
from rummytable.page.session import Session

Stop = Callable[[Session], bool]


def _counted(session: Session) -> list[int]:
    """Count every computer decision of ``session`` (per call, the seat that decided)."""
    seats: list[int] = []
    for seat, bot in session.bots.items():
        decide = bot.decide

        def counting(view: dict[str, Any], log: list[dict[str, Any]], *, _seat: int = seat,
                     _decide: Any = decide) -> Any:
            seats.append(_seat)
            return _decide(view, log)

        bot.decide = counting  # type: ignore[method-assign]
    return seats


def _play_until(session: Session, stop: Stop, *, limit: int = 3000) -> None:
    """Play on (computer seats by ``bot_step``, the person by a stock draw and his first discard,
    letting every card go) until ``stop(session)``."""
    for _ in range(limit):
        if stop(session):
            return
        if session.bot_to_move() is not None:
            session.bot_step()
            continue
        kinds = {action["kind"]: action for action in reversed(session.view()["legal_actions"])}
        kind = next(k for k in ("next_round", "next_hand", "draw_stock", "grant", "discard") if k in kinds)
        session.act(kinds[kind])
    raise AssertionError("the wanted position never came up")


def _tress() -> Session:
    return Session.new("tress", {"players": 4}, ["human", "normal", "normal", "normal"], seed=8)


def _bot_to_move(session: Session) -> bool:
    return session.bot_to_move() is not None and len(session.game.history) > 12


def _person_may_call(session: Session) -> bool:
    """A computer seat is to move while the person may still call "take it" for the top discard (T-16)."""
    legal = session.view()["legal_actions"]
    return session.bot_to_move() is not None and any(action["kind"] == "call" for action in legal)


def test_bot_step_makes_the_move_worked_out_ahead_without_deciding_again() -> None:
    thinking, plain = _tress(), _tress()
    for session in (thinking, plain):
        _play_until(session, _bot_to_move)
    decided = _counted(thinking)
    saved = thinking.game.save()
    assert thinking.bot_think() == {"seat": thinking.bot_to_move()}
    assert thinking.game.save() == saved, "thinking changed the match"
    assert thinking.bot_think() == {"seat": thinking.bot_to_move()}
    assert len(decided) == 1, "thinking twice on the same position decided twice"
    step = thinking.bot_step()
    assert len(decided) == 1, "bot_step decided again instead of making the move worked out ahead"
    assert step["action"] == plain.bot_step()["action"]
    assert thinking.game.save() == plain.game.save()
    thinking.bot_step()
    assert len(decided) == 2, "a move worked out ahead was made twice"


def test_a_call_made_while_the_computer_thinks_comes_first_and_the_move_is_decided_anew() -> None:
    session = _tress()
    _play_until(session, _person_may_call)
    decided = _counted(session)
    drawer = session.bot_to_move()
    assert session.bot_think() == {"seat": drawer}
    call = next(action for action in session.view()["legal_actions"] if action["kind"] == "call")
    session.act(call)  # the person calls "take it" during the computer's pause (T-16)
    moves = len(session.game.history)
    seat = session.bot_to_move()
    step = session.bot_step()
    assert len(decided) == 2, "the move worked out before the call was made after it"
    assert step["seat"] == seat
    assert len(session.game.history) == moves + 1, "the call was not the move before the computer's"


def test_bot_think_is_idle_when_the_person_is_to_move() -> None:
    session = _tress()
    _play_until(session, lambda s: s.bot_to_move() is None and s.view()["phase"] == "draw")
    saved = session.game.save()
    assert session.bot_think() == {"idle": True}
    assert session.game.save() == saved


def test_the_bridge_answers_bot_think_with_the_seat_and_changes_nothing() -> None:
    def call(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(bridge.handle(json.dumps({"id": 1, "method": method,
                                                                       "params": params or {}})))
        return answer

    started = call("new_match", {"game": "take", "seats": ["easy", "normal"], "seed": 4, "options": {}})
    seat = started["result"]["view"]["to_move"]
    before = call("save")["result"]["position"]
    assert call("bot_think") == {"id": 1, "result": {"seat": seat}}
    assert call("save")["result"]["position"] == before
    assert call("bot_step")["result"]["seat"] == seat
    assert call("bot_think", {"x": 1})["error"]["type"] == "bad_params"
