"""Dreierschnapsen's options, contracts, scoring and match (rules/dreierschnapsen.md).

A hand goes through its phases as data (``rules.phases``): forehand names trumps from his first
three cards or turns up his fourth, the auction of Bauernschnapsen's ten contracts (forehand
opens and may not pass; priority F > M > D), doubling, the declarer's talon, then play. Whoever
wins the auction plays alone against the other two, who are one side for the hand: each
contract carries its play rules for each seat that may declare it, with that seat alone on its
side. Strict play from the first trick; six tricks. A contract made scores its value to the
declarer, a contract failed the same to each defender.

>>> g = Dreierschnapsen()
>>> g.rules.pack_size, g.rules.hand_size, g.n_seats
(20, 6, 3)
>>> [(c.name, c.value) for c in g.contracts][::3]
[('normal', 1), ('gang', 9), ('bauernschnapser', 12), ('herrenschnapser', 24)]
>>> [g.contracts[i].name for i in g.biddable[0]]  # forehand's
['normal', 'bettler', 'schnapser', 'gang', 'zehnergang', 'bauernschnapser', 'herrenschnapser']
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, TypedDict, cast

from ...engine.contract import LEAD_DECLARER, LEAD_FOREHAND, Contract
from ...engine.ends import ContractEnd, HandEnd
from ...engine.invariants import GameSpec, counts_down, natural_120
from ...engine.phases import PH_CONTRACTS, PH_DOUBLING, PH_TALON, PH_TRUMP
from ...engine.rules import Rules
from ...engine.state import Deal, HandResult, State
from ..base import grade
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
from . import talon as _talon_phase  # registers PH_TALON
from .options import DreierschnapsenOptions

if TYPE_CHECKING:
    from ...engine.match import Match

__all__ = ["Dreierschnapsen", "DreierschnapsenOptions", "F", "M", "D"]

_PHASE_MODULES = (_talon_phase,)

F, M, D = 1, 2, 4
"""Position masks, by place after the dealer: forehand (the Rufer), middlehand, the dealer
(rules/dreierschnapsen.md#cards-and-deal)."""
ANY = F | M | D

_BIDDERS = {  # rules/dreierschnapsen.md#the-auction
    "normal": F, "bettler": ANY, "schnapser": F, "gang": ANY, "zehnergang": ANY,
    "kontraschnapser": M | D, "bauernschnapser": F, "farbengang": M | D,
    "kontrabauernschnapser": M | D, "herrenschnapser": F}
"""Who may bid each contract of the ladder, by position."""

_KONTRA = frozenset({"kontraschnapser", "kontrabauernschnapser"})
"""Bid by the dealer's side against forehand's trumps (``kontra_by``)."""


class Dreierschnapsen(LadderGame):
    id = "dreierschnapsen"
    name = "Dreierschnapsen"
    rule_page = "dreierschnapsen.md"
    fuzz_spec = GameSpec(paid_contract_value, {"target": (6, 30)}, natural_120,
                         counts_down("score_direction", "down"))
    Options = DreierschnapsenOptions
    n_seats = 3
    options: DreierschnapsenOptions

    def make_rules(self) -> Rules:
        phases = (PH_TRUMP, PH_CONTRACTS, PH_DOUBLING) + (
            (PH_TALON,) if self.options.talon != "none" else ())
        # Each contract's rules put the declarer alone on his side (``_contract``).
        return self.ladder_rules(sides=(0, 1, 2), hand_size=6, phases=phases)

    def _contract(self, index: int, base: Rules) -> Contract:
        o = self.options
        name = LADDER[index].name
        by_seat = []
        for seat in range(3):
            # The declarer alone on his side (numbered by his seat, as the auction looks his
            # rules up), the two defenders on one other.
            sides = tuple(seat if p == seat else (seat + 1) % 3 for p in range(3))
            by_seat.append(contract_rules(dataclasses.replace(base, sides=sides), index,
                                          -1 if o.enough_by_defenders else seat))
        bidders = D if name in _KONTRA and o.kontra_by == "dealer" else _BIDDERS[name]
        # With a talon the declarer acts first after the doubling; the talon phase then hands
        # the lead to forehand where the contract says so (``first_leader``).
        lead = LEAD_DECLARER if o.talon != "none" else None
        return contract(index, tuple(by_seat), bidders=bidders, lead=lead)

    def first_leader(self, s: State) -> int:
        """Who leads the first trick of the contract in force: forehand in the trump contracts,
        the declarer in the others (rules/dreierschnapsen.md#play)."""
        c = s.contract
        assert c is not None, "the lead is given once the contract is set"
        return (s.dealer + 1) % 3 if LADDER[c.index].lead == LEAD_FOREHAND else s.declarer

    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        # Three each from the dealer's left, two to the talon, three each again: each hand lists
        # its cards in dealt order, so forehand's fourth is the card he would turn.
        order = [(dealer + k) % 3 for k in (1, 2, 3)]
        hands: list[list[int]] = [[], [], []]
        for i, p in enumerate(order):
            hands[p] += deck[3 * i:3 * i + 3] + deck[11 + 3 * i:14 + 3 * i]
        return Deal(hands=tuple(tuple(h) for h in hands), turnup=None, stock=tuple(deck[9:11]))

    def check_deal(self, deal: Deal, dealer: int, active: tuple[int, ...]) -> None:
        if len(deal.stock) != 2:
            raise ValueError("Dreierschnapsen deals a talon of two cards: the stock must hold 2")
        super().check_deal(deal, dealer, active)

    def trick_ends_hand(self, state: State) -> bool:
        c = state.contract
        if c is None:
            return False
        # Six tricks end the hand even where the declarer, who took the talon, has two cards left.
        return state.trick_no >= state.rules.hand_size or c.decide(state) is not None

    # ------------------------------------------------------------------ scoring

    def _outcome(self, s: State, claimant: int | None) -> tuple[int, int, HandEnd | ContractEnd, str]:
        """(a seat of the winning side, game points before doubling, end, detail)."""
        c = s.contract
        assert c is not None, "a hand ends only once its contract is set"
        sides = s.rules.sides
        pts, tr = s.points, s.tricks
        d = s.declarer
        defender = (d + 1) % 3
        if c.index == NORMAL:
            if claimant is not None:
                cs = sides[claimant]
                other = defender if cs == sides[d] else d
                os_ = sides[other]
                if pts[cs] >= 66:
                    g = grade(pts[os_], tr[os_])
                    return claimant, g, HandEnd.GENUG, (f"Genug with {pts[cs]}; the other side had "
                                                  f"{pts[os_]} points and {tr[os_]} tricks: {g}")
                g = grade(pts[cs], tr[cs]) if self.options.false_enough == "graded" else 2
                return other, g, HandEnd.FALSE_GENUG, (f"Genug claimed with only {pts[cs]} points "
                                                 f"({tr[cs]} tricks): the other side scores {g}")
            return s.leader, 1, HandEnd.LAST_TRICK, "nobody claimed Genug: the last trick wins 1"
        if c.decide(s):
            return d, c.value, c.end(True), f"{c.name} made: {c.value}"
        return defender, c.value, c.end(False), \
            f"{c.name} failed: {c.value} to each defender"

    # ------------------------------------------------------------------ match

    def settle(self, match: Match, result: HandResult) -> None:
        """First player to ``target`` game points (rules/dreierschnapsen.md#the-match); both
        defenders when they reach it together. The Bummerl, Schneider or Retourschneider of the
        player with the fewest points goes to ``match.extra`` (not part of the replay result)."""
        o = self.options
        notes = cast(DreierschnapsenNotes, match.extra)  # this game's own names (below)
        won = notes.setdefault("won", [0, 0, 0])
        nil_while_near = notes.setdefault("nil_while_near", [0, 0, 0])
        for p in range(3):
            won[p] += result.game_points[p]
        for p in range(3):
            if won[p] >= o.target - 1:
                for q in range(3):
                    if won[q] == 0:
                        nil_while_near[p] |= 1 << q
        for p in range(3):
            match.score[p] = won[p] if o.score_direction == "up" else o.target - won[p]
        match.dealer = (match.dealer + 1) % 3
        winners = [p for p in range(3) if won[p] >= o.target]
        if not winners:
            return
        match.complete = True
        match.winner = winners
        # The Bummerl goes to the loser, the one with the fewest game points (both, if two tie).
        others = [p for p in range(3) if p not in winners]
        low = min(won[p] for p in others)
        losers = [p for p in others if won[p] == low]
        kind: BummerlKind
        if o.retourschneider and all(
                any((nil_while_near[p] >> w) & 1 for w in winners) for p in losers):
            kind, count = "Retourschneider", 4
        elif low == 0:
            kind, count = "Schneider", 2
        else:
            kind, count = "Bummerl", 1
        notes["bummerl"] = {"seats": losers, "kind": kind, "count": count}


class DreierschnapsenNotes(TypedDict, total=False):
    """What Dreierschnapsen notes of a match (``Match.extra``)."""

    won: list[int]
    """Game points won by each seat."""
    nil_while_near: list[int]
    """Per seat, a mask of the seats that had no point while it stood one short of the target
    (their Retourschneider if it wins)."""
    bummerl: Bummerl
