"""Schnapsen, all in this package: ``options.py``, the rule options, each with its meaning as its
docstring; ``game.py``, the deal, the rules, the scoring and what the game declares to the rest of
sixtysix (its fast path, its fuzzer's table, its stakes). Its rules page is docs/rules/schnapsen.md
(``rule_page``)."""

from .game import Schnapsen, deal_three_turnup_two
from .options import SchnapsenOptions

__all__ = ["Schnapsen", "deal_three_turnup_two", "SchnapsenOptions"]
