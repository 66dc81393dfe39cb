"""The options of Bauernschnapsen: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "BauernschnapsenOptions"]


@dataclass(frozen=True, kw_only=True)
class BauernschnapsenOptions:
    """The options of rules/bauernschnapsen.md#options, by name, with their defaults."""

    trump_contracts_solo: bool = False
    """the declarer of a Schnapser or Bauernschnapser contract plays alone"""
    enough_by_defenders: bool = True
    """either side may claim Genug in the Normal game, or only the declarer's"""
    false_enough: Literal["graded", "flat2"] = "graded"
    """a false Genug gives the opponents 1–3 on the claimant's count, or 2"""
    must_beat_partner: bool = True
    """beat the partner's winning card too, or only follow suit and trump"""
    retourschneider: bool = True
    """losing after leading 23–0 counts four Bummerl"""
    target: int = ranged(24, 1, 100)
    """game points that win the match"""
    score_direction: Literal["up", "down"] = "up"
    """count game points up to the target, or down from it"""
    first_trick_visible: bool = True
    """each side's first trick stays face up"""
    allow_knock_deal: bool = True
    """R chooses cut or knock; off: always dealt three and two, no choice"""
    solo_partner_open: bool = False
    """[R] a solo declarer's partner lays his cards face up, not face down

    rules/bauernschnapsen.md#the-auction has the solo declarer's partner lay his cards face down;
    True lays them face up, public to all.
    """


MEANINGS_DE: dict[str, str] = {
    'trump_contracts_solo': 'der Spieler eines Schnapser- oder Bauernschnapser-Spiels spielt allein',
    'enough_by_defenders': 'im Normalspiel darf jede Partei Genug sagen, oder nur die des Spielers',
    'false_enough': 'ein falsches Genug gibt den Gegnern 1–3 nach dem Stand des Ansagers, oder 2',
    'must_beat_partner': (
        'auch die stechende Karte des Partners überstechen, oder nur Farbe bekennen und trumpfen'),
    'retourschneider': 'nach einer 23–0-Führung zu verlieren zählt vier Bummerl',
    'target': 'Spielpunkte, die die Partie gewinnen',
    'score_direction': 'Spielpunkte bis zum Ziel hinauf zählen, oder davon herunter',
    'first_trick_visible': 'der erste Stich jeder Partei bleibt offen liegen',
    'allow_knock_deal': 'R wählt Abheben oder Klopfen; aus: immer drei und zwei gegeben, keine Wahl',
    'solo_partner_open': '[R] der Partner eines Solospielers legt seine Karten offen hin, nicht verdeckt',
}
"""Each option's meaning in German: the words of docs/rules/de/bauernschnapsen.md (a test keeps them
equal)."""
