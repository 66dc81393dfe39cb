"""The bot protocol: a computer player chooses an action from a seat's view only.

A bot is anything with a ``name`` and ``choose(view, rng, limit)`` (``Bot``). Each bot module
registers its factory under a name with its parameters declared as data (``register``, ``Param``:
a type and a range); ``bots.registry`` builds bots from their text (``make_bot``), and
``bots.plugins`` registers the bots of other packages.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, runtime_checkable

from ..engine.view import View
from ..errors import SixtySixError, shown

__all__ = ["Bot", "BotArg", "BotArgs", "Limit", "SECONDS", "ITERATIONS", "clock", "past", "Param", "register",
           "BotError", "RandomBot", "check_fields", "REGISTRY"]


class BotError(SixtySixError):
    """An unknown bot name or a bad bot parameter."""


def clock() -> float:
    """``time.perf_counter()``, read by a search for its deadline, from interpreted Python.

    The compiled core holds Python's interpreter lock for as long as it thinks, so a server that
    thinks for one table in a worker thread would stop its event loop, and every other table, for
    that long. The interpreter hands the lock to a thread that has waited for it (5 ms, its switch
    interval) when it enters a Python function: this one, which is why this module is not among
    those compiled (``sixtysix._core.COMPILED``). Releasing the lock outright would not do:
    ``time.sleep(0)`` sleeps some 50 microseconds on Linux, a quarter of a search's time between
    looks, and ``os.sched_yield()`` takes the lock back before the waiting thread wakes.

    >>> clock() <= clock()
    True
    """
    return time.perf_counter()


def past(deadline: float | None) -> bool:
    """Whether ``deadline`` (a ``time.perf_counter()`` reading, None for none) has passed, read
    with ``clock``: other threads run at every look, deadline or not.

    >>> past(None), past(clock() - 1.0), past(clock() + 60.0)
    (False, True, False)
    """
    now = clock()
    return deadline is not None and now > deadline


@runtime_checkable
class Bot(Protocol):
    """A computer player. It sees a ``View`` (never the full state) and returns a legal action."""

    name: str

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        ...


BotArg: TypeAlias = bool | int | float
"""A bot parameter's value: true/false, a whole number or a finite number (``Param.kind``)."""
BotArgs: TypeAlias = dict[str, BotArg]
"""A bot's parameters by name, checked (``parse_bot``): what its factory is called with."""


@dataclass(frozen=True)
class Param:
    """One parameter a bot takes, as ``name=value`` in its text form: its type and its range.

    ``kind`` is ``int`` (a whole number), ``float`` (a finite number) or ``bool`` (true/false);
    ``low`` and ``high`` bound a number, both included.

    >>> Param("worlds", int, 1, 100_000).check("pimc", "0")
    Traceback (most recent call last):
    ...
    sixtysix.bots.base.BotError: pimc: worlds must be a whole number from 1 to 100,000, not 0
    >>> Param("c", float, 0, 100).check("ismcts", "0.9")
    0.9
    """

    name: str
    kind: type
    low: float | None = None
    high: float | None = None
    help: str = ""

    def describe(self) -> str:
        """The allowed values in words: 'a whole number from 1 to 10,000,000'."""
        if self.kind is bool:
            return "true or false"
        what = "a whole number" if self.kind is int else "a number"
        lo, hi = ("" if v is None else f"{v:,}" if self.kind is int else f"{v:g}"
                  for v in (self.low, self.high))
        if self.low is not None and self.high is not None:
            return f"{what} from {lo} to {hi}"
        if self.low is not None:
            return f"{what} of at least {lo}"
        if self.high is not None:
            return f"{what} of at most {hi}"
        return what

    def check(self, bot: str, value: object, name: str | None = None) -> BotArg:
        """``value`` (text, or a number/bool from Python) as this parameter's type; BotError,
        naming the bot, the parameter and its range, when it is not one of the allowed values.
        ``name``: the parameter as the input at hand calls it (``--time``), where no bot is
        named (``bot`` empty).

        >>> SECONDS.check("", "nan", "--time")
        Traceback (most recent call last):
        ...
        sixtysix.bots.base.BotError: --time must be a number from 0.001 to 3600, not nan
        """
        out = self._convert(value)
        if out is None:
            what = f"{name or self.name} must be {self.describe()}, not {_shown(value)}"
            raise BotError(f"{bot}: {what}" if bot else what)
        return out

    def _convert(self, value: object) -> BotArg | None:
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            return {"true": True, "yes": True, "1": True, "false": False, "no": False,
                    "0": False}.get(text)
        num: float | int
        if isinstance(value, bool):
            return None
        if isinstance(value, int | float):
            num = value
        else:
            text = str(value).strip()
            try:
                num = int(text) if self.kind is int else float(text)
            except ValueError:
                return None
        if self.kind is int:
            if isinstance(num, float):
                if not num.is_integer():
                    return None
                num = int(num)
        elif not math.isfinite(num):
            return None
        else:
            num = float(num)
        if self.low is not None and num < self.low or self.high is not None and num > self.high:
            return None
        return num


