"""Bots built from their text: ``make_bot("random")``, ``make_bot("ismcts:seconds=0.5")``.

Bots are built by name from a registry, with parameters, so the CLI, the server and tournaments
take them as text: ``make_bot("random")``, ``make_bot("ismcts:seconds=0.5")``. Each factory declares
its parameters as data (``Param``: a type and a range), registered next to it; ``make_bot`` refuses
an unknown parameter or a value out of range before building anything:

>>> make_bot("ismcts:iterations=0")
Traceback (most recent call last):
...
sixtysix.bots.base.BotError: ismcts: iterations must be a whole number from 1 to 10,000,000, not 0
>>> make_bot("heuristic:forgot=1")
Traceback (most recent call last):
...
sixtysix.bots.base.BotError: heuristic: unknown parameter 'forgot' (heuristic takes forget, miss)

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=3)
>>> bot = make_bot("random")
>>> bot.choose(state.view(state.to_act), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
import inspect

from . import base
from .base import Bot, BotArg, BotArgs, BotError, Param
from .plugins import load_plugins

__all__ = ["make_bot", "parse_bot", "bot_names", "bot_params", "bot_defaults", "MAX_SPEC"]


def bot_names() -> dict[str, str]:
    """Registered bot names with a line of help each."""
    _load_builtins()
    return {k: v[1] for k, v in sorted(base.REGISTRY.items())}


def bot_defaults(name: str) -> dict[str, BotArg | None]:
    """The default of each parameter the bot ``name`` declares, from its factory's signature
    (None where it has none: unset, or the factory's own choice)."""
    params = bot_params(name)  # loads the registry; BotError for an unknown name
    try:
        found = dict(inspect.signature(base.REGISTRY[name][0]).parameters)
    except (TypeError, ValueError):  # a builtin or an odd callable: no defaults to read
        found = {}
    empty = inspect.Parameter.empty
    return {p.name: None if p.name not in found or found[p.name].default is empty
            else found[p.name].default for p in params}


def bot_params(name: str) -> tuple[Param, ...]:
    """The parameters the bot ``name`` declares."""
    _load_builtins()
    entry = base.REGISTRY.get(name)
    if entry is None:
        raise BotError(f"unknown computer player {name!r} (choose from {', '.join(sorted(base.REGISTRY))})")
    return entry[2]


MAX_SPEC = 200
"""The longest bot text accepted."""


def parse_bot(spec: str) -> tuple[str, BotArgs]:
    """``name`` and checked keyword arguments of ``name`` or ``name:key=value,key=value``.

    >>> parse_bot("ismcts:seconds=0.5, endgame=true")
    ('ismcts', {'seconds': 0.5, 'endgame': True})
    """
    _load_builtins()
    if not isinstance(spec, str):
        raise BotError(f"a computer player is named by text such as 'random', not {spec!r}")
    if len(spec) > MAX_SPEC:
        raise BotError(f"a computer player's text is at most {MAX_SPEC} characters")
    name, _, params = spec.strip().partition(":")
    name = name.strip().lower()
    entry = base.REGISTRY.get(name)
    if entry is None:
        raise BotError(f"unknown computer player {name!r} (choose from {', '.join(sorted(base.REGISTRY))})")
    declared = {p.name: p for p in entry[2]}
    kwargs: BotArgs = {}
    for part in filter(None, (p.strip() for p in params.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq:
            raise BotError(f"{name}: parameter {part!r} must look like key=value")
        param = declared.get(key)
        if param is None:
            takes = f"{name} takes {', '.join(sorted(declared))}" if declared else \
                f"{name} takes no parameters"
            raise BotError(f"{name}: unknown parameter {key!r} ({takes})")
        if key in kwargs:
            raise BotError(f"{name}: {key} is given twice")
        kwargs[key] = param.check(name, value.strip())
    return name, kwargs


def make_bot(spec: str) -> Bot:
    """Build a bot from ``name`` or ``name:key=value,key=value``; BotError, saying what is
    allowed, for an unknown name or parameter or a value out of its declared range."""
    name, kwargs = parse_bot(spec)
    try:
        return base.REGISTRY[name][0](**kwargs)
    except TypeError as e:
        raise BotError(f"bad parameter for {name!r}: {e}") from None


_loaded = False


def _load_builtins() -> None:
    """Import the modules that register the other bots (kept lazy: some are heavy)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for mod in ("heuristic", "ismcts", "pimc", "master", "levels"):
        try:
            importlib.import_module(f"{__package__}.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.{mod}":
                raise
    load_plugins(set(base.REGISTRY))
