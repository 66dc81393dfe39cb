"""Options: a game's rule options as a frozen, keyword-only dataclass, checked by type and range.

Field names and defaults are those of rules.md; the type hint says what a value may be (a
``Literal`` of choices, ``bool``, ``int``, ``X | None``), and a whole number declares its range
beside it, as data on the field: ``target: int = ranged(7, 1, 100)``. Values from outside
(records, the command line, the server) are refused with an ``OptionError`` in words when they do
not fit. What an option means is the docstring under its field (its first paragraph, in a line);
``option_specs`` gives each option's kind, choices, range, default and meaning to whoever shows
them (``sixtysix options``, the server's lobby and help pages).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Opts:
...     target: int = ranged(7, 1, 100)
...     cap: int | None = ranged(None, 0, 99, null="target - 1")
>>> options_from_dict(Opts, {"target": 0})
Traceback (most recent call last):
...
sixtysix.errors.OptionError: option 'target' takes a whole number from 1 to 100, not 0
>>> options_from_text(Opts, ["target=5", "cap=None"])
{'target': 5, 'cap': None}
>>> option_specs(Opts)["cap"].describe()
'a whole number from 0 to 99, or null (target - 1)'
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import sys
import textwrap
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypeAlias

from ..errors import OptionError, shown

__all__ = ["ranged", "options_from_dict", "checked_values", "options_to_dict", "option_hints",
           "check_options", "OptionSpec", "option_specs", "options_from_text", "option_text",
           "option_range", "range_words", "option_meanings", "CAP", "OptionValue", "OptionValues"]

OptionValue: TypeAlias = bool | int | str | None
"""What an option takes: a choice (text or a number), true or false, a whole number, or null."""
OptionValues: TypeAlias = dict[str, OptionValue]
"""Some options of a game by name, checked (records' ``options``, a game's overrides)."""

CAP = 1_000_000
"""No whole-number option takes more, whatever it declares: a range open above (``ranged(33, 1)``)
and an option without a range stop here, so that absurd values (1e15) are refused all the same."""


def ranged(default: Any, low: int, high: int | None = None, null: str = "") -> Any:
    """A whole-number option field with its range ``low`` to ``high`` (``high`` None: open
    above, up to ``CAP``), checked with the type and shown by ``sixtysix options``. ``null`` says
    what None means for an optional one (``int | None``). A bound that depends on another option
    (Three-Hand's ``dealer_cap`` below the ``target``) is the game's ``make_rules``' to check.
    """
    return dataclasses.field(default=default, metadata={"range": (low, high), "null": null})


def options_from_dict(cls: type[Any], values: Mapping[str, object] | None) -> Any:
    """Build an options dataclass from a dict, refusing unknown names and values with OptionError."""
    return cls(**checked_values(cls, values))


def checked_values(cls: type[Any], values: Mapping[str, object] | None) -> OptionValues:
    """``values`` (names and values of some of ``cls``'s options, as from JSON), each checked:
    OptionError for an unknown name or a value its option does not take."""
    if values is not None and not isinstance(values, dict):
        raise OptionError(f"options are given as names and values, not {type(values).__name__}")
    specs = option_specs(cls)
    out: OptionValues = {}
    for name, value in (values or {}).items():
        spec = specs.get(name)
        if spec is None:
            raise OptionError(f"unknown option {name!r} (this game's options: {', '.join(sorted(specs))})")
        out[name] = spec.check(value)
    return out


def options_from_text(cls: type[Any], pairs: Iterable[str]) -> OptionValues:
    """``name=value`` texts (as typed after ``--option``) into an options dict, each value read by
    the option's declared type: ``null``/``none``, ``true``/``false``, whole numbers, choices.
    OptionError, in words, for a bad pair, an unknown name or a value the option does not take.
    """
    specs = option_specs(cls)
    out: OptionValues = {}
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


def options_to_dict(options: Any, only_changed: bool = True) -> OptionValues:
    """The options that differ from the defaults (or all of them), as plain JSON values."""
    default = type(options)()
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)
            if not only_changed or getattr(options, f.name) != getattr(default, f.name)}


_HINTS: dict[type[Any], dict[str, object]] = {}


def option_hints(cls: type[Any]) -> dict[str, object]:
    """The type of each option of an options class (resolved once: it is slow)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def check_options(options: Any) -> None:
    """Refuse, with OptionError, an options object holding a value one of its options does not
    take (one built directly, bypassing ``options_from_dict``)."""
    for name, spec in option_specs(type(options)).items():
        spec.check(getattr(options, name))


def option_range(options_cls: type[Any], name: str) -> tuple[int, int | None] | None:
    """The declared range of a whole-number option (high None: open above), or None where it
    declares none."""
    spec = option_specs(options_cls).get(name)
    if spec is None or spec.kind != "int" or not spec.declared:
        return None
    assert spec.lo is not None
    return spec.lo, spec.high


def range_words(low: int, high: int | None) -> str:
    """A range in words: 'from 1 to 63', 'of at least 0'."""
    return f"from {low} to {high}" if high is not None else f"of at least {low}"


_NONE_WORDS = ("null", "none")
_BOOL_WORDS = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """What one option takes, read from its type and its field: ``kind`` is ``"choice"``
    (``choices``), ``"bool"``, ``"int"`` (``lo`` to ``hi``) or ``"text"``; ``nullable`` when None
    is allowed, ``null`` what None means."""

    name: str
    kind: Literal["choice", "bool", "int", "text"]
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    lo: int | None = None
    high: int | None = None
    """The declared upper bound; None where the range is open above."""
    nullable: bool = False
    null: str = ""
    declared: bool = True
    """False for a whole-number option declared without ``ranged``."""
    meaning: str = ""
    """What the option decides, in a line: its field's docstring (``option_meanings``)."""

    @property
    def hi(self) -> int | None:
        """The largest value taken: the declared bound, else ``CAP``."""
        if self.kind != "int":
            return None
        return self.high if self.high is not None else CAP

    def describe(self, quoted: bool = False) -> str:
        """The values in words, as ``sixtysix options`` shows them (``quoted``: choices as
        errors show values: text quoted, the rest as JSON writes it)."""
        if self.kind == "choice":
            text = ", ".join(shown(c) if quoted else option_text(c) for c in self.choices)
        elif self.kind == "bool":
            text = "true or false"
        elif self.kind == "int":
            assert self.lo is not None
            text = "a whole number " + range_words(self.lo, self.high)
        else:
            text = "text"
        if self.nullable:
            text += ", or null" + (f" ({self.null})" if self.null else "")
        return text

    def _refuse(self, value: object, words: str = "") -> OptionError:
        return OptionError(f"option {self.name!r} takes {words or self.describe(quoted=True)}, "
                           f"not {shown(value, 80)}")

    def check(self, value: object) -> OptionValue:
        """``value`` if the option takes it (as from JSON: booleans are not numbers, and numbers
        with a fraction part or a point are not whole numbers), else OptionError: a value of the
        wrong type is told the type, a whole number out of range the range."""
        if value is None:
            if self.nullable:
                return None
            raise self._refuse(value, "a whole number" if self.kind == "int" else "")
        if self.kind == "choice":
            # By type and value: True is not 1, and 1 is not "1".
            chosen = next((c for c in self.choices if type(c) is type(value) and c == value), None)
            if chosen is None:
                raise self._refuse(value)
            return chosen
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise self._refuse(value)
            return value
        if self.kind == "int":
            if type(value) is not int:
                raise self._refuse(value, "a whole number")
            assert isinstance(value, int) and self.lo is not None and self.hi is not None
            if value < self.lo:
                raise self._refuse(value, "a whole number " + range_words(self.lo, self.high))
            if value > self.hi:
                raise self._refuse(value, f"a whole number from {self.lo} to {self.hi}")
            return value
        if not isinstance(value, str):
            raise self._refuse(value)
        return value

    def parse(self, text: str) -> OptionValue:
        """The value that ``text`` (as typed on a command line) names, checked."""
        text = text.strip()
        low = text.lower()
        if self.nullable and low in _NONE_WORDS:
            return None
        value: OptionValue = text
        if self.kind == "bool":
            value = _BOOL_WORDS.get(low, text)
        elif self.kind == "int":
            if re.fullmatch(r"[+-]?[0-9]+", text) is None:
                raise self._refuse(text)
            value = int(text)
        elif self.kind == "choice":
            value = next((c for c in self.choices if option_text(c) == text), text)
        return self.check(value)


def option_text(value: OptionValue) -> str:
    """A value as it is typed and as JSON writes it: true/false, null."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


_SPECS: dict[type[Any], dict[str, OptionSpec]] = {}


def option_specs(cls: type[Any]) -> dict[str, OptionSpec]:
    """Each option of an options class (or of an options object) with what it takes, in
    declaration order (resolved once per class)."""
    if not isinstance(cls, type):
        cls = type(cls)
    specs = _SPECS.get(cls)
    if specs is None:
        hints = option_hints(cls)
        meanings = option_meanings(cls)
        specs = _SPECS[cls] = {
            f.name: dataclasses.replace(_spec(f, hints[f.name]), meaning=meanings.get(f.name, ""))
            for f in dataclasses.fields(cls)}
    return specs


_MEANINGS: dict[tuple[type[Any], str], dict[str, str]] = {}


def option_meanings(cls: type[Any], lang: str = "en") -> dict[str, str]:
    """Each option's meaning: in English the first paragraph of the docstring under its field, in
    one line, read from the source of the class and of the options classes it extends (none for a
    field without one, or a class whose source is not at hand); in another language the table
    ``MEANINGS_<LANG>`` beside each of those classes (``MEANINGS_DE``: German).

    >>> from sixtysix.games.schnapsen import SchnapsenOptions
    >>> option_meanings(SchnapsenOptions)["start_score"]
    "where each player's count starts"
    >>> option_meanings(SchnapsenOptions, "de")["start_score"]
    'wo der Stand jedes Spielers beginnt'
    """
    known = _MEANINGS.get((cls, lang))
    if known is not None:
        return known
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not dataclasses.is_dataclass(klass):
            continue
        if lang != "en":
            out.update(getattr(sys.modules[klass.__module__], f"MEANINGS_{lang.upper()}", {}))
            continue
        try:
            source = inspect.getsource(klass)
        except (OSError, TypeError):  # no source to read (a class made at run time): no meanings
            continue
        body = ast.parse(textwrap.dedent(source)).body[0]
        assert isinstance(body, ast.ClassDef)
        for node, after in zip(body.body, body.body[1:], strict=False):
            if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                    and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)):
                first = inspect.cleandoc(after.value.value).split("\n\n")[0]
                out[node.target.id] = " ".join(first.split())
    _MEANINGS[cls, lang] = out
    return out


def _spec(f: dataclasses.Field[Any], hint: Any) -> OptionSpec:
    default: Any = f.default
    factory: Any = f.default_factory
    if default is dataclasses.MISSING and factory is not dataclasses.MISSING:
        default = factory()
    nullable = False
    args = typing.get_args(hint)
    if type(None) in args and typing.get_origin(hint) is not Literal:  # X | None, Optional[X]
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            nullable, hint = True, rest[0]
    null = str(f.metadata.get("null", ""))
    if typing.get_origin(hint) is Literal:
        return OptionSpec(f.name, "choice", default, choices=typing.get_args(hint),
                          nullable=nullable, null=null)
    if hint is bool:
        return OptionSpec(f.name, "bool", default, nullable=nullable, null=null)
    if hint is int:
        declared = f.metadata.get("range")
        low, high = (declared[0], declared[1]) if declared is not None else (0, None)
        return OptionSpec(f.name, "int", default, lo=low, high=high, nullable=nullable, null=null,
                          declared=declared is not None)
    if hint is str:
        return OptionSpec(f.name, "text", default, nullable=nullable, null=null)
    # A value the checks could not read from JSON or a command line: refused where it is declared.
    raise TypeError(f"option {f.name!r} is declared as {hint!r}: an option is a bool, an int, a str "
                    "or a Literal of choices (each may be '| None')")
