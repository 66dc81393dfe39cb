"""The auction of units (North American Sixty-Six, rules/north-american.md#bidding, records.md §5).

From the dealer's left and round, each seat in turn bids a number of units above the high bid
(``bid N``, ``min_bid``..``max_bid``; a partner may be overbid) or passes, and a pass is final.
The auction ends as soon as every seat but the high bidder has passed, before or after the high
bid. If all the others passed without a bid, the dealer must bid under ``all_pass =
"dealer_forced"``; under ``"redeal"`` his pass ends the hand with no score. The high bidder becomes
the declarer and leads; the game's next phase (``rules.phases``: naming trumps) follows.

``State.bidding`` holds (high bid in units or 0, its bidder or -1, mask of seats that passed), as
for an auction of contracts (phases/contracts.py), and keeps it once the auction is over: the
game scores the bid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import BID, PASS, bid_units, is_bid
from . import PH_AUCTION, Phase, advance, register
from .play import end

if TYPE_CHECKING:
    from ..state import State

__all__ = ["legal", "apply", "explain", "forced", "standing"]


def standing(bidding: tuple[int, ...]) -> tuple[int, int, int]:
    """(high bid in units, 0 while none; its bidder, -1 while none; mask of the seats that
    passed) from ``State.bidding`` or ``View.bidding``.

    >>> standing(()), standing((3, 2, 0b10))
    ((0, -1, 0), (3, 2, 2))
    """
    if not bidding:  # the auction has just begun
        return 0, -1, 0
    high, bidder, passed = bidding
    return high, bidder, passed


def forced(s: State) -> bool:
    """The seat to act may not pass: the dealer after every other seat passed without a bid."""
    b = s.bidding
    if s.to_act != s.dealer or s.rules.all_pass != "dealer_forced" or not b or b[0]:
        return False  # (before any call the dealer is not the last seat left)
    others = sum(1 << p for p in s.active if p != s.dealer)
    return b[2] & others == others


def legal(s: State) -> list[int]:
    """Every bid above the high bid (from ``min_bid`` to ``max_bid``), and pass unless forced."""
    r = s.rules
    high = s.bidding[0] if s.bidding else 0
    acts = [BID + k for k in range(max(r.min_bid, high + 1), r.max_bid + 1)]
    if high or s.to_act != s.dealer or not forced(s):  # the cheap tests of ``forced`` first
        acts.append(PASS)
    return acts


def apply(s: State, a: int) -> None:
    if s.bidding:
        high, bidder, passed = s.bidding
    else:  # the first call of the auction
        high, bidder, passed = 0, -1, 0
    seat = s.to_act
    if a == PASS:
        passed |= 1 << seat
    else:
        high, bidder = bid_units(a), seat
    s.bidding = (high, bidder, passed)
    # The next seat still in the auction; it is over when only the high bidder is left.
    p = s.nxt[seat]
    while p != seat and ((passed >> p) & 1 or p == bidder):
        p = s.nxt[p]
    if p != seat:
        s.to_act = p
        return
    if bidder < 0:  # all passed (only under 'redeal'): the hand ends with no score
        end(s, None)
        return
    s.declarer = s.leader = bidder
    advance(s)  # the declarer names trumps


def explain(s: State, action: int, text: str) -> str:
    r = s.rules
    if is_bid(action):
        units = bid_units(action)
        if units > r.max_bid:
            return f"{text} is not possible: the highest bid in this game is {r.max_bid}"
        if units < r.min_bid:
            return f"{text} is not possible: the lowest bid is {r.min_bid}"
        return f"{text} is not possible: a bid must be above the high bid of {standing(s.bidding)[0]}"
    if action == PASS:
        return "the dealer may not pass when everyone else has passed: bid at least " \
               f"{r.min_bid}"
    return f"{text} is not possible now: the auction is on ('bid N' or 'pass')"


register(PH_AUCTION, Phase("auction", legal, apply, explain))
