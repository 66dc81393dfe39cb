"""The playout kernels' speed: complete hands per second played out from dealt positions, random
and with the searches' policy, beside the same playouts through the ``State`` API: the two-seat
kernel (Sixty-Six, Schnapsen), the multi-seat one (Four-Hand, Three-Player, and North
American from the end of a random auction), Gaigel's, Terts' and Bauernschnapsen's (from the
end of a random auction). Hands/s are per
CPU second of this process (one core; the wall-clock rate on a loaded machine is lower and is
printed too). Prints medians of ``--runs``; never asserts.

Usage: ``python benchmarks/kernel_speed.py [--runs 5] [--hands 200000] [--deals 20]``
(``SIXTYSIX_PURE=1`` for the pure core; ``benchmarks/core_compare.py`` runs both).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from machine import header

from sixtysix import _core
from sixtysix.bots.playout import play_reference
from sixtysix.engine import Match, kernel_multi
from sixtysix.engine.kernel import (
    POLICY,
    RANDOM,
    KernelRandom,
    pack,
    playouts,
    seed_state,
)
from sixtysix.engine.state import State
from sixtysix.games import make_game
from sixtysix.games.bauernschnapsen import kernel as kernel_bauern
from sixtysix.games.gaigel import kernel as kernel_gaigel
from sixtysix.games.terts import kernel as kernel_terts

GAMES = ("sixty-six", "schnapsen", "four-hand-sixty-six", "three-player-sixty-six",
         "north-american-sixty-six", "gaigel", "terts", "bauernschnapsen")


def dealt(game_id: str, d: int) -> State:
    """Deal ``d`` of the game, from where its kernel plays (North American and Bauernschnapsen:
    after a random auction, from the same seed; over where it ends the hand, which the rates
    leave out)."""
    g = make_game(game_id)
    s = Match(g, dealer=d % g.n_seats).deal_hand(seed=d)
    rng = random.Random(d)
    while not s.over and pack(s) is None and kernel_multi.pack(s) is None \
            and kernel_gaigel.pack(s) is None and kernel_terts.pack(s) is None \
            and kernel_bauern.pack(s) is None:
        s.step(rng.choice(s.legal_actions()))
    return s


def kernel_rate(game_id: str, deals: int, hands: int, policy: int) -> tuple[float, float]:
    """(hands per CPU second, per wall second) of kernel playouts, ``hands`` over ``deals``."""
    states = [s for s in (dealt(game_id, d) for d in range(deals)) if not s.over]
    two = [h for h in (pack(s) for s in states) if h is not None]
    multi = [h for h in (kernel_multi.pack(s) for s in states) if h is not None]
    gaigel = [h for h in (kernel_gaigel.pack(s) for s in states) if h is not None]
    terts = [h for h in (kernel_terts.pack(s) for s in states) if h is not None]
    bauern = [h for h in (kernel_bauern.pack(s) for s in states) if h is not None]
    each = max(1, hands // deals)
    x = seed_state(1)
    cpu, wall = time.process_time(), time.perf_counter()
    for h in two:
        x = playouts(h, each, x, policy)[3]
    for m in multi:
        x = kernel_multi.playouts(m, each, x, policy)[2]
    for g in gaigel:
        x = kernel_gaigel.playouts(g, each, x, policy)[2]
    for t in terts:
        x = kernel_terts.playouts(t, each, x, policy)[2]
    for b in bauern:
        x = kernel_bauern.playouts(b, each, x, policy)[2]
    n = each * (len(two) + len(multi) + len(gaigel) + len(terts) + len(bauern))
    return n / (time.process_time() - cpu), n / (time.perf_counter() - wall)


def engine_rate(game_id: str, deals: int, hands: int, policy: int) -> tuple[float, float]:
    """The same playouts through ``State`` (copy, legal_actions, step): the reference."""
    states = [s for s in (dealt(game_id, d) for d in range(deals)) if not s.over]
    each = max(1, hands // deals)
    rng = KernelRandom(seed_state(1))
    cpu, wall = time.process_time(), time.perf_counter()
    for s in states:
        for _ in range(each):
            play_reference(s.copy(), rng, policy)
    n = each * len(states)
    return n / (time.process_time() - cpu), n / (time.perf_counter() - wall)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--hands", type=int, default=200_000, help="kernel hands per run")
    ap.add_argument("--engine-hands", type=int, default=2_000, help="State API hands per run")
    ap.add_argument("--deals", type=int, default=20)
    args = ap.parse_args()
    print(header())
    print(f"core: {_core.core_name()}; load average before: {os.getloadavg()[0]:.1f}")
    print(f"{'game':24} {'playouts':8} {'kernel hands/s (cpu, wall)':>28} "
          f"{'State API hands/s (cpu, wall)':>31} {'ratio':>6}")
    for game_id in GAMES:
        for policy, name in ((RANDOM, "random"), (POLICY, "policy")):
            k = [kernel_rate(game_id, args.deals, args.hands, policy) for _ in range(args.runs)]
            e = [engine_rate(game_id, args.deals, args.engine_hands, policy)
                 for _ in range(args.runs)]
            kc, kw = (statistics.median(v) for v in zip(*k, strict=True))
            ec, ew = (statistics.median(v) for v in zip(*e, strict=True))
            print(f"{game_id:24} {name:8} {kc:14,.0f} {kw:13,.0f} {ec:16,.0f} {ew:14,.0f} "
                  f"{kc / ec:5.0f}×")
    print(f"load average after: {os.getloadavg()[0]:.1f}; medians of {args.runs} runs")


if __name__ == "__main__":
    main()
