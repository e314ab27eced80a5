"""The JSON bridge: every request gets exactly one JSON answer, never an exception."""

from __future__ import annotations

import json
import platform
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummytable import __version__
from rummytable import jsontext as bridge_limits
from rummytable.page import bridge


def call(request: Any) -> dict[str, Any]:
    """Send a request (encoded unless already text) and decode the answer."""
    text = request if isinstance(request, str) else json.dumps(request)
    answer = json.loads(bridge.handle(text))
    assert isinstance(answer, dict)
    return answer


def error_type(answer: dict[str, Any]) -> str:
    assert "result" not in answer
    assert set(answer["error"]) == {"type", "message"}
    assert answer["error"]["message"]
    return str(answer["error"]["type"])


def test_version_reports_package_and_python() -> None:
    answer = call({"id": 1, "method": "version", "params": {}})
    assert answer == {
        "id": 1,
        "result": {"version": __version__, "python": answer["result"]["python"]},
    }
    assert answer["result"]["python"].startswith(platform.python_implementation())
    assert platform.python_version() in answer["result"]["python"]


@pytest.mark.parametrize("params", [None, {}])
def test_params_may_be_omitted_or_null(params: Any) -> None:
    request: dict[str, Any] = {"id": "a", "method": "version"}
    if params is not None:
        request["params"] = params
    assert call(request)["result"]["version"] == __version__


@pytest.mark.parametrize("request_id", [7, "abc", None, 2.5])
def test_id_is_echoed(request_id: Any) -> None:
    assert call({"id": request_id, "method": "version"})["id"] == request_id


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2", "\ud800"])
def test_malformed_json_is_a_bad_request(text: str) -> None:
    answer = call(text)
    assert answer["id"] is None
    assert error_type(answer) == "bad_request"


@pytest.mark.parametrize(
    "payload",
    [[], 3, "version", None, {"id": 1}, {"id": 1, "method": 5}, {"id": [1], "method": "version"},
     {"id": True, "method": "version"}],
)
def test_wrong_shape_is_a_bad_request(payload: Any) -> None:
    assert error_type(call(payload)) == "bad_request"


def test_unknown_method_names_the_known_ones() -> None:
    answer = call({"id": 3, "method": "shuffle_the_moon", "params": {}})
    assert answer["id"] == 3
    assert error_type(answer) == "unknown_method"
    assert "version" in answer["error"]["message"]


@pytest.mark.parametrize("params", [{"extra": 1}, [1, 2], "x", 5])
def test_bad_params(params: Any) -> None:
    answer = call({"id": 4, "method": "version", "params": params})
    assert answer["id"] == 4
    assert error_type(answer) == "bad_params"


def test_a_bug_inside_a_method_is_an_internal_error_naming_the_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(params: bridge.Params) -> bridge.JSONValue:
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(bridge.METHODS, "explode", explode)
    answer = call({"id": 5, "method": "explode"})
    assert answer == {"id": 5, "error": {"type": "internal", "message": "ZeroDivisionError: boom"}}


def test_result_that_is_not_json_becomes_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bridge.METHODS, "nan", lambda params: float("nan"))
    monkeypatch.setitem(bridge.METHODS, "obj", lambda params: {"x": object()})
    assert error_type(call({"id": 6, "method": "nan"})) == "internal"
    assert error_type(call({"id": 7, "method": "obj"})) == "internal"


def test_bridge_errors_keep_their_type(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(params: bridge.Params) -> bridge.JSONValue:
        raise bridge.BadParamsError("seat must be 0-3")

    monkeypatch.setitem(bridge.METHODS, "refuse", refuse)
    answer = call({"id": 8, "method": "refuse"})
    assert answer["error"] == {"type": "bad_params", "message": "seat must be 0-3"}


def test_answers_are_compact_json_text() -> None:
    text = bridge.handle('{"id":1,"method":"version"}')
    assert text.startswith('{"id":1,"result":')
    assert "\n" not in text


@given(st.text(max_size=200))
def test_any_text_gets_one_json_answer(text: str) -> None:
    answer = json.loads(bridge.handle(text))
    assert "result" in answer or "error" in answer


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
        lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
        max_leaves=20,
    )
)
def test_any_json_value_gets_one_answer(value: Any) -> None:
    answer = json.loads(bridge.handle(json.dumps(value)))
    assert ("result" in answer) != ("error" in answer)


