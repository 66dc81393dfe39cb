"""The auction of named contracts (Bauernschnapsen, rules/bauernschnapsen.md#the-auction, records.md §5).

Forehand opens and may not pass; then clockwise, skipping those who passed, each seat bids a
contract it may bid (the contract's ``bidders``) that outranks the high bid, or equals its rank
if the bidder has priority over the high bidder (priority runs in bidding order, forehand
first), or passes for good. The auction ends when every seat but the high bidder has passed,
before or after the high bid. The contract is then set up as its row of data says: rules, trumps,
who plays, who leads; a shown contract ends the hand at once, a doubled one goes to doubling.

``State.bidding`` holds (high contract index or -1, its bidder or -1, mask of seats that passed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions
from ..actions import BID_CONTRACT, PASS
from ..contract import LEAD_DECLARER
from . import PH_CONTRACTS, PH_DOUBLING, PH_PLAY, Phase, advance, register
from .play import end

if TYPE_CHECKING:
    from ..contract import Contract
    from ..state import State

__all__ = ["legal", "apply", "explain", "position", "POSITION_NAMES", "set_contract"]

POSITION_NAMES = {
    3: ("forehand", "middlehand", "the dealer"),
    4: ("forehand (F)", "the dealer's partner (P)", "forehand's partner (R)", "the dealer (D)"),
}
"""The places at an auction, from forehand to the dealer, by the number of seats (the four-seat
names are Bauernschnapsen's, whose partnerships they name)."""


def position(s: State, seat: int) -> int:
    """0 for forehand, 1 for the next seat, … the dealer last: bidding order and priority."""
    return (seat - s.dealer - 1) % s.n


def _high(s: State) -> tuple[int, int, int]:
    if not s.bidding:  # the auction has just begun
        return -1, -1, 0
    high, bidder, passed = s.bidding
    return high, bidder, passed


def legal(s: State) -> list[int]:
    """The contracts the seat to act may bid, and pass (except for forehand's opening call)."""
    high, bidder, _ = _high(s)
    seat = s.to_act
    pos = position(s, seat)
    top = position(s, bidder) if bidder >= 0 else 99
    acts = [BID_CONTRACT + i for i in s.game.biddable[pos]
            if i > high or (i == high and pos < top)]
    if high >= 0:
        acts.append(PASS)
    return acts


def apply(s: State, a: int) -> None:
    high, bidder, passed = _high(s)
    seat = s.to_act
    if a == PASS:
        passed |= 1 << seat
    else:
        high, bidder = actions.contract_index(a), seat
    s.bidding = (high, bidder, passed)
    if passed.bit_count() == s.n - 1:  # everyone but the high bidder has passed
        set_contract(s, s.game.contracts[high], bidder)
        return
    p = s.nxt[seat]
    while (passed >> p) & 1:
        p = s.nxt[p]
    s.to_act = p


def set_contract(s: State, c: Contract, declarer: int) -> None:
    """Set the hand up for contract ``c`` bid by ``declarer``, as the contract's data says."""
    s.contract = c
    s.declarer = declarer
    n = s.n
    side = s.rules.sides[declarer]
    s.rules = c.rules[side]
    if c.shown:  # Farbengang, Herrenschnapser: shown, not played
        s.known[declarer] |= s.hands[declarer]
        s.bidding = ()
        end(s, None)
        return
    if not c.trumps:
        s.trump = -1
    s._set_trump_tables()
    partner = (declarer + 2) % n if n == 4 else -1
    if c.solo and partner >= 0:
        # The partner lays his cards down and sits out: tricks have three cards. Face down
        # (rules/bauernschnapsen.md#the-auction) they stay his secret; face up they are public.
        if c.partner_open:
            s.known[partner] |= s.hands[partner]
        s.active = tuple(p for p in range(n) if p != partner)
        seq = [p for p in ((s.dealer + k) % n for k in range(1, n + 1)) if p in s.active]
        nxt = [-1] * n
        for i, p in enumerate(seq):
            nxt[p] = seq[(i + 1) % len(seq)]
        s.nxt = tuple(nxt)
    forehand = (s.dealer + 1) % n
    s.leader = declarer if c.lead == LEAD_DECLARER or forehand not in s.active else forehand
    if not c.doubling:
        s.bidding = ()
        s.phase = PH_PLAY
        s.to_act = s.leader
        return
    # Doubling: the declarer's opponents, in playing order from his left, may say kontra.
    queue = []
    p = s.nxt[declarer]
    while p != declarer:
        if s.rules.sides[p] != side:
            queue.append(p)
        p = s.nxt[p]
    s.phase = PH_CONTRACTS
    advance(s)
    assert s.phase == PH_DOUBLING, "a game with doubled contracts lists the doubling phase"
    s.bidding = (-1, *queue)
    s.to_act = queue[0]


def explain(s: State, action: int, text: str) -> str:
    high, bidder, _ = _high(s)
    seat = s.to_act
    if action == PASS:
        return "forehand opens the bidding and may not pass: bid at least 'bid normal'"
    if not actions.is_contract_bid(action):
        return f"{text} is not possible now: bid a contract ('bid NAME') or 'pass'"
    c = s.game.contracts[actions.contract_index(action)]
    pos = position(s, seat)
    if not (c.bidders >> pos) & 1:
        names = POSITION_NAMES.get(s.n) or tuple(f"place {i + 1}" for i in range(s.n))
        who = " or ".join(names[i] for i in range(s.n) if (c.bidders >> i) & 1)
        return f"only {who} may bid {c.name}; you are {names[pos]}"
    current = s.game.contracts[high].name
    if c.index == high:
        return (f"{c.name} is already bid by seat {bidder}, who has priority over you: "
                f"bid higher or pass")
    return f"{c.name} does not outrank the high bid, {current} by seat {bidder}: bid higher or pass"


register(PH_CONTRACTS, Phase("auction", legal, apply, explain))
