"""Reading JSON text from outside the engine, and quoting bad input in error messages.

Requests from the page and saved positions are text the engine did not write (a save may
have been edited or damaged in storage). :func:`parse` reads such text within fixed limits:
at most :data:`MAX_CHARS` characters, nested at most :data:`MAX_DEPTH` levels, no ``NaN``
or ``Infinity`` (which are not JSON, although Python's reader accepts them). The nesting is
measured before decoding, because the decoder recurses once per level: inside Pyodide a few
thousand levels (between 5,000 and 8,000 in Node 20) overflow the WebAssembly stack and stop
Python for good, where CPython would raise :class:`RecursionError`.

:func:`quote` gives a short, single-line excerpt of a bad value, so an error message never
repeats a megabyte of input.
"""

from __future__ import annotations

import json
import re
import reprlib
from typing import Any, Final

__all__ = ["MAX_CHARS", "MAX_DEPTH", "QUOTE_CHARS", "JSONTextError", "nesting_depth", "parse", "quote"]

MAX_CHARS: Final = 4_000_000
"""Longest JSON text accepted, in characters. A whole match between computer players saves to
50-90 KB, and a browser's local storage holds about 5 MB per site."""

MAX_DEPTH: Final = 24
"""Deepest nesting of arrays and objects accepted. Requests and positions nest at most 6 levels."""


class JSONTextError(ValueError):
    """Text that is not JSON, or JSON beyond the size or nesting limits; the message says which."""


# Nesting is measured with a few linear passes done in C (regular expressions and str.replace),
# so that even megabytes of brackets are measured quickly inside Pyodide: escapes go first (an
# escaped quote ends no string), then string literals (their brackets are text; an unterminated
# one runs to the end), then everything but brackets; each replace of "[]" then removes the
# innermost level of a balanced text.
_ESCAPE = re.compile(r"\\.", re.DOTALL)
# Every byte but the brackets. UTF-8 writes other characters with bytes of their own (ASCII
# below 0x80, the rest from 0x80), so deleting these bytes from the encoded text keeps exactly
# the brackets, at the speed of bytes.translate.
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """Return how deeply arrays and objects nest in JSON ``text`` (0 for a scalar), up to ``limit + 1``.

    The result is exact for balanced text nested at most ``limit`` levels; ``limit + 1`` means
    "deeper than ``limit``". For unbalanced text (which is not JSON) it is an upper bound of the
    depth a decoder reaches before it fails, so that text is refused before it is decoded too.
    """
    if text.count("[") + text.count("{") == 0:
        return 0
    unescaped = _ESCAPE.sub("", text) if "\\" in text else text
    bare = "".join(unescaped.split('"')[::2])  # the even parts lie outside string literals
    if "[" * (limit + 1) in bare or "{" * (limit + 1) in bare:
        return limit + 1  # the common way of nesting deep, found at once
    brackets = bare.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKET)
    brackets = brackets.replace(b"{", b"[").replace(b"}", b"]")
    for depth in range(limit + 1):
        if not brackets:
            return depth
        if b"[" * (limit + 1 - depth) in brackets:
            return limit + 1  # after ``depth`` levels removed, that many openers in a row are too many
        inner = brackets.replace(b"[]", b"")
        if inner == brackets:
            # Nothing left to pair: "]]..[[" remains, and its openers may all still be open.
            return min(limit + 1, depth + brackets.count(b"["))
        brackets = inner
    return limit + 1


def _refuse_constant(name: str) -> Any:
    raise JSONTextError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise JSONTextError(f"{quote(text)} is too large for a number")
    return value


def parse(text: object, what: str = "the text", *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Decode JSON ``text`` within the limits.

    :param text: the JSON text (anything else is refused).
    :param what: how to name the text in messages, e.g. ``"the request"``.
    :param max_chars: the longest text accepted, in characters.
    :param max_depth: the deepest nesting of arrays and objects accepted.
    :returns: the decoded value (dicts, lists, str, int, float, bool, None).
    :raises JSONTextError: for text that is not JSON, too long or nested too deeply; the
        message quotes at most a short excerpt of the text.
    """
    if not isinstance(text, str):
        raise JSONTextError(f"{what} must be JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise JSONTextError(f"{what} is too long: {len(text)} characters, at most {max_chars} are read")
    if nesting_depth(text, max_depth) > max_depth:
        raise JSONTextError(f"{what} nests arrays and objects more than {max_depth} levels deep, "
                            f"or its brackets do not match")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except JSONTextError as exc:
        raise JSONTextError(f"{what} is not valid JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise JSONTextError(f"{what} is not valid JSON: {_short(str(exc))}") from None


_QUOTE = reprlib.Repr()
_QUOTE.maxlevel = 2
_QUOTE.maxdict = 4
_QUOTE.maxlist = 6
_QUOTE.maxtuple = 6
_QUOTE.maxset = 6
_QUOTE.maxstring = 40
_QUOTE.maxother = 40
_QUOTE.maxlong = 40

QUOTE_CHARS: Final = 80
"""Longest excerpt :func:`quote` returns, in characters."""


def quote(value: object) -> str:
    """Return a short ``repr`` of ``value`` for an error message (at most :data:`QUOTE_CHARS` characters).

    Long strings, long lists and deep structures are cut with ``...``; a value nested
    deeper than two levels is never walked, so quoting is cheap for any input.
    """
    return _short(_QUOTE.repr(value))


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 3] + "..."
