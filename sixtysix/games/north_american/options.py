"""The options of North American Sixty-Six: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "NorthAmericanOptions"]


@dataclass(frozen=True, kw_only=True)
class NorthAmericanOptions:
    """The options of rules/north-american.md#options, by name, with their defaults (all [R])."""

    players: Literal[2, 3, 4] = 4
    """seats at the table; four play in two partnerships

    With 4, partnerships 0 & 2 against 1 & 3.
    """
    min_bid: int = ranged(2, 1, 63)
    """the lowest bid, in units"""
    max_bid: int | None = ranged(None, 1, 63, null="5 with partnerships, otherwise 4")
    """the highest bid; `null`: 5 with partners, 4 without

    A value given applies whatever the players.
    """
    all_pass: Literal["dealer_forced", "redeal"] = "dealer_forced"
    """when all the others pass: the dealer must bid, or may pass and the hand is void"""
    unit: int = ranged(33, 1)
    """points in a unit"""
    last_trick_bonus: int = ranged(0, 0)
    """points for the last trick"""
    target: int = ranged(10, 1)
    """units that win the match"""
    deal_all: Literal[True] = True
    """every card is dealt; there is no other value"""
    marriage_needs_trick: bool = False
    """a marriage counts only once the declarer's side has taken a trick"""


MEANINGS_DE: dict[str, str] = {
    'players': 'Plätze am Tisch; vier spielen in zwei Partnerschaften',
    'min_bid': 'das niedrigste Gebot, in Einheiten',
    'max_bid': 'das höchste Gebot; `null`: 5 mit Partnern, 4 ohne',
    'all_pass': (
        'wenn alle anderen passen: der Geber muss bieten, oder darf passen, und das Spiel zählt nicht'),
    'unit': 'Augen in einer Einheit',
    'last_trick_bonus': 'Augen für den letzten Stich',
    'target': 'Einheiten, die die Partie gewinnen',
    'deal_all': 'alle Karten werden gegeben; einen anderen Wert gibt es nicht',
    'marriage_needs_trick': 'eine Hochzeit zählt erst, wenn die Partei des Melders einen Stich gemacht hat',
}
"""Each option's meaning in German: the words of docs/rules/de/north-american.md (a test keeps them
equal)."""
