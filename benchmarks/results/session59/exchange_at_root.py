"""Session 59: the level taking the exchange whenever allowed at its own decisions only (its tree
as the level's), screened as `strength.py` screens: the arguments are strength.py's, and the bot
``exchroot`` (parameter ``seconds``) is the level's search at that time a move, but for that.

    python benchmarks/results/session59/exchange_at_root.py --matches 200 --workers 1 \\
        --seed 5901 --pairs exchroot:seconds=0.1/master:seconds=0.1
"""
import os
import random
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import strength  # noqa: E402

from sixtysix.bots.base import Param, bot_names, make_bot, register  # noqa: E402
from sixtysix.engine.actions import EXCHANGE  # noqa: E402


class ExchangeAtRoot:
    """The level's search, but the exchange taken whenever it is allowed."""

    def __init__(self, seconds: float = 0.1) -> None:
        self.name = "exchroot"
        self.inner: Any = make_bot(f"ismcts:seconds={seconds},endgame=true,net=1")

    def choose(self, view: Any, rng: random.Random, limit: Any = None) -> int:
        if EXCHANGE in view.legal:
            return EXCHANGE
        return int(self.inner.choose(view, rng, limit))


bot_names()  # the built-in bots first, so that this one is not overwritten
register("exchroot", "the level, always exchanging", (Param("seconds", float, 0.01, 60),))(
    ExchangeAtRoot)

if __name__ == "__main__":
    strength.main()
