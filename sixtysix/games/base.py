"""What every game shares: options as frozen dataclasses, dealing, and the hooks a game overrides.

A game is its options (field names and defaults exactly those of rules.md) plus a few hooks:
``deal_from_deck`` (how the shuffled pack is dealt), ``make_rules`` (options → engine parameters),
``score_hand`` and ``settle`` (hand and match scoring), and optionally ``hand_game_points`` (the
hand's game points without the worded result, for search). Nothing else differs between games.
The abstract ``Game`` and the option checks live in the engine (``engine/game.py``,
``engine/options.py``), which calls them; this module adds the scoring the games share.
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..engine.ends import End, HandEnd
from ..engine.fastpath import PAIR, FastPath
from ..engine.game import Game
from ..engine.options import (
    OptionSpec,
    check_options,
    option_hints,
    option_specs,
    option_text,
    options_from_dict,
    options_from_text,
    options_to_dict,
    ranged,
)
from ..engine.state import HandResult, State

if TYPE_CHECKING:
    from ..engine.view import View

__all__ = ["Game", "check_options", "option_hints", "options_from_dict", "options_to_dict", "grade",
           "ranged", "OptionSpec", "option_specs", "options_from_text", "option_text",
           "PairScoring", "PlayedOut", "TwoPlayerScoring", "two_player_outcome", "two_player_game_points",
           "two_player_result",
           "make_result", "others_tricks"]


def grade(loser_points: int, loser_tricks: int) -> int:
    """1, 2 (schneider: loser below 33) or 3 (schwarz: loser without a trick)."""
    if loser_tricks == 0:
        return 3
    return 2 if loser_points < 33 else 1


PlayedOut = Literal["seed", "pagat", "one_point", "graded"]
"""How a hand that ran out of stock unclaimed is scored (``two_player_outcome``)."""


@dataclass(frozen=True, slots=True)
class PairScoring:
    """The scoring rules of ``two_player_outcome`` that a game's options choose."""

    closed_measured_at_close: bool
    """A closer's win is graded by the loser's points and tricks at the close, not at the end."""
    false_claim_trickless_3: bool
    """A false claim costs 3, not 2, when the other side has no trick."""
    closer_beaten_flat_2: bool
    """A beaten closer loses 2 even when the other side had no trick at the close."""
    played_out: PlayedOut
    """An unclaimed hand at the end of the stock: ``'seed'`` (exactly one player at 66+ wins),
    ``'pagat'`` (the higher total wins), ``'one_point'`` or ``'graded'`` (the last trick wins 1,
    or 1/2/3)."""


class TwoPlayerScoring(Game):
    """A game scored by ``two_player_outcome``, under the ``PairScoring`` its options choose."""

    @abc.abstractmethod
    def scoring(self) -> PairScoring:
        """``two_player_outcome``'s rules under these options."""

    @functools.cached_property
    def _scoring(self) -> PairScoring:
        return self.scoring()

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        sc = self._scoring
        return two_player_result(state, claimant, closed_measured_at_close=sc.closed_measured_at_close,
                                 false_claim_trickless_3=sc.false_claim_trickless_3,
                                 closer_beaten_flat_2=sc.closer_beaten_flat_2,
                                 played_out=sc.played_out)

    def make_fast_path(self) -> FastPath:
        """The pair kernel with this scoring: it scores the hands it plays itself. The hand's game
        points read only what the kernel keeps (points, tricks, the close, the last leader, the
        bonus, the match standing): its solver may stand in for ``State`` once the stock is
        gone."""
        closed_at_close, trickless_3, flat_2, played_out = self._scoring_args
        return FastPath(PAIR, played_out=played_out, closed_measured_at_close=closed_at_close,
                        false_claim_trickless_3=trickless_3, closer_beaten_flat_2=flat_2)

    @functools.cached_property
    def _scoring_args(self) -> tuple[bool, bool, bool, str]:
        """``_scoring`` as positional arguments: search scores every leaf, and a call with
        keywords costs the compiled core a trip through Python."""
        sc = self._scoring
        return (sc.closed_measured_at_close, sc.false_claim_trickless_3, sc.closer_beaten_flat_2,
                sc.played_out)

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        a, b, c, d = self._scoring_args
        return two_player_game_points(state, two_player_outcome(state, claimant, a, b, c, d))

    def false_claim_cost(self, view: View, points: int) -> int:
        """2, or 3 against a side without a trick where the options say so, the carried bonus
        included."""
        trickless_3 = self._scoring.false_claim_trickless_3 and not others_tricks(view)
        return (3 if trickless_3 else 2) + view.bonus

    def close_cost(self, view: View) -> int:
        """2, 3 when the other side has no trick at the close (unless ``closer_beaten_flat_2``),
        the carried bonus included."""
        flat = self._scoring.closer_beaten_flat_2 or others_tricks(view)
        return (2 if flat else 3) + view.bonus


