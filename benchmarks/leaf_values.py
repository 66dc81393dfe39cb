"""How well a playout values a phase-1 world: the leaf evaluators of ISMCTS against real play.

ISMCTS values each world it reaches by a playout: the `master` level plays the world on by the
kernel's cheap policy while the stock is open and solves the rest exactly. Once the stock is gone
that is the world's true value; before, it is how two cheap players would go on, not how the
bots themselves would. This measures the gap, one evaluator at a time, with far less noise than a
match: positions are taken from hands of ``--bot`` against itself while the stock is open; for
each legal action the world after it (every card and the stock's order fixed, as in a playout) is

* played on ``--continuations`` times by ``--bot`` at both seats, each from its own view: the
  reference value ``T`` (the bots' generators the only chance left), and
* valued by each evaluator as the mean of ``--playouts`` playouts: ``P`` (``EVALUATORS``: the
  level's playout, its neighbours, and `casual` playing from each seat's view).

Per evaluator it prints the root-mean-square error of ``P`` against ``T`` (both relative to their
mean over the position's actions, since a search compares actions; ``T``'s own noise is printed
too, and is part of every error), the share of positions where the action of the best ``P`` is
one of the best ``T``, and the regret: ``T`` of the best action less ``T`` of ``P``'s choice, in
game points. The decision is made knowing the world, so this grades evaluators, not bots. Every
bot runs on iterations, not time, so a run gives the same figures on any machine and load.
Sixty-Six and Schnapsen (the kernel's games). ``--dump`` keeps each position's values as JSON.
Prints figures with the machine and the command; never asserts.

Usage: ``python benchmarks/leaf_values.py [--game sixty-six] [--hands 40] [--continuations 4]
[--bot ismcts:iterations=2000,endgame=true] [--playouts 400] [--workers 2] [--seed 1]
[--dump FILE]``
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import time
from collections.abc import Callable, Iterator
from multiprocessing import Pool
from typing import Any

from machine import header

from sixtysix.bots import make_bot
from sixtysix.bots.solver import SCALE, Solver
from sixtysix.engine import Match, State, kernel
from sixtysix.engine.actions import action_str
from sixtysix.games import make_game

_INF = 1 << 30
Evaluator = Callable[[State, int, int, int, Solver], float]
"""A world's value for a seat: ``(state, seat, playouts, seed, solver) -> game points``."""


def lead(s: State, seat: int) -> float:
    """Finished hand ``s``: ``seat``'s game points less the other seat's."""
    gp = s.game_points()
    other = next(p for p in s.active if p != seat)
    return float(gp[seat] - gp[other])


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error."""
    n = len(xs)
    m = sum(xs) / n
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1) / n)


def kernel_playouts(policy: int, stock: int, solved: bool) -> Evaluator:
    """The mean of ``n`` kernel playouts of a world by ``policy``, solved from ``stock`` cards
    left where ``solved`` (``kernel.solved_playout``), else played to the end."""
    def value(s: State, seat: int, n: int, seed: int, solver: Solver) -> float:
        h = kernel.pack(s)
        assert h is not None
        rng = kernel.seed_state(seed)
        total = 0
        for _ in range(n):
            if solved:
                lead, rng = kernel.solved_playout(h, rng, policy, solver.search_for(h.t), stock)
            else:
                g0, g1, _, rng = kernel.playouts(h, 1, rng, policy)
                lead = g0 - g1
            total += lead
        return total / n if seat == s.active[0] else -total / n
    return value


def bot_playouts(spec: str) -> Evaluator:
    """The mean of ``n`` playouts of a world by ``spec`` at both seats, each from its own view,
    while the stock is open; the rest solved (game points only)."""
    def value(s: State, seat: int, n: int, seed: int, solver: Solver) -> float:
        total = 0.0
        bot = make_bot(spec)
        rng = random.Random(seed)
        for _ in range(n):
            t = s.copy()
            while not t.over and t.stock_open:
                t.apply(bot.choose(t.view(t.to_act), rng))
            if t.over:
                total += lead(t, seat)
            else:
                h = kernel.pack(t)
                assert h is not None
                v = solver.search_for(h.t).value(h, -_INF, _INF, 0) // SCALE
                total += v if t.to_act == seat else -v
        return total / n
    return value


EVALUATORS: dict[str, tuple[Evaluator, int]] = {
    "policy+solved": (kernel_playouts(kernel.POLICY, 0, True), 1),
    "policy+solved, stock 2": (kernel_playouts(kernel.POLICY, 2, True), 1),
    "random+solved": (kernel_playouts(kernel.RANDOM, 0, True), 1),
    "policy to the end": (kernel_playouts(kernel.POLICY, 0, False), 1),
    "casual+solved": (bot_playouts("casual"), 20),
}
"""name: (evaluator, its share of ``--playouts``: 1 all, 20 a twentieth). The first is `master`'s
playout, the fourth `master-v1`'s; `casual` (``bots.heuristic``) plays from each seat's view and
is nearly deterministic, so a few playouts do."""


def play_on(s: State, bot: str, seed: int, seat: int) -> float:
    """``s`` played to its end by ``bot`` at every seat: ``seat``'s game points less the other's."""
    s = s.copy()
    bots = {p: make_bot(bot) for p in s.active}
    rngs = {p: random.Random(seed * 7 + p) for p in s.active}
    while not s.over:
        p = s.to_act
        s.apply(bots[p].choose(s.view(p), rngs[p]))
    return lead(s, seat)


def self_play(game: str, bot: str, hand: int, seed: int, rng: random.Random,
              options: dict[str, Any] | None = None) -> Iterator[State]:
    """Hand ``hand`` of ``bot`` against itself, each seat from its own view, choices drawn from
    ``rng`` (the game under rule ``options``, by default its defaults): the one live state,
    yielded before each action (finished once the loop ends)."""
    st = Match(make_game(game, options), dealer=hand % 2).deal_hand(seed=seed * 1_000_003 + hand)
    bots = {p: make_bot(bot) for p in st.active}
    while not st.over:
        yield st
        st.apply(bots[st.to_act].choose(st.view(st.to_act), rng))


def load_dump(path: str) -> dict[str, Any]:
    """A ``--dump`` file as written (``FILE``) or gzipped (``FILE.gz``)."""
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        d: dict[str, Any] = json.load(f)
    return d


def playout_means(game: str, bot: str, hand: int, seed: int, playouts: int,
                  options: dict[str, Any] | None = None
                  ) -> Iterator[tuple[State, kernel.Hand, float]]:
    """``self_play`` of hand ``hand`` with its own generators: at each decision with the stock
    open and more than one action, the live state, its packed hand and the mean of ``playouts``
    of the level's playouts of the true world (seat 0's game points less seat 1's). Once spent,
    the state yielded is the finished hand."""
    kx = kernel.seed_state(seed * 7_919 + hand)
    solver = Solver()
    for st in self_play(game, bot, hand, seed, random.Random(seed * 100_003 + hand), options):
        if st.stock_open and len(st.legal_actions()) > 1:
            h = kernel.pack(st)
            assert h is not None
            total = 0
            for _ in range(playouts):
                v, kx = kernel.solved_playout(h, kx, kernel.POLICY, solver.search_for(h.t))
                total += v
            yield st, h, total / playouts


def position(game: str, bot: str, hand: int, seed: int) -> State | None:
    """A phase-1 decision of ``bot`` against itself in hand ``hand``: the state, chosen at random
    among the hand's decisions with the stock open and more than one action (None if none)."""
    rng = random.Random(seed * 100_003 + hand)
    seen: list[State] = []
    for st in self_play(game, bot, hand, seed, rng):
        if not st.stock_open:
            break
        if len(st.legal_actions()) > 1:
            seen.append(st.copy())
    return rng.choice(seen) if seen else None


