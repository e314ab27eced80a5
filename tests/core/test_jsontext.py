"""Reading JSON text from outside: size and nesting limits, no NaN, short quotes of bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummytable.jsontext import MAX_CHARS, MAX_DEPTH, QUOTE_CHARS, JSONTextError, nesting_depth, parse, quote


@pytest.mark.parametrize(("text", "depth"), [
    ("1", 0), ('"[[["', 0), ("[]", 1), ('{"a": [1, {"b": []}]}', 4), ('["]", "\\"[", [[]]]', 3),
    ("[[[[", 4), ("]]][", 1), ("[]][[[", 4), ("[" * 30, 25), ("[" * 30 + "]" * 30, 25),
])
def test_nesting_depth_counts_brackets_outside_strings(text: str, depth: int) -> None:
    # Exact for balanced text; an upper bound for text that is not JSON; 25 = deeper than 24.
    assert nesting_depth(text, 24) == depth


@given(st.recursive(st.none() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=12))
def test_nesting_depth_is_the_depth_of_the_decoded_value(value: Any) -> None:
    def depth(v: Any) -> int:
        if isinstance(v, list):
            return 1 + max((depth(x) for x in v), default=0)
        if isinstance(v, dict):
            return 1 + max((depth(x) for x in v.values()), default=0)
        return 0

    assert nesting_depth(json.dumps(value)) == depth(value)


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"id": -Infinity}', "1e999", "[-1e400]"])
def test_nan_infinity_and_overflowing_numbers_are_refused(text: str) -> None:
    assert json.loads(text) is not None  # Python's own reader takes them
    with pytest.raises(JSONTextError, match="not valid JSON"):
        parse(text)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 3000, 600_000])
def test_deep_nesting_is_refused_before_decoding(depth: int) -> None:
    # 8,000 levels stop Pyodide for good (a WebAssembly stack overflow), so the decoder never sees them.
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth, "[" * depth):
        with pytest.raises(JSONTextError, match=f"the save nests arrays and objects more than {MAX_DEPTH} levels deep"):
            parse(text, "the save")


def test_nesting_up_to_the_limit_is_read() -> None:
    assert parse("[" * MAX_DEPTH + "]" * MAX_DEPTH) == json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)


def test_too_long_text_is_refused_without_being_read() -> None:
    with pytest.raises(JSONTextError, match=f"too long: {MAX_CHARS + 1} characters"):
        parse(" " * MAX_CHARS + "1")
    assert parse("[1]", max_chars=3) == [1]
    with pytest.raises(JSONTextError, match="too long"):
        parse("[1] ", max_chars=3)


@pytest.mark.parametrize("value", [None, b"[]", 3, ["[]"]])
def test_only_text_is_parsed(value: object) -> None:
    with pytest.raises(JSONTextError, match="must be JSON text"):
        parse(value, "the request")


def test_messages_quote_a_short_excerpt() -> None:
    with pytest.raises(JSONTextError) as caught:
        parse('["' + "x" * 1_000_000)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("value", [
    "K" * 1_000_000, ["9H"] * 100_000, {str(i): i for i in range(10_000)}, 10 ** 4000, "line\nbreaks\tand  spaces",
])
def test_quote_is_short_and_on_one_line(value: object) -> None:
    text = quote(value)
    assert len(text) <= QUOTE_CHARS
    assert "\n" not in text and "\t" not in text


def test_quote_does_not_walk_deep_values() -> None:
    # 3,000 levels: more than repr() can walk under CPython's recursion limit, fewer than the
    # 10,000 whose deallocation overflows the WebAssembly stack inside Pyodide.
    deep: list[Any] = []
    for _ in range(3_000):
        deep = [deep]
    assert quote(deep) == "[[[...]]]"
    assert quote("9H") == "'9H'"


@pytest.mark.parametrize("text", ['"\\"' * 200_000, '"' + "\\" * 400_000, '["\\"]' + '"' * 100_001, "[" * 100 + "]"])
def test_unmatched_quotes_escapes_and_brackets_are_measured_in_linear_time(text: str) -> None:
    # Strings whose quotes are escaped, unterminated strings, brackets that do not match: each
    # is measured without backtracking and refused or decoded (no timing assert: a slow pattern
    # shows up as a suite that takes minutes).
    with pytest.raises(JSONTextError):
        parse(text)


def test_brackets_inside_strings_and_escapes_are_text() -> None:
    text = json.dumps({"a": "[[[[" * 50, "b": ['\\"[', "]]]\\"]})
    assert nesting_depth(text) == 2
    assert parse(text)["a"] == "[[[[" * 50
