"""The JSON bridge: the one entry point the browser worker calls.

A request is a JSON object ``{"id": ..., "method": "...", "params": {...}}``; the answer is
``{"id": ..., "result": ...}`` on success or ``{"id": ..., "error": {"type": "...", "message": "..."}}``
on failure. Only JSON text crosses the boundary, so this module never imports ``js`` or ``pyodide``
and is tested under CPython exactly as it runs in the browser.

:func:`handle` never raises, whatever the text: every failure is an error answer of one of the
types in docs/engine-protocol.md. Requests are read within the limits of
:func:`rummytable.jsontext.parse` (size and nesting), and error messages quote at most a short
excerpt of bad input.

To expose a new engine operation, write a function taking the params mapping and returning
JSON-ready data, then add one line to :data:`METHODS`.
"""

from __future__ import annotations

import json
import platform
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from rummytable import __version__
from rummytable.game import OptionsError, PositionError, RulesError
from rummytable.jsontext import JSONTextError, parse, quote

if TYPE_CHECKING:
    from rummytable.page.session import Session

__all__ = [
    "ENGINE_ERRORS",
    "MAX_MESSAGE_CHARS",
    "METHODS",
    "BadParamsError",
    "BadRequestError",
    "BridgeError",
    "NotNowError",
    "UnknownMethodError",
    "handle",
    "preload",
]

JSONValue: TypeAlias = dict[str, "JSONValue"] | list["JSONValue"] | str | int | float | bool | None
"""Any value that :func:`json.dumps` writes without help."""

Params: TypeAlias = Mapping[str, Any]
"""The ``params`` object of a request, already decoded from JSON."""

Method: TypeAlias = Callable[[Params], JSONValue]
"""A bridge method: takes the request's params, returns JSON-ready data, may raise."""

RequestId: TypeAlias = str | int | float | None
"""Request ids are JSON scalars chosen by the caller and echoed back unchanged."""

MAX_MESSAGE_CHARS: Final = 400
"""Longest error message an answer carries, in characters (longer ones are cut with "...")."""

ENGINE_ERRORS: Final[tuple[type[Exception], ...]] = (RulesError, OptionsError, PositionError)
"""Engine exceptions reported under their own class name (``IllegalActionError``,
``MalformedActionError``, ``OptionsError``, ``PositionError``); any other exception is a bug
and is reported as ``internal``."""


class BridgeError(Exception):
    """A request that cannot be served; reported to the caller as an error object.

    :attr:`type` is the stable, machine-readable error code the page switches on;
    the message is for people.
    """

    type: str = "bridge_error"


class BadRequestError(BridgeError):
    """The request is not JSON, is beyond the size or nesting limits, or lacks the ``{id, method, params}`` shape."""

    type = "bad_request"


class UnknownMethodError(BridgeError):
    """The request names a method that is not in :data:`METHODS`."""

    type = "unknown_method"


class BadParamsError(BridgeError):
    """The request's params do not fit the method (missing, extra or mistyped keys, unknown game or level)."""

    type = "bad_params"


class NotNowError(BridgeError):
    """The request does not fit the match at this moment: a hint when the person has no move,
    an undo with nothing to take back."""

    type = "not_now"


# --------------------------------------------------------------------------- methods


def _names(keys: Iterable[object]) -> str:
    """A short list of param names for a message (a few, each quoted briefly)."""
    names = sorted(str(key) for key in keys)
    shown = ", ".join(quote(name) for name in names[:5])
    return shown + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def _no_params(method: str, params: Params) -> None:
    """Reject any params for a method that takes none.

    :raises BadParamsError: if ``params`` is not empty.
    """
    if params:
        raise BadParamsError(f"{method} takes no parameters; got: {_names(params)}")


def _only(method: str, params: Params, allowed: set[str]) -> None:
    """Reject params other than ``allowed``.

    :raises BadParamsError: naming the unknown ones and the allowed ones.
    """
    unknown = set(params) - allowed
    if unknown:
        raise BadParamsError(f"{method} takes {', '.join(sorted(allowed))}; unknown: {_names(unknown)}")


