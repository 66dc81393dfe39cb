"""Terminal words for Terts' announcements, shows and the bella (rules.md §9.5).

>>> from sixtysix.engine.actions import parse_action
>>> meld_words(parse_action("announce ks qs js ts"), you=False)
'announces fifty KS QS JS TS (50)'
>>> meld_words(parse_action("bella"), you=True)
'declare the bella (20)'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import ANNOUNCE, BELLA, N_ACTIONS, SHOW
from ..engine.phases.announce import BELLA_VALUE, VALUE, describe

__all__ = ["is_meld", "meld_words", "answer_outcome"]


def is_meld(action: int) -> bool:
    return action == BELLA or ANNOUNCE <= action < N_ACTIONS


def meld_words(action: int, you: bool) -> str:
    """'announces tertz KS QS JS (20)', 'shows four queens (100)', 'declares the bella (20)'."""
    if action == BELLA:
        return f"{'declare' if you else 'declares'} the bella ({BELLA_VALUE})"
    i = (action - ANNOUNCE) % (SHOW - ANNOUNCE)
    verb = "announce" if action < SHOW else "show"
    return f"{verb if you else verb + 's'} {describe(i)} ({VALUE[i]})"


def answer_outcome(names: Sequence[str], before: Sequence[int], after: Sequence[int]) -> str:
    """After an answer: who scored what (points, pending ones included), in a few words."""
    gains = [f"{names[p]} {after[p] - before[p]}" for p in range(len(names))
             if after[p] != before[p]]
    return "  → scored: " + ", ".join(gains) if gains else "  → nothing scores"
