"""Fit and measure the weighted world model of ``sixtysix.bots.inference`` on positions of real play.

Hands of Sixty-Six are played between the heuristic and ISMCTS (each seat's bot alternating by
hand); at every decision of a seat whose opponent holds hidden cards, the position is kept with the
opponent's actual hidden cards. On a *training* set (seed S) each evidence factor is fitted as the
ratio of how often the card was actually there to how often uniform sampling over the hard
constraints would put it there; on a separate *test* set (seed S+1000) the average log-likelihood
of the actual placement is compared: uniform over the unseen cards, hard constraints only, and the
full model (with the factors in ``FACTORS``, or with the fitted ones under ``--use-fitted``).

Usage: ``python benchmarks/inference_fit.py [--positions 1000] [--seed 1] [--bots heuristic,...]``.
Prints figures with the machine and command; never asserts.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time

from machine import header

from sixtysix.bots import inference, make_bot
from sixtysix.bots.worlds import exclusions
from sixtysix.engine import Match
from sixtysix.games import make_game


def positions(n: int, seed: int, bots: list[str], game: str) -> list[tuple[object, int, int]]:
    """``n`` positions: (view of the seat to act, opponent seat, opponent's hidden cards)."""
    rng = random.Random(seed)
    g = make_game(game)
    players = [make_bot(b) for b in bots]
    out: list[tuple[object, int, int]] = []
    hand = 0
    while len(out) < n:
        m = Match(g, dealer=hand % 2)
        st = m.deal_hand(seed=seed * 100003 + hand)
        pair = (players[hand % len(players)], players[(hand + 1) % len(players)])
        hand += 1
        while not st.over and len(out) < n:
            p = st.to_act
            v = st.view(p)
            opp = 1 - p
            if v.hand_sizes[opp] > v.known[opp].bit_count() and st.phase == v.phase and v.legal \
                    and rng.random() < 0.5:
                out.append((v, opp, st.hands[opp] & ~v.known[opp]))
            st.step(pair[p].choose(v, rng))
    return out


def fit(data: list[tuple[object, int, int]]) -> dict[str, tuple[float, float]]:
    hits: dict[tuple[str, bool], float] = {}
    base: dict[tuple[str, bool], float] = {}
    for v, opp, hidden in data:
        excl = exclusions(v)[opp]  # type: ignore[arg-type]
        allowed = v.unseen() & ~excl  # type: ignore[attr-defined]
        need = hidden.bit_count()
        for kind, seat, card, drawn in inference.evidence(v):  # type: ignore[arg-type]
            if seat != opp or not allowed >> card & 1:
                continue
            key = (kind, drawn)
            hits[key] = hits.get(key, 0.0) + (hidden >> card & 1)
            base[key] = base.get(key, 0.0) + need / allowed.bit_count()
    out = {}
    for kind in inference.FACTORS:
        pair = []
        for drawn in (False, True):
            b = base.get((kind, drawn), 0.0)
            pair.append(round(max(0.02, hits.get((kind, drawn), 0.0) / b), 2) if b > 5 else 1.0)
            print(f"  {kind:12s} drawn={drawn!s:5s}: seen {base.get((kind, drawn), 0):7.1f} "
                  f"expected, {hits.get((kind, drawn), 0):5.0f} actual -> factor {pair[-1]}")
        out[kind] = (pair[0], pair[1])
    return out


def measure(data: list[tuple[object, int, int]]) -> None:
    rows = {"uniform": [], "hard": [], "model": []}  # type: dict[str, list[float]]
    for v, opp, hidden in data:
        rows["uniform"].append(inference.log_uniform(v, opp))  # type: ignore[arg-type]
        rows["hard"].append(inference.log_likelihood(v, opp, hidden, soft=False))  # type: ignore[arg-type]
        rows["model"].append(inference.log_likelihood(v, opp, hidden))  # type: ignore[arg-type]
    n = len(data)
    for k in ("hard", "model"):
        d = [a - b for a, b in zip(rows[k], rows["uniform"], strict=True)]
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        print(f"  {k:7s} vs uniform: mean log-likelihood gain {mean:+.3f} nats "
              f"(95% CI {mean - 1.96 * sd / math.sqrt(n):+.3f} to {mean + 1.96 * sd / math.sqrt(n):+.3f}),"
              f" likelihood x{math.exp(mean):.2f} (geometric mean); higher in "
              f"{sum(x > 1e-12 for x in d)}, equal in {sum(abs(x) <= 1e-12 for x in d)}, "
              f"lower in {sum(x < -1e-12 for x in d)} of {n}")
    d = [a - b for a, b in zip(rows["model"], rows["hard"], strict=True)]
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    print(f"  soft evidence alone (model vs hard): {mean:+.3f} nats "
          f"(95% CI {mean - 1.96 * sd / math.sqrt(n):+.3f} to {mean + 1.96 * sd / math.sqrt(n):+.3f});"
          f" higher in {sum(x > 1e-12 for x in d)}, lower in {sum(x < -1e-12 for x in d)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--train", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--bots", default="heuristic,ismcts:iterations=150")
    ap.add_argument("--use-fitted", action="store_true")
    args = ap.parse_args()
    print(header())
    bots = args.bots.split(",") if "ismcts" not in args.bots else \
        [b for b in args.bots.replace(",ismcts", ";ismcts").replace(",heuristic", ";heuristic")
         .split(";")]
    t = time.perf_counter()
    train = positions(args.train, args.seed, bots, args.game)
    print(f"training set: {len(train)} positions ({time.perf_counter() - t:.0f} s); fitted factors:")
    fitted = fit(train)
    print(f"  fitted: {fitted}")
    if args.use_fitted:
        inference.FACTORS.update(fitted)
    test = positions(args.positions, args.seed + 1000, bots, args.game)
    print(f"test set: {len(test)} positions (seed {args.seed + 1000}), factors {inference.FACTORS}:")
    measure(test)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
