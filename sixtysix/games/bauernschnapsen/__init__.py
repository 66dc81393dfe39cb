"""Bauernschnapsen, all in this package: ``options.py``, the rule options, each with its meaning as its
docstring; ``game.py``, the deal, the rules, the scoring and what the game declares to the rest of
sixtysix (its fast path, its fuzzer's table, its stakes). Its rules page is
docs/rules/bauernschnapsen.md (``rule_page``)."""

from .game import Bauernschnapsen, D, F, P, R
from .options import BauernschnapsenOptions

__all__ = ["Bauernschnapsen", "F", "P", "R", "D", "BauernschnapsenOptions"]
