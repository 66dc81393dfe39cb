"""Bots graded on the same phase-1 decisions: how much each gives away there, paired.

``leaf_values.py --dump FILE`` (read here as it is, or gzipped as ``FILE.gz``) keeps, for each
of its positions (a decision with the stock open, every card and the stock's order fixed), the
value ``T`` of each legal action: the world after it played on by a reference bot at both seats,
each from its own view. Here each bot of ``--bots`` decides every such position from the seat's
view only, and its regret is ``T`` of the best action less ``T`` of its choice, in game points.
All bots meet the same positions and the same values, so their differences are paired and far
less noisy than whole matches. What it cannot see: decisions after the stock is gone or closed
(where the levels solve), a bot's own later play (``T`` is the reference bot's), and how the
world each position holds favours one choice (the same for every bot, but large: most of each
regret). So it grades one part of a bot: in 400 Sixty-Six positions `casual` gives away no more
there than `master` (docs/master.md), whose lead in matches comes from elsewhere.

Usage: ``python benchmarks/decision_regret.py FILE [FILE ...] [--bots "master:seconds=0.5;strong"]
[--repeats 1] [--workers 2]`` (``--bots`` separated by ``;``: a bot's parameters take commas).
Prints figures with the machine and the command; never asserts.
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

from leaf_values import load_dump, mean_se, position
from machine import header

from sixtysix.bots import make_bot


def grade(task: tuple[str, str, int, int, dict[str, float], list[str], int]) -> list[float]:
    """The mean regret of each bot over ``repeats`` decisions of one position."""
    game, ref_bot, hand, seed, ref, bots, repeats = task
    s = position(game, ref_bot, hand, seed)
    assert s is not None and sorted(map(int, ref)) == sorted(s.legal_actions())
    top = max(ref.values())
    view = s.view(s.to_act)
    out = []
    for spec in bots:
        total = 0.0
        for k in range(repeats):
            a = make_bot(spec).choose(view, random.Random(hand * 1_000 + k))
            total += top - ref[str(a)]
        out.append(total / repeats)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dumps", nargs="+")
    ap.add_argument("--bots", default="master:seconds=0.5;strong",
                    help="bots separated by ';'; the first is the one the others are paired with")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    bots = [b for b in args.bots.split(";") if b]
    print(header())
    tasks = []
    for path in args.dumps:
        d = load_dump(path)
        tasks += [(d["game"], d["bot"], r["hand"], d["seed"], r["ref"], bots, args.repeats)
                  for r in d["rows"]]
    t0 = time.time()
    with Pool(args.workers) as pool:
        rows = pool.map(grade, tasks)
    n = len(rows)
    print(f"{n} positions from {', '.join(args.dumps)}; {args.repeats} decision(s) a bot and "
          f"position; {time.time() - t0:.0f} s")
    print("| bot | mean regret (game points) | best action chosen |")
    print("|---|---|---|")
    for i, spec in enumerate(bots):
        xs = [r[i] for r in rows]
        m, se = mean_se(xs)
        print(f"| `{spec}` | {m:.3f} ± {se:.3f} | {sum(x < 1e-9 for x in xs)}/{n} |")
    for i in range(1, len(bots)):
        m, se = mean_se([r[i] - r[0] for r in rows])
        print(f"`{bots[i]}` less `{bots[0]}`: {m:+.3f} ± {se:.3f} game points a decision")


if __name__ == "__main__":
    main()
