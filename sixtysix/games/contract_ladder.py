"""The ladder of ten contracts that the 20-card auction games share (rules/bauernschnapsen.md#the-auction,
rules/dreierschnapsen.md#the-auction): their names, values, trumps, leads, when each is decided,
the play rules each puts in force, and the values a hand may pay.

What the games choose themselves is data of their own package: who may bid each contract (their
seats have other names), who plays alone, and what their options change. Every ``decide`` reads
the declarer's side and the defenders' from the contract's rules, and the number of tricks from
the cards dealt to each seat, so a four-seat game of partnerships and a three-seat game of one
against two ask the same questions.

>>> [row.name for row in LADDER][:3], [row.value for row in LADDER][-2:]
(['normal', 'bettler', 'schnapser'], [24, 24])
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict

from ..cards import PACK_20, SUIT_MASK
from ..engine.contract import LEAD_DECLARER, LEAD_FOREHAND, Contract
from ..engine.ends import ContractEnd, HandEnd
from ..engine.invariants import side_values
from ..engine.rules import STRICT_MULTI, Rules
from ..errors import OptionError
from .base import Game, grade, make_result

if TYPE_CHECKING:
    from ..engine.state import HandResult, State
    from ..engine.view import View

__all__ = ["Bummerl", "BummerlKind", "LADDER", "NORMAL", "VALUES", "LadderGame", "Row", "contract",
           "contract_rules", "paid_contract_value"]


BummerlKind = Literal["Bummerl", "Schneider", "Retourschneider"]


class Bummerl(TypedDict):
    """Who lost the match and how badly (``match.extra["bummerl"]`` once it is over): the losing
    seats, and 'Bummerl' (1), 'Schneider' (2, the loser had no game point) or 'Retourschneider'
    (4, he had led to nothing)."""

    seats: list[int]
    kind: BummerlKind
    count: int

NORMAL = 0
"""The Normal game's place in the ladder: decided by a claim of Genug or the last trick."""

ZEHNER_ORDER = (1, 2, 3, 4, 0)
"""Zehnergang's rank order, by rank index from the highest: T K Q J A."""

SUIT_CARDS = 5
"""Cards of a suit in the 20-card pack: A T K Q J."""


# ---------------------------------------------------------------------- when a contract is decided

def _sides(s: State) -> tuple[int, int]:
    """(the declarer's side, the defenders' side) under the contract's rules: the seat after the
    declarer defends in either game."""
    sides = s.rules.sides
    return sides[s.declarer], sides[(s.declarer + 1) % s.rules.n_seats]


def _last_trick(s: State) -> bool:
    """Every trick is played: as many as the cards dealt to each seat (a talon's leftovers never
    play)."""
    return s.trick_no == s.rules.hand_size


def undecided(s: State) -> bool | None:
    """The Normal game: decided by a claim or the last trick, never early."""
    return None


def bettler(s: State) -> bool | None:
    """The declarer takes no trick: fails at his first trick, made after the last."""
    d, _ = _sides(s)
    if s.tricks[d]:
        return False
    return True if _last_trick(s) else None


def schnapser(s: State) -> bool | None:
    """Every trick played and 66 credited points within the first three."""
    d, o = _sides(s)
    if s.tricks[o]:
        return False
    if s.points[d] >= 66:
        return True
    return False if s.trick_no >= 3 else None


def all_tricks(s: State) -> bool | None:
    """Gang, Zehnergang, Bauernschnapser, Kontrabauernschnapser: every trick."""
    _, o = _sides(s)
    if s.tricks[o]:
        return False
    return True if _last_trick(s) else None


def whole_suit(s: State) -> bool | None:
    """Farbengang: the declarer holds all five cards of one suit."""
    hand = s.hands[s.declarer]
    return any((hand & SUIT_MASK[t]).bit_count() == SUIT_CARDS for t in range(4))


def all_trumps(s: State) -> bool | None:
    """Herrenschnapser: the declarer holds all five trumps."""
    return s.trump >= 0 and (s.hands[s.declarer] & SUIT_MASK[s.trump]).bit_count() == SUIT_CARDS


# ---------------------------------------------------------------------- the ladder

@dataclass(frozen=True)
class Row:
    """A contract as the games share it; who may bid it is each game's."""

    name: str
    value: int
    trumps: bool
    """Played with the named trumps; False: without, and without marriages."""
    lead: int
    shown: bool
    decide: Callable[[State], bool | None]


LADDER = (  # lowest first; ``bid NAME`` is the same action in every game of the ladder
    Row("normal", 1, True, LEAD_FOREHAND, False, undecided),
    Row("bettler", 4, False, LEAD_DECLARER, False, bettler),
    Row("schnapser", 6, True, LEAD_FOREHAND, False, schnapser),
    Row("gang", 9, False, LEAD_DECLARER, False, all_tricks),
    Row("zehnergang", 10, False, LEAD_DECLARER, False, all_tricks),
    Row("kontraschnapser", 12, True, LEAD_FOREHAND, False, schnapser),
    Row("bauernschnapser", 12, True, LEAD_FOREHAND, False, all_tricks),
    Row("farbengang", 18, False, LEAD_FOREHAND, True, whole_suit),
    Row("kontrabauernschnapser", 24, True, LEAD_FOREHAND, False, all_tricks),
    Row("herrenschnapser", 24, True, LEAD_FOREHAND, True, all_trumps),
)

VALUES = (1, 2, 3, 4, 6, 9, 10, 12, 18, 24)
"""What a hand is worth before doubling: every contract's value, the Normal game's 1–3 too."""


