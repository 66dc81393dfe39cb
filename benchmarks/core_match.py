"""Strength from speed: the same bot on the compiled core against itself on the pure core, at the
same thinking time per move, over seat-swapped matches (issue 16, item 4).

Each core runs in its own ``sixtysix engine`` process (docs/engine-protocol.md), one started with
``SIXTYSIX_PURE=1``; this driver holds the match, asks the engine of the seat to act for its move
with that seat's record (``records.seat_record``: the engine sees only what the seat may know)
and applies the answer. Both players pay the same protocol overhead, and only one thinks at a
time. Every deal is played twice, the cores swapping seats. Prints the compiled core's match win
rate with a 95% Wilson interval and the game points; never asserts.

Usage: ``python benchmarks/core_match.py [--game sixty-six] [--bot master] [--time 0.05]
[--deals 20]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

from machine import header

from sixtysix.engine.match import Match
from sixtysix.games import make_game
from sixtysix.records import seat_record
from sixtysix.research.tournament import wilson

ROOT = Path(__file__).resolve().parent.parent
CORES = ("compiled", "pure")


class Engine:
    """One ``sixtysix engine`` child process on one core."""

    def __init__(self, core: str, bot: str, seconds: float) -> None:
        env = dict(os.environ, SIXTYSIX_PURE="1" if core == "pure" else "0",
                   PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.version = subprocess.run([sys.executable, "-m", "sixtysix", "--version"], env=env,
                                      capture_output=True, text=True, check=True).stdout.strip()
        self.proc = subprocess.Popen([sys.executable, "-m", "sixtysix", "engine", "--bot", bot,
                                      "--time", str(seconds)], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.stdin: IO[str] = self.proc.stdin  # type: ignore[assignment]
        self.stdout: IO[str] = self.proc.stdout  # type: ignore[assignment]
        hello = json.loads(self.stdout.readline())
        if not hello.get("ready"):
            raise RuntimeError(f"engine on the {core} core did not start: {hello}")

    def ask(self, req: dict[str, Any]) -> dict[str, Any]:
        self.stdin.write(json.dumps(req) + "\n")
        answer: dict[str, Any] = json.loads(self.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"engine refused {req}: {answer}")
        return answer

    def close(self) -> None:
        self.ask({"cmd": "quit"})
        self.proc.wait(timeout=30)


def play(game_id: str, engines: list[Engine], deal: int) -> tuple[list[int], list[int], int]:
    """One match, seat ``p`` played by ``engines[p]``: winners, game points per seat, hands."""
    game = make_game(game_id)
    rng = random.Random(deal)
    m = Match(game, dealer=game.first_dealer(rng))
    gp = [0] * game.n_seats
    move = 0
    while not m.complete:
        m.deal_hand(seed=rng.randrange(2**31))
        hand = m.hand
        assert hand is not None
        while m.in_hand:
            p = hand.to_act
            move += 1
            answer = engines[p].ask({"record": seat_record(m.record(), p), "values": False,
                                     "seed": deal * 1000 + move})
            m.apply(answer["action"])
        for p, g in enumerate(m.results[-1].game_points):
            gp[p] += g
    return list(m.winner or []), gp, len(m.results)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--bot", default="master")
    ap.add_argument("--time", type=float, default=0.05, help="seconds per move, both cores")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--first", type=int, default=0,
                    help="the first deal's number (to split a long run into parts)")
    args = ap.parse_args()
    print(header())
    engines = {core: Engine(core, args.bot, args.time) for core in CORES}
    for core, e in engines.items():
        print(f"{core}: {e.version}")
    print(f"load average: {os.getloadavg()[0]:.1f}")
    wins = {core: 0.0 for core in CORES}
    points = {core: 0 for core in CORES}
    matches = hands = 0
    start = time.perf_counter()
    for deal in range(args.first, args.first + args.deals):
        for seats in (CORES, CORES[::-1]):
            winners, gp, n = play(args.game, [engines[c] for c in seats], deal)
            for p, core in enumerate(seats):
                wins[core] += (p in winners) / len(winners) if winners else 0.5
                points[core] += gp[p]
            matches += 1
            hands += n
        lo, hi = wilson(wins["compiled"], matches)
        print(f"after {matches:4} matches ({hands} hands, {time.perf_counter() - start:.0f} s): "
              f"compiled wins {wins['compiled']:.1f} = {wins['compiled'] / matches:.3f} "
              f"[{lo:.3f}, {hi:.3f}]; game points compiled {points['compiled']}, "
              f"pure {points['pure']}", flush=True)
    for e in engines.values():
        e.close()
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
