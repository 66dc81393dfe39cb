"""Options: a game's rule options as a frozen, keyword-only dataclass, checked by type and range.

Field names and defaults are those of rules.md; the type hint says what a value may be (a
``Literal`` of choices, ``bool``, ``int``, ``X | None``), and a whole number declares its range
beside it, as data: ``target: Annotated[int, Range(1, 100)] = 7``. Values from outside (records,
the command line, the server) are refused with an ``OptionError`` in words when they do not fit;
``option_specs`` gives each option's kind, choices, range and default to whoever shows them.
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from collections.abc import Iterable
from typing import Any, Literal

from ..errors import OptionError

__all__ = ["options_from_dict", "checked_values", "options_to_dict", "option_hints", "check_options", "Range",
           "OptionSpec", "option_specs", "options_from_text", "option_text", "UNDECLARED_RANGE"]


def options_from_dict(cls: type[Any], values: dict[str, Any] | None) -> Any:
    """Build an options dataclass from a dict, refusing unknown names and values with OptionError.

    >>> from sixtysix.games.sixty_six import SixtySixOptions
    >>> options_from_dict(SixtySixOptions, {"target": 0})
    Traceback (most recent call last):
    ...
    sixtysix.errors.OptionError: option 'target' takes a whole number from 1 to 100, not 0
    """
    return cls(**checked_values(cls, values))


def checked_values(cls: type[Any], values: dict[str, Any] | None) -> dict[str, Any]:
    """``values`` (names and values of some of ``cls``'s options), each checked: OptionError for
    an unknown name or a value its option does not take."""
    if values is not None and not isinstance(values, dict):
        raise OptionError(f"options are given as names and values, not {type(values).__name__}")
    values = dict(values or {})
    specs = option_specs(cls)
    for name, value in values.items():
        spec = specs.get(name)
        if spec is None:
            raise OptionError(f"unknown option {name!r} (this game's options: {', '.join(sorted(specs))})")
        values[name] = spec.check(value)
    return values


def options_from_text(cls: type[Any], pairs: Iterable[str]) -> dict[str, Any]:
    """``name=value`` texts (as typed after ``--option``) into an options dict, each value read by
    the option's declared type: ``none``/``null``, ``true``/``false``, whole numbers, choices.
    OptionError, in words, for a bad pair, an unknown name or a value the option does not take.

    >>> from sixtysix.games.three_hand import ThreeHandOptions
    >>> options_from_text(ThreeHandOptions, ["target=5", "dealer_cap=None", "playoff=false"])
    {'target': 5, 'dealer_cap': None, 'playoff': False}
    >>> options_from_text(ThreeHandOptions, ["target=1e15"])
    Traceback (most recent call last):
    ...
    sixtysix.errors.OptionError: option 'target' takes a whole number from 1 to 100, not '1e15'
    """
    specs = option_specs(cls)
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        name = name.strip()
        if not eq or not name:
            raise OptionError(f"an option is given as name=value, not {pair!r}")
        spec = specs.get(name)
        if spec is None:
            raise OptionError(f"unknown option {name!r} (this game's options: {', '.join(sorted(specs))})")
        out[name] = spec.parse(text.strip())
    return out


def options_to_dict(options: Any, only_changed: bool = True) -> dict[str, Any]:
    """The options that differ from the defaults (or all of them), as plain JSON values."""
    default = type(options)()
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)
            if not only_changed or getattr(options, f.name) != getattr(default, f.name)}


_HINTS: dict[type[Any], dict[str, Any]] = {}


def option_hints(cls: type[Any]) -> dict[str, Any]:
    """The type of each option of an options class, without its ``Range`` (resolved once: it
    is slow)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def check_options(options: Any) -> None:
    """Refuse, with OptionError, an options object holding a value one of its options does not
    take (one built directly, bypassing ``options_from_dict``)."""
    for name, spec in option_specs(type(options)).items():
        spec.check(getattr(options, name))


@dataclasses.dataclass(frozen=True)
class Range:
    """The whole numbers an integer option takes, ``lo`` to ``hi`` inclusive.

    Declared on the option itself, as data that the checks, ``sixtysix options`` and the server
    read: ``target: Annotated[int, Range(1, 100)] = 7``. A bound that depends on another option
    (Three-Hand's ``dealer_cap`` below the ``target``) is checked by the game's ``make_rules``.
    """

    lo: int
    hi: int


UNDECLARED_RANGE = Range(0, 1_000_000)
"""What an integer option without its own ``Range`` takes (the tests insist every game declares
one; this only keeps absurd values out meanwhile)."""

_NONE_WORDS = ("none", "null")
_BOOL_WORDS = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """What one option takes, read from its annotation: ``kind`` is ``"choice"`` (``choices``),
    ``"bool"``, ``"int"`` (``lo`` to ``hi``), ``"text"``, or ``"other"`` (a type these checks do
    not know: any JSON value passes, the game checks it); ``nullable`` when None is allowed."""

    name: str
    kind: Literal["choice", "bool", "int", "text", "other"]
    default: Any
    choices: tuple[Any, ...] = ()
    lo: int | None = None
    hi: int | None = None
    nullable: bool = False
    declared: bool = True
    """False for an integer option without a ``Range`` of its own."""

    def describe(self, quoted: bool = False) -> str:
        """The values in words, as ``sixtysix options`` shows them (``quoted``: choices as
        Python/JSON values, as errors show them).

        >>> from sixtysix.games.three_hand import ThreeHandOptions
        >>> option_specs(ThreeHandOptions)["dealer_cap"].describe()
        'a whole number from 0 to 99, or none'
        """
        if self.kind == "choice":
            text = ", ".join(repr(c) if quoted else option_text(c) for c in self.choices)
        elif self.kind == "bool":
            text = "true or false"
        elif self.kind == "int":
            text = f"a whole number from {self.lo} to {self.hi}"
        elif self.kind == "text":
            text = "text"
        else:
            text = "a JSON value"
        return text + (", or none" if self.nullable else "")

    def _refuse(self, shown: Any) -> OptionError:
        return OptionError(f"option {self.name!r} takes {self.describe(quoted=True)}, not {shown!r}")

    def check(self, value: Any) -> Any:
        """``value`` if the option takes it (a JSON value: bools are not numbers, floats are not
        whole numbers, however integral), else OptionError."""
        if value is None:
            if self.nullable:
                return None
            raise self._refuse(value)
        if self.kind == "choice":
            # By type and value: True is not 1, and 1 is not "1".
            if not any(type(c) is type(value) and c == value for c in self.choices):
                raise self._refuse(value)
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise self._refuse(value)
        elif self.kind == "int":
            if type(value) is not int:
                raise self._refuse(value)
            assert self.lo is not None and self.hi is not None
            if not self.lo <= value <= self.hi:
                raise self._refuse(value)
        elif self.kind == "text" and not isinstance(value, str):
            raise self._refuse(value)
        return value

    def parse(self, text: str) -> Any:
        """The value that ``text`` (as typed on a command line) names, checked."""
        low = text.strip().lower()
        if self.nullable and low in _NONE_WORDS:
            return None
        value: Any = text
        if self.kind == "bool":
            value = _BOOL_WORDS.get(low, text)
        elif self.kind == "int":
            if re.fullmatch(r"[+-]?[0-9]+", text.strip()) is None:
                raise self._refuse(text)
            value = int(text)
        elif self.kind == "choice":
            value = next((c for c in self.choices if option_text(c) == text.strip()), text)
        elif self.kind == "other":
            try:
                value = json.loads(text)
            except ValueError:
                value = text
        return self.check(value)


def option_text(value: Any) -> str:
    """A value as it is typed: true/false for booleans, none for None."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


_SPECS: dict[type[Any], dict[str, OptionSpec]] = {}


def option_specs(cls: type[Any]) -> dict[str, OptionSpec]:
    """Each option of an options class (or of an options object) with what it takes, in
    declaration order (resolved once per class)."""
    if not isinstance(cls, type):
        cls = type(cls)
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        specs = _SPECS[cls] = {f.name: _spec(f, hints[f.name]) for f in dataclasses.fields(cls)}
    return specs


def _spec(f: dataclasses.Field[Any], hint: Any) -> OptionSpec:
    default: Any = f.default
    factory: Any = f.default_factory
    if default is dataclasses.MISSING and factory is not dataclasses.MISSING:
        default = factory()
    ranges: list[Range] = []
    if typing.get_origin(hint) is typing.Annotated:
        ranges = [m for m in hint.__metadata__ if isinstance(m, Range)]
        hint = hint.__origin__
    nullable = False
    args = typing.get_args(hint)
    if type(None) in args and typing.get_origin(hint) is not Literal:  # X | None, Optional[X]
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            nullable, hint = True, rest[0]
    if typing.get_origin(hint) is Literal:
        return OptionSpec(f.name, "choice", default, choices=typing.get_args(hint), nullable=nullable)
    if hint is bool:
        return OptionSpec(f.name, "bool", default, nullable=nullable)
    if hint is int:
        r = ranges[0] if ranges else UNDECLARED_RANGE
        return OptionSpec(f.name, "int", default, lo=r.lo, hi=r.hi, nullable=nullable,
                          declared=bool(ranges))
    if hint is str:
        return OptionSpec(f.name, "text", default, nullable=nullable)
    return OptionSpec(f.name, "other", default, nullable=nullable)