def version(params: Params) -> JSONValue:
    """Report the engine version and the Python that runs it.

    :param params: must be empty.
    :returns: ``{"version": "X.Y.Z", "python": "CPython 3.14.2 (emscripten)"}``.
    :raises BadParamsError: if any params are given.
    """
    _no_params("version", params)
    python = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    return {"version": __version__, "python": python}


def preload() -> None:
    """Import everything a match needs (both games, the computer players, the session).

    The bridge itself loads only what :func:`version` and error answers need, so the page
    hears that the engine is up before the games are loaded (docs/engine-protocol.md,
    "Start-up"); the worker calls this right after, and a start-up snapshot taken after it
    holds them all. Any request that needs them imports them anyway, so skipping this
    costs time, never correctness.
    """
    import rummytable.page.session  # noqa: F401  (imported for its side effect: loading the modules)


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


def _seed(params: Params, default: int | None) -> int | None:
    seed = params.get("seed", default)
    if seed is None and default is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadParamsError(f"seed must be a whole number, not {quote(seed)}")
    return seed


def _set_up(make: Callable[[], Session]) -> Session:
    """Build a session; an unknown game or seats that do not fit are the request's fault.

    :raises BadParamsError: for a :class:`~rummytable.page.session.SetupError`.
    """
    from rummytable.page.session import SetupError

    try:
        return make()
    except SetupError as exc:
        raise BadParamsError(str(exc)) from None


def catalog_method(params: Params) -> JSONValue:
    """Describe the games for the start screen (players, options schema, levels).

    :returns: ``{"games": {"tress": {"players": {min, max, default}, "options": [...], "levels": [...]}, ...}}``.
    """
    from rummytable.page.session import catalog

    _no_params("catalog", params)
    result: JSONValue = catalog()
    return result


def new_match(params: Params) -> JSONValue:
    """Start a match: ``{"game", "options", "seats", "seed"?}`` -> ``{"view", "events": [], "seed"}``.

    :raises OptionsError: for invalid options.
    :raises BadParamsError: for an unknown game, bad seats or a seed that is not a whole number.
    """
    from rummytable.page.session import Session

    global _session
    _only("new_match", params, {"game", "options", "seats", "seed"})
    seed = _seed(params, None)
    options = params.get("options")
    name, seats = _game_name(params), _seats(params)
    _session = _set_up(lambda: Session.new(name, {} if options is None else options, seats, seed))
    return {"view": _session.view(), "events": [], "seed": _session.seed}


def state(params: Params) -> JSONValue:
    """Return ``{"view"}``: the person's view of the match in progress."""
    _no_params("state", params)
    return {"view": _current().view()}


def act(params: Params) -> JSONValue:
    """Apply the person's action: ``{"action": {...}}`` -> ``{"events", "view"}``.

    :raises MalformedActionError: for data that is no action of this game, or one for another seat.
    :raises IllegalActionError: (with rule, phase and reason) for a move the rules forbid.
    """
    _only("act", params, {"action"})
    return _current().act(params.get("action"))


def undo(params: Params) -> JSONValue:
    """Take back the person's last lay-down, lay-off or extension of this turn -> ``{"events", "view"}``.

    :raises NotNowError: when nothing of this turn can be taken back
        (:meth:`rummytable.page.session.Session.undo`).
    """
    from rummytable.page.session import NoMoveError

    _no_params("undo", params)
    try:
        return _current().undo()
    except NoMoveError as exc:
        raise NotNowError(str(exc)) from None


def bot_step(params: Params) -> JSONValue:
    """Let the computer seat to move act once.

    :returns: ``{"seat", "action", "reason", "cut_short", "events", "view"}``, or ``{"idle": true, "view"}``
        when it is the person's move or the match is over; ``reason`` is ``{"id", "params", "text"}``
        (docs/formats.md, "Reasons"); ``cut_short`` is true when the
        safety clock stopped the computer's search (a very slow device).
    """
    _no_params("bot_step", params)
    return _current().bot_step()


def bot_think(params: Params) -> JSONValue:
    """Work out the computer's next move for the next ``bot_step``; nothing changes at the table.

    :returns: ``{"seat"}``, or ``{"idle": true}`` when no computer seat is to move (see
        :meth:`rummytable.page.session.Session.bot_think`).
    """
    _no_params("bot_think", params)
    return _current().bot_think()


