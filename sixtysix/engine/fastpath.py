"""A game's optional fast path: which playout kernel of the engine may stand in for ``State`` on
its hands, and what that kernel needs to know of the game beyond its ``Rules``. A game declares
it (``Game.make_fast_path``); a kernel plays only the games that name it, and the search and the
bidding players ask the declaration, never the game's id.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

__all__ = ["Kernel", "FastPath"]


class Kernel(enum.Enum):
    """The engine's playout kernels."""

    PAIR = enum.auto()
    """``engine/kernel.py``: two seats; the solver's bitmask search once the stock is gone."""
    MULTI = enum.auto()
    """``engine/kernel_multi.py``: three or four seats without a stock."""
    BAUERN = enum.auto()
    """``engine/kernel_bauern.py``: Bauernschnapsen's contracts, from the deal choice on."""
    GAIGEL = enum.auto()
    """``engine/kernel_gaigel.py``: the double pack with openings, melds and knocks."""
    TERTS = enum.auto()
    """``engine/kernel_terts.py``: announcements of sequences answered by the opponent."""


@dataclass(frozen=True, slots=True)
class FastPath:
    """The kernel that plays a game's hands, and what it needs of the game's options."""

    kernel: Kernel
    solve_from: int = 0
    """With ``endgame``, the cards left in the hands from which a search solves a playout on the
    game's own kernel by default (0: not by default)."""
    exact_cards: int = 0
    """The cards in the hands up to which an open view is solved at every move (0: the search's
    own bound, ``SOLVE_CARDS``)."""
    auction: bool = False
    """``MULTI``: the kernel also plays the auction and the high bidder's trump choice."""
    scoring: Literal["sides", "chips", "units"] = "sides"
    """``MULTI``: game points 1/2/3 to a side, chips between players, or units of card points."""
    ten_bonus: bool = False
    """``MULTI``: the side that wins the ten of trumps scores a game point."""
    ten_target: int = 0
    """``MULTI``: the game points that win the match (the ten of trumps can end it)."""
    tie_split: bool = False
    """``MULTI``: tied top scorers each collect from the others."""
    unit: int = 33
    """``MULTI``: card points in a unit."""
