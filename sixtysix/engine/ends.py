"""How a hand ends, in the words records keep (records.md: a result's ``end``).

``HandEnd`` names the ends the shared scorings and more than one game reach; a game with ends of
its own names them in its package the same way (a ``StrEnum``), and a contract game words its
contract's end from the contract ('bettler made'). Each member is its record text: a ``StrEnum``
is a ``str``, so records, JSON and comparisons with text see exactly the words they always saw.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["HandEnd"]


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
