"""How often closes are made: hands between two bots, seat-swapped on the same deals, counting each
bot's closes and how many of them won the hand for the closer.

A close is *made* when the closer's side scores game points in the hand. The issue's goal for
``master`` is at least 90% of closes made.

Usage: ``python benchmarks/close_rate.py [--game sixty-six] [--hands 100] [--seed 1]
[--bots master:seconds=0.1,master-v1:seconds=0.1]``. Prints figures with the machine and command;
never asserts.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from machine import header

from sixtysix.bots import make_bot
from sixtysix.bots.playout import outcome
from sixtysix.engine.actions import CLOSE
from sixtysix.engine.match import Match
from sixtysix.games import make_game
from sixtysix.research.tournament import split_bots, wilson


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--hands", type=int, default=100, help="deals (each played twice, seats swapped)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="master:seconds=0.1,master-v1:seconds=0.1")
    args = ap.parse_args()
    print(header())
    names = split_bots(args.bots)
    bots = [make_bot(b) for b in names]
    closes = dict.fromkeys(names, 0)
    made = dict.fromkeys(names, 0)
    gp = dict.fromkeys(names, 0.0)
    start = time.perf_counter()
    g = make_game(args.game)
    for deal in range(args.hands):
        for swap in (0, 1):
            seats = [names[(p + swap) % 2] for p in range(2)]
            rng = random.Random(args.seed * 1_000_003 + deal * 2 + swap)
            s = Match(g, dealer=deal % 2).deal_hand(seed=args.seed * 7919 + deal)
            closer = -1
            while not s.over:
                p = s.to_act
                a = bots[names.index(seats[p])].choose(s.view(p), rng)
                if a == CLOSE:
                    closer = p
                s.step(a)
            res = outcome(s)
            for p in range(2):
                gp[seats[p]] += res[p]
            if closer >= 0:
                closes[seats[closer]] += 1
                made[seats[closer]] += res[closer] > 0
    for b in names:
        lo, hi = wilson(made[b], closes[b]) if closes[b] else (0.0, 1.0)
        rate = made[b] / closes[b] if closes[b] else float("nan")
        print(f"{b}: {closes[b]} closes in {2 * args.hands} hands, {made[b]} made = {rate:.1%} "
              f"(95% CI {lo:.1%}-{hi:.1%}); game points per hand {gp[b] / (2 * args.hands):+.3f}")
    print(f"{time.perf_counter() - start:.0f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
