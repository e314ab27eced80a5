"""The bridge fuzzed: arbitrary text and JSON, random params for every method, random actions in matches.

Whatever arrives, :func:`bridge.handle` returns one answer of valid (ASCII) JSON text,
``{"id", "result"}`` or ``{"id", "error": {"type", "message", ...}}`` with a documented error
type and a short message, carrying the request's id (or null when the request could not be
read); and a refused request leaves the match exactly as it was (its save is unchanged).
Default runs are small; ``-m slow`` runs many more examples.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pyodide_scale import scaled

from rummytable.page import bridge

ERROR_TYPES = {"bad_request", "unknown_method", "bad_params", "not_now", "internal", "IllegalActionError",
               "MalformedActionError", "OptionsError", "PositionError"}
"""Every error type docs/engine-protocol.md lists."""

FUZZ = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large,
                                                     HealthCheck.filter_too_much]}


def expected_id(text: str) -> Any:
    """The id a request text carries, when it is a JSON object with a valid id; else None."""
    try:
        request = json.loads(text)
    except (ValueError, RecursionError):
        return None
    candidate = request.get("id") if isinstance(request, dict) else None
    if isinstance(candidate, bool) or not isinstance(candidate, str | int | float):
        return None
    if isinstance(candidate, float) and not math.isfinite(candidate):
        return None
    return candidate


def answer_to(text: str) -> dict[str, Any]:
    """Send ``text``, check the answer's shape and id, and return it decoded."""
    out = bridge.handle(text)
    assert isinstance(out, str) and out.isascii()
    answer = json.loads(out)
    assert isinstance(answer, dict)
    assert set(answer) in ({"id", "result"}, {"id", "error"}), answer
    wanted = expected_id(text)
    if "error" in answer:
        error = answer["error"]
        assert error["type"] in ERROR_TYPES, error
        assert error["type"] != "internal", error  # a bug in the engine, not bad input
        assert isinstance(error["message"], str) and 0 < len(error["message"]) <= bridge.MAX_MESSAGE_CHARS
        assert set(error) <= {"type", "message", "rule", "phase", "reason"}
        # A request too deep to read is answered with id null; any other carries its id.
        assert answer["id"] == wanted or (answer["id"] is None and "levels deep" in error["message"])
        event(f"error {error['type']}")
    else:
        assert answer["id"] == wanted
        event("result")
    return answer


def send(method: str, params: Any, request_id: Any = 7) -> dict[str, Any]:
    return answer_to(json.dumps({"id": request_id, "method": method, "params": params}))


def saved() -> Any:
    """The match in progress as saved (or None with no match)."""
    answer = json.loads(bridge.handle('{"id":0,"method":"save"}'))
    return answer.get("result")


# --------------------------------------------------------------------------- any text, any JSON

TOKENS = ['{', '}', '[', ']', ',', ':', '"id"', '"method"', '"params"', '"version"', '"act"', '"load"', '1', '-0',
          '1e999', 'NaN', 'Infinity', 'true', 'null', '"\\ud800"', '"\\u0000"', '"x"', ' ', '\n', '"', '\\', '1.5',
          '"\ud800"', '\udfff']
request_texts = st.text() | st.lists(st.sampled_from(TOKENS), max_size=30).map("".join) | st.builds(
    lambda id_, method, tail: f'{{"id":{id_},"method":"{method}"{tail}', st.sampled_from(TOKENS),
    st.sampled_from([*sorted(bridge.METHODS), "nope", ""]), st.lists(st.sampled_from(TOKENS), max_size=12).map("".join))

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=16)
PARAM_NAMES = ["game", "options", "seats", "seed", "action", "seat", "cards", "position", "players", "x"]
requests = st.fixed_dictionaries({}, optional={
    "id": scalars | json_values, "method": st.sampled_from(sorted(bridge.METHODS)) | scalars,
    "params": st.none() | json_values | st.dictionaries(st.sampled_from(PARAM_NAMES), json_values, max_size=4)})


def _any_text(text: str) -> None:
    before = saved()
    answer = answer_to(text)
    if "error" in answer:
        assert saved() == before


@settings(max_examples=scaled(150), **FUZZ)
@given(request_texts)
def test_any_text_gets_one_valid_answer(text: str) -> None:
    _any_text(text)


@settings(max_examples=scaled(150), **FUZZ)
@given(requests | json_values)
def test_any_json_request_gets_one_valid_answer(request: Any) -> None:
    _any_text(json.dumps(request))


# --------------------------------------------------------------------------- random params, random actions

GAMES = {"tress": ["human", "easy", "easy"], "take": ["human", "easy"]}


