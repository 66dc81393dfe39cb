"""The options of Three-Hand Sixty-Six: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.options import ranged
from ..sixty_six.options import SixtySixOptions

__all__ = ["MEANINGS_DE", "ThreeHandOptions"]


@dataclass(frozen=True, kw_only=True)
class ThreeHandOptions(SixtySixOptions):
    """Every option of Sixty-Six (rules/sixty-six.md#options) plus those of rules/three-hand.md#options."""

    dealer_copies_bonus: bool = True
    """the dealer's copy includes a carried bonus point"""
    dealer_cap: int | None = ranged(None, 0, 99, null="target - 1")
    """the most the dealer can reach by copying

    None means ``target - 1``.
    """
    playoff: bool = True
    """after the first winner, the other two play on for second place"""


MEANINGS_DE: dict[str, str] = {
    'dealer_copies_bonus': 'der Geber übernimmt auch einen mitgenommenen Bonuspunkt',
    'dealer_cap': 'das Höchste, was der Geber durch Übernehmen erreichen kann',
    'playoff': 'nach dem ersten Gewinner spielen die anderen beiden um den zweiten Platz weiter',
}
"""Each option's meaning in German: the words of docs/rules/de/three-hand.md (a test keeps them
equal)."""
