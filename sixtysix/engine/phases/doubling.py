"""Doubling a contract: kontra (x2), rekontra (x4), subkontra (x8) (Bauernschnapsen,
rules/bauernschnapsen.md#doubling, records.md §5).

The declarer's opponents, in playing order from his left, each say ``kontra`` or ``pass`` until
one says kontra; then the declaring side's playing seats, the declarer first, ``rekontra`` or
``pass``; then the opponents again, the one who said kontra first, ``subkontra`` or ``pass``.
A round in which everybody passes ends the doubling; so does subkontra. Then play begins.

``State.bidding`` holds (the seat that said kontra or -1, the seats still to answer…).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import KONTRA, PASS, REKONTRA, SUBKONTRA
from . import PH_DOUBLING, Phase, advance, register

if TYPE_CHECKING:
    from ..state import State

__all__ = ["legal", "apply", "explain"]

_WORD = {1: KONTRA, 2: REKONTRA, 4: SUBKONTRA}


def legal(s: State) -> list[int]:
    return [_WORD[s.factor], PASS]


def apply(s: State, a: int) -> None:
    kontra_by, *queue = s.bidding
    seat = s.to_act
    if a == PASS:
        queue = queue[1:]
    else:
        s.factor *= 2
        sides = s.rules.sides
        if s.factor == 2:
            kontra_by = seat
            partner = next((p for p in s.active if p != s.declarer
                            and sides[p] == sides[s.declarer]), -1)
            queue = [s.declarer] + ([partner] if partner >= 0 else [])
        elif s.factor == 4:
            other = next(p for p in s.active if p != kontra_by
                         and sides[p] != sides[s.declarer])
            queue = [kontra_by, other]
        else:
            queue = []
    if not queue:
        s.bidding = ()
        advance(s)  # play, the leader first
        return
    s.bidding = (kontra_by, *queue)
    s.to_act = queue[0]


def explain(s: State, action: int, text: str) -> str:
    word = {KONTRA: "kontra", REKONTRA: "rekontra", SUBKONTRA: "subkontra"}[_WORD[s.factor]]
    if action in (KONTRA, REKONTRA, SUBKONTRA):
        return f"{text} is not possible now: you may say '{word}' or 'pass'"
    return f"{text} is not possible now: the contract is being doubled; say '{word}' or 'pass'"


register(PH_DOUBLING, Phase("doubling", legal, apply, explain))
