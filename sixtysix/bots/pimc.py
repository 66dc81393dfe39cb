"""Perfect Information Monte Carlo, the bot ``pimc``: N worlds (``worlds``); each is solved
exactly by ``solver`` where that is quick (two sides, the stock closed, exhausted or nearly so),
otherwise each action gets a few playouts (``playout``); the action with the best average wins
the vote."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..engine import kernel, kernel_multi
from ..engine.kernel import Hand, KernelRandom
from ..engine.kernel_multi import MultiHand
from ..engine.state import State
from ..engine.view import View
from .base import SECONDS, Limit, Param, check_fields, past, register
from .choices import action_key, best_action
from .exact import EXACT_MAX_CARDS, SOLVE_CARDS, closed_open, solved_values
from .packed import GAME_KERNELS, game_playout, pack_walked
from .playout import outcome, playout
from .solver import Solver
from .worlds import determinize, exclusions

__all__ = ["Pimc", "PIMC_PARAMS"]


@dataclass
class Pimc:
    """Perfect Information Monte Carlo over ``worlds`` determinizations (or ``seconds``).

    Each world is solved exactly when two sides play and at most ``solve_facedown`` face-down cards
    are left (or the stock is closed); otherwise each action is valued by ``playouts`` playouts.
    """

    worlds: int = 20
    seconds: float | None = None
    playouts: int = 8
    solve_facedown: int = 2
    name: str = "pimc"
    solver: Solver = field(default_factory=Solver, repr=False)
    kernel: bool = True
    """Play the playouts of the games a kernel plays on it (the same policy and random numbers
    as through ``State``: the same values, faster)."""

    def __post_init__(self) -> None:
        check_fields(self, "pimc", PIMC_PARAMS)

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        return best_action(self.action_values(view, rng, limit))

    def action_values(self, view: View, rng: random.Random,
                      limit: Limit | None = None) -> dict[int, float]:
        """Average game-point value of each legal action over the sampled worlds."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not to act")
        worlds, seconds = self.worlds, self.seconds
        if limit is not None:
            worlds = limit.iterations or worlds
            seconds = limit.seconds
        deadline = None if seconds is None else time.perf_counter() + seconds
        if len(view.legal) == 1:
            return {view.legal[0]: 0.0}
        excluded = exclusions(view)
        self.solver.clear()
        two = len(view.active) == 2 and len({view.game.rules.sides[p] for p in view.active}) == 2 \
            and sum(view.hand_sizes) <= SOLVE_CARDS
        if closed_open(view) or two and (view.facedown <= self.solve_facedown
                                          and view.hand.bit_count() <= EXACT_MAX_CARDS):
            return solved_values(view, rng, self.solver, deadline, worlds, excluded)[0]
        # Equivalent actions (``action_key``: cut and knock) are one choice, played out once.
        keys = {a: action_key(a, False) for a in view.legal}
        tried = [a for a in view.legal if keys[a] == a or keys[a] not in keys]
        totals = {a: 0.0 for a in tried}
        done = 0
        fast = kernel.KernelRandom(kernel.seed_state(rng.getrandbits(64)))  # see Ismcts._search
        for _ in range(worlds):
            world = determinize(view, rng, excluded)
            for a in tried:
                for _ in range(self.playouts):
                    s = world.copy()
                    s.step(a)
                    totals[a] += self._playout(s, fast, view.seat)
            done += 1
            if past(deadline):
                break
        return {a: totals[a if a in totals else keys[a]] / (done * self.playouts)
                for a in view.legal}

    def _playout(self, s: State, rng: KernelRandom, seat: int) -> float:
        """``seat``'s game-point lead at the end of a policy playout of ``s`` (``outcome``), on
        the kernel that plays the game where there is one, drawing ``rng``'s numbers."""
        h = pack_walked(s) if self.kernel else None
        if isinstance(h, MultiHand):
            _, rng.state = kernel_multi.playout(h, rng.state, kernel.POLICY)
            return h.leads()[seat]
        if isinstance(h, Hand):
            g0, g1, _, rng.state = kernel.playouts(h, 1, rng.state, kernel.POLICY)
            return float(g0 - g1 if seat == s.active[0] else g1 - g0)
        played = game_playout(s, rng) if self.kernel and GAME_KERNELS else None
        if played is not None:
            return played[0][seat]
        playout(s, rng)
        return outcome(s)[seat]


PIMC_PARAMS = (
    Param("worlds", int, 1, 100_000, "determinizations per move"),
    SECONDS,
    Param("playouts", int, 1, 10_000, "playouts per action and world"),
    Param("solve_facedown", int, 0, 32, "solve worlds exactly from this many face-down cards"),
)
"""PIMC's parameters and their ranges."""

register("pimc", "determinize and solve or sample each world", PIMC_PARAMS)(Pimc)
