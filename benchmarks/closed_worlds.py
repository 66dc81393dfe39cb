"""How many solved worlds a closed-stock decision needs.

With the stock closed (and cards still face down), ISMCTS with ``exact`` (every level from
``strong`` up) solves ``worlds`` deals of the hidden cards exactly and plays the action of the best
mean (``exact.solved_values``); the level solves 30 whatever its time. This collects such
positions from hands of a bot against itself and, for each, compares the action chosen from
``N`` worlds with the values of a large reference sample (``--reference`` worlds): the loss is the
reference value of the best action less that of the chosen one, in game points, averaged over
positions and ``--repeats`` draws of the ``N`` worlds.

Usage: ``python benchmarks/closed_worlds.py [--game sixty-six] [--hands 40] [--worlds 30,100,300]
[--reference 3000] [--repeats 5] [--bot ismcts:iterations=3000,endgame=true] [--seed 1]``.
Prints figures with the machine and the command; never asserts.
"""

from __future__ import annotations

import argparse
import random
import time

from machine import header

from sixtysix.bots import make_bot
from sixtysix.bots.exact import closed_open, exact_view, solved_values
from sixtysix.bots.solver import Solver
from sixtysix.bots.worlds import exclusions
from sixtysix.engine import Match
from sixtysix.engine.view import View
from sixtysix.games import make_game


def closed_positions(game: str, bot: str, hands: int, seed: int) -> list[View]:
    """The views of every choice made with the stock closed and cards face down."""
    g = make_game(game)
    player = make_bot(bot)
    rng = random.Random(seed)
    out = []
    for h in range(hands):
        st = Match(g, dealer=h % 2).deal_hand(seed=seed * 100_003 + h)
        while not st.over:
            v = st.view(st.to_act)
            if len(v.legal) > 1 and closed_open(v) and not exact_view(v):
                out.append(v)
            st.step(player.choose(v, rng))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--bot", default="ismcts:iterations=3000,endgame=true")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--worlds", default="30,100,300")
    ap.add_argument("--reference", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(header())
    positions = closed_positions(args.game, args.bot, args.hands, args.seed)
    print(f"{len(positions)} closed-stock decisions in {args.hands} hands of {args.bot}")
    counts = [int(n) for n in args.worlds.split(",")]
    losses: dict[int, list[float]] = {n: [] for n in counts}
    solver = Solver()
    start = time.perf_counter()
    for k, v in enumerate(positions):
        excluded = exclusions(v)
        solver.clear()
        ref, _ = solved_values(v, random.Random(k), solver, None, args.reference, excluded)
        best = max(ref.values())
        for n in counts:
            for r in range(args.repeats):
                solver.clear()
                vals, _ = solved_values(v, random.Random(10**6 + k * args.repeats + r), solver,
                                        None, n, excluded)
                losses[n].append(best - ref[max(vals, key=vals.__getitem__)])
    for n, got in losses.items():
        wrong = sum(x > 1e-9 for x in got)
        print(f"{n:>6} worlds: mean loss {sum(got) / len(got):.4f} game points a decision; "
              f"an action worse than the reference's best in {100 * wrong / len(got):.1f}%")
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
