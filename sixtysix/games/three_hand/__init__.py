"""Three-Hand Sixty-Six, all in this package: ``options.py``, the rule options, each with its meaning
as its docstring; ``game.py``, the deal, the rules, the scoring and what the game declares to the
rest of sixtysix (its fast path, its fuzzer's table, its stakes). Its rules page is
docs/rules/three-hand.md (``rule_page``)."""

from .game import ThreeHandSixtySix
from .options import ThreeHandOptions

__all__ = ["ThreeHandSixtySix", "ThreeHandOptions"]
