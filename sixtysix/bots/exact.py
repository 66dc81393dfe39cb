"""Where the exact solver stands in for a search: an open position (``exact_view``), or worlds
that solve exactly and quickly (``closed_open``), valued by solving each (``solved_values``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine.phases import PH_CONTRACTS, PH_DEAL_CHOICE, PH_DOUBLING, PH_OVER
from ..engine.state import PH_AUCTION, PH_PLAY, PH_TRUMP, State
from ..engine.view import View
from .base import past
from .solver import SCALE, Solver
from .worlds import determinize

__all__ = ["SOLVE_CARDS", "EXACT_MAX_CARDS", "exact_view", "solved_values"]

SOLVE_CARDS = 12
"""The solver is used only with at most this many cards in hand (6 each, Sixty-Six's phase 2):
North American Sixty-Six for two deals 12 each, too many to solve at every move."""
EXACT_MAX_CARDS = 6
"""The solver stands in for the search only once the seat holds at most this many cards: every
position of Sixty-Six and Schnapsen, the last six tricks of Terts (nine cards a side with
announcements take seconds to solve). An open view (``exact_view``) is solved up to
the cards its game's fast path declares instead (``FastPath.exact_cards``)."""


def live_cards(s: State) -> int:
    """The cards left to play: in the hands of the seats that play (a solo declarer's partner
    holds his, face down, to the end: they cost a solve nothing)."""
    n = 0
    for p in s.active:
        n += s.hands[p].bit_count()
    return n


_NOT_PLAY = (PH_TRUMP, PH_AUCTION, PH_DEAL_CHOICE, PH_CONTRACTS, PH_DOUBLING, PH_OVER)
"""The phases in which no card is played: no open view (the solver values play only)."""


def exact_view(view: View) -> bool:
    """True when the view's position is open, so that the solver's value is the true value: two
    sides play, no card is face down, the cards the seat has not seen are the hidden cards of
    one other seat alone (two seats once the stock is gone; any game where every hand is known
    to the seat), and the hands hold at most the cards the game's fast path declares
    (``FastPath.exact_cards``; by default ``SOLVE_CARDS``)."""
    r = view.rules or view.game.rules
    if view.phase in _NOT_PLAY or view.turnup_up or view.facedown \
            or len({r.sides[p] for p in view.active}) != 2 or any(c < 0 for _, c in view.trick):
        return False
    hidden = [p for p, n in enumerate(view.hand_sizes)
              if p != view.seat and n > view.known[p].bit_count()]
    live = sum(view.hand_sizes[p] for p in view.active)
    fp = view.game.fast_path
    return len(hidden) <= 1 and live <= (fp.exact_cards if fp is not None and fp.exact_cards
                                         else SOLVE_CARDS)


def closed_open(view: View) -> bool:
    """The view open (``exact_view``), or two seats and the stock closed or exhausted, or the last
    tricks of two sides of more seats with every card dealt (``_dealt_out``): each world is
    solved exactly and quickly; only the dead cards of a closed stock (if any) and, with more
    seats, the cards' places among the other hands make the worlds differ from the truth."""
    return exact_view(view) or _dealt_out(view) or (
        view.phase == PH_PLAY and (not view.turnup_up or view.closed_by >= 0)
        and len(view.active) == 2 and len({view.game.rules.sides[p] for p in view.active}) == 2
        and sum(view.hand_sizes) <= SOLVE_CARDS and view.hand.bit_count() <= EXACT_MAX_CARDS)


def _dealt_out(view: View) -> bool:
    """Two sides of three or four seats play their last tricks: no card face down, at most
    ``SOLVE_CARDS`` in the hands that play (Bauernschnapsen from its second trick, or its third
    under a partnership contract; Four-Hand's and North American's last three). Each world then
    solves as quickly as a two-seat one, and its value is the contract's or the hand's exactly,
    where playouts under a contract of every trick or none misjudge the sure leads (a Gang's
    K♣, the highest club left, valued 1 to 2 game points below the ace it equals)."""
    r = view.rules or view.game.rules
    return (view.phase == PH_PLAY and len(view.active) > 2 and not view.turnup_up
            and view.facedown == 0 and len({r.sides[p] for p in view.active}) == 2
            and not any(c < 0 for _, c in view.trick)
            and sum(view.hand_sizes[p] for p in view.active) <= SOLVE_CARDS)


def solved_values(view: View, rng: random.Random, solver: Solver, deadline: float | None,
                  worlds: int, excluded: list[int] | None = None,
                  sample: Callable[[random.Random], State] | None = None
                  ) -> tuple[dict[int, float], int]:
    """Average exact value (game points, margin as the fraction) of each legal action over worlds.

    With an exhausted stock there is one world and the values are exact. ``sample`` draws the
    worlds where given (``inference.Sampler``: weighted worlds), else uniformly within ``excluded``.
    """
    if exact_view(view):
        worlds = 1
    totals = {a: 0.0 for a in view.legal}
    done = 0
    for _ in range(worlds):
        s = sample(rng) if sample is not None else determinize(view, rng, excluded)
        for a, v in solver.action_values(s).items():
            totals[a] += v / SCALE
        done += 1
        if past(deadline):
            break
    return {a: t / done for a, t in totals.items()}, done
