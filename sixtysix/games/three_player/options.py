"""The options of Three-Player Sixty-Six: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "ThreePlayerOptions"]


@dataclass(frozen=True, kw_only=True)
class ThreePlayerOptions:
    """The options of rules/three-player.md, by name, with their defaults."""

    trump_must_be_held: bool = False
    """forehand may only name a suit among his first three cards"""
    marriage_needs_trick: bool = True
    """a marriage counts only if the declarer takes a trick"""
    tie_rule: Literal["no_payment", "split"] = "no_payment"
    """tied winners: nobody pays, or each collects from the others"""
    hands: int = ranged(9, 1, 100)
    """hands in a match"""
    starting_chips: int = ranged(20, 0, 10_000)
    """each player's chips at the start"""


MEANINGS_DE: dict[str, str] = {
    'trump_must_be_held': 'die Vorhand darf nur eine Farbe unter ihren ersten drei Karten bestimmen',
    'marriage_needs_trick': 'eine Hochzeit zählt nur, wenn der Melder einen Stich macht',
    'tie_rule': 'gleichauf liegende Gewinner: niemand zahlt, oder jeder kassiert von den anderen',
    'hands': 'Spiele in einer Partie',
    'starting_chips': 'die Chips jedes Spielers zu Beginn',
}
"""Each option's meaning in German: the words of docs/rules/de/three-player.md (a test keeps them
equal)."""
