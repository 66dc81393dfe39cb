"""How long a bot thinking in a worker thread holds up the other threads (as the server's event
loop, which thinks for a table's computer seat or hint in a worker thread).

Run:  .venv/bin/python benchmarks/thread_stall.py [--bots strong,master] [--seconds 2]
      [--games sixty-six,north-american-sixty-six]

For each game and bot, the first decision of a seeded deal is thought over in a thread while this
thread wakes every millisecond; prints the longest and the 99th-percentile wait between wakes
and how many wakes there were. The compiled core holds the interpreter lock while it runs: the
search hands it over at each look at its clock (``sixtysix.bots.base.clock``). Never asserts.
"""

from __future__ import annotations

import argparse
import random
import threading
import time

from machine import header

from sixtysix.bots import make_bot
from sixtysix.engine.match import Match
from sixtysix.games import make_game


def stall(game_id: str, spec: str, seed: int = 7) -> tuple[float, float, int, float]:
    """The longest and the 99th-percentile gap between this thread's wakes, their number, and the
    seconds the bot thought."""
    s = Match(make_game(game_id), dealer=1).deal_hand(seed=seed)
    bot = make_bot(spec)
    worker = threading.Thread(target=bot.choose, args=(s.view(s.to_act), random.Random(seed)))
    start = last = time.perf_counter()
    gaps: list[float] = []
    worker.start()
    while worker.is_alive():
        time.sleep(0.001)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    gaps.sort()
    return gaps[-1], gaps[int(len(gaps) * 0.99)], len(gaps), last - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="strong,master")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--games", default="sixty-six,north-american-sixty-six")
    args = ap.parse_args()
    print(header())
    print(f"{'game':26} {'bot':22} {'thought':>8} {'wakes':>6} {'longest wait':>13} {'99th pct':>9}")
    for game_id in args.games.split(","):
        for name in args.bots.split(","):
            spec = f"{name}:seconds={args.seconds:g}"
            longest, p99, wakes, took = stall(game_id, spec)
            print(f"{game_id:26} {spec:22} {took:7.2f}s {wakes:6d} {longest * 1000:11.1f}ms "
                  f"{p99 * 1000:7.1f}ms")


if __name__ == "__main__":
    main()
