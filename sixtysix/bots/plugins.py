"""Computer players from other packages, found through the ``sixtysix.bots`` entry-point group.

A package makes a bot available to every command (``play --opponent``, ``tournament --bots``,
the server's seats) by naming it in its ``pyproject.toml``::

    [project.entry-points."sixtysix.bots"]
    cautious = "cautious_bot:CautiousBot"

The entry point's name is the bot's name (lower case, no ``:`` or ``,``); its object is a factory:
a class or a function whose keyword parameters become ``cautious:key=value``, returning an object
with ``name`` and ``choose(view, rng, limit=None)`` (the ``Bot`` protocol). The module is imported
only when the bot is first built, so listing the bots stays quick and a broken package costs
only its own bot: building it raises a ``BotError`` that says why. A plugin never replaces a bot
of sixtysix's own or of a plugin found earlier: the one with the clashing name is skipped.
"""

from __future__ import annotations

import importlib.metadata
import warnings
from collections.abc import Callable
from typing import Any

from .base import Bot, BotError

__all__ = ["ENTRY_POINT_GROUP", "load_plugins", "plugin_factory"]

ENTRY_POINT_GROUP = "sixtysix.bots"


def load_plugins(registry: dict[str, tuple[Callable[..., Bot], str]]) -> list[str]:
    """Add every installed ``sixtysix.bots`` entry point to ``registry`` (name → (factory,
    help)), without importing it yet; the names added."""
    added = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        name = ep.name.strip().lower()
        dist = ep.dist.name if ep.dist is not None else "an unnamed package"
        if not name or any(c in name for c in ":,= ") or name in registry:
            why = "is taken" if name in registry else "cannot be a bot name"
            warnings.warn(f"bot plugin {ep.name!r} from {dist} skipped: the name {why}",
                          stacklevel=2)
            continue
        registry[name] = (plugin_factory(name, ep), _help(ep, dist))
        added.append(name)
    return added


def plugin_factory(name: str, ep: importlib.metadata.EntryPoint) -> Callable[..., Bot]:
    """A factory that imports the entry point when first called, and checks what it builds."""
    loaded: list[Callable[..., Any]] = []

    def factory(**params: Any) -> Bot:
        if not loaded:
            try:
                target = ep.load()
            except Exception as e:  # anything the package does on import
                raise BotError(f"the bot {name!r} cannot be loaded from {ep.value}: "
                               f"{type(e).__name__}: {e}") from e
            if not callable(target):
                raise BotError(f"the bot {name!r} ({ep.value}) is not a class or a function")
            loaded.append(target)
        bot = loaded[0](**params)
        if not isinstance(bot, Bot):
            raise BotError(f"the bot {name!r} ({ep.value}) built {type(bot).__name__!r}, which has "
                           "no 'name' and 'choose(view, rng, limit)'")
        return bot

    return factory


def _help(ep: importlib.metadata.EntryPoint, dist: str) -> str:
    """The package's one-line summary, and where the bot comes from."""
    summary = ""
    if ep.dist is not None:
        summary = (ep.dist.metadata["Summary"] or "").strip()
        dist = f"{dist} {ep.dist.version}"
    return f"{summary} (plugin from {dist})" if summary else f"plugin from {dist}"
