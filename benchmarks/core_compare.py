"""A benchmark under both cores, side by side: the compiled core and the pure-Python one.

Run:  .venv/bin/python benchmarks/core_compare.py [--runs 3] SCRIPT [ARGS ...]
e.g.  .venv/bin/python benchmarks/core_compare.py --runs 3 benchmarks/engine_speed.py --seconds 2

Runs ``SCRIPT`` ``--runs`` times under each core, alternating (``SIXTYSIX_PURE=0``/``1``, each a
fresh process), and prints every line of its output with each number replaced by the median of
that number over the runs: the compiled core's lines, then the pure core's. Lines whose shape
changes from run to run are printed from the first run. Never asserts.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

from machine import header

_NUMBER = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?")


def run(script: list[str], pure: bool) -> list[str]:
    env = dict(os.environ, SIXTYSIX_PURE="1" if pure else "0")
    done = subprocess.run([sys.executable, *script], env=env, capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent.parent)
    return done.stdout.splitlines()


def medians(runs: list[list[str]]) -> list[str]:
    """The first run's lines, each number the median of the same number over all runs."""
    out = []
    for i, line in enumerate(runs[0]):
        same = [r[i] for r in runs if i < len(r) and _NUMBER.sub("#", r[i]) == _NUMBER.sub("#", line)]
        if len(same) < len(runs) or line.startswith(("machine:", "command:")):
            out.append(line)
            continue
        cols = [[float(m.replace(",", "")) for m in _NUMBER.findall(x)] for x in same]
        meds = iter([statistics.median(c[j] for c in cols) for j in range(len(cols[0]))])
        out.append(_NUMBER.sub(lambda m, meds=meds: _like(m.group(), next(meds)), line))
    return out


def _like(text: str, v: float) -> str:
    """``v`` written as ``text`` is: as many decimals, thousands separated if it was."""
    digits = len(text.split(".")[1]) if "." in text else 0
    return f"{v:,.{digits}f}" if "," in text else f"{v:.{digits}f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("script", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    results: dict[bool, list[list[str]]] = {False: [], True: []}
    for _ in range(args.runs):
        for pure in (False, True):
            results[pure].append(run(args.script, pure))
    print(header() + f" (medians of {args.runs} runs per core, alternating)")
    for pure in (False, True):
        print(f"---- {'pure Python core (SIXTYSIX_PURE=1)' if pure else 'compiled core'}")
        for line in medians(results[pure]):
            if not line.startswith(("machine:", "command:")):
                print("  " + line)


if __name__ == "__main__":
    main()
