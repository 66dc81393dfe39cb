"""Exact solver speed on Sixty-Six positions reached by the casual bot's play.

* phase 2: the stock just exhausted, the leader to play (targets: median <= 2 ms, p99 <= 10 ms);
* phase 1: after the fourth trick, the stock order known (target: p90 <= 100 ms);
* ``--deals N``: N whole deals from the first lead, game points only (``margin=False``; the
  margin's tie-break multiplies the work on the hardest deals; target: median <= 50 ms); none
  unless asked, since the hardest Sixty-Six deals take seconds (40 deals: about 8 s in all).

Prints figures; never asserts. Usage: ``python benchmarks/solver_speed.py [--n 200] [--seed 1]
[--deals 0] [--game sixty-six]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from machine import header

from sixtysix.bots import make_bot
from sixtysix.bots.solver import Solver
from sixtysix.engine.match import Match
from sixtysix.engine.state import PH_PLAY, State
from sixtysix.games import make_game


def positions(kind: str, n: int, seed: int, game: str = "sixty-six") -> list[State]:
    """``n`` positions where the casual bot's play reaches ``kind`` ('phase2', 'trick4' or
    'deal', the first lead)."""
    g = make_game(game)
    rng = random.Random(seed)
    bot = make_bot("casual")
    out: list[State] = []
    while len(out) < n:
        m = Match(g, dealer=rng.randrange(2))
        s = m.deal_hand(seed=rng.randrange(2**31))
        if kind == "deal":
            out.append(s)
            continue
        while not s.over:
            if s.phase == PH_PLAY and not s.trick:
                if kind == "phase2" and not s.turnup_up and s.closed_by < 0:
                    out.append(s.copy())
                    break
                if kind == "trick4" and s.trick_no == 4 and s.stock_open:
                    out.append(s.copy())
                    break
            s.step(bot.choose(s.view(s.to_act), rng))
    return out


def measure(states: list[State], margin: bool) -> tuple[list[float], list[int]]:
    times, nodes = [], []
    for s in states:
        solver = Solver(margin=margin)
        t = time.perf_counter()
        solver.value(s)
        times.append(time.perf_counter() - t)
        nodes.append(solver.nodes)
    return times, nodes


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200, help="phase-2 positions (phase 1 uses n/4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=0, help="whole deals to solve (margin=False)")
    ap.add_argument("--game", default="sixty-six")
    args = ap.parse_args()
    print(header())
    kinds = [("phase2", args.n), ("trick4", max(1, args.n // 4))] if args.n else []
    for kind, n in [*kinds, *([("deal", args.deals)] if args.deals else [])]:
        states = positions(kind, n, args.seed, args.game)
        for margin in (True, False) if kind != "deal" else (False,):
            times, nodes = measure(states, margin)
            ms = [1000 * t for t in times]
            print(f"{kind:7} margin={str(margin):5} n={len(ms):4}  median {statistics.median(ms):7.2f} ms"
                  f"  p90 {pct(ms, 0.9):7.2f} ms  p99 {pct(ms, 0.99):7.2f} ms  max {max(ms):7.2f} ms"
                  f"  nodes median {int(statistics.median(nodes))}, total {sum(nodes)}")


if __name__ == "__main__":
    main()
