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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import PACK_20, SUIT_MASK
from ...engine.contract import LEAD_DECLARER, LEAD_FOREHAND, Contract
from ...engine.ends import HandEnd
from ...engine.invariants import GameSpec, counts_down, natural_120, side_values
from ...engine.phases import PH_CONTRACTS, PH_DOUBLING, PH_TALON, PH_TRUMP
from ...engine.rules import STRICT_MULTI, Rules
from ...engine.state import Deal, HandResult, State
from ...errors import OptionError
from ..base import Game, grade, make_result
from . import talon as _talon_phase  # registers PH_TALON
from .options import DreierschnapsenOptions

if TYPE_CHECKING:
    from ...engine.match import Match
    from ...engine.view import View

__all__ = ["Dreierschnapsen", "DreierschnapsenOptions", "F", "M", "D"]

_PHASE_MODULES = (_talon_phase,)

F, M, D = 1, 2, 4
"""Position masks, by place after the dealer: forehand (the Rufer), middlehand, the dealer
(rules/dreierschnapsen.md#cards-and-deal)."""
ANY = F | M | D

TRICKS = 6
"""Tricks in a hand: six cards each (the declarer's two left over from the talon never play)."""

ZEHNER_ORDER = (1, 2, 3, 4, 0)
"""Zehnergang's rank order, by rank index from the highest: T K Q J A."""

NORMAL = 0


# ---------------------------------------------------------------------- when a contract is decided

def _sides(s: State) -> tuple[int, int]:
    """(the declarer's side, the defenders' side) under the contract's rules."""
    sides = s.rules.sides
    return sides[s.declarer], sides[(s.declarer + 1) % 3]


def _open(s: State) -> bool | None:
    """The Normal game: decided by a claim or the last trick, never early."""
    return None


def _bettler(s: State) -> bool | None:
    """The declarer takes no trick: fails at his first trick, made after the sixth."""
    d, _ = _sides(s)
    if s.tricks[d]:
        return False
    return True if s.trick_no == TRICKS else None


def _schnapser(s: State) -> bool | None:
    """Every trick played and 66 credited points within the first three."""
    d, o = _sides(s)
    if s.tricks[o]:
        return False
    if s.points[d] >= 66:
        return True
    return False if s.trick_no >= 3 else None


def _all_tricks(s: State) -> bool | None:
    """Gang, Zehnergang, Bauernschnapser, Kontrabauernschnapser: all six tricks."""
    _, o = _sides(s)
    if s.tricks[o]:
        return False
    return True if s.trick_no == TRICKS else None


def _one_suit(s: State) -> bool | None:
    """Farbengang: five of the declarer's six cards are one whole suit."""
    hand = s.hands[s.declarer]
    return any((hand & SUIT_MASK[t]).bit_count() == 5 for t in range(4))


def _all_trumps(s: State) -> bool | None:
    """Herrenschnapser: the declarer holds all five trumps."""
    return s.trump >= 0 and (s.hands[s.declarer] & SUIT_MASK[s.trump]).bit_count() == 5


@dataclass(frozen=True)
class _Row:
    name: str
    value: int
    bidders: int
    trumps: bool
    lead: int
    shown: bool
    decide: Callable[[State], bool | None]
    kontra: bool = False
    """Bid by the dealer's side against forehand's trumps (``kontra_by``)."""


_LADDER = (  # rules/dreierschnapsen.md#the-auction, lowest first: Bauernschnapsen's names, so
             # that ``bid NAME`` is the same action in both games
    _Row("normal", 1, F, True, LEAD_FOREHAND, False, _open),
    _Row("bettler", 4, ANY, False, LEAD_DECLARER, False, _bettler),
    _Row("schnapser", 6, F, True, LEAD_FOREHAND, False, _schnapser),
    _Row("gang", 9, ANY, False, LEAD_DECLARER, False, _all_tricks),
    _Row("zehnergang", 10, ANY, False, LEAD_DECLARER, False, _all_tricks),
    _Row("kontraschnapser", 12, M | D, True, LEAD_FOREHAND, False, _schnapser, True),
    _Row("bauernschnapser", 12, F, True, LEAD_FOREHAND, False, _all_tricks),
    _Row("farbengang", 18, M | D, False, LEAD_FOREHAND, True, _one_suit),
    _Row("kontrabauernschnapser", 24, M | D, True, LEAD_FOREHAND, False, _all_tricks, True),
    _Row("herrenschnapser", 24, F, True, LEAD_FOREHAND, True, _all_trumps),
)


_VALUES = (1, 2, 3, 4, 6, 9, 10, 12, 18, 24)
"""Every contract's value, the Normal game's 1–3 included."""


def _contracts_table(game: Game, state: State, res: HandResult) -> str | None:
    """The declarer, or each defender alike, scores a contract's value times 1, 2, 4 or 8
    (rules/dreierschnapsen.md#payment)."""
    gp = res.game_points
    bad = side_values(state, gp)
    if bad:
        return bad
    scoring = {state.rules.sides[p] for p, g in enumerate(gp) if g}
    if len(scoring) > 1:
        return f"both sides score: {list(gp)}"
    allowed = {v * f for v in _VALUES for f in (1, 2, 4, 8)}
    if any(g and g not in allowed for g in gp):
        return f"game points {list(gp)} are no contract value times a doubling"
    return None


