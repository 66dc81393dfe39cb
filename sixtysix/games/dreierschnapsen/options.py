"""Dreierschnapsen's rule options (rules/dreierschnapsen.md#options): each field's docstring is
its meaning, as ``sixtysix options`` prints it and the rules page's table says it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "DreierschnapsenOptions"]


@dataclass(frozen=True, kw_only=True)
class DreierschnapsenOptions:
    """The options of rules/dreierschnapsen.md#options, by name, with their defaults."""

    kontra_by: Literal["dealer_side", "dealer"] = "dealer_side"
    """who may bid the Kontra contracts: the dealer or his partner (middlehand), or the dealer
    alone"""
    talon: Literal["optional", "compulsory", "none"] = "optional"
    """the declarer may take the talon and lay two cards away, must, or the talon stays out"""
    enough_by_defenders: bool = True
    """either side may claim Genug in the Normal game, or only the declarer"""
    false_enough: Literal["graded", "flat2"] = "graded"
    """a false Genug gives the other side 1–3 on the claimant's count, or 2"""
    must_beat_partner: bool = True
    """a defender beats his partner's winning card too, or only follows suit and trumps"""
    retourschneider: bool = True
    """losing at 23 to a winner who had no point counts four Bummerl"""
    target: int = ranged(24, 1, 100)
    """game points that win the match"""
    score_direction: Literal["up", "down"] = "up"
    """count game points up to the target, or down from it"""
    first_trick_visible: bool = True
    """each side's first trick stays face up"""


MEANINGS_DE: dict[str, str] = {
    'kontra_by': ('wer die Kontra-Spiele ansagen darf: der Geber oder sein Partner (die Mittelhand), '
                  'oder nur der Geber'),
    'talon': ('der Spieler darf den Talon nehmen und zwei Karten weglegen, muss es, oder der Talon '
              'bleibt draußen'),
    'enough_by_defenders': 'im Normalspiel darf jede Partei Genug sagen, oder nur der Spieler',
    'false_enough': ('ein falsches Genug gibt der anderen Partei 1–3 nach dem Stand des Ansagers, oder'
                     ' 2'),
    'must_beat_partner': ('ein Verteidiger übersticht auch die stechende Karte seines Partners, oder '
                          'bekennt nur Farbe und trumpft'),
    'retourschneider': 'bei 23 gegen einen Gewinner ohne Punkt zu verlieren zählt vier Bummerl',
    'target': 'Spielpunkte, die die Partie gewinnen',
    'score_direction': 'Spielpunkte bis zum Ziel hinauf zählen, oder davon herunter',
    'first_trick_visible': 'der erste Stich jeder Partei bleibt offen liegen',
}
"""Each option's meaning in German: the words of docs/rules/de/dreierschnapsen.md (a test keeps
them equal)."""
