"""Computer players from other packages, found through the ``sixtysix.bots`` entry-point group.

A package makes a bot available to every command (``play --opponent``, ``tournament --bots``,
the server's seats) by naming it in its ``pyproject.toml``::

    [project.entry-points."sixtysix.bots"]
    cautious = "cautious_bot:CautiousBot"

The entry point's name is the bot's name (lower case; no ``:``, ``,``, ``=`` or space). Its object
is a factory: a class or a function returning an object with ``name`` and ``choose(view, rng,
limit=None)`` (the ``Bot`` protocol). The first line of its docstring (else the package's summary)
is the bot's line in ``sixtysix bots``. Its keyword parameters can be given as
``cautious:key=value`` only where its ``params`` attribute declares them (``Param``: a type and a
range, checked before the bot is built, as for the bots of sixtysix); a factory without ``params``
takes no parameters, and ``cautious:key=value`` is refused (docs/bots.md). The bot's line says
which keyword parameters of the factory are not declared.

Plugins are imported when the bots are first listed or built. A package that fails to import
costs only its own bots: they stay listed, and building one raises a ``BotError`` that says why.
A plugin never replaces a bot of sixtysix's own or one found earlier: it is skipped, and one line
on the ``sixtysix.bots.plugins`` logger (standard error where logging is not set up) says so.
"""

from __future__ import annotations

import importlib.metadata
import inspect
import logging
from collections.abc import Callable, Collection
from typing import Any

from .base import Bot, BotError, Param, register

__all__ = ["ENTRY_POINT_GROUP", "load_plugins"]

ENTRY_POINT_GROUP = "sixtysix.bots"

_log = logging.getLogger(__name__)


def load_plugins(taken: Collection[str]) -> list[str]:
    """Register every installed ``sixtysix.bots`` entry point whose name is not in ``taken``;
    the names registered."""
    added: list[str] = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        name = ep.name.strip().lower()
        dist = ep.dist.name if ep.dist is not None else "an unnamed package"
        if not name or any(c in name for c in ":,= ") or name in taken or name in added:
            why = "another bot has that name" if name in taken or name in added else \
                "a bot's name has no ':', ',', '=' or space"
            # One line for the person at the terminal, not a warning with a source path.
            _log.warning("sixtysix: bot %r from %s not loaded: %s", ep.name, dist, why)
            continue
        factory, help_text, params = _load(name, ep, dist)
        register(name, help_text, params=params)(factory)
        added.append(name)
    return added


def _load(name: str, ep: importlib.metadata.EntryPoint,
          dist: str) -> tuple[Callable[..., Bot], str, tuple[Any, ...]]:
    """The checked factory of an entry point, its line of help and its declared parameters; for
    one that cannot be loaded, a factory that raises the reason."""
    where = f"{dist} {ep.dist.version}" if ep.dist is not None else dist
    try:
        target = ep.load()
    except Exception as e:  # anything the package does on import
        reason = f"{type(e).__name__}: {e}"
        return _refuse(f"the bot {name!r} cannot be loaded from {ep.value}: {reason}"), \
            f"cannot be loaded ({reason}) (plugin from {where})", ()
    if not callable(target):
        return _refuse(f"the bot {name!r} ({ep.value}) is not a class or a function"), \
            f"not a bot (plugin from {where})", ()
    declared = getattr(target, "params", None) or ()
    if not isinstance(declared, tuple | list) or not all(isinstance(p, Param) for p in declared):
        return _refuse(f"the bot {name!r} ({ep.value}) declares its parameters wrongly: 'params' "
                       "must be a tuple of sixtysix.bots.Param"), \
            f"declares its parameters wrongly (plugin from {where})", ()
    doc = (inspect.getdoc(target) or "").strip().splitlines()
    summary = doc[0].strip() if doc else ""
    if not summary and ep.dist is not None:
        summary = (ep.dist.metadata["Summary"] or "").strip()
    source = f"plugin from {where}"
    undeclared = _undeclared(target, declared)
    if undeclared:  # the bot writer's likely slip: say it where the parameters are listed
        source += f"; {', '.join(undeclared)} not declared in its 'params', so not accepted"
    help_text = f"{summary} ({source})" if summary else source

    def factory(**params: Any) -> Bot:
        bot = target(**params)
        if not isinstance(bot, Bot):
            raise BotError(f"the bot {name!r} ({ep.value}) built {type(bot).__name__!r}, which has "
                           "no 'name' and 'choose(view, rng, limit)'")
        return bot

    factory.__doc__ = target.__doc__
    factory.__wrapped__ = target  # type: ignore[attr-defined]  # its signature: the defaults shown
    return factory, help_text, tuple(declared)


def _undeclared(target: Callable[..., Any], declared: Collection[Param]) -> list[str]:
    """The keyword parameters of ``target``'s signature that ``params`` does not declare."""
    try:
        found = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):  # a builtin or an odd callable: nothing to read
        return []
    names = {p.name for p in declared}
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [p.name for p in found if p.kind in keyword and p.name not in names]


def _refuse(message: str) -> Callable[..., Bot]:
    def factory(**params: Any) -> Bot:
        raise BotError(message)
    return factory
