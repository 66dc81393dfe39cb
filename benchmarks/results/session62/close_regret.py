"""Would the level's own view support the closes the oracle adds? Session 62's second diagnostic.

``late_oracle.py --close add`` showed that the oracle, closing where the level would not, wins
70.5% of the matches against the level. Here the level plays the level (``master`` at the given
time a move) and at each decision where closing is legal and the level does not close, the oracle
is asked; where it would close, the position is valued three ways, each as the game points of the
closer's side less the opponent's for the hand:

* by the level's own estimates (``Ismcts.estimates``: the mean of the close's visits less that of
  its choice);
* over ``--worlds`` worlds of the level's view (uniform within the proven exclusions, as the level
  draws them), each played on from both actions by ``--bot`` for both seats on the same seeds:
  what the view supports, the worlds as the level weighs them;
* in the true world, played on the same way: what the oracle saw.

If the view's worlds favour the close, the level's close values are biased and a close valued
apart from its tree is a lead; if only the true world does, the value is the information. The
match plays on with the level's own choice. Prints a line a position and the means; never
asserts.

    PYTHONPATH=benchmarks python benchmarks/results/session62/close_regret.py --matches N
        --seed SEED [--worlds 16] [--bot ismcts:iterations=300,endgame=true,net=1] [--seconds 0.1]
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time

from oracle import Choice, match_args, oracle_choice, tally

from sixtysix.bots import Bot, make_bot
from sixtysix.bots.search import determinize, exclusions, outcome
from sixtysix.bots.solver import Solver
from sixtysix.engine import State
from sixtysix.engine.actions import CLOSE

Row = tuple[float, float, float]


def play_on(s: State, action: int, bot: Bot, seed: int) -> float:
    """Game points of the seat to act less its opponent's, ``action`` taken and the hand played
    out by ``bot`` for both seats."""
    seat = s.to_act
    rng = random.Random(seed)
    s.apply(action)
    while not s.over:
        s.apply(bot.choose(s.view(s.to_act), rng))
    return outcome(s)[seat]


def regret(state: State, mine: int, est: float, worlds: int, bot: Bot, rng: random.Random
           ) -> Row:
    """The level's estimate, the mean over the view's worlds and the true world's value of
    closing less ``mine``."""
    view = state.view(state.to_act)
    excluded = exclusions(view)
    diffs = []
    for _ in range(worlds):
        world = determinize(view, rng, excluded)
        seed = rng.randrange(2**31)
        diffs.append(play_on(world.copy(), CLOSE, bot, seed) - play_on(world.copy(), mine, bot, seed))
    seed = rng.randrange(2**31)
    true = play_on(state.copy(), CLOSE, bot, seed) - play_on(state.copy(), mine, bot, seed)
    return est, sum(diffs) / worlds, true


def collecting(seconds: float, worlds: int, bot: Bot, rows: list[Row]) -> Choice:
    """The level's move; where it does not close and the oracle would, a row of ``regret``."""
    level = make_bot(f"master:seconds={seconds:g}")
    erng = random.Random(62)

    def choice(state: State, seat: int, secs: float, rng: random.Random, solver: Solver) -> int:
        view = state.view(seat)
        mine = level.choose(view, rng)
        if mine != CLOSE and CLOSE in view.legal and \
                oracle_choice(state, seat, secs, erng, solver) == CLOSE:
            est = level.estimates(view, erng)
            row = regret(state, mine, est[CLOSE][0] - est[mine][0], worlds, bot, erng)
            rows.append(row)
            print(f"facedown {view.facedown}, own points {view.points[view.game.rules.sides[seat]]}"
                  f": estimate {row[0]:+.2f}, view's worlds {row[1]:+.2f}, true world "
                  f"{row[2]:+.2f}", flush=True)
        return mine
    return choice


def mean_se(xs: list[float]) -> str:
    m = sum(xs) / len(xs)
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1) / len(xs))
    return f"{m:+.3f} ± {1.96 * se:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--bot", default="ismcts:iterations=300,endgame=true,net=1")
    match_args(ap, 0.1, "master:seconds=0.1")
    a = ap.parse_args()
    print(" ".join(sys.argv), flush=True)
    start = time.perf_counter()
    rows: list[Row] = []
    figures = tally("sixty-six", a.opponent, a.matches, a.seed, a.seconds,
                    lambda deal: collecting(a.seconds, a.worlds, make_bot(a.bot), rows))
    print(f"level at {a.seconds:g} s vs {a.opponent}: {figures}; {len(rows)} positions where the "
          f"oracle closes and the level does not; close less the level's choice, game points "
          f"(95%): the level's estimate {mean_se([r[0] for r in rows])}, its view's worlds "
          f"{mean_se([r[1] for r in rows])}, the true world {mean_se([r[2] for r in rows])}; "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
