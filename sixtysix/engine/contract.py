"""Contracts: what an auction of named contracts chooses, as data (design.md, "phases and
contracts").

A contract says who may bid it, whether it is played with the named trumps or without, the rank
order, who plays (a solo's partner lays his cards down and sits out), who leads, when the hand
is decided, and what it is worth. The auction phase (``phases/contracts.py``) picks one; the
doubling and play phases read it; the game scores it. The ten contracts of the 20-card auction
games are ten rows of this table (``games/contract_ladder.py``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .ends import ContractEnd

if TYPE_CHECKING:
    from .rules import Rules
    from .state import State

__all__ = ["Contract", "LEAD_FOREHAND", "LEAD_DECLARER"]

LEAD_FOREHAND = 0
"""Forehand leads (unless he sits out: then the declarer)."""
LEAD_DECLARER = 1
"""The declarer leads."""


@dataclass(frozen=True, kw_only=True, eq=False)
class Contract:
    """One row of a game's contract table. Identity is the row: contracts compare by ``index``."""

    index: int
    """Its place in the ladder, lowest first (``bid NAME`` is BID_CONTRACT + index)."""
    name: str
    value: int
    """Game points it is worth, before doubling."""
    bidders: int
    """Mask of the positions that may bid it, by place after the dealer: bit 0 forehand, bit 1
    the next seat, … (Bauernschnapsen: F=1, P=2, R=4, D=8)."""
    trumps: bool
    """Played with the named trumps; False: no trumps."""
    solo: bool
    """The declarer plays alone: his partner lays his cards down and sits out."""
    lead: int
    """LEAD_FOREHAND or LEAD_DECLARER."""
    shown: bool
    """Not played: the declarer shows his hand, and ``decide`` says at once whether it is made."""
    doubling: bool
    """Kontra, rekontra and subkontra may be said."""
    rules: tuple[Rules, ...]
    """The play rules in force, by the declarer's side (claims, marriages, rank order)."""
    decide: Callable[[State], bool | None]
    """Whether the declaring side has made it (True), failed (False), or it is still open (None).
    Asked after every trick (a decided hand ends) and when a shown contract is bid."""
    misere: bool = False
    """The declarer must take no trick (Bettler): what a player aims at is reversed."""
    all_tricks: bool = False
    """The declaring side must take every trick it plays (Gang, Bauernschnapser, Schnapser…)."""
    partner_open: bool = False
    """In a solo, the partner's cards lie face up, in every seat's view; False: face down, known
    to him alone (rules/bauernschnapsen.md#the-auction)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Contract) and other.index == self.index \
            and other.name == self.name

    def __hash__(self) -> int:
        return hash((self.index, self.name))

    def __repr__(self) -> str:
        return f"<Contract {self.name}>"

    def end(self, made: bool) -> ContractEnd:
        """The hand's end when the declaring side made it (or failed): 'bettler made'."""
        return _end(self.name, made)


@functools.cache
def _end(name: str, made: bool) -> ContractEnd:
    """One ``ContractEnd`` a contract and outcome, made once: every Bauernschnapsen hand scored
    asks for one (making it each time cost 2% of a random hand)."""
    return ContractEnd(name, made)
