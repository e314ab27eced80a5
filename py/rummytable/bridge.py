"""The JSON bridge: the one entry point the browser worker calls.

A request is a JSON object ``{"id": ..., "method": "...", "params": {...}}``; the answer is
``{"id": ..., "result": ...}`` on success or ``{"id": ..., "error": {"type": "...", "message": "..."}}``
on failure. Only JSON text crosses the boundary, so this module never imports ``js`` or ``pyodide``
and is tested under CPython exactly as it runs in the browser.

To expose a new engine operation, write a function taking the params mapping and returning
JSON-ready data, then add one line to :data:`METHODS`.
"""

from __future__ import annotations

import json
import platform
import sys
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias

from rummytable import __version__
from rummytable.session import Session, catalog

__all__ = [
    "METHODS",
    "BadParamsError",
    "BadRequestError",
    "BridgeError",
    "UnknownMethodError",
    "handle",
]

JSONValue: TypeAlias = dict[str, "JSONValue"] | list["JSONValue"] | str | int | float | bool | None
"""Any value that :func:`json.dumps` writes without help."""

Params: TypeAlias = Mapping[str, Any]
"""The ``params`` object of a request, already decoded from JSON."""

Method: TypeAlias = Callable[[Params], JSONValue]
"""A bridge method: takes the request's params, returns JSON-ready data, may raise."""

RequestId: TypeAlias = str | int | float | None
"""Request ids are JSON scalars chosen by the caller and echoed back unchanged."""


class BridgeError(Exception):
    """A request that cannot be served; reported to the caller as an error object.

    :attr:`type` is the stable, machine-readable error code the page switches on;
    the message is for people.
    """

    type: str = "bridge_error"


class BadRequestError(BridgeError):
    """The request is not valid JSON or lacks the ``{id, method, params}`` shape."""

    type = "bad_request"


class UnknownMethodError(BridgeError):
    """The request names a method that is not in :data:`METHODS`."""

    type = "unknown_method"


class BadParamsError(BridgeError):
    """The request's params do not fit the method (missing, extra or mistyped keys)."""

    type = "bad_params"


# --------------------------------------------------------------------------- methods


def _no_params(method: str, params: Params) -> None:
    """Reject any params for a method that takes none.

    :raises BadParamsError: if ``params`` is not empty.
    """
    if params:
        names = ", ".join(sorted(params))
        raise BadParamsError(f"{method} takes no parameters; got: {names}")


def version(params: Params) -> JSONValue:
    """Report the engine version and the Python that runs it.

    :param params: must be empty.
    :returns: ``{"version": "X.Y.Z", "python": "CPython 3.14.2 (emscripten)"}``.
    :raises BadParamsError: if any params are given.
    """
    _no_params("version", params)
    python = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    return {"version": __version__, "python": python}


# One match per worker: the page plays one game at a time.
_session: Session | None = None


def _current() -> Session:
    """Return the match in progress.

    :raises BadParamsError: when no match has been started or loaded.
    """
    if _session is None:
        raise BadParamsError("no match in progress: call new_match or load first")
    return _session


def _seats(params: Params, key: str = "seats") -> list[str]:
    seats = params.get(key)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise BadParamsError(f"{key} must be a list of seat kinds such as [\"human\", \"normal\"]")
    return list(seats)


def _game_name(params: Params) -> str:
    name = params.get("game")
    if not isinstance(name, str):
        raise BadParamsError("game must be a string: \"tress\" or \"take\"")
    return name


def catalog_method(params: Params) -> JSONValue:
    """Describe the games for the start screen (players, options schema, levels).

    :returns: ``{"games": {"tress": {"players": {min, max, default}, "options": [...], "levels": [...]}, ...}}``.
    """
    _no_params("catalog", params)
    result: JSONValue = catalog()
    return result


def new_match(params: Params) -> JSONValue:
    """Start a match: ``{"game", "options", "seats", "seed"?}`` -> ``{"view", "events": []}``.

    :raises OptionsError: for invalid options; :class:`BadParamsError` for bad seats.
    """
    global _session
    seed = params.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise BadParamsError("seed must be a whole number")
    _session = Session.new(_game_name(params), params.get("options") or {}, _seats(params), seed)
    return {"view": _session.view(), "events": [], "seed": _session.seed}


def state(params: Params) -> JSONValue:
    """Return ``{"view"}``: the person's view of the match in progress."""
    _no_params("state", params)
    return {"view": _current().view()}


def act(params: Params) -> JSONValue:
    """Apply the person's action: ``{"action": {...}}`` -> ``{"events", "view"}``.

    :raises IllegalActionError: (with rule, phase and reason) for a move the rules forbid.
    """
    return _current().act(params.get("action"))


def bot_step(params: Params) -> JSONValue:
    """Let the computer seat to move act once.

    :returns: ``{"seat", "action", "reason", "cut_short", "events", "view"}``, or ``{"idle": true, "view"}``
        when it is the person's move or the match is over; ``cut_short`` is true when the
        safety clock stopped the computer's search (a very slow device).
    """
    _no_params("bot_step", params)
    return _current().bot_step()


def claim_offers(params: Params) -> JSONValue:
    """Tress: each computer seat's "take it" decision -> ``{"offers": [{seat, call, delay_ms, cut_short}]}``."""
    _no_params("claim_offers", params)
    return _current().claim_offers()


