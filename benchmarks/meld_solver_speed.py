"""The Terts and Gaigel kernels' solvers (``TertsHand.solve``, ``GaigelHand.solve``: the last
tricks of a playout, with ``ismcts:endgame=true,cards=N``) against ``bots.solver.Solver`` through
``State``, on positions the casual bot's play reaches with N cards left in the hands.

Prints figures (each value checked against the State solver's, unless ``--no-check``). Usage:
``python benchmarks/meld_solver_speed.py [--n 100] [--seed 1] [--cards 8,10,12] [--games
terts,gaigel] [--stock-gone] [--no-check]``; Gaigel's whole phase 2: ``--games gaigel --cards
16,18,20 --stock-gone --no-check``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from machine import header
from solver_speed import pct

from sixtysix.bots import make_bot
from sixtysix.bots.solver import SCALE, Solver
from sixtysix.engine.match import Match
from sixtysix.engine.state import State
from sixtysix.games import make_game
from sixtysix.games.gaigel import kernel as kernel_gaigel
from sixtysix.games.terts import kernel as kernel_terts

KERNELS = {"terts": kernel_terts, "gaigel": kernel_gaigel}


def positions(game: str, cards: int, n: int, seed: int, stock_gone: bool = False) -> list[State]:
    """``n`` positions of ``game`` where the casual bot's play first has at most ``cards`` cards
    left in the hands (hands that end sooner, by a knock or an Auf Dissle, give none);
    ``stock_gone``: and the stock is drawn."""
    g = make_game(game)
    rng = random.Random(seed)
    bot = make_bot("casual")
    out: list[State] = []
    while len(out) < n:
        s = Match(g, dealer=rng.randrange(g.n_seats)).deal_hand(seed=rng.randrange(2**31))
        while not s.over and (sum(h.bit_count() for h in s.hands) > cards
                              or stock_gone and s.stock_open):
            s.step(bot.choose(s.view(s.to_act), rng))
        if not s.over:
            out.append(s)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=100, help="positions per game and card count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", default="8,10,12")
    ap.add_argument("--games", default="terts,gaigel")
    ap.add_argument("--stock-gone", action="store_true",
                    help="positions with the stock drawn (Gaigel's phase 2 from 20 cards)")
    ap.add_argument("--no-check", action="store_true",
                    help="time the kernel only (the State solver takes seconds from 16 cards)")
    args = ap.parse_args()
    print(header())
    for game in args.games.split(","):
        own = KERNELS[game]
        for cards in (int(c) for c in args.cards.split(",")):
            kernel_ms: list[float] = []
            state_ms: list[float] = []
            for s in positions(game, cards, args.n, args.seed, args.stock_gone):
                h = own.pack(s)
                t = time.perf_counter()
                v = h.solve(SCALE, True)
                kernel_ms.append(1000 * (time.perf_counter() - t))
                if args.no_check:
                    continue
                t = time.perf_counter()
                assert Solver().value(s) == v  # the same value, or the figures mean nothing
                state_ms.append(1000 * (time.perf_counter() - t))
            state = f"  |  through State median {statistics.median(state_ms):7.3f} ms  p90 " \
                f"{pct(state_ms, 0.9):7.3f} ms" if state_ms else ""
            print(f"{game:6} {cards:2} cards n={len(kernel_ms):4}  kernel median "
                  f"{statistics.median(kernel_ms):7.3f} ms  p90 {pct(kernel_ms, 0.9):7.3f} ms  "
                  f"max {max(kernel_ms):7.2f} ms{state}")


if __name__ == "__main__":
    main()