def one_hand(args: tuple[str, str, int, int, int, int]) -> dict[str, object] | None:
    game, bot, hand, seed, conts, playouts = args
    s = position(game, bot, hand, seed)
    if s is None:
        return None
    seat = s.to_act
    solver = Solver()
    ref: dict[int, float] = {}
    noise = 0.0  # the variance of ref's means, summed over the actions
    est: dict[str, dict[int, float]] = {name: {} for name in EVALUATORS}
    for a in s.legal_actions():
        child = s.copy()
        child.apply(a)
        vals = [play_on(child, bot, seed * 1_000_000 + hand * 100 + k, seat) for k in range(conts)]
        ref[a] = sum(vals) / conts
        if conts > 1:
            noise += sum((v - ref[a]) ** 2 for v in vals) / (conts - 1) / conts
        for name, (value, share) in EVALUATORS.items():
            est[name][a] = (value(child, seat, max(1, playouts // share), hand, solver)
                            if not child.over else lead(child, seat))
    return {"hand": hand, "ref": ref, "est": est, "noise": noise, "facedown": s.facedown,
            "text": {a: action_str(a) for a in ref}}


def centred(d: dict[int, float]) -> dict[int, float]:
    m = sum(d.values()) / len(d)
    return {a: v - m for a, v in d.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--bot", default="ismcts:iterations=2000,endgame=true")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--continuations", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dump", help="write every position's values to this JSON file")
    args = ap.parse_args()
    print(header())
    t0 = time.time()
    tasks = [(args.game, args.bot, i, args.seed, args.continuations, args.playouts)
             for i in range(args.hands)]
    with Pool(args.workers) as pool:
        rows = [r for r in pool.imap(one_hand, tasks) if r is not None]
    print(f"{len(rows)} positions (one a hand, stock open), {args.continuations} continuations "
          f"of each action by {args.bot}, {args.playouts} playouts an evaluator; "
          f"{time.time() - t0:.0f} s")
    noise = sum(r["noise"] for r in rows) / sum(len(r["ref"]) for r in rows)  # type: ignore[misc]
    print(f"the reference's own noise: {math.sqrt(noise):.3f} game points RMS an action (its mean "
          f"of {args.continuations}); an evaluator's RMS error includes it")
    if args.dump:
        with open(args.dump, "w") as f:
            json.dump({"game": args.game, "bot": args.bot, "seed": args.seed, "rows": rows}, f)
    print("| evaluator | RMS error of action values (game points) | best action found | "
          "mean regret (game points) |")
    print("|---|---|---|---|")
    for name in EVALUATORS:
        sq = n = agree = 0
        regrets: list[float] = []
        for r in rows:
            ref, est = r["ref"], r["est"][name]  # type: ignore[index]
            cr, ce = centred(ref), centred(est)
            for a in ref:
                sq += (cr[a] - ce[a]) ** 2
                n += 1
            top = max(ref.values())
            pick = max(est, key=lambda a: est[a])
            agree += ref[pick] >= top - 1e-9
            regrets.append(top - ref[pick])
        mean, se = mean_se(regrets)
        print(f"| {name} | {math.sqrt(sq / n):.3f} | {agree}/{len(rows)} | {mean:.3f} ± {se:.3f} |")


if __name__ == "__main__":
    main()
