"""Terts (Терц), seed 001's two-player game to 501 — rules/terts.md.

32 cards; 9 each in three packets of three (non-dealer first), the next card turned up for
trumps and laid under the 13 face-down cards of the stock, drawn last. Trumps rank J 9 A T K Q 8 7
and the trump jack (20) and nine (13 or 14) carry most of the points. Free play for the 7 tricks
of the stock (``phase1_follow``), strict play for the last 9 (follow, trump, win if able), the
trump jack always free (``trump_jack_free``). The holder of the trump 7 may exchange it for the
turn-up (the dix). At each turn a player may announce one combination — runs of 3 (tertz, 20),
4 (fifty, 50) and 5 to 8 (100), four aces, kings or queens (100), four jacks (200) — which the
opponent's best outranking combination beats (engine/phases/announce.py); the trump K and Q
(bella) score 20 besides. The last trick scores 10; every hand's score is added to a running
total and the first to 501 wins.

Readings where rules.md leaves something open (each [R]): ``phase1_follow="follow_then_trump"``
obliges following suit (any card of it), else trumping (any trump), without beating; an
announcement names its cards, so they become known, and so does a show and every combination
scored automatically beside a winning one (shown with it, rules/terts.md#combinations); the bella reveals
nothing; under ``loser_side_extra`` a winning responder scores his other combinations even when
the one he showed had scored before; "played the other himself" (bella) is read from the history.

>>> g = Terts()
>>> g.rules.hand_size, sum(g.rules.value_table(3)[c] for c in range(32))
(9, 140)
>>> sum(Terts(values="klaberjass").rules.value_table(0)[c] for c in range(32))
152
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import PACK_32, SEVEN
from ...engine.ends import HandEnd
from ...engine.fastpath import FastPath
from ...engine.invariants import GameSpec
from ...engine.rules import FOLLOW_OR_TRUMP, FREE, STRICT2, Rules
from ...engine.state import Deal, HandResult, State
from ..base import Game, make_result
from .options import TertsOptions

if TYPE_CHECKING:
    from ...engine.match import Match

__all__ = ["Terts", "TertsOptions", "TRUMP_ORDER"]

TRUMP_ORDER = (4, 5, 0, 1, 2, 3, 6, 7)
"""Trumps from the highest, as rank indices: J 9 A T K Q 8 7 (rules/terts.md#cards-and-deal)."""
_VALUES = {
    # (plain suits by rank A T K Q J 9 8 7, trumps by rank)
    "seed": ((11, 10, 3, 2, 1, 0, 0, 0), (11, 10, 3, 2, 20, 13, 0, 0)),
    "klaberjass": ((11, 10, 4, 3, 2, 0, 0, 0), (11, 10, 4, 3, 20, 14, 0, 0)),
}


def _totals_table(game: Game, state: State, res: HandResult) -> str | None:
    """Each player adds his hand score (cards, last trick, combinations, bella) to his total."""
    for p, g in enumerate(res.game_points):
        if g < 0 or g != res.points[p]:
            return f"seat {p} adds {g} to his total with a hand score of {res.points[p]}"
    return None


def _pack_points(game: Game) -> int:
    return 152 if getattr(game.options, "values", "seed") == "klaberjass" else 140


class Terts(Game):
    id = "terts"
    name = "Terts"
    rule_page = "terts.md"
    fuzz_spec = GameSpec(_totals_table, {"target": (100, 600)}, _pack_points, marriage_melds=False)
    Options = TertsOptions
    n_seats = 2
    options: TertsOptions
    score_unit = "point"
    value_scale = 60.0
    """A hand's score is its card and combination points (about 150 to share), and the match is
    a race to 501: a search values every point of the lead, not only the hand's winner."""

    def make_fast_path(self) -> FastPath:
        # Not solved from the kernel by default: its last four tricks solved cost 40% of the
        # iterations and were worth nothing even at equal iterations (docs/master.md). An open
        # view is solved whole once the stock is gone (nine cards a side), where a search's
        # playouts are no value at all (docs/master.md, "How exact the values are").
        return FastPath(f"{__package__}.kernel", exact_cards=18)

    def make_rules(self) -> Rules:
        o = self.options
        plain, trumps = _VALUES[o.values]
        return Rules(
            n_seats=2, sides=(0, 1), pack=PACK_32, values_by_rank=plain,
            trump_order=TRUMP_ORDER, trump_values=trumps, hand_size=9, stock=True,
            phase1_follow=FREE if o.phase1_follow == "free" else FOLLOW_OR_TRUMP,
            phase2_follow=STRICT2,
            exchange_rank=SEVEN, exchange_needs_trick=False, exchange_any_time=True,
            exchange_min_facedown=1, exchange_on_close="none",
            marriages=False, marriage_needs_trick=o.melds_need_trick,
            close_allowed=False, claims=False, last_trick_bonus=10,
            trump_jack_free=o.trump_jack_free,
            exchange_from_trick=0 if o.dix_before_first_trick else 1,
            combinations=True, loser_side_extra=o.loser_side_extra,
        )

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        """Three packets of three to each, non-dealer first; the next card is turned up and the
        13 after it are the face-down stock (rules/terts.md#cards-and-deal)."""
        order = ((dealer + 1) % 2, dealer)
        hands: list[list[int]] = [[], []]
        i = 0
        for _ in range(3):
            for p in order:
                hands[p] += deck[i:i + 3]
                i += 3
        return Deal(hands=(tuple(hands[0]), tuple(hands[1])), turnup=deck[i],
                    stock=tuple(deck[i + 1:]))

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        """Each player's hand score goes to his running total."""
        return tuple(state.points)

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        pts = state.points
        last = state.leader  # the winner of the last trick
        top = max(pts)
        winners = tuple(p for p in (0, 1) if pts[p] == top) if pts[0] != pts[1] else ()
        melds = state.melds
        detail = (f"{pts[0]}–{pts[1]} (combinations and bella {melds[0]}–{melds[1]}; last trick "
                  f"to seat {last})")
        if any(state.pending):
            detail += "; melds of a player without a trick are void"
        return make_result(state, HandEnd.PLAYED_OUT, winners, list(pts), detail)

    def settle(self, match: Match, result: HandResult) -> None:
        """Running totals; the last trick's winner leads the next hand (``next_leader``); the
        match ends at the end of a hand in which someone reached ``target``."""
        o = self.options
        for p, g in enumerate(result.game_points):
            match.score[p] += g
        assert match.hand is not None
        last = match.hand.leader
        match.dealer = last if o.next_leader == "last_trick_winner_deals" else 1 - last
        score = match.score
        if max(score) < o.target:
            return
        if score[0] != score[1]:
            match.complete = True
            match.winner = [0 if score[0] > score[1] else 1]
        elif o.tie_break == "last_trick_winner":
            match.complete = True
            match.winner = [last]
        # play_on: an exact tie at or above the target means another hand is played.
