"""North American Sixty-Six: 2, 3 or 4 players, bidding units of 33 — rules/north-american.md.

**Provisional.** The seed breaks off and no full source could be found, so these rules are
rules.md's reconstruction ([R]): every [R] element is an option under the name used there.

The 24-card pack (A T K Q J 9: 11/10/4/3/2/0) is dealt out in packets of 3 from the dealer's left
(with 3 players the last packet is 2): 6 each with 4 players (partners 0 & 2 against 1 & 3),
8 with 3, 12 with 2. No stock, no turn-up. An auction from the dealer's left, ``bid N`` above
the high bid or ``pass`` (final), sets a bid in units; the high bidder names trumps (any suit)
and leads. Strict play from the first trick (the two-player rule with 2 players), beating even a
partner; only the leader may ``marry C``, and the marriage counts for his side whether or not it
wins the trick. Each side's units are its total // ``unit``: the bidding side scores its units
if they reach its bid and minus the bid if not; the others score their units. First to
``target`` wins; the bidding side wins ties with others at the target, otherwise the highest
total, equal highest totals sharing the win. Totals may be negative.

>>> g = NorthAmericanSixtySix()
>>> g.n_seats, g.rules.sides, g.rules.hand_size, g.rules.max_bid
(4, (0, 1, 0, 1), 6, 5)
>>> g3 = NorthAmericanSixtySix(players=3)
>>> g3.n_seats, g3.rules.hand_size, g3.rules.max_bid
(3, 8, 4)
>>> NorthAmericanSixtySix(players=2, max_bid=5).rules.max_bid
5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import PACK_24
from ...engine.ends import GameEnd
from ...engine.fastpath import MULTI, FastPath
from ...engine.invariants import GameSpec, natural_120, side_values
from ...engine.phases import PH_AUCTION, PH_TRUMP
from ...engine.rules import STRICT2, STRICT_MULTI, Rules
from ...engine.state import Deal, HandResult, State
from ...errors import OptionError
from ..base import Game
from ..dealing import deal_packets
from .options import NorthAmericanOptions

if TYPE_CHECKING:
    from ...engine.match import Match

__all__ = ["NorthAmericanSixtySix", "NorthAmericanOptions"]

_PACKETS = {2: (3, 3, 3, 3), 3: (3, 3, 2), 4: (3, 3)}
"""Packets dealt round the table, by the number of players: every card is dealt."""


def _units_table(game: Game, state: State, res: HandResult) -> str | None:
    """Each side scores its units (⌊total / unit⌋), the bidding side minus its bid if it failed
    (rules/north-american.md#scoring)."""
    o = game.options
    unit = getattr(o, "unit", 33) or 33
    max_bid = getattr(o, "max_bid", None) or 5
    min_bid = getattr(o, "min_bid", 2) or 1
    gp = res.game_points
    bad = side_values(state, gp)
    if bad:
        return bad
    for p, g in enumerate(gp):
        if g != res.points[p] // unit and not -max_bid <= g <= -min_bid:
            return (f"seat {p} scores {g} with {res.points[p]} points: neither its units nor "
                    f"minus a bid")
    return None


class NorthAmericanEnd(GameEnd):
    """How a hand of North American Sixty-Six ends: by its auction's bid."""

    PASSED_OUT = "passed out"  # everybody passed: the hand is not played
    MADE = "made"              # the bidder took the units bid
    FAILED = "failed"          # ... or did not


class NorthAmericanSixtySix(Game):
    id = "north-american-sixty-six"
    name = "North American Sixty-Six"
    rule_page = "north-american.md"
    score_unit = "unit"
    fuzz_spec = GameSpec(_units_table, {"players": (2, 4), "min_bid": (1, 3), "max_bid": (3, 5),
                                        "unit": (30, 40), "last_trick_bonus": (0, 10),
                                        "target": (3, 12)}, natural_120)
    Options = NorthAmericanOptions
    n_seats = 4
    seat_counts = (2, 3, 4)
    note = ("These rules are a reconstruction (rules/north-american.md, [R]): the sources break off, so "
            "every reconstructed rule is an option.")
    options: NorthAmericanOptions

    @property
    def max_bid(self) -> int:
        """The highest bid: the option where given, else 5 with partnerships and 4 without."""
        o = self.options
        if o.max_bid is not None:
            return o.max_bid
        return 5 if o.players == 4 else 4

    def make_fast_path(self) -> FastPath:
        """The multi-seat kernel, from the auction on (its ``judge`` bids for the players)."""
        return FastPath(MULTI, auction=True, scoring="units", unit=self.options.unit or 33)

    def make_rules(self) -> Rules:
        o = self.options
        top = self.max_bid
        if o.min_bid > top:
            given = "" if o.max_bid is not None else f", the highest bid with {o.players} players"
            raise OptionError(f"option 'min_bid' ({o.min_bid}) is above 'max_bid' ({top}{given})")
        n = o.players
        return Rules(
            n_seats=n, sides=(0, 1, 0, 1) if n == 4 else tuple(range(n)), pack=PACK_24,
            hand_size=24 // n, stock=False,
            # rules/north-american.md#play: strict from the first trick, beating even a partner, trumping when
            # void; the
            # two-player strict rule with two players.
            phase1_follow=STRICT2 if n == 2 else STRICT_MULTI,
            phase2_follow=STRICT2 if n == 2 else STRICT_MULTI,
            must_beat_partner=True, must_trump_when_cannot_overtrump=True,
            marriages=True, marriage_credit="any_later_trick",
            marriage_needs_trick=o.marriage_needs_trick,
            claims=False, last_trick_bonus=o.last_trick_bonus,
            phases=(PH_AUCTION, PH_TRUMP), min_bid=o.min_bid, max_bid=top, all_pass=o.all_pass,
        )

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        n = self.options.players
        return Deal(hands=deal_packets(deck, dealer, n, _PACKETS[n]), turnup=None, stock=())

    def check_deal(self, deal: Deal, dealer: int, active: tuple[int, ...]) -> None:
        if deal.stock:
            raise ValueError(f"{self.name} deals every card: the stock must be empty")
        super().check_deal(deal, dealer, active)

    # ------------------------------------------------------------------ scoring

    def _side_scores(self, state: State) -> list[int]:
        """Units scored by each side: the bidding side its units or minus its bid, the others
        their units."""
        unit = self.options.unit
        scores = [p // unit for p in state.points]
        bidder = state.declarer
        if bidder >= 0:
            sd = state.rules.sides[bidder]
            bid = state.bidding[0]
            if scores[sd] < bid:
                scores[sd] = -bid
        return scores

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        if state.declarer < 0:
            return [0] * state.n
        scores = self._side_scores(state)
        sides = state.rules.sides
        return [scores[sides[p]] for p in range(state.n)]

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        r = state.rules
        n = state.n
        sides = r.sides
        points = tuple(state.points[sides[p]] for p in range(n))
        tricks = tuple(state.tricks[sides[p]] for p in range(n))
        bidder = state.declarer
        if bidder < 0:
            return HandResult(end=NorthAmericanEnd.PASSED_OUT, winners=(), game_points=(0,) * n,
                              points=points, tricks=tricks,
                              detail="everyone passed: no score; the deal passes on")
        unit = self.options.unit
        scores = self._side_scores(state)
        sd = sides[bidder]
        bid = state.bidding[0]
        units = state.points[sd] // unit
        made = units >= bid
        winners = tuple(p for p in range(n) if (sides[p] == sd) == made)
        plural = "s" if units != 1 else ""
        detail = (f"seat {bidder} bid {bid}: {state.points[sd]} points = {units} unit{plural}, "
                  + (f"made: +{units}" if made else f"failed: -{bid}"))
        others = [f"seat {p} {state.points[sides[p]]} points: +{scores[sides[p]]}"
                  for p in range(n) if sides[p] != sd and p == sides.index(sides[p])]
        if others:
            detail += "; " + "; ".join(others)
        return HandResult(end=NorthAmericanEnd.MADE if made else NorthAmericanEnd.FAILED, winners=winners,
                          game_points=tuple(scores[sides[p]] for p in range(n)), points=points,
                          tricks=tricks, detail=detail)

    def settle(self, match: Match, result: HandResult) -> None:
        n = self.n_seats
        for p, g in enumerate(result.game_points):
            match.score[p] += g
        match.dealer = (match.dealer + 1) % n  # also after a passed-out hand
                                               # (rules/north-american.md#cards-and-deal)
        target = self.options.target
        score = match.score
        reached = [p for p in range(n) if score[p] >= target]
        if not reached:
            return
        match.complete = True
        # The bidding side wins if it is among the sides at the target: it can only have got
        # there in this hand by making its bid, so it is then the hand's winners.
        if result.end == NorthAmericanEnd.MADE and score[result.winners[0]] >= target:
            match.winner = list(result.winners)
            return
        best = max(score[p] for p in reached)
        match.winner = [p for p in range(n) if score[p] == best]
