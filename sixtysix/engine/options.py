"""Options: a game's rule options as a frozen, keyword-only dataclass, checked by type.

Field names and defaults are those of rules.md; the type hint says what a value may be (a
``Literal`` of choices, ``bool``, ``int``), and values from outside (records, the command line,
the server) are refused with an ``OptionError`` in words when they do not fit.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal

from ..errors import OptionError

__all__ = ["options_from_dict", "options_to_dict", "option_hints", "check_options", "ranged",
           "option_range", "range_words"]


def ranged(default: Any, low: int, high: int | None = None, null: str = "") -> Any:
    """A whole-number option field with a declared range ``low``..``high`` (``high`` None: no
    upper bound), checked like the type and shown by ``sixtysix options``. ``null`` says what
    None means for an optional one.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, kw_only=True)
    ... class O:
    ...     target: int = ranged(10, 1)
    >>> options_from_dict(O, {"target": 0})
    Traceback (most recent call last):
    ...
    sixtysix.errors.OptionError: option 'target' takes a whole number of at least 1, not 0
    """
    return dataclasses.field(default=default, metadata={"range": (low, high), "null": null})


def option_range(options_cls: type[Any], name: str) -> tuple[int, int | None] | None:
    """The declared range of a whole-number option, or None where it has none."""
    for f in dataclasses.fields(options_cls):
        if f.name == name:
            got = f.metadata.get("range")
            return None if got is None else (got[0], got[1])
    return None


def range_words(low: int, high: int | None) -> str:
    """A range in words: 'from 1 to 63', 'of at least 0'."""
    return f"from {low} to {high}" if high is not None else f"of at least {low}"


def options_from_dict(cls: type[Any], values: dict[str, Any] | None) -> Any:
    """Build an options dataclass from a dict, refusing unknown names and values with OptionError."""
    values = dict(values or {})
    hints = option_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for name, value in values.items():
        if name not in fields:
            known = ", ".join(sorted(fields))
            raise OptionError(f"unknown option {name!r} (this game's options: {known})")
        values[name] = _check_value(name, hints[name], value, fields[name].metadata.get("range"))
    return cls(**values)


def options_to_dict(options: Any, only_changed: bool = True) -> dict[str, Any]:
    """The options that differ from the defaults (or all of them), as plain JSON values."""
    default = type(options)()
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)
            if not only_changed or getattr(options, f.name) != getattr(default, f.name)}


_HINTS: dict[type[Any], dict[str, Any]] = {}


def option_hints(cls: type[Any]) -> dict[str, Any]:
    """The type of each option of an options class (resolved once: it is slow)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def check_options(options: Any) -> None:
    hints = option_hints(type(options))
    for f in dataclasses.fields(options):
        _check_value(f.name, hints[f.name], getattr(options, f.name), f.metadata.get("range"))


def _check_value(name: str, hint: Any, value: Any,
                 bounds: tuple[int, int | None] | None = None) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType) and type(None) in typing.get_args(hint):
        # An optional value: None means "the game's default for the other options".
        if value is None:
            return value
        rest = [a for a in typing.get_args(hint) if a is not type(None)]
        return _check_value(name, rest[0], value, bounds)
    if origin is Literal:
        choices = typing.get_args(hint)
        # Exact types: 1 is not True, and True is not 1.
        if not any(value == c and type(value) is type(c) for c in choices):
            shown = ", ".join(repr(c) for c in choices)
            raise OptionError(f"option {name!r} takes {shown}, not {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise OptionError(f"option {name!r} takes true or false, not {value!r}")
        return value
    if hint is int:
        low, high = bounds if bounds is not None else (0, None)
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"option {name!r} takes a whole number, not {value!r}")
        if value < low or (high is not None and value > high):
            words = f" {range_words(low, high)}" if bounds is not None else ""
            raise OptionError(f"option {name!r} takes a whole number{words}, not {value!r}")
        return value
    return value
