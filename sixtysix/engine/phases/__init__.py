"""The phases of a hand, as data: each is a small object with its legal actions, its apply and
its reason for refusing an action (design.md, "phases and contracts").

``State.legal_actions`` and ``State.step`` look the current phase up in ``PHASES`` once per call
and hand over to it. A game does not loop on its own: it reaches a phase by the state's ``phase``
field, which the phases themselves move on (trumps named → play; a trick won → draw; …).

Phase ids are the small ints of ``PhaseId``, fixed here so that views and records of every game
agree on them. A phase module registers itself with ``register``; the ids of the phases that the
bidding and meld games add are reserved below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import State

__all__ = ["Phase", "PhaseId", "PHASES", "LEGAL", "APPLY", "register", "PH_TRUMP", "PH_PLAY", "PH_DRAW",
           "PH_OVER", "PH_DEFER", "PH_DEAL_CHOICE", "PH_AUCTION", "PH_DOUBLING", "PH_ANSWER", "PH_CONTRACTS",
           "advance", "PH_MELD", "PH_MELD_DEFER", "PH_TALON"]

class PhaseId(IntEnum):
    """Where a hand stands: the key of ``PHASES`` and a state's ``phase``. An ``IntEnum`` so that
    views, records and the compiled core (C ints) keep the small ints they have always had."""

    TRUMP = 0         # forehand names trumps or turns (trump.py)
    PLAY = 1          # a seat leads or follows; leaders may also exchange, close, declare (play.py)
    DRAW = 2          # the trick winner chooses to draw or to close before drawing (play.py)
    OVER = 3          # the hand is over: nothing is legal
    DEFER = 4         # the leader deferred: his partner melds ('marry C') or passes (play.py)
    DEAL_CHOICE = 5   # the dealer's right chooses 'cut' or 'knock' (deal_choice.py)
    AUCTION = 6       # bids of units and passes (auction.py)
    DOUBLING = 7      # kontra, rekontra, subkontra (doubling.py)
    ANSWER = 8        # the opponent answers an announcement with 'show …' or 'pass' (announce.py)
    CONTRACTS = 9     # bids of contracts by name, with priority, and passes (contracts.py)
    MELD = 10         # openings, melds, robbing, knocks and the play (meld.py)
    MELD_DEFER = 11   # the partner the leader deferred to melds or passes (meld.py)
    TALON = 12        # the declarer takes the talon or leaves it (games/dreierschnapsen/talon.py)


# The short names the phase modules and the compiled core use, as plain ints: a compiled state
# holds its phase in a C int (``cdef int PH_PLAY`` in the .pxd files), so the pure state holds the
# same int and both cores' states read alike; each equals its ``PhaseId`` member.
PH_TRUMP: int = PhaseId.TRUMP.value
PH_PLAY: int = PhaseId.PLAY.value
PH_DRAW: int = PhaseId.DRAW.value
PH_OVER: int = PhaseId.OVER.value
PH_DEFER: int = PhaseId.DEFER.value
PH_DEAL_CHOICE: int = PhaseId.DEAL_CHOICE.value
PH_AUCTION: int = PhaseId.AUCTION.value
PH_DOUBLING: int = PhaseId.DOUBLING.value
PH_ANSWER: int = PhaseId.ANSWER.value
PH_CONTRACTS: int = PhaseId.CONTRACTS.value
PH_MELD: int = PhaseId.MELD.value
PH_MELD_DEFER: int = PhaseId.MELD_DEFER.value
PH_TALON: int = PhaseId.TALON.value


@dataclass(frozen=True, slots=True)
class Phase:
    """One room of the machine."""

    name: str
    """A word for people and for the server's messages ('play', 'auction', …)."""
    legal: Callable[[State], list[int]]
    """Every action the seat to act may take now (never empty while the phase runs)."""
    apply: Callable[[State, int], None]
    """Apply an action known to be legal (search calls this without a check)."""
    explain: Callable[[State, int, str], str]
    """Why an action (its id and text) is not allowed now, in a player's words."""


def _nothing(s: State) -> list[int]:
    return []


def _refuse(s: State, a: int) -> None:
    raise ValueError("the hand is over")


def _over(s: State, a: int, text: str) -> str:
    return f"the hand is over: {text} is not possible"


def _unregistered(s: State, a: int | None = None) -> list[int]:
    raise ValueError(f"phase {s.phase} is not registered: import the module that defines it")


PHASES: list[Phase | None] = [None] * 16
"""The phase of each id; filled by the phase modules as they are imported."""
LEGAL: list[Callable[[State], list[int]]] = [_unregistered] * 16
APPLY: list[Callable[[State, int], object]] = [_unregistered] * 16
"""``PHASES`` flattened to two lists of functions: one index and one call per action."""


def register(phase_id: int, phase: Phase) -> None:
    """Install ``phase`` under ``phase_id`` (each id once)."""
    if PHASES[phase_id] is not None:
        raise ValueError(f"phase {phase_id} is already {PHASES[phase_id]!r}")
    PHASES[phase_id] = phase
    LEGAL[phase_id] = phase.legal
    APPLY[phase_id] = phase.apply


register(PH_OVER, Phase("over", _nothing, _refuse, _over))


def advance(s: State) -> None:
    """Leave the current phase for the next one of the game's ``rules.phases`` (play after the
    last), with the leader (forehand, before play) to act: each phase that starts otherwise
    sets ``to_act`` itself after this call."""
    order = s.rules.phases
    i = order.index(s.phase) + 1 if s.phase in order else len(order)
    s.phase = order[i] if i < len(order) else PH_PLAY
    s.to_act = s.leader
