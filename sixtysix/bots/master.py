"""``master2``, a candidate for the ``master`` level: weighted worlds, exact endgames, and
decisions that are not card plays judged without a world's perfect knowledge.

* **Worlds from the play so far.** Every determinization is drawn by ``inference.Sampler``: the
  proven voids and shown cards always, and the soft evidence (a lead without a marriage, cheap
  discards, a missed exchange, …) as learned weights.
* **Exact where it can be.** With the stock exhausted the solver's move is played (the opponent's
  hand is the unseen cards). With the stock closed, or at most ``solve_facedown`` cards face down,
  every weighted world is solved exactly and each action scores its *mean game points over the
  worlds* — the vote is by expected value, not by which move is best in each world, so a move that
  is good in every world beats one that is best in some and bad in others. Earlier, ISMCTS with
  the kernel's playouts over weighted worlds.
* **Closing.** A search that values a close in worlds whose cards it can see plays the rest of the
  hand as if it knew them (strategy fusion): it closes on hands that only a clairvoyant makes. Here
  a close that the search considers is checked by playing it out in weighted worlds where the
  closer decides every later card from its own view (weighted worlds solved, mean game points) and
  the opponent plays perfectly with every card known: what the closer can guarantee without
  knowing the cards. It is taken only when that beats the best other action by ``close_margin``
  and by one standard error of its mean (a few worlds are all the time allows, and their game
  points range from -3 to 3).
* **Claims.** Declaring ends the hand with a result the view already fixes (its points are
  public), so its value is exact: a true claim is made at once (playing on can only let the other
  side score more), a false one only where solved worlds say it concedes less than playing on.
* **Every game.** The same bot plays every game id: bids, doublings, trump choices and meld
  decisions are searched by ISMCTS over worlds consistent with the view.

``decide`` returns the action and the value (game points of the hand, for the seat to act) of each
legal action from one search, for hints that need both.

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=3)
>>> action, values = Master(iterations=60).decide(state.view(0), random.Random(1))
>>> action in state.legal_actions() and set(values) == set(state.legal_actions())
True
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.actions import CLOSE, DECLARE
from ..engine.state import PH_PLAY, State
from ..engine.view import View
from .base import Limit, Param, check_fields, past, register
from .bidding import bid_decision
from .choices import action_key, best_action
from .exact import EXACT_MAX_CARDS, SOLVE_CARDS, closed_open, exact_view, solved_values
from .inference import Sampler
from .ismcts import ISMCTS_PARAMS, Ismcts
from .playout import outcome
from .solver import SCALE, Solver

__all__ = ["Master", "close_outcomes", "close_value", "declare_value"]


def _two_sided(view: View) -> bool:
    return len(view.active) == 2 and len({view.game.rules.sides[p] for p in view.active}) == 2


def _near_end(view: View, facedown: int) -> bool:
    """Two sides, at most ``facedown`` cards face down, hands small enough to solve each world."""
    return (view.phase == PH_PLAY and _two_sided(view) and view.facedown <= facedown
            and sum(view.hand_sizes) <= SOLVE_CARDS and view.hand.bit_count() <= EXACT_MAX_CARDS)


def declare_value(view: View, rng: random.Random) -> float:
    """Game points (for the seat to act, against the other side) of declaring now: the result
    depends on public facts only, so one world gives it exactly."""
    s = Sampler(view, soft=False)(rng)
    s.step(DECLARE)
    return outcome(s)[view.seat]


def close_value(view: View, rng: random.Random, worlds: int = 12, inner: int = 6,
                deadline: float | None = None, solver: Solver | None = None,
                sample: Callable[[random.Random], State] | None = None,
                min_worlds: int = 4) -> tuple[float, int]:
    """What closing now is worth to the closer who does not see the opponent's cards: the mean
    game points over weighted worlds of playing the close out, the closer choosing every later
    action from its own view (``inner`` weighted worlds solved exactly, the best mean), the
    opponent playing the world's exact best. Returns the value and the worlds played (at least
    ``min_worlds`` even past ``deadline``, fewer if ``worlds`` is smaller). ``sample`` draws the
    worlds where given (default: the weighted worlds of ``view``). ``close_outcomes`` gives each
    world's game points."""
    got = close_outcomes(view, rng, worlds, inner, deadline, solver, sample, min_worlds)
    return statistics.fmean(got), len(got)


