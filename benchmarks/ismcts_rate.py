"""ISMCTS iterations per second, at the start of a Sixty-Six hand and in mid-game, for the plain
playouts and with exact endgames (``endgame=true``), with the playout kernels (``engine/kernel*.py``:
every game has one) and without. Prints figures; never asserts.

Usage: ``python benchmarks/ismcts_rate.py [--deals 10] [--iterations 400] [--workers 1]
[--games all] [--after 0,6] [--stock 0,2] [--net 0,1]``; ``--after`` lists the decisions of casual
play before the measured ones, ``--stock`` lists the ``stock=`` values the endgame rows take
(solving from that many stock cards left), ``--net`` their ``net=`` values (Sixty-Six's learned
value of a world, ``master``'s: ``--games sixty-six --net 1``);
``--workers 2`` measures root parallelism (the pool starts before the clock does).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import time

from machine import header

from sixtysix._core import core_name
from sixtysix.bots import make_bot
from sixtysix.bots.ismcts import Ismcts
from sixtysix.engine.match import Match
from sixtysix.engine.view import View
from sixtysix.games import GAMES, make_game


def views(game_id: str, deals: int, after: int, seed: int) -> list[View]:
    """Views of the seat to act after ``after`` decisions of casual play, one per deal."""
    g = make_game(game_id)
    rng = random.Random(seed)
    bot = make_bot("casual")
    out = []
    while len(out) < deals:
        m = Match(g, dealer=0)
        s = m.deal_hand(seed=rng.randrange(2**31))
        for _ in range(after):
            if s.over:
                break
            s.step(bot.choose(s.view(s.to_act), rng))
        if not s.over and len(s.legal_actions()) > 1:
            out.append(s.view(s.to_act))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--games", default="sixty-six,schnapsen,four-hand-sixty-six",
                    help="comma-separated game ids ('all': every game)")
    ap.add_argument("--after", default="0,6", help="comma-separated decisions of casual play "
                    "before the measured one")
    ap.add_argument("--stock", default="0", help="comma-separated stock= values of the "
                    "endgame rows")
    ap.add_argument("--net", default="0", help="comma-separated net= values of the endgame rows")
    args = ap.parse_args()
    games = sorted(GAMES) if args.games == "all" else args.games.split(",")
    print(header())
    print(f"core: {core_name()}; load average: {os.getloadavg()[0]:.1f}")
    for game_id in games:
        for after in (int(a) for a in args.after.split(",")):
            vs = views(game_id, args.deals, after, args.seed)
            rows = [(False, 0, 0.0)] + [(True, int(k), float(n)) for k in args.stock.split(",")
                                        for n in args.net.split(",")]
            for endgame, stock, net in rows:
                if endgame and game_id not in ("sixty-six", "schnapsen", "four-hand-sixty-six",
                                               "north-american-sixty-six", "bauernschnapsen",
                                               "gaigel"):
                    continue  # exact endgames: the two-sided games the kernels solve
                for kernel in (False, True):  # every game's playouts now have a kernel
                    bot = Ismcts(iterations=args.iterations, endgame=endgame, stock=stock,
                                 net=net, workers=args.workers, kernel=kernel)
                    bot.choose(vs[0], random.Random(0))  # start the pool, fill caches
                    # What the rows before left behind is not this row's to collect: a full
                    # collection of it, timed here, cost one row 70% in a run (session 66).
                    gc.collect()
                    gc.freeze()
                    t, cpu = time.perf_counter(), time.process_time()
                    for v in vs:
                        bot.choose(v, random.Random(0))
                    dt, dcpu = time.perf_counter() - t, time.process_time() - cpu
                    eg = f"endgame={str(endgame):5}" + (f" stock={stock}" if stock else "") + \
                        (f" net={net:g}" if net else "")
                    print(f"{game_id:20} after {after:2} decisions  {eg:27}  "
                          f"kernel={str(kernel):5}  {args.iterations * len(vs) / dt:8.0f} "
                          f"iterations/s ({args.iterations * len(vs) / dcpu:8.0f} per CPU "
                          f"second)")


if __name__ == "__main__":
    main()
