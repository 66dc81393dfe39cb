"""The options of Gaigel: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "GaigelOptions"]


@dataclass(frozen=True, kw_only=True)
class GaigelOptions:
    """The options of rules/gaigel.md#options, by name, with their defaults."""

    low_rank: Literal["7", "9"] = "7"
    """the low card of the pack (a string; the number 7 is refused)"""
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    """how the players sit; seats are numbered in the order of play either way"""
    opening: Literal["traditional", "free"] = "traditional"
    """forehand opens trick 1 with an opening, or leads any card"""
    auf_dissle_award: int = ranged(2, 1, 100)
    """game points of Auf Dissle, and of five low cards under `"instant_win"`"""
    last_trick_bonus: int = ranged(10, 0, 100)
    """points for the last trick"""
    partner_may_meld: bool = True
    """the leader may `defer` to his partner's meld"""
    melds_in_phase2: bool = True
    """melds are allowed once the stock is gone"""
    five_low: Literal["meld_111", "instant_win"] = "meld_111"
    """five low cards are a meld of 111, or win the hand"""
    rob_requires_team_trick: bool = True
    """robbing the turn-up needs a trick won by one's side"""
    gaigel_test: Literal["opponents_zero_points", "opponents_no_trick"] = "opponents_zero_points"
    """what makes a knock a Gaigel"""
    overplayed_loses: bool = False
    """reaching 101 without knocking loses 2"""
    match: Literal["target", "deals"] = "target"
    """play to a number of game points, or a number of hands"""
    target: int = ranged(7, 1, 100)
    """game points that win the match"""
    deals: int = ranged(8, 1, 100)
    """hands in a match of `match="deals"`"""


MEANINGS_DE: dict[str, str] = {
    'low_rank': 'die niedrige Karte des Blatts (ein Text; die Zahl 7 wird abgelehnt)',
    'direction': 'wie die Spieler sitzen; die Plätze sind so oder so in Spielreihenfolge nummeriert',
    'opening': 'die Vorhand eröffnet den 1. Stich mit einer Eröffnung, oder spielt eine beliebige Karte aus',
    'auf_dissle_award': 'Spielpunkte für Auf Dissle, und für fünf niedrige Karten unter `"instant_win"`',
    'last_trick_bonus': 'Punkte für den letzten Stich',
    'partner_may_meld': 'der Ausspielende darf die Meldung seinem Partner überlassen (`defer`)',
    'melds_in_phase2': 'Meldungen sind auch erlaubt, wenn der Talon weg ist',
    'five_low': 'fünf niedrige Karten sind eine Meldung von 111, oder gewinnen das Spiel',
    'rob_requires_team_trick': 'das Rauben der aufgedeckten Karte braucht einen Stich der eigenen Partei',
    'gaigel_test': 'was ein Klopfen zum Gaigel macht',
    'overplayed_loses': '101 zu erreichen, ohne zu klopfen, verliert 2',
    'match': 'bis zu einer Zahl von Spielpunkten spielen, oder eine Zahl von Spielen',
    'target': 'Spielpunkte, die die Partie gewinnen',
    'deals': 'Spiele in einer Partie mit `match="deals"`',
}
"""Each option's meaning in German: the words of docs/rules/de/gaigel.md (a test keeps them
equal)."""
