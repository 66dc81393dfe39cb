"""The options of Schnapsen: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "SchnapsenOptions"]


@dataclass(frozen=True, kw_only=True)
class SchnapsenOptions:
    """The options of rules/schnapsen.md#options, by name, with their defaults."""

    jack_exchange_needs_trick: bool = False
    """the trump-jack exchange needs a trick already won"""
    exchange_min_talon: int = ranged(2, 2, 10)
    """talon size (trump card included) needed to exchange

    The engine counts the face-down cards: this less one.
    """
    close_min_talon: int = ranged(2, 2, 10)
    """talon size (trump card included) needed to close

    The engine counts the face-down cards: this less one.
    """
    close_requires: Literal["lead_and_own_trick", "lead"] = "lead_and_own_trick"
    """what the closer needs besides the lead"""
    marriage_before_first_trick: bool = False
    """a marriage may be declared before one's first trick (pending until one is won)"""
    marriages_after_close: bool = True
    """marriages allowed once the talon is closed or exhausted"""
    false_claim_penalty: Literal["2_or_3_if_opponent_trickless", "flat2"] = (
        "2_or_3_if_opponent_trickless")
    """what a false claim costs"""
    last_trick_rule: Literal["one_point", "graded"] = "one_point"
    """a played-out hand: the last trick wins 1, or 1/2/3 graded"""
    start_score: int = ranged(7, 1, 100)
    """where each player's count starts"""
    schneider_bummerl: bool = False
    """a loser who never scored gets two Bummerl"""
    next_dealer: Literal["alternate", "winner", "loser"] = "alternate"
    """who deals the next hand"""
    auto_claim: bool = False
    """the engine claims for a player as soon as he may"""


MEANINGS_DE: dict[str, str] = {
    'jack_exchange_needs_trick': 'der Tausch des Trumpfbuben braucht einen schon gewonnenen Stich',
    'exchange_min_talon': 'Talongröße (Trumpfkarte mitgezählt), die zum Tauschen nötig ist',
    'close_min_talon': 'Talongröße (Trumpfkarte mitgezählt), die zum Zudrehen nötig ist',
    'close_requires': 'was der Zudreher außer dem Ausspiel braucht',
    'marriage_before_first_trick': (
        'eine Hochzeit darf vor dem ersten eigenen Stich gemeldet werden (vorgemerkt, bis einer gewonnen '
        'ist)'),
    'marriages_after_close': 'Hochzeiten auch nach Zudrehen oder Aufbrauchen des Talons',
    'false_claim_penalty': 'was eine falsche Ansage kostet',
    'last_trick_rule': 'ein ausgespieltes Spiel: der letzte Stich gewinnt 1, oder abgestuft 1/2/3',
    'start_score': 'wo der Stand jedes Spielers beginnt',
    'schneider_bummerl': 'ein Verlierer, der nie gepunktet hat, bekommt zwei Bummerl',
    'next_dealer': 'wer das nächste Spiel gibt',
    'auto_claim': 'die Engine sagt für einen Spieler an, sobald er darf',
}
"""Each option's meaning in German: the words of docs/rules/de/schnapsen.md (a test keeps them
equal)."""
