"""Where in a hand the hidden cards cost the level: the oracle only from a stage of the hand on.

Session 62's diagnostic. The level (``master``'s search at the given time a move) plays its own
moves until the stock holds ``--stock S`` cards or fewer (the turned-up trump counted) or is
closed; from there ``benchmarks/oracle.py``'s oracle plays for it (its worlds hold the opponent's
actual hand, the closed or exhausted stock solved on the true position). With ``--stock 0`` it is
told only once the stock is closed (an exhausted stock leaves nothing hidden); with ``--stock 12``
it is the whole oracle; with ``--stock -1``, never (the control: the level through the same
code). With ``--close all`` it also decides every close (whether to close, wherever it may: the
level's best other action where it does not); with ``--close veto`` it may only undo the level's
closes, with ``--close add`` only close where the level would not. The difference between
stages on the same deals says where a better imperfect-information search could still win
matches: an exact solve of the last tricks of phase 1 needs a large gain from a small ``S`` to be
worth building. Seat-swapped matches on the deals ``strength.py`` plays from the same seed.
Prints figures; never asserts.

    PYTHONPATH=benchmarks python benchmarks/results/session62/late_oracle.py --stock S
        [--close all|veto|add] --matches N --seed SEED [--seconds 0.1] [--opponent master:seconds=0.1]
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from oracle import Choice, match_args, oracle_choice, tally

from sixtysix.bots import make_bot
from sixtysix.bots.solver import Solver
from sixtysix.engine import State
from sixtysix.engine.actions import CLOSE


def late_choice(stock: int, seconds: float, told: list[int], close: str = "") -> Choice:
    """The level's move while the stock is open and holds more than ``stock`` cards, the oracle's
    after; ``told`` counts the oracle's decisions, the level's, and the closes the oracle took or
    undid against the level's choice (with ``all``, every close it took). ``close``: the oracle
    also decides, at every decision where closing is legal, whether to close (the level's best
    other action where it does not): ``all`` of them, only a ``veto`` of the level's closes, or
    only closes it ``add``s to the level's."""
    level = make_bot(f"master:seconds={seconds:g}")

    def choice(state: State, seat: int, secs: float, rng: random.Random, solver: Solver) -> int:
        view = state.view(seat)
        left = view.facedown + (1 if view.turnup_up else 0)
        if stock >= 0 and (view.closed_by >= 0 or left <= stock):
            told[0] += 1
            return oracle_choice(state, seat, secs, rng, solver)
        if close and CLOSE in view.legal:
            told[0] += 1
            mine = -1 if close == "all" else level.choose(view, rng)
            if close == "veto" and mine != CLOSE or close == "add" and mine == CLOSE:
                return mine
            if oracle_choice(state, seat, secs, rng, solver) == CLOSE:
                told[2] += mine != CLOSE
                return CLOSE
            if mine >= 0 and mine != CLOSE:
                return mine
            told[2] += mine == CLOSE
            values = level.action_values(view, rng)
            return max((a for a in view.legal if a != CLOSE), key=values.__getitem__)
        told[1] += 1
        return level.choose(view, rng)
    return choice


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stock", type=int, default=0)
    ap.add_argument("--close", choices=["", "all", "veto", "add"], default="")
    match_args(ap, 0.1, "master:seconds=0.1")
    a = ap.parse_args()
    print(" ".join(sys.argv), flush=True)
    start = time.perf_counter()
    told = [0, 0, 0]
    figures = tally("sixty-six", a.opponent, a.matches, a.seed, a.seconds,
                    lambda deal: late_choice(a.stock, a.seconds, told, a.close))
    closes = f" and closes ({a.close})" if a.close else ""
    print(f"oracle from {a.stock} stock card(s){closes} at {a.seconds:g} s vs {a.opponent}: "
          f"{figures}; oracle's decisions {told[0]}, the level's {told[1]}, closes changed "
          f"{told[2]}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
