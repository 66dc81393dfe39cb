"""Sixty-Six (Sechsundsechzig) for two players with 24 cards — rules/sixty-six.md.

Six cards each in two packets of three (non-dealer first), the 13th card turned up for trumps,
eleven face down across it. Free play while the stock is open, strict play after; marriages of
20/40 by the leader; the trump nine may be exchanged; the leader may close; a player with 66
claims the hand. Game points 1/2/3, first to 7.

>>> g = SixtySix(nine_exchange_timing="any_time")
>>> g.options.nine_exchange_timing, g.rules.exchange_any_time
('any_time', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...cards import NINE, PACK_24
from ...engine.invariants import GameSpec, grades_123, natural_120, one_winner_table
from ...engine.rules import FOLLOW_ONLY, FREE, STRICT2, Rules
from ...engine.state import Deal, HandResult
from ..base import PairScoring, TwoPlayerScoring
from ..dealing import next_dealer
from .options import SixtySixOptions

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...engine.match import Match

__all__ = ["SixtySix", "SixtySixOptions"]


class SixtySix(TwoPlayerScoring):
    id = "sixty-six"
    name = "Sixty-Six"
    rule_page = "sixty-six.md"
    fuzz_spec = GameSpec(one_winner_table(grades_123), {"target": (1, 10), "close_min_stock": (1, 6)},
                         natural_120)
    value_net: ClassVar[tuple[str, tuple[str, ...]] | None] = (
        "value.net", ("next_dealer", "draw_bonus", "draw_bonus_accumulates", "target",
                      "shutout_counts_double"))
    Options = SixtySixOptions
    n_seats = 2
    options: SixtySixOptions
    hand_points = (0.58, 0.37, 0.05)
    """600 hands of ``ismcts:iterations=1500,endgame=true`` against itself (session 22)."""

    def points_to_go(self, match_score: Sequence[int]) -> tuple[int, ...] | None:
        if len(match_score) != 2:
            return None
        return tuple(max(0, self.options.target - s) for s in match_score)

    def make_rules(self) -> Rules:
        o = self.options
        return Rules(
            n_seats=2, sides=(0, 1), pack=PACK_24, hand_size=6, stock=True,
            phase1_follow=FREE,
            phase2_follow=STRICT2 if o.phase2_follow == "strict" else FOLLOW_ONLY,
            exchange_rank=NINE, exchange_needs_trick=o.nine_exchange_needs_trick,
            exchange_any_time=o.nine_exchange_timing == "any_time", exchange_min_facedown=1,
            exchange_on_close=o.nine_exchange_on_close,
            marriages=True, marriage_credit=o.first_trick_marriage,
            marriages_after_close=o.marriages_after_close,
            show_marriage_to_go_out=o.show_marriage_to_go_out,
            close_allowed=True, close_requires=o.close_requires,
            close_before_draw=o.close_before_draw_allowed,
            close_min_facedown=o.close_min_stock,
            claims=True, claim_timing=o.claim_timing, auto_claim=o.auto_claim,
            last_trick_bonus=10,
        )

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        return deal_two_packets(deck, dealer, active, self.n_seats)

    def scoring(self) -> PairScoring:
        o = self.options
        return PairScoring(
            closed_measured_at_close=o.closed_win_measured_at == "close",
            false_claim_trickless_3=o.false_claim_penalty == "2_or_3_if_opponent_trickless",
            closer_beaten_flat_2=o.closer_beaten_flat_2, played_out=o.unclaimed_end)

    def settle(self, match: Match, result: HandResult) -> None:
        settle_points_match(match, result, self.options)


def deal_two_packets(deck: list[int], dealer: int, active: tuple[int, ...], n: int) -> Deal:
    """Three cards to each playing seat from the dealer's left, twice; the next card is turned up;
    the rest is the stock (rules/sixty-six.md#cards-and-deal)."""
    order = [p for p in [(dealer + k) % n for k in range(1, n + 1)] if p in active]
    m = len(order)
    hands: list[tuple[int, ...]] = [()] * n
    for k, p in enumerate(order):  # seat k of the order: cards 3k.. and 3(m + k)..
        i, j = 3 * k, 3 * (m + k)
        hands[p] = (deck[i], deck[i + 1], deck[i + 2], deck[j], deck[j + 1], deck[j + 2])
    i = 6 * m
    return Deal(hands=tuple(hands), turnup=deck[i], stock=tuple(deck[i + 1:]))




def settle_points_match(match: Match, result: HandResult, o: SixtySixOptions) -> None:
    """Game points up to ``target``, with the carried bonus of drawn hands (rules/sixty-six.md#scoring-a-hand,
    rules/sixty-six.md#the-match)."""
    if result.winners:
        for p, g in enumerate(result.game_points):
            match.score[p] += g
        match.bonus = 0
    elif o.draw_bonus:
        match.bonus = match.bonus + 1 if o.draw_bonus_accumulates else 1
    if o.unclaimed_end == "pagat" and not result.winners:
        pass  # pagat: after a drawn hand the same dealer deals again
    else:
        match.dealer = next_dealer(o.next_dealer, match.dealer, result, match.n)
    best = max(match.score)
    if best >= o.target:
        match.complete = True
        match.winner = [p for p, s in enumerate(match.score) if s == best]
        loser_zero = any(s == 0 for s in match.score)
        match.extra["stakes"] = 2 if (o.shutout_counts_double and loser_zero) else 1
