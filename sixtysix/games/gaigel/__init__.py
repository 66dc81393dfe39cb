"""Gaigel, all in this package: ``options.py``, the rule options, each with its meaning as its
docstring; ``game.py``, the deal, the rules, the scoring and what the game declares to the rest of
sixtysix (its fast path, its fuzzer's table, its stakes). Its rules page is docs/rules/gaigel.md
(``rule_page``)."""

from .game import Gaigel
from .options import GaigelOptions

__all__ = ["Gaigel", "GaigelOptions"]
