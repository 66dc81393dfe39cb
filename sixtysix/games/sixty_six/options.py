"""The options of Sixty-Six: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "SixtySixOptions"]


@dataclass(frozen=True, kw_only=True)
class SixtySixOptions:
    """The options of rules/sixty-six.md#options, by name, with their defaults."""

    next_dealer: Literal["alternate", "winner", "loser"] = "alternate"
    """who deals the next hand"""
    phase2_follow: Literal["strict", "follow_only"] = "strict"
    """once the stock is gone: beat if possible, or only follow suit"""
    nine_exchange_timing: Literal["on_lead", "any_time"] = "on_lead"
    """the trump-nine exchange only when about to lead, or also while following"""
    nine_exchange_needs_trick: bool = True
    """the exchange needs a trick already won"""
    nine_exchange_on_close: Literal["opponent_any", "either_with_trick", "none"] = "opponent_any"
    """who may still exchange when the stock is closed"""
    first_trick_marriage: Literal["any_later_trick", "same_trick_only"] = "any_later_trick"
    """a marriage before one's first trick counts once any trick is won, or only if that very trick is won"""
    marriages_after_close: bool = False
    """marriages allowed once the stock is closed or exhausted"""
    show_marriage_to_go_out: bool = True
    """showing a marriage to reach 66 and claiming without leading"""
    close_requires: Literal["lead", "lead_and_own_trick", "lead_after_first_trick"] = "lead"
    """what the closer needs besides the lead"""
    close_before_draw_allowed: bool = True
    """the trick winner may close before anyone draws"""
    close_min_stock: int = ranged(1, 1, 11)
    """face-down cards the stock must hold to be closed

    The stock holds 11 after the deal.
    """
    claim_timing: Literal["after_trick_or_meld", "any_own_turn"] = "after_trick_or_meld"
    """when a claim may be made"""
    false_claim_penalty: Literal["flat2", "2_or_3_if_opponent_trickless"] = "flat2"
    """what a false claim costs"""
    closed_win_measured_at: Literal["claim", "close"] = "claim"
    """a closer's win graded on the opponent's final count or his count at the close"""
    closer_beaten_flat_2: bool = False
    """a failed close always costs 2"""
    unclaimed_end: Literal["seed", "pagat"] = "seed"
    """a played-out hand: the old texts' rule, or the higher total wins"""
    draw_bonus: bool = True
    """a drawn hand carries a bonus game point"""
    draw_bonus_accumulates: bool = True
    """bonuses of drawn hands in a row add up"""
    target: int = ranged(7, 1, 100)
    """game points that win the match"""
    shutout_counts_double: bool = False
    """a 7–0 match counts double"""
    auto_claim: bool = False
    """the engine claims for a player as soon as he may (for bots and casual play)"""


MEANINGS_DE: dict[str, str] = {
    'next_dealer': 'wer das nächste Spiel gibt',
    'phase2_follow': 'wenn der Talon weg ist: überstechen, wenn möglich, oder nur Farbe bekennen',
    'nine_exchange_timing': 'Tausch der Trumpfneun nur beim Ausspielen oder auch beim Zugeben',
    'nine_exchange_needs_trick': 'der Tausch braucht einen schon gewonnenen Stich',
    'nine_exchange_on_close': 'wer beim Zudrehen noch tauschen darf',
    'first_trick_marriage': (
        'eine Hochzeit vor dem ersten eigenen Stich zählt, sobald irgendein Stich gewonnen ist, oder nur,'
        ' wenn genau dieser Stich gewonnen wird'),
    'marriages_after_close': 'Hochzeiten auch nach Zudrehen oder Aufbrauchen des Talons',
    'show_marriage_to_go_out': 'eine Hochzeit zeigen, um 66 zu erreichen, und ohne Ausspielen ansagen',
    'close_requires': 'was der Zudreher außer dem Ausspiel braucht',
    'close_before_draw_allowed': 'der Gewinner des Stichs darf zudrehen, bevor jemand zieht',
    'close_min_stock': 'verdeckte Karten, die der Talon zum Zudrehen haben muss',
    'claim_timing': 'wann angesagt werden darf',
    'false_claim_penalty': 'was eine falsche Ansage kostet',
    'closed_win_measured_at': (
        'der Sieg des Zudrehers wird nach dem Endstand des Gegners bewertet oder nach seinem Stand beim '
        'Zudrehen'),
    'closer_beaten_flat_2': 'ein gescheitertes Zudrehen kostet immer 2',
    'unclaimed_end': 'ein ausgespieltes Spiel: die Regel der alten Texte, oder die höhere Summe gewinnt',
    'draw_bonus': 'ein unentschiedenes Spiel bringt einen Bonuspunkt',
    'draw_bonus_accumulates': 'Boni mehrerer unentschiedener Spiele hintereinander addieren sich',
    'target': 'Spielpunkte, die die Partie gewinnen',
    'shutout_counts_double': 'eine 7–0-Partie zählt doppelt',
    'auto_claim': 'die Engine sagt für einen Spieler an, sobald er darf (für Bots und lockeres Spiel)',
}
"""Each option's meaning in German: the words of docs/rules/de/sixty-six.md (a test keeps them
equal)."""