def bot_claim(params: Params) -> JSONValue:
    """Tress: computer seat ``{"seat"}`` calls "take it" now -> ``{"events", "view"}``."""
    seat = params.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise BadParamsError("seat must be a whole number")
    return _current().bot_claim(seat)


def hint(params: Params) -> JSONValue:
    """The normal computer player's suggestion for the person -> ``{"action", "reason"}``.

    ``action`` is None during a "take it" chance the person had better let go (Tress, T-16).
    """
    _no_params("hint", params)
    return _current().hint()


def arrangements(params: Params) -> JSONValue:
    """Tress: ways to lay down the selected cards ``{"cards": [keys]}`` -> ``{"lay_downs": [action JSON]}``."""
    cards = params.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise BadParamsError("cards must be a list of card keys")
    return _current().arrangements(cards)


def save(params: Params) -> JSONValue:
    """Return ``{"position", "game", "seats", "seed"}`` for the page to store."""
    _no_params("save", params)
    return _current().save()


def load(params: Params) -> JSONValue:
    """Resume a saved match ``{"game", "position", "seats", "seed"}`` -> ``{"view"}``.

    :raises PositionError: for a corrupt or incompatible save (the match in progress is kept).
    """
    global _session
    position = params.get("position")
    seed = params.get("seed", 0)
    if not isinstance(position, str):
        raise BadParamsError("position must be the saved text")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadParamsError("seed must be a whole number")
    _session = Session.load(_game_name(params), position, _seats(params), seed)
    return {"view": _session.view()}


METHODS: Final[dict[str, Method]] = {
    "version": version,
    "catalog": catalog_method,
    "new_match": new_match,
    "state": state,
    "act": act,
    "bot_step": bot_step,
    "claim_offers": claim_offers,
    "bot_claim": bot_claim,
    "hint": hint,
    "arrangements": arrangements,
    "save": save,
    "load": load,
}
"""Every method the page may call, by name. One line per method."""


# --------------------------------------------------------------------------- dispatch


def _parse(request_json: str) -> tuple[RequestId, str, Params]:
    """Decode a request and check its shape.

    :returns: the request's id, method name and params (``{}`` when absent).
    :raises BadRequestError: on malformed JSON or a request of the wrong shape.
    """
    try:
        request = json.loads(request_json)
    except (TypeError, ValueError) as exc:  # JSONDecodeError is a ValueError
        raise BadRequestError(f"request is not valid JSON: {exc}") from None
    if not isinstance(request, dict):
        raise BadRequestError("request must be a JSON object with id, method and params")
    request_id = request.get("id")
    if isinstance(request_id, bool) or not isinstance(request_id, str | int | float | None):
        raise BadRequestError("request id must be a string, a number or null")
    method = request.get("method")
    if not isinstance(method, str):
        raise BadRequestError("request method must be a string")
    params = request.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise BadParamsError(f"params of {method} must be a JSON object")
    return request_id, method, params


def _request_id(request_json: str) -> RequestId:
    """Best-effort id of a request that failed validation, so the caller can match the error."""
    try:
        request = json.loads(request_json)
    except (TypeError, ValueError):
        return None
    if isinstance(request, dict):
        candidate = request.get("id")
        if isinstance(candidate, str | int | float) and not isinstance(candidate, bool):
            return candidate
    return None


def _dumps(payload: Mapping[str, Any]) -> str:
    """Encode an answer as compact, strict JSON (NaN and Infinity are refused)."""
    return json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _error(request_id: RequestId, error_type: str, message: str, **details: JSONValue) -> str:
    """Encode an error answer; ``details`` (rule, phase, reason) are added when known."""
    error: dict[str, JSONValue] = {"type": error_type, "message": message}
    error.update({k: v for k, v in details.items() if v is not None})
    return _dumps({"id": request_id, "error": error})


def _rule_details(exc: Exception) -> dict[str, JSONValue]:
    """The rule id, phase and plain reason of an illegal-action error, for the page to translate."""
    phase = getattr(exc, "phase", None)
    return {
        "rule": getattr(exc, "rule", None),
        "phase": getattr(phase, "value", phase),
        "reason": getattr(exc, "reason", None),
    }


def handle(request_json: str) -> str:
    """Serve one request and return the answer, both as JSON text.

    Never raises: malformed input, unknown methods, bad params and failures inside a method
    all become an error object. A :class:`BridgeError` reports its own ``type``; any other
    exception reports its class name (for example ``IllegalMoveError``) so the page can tell
    a refused move from a bug.

    :param request_json: ``{"id": ..., "method": "...", "params": {...}}`` as JSON text.
    :returns: ``{"id": ..., "result": ...}`` or ``{"id": ..., "error": {"type", "message"}}``.
    """
    request_id: RequestId = None
    try:
        request_id, method_name, params = _parse(request_json)
        method = METHODS.get(method_name)
        if method is None:
            known = ", ".join(sorted(METHODS))
            raise UnknownMethodError(f"unknown method {method_name!r}; known methods: {known}")
        result = method(params)
        try:
            return _dumps({"id": request_id, "result": result})
        except (TypeError, ValueError) as exc:
            return _error(request_id, "internal", f"{method_name} returned data that is not JSON: {exc}")
    except BridgeError as exc:
        if request_id is None:
            request_id = _request_id(request_json)
        return _error(request_id, exc.type, str(exc))
    except Exception as exc:  # the worker must always get an answer, never a Python traceback
        return _error(request_id, type(exc).__name__, str(exc) or type(exc).__name__, **_rule_details(exc))
