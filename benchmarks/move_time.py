"""Seconds a search bot takes for a move given a time per move: asked for its move (``choose``,
which may stop once more thinking could not change the move) against asked for every action's
value (``action_values``, or ``decide`` for ``master2``, which think to the deadline), on the same
positions with the same seeds.

Positions: the seat to act at random points of hands that ``casual`` plays, wherever it has a
choice. Prints the mean, median and longest seconds of each, and how often the two picked the
same move (two searches against the clock differ now and then anyway: the iterations reached by
the deadline vary with the machine's load). Never asserts.

Usage: ``python benchmarks/move_time.py [--game sixty-six] [--bot master-v1] [--seconds 0.5]
[--positions 60] [--seed 5]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from machine import header

from sixtysix._core import core_name
from sixtysix.bots import make_bot
from sixtysix.bots.choices import best_action
from sixtysix.engine.match import Match
from sixtysix.engine.state import State
from sixtysix.games import make_game


def positions(game_id: str, n: int, seed: int) -> list[State]:
    """``n`` positions with a choice, about three in ten of the decisions of casual play."""
    g = make_game(game_id)
    rng = random.Random(seed)
    casual = make_bot("casual")
    out: list[State] = []
    while len(out) < n:
        s = Match(g, dealer=rng.randrange(g.rules.n_seats)).deal_hand(seed=rng.randrange(2**31))
        while not s.over and len(out) < n:
            view = s.view(s.to_act)
            if len(view.legal) > 1 and rng.random() < 0.3:
                out.append(s.copy())
            s.step(casual.choose(view, rng))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--bot", default="master-v1", help="a search bot that takes seconds=")
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    print(header())
    print(f"core: {core_name()}")
    spec = f"{args.bot}:seconds={args.seconds}"
    chosen: list[float] = []
    full: list[float] = []
    same = 0
    for i, s in enumerate(positions(args.game, args.positions, args.seed)):
        view = s.view(s.to_act)
        start = time.perf_counter()
        a = make_bot(spec).choose(view, random.Random(i))
        chosen.append(time.perf_counter() - start)
        bot = make_bot(spec)
        start = time.perf_counter()
        if hasattr(bot, "decide"):  # master2: its move and the values, from one search
            b = bot.decide(view, random.Random(i))[0]
        else:
            b = best_action(bot.action_values(view, random.Random(i)))  # type: ignore[attr-defined]
        full.append(time.perf_counter() - start)
        same += a == b
    for name, xs in (("choose (may stop early)", chosen), ("to the deadline", full)):
        print(f"{args.game} {spec} {name:32s} mean {statistics.mean(xs):.3f} s, "
              f"median {statistics.median(xs):.3f} s, most {max(xs):.3f} s")
    print(f"same move in {same} of {len(chosen)} positions")


if __name__ == "__main__":
    main()