def _shown(value: Any) -> str:
    """A refused value as the person wrote it: text as it is, anything else in JSON's spelling
    (``true``, ``null``, ``NaN``), since values also come from JSON (the engine, the server)."""
    if isinstance(value, str):
        return repr(value) if value == "" else value[:40]
    return shown(value, 40)


SECONDS = Param("seconds", float, 0.001, 3600, "thinking time per move")
"""The one range of a thinking time, wherever it enters: a bot's ``seconds``, a ``Limit``, the
engine protocol's ``time`` and the command line's ``--time`` and ``--hint-seconds``."""
ITERATIONS = Param("iterations", int, 1, 10_000_000, "iterations per move (instead of seconds)")
"""The one range of a search budget in iterations, wherever it enters (as ``SECONDS``)."""


@dataclass(frozen=True)
class Limit:
    """How long a bot may think: seconds, iterations or both (a search then counts iterations).

    Each is checked here, where it enters, against ``SECONDS`` and ``ITERATIONS``: a deadline of
    NaN is never past and 0 iterations would mean none to stop at, so either would think forever.

    >>> Limit(seconds=0.5)
    Limit(seconds=0.5, iterations=None)
    >>> Limit(seconds=float("nan"))
    Traceback (most recent call last):
    ...
    sixtysix.bots.base.BotError: Limit: seconds must be a number from 0.001 to 3600, not NaN
    >>> Limit(iterations=0)
    Traceback (most recent call last):
    ...
    sixtysix.bots.base.BotError: Limit: iterations must be a whole number from 1 to 10,000,000, not 0
    """

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            # Neither would leave a search no end; a caller that grants no budget passes None.
            raise BotError("Limit: give seconds, iterations or both")
        for param in (SECONDS, ITERATIONS):
            value = getattr(self, param.name)
            if value is not None:
                object.__setattr__(self, param.name, param.check("Limit", value))


def check_fields(bot: Any, name: str, params: tuple[Param, ...]) -> None:
    """Hold the fields of ``bot`` (a dataclass of bot ``name``) to the ranges of ``params``: built
    directly from Python, a bot is held to the same ranges as from its text form."""
    for p in params:
        value = getattr(bot, p.name)
        if value is not None:
            setattr(bot, p.name, p.check(name, value))


REGISTRY: dict[str, tuple[Callable[..., Bot], str, tuple[Param, ...]]] = {}


def register(name: str, help: str = "", params: tuple[Param, ...] = ()
             ) -> Callable[[Callable[..., Bot]], Callable[..., Bot]]:
    """Register a bot factory under ``name``; ``params`` declares the keyword parameters it takes
    (``name:key=value``), each with its type and range. Anything else is refused."""
    def deco(factory: Callable[..., Bot]) -> Callable[..., Bot]:
        REGISTRY[name] = (factory, help, tuple(params))
        return factory
    return deco


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        return rng.choice(view.legal)


register("random", "a uniformly random legal action", ())(RandomBot)