def claim_offers(params: Params) -> JSONValue:
    """Tress: each computer seat's "take it" decision -> ``{"offers": [{seat, call, delay_ms, cut_short}]}``."""
    _no_params("claim_offers", params)
    return _current().claim_offers()


def bot_claim(params: Params) -> JSONValue:
    """Tress: computer seat ``{"seat"}`` calls "take it" now -> ``{"events", "view"}``."""
    _only("bot_claim", params, {"seat"})
    seat = params.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise BadParamsError("seat must be a whole number")
    return _current().bot_claim(seat)


def hint(params: Params) -> JSONValue:
    """The normal computer player's suggestion for the person -> ``{"action", "reason"}``.

    ``reason`` is ``{"id", "params", "text"}``: a reason id, its params and the English text
    (docs/formats.md, "Reasons"); the page words it in the person's language.

    ``action`` is None during a "take it" chance the person had better let go (Tress, T-16).

    :raises NotNowError: in watch mode or when the person has no legal action now.
    """
    from rummytable.page.session import NoMoveError

    _no_params("hint", params)
    try:
        return _current().hint()
    except NoMoveError as exc:
        raise NotNowError(str(exc)) from None


def arrangements(params: Params) -> JSONValue:
    """Tress: ways to lay down the selected cards ``{"cards": [keys]}`` -> ``{"lay_downs": [action JSON]}``."""
    _only("arrangements", params, {"cards"})
    cards = params.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise BadParamsError("cards must be a list of card keys")
    return _current().arrangements(cards)


def save(params: Params) -> JSONValue:
    """Return ``{"position", "game", "seats", "seed"}`` for the page to store."""
    _no_params("save", params)
    return _current().save()


def _saved(params: Params) -> Session:
    """Build (without installing) the session a ``load``/``check_save`` request describes.

    :raises BadParamsError: for params of the wrong shape, an unknown game or seats that do not fit.
    :raises PositionError: for a corrupt or incompatible position.
    """
    from rummytable.page.session import Session

    unknown = set(params) - {"game", "position", "seats", "seed"}
    if unknown:  # worded alike for both methods: check_save answers exactly as load would
        raise BadParamsError(f"a save is {{game, position, seats, seed}}; unknown: {_names(unknown)}")
    position = params.get("position")
    if not isinstance(position, str):
        raise BadParamsError("position must be the saved text")
    seed = _seed(params, 0)
    assert seed is not None
    name, seats = _game_name(params), _seats(params)
    return _set_up(lambda: Session.load(name, position, seats, seed))


def load(params: Params) -> JSONValue:
    """Resume a saved match ``{"game", "position", "seats", "seed"}`` -> ``{"view"}``.

    :raises PositionError: for a corrupt or incompatible save (the match in progress is kept).
    :raises BadParamsError: for params of the wrong shape, an unknown game or seats that do not fit.
    """
    global _session
    loaded = _saved(params)
    view = loaded.view()
    _session = loaded
    return {"view": view}


def check_save(params: Params) -> JSONValue:
    """Check a save without loading it: ``{"game", "position", "seats", "seed"}`` -> ``{"ok": true, "summary"}``.

    The match in progress is never touched. ``summary`` is
    :meth:`rummytable.page.session.Session.summary`: what the start screen's Continue card shows.

    :raises PositionError: / :raises BadParamsError: exactly as :func:`load` would.
    """
    return {"ok": True, "summary": _saved(params).summary()}


METHODS: Final[dict[str, Method]] = {
    "version": version,
    "catalog": catalog_method,
    "new_match": new_match,
    "state": state,
    "act": act,
    "undo": undo,
    "bot_think": bot_think,
    "bot_step": bot_step,
    "claim_offers": claim_offers,
    "bot_claim": bot_claim,
    "hint": hint,
    "arrangements": arrangements,
    "save": save,
    "load": load,
    "check_save": check_save,
}
"""Every method the page may call, by name. One line per method."""


# --------------------------------------------------------------------------- dispatch


