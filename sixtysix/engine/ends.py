"""How a hand ends, in the words records keep (records.md: a result's ``end``).

``End`` names every way a hand ends, in three kinds:

* ``HandEnd``: the ends the shared scorings and more than one game reach ('claim', 'draw', …);
* a game's own ends, a ``GameEnd`` declared in the game's package (Gaigel's 'knock', Four-Hand's
  'ten of trumps'): the engine names the kind, the game its members, so a new game adds its ends
  without touching this module;
* ``ContractEnd``: a contract game's end, worded from the contract ('bettler made').

Every end is a ``str`` whose text is its record text: records, JSON and comparisons with text see
exactly the words they always saw, and nothing at an edge converts them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

__all__ = ["HandEnd", "GameEnd", "ContractEnd", "End"]


class HandEnd(StrEnum):
    """An end of a hand shared by several games.

    >>> HandEnd.FALSE_CLAIM == "false claim", f"{HandEnd.CLOSER_FAILED}"
    (True, 'closer failed')
    """

    CLAIM = "claim"                      # a player claimed with enough points
    FALSE_CLAIM = "false claim"          # ... or without: the opponents win
    CLOSER_BEATEN = "closer beaten"      # the opponent of the closer claimed first
    CLOSER_FAILED = "closer failed"      # the closer never reached the target
    CLOSED_AND_MADE = "closed and made"  # the closer reached it without claiming
    LAST_TRICK = "last trick"            # unclaimed: the last trick decides
    PLAYED_OUT = "played out"            # unclaimed: the points of the whole hand decide
    DRAW = "draw"                        # nobody wins (a bonus may carry)
    TIE = "tie"                          # several players share the best total
    GENUG = "genug"                      # "Genug!": the Austrian claim
    FALSE_GENUG = "false genug"          # ... made short of the target


class GameEnd(StrEnum):
    """The base of a game's own ends: no members here; a game subclasses it in its package
    (``class GaigelEnd(GameEnd)``) with the ends no other game has."""


class ContractEnd(str):
    """A contract's end: the contract's name and whether the declaring side made it, worded
    '<name> made' or '<name> failed' (records.md).

    >>> e = ContractEnd("bettler", made=False)
    >>> e == "bettler failed", e.contract, e.made
    (True, 'bettler', False)
    """

    __slots__ = ()  # a str subclass may not hold slots: contract and made are read from the text

    def __new__(cls, contract: str, made: bool) -> ContractEnd:
        return super().__new__(cls, f"{contract} {'made' if made else 'failed'}")

    @property
    def contract(self) -> str:
        """The contract's name (a name may hold spaces: the outcome is the last word)."""
        return self.rpartition(" ")[0]

    @property
    def made(self) -> bool:
        return self.endswith(" made")

    def __getnewargs__(self) -> tuple[str, bool]:  # type: ignore[override]  # pickle and copy
        return self.contract, self.made

    def __repr__(self) -> str:
        return f"ContractEnd({self.contract!r}, made={self.made})"


End: TypeAlias = HandEnd | GameEnd | ContractEnd
"""Every way a hand ends (``HandResult.end``)."""
