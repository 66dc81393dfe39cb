"""Playing strengths by name, for people choosing an opponent: beginner, casual, strong, master.

Each level is one of the other bots with fixed parameters, built through ``make_bot`` so that a
level is exactly reproducible from its text form:

* ``beginner`` — the heuristic that sometimes forgets the cards played and overlooks a marriage,
  an exchange or a claim (``heuristic:forget=0.5,miss=0.3``);
* ``casual`` — the heuristic as it is;
* ``strong`` — ISMCTS, about 0.2 s a move, exact once the stock is exhausted;
* ``master`` — ISMCTS, about 1 s a move, each playout solved exactly once its world's stock is
  gone (``endgame=true``), exact once the stock is exhausted; in Sixty-Six a world reached while
  its stock is open is valued by a learned network instead of a playout (``net=1``,
  ``value_net``).

``master-v2`` is the master before the network, ``master-v1`` the one before that (its playouts
played to the end); ``master2``
(``bots.master``: weighted worlds, solved worlds near the end, closes and claims judged without
seeing the cards) is a candidate too; docs/master.md gives the figures.

A ``seconds=`` parameter rescales the thinking time of the search levels
(``make_bot("master:seconds=2")``).

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=3)
>>> make_bot("beginner").choose(state.view(0), random.Random(0)) in state.legal_actions()
True
>>> LEVELS["master"]
'ismcts:seconds=1.0,endgame=true,net=1'
>>> bot = make_bot("master:seconds=0.5")
>>> bot.seconds, bot.endgame, bot.net
(0.5, True, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable

from .base import SECONDS, Bot, BotError, register
from .ismcts import ISMCTS_PARAMS
from .registry import make_bot

__all__ = ["LEVELS", "make_bot"]

LEVELS = {
    "beginner": "heuristic:forget=0.5,miss=0.3",
    "casual": "heuristic",
    "strong": "ismcts:seconds=0.2",
    "master": "ismcts:seconds=1.0,endgame=true,net=1",
}
"""Each level's bot, in the text form ``make_bot`` reads."""

_HELP = {
    "beginner": "forgetful rules of thumb; overlooks marriages and claims now and then",
    "casual": "sensible rules of thumb, no search",
    "strong": "information-set search, about 0.2 s a move, exact endgames",
    "master": "information-set search, about 1 s a move, its playouts solved exactly once the "
              "stock is gone (in Sixty-Six a learned value before)",
}


def _level(name: str) -> Callable[..., Bot]:
    # The level's own time is its factory's default, so that `sixtysix bots` shows it.
    own = next((float(p[len("seconds="):]) for p in LEVELS[name].partition(":")[2].split(",")
                if p.startswith("seconds=")), None)

    def factory(seconds: float | None = own) -> Bot:
        spec = LEVELS[name]
        if seconds is not None:
            if not spec.startswith(("ismcts", "master2")):
                raise BotError(f"{name}: it does not search, so it takes no 'seconds'")
            head, _, params = spec.partition(":")
            kept = [p for p in params.split(",") if p and not p.startswith("seconds=")]
            spec = f"{head}:" + ",".join([f"seconds={float(SECONDS.check(name, seconds))}", *kept])
        bot = make_bot(spec)
        bot.name = name
        return bot
    factory.__name__ = name
    return factory


for _name in LEVELS:
    # Only the search levels take a thinking time; the others take nothing.
    register(_name, _HELP[_name], (SECONDS,) if LEVELS[_name].startswith("ismcts") else ()
             )(_level(_name))


def _former(name: str, spec: str, help_: str) -> None:
    """Registers an earlier master under ``name``: ``spec`` with its time and iterations."""
    def factory(seconds: float = 1.0, iterations: int | None = None) -> Bot:
        bot = make_bot(f"{spec}seconds={float(seconds)}"
                       + (f",iterations={int(iterations)}" if iterations is not None else ""))
        bot.name = name
        return bot
    factory.__name__ = name.replace("-", "_")
    register(name, help_, (SECONDS, ISMCTS_PARAMS[1]))(factory)


_former("master-v1", "ismcts:", "master before its playouts were solved: information-set search, "
                                "about 1 s a move, exact endgames")
_former("master-v2", "ismcts:endgame=true,", "master before its learned value: information-set "
                     "search, about 1 s a move, its playouts solved once the stock is gone")
