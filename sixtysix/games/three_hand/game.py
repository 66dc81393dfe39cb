"""Three-Hand Sixty-Six: the dealer sits out — rules/three-hand.md.

Each hand is two-handed Sixty-Six (every option of rules/sixty-six.md) between the two seats that do not deal;
the
dealer holds no cards and copies the hand winner's award, but never past ``dealer_cap``
(``target - 1`` by default). The first to the target wins and retires; with ``playoff`` the
other two play on, two-handed, for second place, while the retired winner still deals in turn.

>>> g = ThreeHandSixtySix()
>>> g.rules.n_seats, g.options.dealer_cap, g.cap
(3, None, 6)
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, TypedDict, cast

from ...engine.invariants import GameSpec, grades_123, natural_120, one_winner_table
from ...engine.rules import Rules
from ...engine.state import HandResult, State
from ...errors import OptionError
from ..sixty_six import SixtySix
from .options import ThreeHandOptions

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...engine.game import Game
    from ...engine.match import Match

__all__ = ["ThreeHandSixtySix", "ThreeHandOptions"]


def _three_hand_table(game: Game, state: State, res: HandResult) -> str | None:
    """Sixty-Six between the players; the sitting-out dealer copies at most the winner's award,
    up to the cap (rules/three-hand.md#rules)."""
    players = one_winner_table(grades_123)(game, state, res)
    if players:
        return players
    d = state.dealer
    if d in state.active:
        return None
    g = res.game_points[d]
    award = max((res.game_points[p] for p in state.active), default=0)
    score = state.match_score[d] if state.match_score else 0
    cap = getattr(game, "cap", None)
    if g < 0 or g > award:
        return f"the dealer copies {g}, the winner's award was {award}"
    if cap is not None and g and score + g > cap:
        return f"the dealer passes the cap {cap} by copying: {score} + {g}"
    return None


class ThreeHandSixtySix(SixtySix):
    id = "three-hand-sixty-six"
    name = "Three-Hand Sixty-Six"
    rule_page = "three-hand.md"
    value_net = None  # Sixty-Six's network values two-handed matches only
    fuzz_spec = GameSpec(_three_hand_table,
                         {"target": (1, 10), "close_min_stock": (1, 6), "dealer_cap": (0, 9)}, natural_120)
    Options = ThreeHandOptions
    n_seats = 3
    options: ThreeHandOptions

    @property
    def cap(self) -> int:
        o = self.options
        return o.target - 1 if o.dealer_cap is None else o.dealer_cap

    def make_rules(self) -> Rules:
        o = self.options
        cap = o.dealer_cap
        # The declared range keeps out what is never a cap; below the target depends on both.
        if cap is not None and cap >= o.target:
            raise OptionError(f"option 'dealer_cap' takes a whole number below the target "
                              f"({o.target}), not {cap!r}")
        return dataclasses.replace(super().make_rules(), n_seats=3, sides=(0, 1, 2))

    def active_seats(self, match: Match, dealer: int) -> tuple[int, ...]:
        """The two seats that play: the non-dealers, or in the play-off the two not retired."""
        retired = cast(ThreeHandNotes, match.extra).get("retired", [])
        if retired:
            return tuple(p for p in range(3) if p not in retired)
        return tuple(p for p in range(3) if p != dealer)

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        """Sixty-Six scoring between the two players; a sitting-out dealer who has not retired
        copies the winner's award up to the cap (rules/three-hand.md#rules)."""
        res = super().score_hand(state, claimant)
        copy = self._dealer_copy(state, res.game_points)
        if copy is None:
            return res
        copied, award = copy
        gp = list(res.game_points)
        gp[state.dealer] = copied
        detail = res.detail + f"; dealer copies {copied}" + (
            f" (capped at {self.cap})" if copied < award else "")
        return dataclasses.replace(res, game_points=tuple(gp), detail=detail)

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        gp = list(super().hand_game_points(state, claimant))
        copy = self._dealer_copy(state, gp)
        if copy is not None:
            gp[state.dealer] = copy[0]
        return gp

    def _dealer_copy(self, state: State, game_points: Sequence[int]) -> tuple[int, int] | None:
        """(what the sitting-out dealer copies, the award he copies from), or None when he
        copies nothing: he plays (the play-off), the hand is drawn, or he has retired."""
        dealer = state.dealer
        award = max(game_points)
        if dealer in state.active or not award:
            return None
        score = state.match_score[dealer] if state.match_score else 0
        if score >= self.options.target:
            return None
        if not self.options.dealer_copies_bonus:
            award -= state.bonus
        return max(0, min(award, self.cap - score)), award

    def settle(self, match: Match, result: HandResult) -> None:
        o = self.options
        notes = cast(ThreeHandNotes, match.extra)  # this game's own names (below)
        retired = notes.setdefault("retired", [])
        for p, g in enumerate(result.game_points):
            if p not in retired:
                match.score[p] += g
        if result.winners:
            match.bonus = 0
        elif o.draw_bonus:
            match.bonus = match.bonus + 1 if o.draw_bonus_accumulates else 1
        if not (o.unclaimed_end == "pagat" and not result.winners):
            active = match.hand.active if match.hand is not None else ()
            match.dealer = _next_dealer(o.next_dealer, match.dealer, result, active)
        reached = [p for p in range(3) if p not in retired and match.score[p] >= o.target]
        for p in reached:  # one at most: only the hand's winner can reach the target
            retired.append(p)
            if match.winner is None:
                match.winner = [p]  # named as soon as he reaches the target
        if retired and (not o.playoff or len(retired) >= 2):
            match.complete = True
            places = retired + [p for p in range(3) if p not in retired]
            notes["places"] = places[:3] if o.playoff else places[:1]
            loser = places[2]
            notes["stakes"] = 2 if (o.shutout_counts_double and match.score[loser] == 0) else 1


class ThreeHandNotes(TypedDict, total=False):
    """What Three-Hand Sixty-Six notes of a match (``Match.extra``)."""

    retired: list[int]
    """The seats that reached the target, in order: they play no more."""
    places: list[int]
    """Once the match is over: the winner first (all three places after a play-off)."""
    stakes: int
    """What the match counts for: 2 where the loser has nothing (``shutout_counts_double``), else 1."""


def _next_dealer(rule: str, dealer: int, result: HandResult, active: tuple[int, ...]) -> int:
    """``alternate``: the deal passes to the left; ``winner``/``loser``: the hand's winner or the
    other player deals (after a draw the deal passes to the left)."""
    if rule == "alternate" or not result.winners:
        return (dealer + 1) % 3
    w = result.winners[0]
    if rule == "winner":
        return w
    return next(p for p in active if p != w)

