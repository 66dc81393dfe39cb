"""Bauernschnapsen: four players in two partnerships, 20 cards, an auction of contracts —
rules/bauernschnapsen.md.

A hand goes through its phases as data (``rules.phases``): the dealer's right chooses ``cut`` or
``knock`` (skipped without ``allow_knock_deal``), forehand names trumps from his first three
cards or turns up his fourth, the auction of the ten contracts (forehand opens and may not pass;
priority F > P > R > D lets a seat hold at the rank of a lower-priority bid), doubling (kontra,
rekontra, subkontra), then play. Each contract is a row of data (``engine/contract.py``): who may
bid it, trumps or none, the rank order, whether the declarer plays alone (his partner lays his
cards face down and sits out, and tricks have three cards), who leads, when the result is certain
(the hand stops there), and its value. Strict play from the first trick. In the Normal game the
first side to claim "Genug" with 66 wins 1/2/3; a false claim gives the opponents 1/2/3 graded on
the claimant's own count; played out, the last trick wins 1. The first side to 24 wins the match.

>>> g = Bauernschnapsen()
>>> g.rules.pack_size, g.rules.hand_size, [c.name for c in g.contracts][:3]
(20, 5, ['normal', 'bettler', 'schnapser'])
>>> [c.value for c in g.contracts]
[1, 4, 6, 9, 10, 12, 12, 18, 24, 24]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict, cast

from ...engine.contract import Contract
from ...engine.ends import ContractEnd, HandEnd
from ...engine.fastpath import FastPath
from ...engine.invariants import GameSpec, counts_down, natural_120
from ...engine.phases import PH_CONTRACTS, PH_DEAL_CHOICE, PH_DOUBLING, PH_TRUMP
from ...engine.rules import Rules
from ...engine.state import Deal, HandResult, State
from ..base import Game, grade
from ..contract_ladder import (
    LADDER,
    NORMAL,
    Bummerl,
    BummerlKind,
    LadderGame,
    contract,
    contract_rules,
    paid_contract_value,
)
from ..dealing import deal_packets
from .options import BauernschnapsenOptions

if TYPE_CHECKING:
    from ...engine.match import Match

__all__ = ["Bauernschnapsen", "BauernschnapsenOptions", "F", "P", "R", "D"]

F, P, R, D = 1, 2, 4, 8
"""Position masks, by place after the dealer: forehand, the dealer's partner, forehand's partner,
the dealer (rules/bauernschnapsen.md#cards-and-deal)."""
ANY = F | P | R | D

_BIDDERS = {  # rules/bauernschnapsen.md#the-auction
    "normal": F, "bettler": ANY, "schnapser": F | R, "gang": ANY, "zehnergang": ANY,
    "kontraschnapser": D | P, "bauernschnapser": F | R, "farbengang": P | R | D,
    "kontrabauernschnapser": D | P, "herrenschnapser": F}
"""Who may bid each contract of the ladder, by position."""

_SOLO = frozenset({"bettler", "gang", "zehnergang"})
"""The contracts the declarer plays alone: his partner lays his cards down and sits out."""

_TRUMP_PARTNERSHIP = frozenset({"schnapser", "kontraschnapser", "bauernschnapser",
                                "kontrabauernschnapser"})
"""The partnership trump contracts, played alone under ``trump_contracts_solo``."""


def _partner_open(game: Game) -> bool:
    return bool(getattr(game.options, "solo_partner_open", False))


class Bauernschnapsen(LadderGame):
    id = "bauernschnapsen"
    name = "Bauernschnapsen"
    rule_page = "bauernschnapsen.md"
    # The solo partner's cards lie face down (rules/bauernschnapsen.md#the-auction); face up under
    # the [R] option solo_partner_open, they are shown without being named.
    fuzz_spec = GameSpec(paid_contract_value, {"target": (6, 30)}, natural_120,
                         counts_down("score_direction", "down"), unnamed_reveals=_partner_open)
    Options = BauernschnapsenOptions
    n_seats = 4
    options: BauernschnapsenOptions

    def make_fast_path(self) -> FastPath:
        return FastPath(f"{__package__}.kernel", false_enough_flat=self.options.false_enough == "flat2")

    def make_rules(self) -> Rules:
        phases = ((PH_DEAL_CHOICE,) if self.options.allow_knock_deal else ()) + (
            PH_TRUMP, PH_CONTRACTS, PH_DOUBLING)
        return self.ladder_rules(sides=(0, 1, 0, 1), hand_size=5, phases=phases)

    def _contract(self, index: int, base: Rules) -> Contract:
        o = self.options
        name = LADDER[index].name
        # The contract's rules by the declarer's side: the Normal game's claims by his side alone
        # unless the defenders may claim too.
        rules = tuple(contract_rules(base, index, -1 if o.enough_by_defenders else side)
                      for side in (0, 1))
        solo = name in _SOLO or (name in _TRUMP_PARTNERSHIP and o.trump_contracts_solo)
        return contract(index, rules, bidders=_BIDDERS[name], solo=solo,
                        partner_open=solo and o.solo_partner_open)

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        # Three each from the dealer's left, then two each: forehand's first three listed cards
        # are his first packet and his fourth the card he would turn (records.md §3). Cut and
        # knock deal the same cards in the same places.
        return Deal(hands=deal_packets(deck, dealer, 4, (3, 2)), turnup=None, stock=())

    def check_deal(self, deal: Deal, dealer: int, active: tuple[int, ...]) -> None:
        super().check_deal(deal, dealer, active)
        if deal.turnup is not None:
            raise ValueError("Bauernschnapsen has no turn-up card: forehand names trumps")
        if deal.stock:
            raise ValueError("Bauernschnapsen deals every card: the stock must be empty")

    def trick_ends_hand(self, state: State) -> bool:
        c = state.contract
        return c is not None and c.decide(state) is not None

    # ------------------------------------------------------------------ scoring

    def _outcome(self, s: State, claimant: int | None) -> tuple[int, int, HandEnd | ContractEnd, str]:
        """(the winning side, game points before doubling, end, detail) of the finished hand: the
        side's number is a seat of it, as seats 0 and 1 sit on sides 0 and 1."""
        c = s.contract
        assert c is not None, "a hand ends only once its contract is set"
        sides = s.rules.sides
        pts, tr = s.points, s.tricks
        if c.index == NORMAL:
            if claimant is not None:
                cs = sides[claimant]
                os = 1 - cs
                if pts[cs] >= 66:
                    g = grade(pts[os], tr[os])
                    return cs, g, HandEnd.GENUG, (f"Genug with {pts[cs]}; the opponents had "
                                            f"{pts[os]} points and {tr[os]} tricks: {g}")
                g = grade(pts[cs], tr[cs]) if self.options.false_enough == "graded" else 2
                return os, g, HandEnd.FALSE_GENUG, (f"Genug claimed with only {pts[cs]} points "
                                              f"({tr[cs]} tricks): the opponents score {g}")
            last = sides[s.leader]
            return last, 1, HandEnd.LAST_TRICK, "nobody claimed Genug: the last trick wins 1"
        made = c.decide(s)
        d = sides[s.declarer]
        if made:
            return d, c.value, c.end(True), f"{c.name} made: {c.value}"
        return 1 - d, c.value, c.end(False), f"{c.name} failed: {c.value} to the opponents"

    # ------------------------------------------------------------------ match

    def settle(self, match: Match, result: HandResult) -> None:
        """First side to ``target`` game points (rules/bauernschnapsen.md#the-match). Bummerl, Schneider and
        Retourschneider go to ``match.extra`` (not part of the replay result)."""
        o = self.options
        notes = cast(BauernschnapsenNotes, match.extra)  # this game's own names (below)
        won = notes.setdefault("won", [0, 0])
        led = notes.setdefault("led_to_nil", [False, False])
        for side in (0, 1):
            won[side] += result.game_points[side]
        for side in (0, 1):
            if won[side] >= o.target - 1 and won[1 - side] == 0:
                led[side] = True  # led 23-0 (target - 1 to nothing)
        for p in range(4):
            match.score[p] = (won[p % 2] if o.score_direction == "up"
                              else o.target - won[p % 2])
        match.dealer = (match.dealer + 1) % 4
        winner = next((side for side in (0, 1) if won[side] >= o.target), -1)
        if winner < 0:
            return
        match.complete = True
        match.winner = [winner, winner + 2]
        loser = 1 - winner
        kind: BummerlKind
        if o.retourschneider and led[loser]:
            kind, count = "Retourschneider", 4
        elif won[loser] == 0:
            kind, count = "Schneider", 2
        else:
            kind, count = "Bummerl", 1
        notes["bummerl"] = {"seats": [loser, loser + 2], "kind": kind, "count": count}


class BauernschnapsenNotes(TypedDict, total=False):
    """What Bauernschnapsen notes of a match (``Match.extra``)."""

    won: list[int]
    """Game points won by each side (seats 0 and 2, 1 and 3)."""
    led_to_nil: list[bool]
    """Per side: it once stood one short of the target while the other had nothing (a
    Retourschneider if it then loses)."""
    bummerl: Bummerl