def others_tricks(view: View) -> int:
    """The tricks the other side (or sides) of ``view``'s seat took: a side's are counted once,
    however many seats."""
    sides = view.game.rules.sides
    return sum(view.tricks[s] for s in {sides[p] for p in view.active} - {sides[view.seat]})


def two_player_outcome(state: State, claimant: int | None, closed_measured_at_close: bool,
                       false_claim_trickless_3: bool, closer_beaten_flat_2: bool,
                       played_out: str) -> tuple[int, int, HandEnd]:
    """The 1/2/3 game-point scoring shared by Sixty-Six and Schnapsen (rules/sixty-six.md#scoring-a-hand,
    rules/schnapsen.md#scoring-a-hand), and
    by two partnerships (pagat's Four-Hand Sixty-Six), as ``(winning seat or -1 for a drawn hand,
    game points before any carried bonus, how the hand ended)``. No text is built: search calls
    this on every leaf, and ``two_player_result`` words it for people.

    ``played_out`` says how a hand whose stock ran out and that nobody claimed is scored:
    ``'seed'`` (exactly one player at 66+ wins, else a draw), ``'pagat'`` (higher total wins),
    ``'one_point'`` (last trick wins 1) or ``'graded'`` (last trick wins 1/2/3).
    """
    r = state.play_rules
    sides = r.sides
    a, b = _two_sides(state)
    pts = state.points
    tr = state.tricks
    closer = state.closed_by
    target = r.claim_target
    if claimant is not None:
        o = b if sides[claimant] == sides[a] else a
        if pts[sides[claimant]] < target:
            return o, 3 if false_claim_trickless_3 and tr[sides[o]] == 0 else 2, HandEnd.FALSE_CLAIM
        if closer >= 0 and claimant != closer:
            w = b if sides[closer] == sides[a] else a
            return w, _closer_beaten_points(state, w, closer_beaten_flat_2), HandEnd.CLOSER_BEATEN
        at_close = closed_measured_at_close and closer >= 0
        return claimant, grade(*_loser_counts(state, o, at_close)), HandEnd.CLAIM
    if closer >= 0:
        o = b if sides[closer] == sides[a] else a
        if pts[sides[closer]] >= target:
            return closer, grade(*_loser_counts(state, o, closed_measured_at_close)), \
                HandEnd.CLOSED_AND_MADE
        return o, _closer_beaten_points(state, o, closer_beaten_flat_2), HandEnd.CLOSER_FAILED
    # Played out: the stock ran out and nobody claimed.
    last = state.leader  # the last trick's winner would lead next
    if played_out == "one_point":
        return last, 1, HandEnd.LAST_TRICK
    if played_out == "graded":
        return last, grade(*_loser_counts(state, b if sides[last] == sides[a] else a, False)), \
            HandEnd.LAST_TRICK
    pa, pb = pts[sides[a]], pts[sides[b]]
    if played_out == "pagat":
        a_wins, b_wins = pa > pb, pb > pa
    else:
        a_wins, b_wins = pa >= target > pb, pb >= target > pa
    if a_wins:
        return a, grade(pb, tr[sides[b]]), HandEnd.PLAYED_OUT
    if b_wins:
        return b, grade(pa, tr[sides[a]]), HandEnd.PLAYED_OUT
    return -1, 0, HandEnd.DRAW


def _two_sides(state: State) -> tuple[int, int]:
    """A seat of each side: the first active seat, and the first active seat not its partner."""
    sides = state.play_rules.sides
    a = state.active[0]
    for b in state.active:  # (a loop, not a generator: cpdef in base.pxd)
        if sides[b] != sides[a]:
            return a, b
    raise ValueError("every seat is on one side")


def _loser_counts(state: State, loser: int, at_close: bool) -> tuple[int, int]:
    """The loser's card points and tricks that grade the win: at the close or at the end."""
    o = state.play_rules.sides[loser]
    if at_close and state.close_points is not None and state.close_tricks is not None:
        return state.close_points[o], state.close_tricks[o]
    return state.points[o], state.tricks[o]


