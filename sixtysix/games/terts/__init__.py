"""Terts, all in this package: ``options.py``, the rule options, each with its meaning as its
docstring; ``game.py``, the deal, the rules, the scoring and what the game declares to the rest of
sixtysix (its fast path, its fuzzer's table, its stakes). Its rules page is docs/rules/terts.md
(``rule_page``)."""

from .game import TRUMP_ORDER, Terts
from .options import TertsOptions

__all__ = ["Terts", "TRUMP_ORDER", "TertsOptions"]
