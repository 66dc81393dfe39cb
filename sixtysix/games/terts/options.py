"""The options of Terts: each field's docstring is its meaning, which ``sixtysix options``,
the server's option lists and the rules page show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["MEANINGS_DE", "TertsOptions"]


@dataclass(frozen=True, kw_only=True)
class TertsOptions:
    """The options of rules/terts.md#options, by name, with their defaults."""

    values: Literal["seed", "klaberjass"] = "seed"
    """card values"""
    next_leader: Literal["last_trick_winner", "last_trick_winner_deals"] = "last_trick_winner"
    """who leads (and deals) the next hand"""
    phase1_follow: Literal["free", "follow_then_trump"] = "free"
    """obligations while the stock lasts"""
    trump_jack_free: bool = True
    """the trump jack is never forced and always playable"""
    dix_before_first_trick: bool = False
    """the dix is allowed before trick 1"""
    melds_need_trick: bool = False
    """combinations and bella count only once the player takes a trick"""
    loser_side_extra: bool = False
    """a winning responder also scores his other combinations"""
    target: int = ranged(501, 1, 10_000)
    """the running total that wins"""
    tie_break: Literal["play_on", "last_trick_winner"] = "play_on"
    """both past the target with equal totals"""


MEANINGS_DE: dict[str, str] = {
    'values': 'Kartenwerte',
    'next_leader': 'wer das nächste Spiel ausspielt (und gibt)',
    'phase1_follow': 'Pflichten, solange der Talon reicht',
    'trump_jack_free': 'der Trumpfbube ist nie Pflicht und immer spielbar',
    'dix_before_first_trick': 'die Dix ist vor dem 1. Stich erlaubt',
    'melds_need_trick': 'Meldungen und Bella zählen erst, wenn der Spieler einen Stich macht',
    'loser_side_extra': 'ein gewinnender Antwortender bekommt auch seine anderen Meldungen',
    'target': 'die laufende Summe, die gewinnt',
    'tie_break': 'beide über dem Ziel mit gleicher Summe',
}
"""Each option's meaning in German: the words of docs/rules/de/terts.md (a test keeps them
equal)."""