class Dreierschnapsen(Game):
    id = "dreierschnapsen"
    name = "Dreierschnapsen"
    rule_page = "dreierschnapsen.md"
    fuzz_spec = GameSpec(_contracts_table, {"target": (6, 30)}, natural_120,
                         counts_down("score_direction", "down"))
    Options = DreierschnapsenOptions
    n_seats = 3
    options: DreierschnapsenOptions

    def make_rules(self) -> Rules:
        o = self.options
        if o.target < 1:
            raise OptionError("option 'target' takes a whole number of at least 1")
        phases = (PH_TRUMP, PH_CONTRACTS, PH_DOUBLING) + (
            (PH_TALON,) if o.talon != "none" else ())
        base = Rules(
            n_seats=3, sides=(0, 1, 2), pack=PACK_20, hand_size=6, stock=False,
            phase1_follow=STRICT_MULTI, phase2_follow=STRICT_MULTI,
            must_beat_partner=o.must_beat_partner, must_trump_when_cannot_overtrump=True,
            marriages=True, marriage_credit="any_later_trick", marriage_needs_trick=True,
            show_marriage_to_go_out=True, claims=False, claim_timing="after_trick_or_meld",
            claim_target=66, last_trick_bonus=0, trump_choice=True, trump_must_be_held=True,
            first_packet=3, trick_hook=True, phases=phases,
            first_trick_visible=o.first_trick_visible,
        )
        self.contracts = tuple(self._contract(i, row, base) for i, row in enumerate(_LADDER))
        return base

    def _contract(self, index: int, row: _Row, base: Rules) -> Contract:
        o = self.options
        by_seat = []
        for seat in range(3):
            # The declarer alone on his side (numbered by his seat, as the auction looks his
            # rules up), the two defenders on one other.
            sides = tuple(seat if p == seat else (seat + 1) % 3 for p in range(3))
            rules = dataclasses.replace(base, sides=sides)
            if index == NORMAL:
                rules = dataclasses.replace(
                    rules, claims=True, claim_side=-1 if o.enough_by_defenders else seat)
            elif not row.trumps:
                rules = dataclasses.replace(rules, marriages=False, rank_order=(
                    ZEHNER_ORDER if row.name == "zehnergang" else None))
            by_seat.append(rules)
        bidders = D if row.kontra and o.kontra_by == "dealer" else row.bidders
        # With a talon the declarer acts first after the doubling; the talon phase then hands
        # the lead to forehand where the contract says so (``first_leader``).
        lead = LEAD_DECLARER if o.talon != "none" else row.lead
        return Contract(index=index, name=row.name, value=row.value, bidders=bidders,
                        trumps=row.trumps, solo=False, lead=lead, shown=row.shown,
                        doubling=not row.shown, rules=tuple(by_seat), decide=row.decide,
                        misere=row.decide is _bettler,
                        all_tricks=row.decide in (_schnapser, _all_tricks))

    def first_leader(self, s: State) -> int:
        """Who leads the first trick of the contract in force: forehand in the trump contracts,
        the declarer in the others (rules/dreierschnapsen.md#play)."""
        c = s.contract
        assert c is not None, "the lead is given once the contract is set"
        return (s.dealer + 1) % 3 if _LADDER[c.index].lead == LEAD_FOREHAND else s.declarer

    def false_claim_cost(self, view: View, points: int) -> int:
        """In the Normal game 3, 2 or 1 on the claimant side's own count (or 2: ``false_enough``),
        times the doubling, to each of the other side."""
        tricks = view.tricks[(view.rules or self.rules).sides[view.seat]]
        graded = self.options.false_enough == "graded"
        return (grade(points, tricks) if graded else 2) * view.factor

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

    def initial_score(self) -> list[int]:
        o = self.options
        return [o.target if o.score_direction == "down" else 0] * 3

    def trick_ends_hand(self, state: State) -> bool:
        c = state.contract
        if c is None:
            return False
        # Six tricks end the hand even where the declarer, who took the talon, has two cards left.
        return state.trick_no >= TRICKS or c.decide(state) is not None

    # ------------------------------------------------------------------ scoring

    def _outcome(self, s: State, claimant: int | None) -> tuple[int, int, str, str]:
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
            return d, c.value, f"{c.name} made", f"{c.name} made: {c.value}"
        return defender, c.value, f"{c.name} failed", \
            f"{c.name} failed: {c.value} to each defender"

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        seat, g, _, _ = self._outcome(state, claimant)
        sides = state.rules.sides
        g *= state.factor
        return [g if sides[p] == sides[seat] else 0 for p in range(3)]

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        seat, g, end, detail = self._outcome(state, claimant)
        if state.factor > 1:
            word = {2: "kontra", 4: "rekontra", 8: "subkontra"}[state.factor]
            detail += f", x{state.factor} ({word}) = {g * state.factor}"
            g *= state.factor
        # One seat of the winning side: make_result gives each seat of a side the side's value.
        return make_result(state, end, (seat,), [g if p == seat else 0 for p in range(3)],
                           detail)

    # ------------------------------------------------------------------ match

    def settle(self, match: Match, result: HandResult) -> None:
        """First player to ``target`` game points (rules/dreierschnapsen.md#the-match); both
        defenders when they reach it together. The Bummerl, Schneider or Retourschneider of the
        player with the fewest points goes to ``match.extra`` (not part of the replay result)."""
        o = self.options
        won = match.extra.setdefault("won", [0, 0, 0])
        # Per seat, a mask of the seats that had no point while it stood one short of target.
        nil_while_near = match.extra.setdefault("nil_while_near", [0, 0, 0])
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
        if o.retourschneider and all(
                any((nil_while_near[p] >> w) & 1 for w in winners) for p in losers):
            kind, count = "Retourschneider", 4
        elif low == 0:
            kind, count = "Schneider", 2
        else:
            kind, count = "Bummerl", 1
        match.extra["bummerl"] = {"seats": losers, "kind": kind, "count": count}
