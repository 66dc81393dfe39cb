"""Terminal words after a Terts announcement is answered (rules/terts.md#combinations); the words for the
announcements, shows and the bella themselves are ``sixtysix.words``' (the browser says the same).

>>> answer_outcome(["Ann", "Bob"], [0, 10], [50, 10])
'  → scored: Ann 50'
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["answer_outcome"]


def answer_outcome(names: Sequence[str], before: Sequence[int], after: Sequence[int]) -> str:
    """After an answer: who scored what (points, pending ones included), in a few words."""
    gains = [f"{names[p]} {after[p] - before[p]}" for p in range(len(names))
             if after[p] != before[p]]
    return "  → scored: " + ", ".join(gains) if gains else "  → nothing scores"
