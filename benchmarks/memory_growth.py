"""Memory of a long session: the resident set size of one process playing tournament matches
(``research.tournament.play_match``, seat-swapped, their outcomes and records kept as a tournament
keeps them, unless ``--drop``), printed every ``--every`` hands, with the peak. A bounded session
levels off; a leak climbs with the hands. Prints figures; never asserts.

Usage: ``python benchmarks/memory_growth.py [--game sixty-six] [--bot master:seconds=0.05]
[--hands 400] [--every 25] [--drop]``
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path

from machine import header

from sixtysix import _core
from sixtysix.research.tournament import MatchOutcome, play_match, seatings


def rss_mb() -> float:
    """The process's resident set now (VmRSS), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    """The process's peak resident set so far (ru_maxrss, KB on Linux), in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--bot", default="master:seconds=0.05")
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--every", type=int, default=25)
    ap.add_argument("--drop", action="store_true",
                    help="keep no outcomes (their records grow with the matches by design)")
    args = ap.parse_args()
    print(header())
    print(f"core: {_core.core_name()}; load average: {os.getloadavg()[0]:.1f}")
    print(f"{'hands':>6} {'matches':>7} {'rss MB':>8} {'peak MB':>8} {'seconds':>8}")
    print(f"{0:6} {0:7} {rss_mb():8.1f} {peak_mb():8.1f} {0.0:8.1f}")
    kept: list[MatchOutcome] = []  # a tournament keeps every outcome and record
    start = time.perf_counter()
    hands = shown = deal = 0
    lineups = seatings([args.bot, args.bot], 2)
    while hands < args.hands:
        for seating in lineups:
            outcome = play_match(args.game, {}, seating, deal, names=["a", "b"])
            hands += outcome.hands
            if not args.drop:
                kept.append(outcome)
        deal += 1
        if hands - shown >= args.every or hands >= args.hands:
            shown = hands
            print(f"{hands:6} {deal * len(lineups):7} {rss_mb():8.1f} {peak_mb():8.1f} "
                  f"{time.perf_counter() - start:8.1f}", flush=True)
    print(f"peak RSS {peak_mb():.1f} MB over {hands} hands ({deal * len(lineups)} matches); "
          f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
