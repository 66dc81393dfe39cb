"""Schnapsen (Austrian), two players, 20 cards — rules/schnapsen.md.

A T K Q J in four suits (120 card points, no last-trick bonus). Three cards each, the turn-up,
two more each; a talon of nine face-down cards across the trump card. The trump jack may be
exchanged by the leader; the leader may close after drawing; marriages may be declared after
the close; the winner of the last trick of an unclosed hand wins it for 1. The match is the
Bummerl: both start at 7 and count down; the first at 0 or below wins.

>>> g = Schnapsen()
>>> g.rules.pack_size, g.rules.hand_size, g.rules.last_trick_bonus
(20, 5, 0)
>>> Schnapsen(exchange_min_talon=4).rules.exchange_min_facedown
3
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import JACK, PACK_20
from ...engine.invariants import GameSpec, counts_down, grades_123, natural_120, one_winner_table
from ...engine.rules import FREE, STRICT2, Rules
from ...engine.state import Deal, HandResult
from ..base import PairScoring, TwoPlayerScoring
from ..dealing import next_dealer
from .options import SchnapsenOptions

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...engine.match import Match

__all__ = ["Schnapsen", "SchnapsenOptions", "deal_three_turnup_two"]


class Schnapsen(TwoPlayerScoring):
    id = "schnapsen"
    name = "Schnapsen"
    rule_page = "schnapsen.md"
    fuzz_spec = GameSpec(one_winner_table(grades_123),
                         {"exchange_min_talon": (2, 6), "close_min_talon": (2, 6), "start_score": (1, 9)},
                         natural_120, counts_down("start_score"))
    Options = SchnapsenOptions
    n_seats = 2
    options: SchnapsenOptions
    hand_points = (0.46, 0.41, 0.13)
    """600 hands of ``ismcts:iterations=1500,endgame=true`` against itself (session 22)."""

    def points_to_go(self, match_score: Sequence[int]) -> tuple[int, ...] | None:
        """The match counts down (rules/schnapsen.md#the-match): the points still on each seat's count."""
        if len(match_score) != 2:
            return None
        return tuple(max(0, s) for s in match_score)

    def make_rules(self) -> Rules:
        o = self.options
        # The talon minima count the face-up trump card (hence at least 2, and at most the 10
        # cards of the talon after the deal); the engine counts face-down cards only.
        return Rules(
            n_seats=2, sides=(0, 1), pack=PACK_20, hand_size=5, stock=True,
            phase1_follow=FREE, phase2_follow=STRICT2,
            exchange_rank=JACK, exchange_needs_trick=o.jack_exchange_needs_trick,
            exchange_any_time=False, exchange_min_facedown=o.exchange_min_talon - 1,
            exchange_on_close="none",
            marriages=True,
            # Without marriage_before_first_trick the declarer must already hold a trick (seed).
            marriage_credit="any_later_trick" if o.marriage_before_first_trick
            else "needs_trick_before",
            marriages_after_close=o.marriages_after_close,
            show_marriage_to_go_out=True,
            close_allowed=True, close_requires=o.close_requires, close_before_draw=False,
            close_min_facedown=o.close_min_talon - 1,
            claims=True, claim_timing="after_trick_or_meld", auto_claim=o.auto_claim,
            last_trick_bonus=0,
        )

    def initial_score(self) -> list[int]:
        return [self.options.start_score] * self.n_seats

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        return deal_three_turnup_two(deck, dealer, self.n_seats)

    def scoring(self) -> PairScoring:
        o = self.options
        return PairScoring(
            closed_measured_at_close=True,
            false_claim_trickless_3=o.false_claim_penalty == "2_or_3_if_opponent_trickless",
            closer_beaten_flat_2=False, played_out=o.last_trick_rule)

    def settle(self, match: Match, result: HandResult) -> None:
        """Count down: the hand's game points come off the winner's count (rules/schnapsen.md#the-match)."""
        o = self.options
        for p, g in enumerate(result.game_points):
            match.score[p] -= g
        match.dealer = next_dealer(o.next_dealer, match.dealer, result, match.n)
        done = [p for p in range(match.n) if match.score[p] <= 0]
        if done:
            match.complete = True
            match.winner = done
            loser_untouched = any(s == o.start_score for s in match.score)
            match.extra["bummerl"] = 2 if (o.schneider_bummerl and loser_untouched) else 1


def deal_three_turnup_two(deck: list[int], dealer: int, n: int) -> Deal:
    """Three cards each (non-dealer first), the trump card turned up, then two each; the rest is
    the talon, top first (rules/schnapsen.md#cards-and-deal).

    >>> d = deal_three_turnup_two(list(range(20)), 1, 2)
    >>> d.hands, d.turnup, d.stock[:2]
    (((0, 1, 2, 7, 8), (3, 4, 5, 9, 10)), 6, (11, 12))
    """
    hands: list[tuple[int, ...]] = [()] * n
    second = 3 * n + 1  # where the packets of two start, after the turn-up
    for k in range(n):
        i, j = 3 * k, second + 2 * k  # a tuple display, not slices: every playout deals
        hands[(dealer + 1 + k) % n] = (deck[i], deck[i + 1], deck[i + 2], deck[j], deck[j + 1])
    return Deal(hands=tuple(hands), turnup=deck[3 * n], stock=tuple(deck[5 * n + 1:]))
