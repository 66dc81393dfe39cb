"""Gaigel: four players in two partnerships (0 & 2 against 1 & 3), 48 cards — rules/gaigel.md.

The double pack A T K Q J and a low card (7, or 9 with ``low_rank="9"``) in four suits, two of
each; of two identical cards the first played wins. Five cards each (2 then 3), one turned up
for trumps under a stock of 27. Forehand opens trick 1 (Andere Alte, Ge-Elfen, Höher, Auf
Dissle); free play while the stock lasts, everyone drawing after each trick (winner first, the
last drawer taking the turn-up); strict play for the last five tricks. The leader, from trick 2,
may rob the turn-up with the low trump, meld (20/40, double 40/80, five low 111, or let his
partner meld), knock at 101 or reverse-knock. The play is ``engine/phases/meld.py``; this module
deals, turns options into ``Rules`` and scores.

>>> g = Gaigel()
>>> g.rules.pack_size, g.rules.hand_size, g.rules.sides
(48, 5, (0, 1, 0, 1))
>>> Gaigel(low_rank="9").rules.low_rank
5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import NINE, PACK_48, PACK_48_NINES, SEVEN
from ...engine.ends import GameEnd, HandEnd
from ...engine.fastpath import FastPath
from ...engine.invariants import GameSpec, side_values
from ...engine.phases import meld as M
from ...engine.rules import FREE, STRICT_MULTI, Rules
from ...engine.state import Deal, HandResult, State
from ..base import Game, make_result
from ..dealing import deal_packets
from .options import GaigelOptions

if TYPE_CHECKING:
    from ...engine.match import Match
    from ...engine.view import View

__all__ = ["Gaigel", "GaigelOptions"]

KNOCK_TARGET = 101
FIVE_LOW_POINTS = 111


def _gaigel_table(game: Game, state: State, res: HandResult) -> str | None:
    """1 for a knock or the most points, 2 for a Gaigel, a wrong knock or a reverse knock,
    ``auf_dissle_award`` for Auf Dissle; 2 each when both overplayed
    (rules/gaigel.md#before-the-lead-robbing-melds-knocking)."""
    gp = res.game_points
    bad = side_values(state, gp)
    if bad:
        return bad
    allowed = {0, 1, 2, getattr(game.options, "auf_dissle_award", 2)}
    if any(g not in allowed for g in gp):
        return f"game points {list(gp)} outside {sorted(allowed)}"
    return None


def _double_pack_points(game: Game) -> int:
    return 240


def _shows_low_cards(game: Game) -> bool:
    return True  # five low cards are shown as a meld, not named one by one


class GaigelEnd(GameEnd):
    """The ends of a hand that Gaigel alone has (the others: ``HandEnd``)."""

    KNOCK = "knock"                              # a side knocked with 101 or more
    GAIGEL = "gaigel"                            # ... and the opponents had no trick
    WRONG_KNOCK = "wrong knock"                  # a side knocked short of 101
    REVERSE_KNOCK = "reverse knock"              # the opponents passed 101 without knocking
    WRONG_REVERSE_KNOCK = "wrong reverse knock"  # ... but they had not
    AUF_DISSLE = "auf dissle"                    # forehand's five low cards won
    AUF_DISSLE_LOST = "auf dissle lost"          # ... or forehand won a trick with them
    FIVE_LOW = "five low"                        # five low cards shown
    OVERPLAYED = "overplayed"                    # 101 reached without knocking


class Gaigel(Game):
    id = "gaigel"
    name = "Gaigel"
    rule_page = "gaigel.md"
    fuzz_spec = GameSpec(_gaigel_table, {"target": (1, 9), "deals": (1, 10), "auf_dissle_award": (1, 3),
                                         "last_trick_bonus": (0, 10)}, _double_pack_points,
                         marriage_melds=False, unnamed_reveals=_shows_low_cards)
    wrong_knock = 2
    """Game points a knock below 101, or a wrong reverse knock, gives the other side
    (rules/gaigel.md#before-the-lead-robbing-melds-knocking)."""
    Options = GaigelOptions
    n_seats = 4
    options: GaigelOptions
    claim_word = "knock"

    def race_target(self) -> int | None:
        return self.options.target if self.options.match == "target" else None

    def make_fast_path(self) -> FastPath:
        # Solved on its own kernel from the last three tricks (12 cards in the hands).
        o = self.options
        return FastPath(f"{__package__}.kernel", solve_from=12,
                        knock_needs_no_trick=o.gaigel_test == "opponents_no_trick",
                        overplayed_loses=o.overplayed_loses, auf_dissle_award=o.auf_dissle_award)

    def false_claim_cost(self, view: View, points: int) -> int:
        return self.wrong_knock

    def opening_cost(self, view: View, opening: str) -> int | None:
        return self.options.auf_dissle_award if opening == "auf-dissle" else None

    def make_rules(self) -> Rules:
        o = self.options
        low = SEVEN if o.low_rank == "7" else NINE
        return Rules(
            n_seats=4, sides=(0, 1, 0, 1), pack=PACK_48 if low == SEVEN else PACK_48_NINES,
            hand_size=5, stock=True, phase1_follow=FREE, phase2_follow=STRICT_MULTI,
            must_beat_partner=True, must_trump_when_cannot_overtrump=True,
            exchange_rank=low, exchange_needs_trick=o.rob_requires_team_trick,
            marriages=True, marriage_needs_trick=True, marriages_after_close=o.melds_in_phase2,
            show_marriage_to_go_out=False, partner_marriage=o.partner_may_meld,
            claims=True, claim_timing="after_trick_or_meld", claim_target=KNOCK_TARGET,
            last_trick_bonus=o.last_trick_bonus,
            meld_phase=True, openings=o.opening == "traditional", low_rank=low,
            melds_in_phase2=o.melds_in_phase2, five_low=o.five_low,
        )

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        # Seats are numbered in the order of play (records.md §5), whatever ``direction`` says:
        # packets of 2 then 3 from forehand round to the dealer, then the turn-up and the stock.
        hands = deal_packets(deck, dealer, 4, (2, 3))
        return Deal(hands=hands, turnup=deck[20], stock=tuple(deck[21:]))

    def check_deal(self, deal: Deal, dealer: int, active: tuple[int, ...]) -> None:
        super().check_deal(deal, dealer, active)
        if len(deal.stock) != 27:
            raise ValueError(f"Gaigel's stock holds 27 cards under the turn-up, not {len(deal.stock)}")

    # ------------------------------------------------------------------ scoring

    def _outcome(self, s: State, claimant: int | None) -> tuple[list[int], GaigelEnd | HandEnd, str]:
        """Game points per side, the end word and how it came about."""
        o = self.options
        pts = s.points
        kind = s.end_kind
        award = o.auf_dissle_award
        gp = [0, 0]
        if kind in (M.END_KNOCK, M.END_REVERSE):
            assert claimant is not None
            a = s.rules.sides[claimant]
            b = 1 - a
            if kind == M.END_KNOCK:
                if pts[a] < KNOCK_TARGET:
                    gp[b] = 2
                    return gp, GaigelEnd.WRONG_KNOCK, \
                        f"knocked at {pts[a]} (below {KNOCK_TARGET}): opponents 2"
                gaigel = pts[b] == 0 if o.gaigel_test == "opponents_zero_points" else s.tricks[b] == 0
                gp[a] = 2 if gaigel else 1
                return gp, (GaigelEnd.GAIGEL if gaigel else GaigelEnd.KNOCK), (
                    f"knocked at {pts[a]}, opponents {pts[b]} points and {s.tricks[b]} tricks: "
                    f"{'Gaigel, 2' if gaigel else '1'}")
            if pts[b] >= KNOCK_TARGET:
                gp[a] = 2
                return gp, GaigelEnd.REVERSE_KNOCK, f"opponents had {pts[b]} without knocking: 2"
            gp[b] = 2
            return gp, GaigelEnd.WRONG_REVERSE_KNOCK, f"opponents had only {pts[b]}: they score 2"
        fh = s.rules.sides[M.forehand(s)]
        if kind == M.END_DISSLE_LOST:
            gp[1 - fh] = award
            return gp, GaigelEnd.AUF_DISSLE_LOST, \
                f"forehand won a trick playing Auf Dissle: opponents {award}"
        if kind == M.END_DISSLE_WON:
            gp[fh] = award
            return gp, GaigelEnd.AUF_DISSLE, f"forehand holds five low cards: {award}"
        if kind == M.END_FIVE_LOW:
            assert claimant is not None
            gp[s.rules.sides[claimant]] = award
            return gp, GaigelEnd.FIVE_LOW, f"five low cards shown: {award}"
        # Played out: all 12 tricks, nobody knocked.
        p0, p1 = pts
        if o.overplayed_loses and (p0 >= KNOCK_TARGET or p1 >= KNOCK_TARGET):
            over = [sd for sd in (0, 1) if pts[sd] >= KNOCK_TARGET]
            for sd in over:
                gp[1 - sd] += 2
            return gp, GaigelEnd.OVERPLAYED, (f"{p0}–{p1}: reached {KNOCK_TARGET} without knocking: "
                                      "2 to the other side")
        if p0 == p1:
            return gp, HandEnd.DRAW, f"{p0}–{p1}: equal points, no game points"
        w = 0 if p0 > p1 else 1
        gp[w] = 1
        return gp, HandEnd.PLAYED_OUT, f"{p0}–{p1}: more points wins 1"

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        gp, end, detail = self._outcome(state, claimant)
        sides = state.rules.sides
        per_seat = [gp[sides[p]] if p < 2 else 0 for p in range(4)]  # make_result spreads sides
        winners = tuple(p for p in range(2) if gp[sides[p]] > 0)
        return make_result(state, end, winners, per_seat, detail)

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        gp = self._outcome(state, claimant)[0]
        return [gp[0], gp[1], gp[0], gp[1]]

    def settle(self, match: Match, result: HandResult) -> None:
        o = self.options
        for p, g in enumerate(result.game_points):
            match.score[p] += g
        match.dealer = (match.dealer + 1) % 4
        best = max(match.score)
        done = best >= o.target if o.match == "target" else len(match.results) >= o.deals
        if done:
            match.complete = True
            match.winner = [p for p in range(4) if match.score[p] == best]
