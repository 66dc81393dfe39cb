"""Options: a game's rule options as a frozen, keyword-only dataclass, checked by type.

Field names and defaults are those of rules.md; the type hint says what a value may be (a
``Literal`` of choices, ``bool``, ``int``), and values from outside (records, the command line,
the server) are refused with an ``OptionError`` in words when they do not fit.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, Literal

from ..errors import OptionError

__all__ = ["options_from_dict", "options_to_dict", "option_hints", "check_options"]


def options_from_dict(cls: type[Any], values: dict[str, Any] | None) -> Any:
    """Build an options dataclass from a dict, refusing unknown names and values with OptionError."""
    values = dict(values or {})
    hints = option_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    for name, value in values.items():
        if name not in names:
            known = ", ".join(sorted(names))
            raise OptionError(f"unknown option {name!r} (this game's options: {known})")
        values[name] = _check_value(name, hints[name], value)
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
        _check_value(f.name, hints[f.name], getattr(options, f.name))


def _check_value(name: str, hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin is Literal:
        choices = typing.get_args(hint)
        if value not in choices:
            shown = ", ".join(repr(c) for c in choices)
            raise OptionError(f"option {name!r} takes {shown}, not {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise OptionError(f"option {name!r} takes true or false, not {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise OptionError(f"option {name!r} takes a whole number, not {value!r}")
        return value
    return value
