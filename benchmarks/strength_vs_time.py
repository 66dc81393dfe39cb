"""Strength against thinking time: ISMCTS at several times per move against a fixed opponent,
seat-swapped duplicate matches, win rate with a 95% (Wilson) interval, drawn as a plot.

Usage: ``python benchmarks/strength_vs_time.py [--game sixty-six] [--times 0.02,0.05,0.1,0.2]
[--opponent casual] [--bot ismcts] [--matches 40] [--workers 2] [--seed 1] [--plot FILE.png]``.
Prints the figures with the machine and the command; never asserts.

``--logs 'runs/*.log' ['more/*.log' ...]`` plays nothing: it pools the results that
``benchmarks/strength.py`` printed in the files the patterns match (one bot at several
``seconds=`` against one opponent, in as many runs as the matches took) and draws those.
"""

from __future__ import annotations

import argparse
import glob
import re
import time

from machine import header

from sixtysix.research.plots import strength_plot
from sixtysix.research.tournament import run_tournament, wilson


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--times", default="0.02,0.05,0.1,0.2")
    ap.add_argument("--opponent", default="casual")
    ap.add_argument("--bot", default="ismcts", help="the bot whose time varies (e.g. master2)")
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", default="strength_vs_time.png")
    ap.add_argument("--logs", nargs="+",
                    help="pool strength.py outputs in files matching these patterns instead")
    args = ap.parse_args()
    print(header())
    if args.logs:
        points, title = pooled(sorted({p for pattern in args.logs for p in glob.glob(pattern)}))
        strength_plot(points, args.plot, title)
        print(f"plot: {args.plot}")
        return
    points = []
    for t in (float(x) for x in args.times.split(",") if x):
        start = time.perf_counter()
        me = f"{args.bot}:seconds={t:g}"
        s = run_tournament(args.game, [me, args.opponent], matches=args.matches, seed=args.seed,
                           workers=args.workers, progress=False)
        st = s.stats[me]
        lo, hi = wilson(st.match_score, st.matches)
        rate = st.match_score / st.matches
        points.append((t, rate, lo, hi))
        print(f"{t:>6g} s/move: {rate:6.1%} of {st.matches} matches against {args.opponent} "
              f"(95% CI {lo:.1%}-{hi:.1%}), {time.perf_counter() - start:.0f} s", flush=True)
    strength_plot(points, args.plot, f"{args.game}: {args.bot} against {args.opponent}")
    print(f"plot: {args.plot}")


_RESULT = re.compile(r"^(\S+) .*: (\S+) vs (\S+): \S+ won ([\d.]+) of (\d+) matches")


def pooled(paths: list[str]) -> tuple[list[tuple[float, float, float, float]], str]:
    """The points and title of strength.py's results in ``paths``: the first bot's match wins,
    pooled by its ``seconds=``; every result must be one bot against one opponent in one game."""
    wins: dict[float, list[float]] = {}
    seen = set()
    for path in paths:
        with open(path) as f:
            for line in f:
                m = _RESULT.match(line)
                if not m:
                    continue
                game, bot, opponent, won, n = m.groups()
                params = bot.partition(":")[2].split(",")
                t = [float(p[8:]) for p in params if p.startswith("seconds=")]
                rest = [p for p in params if not p.startswith("seconds=")]
                if len(t) != 1:
                    raise SystemExit(f"{path}: {bot} names no seconds=")
                seen.add((game, bot.partition(":")[0], tuple(rest), opponent))
                w = wins.setdefault(t[0], [0.0, 0])
                w[0] += float(won)
                w[1] += int(n)
                print(f"{path}: {bot} won {won} of {n} against {opponent}")
    if len(seen) != 1:
        raise SystemExit(f"need one bot against one opponent in one game, found {sorted(seen)}")
    (game, name, rest, opponent), = seen
    points = []
    for t in sorted(wins):
        w, n = wins[t]
        lo, hi = wilson(w, n)
        points.append((t, w / n, lo, hi))
        print(f"{t:>6g} s/move: {w / n:6.1%} of {n} matches against {opponent} "
              f"(95% CI {lo:.1%}-{hi:.1%})")
    bot = name + (":" + ",".join(rest) if rest else "")
    return points, f"{game}: {bot} against {opponent}"


if __name__ == "__main__":
    main()