def _closer_beaten_points(state: State, winner: int, flat_2: bool) -> int:
    """2, or 3 when the closer's opponent had no trick when the stock was closed."""
    o = state.play_rules.sides[winner]
    had = state.close_tricks[o] if state.close_tricks else state.tricks[o]
    return 2 if (flat_2 or had) else 3


def two_player_game_points(state: State, outcome: tuple[int, int, str]) -> list[int]:
    """Game points per seat of a ``two_player_outcome``, the carried bonus included."""
    gp = [0] * state.n
    seat, points, _ = outcome
    if seat >= 0:
        r = state.rules
        for p in (state.active if r.partnership else (seat,)):
            if r.sides[p] == r.sides[seat]:
                gp[p] = points + state.bonus
    return gp


def two_player_result(state: State, claimant: int | None, *, closed_measured_at_close: bool,
                      false_claim_trickless_3: bool, closer_beaten_flat_2: bool,
                      played_out: str) -> HandResult:
    """``two_player_outcome`` as a ``HandResult``, with the detail worded for people."""
    seat, gp, end = two_player_outcome(
        state, claimant, closed_measured_at_close=closed_measured_at_close,
        false_claim_trickless_3=false_claim_trickless_3,
        closer_beaten_flat_2=closer_beaten_flat_2, played_out=played_out)
    r = state.rules
    pts = state.points
    if seat < 0:
        a, b = _two_sides(state)
        pa, pb = pts[r.sides[a]], pts[r.sides[b]]
        detail = (f"{pa}–{pb}: drawn hand" if played_out == "pagat" else
                  f"{pa}–{pb}: nobody wins; a bonus game point goes to the next hand's winner")
        return make_result(state, HandEnd.DRAW, (), [0] * state.n, detail)
    loser = next(p for p in state.active if r.sides[p] != r.sides[seat])
    if end == HandEnd.FALSE_CLAIM:
        detail = f"false claim at {pts[r.sides[loser]]}: opponent scores {gp}"
    elif end in (HandEnd.CLOSER_BEATEN, HandEnd.CLOSER_FAILED):
        had = _closer_beaten_points(state, seat, False) == 2
        detail = f"closer made {pts[r.sides[loser]]}; opponent scores {gp}" + (
            "" if had else " (no trick at the close)")
    elif end == HandEnd.LAST_TRICK and played_out == "one_point":
        detail = "last trick wins the hand: 1"
    else:
        at_close = closed_measured_at_close and state.closed_by >= 0 and end != HandEnd.LAST_TRICK
        lp, lt = _loser_counts(state, loser, at_close)
        when = " at the close" if at_close and state.close_points is not None else ""
        how = {1: "", 2: " (schneider)", 3: " (schwarz)"}[gp]
        detail = (f"{pts[r.sides[seat]]} points; loser had {lp} points and {lt} tricks{when}"
                  f" → {gp}{how}")
    if state.bonus:
        detail += f" + {state.bonus} carried"
    game_points = [0] * state.n
    game_points[seat] = gp + state.bonus
    return make_result(state, end, (seat,), game_points, detail)


def make_result(state: State, end: End, winners: tuple[int, ...], game_points: list[int],
            detail: str) -> HandResult:
    r = state.rules
    n = state.n
    shared = r.partnership
    if shared:
        # Partnerships: each seat shows its side's value.
        by_side: dict[int, int] = {}
        for p, g in enumerate(game_points):
            by_side[r.sides[p]] = by_side.get(r.sides[p], 0) + g
        game_points = [by_side.get(r.sides[p], 0) for p in range(n)]
        winners = tuple(p for p in range(n) if r.sides[p] in {r.sides[w] for w in winners})
    if shared:
        points = tuple(state.points[r.sides[p]] for p in range(n))
        tricks = tuple(state.tricks[r.sides[p]] for p in range(n))
    elif len(state.active) == n:  # one side per seat, everybody playing
        points = tuple(state.points)
        tricks = tuple(state.tricks)
    else:  # seats out of the hand (Three-Hand's dealer) show zeros
        active = state.active
        points = tuple(state.points[p] if p in active else 0 for p in range(n))
        tricks = tuple(state.tricks[p] if p in active else 0 for p in range(n))
    return HandResult(end=end, winners=winners, game_points=tuple(game_points), points=points,
                      tricks=tricks, detail=detail)

