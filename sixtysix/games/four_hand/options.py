"""The options of Four-Hand Sixty-Six: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "FourHandOptions"]


@dataclass(frozen=True, kw_only=True)
class FourHandOptions:
    """The options of rules/four-hand.md#options, by name, with their defaults."""

    variant: Literal["foster", "pagat"] = "foster"
    """the American 32-card game, or pagat's 24-card game with marriages and claims"""
    follow_rule: Literal["foster", "seed_literal"] = "foster"
    """must win whenever possible, or only when trumps are led"""
    must_trump_when_cannot_overtrump: bool = True
    """a void player who cannot over-trump must still trump"""
    ten_of_trumps_bonus: bool = False
    """winning the ten of trumps scores a game point"""
    draw_bonus: bool = True
    """a 65–65 hand carries a bonus point"""
    draw_bonus_accumulates: bool = True
    """bonuses of drawn hands in a row add up"""
    target: int = ranged(7, 1, 100)
    """game points that win the match"""


MEANINGS_DE: dict[str, str] = {
    'variant': (
        'das amerikanische Spiel mit 32 Karten, oder pagats Spiel mit 24 Karten mit Hochzeiten und '
        'Ansagen'),
    'follow_rule': 'muss stechen, wann immer möglich, oder nur, wenn Trumpf ausgespielt ist',
    'must_trump_when_cannot_overtrump': 'wer blank ist und nicht übertrumpfen kann, muss trotzdem trumpfen',
    'ten_of_trumps_bonus': 'wer die Trumpfzehn im Stich gewinnt, bekommt einen Spielpunkt',
    'draw_bonus': 'ein 65–65-Spiel bringt einen Bonuspunkt',
    'draw_bonus_accumulates': 'Boni mehrerer unentschiedener Spiele hintereinander addieren sich',
    'target': 'Spielpunkte, die die Partie gewinnen',
}
"""Each option's meaning in German: the words of docs/rules/de/four-hand.md (a test keeps them
equal)."""