def contract_rules(rules: Rules, index: int, claim_side: int) -> Rules:
    """The play rules of contract ``index`` for a declarer under ``rules``: claims in the Normal
    game (by ``claim_side``, -1: either), the trump contracts' marriages toward 66 and no claims,
    and neither marriages nor trumps in the others (Zehnergang's tens above the kings)."""
    row = LADDER[index]
    if index == NORMAL:
        return dataclasses.replace(rules, claims=True, claim_side=claim_side)
    if row.trumps:
        return rules
    return dataclasses.replace(rules, marriages=False, rank_order=(
        ZEHNER_ORDER if row.name == "zehnergang" else None))


def contract(index: int, rules: tuple[Rules, ...], *, bidders: int, solo: bool = False,
             lead: int | None = None, partner_open: bool = False) -> Contract:
    """Contract ``index`` of the ladder as a game plays it: ``rules`` by the declarer's side,
    the positions that may bid it, and ``lead`` where the game overrides the ladder's."""
    row = LADDER[index]
    return Contract(index=index, name=row.name, value=row.value, bidders=bidders,
                    trumps=row.trumps, solo=solo, lead=row.lead if lead is None else lead,
                    shown=row.shown, doubling=not row.shown, rules=rules, decide=row.decide,
                    misere=row.decide is bettler, all_tricks=row.decide in (schnapser, all_tricks),
                    partner_open=partner_open)


# ---------------------------------------------------------------------- scoring

_DOUBLINGS = {2: "kontra", 4: "rekontra", 8: "subkontra"}


def paid_contract_value(game: Game, state: State, res: HandResult) -> str | None:
    """The fuzzer's check of a hand's game points: one side alone scores, each of its seats a
    contract's value times 1, 2, 4 or 8."""
    gp = res.game_points
    bad = side_values(state, gp)
    if bad:
        return bad
    allowed = {v * f for v in VALUES for f in (1, 2, 4, 8)}
    scoring = {state.rules.sides[p] for p, g in enumerate(gp) if g}
    if len(scoring) > 1:
        return f"both sides score: {list(gp)}"
    if any(g and g not in allowed for g in gp):
        return f"game points {list(gp)} are no contract value times a doubling"
    return None


class LadderGame(Game):
    """A game of the ladder's auction (rules/bauernschnapsen.md, rules/dreierschnapsen.md): 20
    cards, trumps named by forehand from his first packet, strict play from the first trick, a
    contract's value to the winning side times the doubling, Genug at 66 in the Normal game.

    A game says its seats (``ladder_rules``' arguments), each contract as it plays it
    (``_contract``) and who won a finished hand (``_outcome``); its options include
    ``target``, ``score_direction``, ``false_enough``, ``enough_by_defenders``,
    ``must_beat_partner`` and ``first_trick_visible``."""

    def ladder_rules(self, *, sides: tuple[int, ...], hand_size: int,
                     phases: tuple[int, ...]) -> Rules:
        """The game's rules with ``sides``, ``hand_size`` and ``phases``; sets its contracts."""
        o = self.options
        if o.target < 1:
            raise OptionError("option 'target' takes a whole number of at least 1")
        base = Rules(
            n_seats=len(sides), sides=sides, pack=PACK_20, hand_size=hand_size, stock=False,
            phase1_follow=STRICT_MULTI, phase2_follow=STRICT_MULTI,
            must_beat_partner=o.must_beat_partner, must_trump_when_cannot_overtrump=True,
            marriages=True, marriage_credit="any_later_trick", marriage_needs_trick=True,
            show_marriage_to_go_out=True, claims=False, claim_timing="after_trick_or_meld",
            claim_target=66, last_trick_bonus=0, trump_choice=True, trump_must_be_held=True,
            first_packet=3, trick_hook=True, phases=phases,
            first_trick_visible=o.first_trick_visible,
        )
        self.contracts = tuple(self._contract(i, base) for i in range(len(LADDER)))
        return base

    @abc.abstractmethod
    def _contract(self, index: int, base: Rules) -> Contract:
        """Contract ``index`` of the ladder under the game's ``base`` rules and options."""

    @abc.abstractmethod
    def _outcome(self, s: State, claimant: int | None) -> tuple[int, int, HandEnd | ContractEnd, str]:
        """(a seat of the winning side, game points before doubling, end, detail) of the
        finished hand."""

    def false_claim_cost(self, view: View, points: int) -> int:
        """In the Normal game 3, 2 or 1 on the claimant side's own count (or 2: ``false_enough``),
        times the doubling, to each seat of the other side."""
        tricks = view.tricks[(view.rules or self.rules).sides[view.seat]]
        graded = self.options.false_enough == "graded"
        return (grade(points, tricks) if graded else 2) * view.factor

    def initial_score(self) -> list[int]:
        o = self.options
        return [o.target if o.score_direction == "down" else 0] * self.n_seats

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        seat, g, _, _ = self._outcome(state, claimant)
        sides = state.rules.sides
        g *= state.factor
        return [g if sides[p] == sides[seat] else 0 for p in range(state.n)]

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        seat, g, end, detail = self._outcome(state, claimant)
        if state.factor > 1:
            detail += f", x{state.factor} ({_DOUBLINGS[state.factor]}) = {g * state.factor}"
            g *= state.factor
        # One seat of the winning side: make_result gives each seat of a side the side's value.
        return make_result(state, end, (seat,), [g if p == seat else 0 for p in range(state.n)],
                           detail)
