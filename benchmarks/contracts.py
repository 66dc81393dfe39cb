"""Bauernschnapsen: how often each contract wins the auction and is made, with one bot bidding.

Deals ``--hands`` seeded hands (hand i: seed ``--seed`` + i, the dealer i % 4), lets ``--bidder``
(default ``master``) take every decision before play at all four seats — cut or knock, trumps,
the auction, kontra and its answers — and ``--player`` (default: the bidder) play the cards out.
Prints, per contract: times it won the auction, times made, the rate made with its 95% interval,
and how often it was doubled. Prints figures (and the exact command); never asserts.

Usage: ``python benchmarks/contracts.py [--hands 1000] [--seed 1] [--bidder master]
[--player casual] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import header

from sixtysix.bots import make_bot  # noqa: E402
from sixtysix.engine.phases import PH_PLAY  # noqa: E402
from sixtysix.engine.state import State  # noqa: E402
from sixtysix.games import make_game  # noqa: E402
from sixtysix.research.tournament import wilson  # noqa: E402

GAME = "bauernschnapsen"


def play_hand(i: int, seed: int, bidder: str, player: str) -> tuple[str, bool, int]:
    """(contract, made, doubling factor) of hand ``i``, its deal and the bots' choices seeded."""
    game = make_game(GAME)
    dealer = i % 4
    state = State.new(game, dealer, game.shuffled_deal(seed + i, dealer, (0, 1, 2, 3)))
    bid_bots = [make_bot(bidder) for _ in range(4)]
    play_bots = [make_bot(player) for _ in range(4)]
    rng = random.Random(seed * 7919 + i)
    while not state.over:
        # Everything before play (deal choice, trumps, auction, doubling) is the bidder's.
        bots = play_bots if state.phase == PH_PLAY else bid_bots
        state.apply(bots[state.to_act].choose(state.view(state.to_act), rng))
    c = state.contract
    assert c is not None, "every hand ends under a contract (forehand may not pass)"
    made = state.game_points()[state.declarer] > 0
    return c.name, made, state.factor


def _chunk(args: tuple[list[int], int, str, str]) -> list[tuple[str, bool, int]]:
    hands, seed, bidder, player = args
    return [play_hand(i, seed, bidder, player) for i in hands]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bidder", default="master", help="the bot that bids at all four seats")
    ap.add_argument("--player", default=None, help="the bot that plays the cards (the bidder)")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    player = args.player or args.bidder
    print(header())
    start = time.perf_counter()
    k = max(1, args.workers)
    jobs = [(list(range(w, args.hands, k)), args.seed, args.bidder, player) for w in range(k)]
    if k > 1:
        with ProcessPoolExecutor(max_workers=k) as pool:
            results = [r for chunk in pool.map(_chunk, jobs) for r in chunk]
    else:
        results = _chunk(jobs[0])
    wall = time.perf_counter() - start
    game = make_game(GAME)
    print(f"{args.hands} hands of {GAME}, bidding: {args.bidder}, play: {player}, "
          f"{wall:.0f} s")
    print(f"{'contract':<22}{'won auction':>12}{'share':>8}{'made':>7}{'rate':>7}"
          f"{'95% interval':>16}{'doubled':>9}")
    for c in game.contracts:
        rows = [r for r in results if r[0] == c.name]
        n = len(rows)
        made = sum(1 for r in rows if r[1])
        doubled = sum(1 for r in rows if r[2] > 1)
        if n:
            lo, hi = wilson(made, n)
            rate, ci = f"{made / n:.0%}", f"{lo:.0%}-{hi:.0%}"
        else:
            rate = ci = "-"
        print(f"{c.name:<22}{n:>12}{n / len(results):>8.1%}{made:>7}{rate:>7}{ci:>16}"
              f"{doubled:>9}")


if __name__ == "__main__":
    main()
