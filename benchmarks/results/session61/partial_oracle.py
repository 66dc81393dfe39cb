"""What part of the opponent's hand is worth: the level told K of the opponent's hidden cards.

Session 61's check of the straight line it drew between inference and match wins: the level's
search (``master``'s ``ismcts:endgame=true,net=1``, its closed-stock solver included) whose every
world gives the opponent K cards of its actual hidden hand, drawn at random at each decision
(the rest of the hand and the stock as uniform worlds draw them). Knowing one card of six hidden
among seventeen unseen is about 1.0 nat at the first lead (0.6 in mid-hand); the oracle of
``benchmarks/oracle.py`` knows all of them (about 5.7 nats). Seat-swapped matches on the deals
``strength.py`` plays from the same seed. Prints figures; never asserts.

    PYTHONPATH=benchmarks python benchmarks/results/session61/partial_oracle.py --known K
        --matches N --seed S [--seconds 0.1] [--opponent master:seconds=0.1]

(``benchmarks`` on the path for ``oracle.play``, whose matches these are. Session 61's runs with
``--known 0`` and ``--known 1`` were of a first copy of this script, with that loop written out;
the run with ``--known 3`` was of this one.)
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from oracle import Choice, match_args, tally

from sixtysix.bots.inference import Sampler, _esp_table
from sixtysix.bots.search import Ismcts
from sixtysix.bots.solver import Solver
from sixtysix.cards import cards_of
from sixtysix.engine import State


def told(state: State, seat: int, k: int, rng: random.Random) -> Sampler:
    """Uniform worlds within the hard constraints, but for ``k`` of the opponent's actual hidden
    cards, which every world gives it."""
    view = state.view(seat)
    s = Sampler(view, soft=False)
    if s.single is not None:
        p, cards, w, _ = s.single
        hidden = sorted(cards_of(state.hands[p] & ~view.known[p]))
        shown = set(rng.sample(hidden, min(k, len(hidden))))
        w = [1e12 if c in shown else 1.0 for c in cards]
        s.factors[p] = dict(zip(cards, w, strict=True))
        s.single = (p, cards, w, _esp_table(w, s.need[p]))
    return s


def told_choice(k: int, deal: int) -> Choice:
    """The oracle's move of ``oracle.play``: the level's search told ``k`` of the opponent's
    hidden cards (drawn from a generator of the match's own)."""
    trng = random.Random(deal * 97 + 5)

    def choice(state: State, seat: int, seconds: float, rng: random.Random, _: Solver) -> int:
        view = state.view(seat)
        me = Ismcts(seconds=seconds, endgame=True, net=1, sample=told(state, seat, k, trng))
        return me.choose(view, rng)
    return choice


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--known", type=int, default=1)
    match_args(ap, 0.1, "master:seconds=0.1")
    a = ap.parse_args()
    print(" ".join(sys.argv), flush=True)
    start = time.perf_counter()
    figures = tally("sixty-six", a.opponent, a.matches, a.seed, a.seconds,
                    lambda deal: told_choice(a.known, deal))
    print(f"told {a.known} card(s) at {a.seconds:g} s vs {a.opponent}: {figures}; "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