@pytest.mark.parametrize("text", [
    '{"id":NaN,"method":"version"}', '{"id":Infinity,"method":"version"}', '{"id":1e999,"method":"version"}',
    '{"id":1,"method":"version","params":{"x":-Infinity}}',
])
def test_nan_and_infinite_numbers_are_bad_requests(text: str) -> None:
    answer = call(text)
    assert answer["id"] is None
    assert error_type(answer) == "bad_request"
    assert "not valid JSON" in answer["error"]["message"]


@pytest.mark.parametrize("depth", [bridge_limits.MAX_DEPTH + 1, 1_000, 5_000, 300_000])
def test_deep_nesting_is_a_bad_request_not_a_crash(depth: int) -> None:
    # Decoding 8,000 levels overflows the WebAssembly stack and stops Pyodide for good.
    in_params = '{"id":2,"method":"version","params":' + "[" * depth + "]" * depth + "}"
    for text in (in_params, "[" * depth):
        answer = call(text)
        assert error_type(answer) == "bad_request"
        assert f"more than {bridge_limits.MAX_DEPTH} levels deep" in answer["error"]["message"]


def test_oversized_request_is_a_bad_request() -> None:
    text = json.dumps({"id": 1, "method": "version", "params": {"pad": "x" * bridge_limits.MAX_CHARS}})
    answer = call(text)
    assert error_type(answer) == "bad_request"
    assert "too long" in answer["error"]["message"]


@pytest.mark.parametrize("request_body", [
    {"id": 1, "method": "M" * 1_000_000},
    {"id": 1, "method": "version", "params": {"K" * 1_000_000: 1}},
    {"id": 1, "method": "version", "params": {str(i): i for i in range(50_000)}},
    {"id": 1, "method": "new_match", "params": {"game": "take", "seats": ["human", "easy"], "options": {
        "players": "2" * 1_000_000}}},
    {"id": 1, "method": "new_match", "params": {"game": "g" * 1_000_000, "seats": ["human", "easy"]}},
    {"id": 1, "method": "new_match", "params": {"game": "take", "seats": ["human", "w" * 1_000_000]}},
])
def test_error_messages_quote_only_a_short_prefix_of_bad_input(request_body: dict[str, Any]) -> None:
    answer = call(request_body)
    assert answer["id"] == 1 and error_type(answer) in ("unknown_method", "bad_params", "OptionsError")
    assert len(answer["error"]["message"]) <= bridge.MAX_MESSAGE_CHARS
    assert len(answer["error"]["message"]) < 300


def test_lone_surrogates_are_escaped_in_the_answer() -> None:
    text = bridge.handle('{"id":"\\ud800","method":"\\udfff"}')
    assert text.isascii()
    answer = json.loads(text)
    assert answer["id"] == "\ud800"
    assert error_type(answer) == "unknown_method"


@pytest.mark.parametrize("params", [
    {"game": "take", "seats": ["human", "wizard"]},
    {"game": "take", "seats": ["human", "easy", "easy"], "options": {"players": 2}},
    {"game": "take", "seats": ["human", "human"]},
    {"game": "chess", "seats": ["human", "easy"]},
    {"game": "take", "seats": ["human", "easy"], "seed": 1.5},
    {"game": "take", "seats": ["human", "easy"], "colour": "red"},
])
def test_a_match_that_cannot_be_set_up_is_bad_params(params: dict[str, Any]) -> None:
    answer = call({"id": 9, "method": "new_match", "params": params})
    assert answer["id"] == 9
    assert error_type(answer) == "bad_params"