def _decode(request_json: object) -> object:
    """Decode a request's text.

    :raises BadRequestError: for text that is not JSON or is beyond the limits.
    """
    try:
        return parse(request_json, "the request")
    except JSONTextError as exc:
        raise BadRequestError(str(exc)) from None


def _id_of(request: object) -> RequestId:
    """The request's id when it has a valid one (a string, a number or null), else None."""
    candidate = request.get("id") if isinstance(request, dict) else None
    if isinstance(candidate, bool) or not isinstance(candidate, str | int | float):
        return None
    return candidate


def _shape(request: object) -> tuple[str, Params]:
    """Check a decoded request's shape.

    :returns: the method name and params (``{}`` when absent or null).
    :raises BadRequestError: for a request of the wrong shape.
    :raises BadParamsError: when ``params`` is not an object.
    """
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
        raise BadParamsError(f"params of {quote(method)} must be a JSON object")
    return method, params


def _dumps(payload: Mapping[str, Any]) -> str:
    """Encode an answer as compact, strict JSON: ASCII only (a lone surrogate from the request
    stays an escape, so the text is valid in any encoding), NaN and Infinity refused."""
    return json.dumps(payload, ensure_ascii=True, allow_nan=False, separators=(",", ":"))


def _error(request_id: RequestId, error_type: str, message: str, **details: JSONValue) -> str:
    """Encode an error answer; ``details`` (rule, phase, reason) are added when known.

    The message is cut to :data:`MAX_MESSAGE_CHARS`.
    """
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS - 3] + "..."
    error: dict[str, JSONValue] = {"type": error_type, "message": message or error_type}
    error.update({k: v for k, v in details.items() if v is not None})
    return _dumps({"id": request_id, "error": error})


def _rule_details(exc: Exception) -> dict[str, JSONValue]:
    """The rule id, phase and plain reason of an illegal-action error, for the page to translate."""
    phase = getattr(exc, "phase", None)
    details = {
        "rule": getattr(exc, "rule", None),
        "phase": getattr(phase, "value", phase),
        "reason": getattr(exc, "reason", None),
    }
    return {key: value if isinstance(value, str) else None for key, value in details.items()}


def _serve(request_json: object) -> str:
    """Serve one request (see :func:`handle`); may raise only if encoding the answer fails."""
    request_id: RequestId = None
    try:
        request = _decode(request_json)
        request_id = _id_of(request)
        method_name, params = _shape(request)
        method = METHODS.get(method_name)
        if method is None:
            known = ", ".join(sorted(METHODS))
            raise UnknownMethodError(f"unknown method {quote(method_name)}; known methods: {known}")
        result = method(params)
        try:
            return _dumps({"id": request_id, "result": result})
        except (TypeError, ValueError, RecursionError) as exc:
            return _error(request_id, "internal", f"{method_name} returned data that is not JSON: {exc}")
    except BridgeError as exc:
        return _error(request_id, exc.type, str(exc))
    except ENGINE_ERRORS as exc:
        return _error(request_id, type(exc).__name__, str(exc), **_rule_details(exc))
    except Exception as exc:  # a bug: the worker must still get an answer, never a Python traceback
        return _error(request_id, "internal", f"{type(exc).__name__}: {exc}")


def handle(request_json: str) -> str:
    """Serve one request and return the answer, both as JSON text.

    Never raises, for any input: malformed or oversized text, unknown methods, bad params and
    failures inside a method all become an error object. A :class:`BridgeError` reports its own
    ``type``; the engine's refusals report their class name (:data:`ENGINE_ERRORS`, for example
    ``IllegalActionError`` with its ``rule``, ``phase`` and ``reason``); anything else is a bug,
    reported as ``internal`` with the exception's name in the message.

    :param request_json: ``{"id": ..., "method": "...", "params": {...}}`` as JSON text.
    :returns: ``{"id": ..., "result": ...}`` or ``{"id": ..., "error": {"type", "message", ...}}``.
    """
    try:
        return _serve(request_json)
    except Exception as exc:  # encoding the answer itself failed (an id or message it cannot write)
        return _dumps({"id": None, "error": {"type": "internal", "message": f"no answer could be written: "
                                                                            f"{type(exc).__name__}"}})
