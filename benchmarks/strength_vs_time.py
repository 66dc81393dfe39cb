"""Strength against thinking time: ISMCTS at several times per move against a fixed opponent,
seat-swapped duplicate matches, win rate with a 95% (Wilson) interval, drawn as a plot.

Usage: ``python benchmarks/strength_vs_time.py [--game sixty-six] [--times 0.02,0.05,0.1,0.2]
[--opponent casual] [--matches 40] [--workers 2] [--seed 1] [--plot FILE.png]``.
Prints the figures with the machine and the command; never asserts.
"""

from __future__ import annotations

import argparse
import time

from machine import header

from sixtysix.research.plots import strength_plot
from sixtysix.research.tournament import run_tournament, wilson


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--times", default="0.02,0.05,0.1,0.2")
    ap.add_argument("--opponent", default="casual")
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", default="strength_vs_time.png")
    args = ap.parse_args()
    print(header())
    points = []
    for t in (float(x) for x in args.times.split(",") if x):
        start = time.perf_counter()
        me = f"ismcts:seconds={t:g}"
        s = run_tournament(args.game, [me, args.opponent], matches=args.matches, seed=args.seed,
                           workers=args.workers, progress=False)
        st = s.stats[me]
        lo, hi = wilson(st.match_score, st.matches)
        rate = st.match_score / st.matches
        points.append((t, rate, lo, hi))
        print(f"{t:>6g} s/move: {rate:6.1%} of {st.matches} matches against {args.opponent} "
              f"(95% CI {lo:.1%}-{hi:.1%}), {time.perf_counter() - start:.0f} s", flush=True)
    strength_plot(points, args.plot, f"{args.game}: ISMCTS against {args.opponent}")
    print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
