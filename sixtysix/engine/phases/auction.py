"""The auction of units (North American Sixty-Six, rules.md §6.3, records.md §5).

From the dealer's left and round, each seat in turn bids a number of units above the high bid
(``bid N``, ``min_bid``..``max_bid``; a partner may be overbid) or passes, and a pass is final.
The auction ends as soon as every seat but the high bidder has passed, before or after the high
bid. If all the others passed without a bid, the dealer must bid under ``all_pass =
"dealer_forced"``; under ``"redeal"`` his pass ends the hand with no score. The high bidder then
names trumps (``PH_TRUMP``) and leads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import BID, MAX_BID, PASS
from . import PH_AUCTION, PH_TRUMP, Phase, register
from .play import end

if TYPE_CHECKING:
    from ..state import State

__all__ = ["legal", "apply", "explain", "forced"]


def forced(s: State) -> bool:
    """The seat to act may not pass: the dealer after every other seat passed without a bid."""
    if s.high_bid or s.rules.all_pass != "dealer_forced" or s.to_act != s.dealer:
        return False
    others = sum(1 << p for p in s.active if p != s.dealer)
    return s.passed & others == others


def legal(s: State) -> list[int]:
    """Every bid above the high bid (from ``min_bid`` to ``max_bid``), and pass unless forced."""
    r = s.rules
    acts = [BID + k for k in range(max(r.min_bid, s.high_bid + 1), r.max_bid + 1)]
    if not forced(s):
        acts.append(PASS)
    return acts


def apply(s: State, a: int) -> None:
    seat = s.to_act
    if a == PASS:
        s.passed |= 1 << seat
    else:
        s.high_bid = a - BID
        s.bidder = seat
    # The next seat still in the auction; it is over when only the high bidder is left.
    p = s.nxt[seat]
    while p != seat and ((s.passed >> p) & 1 or p == s.bidder):
        p = s.nxt[p]
    if p != seat:
        s.to_act = p
        return
    if s.bidder < 0:  # all passed (only under 'redeal'): the hand ends with no score
        end(s, None)
        return
    s.leader = s.to_act = s.bidder
    s.phase = PH_TRUMP


def explain(s: State, action: int, text: str) -> str:
    r = s.rules
    if BID < action <= BID + MAX_BID:
        units = action - BID
        if units > r.max_bid:
            return f"{text} is not possible: the highest bid in this game is {r.max_bid}"
        if units < r.min_bid:
            return f"{text} is not possible: the lowest bid is {r.min_bid}"
        return f"{text} is not possible: a bid must be above the high bid of {s.high_bid}"
    if action == PASS:
        return "the dealer may not pass when everyone else has passed: bid at least " \
               f"{r.min_bid}"
    return f"{text} is not possible now: the auction is on ('bid N' or 'pass')"


register(PH_AUCTION, Phase("auction", legal, apply, explain))
