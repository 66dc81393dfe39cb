"""Fit and measure the opponent model of ``sixtysix.bots.particles``.

Hands are played by a bot against itself (``strong`` by default). Every decision with a choice
gives a training row: the ``particles.features`` of each legal action and the one chosen. The
weights of a conditional logit (softmax over the legal actions) are fitted by maximum likelihood
on three quarters of the rows (scipy's L-BFGS, a small L2 penalty) and measured on the rest:
mean log-likelihood of the move made against choosing uniformly, and how often the model's first
choice is the move. Then, on positions of a second set of hands, the filter (``PolicySampler``,
with the fitted weights under ``--use-fitted``, else ``particles.WEIGHTS``) is scored on where the
opponent's hidden cards are: the log score of each allowed card's estimated chance of being in
the hidden hand (shrunk a tenth towards uniform), against uniform within the proven exclusions.

Usage: ``python benchmarks/opponent_model.py [--game sixty-six] [--bot strong] [--hands 150]
[--positions 300] [--particles 200] [--seed 1] [--use-fitted]``. Prints figures with the machine
and the command; never asserts.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np
from machine import header
from scipy.optimize import minimize

from sixtysix.bots import make_bot, particles
from sixtysix.bots.particles import PolicySampler, features
from sixtysix.bots.worlds import exclusions
from sixtysix.cards import cards_of
from sixtysix.engine import Match
from sixtysix.engine.view import View
from sixtysix.games import make_game

Row = tuple[list[list[float]], int]


def play(game: str, bot: str, hands: int, seed: int, keep: float
         ) -> tuple[list[Row], list[tuple[View, int, int]]]:
    """Decisions (features, index of the move) and positions (view, opponent, its hidden cards,
    a share ``keep`` of the decisions) of ``hands`` hands of ``bot`` against itself."""
    g = make_game(game)
    player = make_bot(bot)
    rng = random.Random(seed)
    rows: list[Row] = []
    positions: list[tuple[View, int, int]] = []
    for h in range(hands):
        st = Match(g, dealer=h % 2).deal_hand(seed=seed * 100_003 + h)
        while not st.over:
            p = st.to_act
            v = st.view(p)
            a = player.choose(v, rng)
            legal = st.legal_actions()
            if len(legal) > 1:
                rows.append((features(st, legal), legal.index(a)))
                opp = 1 - p
                if st.history and v.hand_sizes[opp] > v.known[opp].bit_count() \
                        and rng.random() < keep:
                    positions.append((v, opp, st.hands[opp] & ~v.known[opp]))
            st.step(a)
    return rows, positions


def _pack(rows: list[Row]) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    x = np.concatenate([np.array(f, float) for f, _ in rows])
    group = np.concatenate([[k] * len(f) for k, (f, _) in enumerate(rows)])
    starts = np.cumsum([0] + [len(f) for f, _ in rows[:-1]])
    return x, group, starts + np.array([c for _, c in rows]), len(rows)


def _scores(w: np.ndarray, x: np.ndarray, group: np.ndarray, n: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    z = x @ w
    top = np.full(n, -np.inf)
    np.maximum.at(top, group, z)
    e = np.exp(z - top[group])
    total = np.zeros(n)
    np.add.at(total, group, e)
    return z, top, total, e


def fit(rows: list[Row], l2: float = 1e-4) -> np.ndarray:
    x, group, chosen, n = _pack(rows)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        z, top, total, e = _scores(w, x, group, n)
        p = e / total[group]
        ll = z[chosen].sum() - (top + np.log(total)).sum()
        grad = x[chosen].sum(0) - (p[:, None] * x).sum(0)
        return -ll / n + l2 * w @ w, -grad / n + 2 * l2 * w

    return np.asarray(minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B").x)


def evaluate(w: np.ndarray, rows: list[Row]) -> tuple[float, float, float]:
    """Mean log-likelihood of the move, the same for a uniform choice, the first-choice rate."""
    x, group, chosen, n = _pack(rows)
    z, top, total, _ = _scores(w, x, group, n)
    count = np.zeros(n)
    np.add.at(count, group, 1)
    return (float((z[chosen] - top - np.log(total)).mean()), float(-np.log(count).mean()),
            float((z[chosen] >= top).mean()))


def card_scores(positions: list[tuple[View, int, int]], n_particles: int, seed: int
                ) -> tuple[float, float, float, float]:
    """Per position: the log score of uniform and of the filter, the share of proposed deals
    that explain the history, the effective number of worlds."""
    rng = random.Random(seed)
    uniform = filtered = accepted = effective = 0.0
    for v, opp, hidden in positions:
        allowed = v.unseen() & ~exclusions(v)[opp]
        pu = hidden.bit_count() / allowed.bit_count()
        s = PolicySampler(v, rng, particles=n_particles)
        accepted += len(s.hands) / n_particles
        effective += s.effective
        share: dict[int, float] = {}
        before = 0.0
        for hand, upto in zip(s.hands, s.cumulative, strict=True):
            for c in cards_of(hand):
                share[c] = share.get(c, 0.0) + upto - before
            before = upto
        total = s.cumulative[-1] if s.cumulative else 1.0
        for c in cards_of(allowed):
            p = 0.9 * share.get(c, 0.0) / total + 0.1 * pu if s.cumulative else pu
            inside = hidden >> c & 1
            uniform += math.log(pu if inside else 1 - pu)
            filtered += math.log(p if inside else 1 - p)
    n = len(positions)
    return uniform / n, filtered / n, accepted / n, effective / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six")
    ap.add_argument("--bot", default="strong")
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--particles", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--use-fitted", action="store_true")
    args = ap.parse_args()
    print(header())
    t = time.perf_counter()
    rows, _ = play(args.game, args.bot, args.hands, args.seed, 0.0)
    cut = len(rows) * 3 // 4
    w = fit(rows[:cut])
    ll, uni, first = evaluate(w, rows[cut:])
    print(f"{len(rows)} decisions of {args.bot} in {args.hands} hands ({time.perf_counter() - t:.0f} s);"
          f" fitted on {cut}, measured on {len(rows) - cut}: log-likelihood of the move {ll:.3f} "
          f"against {uni:.3f} uniform ({ll - uni:+.3f} nats a decision), first choice right "
          f"{first:.1%}")
    print(f"fitted WEIGHTS = {tuple(round(float(x), 2) for x in w)}")
    old = evaluate(np.array(particles.WEIGHTS), rows[cut:])
    print(f"particles.WEIGHTS on the same decisions: {old[0]:.3f} ({old[0] - old[1]:+.3f} nats), "
          f"first choice right {old[2]:.1%}")
    if args.use_fitted:
        particles.WEIGHTS = tuple(float(x) for x in w)
    t = time.perf_counter()
    positions: list[tuple[View, int, int]] = []
    seed = args.seed + 1000
    while len(positions) < args.positions:
        positions += play(args.game, args.bot, 4, seed, 0.4)[1]
        seed += 1
    positions = positions[:args.positions]
    print(f"{len(positions)} positions ({time.perf_counter() - t:.0f} s)")
    t = time.perf_counter()
    uniform, filtered, accepted, effective = card_scores(positions, args.particles, args.seed)
    print(f"where the hidden cards are, log score a position: uniform {uniform:.3f}, filter "
          f"{filtered:.3f} ({filtered - uniform:+.3f} nats); {accepted:.1%} of proposed deals "
          f"explain the history, {effective:.0f} effective worlds of {args.particles}; "
          f"{(time.perf_counter() - t) / len(positions) * 1000:.0f} ms a position")


if __name__ == "__main__":
    main()