def _start(data: st.DataObject) -> str:
    game = data.draw(st.sampled_from(sorted(GAMES)), label="game")
    seed = data.draw(st.integers(0, 2**20), label="seed")
    answer = send("new_match", {"game": game, "seats": GAMES[game], "seed": seed, "options": {"players": 3}}
                  if game == "tress" else {"game": game, "seats": GAMES[game], "seed": seed})
    assert "result" in answer, answer
    return game


def _mutated(action: dict[str, Any], data: st.DataObject) -> Any:
    """A legal action changed the ways a buggy page or a hand edit might change it."""
    changed = dict(action)
    op = data.draw(st.sampled_from(["field", "drop", "add", "seat", "kind", "cards", "whole"]), label="mutation")
    if op == "field":
        changed[data.draw(st.sampled_from(sorted(changed)))] = data.draw(json_values)
    elif op == "drop":
        changed.pop(data.draw(st.sampled_from(sorted(changed))))
    elif op == "add":
        changed[data.draw(st.text(max_size=6))] = data.draw(json_values)
    elif op == "seat":
        changed["seat"] = data.draw(st.sampled_from([1, 2, -1, 99, True, "0", None]))
    elif op == "kind":
        changed["kind"] = data.draw(st.sampled_from(["discard", "draw_stock", "lay_down", "call", "grant", "extend",
                                                     "next_round", "next_hand", ["discard"], 5]))
    elif op == "cards":
        for key in ("card", "cards", "melds"):
            if key in changed:
                changed[key] = data.draw(json_values | st.sampled_from(["9H", "JK", ["9H", "9H"], [{"kind": "set"}]]))
    else:
        return data.draw(json_values)
    return changed


def _step(game: str, data: st.DataObject) -> None:
    """One random request during a match; a refused one must leave the save unchanged."""
    before = saved()
    view = before and json.loads(bridge.handle('{"id":0,"method":"state"}'))["result"]["view"]
    mine = [a for a in (view or {}).get("legal_actions", []) if a.get("seat") == 0]
    op = data.draw(st.sampled_from(["legal", "mutated", "random", "bot_step", "hint", "claims", "arrangements",
                                    "save_load", "check_save", "params"]), label="op")
    if op == "legal" and mine:
        answer = send("act", {"action": data.draw(st.sampled_from(mine))})
        assert "result" in answer, answer
        return
    if op == "mutated" and mine:
        answer = send("act", {"action": _mutated(data.draw(st.sampled_from(mine)), data)})
    elif op == "bot_step":
        answer = send("bot_step", {})
    elif op == "hint":
        answer = send("hint", None)
    elif op == "claims" and game == "tress":
        send("claim_offers", {})
        answer = send("bot_claim", {"seat": data.draw(st.integers(-1, 3))})
    elif op == "arrangements":
        hand = (view or {}).get("hand", [])
        chosen = data.draw(st.lists(st.sampled_from(hand), max_size=6) if hand else st.just([]))
        answer = send("arrangements", {"cards": chosen + data.draw(st.lists(st.sampled_from(["9H", "JK.9", "ZZ"]),
                                                                            max_size=1))})
    elif op == "save_load" and before:
        answer = send("load", before)
        assert "result" in answer, answer
        assert saved() == before
        return
    elif op == "check_save" and before:
        position = before["position"]
        cut = data.draw(st.integers(0, len(position)))
        damaged = {**before, "position": data.draw(st.sampled_from([position, position[:cut], position[cut:]]))}
        answer = send("check_save", damaged)
        assert saved() == before
        return
    elif op == "params":
        method = data.draw(st.sampled_from(sorted(bridge.METHODS)), label="method")
        params = data.draw(st.dictionaries(st.sampled_from(PARAM_NAMES), json_values, max_size=4), label="params")
        answer = send(method, params)
        if method in ("new_match", "load") and "result" in answer:
            return
    else:
        answer = send("act", {"action": data.draw(json_values)})
    if "error" in answer:
        assert saved() == before, answer


def _match(data: st.DataObject, steps: int) -> None:
    game = _start(data)
    for _ in range(data.draw(st.integers(1, steps), label="steps")):
        _step(game, data)


@settings(max_examples=scaled(12), **FUZZ)
@given(st.data())
def test_random_requests_during_matches(data: st.DataObject) -> None:
    _match(data, 25)


@pytest.mark.slow
@settings(max_examples=600, **FUZZ)
@given(st.data())
def test_random_requests_during_matches_many(data: st.DataObject) -> None:
    _match(data, 80)


@pytest.mark.slow
@settings(max_examples=5000, **FUZZ)
@given(request_texts | requests.map(json.dumps) | json_values.map(json.dumps))
def test_any_request_gets_one_valid_answer_many(text: str) -> None:
    _any_text(text)
