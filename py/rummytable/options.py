"""Typed, validated game options shared by every game.

A game declares its options as a frozen dataclass deriving from :class:`Options`, one
field per house rule, each made with :func:`option` (default from the rule book, rule
id, plain-words text, and for numbers their range). From that single declaration come:

* :meth:`Options.from_json` - strict reading of a JSON dict: unknown keys, wrong types,
  out-of-range numbers and unknown choices are rejected with :class:`OptionsError`;
* :meth:`Options.to_json` - only JSON types, round-trips through ``from_json``;
* :meth:`Options.schema` - the list the start screen turns into controls, so a new
  option needs no UI work.

Cross-field checks (six players need enough cards...) go in ``validate()``.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, ClassVar, TypeVar, get_type_hints

from rummytable.game import OptionsError
from rummytable.jsontext import quote

OptionsT = TypeVar("OptionsT", bound="Options")

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    # get_type_hints evaluates every annotation string (about a millisecond per class);
    # options are read on every load of a saved game, so each class is resolved once.
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def option(default: Any, rule: str, text: str, *, minimum: int | None = None,
           maximum: int | None = None) -> Any:
    """Declare one option field.

    :param default: the rule book's default (bool, int, str enum member or ``None``).
    :param rule: the rule id it belongs to (``"T-9"``).
    :param text: what it does, in the rule book's words (English; the page translates).
    :param minimum: smallest allowed integer, for int options.
    :param maximum: largest allowed integer, for int options.
    :returns: a dataclass field carrying that metadata.
    """
    meta = {"rule": rule, "text": text, "minimum": minimum, "maximum": maximum}
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class Options:
    """Base of every game's options (a frozen dataclass of :func:`option` fields)."""

    GAME: ClassVar[str] = ""

    def validate(self) -> None:
        """Check combinations of values; the base checks nothing.

        :raises OptionsError: with a message saying what is wrong and what is allowed.
        """

    def __post_init__(self) -> None:
        hints = _hints(type(self))
        for f in dataclasses.fields(self):
            _check_value(f, hints[f.name], getattr(self, f.name))
        self.validate()

    @classmethod
    def from_json(cls: type[OptionsT], data: object) -> OptionsT:
        """Build options from a JSON dict; missing keys take the rule book's defaults.

        :raises OptionsError: for a non-dict, unknown keys or invalid values.
        """
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise OptionsError(f"{cls.GAME} options must be an object, not {quote(data)}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise OptionsError(
                f"unknown {cls.GAME} option(s) {', '.join(map(quote, unknown[:5]))}; "
                f"known: {', '.join(sorted(names))}")
        hints = _hints(cls)
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name in data:
                values[f.name] = _convert(f, hints[f.name], data[f.name])
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """Return every option as JSON data (enum members as their string values)."""
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def schema(cls) -> list[dict[str, Any]]:
        """Describe every option for a generated settings form.

        Each item: ``{"name", "type": "bool"|"int"|"choice", "default", "rule", "text"}``
        plus ``"choices"`` (list of strings) or ``"minimum"``/``"maximum"``; an int option
        whose default is ``None`` (meaning "no limit") also has ``"nullable": true``.
        """
        hints = _hints(cls)
        items = []
        for f in dataclasses.fields(cls):
            kind, choices, nullable = _describe(hints[f.name])
            item: dict[str, Any] = {"name": f.name, "type": kind, "default": _plain(f.default),
                                    "rule": f.metadata["rule"], "text": f.metadata["text"]}
            if choices:
                item["choices"] = choices
            if kind == "int":
                item["minimum"] = f.metadata["minimum"]
                item["maximum"] = f.metadata["maximum"]
            if nullable:
                item["nullable"] = True
            items.append(item)
        return items


def _describe(hint: Any) -> tuple[str, list[str], bool]:
    args: tuple[Any, ...] = getattr(hint, "__args__", None) or ()
    nullable = type(None) in args
    base = next(a for a in args if a is not type(None)) if args else hint
    if base is bool:
        return "bool", [], nullable
    if base is int:
        return "int", [], nullable
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return "choice", [m.value for m in base], nullable
    raise TypeError(f"unsupported option type {hint!r}")


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


def _convert(f: dataclasses.Field[Any], hint: Any, value: Any) -> Any:
    kind, choices, nullable = _describe(hint)
    if value is None and nullable:
        return None
    if kind == "choice":
        if value not in choices:
            raise OptionsError(f"option {f.name!r} must be one of {choices}, not {quote(value)}")
        args = getattr(hint, "__args__", None)
        enum_type = next(a for a in args if a is not type(None)) if args else hint
        return enum_type(value)
    return value


def _check_value(f: dataclasses.Field[Any], hint: Any, value: Any) -> None:
    kind, choices, nullable = _describe(hint)
    if value is None:
        if not nullable:
            raise OptionsError(f"option {f.name!r} may not be empty")
        return
    if kind == "bool" and not isinstance(value, bool):
        raise OptionsError(f"option {f.name!r} must be true or false, not {quote(value)}")
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionsError(f"option {f.name!r} must be a whole number, not {quote(value)}")
        low, high = f.metadata["minimum"], f.metadata["maximum"]
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionsError(f"option {f.name!r} must be from {low} to {high}, not {quote(value)}")
    if kind == "choice" and _plain(value) not in choices:
        raise OptionsError(f"option {f.name!r} must be one of {choices}, not {quote(value)}")
