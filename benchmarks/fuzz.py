"""The fuzzer as a long run: as many hands per game as the time allows, with the rate.

Run:  .venv/bin/python benchmarks/fuzz.py [--hands 1000000] [--time 3600] [--workers 2] [--seed 1]
      [--games sixty-six,schnapsen] [--every 60]

A thin wrapper around ``sixtysix.research.fuzz.run_fuzz`` (the code behind ``sixtysix fuzz``)
that prints the machine, the command, a line of counts every ``--every`` seconds and the summary.
Violations are written to ``--out`` as records; the exit status is 1 if there were any.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import header

from sixtysix.games import GAMES  # noqa: E402
from sixtysix.research.fuzz import GameTally, run_fuzz, write_found  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000, help="hands per game")
    ap.add_argument("--time", type=float, default=None, help="stop starting work after seconds")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default=",".join(sorted(GAMES)))
    ap.add_argument("--every", type=float, default=60.0, help="seconds between progress lines")
    ap.add_argument("--out", default="fuzz-violations")
    args = ap.parse_args()
    print(header(), flush=True)
    games = [g for g in args.games.split(",") if g]
    start = time.perf_counter()
    counts = {g: 0 for g in games}
    found = {g: 0 for g in games}
    last = [start]

    def progress(tally: GameTally, done: int) -> None:
        counts[tally.game] = tally.hands
        found[tally.game] = len(tally.found)
        now = time.perf_counter()
        if now - last[0] >= args.every:
            last[0] = now
            total = sum(counts.values())
            print(f"{now - start:8.0f} s  {total:,} hands ({total / (now - start):,.0f}/s), "
                  f"{sum(found.values())} violation(s)  "
                  + "  ".join(f"{g} {n:,}" for g, n in counts.items()), flush=True)

    summary = run_fuzz(games, args.hands, seed=args.seed, workers=args.workers,
                       seconds=args.time, progress=progress, chunk=200)
    print(summary.text())
    for t in summary.games.values():
        rate = t.hands / summary.seconds if summary.seconds else 0.0
        print(f"{t.game}: {t.hands:,} hands, {rate:,.1f} hands/s of this game "
              f"(games share the workers)")
        for i, f in enumerate(t.found, 1):
            print(f"record written: {write_found(f, args.out, i)}")
    return 1 if summary.violations else 0


if __name__ == "__main__":
    sys.exit(main())
