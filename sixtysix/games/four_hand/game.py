"""Four-Hand Sixty-Six: two partnerships, 0 & 2 against 1 & 3 — rules/four-hand.md.

Foster's game (the default): 32 cards dealt 3-2-3 from the dealer's left, the dealer's last card
turned up for trumps (it stays his); strict play, beating even a partner; no marriages, no
closing, no claims; all 8 tricks, the last worth 10. A side scores 1 for 66-99, 2 for 100-129
(or 130 without every trick), 3 for all 8 tricks; 65-65 carries a bonus point to the next hand's
winner. First side to 7.

``variant="pagat"`` (rules/four-hand.md#the-pagat-variant): 24 cards, six each in threes (partner, left,
right, dealer), the bottom
card the dealer's trump card; the leader may marry or ``defer`` to his partner, who marries or
passes; the side that won the last trick may claim 66; 1/2/3 as in the two-handed game.

>>> g = FourHandSixtySix()
>>> g.rules.sides, g.rules.pack_size, g.rules.hand_size
((0, 1, 0, 1), 32, 8)
>>> FourHandSixtySix(variant="pagat").rules.pack_size
24
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import PACK_24, PACK_32, TEN, card_str
from ...engine.ends import GameEnd, HandEnd
from ...engine.fastpath import MULTI, FastPath
from ...engine.invariants import GameSpec, grades_123, natural_120, one_winner_table, side_values
from ...engine.rules import FOLLOW_TRUMP, STRICT_MULTI, Rules
from ...engine.state import Deal, HandResult, State
from ..base import Game, make_result, two_player_result
from ..dealing import deal_packets
from .options import FourHandOptions

if TYPE_CHECKING:
    from ...engine.match import Match
    from ...engine.view import View

__all__ = ["FourHandSixtySix", "FourHandOptions"]


def _four_hand_table(game: Game, state: State, res: HandResult) -> str | None:
    """Foster: 1/2/3 to one side; pagat: 1/2/3 as two-handed; plus the bonus; with the ten of
    trumps bonus, +1 to the side that took it (possibly the losing side)."""
    o = game.options
    if not getattr(o, "ten_of_trumps_bonus", False):
        return one_winner_table(grades_123)(game, state, res)
    gp = res.game_points
    bad = side_values(state, gp)
    if bad:
        return bad
    if res.end == FourHandEnd.TEN_OF_TRUMPS:
        return None if sorted(gp) == [0, 0, 1, 1] else f"the ten of trumps wins 1: {list(gp)}"
    w = {state.rules.sides[p] for p in res.winners}
    for p, g in enumerate(gp):
        won = state.rules.sides[p] in w
        allowed = {k + state.bonus + t for k in (1, 2, 3) for t in (0, 1)} if won else {0, 1}
        if g not in allowed:
            return f"seat {p} scores {g}: {list(gp)}"
    return None


class FourHandEnd(GameEnd):
    """The end of a hand that Four-Hand Sixty-Six alone has (the others: ``HandEnd``)."""

    TEN_OF_TRUMPS = "ten of trumps"  # the ten of trumps captured in the last trick


class FourHandSixtySix(Game):
    id = "four-hand-sixty-six"
    name = "Four-Hand Sixty-Six"
    rule_page = "four-hand.md"
    fuzz_spec = GameSpec(_four_hand_table, {"target": (1, 10)}, natural_120)
    Options = FourHandOptions
    n_seats = 4
    options: FourHandOptions

    def make_fast_path(self) -> FastPath | None:
        """Foster's game, without marriages, on the multi-seat kernel."""
        o = self.options
        if o.variant != "foster" or self.rules.marriages:
            return None
        return FastPath(MULTI, ten_bonus=o.ten_of_trumps_bonus, ten_target=o.target)

    def false_claim_cost(self, view: View, points: int) -> int:
        return 2 + view.bonus

    def make_rules(self) -> Rules:
        o = self.options
        pagat = o.variant == "pagat"
        mode = STRICT_MULTI if o.follow_rule == "foster" else FOLLOW_TRUMP
        return Rules(
            n_seats=4, sides=(0, 1, 0, 1), pack=PACK_24 if pagat else PACK_32,
            hand_size=6 if pagat else 8, stock=False,
            phase1_follow=mode, phase2_follow=mode, must_beat_partner=True,
            must_trump_when_cannot_overtrump=o.must_trump_when_cannot_overtrump,
            marriages=pagat, marriage_credit="any_later_trick", marriage_needs_trick=True,
            show_marriage_to_go_out=False, partner_marriage=pagat,
            claims=pagat, claim_timing="after_trick_or_meld",
            last_trick_bonus=10, trick_hook=o.ten_of_trumps_bonus,
        )

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        if self.options.variant == "pagat":
            # Partner, left-hand opponent, right-hand opponent, dealer; in threes, twice.
            order = [(dealer + 2) % 4, (dealer + 1) % 4, (dealer + 3) % 4, dealer]
            hands: list[list[int]] = [[] for _ in range(4)]
            i = 0
            for _ in range(2):
                for p in order:
                    hands[p] += deck[i:i + 3]
                    i += 3
            dealt = tuple(tuple(h) for h in hands)
        else:
            dealt = deal_packets(deck, dealer, 4, (3, 2, 3))
        # The dealer's last card (the bottom card) is turned up and stays his.
        return Deal(hands=dealt, turnup=dealt[dealer][-1], stock=())

    def check_deal(self, deal: Deal, dealer: int, active: tuple[int, ...]) -> None:
        super().check_deal(deal, dealer, active)
        if deal.stock:
            raise ValueError("Four-Hand Sixty-Six deals every card: the stock must be empty")
        last = deal.hands[dealer][-1]
        if deal.turnup != last:
            shown = "none" if deal.turnup is None else card_str(deal.turnup)
            raise ValueError(f"the turn-up must be the dealer's last card {card_str(last)}, "
                             f"not {shown}")

    def _ten_side(self, state: State) -> int:
        """The side whose tricks hold the ten of trumps, or -1."""
        ten = state.trump * 8 + TEN
        for sd, won in enumerate(state.won):
            if (won >> ten) & 1:
                return sd
        return -1

    def _ten_wins_match(self, state: State) -> int:
        """The side that took the trump ten while at ``target - 1`` (it wins at once), or -1."""
        sd = self._ten_side(state)
        if sd < 0 or not state.match_score:
            return -1
        seat = state.rules.sides.index(sd)
        return sd if state.match_score[seat] >= self.options.target - 1 else -1

    def trick_ends_hand(self, state: State) -> bool:
        return self._ten_wins_match(state) >= 0

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        o = self.options
        sd = self._ten_wins_match(state) if o.ten_of_trumps_bonus else -1
        if sd >= 0:
            seat = state.rules.sides.index(sd)
            gp = [1 if p == seat else 0 for p in range(4)]  # make_result spreads it to the side
            return make_result(state, FourHandEnd.TEN_OF_TRUMPS, (seat,), gp,
                               "the ten of trumps taken at one point from the target: 1")
        if o.variant == "pagat":
            res = two_player_result(state, claimant, closed_measured_at_close=False,
                                    false_claim_trickless_3=False, closer_beaten_flat_2=False,
                                    played_out="seed")
        else:
            res = self._band_result(state)
        ten = self._ten_side(state) if o.ten_of_trumps_bonus else -1
        if ten < 0:
            return res
        gp = [g + (1 if state.rules.sides[p] == ten else 0) for p, g in enumerate(res.game_points)]
        return HandResult(end=res.end, winners=res.winners, game_points=tuple(gp),
                          points=res.points, tricks=res.tricks,
                          detail=res.detail + "; +1 for the ten of trumps")

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        """``score_hand``'s game points without the result's text (search scores every leaf)."""
        o = self.options
        if o.variant == "pagat":
            return self.score_hand(state, claimant).game_points
        sides = state.rules.sides
        if o.ten_of_trumps_bonus:
            sd = self._ten_wins_match(state)
            if sd >= 0:
                return tuple([1 if sides[p] == sd else 0 for p in range(4)])
        pts = state.points
        by_side = [0, 0]
        if pts[0] != pts[1]:  # the bands of _band_result
            sd = 0 if pts[0] > pts[1] else 1
            by_side[sd] = (3 if state.tricks[sd] == 8 else 2 if pts[sd] >= 100 else 1) \
                + state.bonus
        if o.ten_of_trumps_bonus:
            ten = self._ten_side(state)
            if ten >= 0:
                by_side[ten] += 1
        return tuple([by_side[sides[p]] for p in range(4)])

    def _band_result(self, state: State) -> HandResult:
        """Foster's bands (rules/four-hand.md#scoring-a-hand) on the sides' totals, cards and last trick."""
        pts = state.points
        if pts[0] == pts[1]:
            return make_result(state, HandEnd.DRAW, (), [0] * 4,
                               f"{pts[0]}–{pts[1]}: a bonus game point goes to the next hand's winner")
        sd = 0 if pts[0] > pts[1] else 1
        total = pts[sd]
        if state.tricks[sd] == 8:
            gp, how = 3, "all 8 tricks"
        elif total >= 100:
            gp, how = 2, f"{total} (100 or more)"
        else:
            gp, how = 1, f"{total} (66-99)"
        seat = state.rules.sides.index(sd)
        award = [0] * 4
        award[seat] = gp + state.bonus
        detail = f"{how} → {gp}" + (f" + {state.bonus} carried" if state.bonus else "")
        return make_result(state, HandEnd.PLAYED_OUT, (seat,), award, detail)

    def settle(self, match: Match, result: HandResult) -> None:
        o = self.options
        for p, g in enumerate(result.game_points):
            match.score[p] += g
        if result.winners:
            match.bonus = 0
        elif o.draw_bonus:
            match.bonus = match.bonus + 1 if o.draw_bonus_accumulates else 1
        match.dealer = (match.dealer + 1) % 4
        best = max(match.score)
        if best >= o.target:
            match.complete = True
            if result.end == FourHandEnd.TEN_OF_TRUMPS:
                match.winner = list(result.winners)
            else:
                match.winner = [p for p in range(4) if match.score[p] == best]
