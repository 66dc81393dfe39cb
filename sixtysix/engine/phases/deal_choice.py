"""The dealer's right chooses how the cards are dealt: ``cut`` (3 then 2 each, forehand naming
trumps after his first three) or ``knock`` (5 each at once, forehand's first three kept apart).
Either way the deal is written the same (records.md §3), so the choice changes no card; it is
kept in the history (Bauernschnapsen, rules/bauernschnapsen.md#cards-and-deal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import CUT, KNOCK
from . import PH_DEAL_CHOICE, Phase, advance, register

if TYPE_CHECKING:
    from ..state import State

__all__ = ["legal", "apply"]


def legal(s: State) -> list[int]:
    return [CUT, KNOCK]


def apply(s: State, a: int) -> None:
    advance(s)  # forehand names trumps next


def explain(s: State, action: int, text: str) -> str:
    return f"{text} is not possible now: the dealer's right chooses 'cut' or 'knock'"


register(PH_DEAL_CHOICE, Phase("deal choice", legal, apply, explain))