def close_outcomes(view: View, rng: random.Random, worlds: int = 12, inner: int = 6,
                   deadline: float | None = None, solver: Solver | None = None,
                   sample: Callable[[random.Random], State] | None = None,
                   min_worlds: int = 4) -> list[float]:
    """The game points of closing now in each world that ``close_value`` plays."""
    solver = solver or Solver()
    sample = sample or Sampler(view)
    me = view.seat
    side = view.game.rules.sides[me]
    got: list[float] = []
    for _ in range(worlds):
        s = sample(rng)
        s.step(CLOSE)
        while not s.over:
            acts = s.legal_actions()
            if len(acts) == 1:
                a = acts[0]
            elif s.rules.sides[s.to_act] == side:
                v = s.view(s.to_act)
                solver.clear()
                vals, _ = solved_values(v, rng, solver, None, inner, sample=Sampler(v))
                a = best_action(vals)
            else:
                solver.clear()
                vals_exact = solver.action_values(s)
                a = best_action({k: float(x) for k, x in vals_exact.items()})
            s.step(a)
        got.append(outcome(s)[me])
        if past(deadline) and len(got) >= min_worlds:
            break
    return got


@dataclass
class Master:
    """The ``master2`` bot (see the module's text). ``seconds`` or ``iterations`` bound a move
    (``iterations`` wins when both are given: ISMCTS iterations, or a twentieth of them as solved
    worlds); ``soft=false`` draws worlds from the hard constraints only; ``endgame=true`` solves
    the tree's playouts once the stock is gone, as the ``master`` level does. Solved worlds with cards
    still face down are used only where the time allows ``min_worlds`` of them (the first solve
    is timed), else ISMCTS goes on."""

    seconds: float | None = 1.0
    iterations: int | None = None
    c: float = 0.7
    worlds: int = 30
    solve_facedown: int = 2
    close_margin: float = 0.25
    close_worlds: int = 12
    close_inner: int = 6
    close_share: float = 0.3
    close_window: float = 0.5
    min_worlds: int = 8
    soft: bool = True
    endgame: bool = False
    name: str = "master"
    solver: Solver = field(default_factory=Solver, repr=False)

    def __post_init__(self) -> None:
        # Built directly from Python, held to the ranges of its text form (a NaN time never ends).
        check_fields(self, "master2", MASTER_PARAMS)

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        return self.decide(view, rng, limit, decisive=True)[0]

    def action_values(self, view: View, rng: random.Random,
                      limit: Limit | None = None) -> dict[int, float]:
        """Each legal action's value in game points of the hand (the chosen one may differ from
        the highest where the search trusts its visit counts more than its means)."""
        return self.decide(view, rng, limit)[1]

    def decide(self, view: View, rng: random.Random, limit: Limit | None = None,
               decisive: bool = False) -> tuple[int, dict[int, float]]:
        """The action to play and each legal action's value, from one search. ``decisive``:
        only the action matters, so a tree that is the whole decision (no close or claim to
        judge after it) may stop once its choice cannot change before the deadline."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not to act")
        if len(view.legal) == 1:
            return view.legal[0], {view.legal[0]: 0.0}
        seconds, iterations = self.seconds, self.iterations
        if limit is not None:
            seconds, iterations = limit.seconds, limit.iterations
        start = time.perf_counter()
        deadline = None if iterations is not None or seconds is None else start + seconds
        bids = bid_decision(view, rng, deadline, iterations)
        if bids is not None:  # an auction or doubling: judged by playing the hand out
            return best_action(bids), bids
        closing = CLOSE in view.legal and _two_sided(view)
        search_deadline = deadline
        if closing and deadline is not None and seconds is not None:
            search_deadline = start + seconds * (1.0 - self.close_share)
        sample = Sampler(view, soft=self.soft)
        values: dict[int, float]
        # Solving a world with cards still face down takes tens of milliseconds: with less time
        # than enough worlds need, a handful of clairvoyant solves is worse than ISMCTS. With a
        # time limit the first world's solve is timed and decides.
        roomy = True if iterations is None else iterations >= 200
        near = not closed_open(view) and roomy and _near_end(view, self.solve_facedown)
        solved = closed_open(view) or near
        if near and search_deadline is not None:
            self.solver.clear()
            solved_values(view, rng, self.solver, None, 1, sample=sample)
            took = time.perf_counter() - start
            if search_deadline - start < took * self.min_worlds:
                solved = False
        if solved:
            worlds = 1 if exact_view(view) else (
                self.worlds if iterations is None else max(2, iterations // 20))
            if not near:
                self.solver.clear()
            values, _ = solved_values(view, rng, self.solver, search_deadline, worlds,
                                      sample=sample)
            choice = best_action(values)
        else:
            tree = Ismcts(seconds=None, c=self.c, endgame=self.endgame, sample=sample,
                          solver=self.solver)
            alone = not closing and DECLARE not in view.legal
            root = tree._search(view, rng, search_deadline, iterations or 10**9, [],
                                decisive and alone)
            stats = {a: (ch.n, ch.g) for a, ch in root.children.items()}
            if closing and search_deadline != deadline and not self._close_near(stats):
                # No close to check: the time kept for it grows the same tree further.
                tree._search(view, rng, deadline, 10**9, [], root=root)
            if not decisive:  # values to show: every action's mean measured (the same move)
                tree._search(view, rng, None, 0, [], root=root, floor=True)
            stats = {a: (ch.n, ch.g) for a, ch in root.children.items()}
            values, choice = self._from_stats(view, stats)
        if DECLARE in view.legal and not solved:  # solved worlds value it with the rest
            values[DECLARE] = declare_value(view, rng)
            # A true claim fixes the hand's result at once, and playing on can only let the other
            # side score more: it is made. A false one concedes the hand: it is made only where
            # solved worlds (not a few noisy playouts) say that playing on loses more.
            if values[DECLARE] > 0:
                return DECLARE, values
            if choice == DECLARE:
                choice = max((a for a in values if a != DECLARE), key=lambda a: (values[a], -a))
        if closing:
            rest = {a: v for a, v in values.items() if a != CLOSE}
            best_rest = max(rest.values())
            if choice == CLOSE or values[CLOSE] >= best_rest - self.close_window:
                worlds = self.close_worlds if iterations is None else \
                    max(4, min(self.close_worlds, iterations // 50))
                got = close_outcomes(view, rng, worlds, self.close_inner, deadline)
                values[CLOSE] = statistics.fmean(got)
                # A close is taken only where it beats playing on by the margin and by one
                # standard error of its mean besides: in a few worlds (all the time allows) the
                # game points of a close range from -3 to 3, and a lucky draw is no reason.
                spread = statistics.stdev(got) / len(got) ** 0.5 if len(got) > 1 else float("inf")
                if values[CLOSE] - spread >= best_rest + self.close_margin:
                    return CLOSE, values
            if choice == CLOSE:
                choice = max(rest, key=lambda a: (values[a], -a))
        return choice, values

    def _close_near(self, stats: dict[int, tuple[int, float]]) -> bool:
        """Whether the search's values put closing close enough to the best to be checked."""
        values = {a: g / n for a, (n, g) in stats.items() if n}
        if CLOSE not in values:
            return False
        rest = [v for a, v in values.items() if a != CLOSE]
        return not rest or values[CLOSE] >= max(rest) - self.close_window

    @staticmethod
    def _from_stats(view: View, stats: dict[int, tuple[int, float]]
                    ) -> tuple[dict[int, float], int]:
        """Mean game points per action, and the most visited action (means break ties)."""
        values: dict[int, float] = {}
        visits: dict[int, float] = {}
        double_pack = (view.rules or view.game.rules).pack >> 32 != 0
        for a in view.legal:
            n, g = stats.get(action_key(a, double_pack), (0, 0.0))
            values[a] = g / n if n else -float(SCALE)
            visits[a] = n + (g / n if n else 0.0) * 1e-3
        return values, best_action(visits)


MASTER_PARAMS = (
    *ISMCTS_PARAMS[:3],  # seconds, iterations, c
    Param("worlds", int, 1, 100_000, "worlds solved per decision where the position is open"),
    Param("solve_facedown", int, 0, 32, "solve worlds from this many face-down cards"),
    Param("close_margin", float, 0, 10, "game points a close must gain over playing on"),
    Param("close_worlds", int, 1, 1000, "weighted worlds a close is judged on"),
    Param("close_inner", int, 1, 1000, "worlds of the closer's own choices in each"),
    Param("close_share", float, 0, 1, "share of the time the close check may take"),
    Param("close_window", float, 0, 10, "value window in which a close is checked"),
    Param("min_worlds", int, 1, 1000, "solved worlds needed before the stock is gone"),
    Param("soft", bool, help="weigh worlds by the play's soft evidence"),
    ISMCTS_PARAMS[3],  # endgame
)
"""master2's parameters and their ranges."""

register("master2", "weighted worlds, exact endgames, closes judged without seeing the cards",
         MASTER_PARAMS)(Master)

