"""Engine speed: random-vs-random complete hands per second, and one legal-actions query.

Run:  .venv/bin/python benchmarks/engine_speed.py [--seconds 3] [--games sixty-six,schnapsen] [--cpu]

``--cpu`` times the hands in this process's CPU time rather than wall time: on a machine shared
with other work the wall-clock rate drops with the load, the CPU-time rate much less.

Plays whole hands with a seeded generator on one core (the ``State.step`` fast path that search
uses, choosing uniformly among ``legal_actions()``; by an index from ``rng.random()``, and again
by ``rng.choice``, which costs the harness three times as much a pick), then times single
``legal_actions()`` calls on positions sampled from such hands. Prints figures with the machine;
it never asserts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import header

from sixtysix.engine.match import Match  # noqa: E402
from sixtysix.engine.state import State  # noqa: E402
from sixtysix.games import GAMES, make_game  # noqa: E402


def hands_per_second(game_id: str, seconds: float, seed: int = 1, cpu: bool = False,
                     pick: str = "index") -> float:
    """Random hands a second. ``pick``: how the uniform choice is made, ``"index"`` (a float from
    ``rng.random()`` scaled to an index: 0.1 µs) or ``"choice"`` (``rng.choice``: 0.3 µs, which is
    a third of a hand's time once the engine is compiled)."""
    game = make_game(game_id)
    rng = random.Random(seed)
    active = Match(game, dealer=0).active_seats()  # Three-Hand: the dealer sits out
    deals = [game.shuffled_deal(rng, 0, active) for _ in range(2000)]
    choice = rng.choice
    rnd = rng.random
    n = 0
    clock = time.process_time if cpu else time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for deal in deals[:200]:
            s = State.new(game, 0, deal, active=active)
            if pick == "index":
                while s.phase != 3:
                    legal = s.legal_actions()
                    s.step(legal[int(rnd() * len(legal))])
            else:
                while s.phase != 3:
                    s.step(choice(s.legal_actions()))
            s.game_points()  # the hand is scored, as a playout would read it
            n += 1
        deals.append(deals.pop(0))
    return n / (clock() - start)


def legal_query_ns(game_id: str, samples: int = 20000, seed: int = 2) -> float:
    game = make_game(game_id)
    rng = random.Random(seed)
    active = Match(game, dealer=0).active_seats()
    states: list[State] = []
    while len(states) < 2000:
        s = State.new(game, 0, game.shuffled_deal(rng, 0, active), active=active)
        while s.phase != 3:
            if rng.random() < 0.2:
                states.append(s.copy())
            s.step(rng.choice(s.legal_actions()))
    times = []
    clock = time.perf_counter_ns
    for i in range(samples):
        s = states[i % len(states)]
        t0 = clock()
        s.legal_actions()
        times.append(clock() - t0)
    overhead = statistics.median([clock() - clock() for _ in range(10000)])
    return statistics.median(times) - overhead


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--cpu", action="store_true", help="hands per CPU second, not wall second")
    args = ap.parse_args()
    print(header() + " (one core)")
    rate = "hands/cpu-s" if args.cpu else "hands/s"
    print(f"{'game':28} {rate:>11} {'(rng.choice)':>12} {'legal query (median)':>22}")
    for gid in args.games.split(","):
        hps = hands_per_second(gid, args.seconds, cpu=args.cpu)
        by_choice = hands_per_second(gid, args.seconds, cpu=args.cpu, pick="choice")
        ns = legal_query_ns(gid)
        print(f"{gid:28} {hps:11,.0f} {by_choice:12,.0f} {ns / 1000:19.2f} µs")
    print("hands: a uniform random legal action at each step, picked by index from rng.random() "
          "(the second column: by rng.choice, slower by its own cost)")
    print("targets (Sixty-Six, issue 16): >= 100,000 hands/s, <= 0.3 µs per legal query")


if __name__ == "__main__":
    main()
