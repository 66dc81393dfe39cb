"""The bot protocol: a computer player chooses an action from a seat's view only.

Bots are built by name from a registry, with parameters, so the CLI, the server and tournaments
take them as text: ``make_bot("random")``, ``make_bot("ismcts:seconds=0.5")``.

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

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..engine.view import View
from ..errors import SixtySixError

__all__ = ["Bot", "Limit", "register", "make_bot", "bot_names", "BotError", "RandomBot"]


class BotError(SixtySixError):
    """An unknown bot name or a bad bot parameter."""


@dataclass(frozen=True)
class Limit:
    """How long a bot may think: seconds, iterations or playouts (whichever is given)."""

    seconds: float | None = None
    iterations: int | None = None


@runtime_checkable
class Bot(Protocol):
    """A computer player. It sees a ``View`` (never the full state) and returns a legal action."""

    name: str

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        ...


_REGISTRY: dict[str, tuple[Callable[..., Bot], str]] = {}


def register(name: str, help: str = "") -> Callable[[Callable[..., Bot]], Callable[..., Bot]]:
    """Register a bot factory under ``name``; its keyword parameters become ``name:key=value``."""
    def deco(factory: Callable[..., Bot]) -> Callable[..., Bot]:
        _REGISTRY[name] = (factory, help)
        return factory
    return deco


def bot_names() -> dict[str, str]:
    """Registered bot names with a line of help each."""
    _load_builtins()
    return {k: v[1] for k, v in sorted(_REGISTRY.items())}


def make_bot(spec: str) -> Bot:
    """Build a bot from ``name`` or ``name:key=value,key=value``."""
    _load_builtins()
    name, _, params = spec.strip().partition(":")
    entry = _REGISTRY.get(name.strip().lower())
    if entry is None:
        raise BotError(f"unknown computer player {name!r} (choose from {', '.join(sorted(_REGISTRY))})")
    kwargs: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in params.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise BotError(f"bot parameter {part!r} must look like key=value")
        kwargs[key.strip()] = _value(value.strip())
    try:
        return entry[0](**kwargs)
    except TypeError as e:
        raise BotError(f"bad parameter for {name!r}: {e}") from None


def _value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        return rng.choice(view.legal)


register("random", "a uniformly random legal action")(RandomBot)

_loaded = False


def _load_builtins() -> None:
    """Import the modules that register the other bots (kept lazy: some are heavy)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib
    for mod in ("heuristic", "search", "master", "levels"):
        try:
            importlib.import_module(f"{__package__}.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.{mod}":
                raise
    from .plugins import load_plugins  # bots of other packages: entry points "sixtysix.bots"
    load_plugins(set(_REGISTRY))
