"""Three-Player Sixty-Six: all three play, 8 cards each, for chips — rules/three-player.md.

Packets of 3, 2, 3 from the dealer's left; forehand names trumps from his first three cards, or
turns the first card of his 2-card packet (records.md: his fourth listed card). No stock: strict
three-player play from the first trick, marriages by the leader, last trick 10, no claims. The
top scorer collects 1/2/3 chips from each other player by that player's count; a fixed number of
hands is played and the most chips win.

>>> g = ThreePlayerSixtySix()
>>> g.rules.hand_size, g.rules.stock, g.rules.trump_choice, g.initial_score()
(8, False, True, [20, 20, 20])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import PACK_24
from ...engine.ends import HandEnd
from ...engine.fastpath import MULTI, FastPath
from ...engine.invariants import GameSpec, natural_120
from ...engine.rules import STRICT_MULTI, Rules
from ...engine.state import Deal, HandResult, State
from ..base import Game, grade, make_result
from ..dealing import deal_packets
from .options import ThreePlayerOptions

if TYPE_CHECKING:
    from ...engine.match import Match

__all__ = ["ThreePlayerSixtySix"]


def _chips_table(game: Game, state: State, res: HandResult) -> str | None:
    """Chips: each other player pays each top scorer 1, 2 or 3 (rules/three-player.md#settlement);
    none on a tie under 'no_payment'. Chips are conserved."""
    gp = res.game_points
    if sum(gp) != 0:
        return f"chips are not conserved: {list(gp)}"
    top = set(res.winners)
    if not top:
        return None if not any(gp) else f"a tie without payment moves chips: {list(gp)}"
    payers = 3 - len(top)
    for p, g in enumerate(gp):
        lo, hi = (payers, 3 * payers) if p in top else (-3 * len(top), -len(top))
        if not lo <= g <= hi:
            return f"seat {p} {'collects' if p in top else 'pays'} {abs(g)} chips: {list(gp)}"
    return None


class ThreePlayerSixtySix(Game):
    id = "three-player-sixty-six"
    name = "Three-Player Sixty-Six"
    rule_page = "three-player.md"
    score_unit = "chip"
    fuzz_spec = GameSpec(_chips_table, {"hands": (1, 12), "starting_chips": (0, 30)}, natural_120)
    Options = ThreePlayerOptions
    n_seats = 3
    options: ThreePlayerOptions

    def make_fast_path(self) -> FastPath:
        return FastPath(MULTI, scoring="chips", tie_split=self.options.tie_rule == "split")

    def make_rules(self) -> Rules:
        o = self.options
        return Rules(
            n_seats=3, sides=(0, 1, 2), pack=PACK_24, hand_size=8, stock=False,
            phase1_follow=STRICT_MULTI, phase2_follow=STRICT_MULTI,
            marriages=True, marriage_credit="any_later_trick",
            marriage_needs_trick=o.marriage_needs_trick,
            claims=False, last_trick_bonus=10,
            trump_choice=True, trump_must_be_held=o.trump_must_be_held, first_packet=3,
        )

    def initial_score(self) -> list[int]:
        return [self.options.starting_chips] * self.n_seats

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        hands = deal_packets(deck, dealer, self.n_seats, (3, 2, 3))
        return Deal(hands=hands, turnup=None, stock=())

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        """Chips per payer (rules/three-player.md#settlement): the top scorer collects 1, 2 or 3 from each
        other."""
        top, chips, payments = self._chips(state)
        pts, tr = state.points, state.tricks
        best = max(pts)
        if not top:
            return make_result(state, HandEnd.TIE, (), chips, f"tie at {best}: no chips change hands")
        if best < 33:
            # Seed 002's guard; unreachable with 130+ points among three, kept as the seed says.
            return make_result(state, HandEnd.PLAYED_OUT, top, chips,
                               f"top score {best} is below 33: nobody collects")
        return make_result(state, HandEnd.PLAYED_OUT, top, chips, "; ".join(
            f"seat {p} ({pts[p]} points, {tr[p]} tricks) pays seat {w} {pay}"
            for w, p, pay in payments))

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        return self._chips(state)[1]

    def _chips(self, state: State) -> tuple[tuple[int, ...], list[int], list[tuple[int, int, int]]]:
        """The top scorers (none for a tie under ``no_payment``), the chips each seat wins or
        pays, and each payment as (payee, payer, chips): what ``score_hand`` words, and what
        search reads without the words."""
        pts = state.points
        best = max(pts)
        top = tuple(p for p in range(3) if pts[p] == best)
        chips = [0, 0, 0]
        if len(top) > 1 and self.options.tie_rule == "no_payment":
            return (), chips, []
        payments = []
        if best >= 33:
            for w in top:
                for p in range(3):
                    if p not in top:
                        pay = grade(pts[p], state.tricks[p])
                        chips[w] += pay
                        chips[p] -= pay
                        payments.append((w, p, pay))
        return top, chips, payments

    def settle(self, match: Match, result: HandResult) -> None:
        for p, g in enumerate(result.game_points):
            match.score[p] += g
        match.dealer = (match.dealer + 1) % 3
        if len(match.results) >= self.options.hands:
            match.complete = True
            best = max(match.score)
            match.winner = [p for p in range(3) if match.score[p] == best]


