"""A learned value of a phase-1 world, beside the level's playouts: data, fit, and grade.

`master`'s search values each world it reaches by one playout (the kernel's cheap policy while
the stock is open, the solver after). ``leaf_values.py`` found those values 0.69 game points RMS
an action from how the bots themselves go on, and ``playout_bias.py`` found little of that error
in hand-level features. This asks whether a small network that sees where every card is — both
hands, the stock in its order, the turn-up, the card led, the cards gone — and the score values a
world better:

1. **Data** (``--hands N --out FILE``). ``N`` hands of ``--bot`` against itself, each seat from
   its own view. At every decision with the stock open and more than one action: the world from
   the side of the seat to act (``encode``: 8 channels for each of the 24 cards, suits turned so
   that trumps come first, and 7 numbers), ``P`` = the mean of ``--playouts`` of the level's
   playouts of the true world, and ``T`` = how the hand really ended for that seat.
2. **Fit** (``--train FILE ... --weights OUT``). A ReLU network (``--hidden``) fitted to ``T`` by
   Adam on the squared error, every example also with its three plain suits permuted (six times
   the data: they are alike), a tenth of the hands held out: the held-out error beside a
   constant's and ``P``'s.
3. **Grade** (``--grade WEIGHTS --dumps FILE ...``: ``leaf_values.py`` dumps). In each dumped
   position every action's world is valued by the network, by the dump's 400 playouts (``P``),
   and by mixtures; each is graded as ``leaf_values.py`` grades a playout: RMS error against the
   reference ``T`` and the regret of the action it ranks first, paired with the playouts'.

4. **Test** (``--test WEIGHTS --train FILE ...``): fitted weights on every world of other data
   (another seed, or the game under other rules, ``--option``): their squared error against
   ``T`` beside the playouts' and a constant's.

Sixty-Six or Schnapsen (``--game``; ``--option NAME=VALUE`` sets a rule of the self-play). Every
bot runs on iterations, so a run gives the same figures on any machine and load. Needs numpy.
Prints figures with the machine and the command; never asserts.

Usage: ``python benchmarks/value_net.py --hands 16000 --seed 1 --out data.npz [--game schnapsen]``;
``python benchmarks/value_net.py --train data.npz --weights value.net [--hidden 128,64]
[--epochs 3]`` (the package's ``sixtysix/games/sixty_six/value.net`` was fitted so; session 37's
Schnapsen network, not shipped, on Schnapsen's seed 1 with ``--epochs 6``);
``python benchmarks/value_net.py --test value.net --train other.npz``;
``python benchmarks/value_net.py --grade value.net --dumps DUMP.json.gz`` (the dumps of
``benchmarks/leaf_values.py``; session 33's are benchmarks/results/leaf-values at commit b7987bd)
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from multiprocessing import Pool
from typing import Any

import numpy as np
from leaf_values import load_dump, mean_se, playout_means, position
from machine import header

from sixtysix.bots import value_net
from sixtysix.bots.playout import outcome
from sixtysix.bots.value_net import CHANNELS, DIM
from sixtysix.cli import parse_option_values
from sixtysix.engine import State


def encode(s: State) -> np.ndarray:
    """World ``s`` (stock open) from the side of the seat to act."""
    p = s.to_act
    o = next(q for q in s.active if q != p)
    x = np.zeros(DIM, dtype=np.float32)

    def at(c: int) -> int:
        return (((c >> 3) - s.trump) % 4 * 6 + (c & 7)) * CHANNELS

    placed = set(s.stock[s.spos:]) | set(s.trick)
    if s.turnup_up and s.turnup >= 0:
        placed.add(s.turnup)
    for c in range(32):
        if c & 7 > 5:
            continue
        bit = 1 << c
        if s.hands[p] & bit:
            x[at(c)] = 1.0
        elif s.hands[o] & bit:
            x[at(c) + 1] = 1.0
        elif c not in placed:  # won; in Schnapsen also the rank its pack lacks, as the package
            x[at(c) + 6] = 1.0
    fd = s.facedown
    for j in range(s.spos, len(s.stock)):
        k = j - s.spos
        b = at(s.stock[j])
        x[b + 2] = 1.0
        x[b + 3] = (k // 2 + 1) / 6
        x[b + 4] = 1.0 if k % 2 == 0 else 0.0
    if s.turnup_up and s.turnup >= 0:
        b = at(s.turnup)
        x[b + 2] = 1.0
        x[b + 3] = (fd // 2 + 1) / 6
        x[b + 5] = 1.0
    for c in s.trick:
        x[at(c) + 7] = 1.0
    g = 24 * CHANNELS
    x[g:g + 7] = (s.points[p] / 66, s.points[o] / 66, s.pending[p] / 40, s.pending[o] / 40,
                  float(s.tricks[p] > 0) - float(s.tricks[o] > 0), fd / 11,
                  1.0 if s.leader == p else -1.0)
    return x


# ---------------------------------------------------------------------------------- data


def hand_rows(args: tuple[str, dict[str, Any], str, int, int, int]
              ) -> list[tuple[np.ndarray, float, float, int]]:
    """One hand of self-play: (world, P, T, hand) at each decision with the stock open."""
    game, options, bot, seed, hand, playouts = args
    rows = []
    for st, _, p in playout_means(game, bot, hand, seed, playouts, options):
        sign = 1 if st.to_act == st.active[0] else -1
        rows.append((encode(st), sign * p, st.to_act))
    if not rows:
        return []
    res = outcome(st)  # the live state, finished once the generator is spent
    return [(x, pv, res[seat], hand) for x, pv, seat in rows]


def generate(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    xs, ps, ts, hs = [], [], [], []
    tasks = [(args.game, args.options, args.bot, args.seed, i, args.playouts)
             for i in range(args.hands)]
    with Pool(args.workers) as pool:
        for rows in pool.imap_unordered(hand_rows, tasks, chunksize=8):
            for x, pv, t, i in rows:
                xs.append(x)
                ps.append(pv)
                ts.append(t)
                hs.append(i)
    np.savez_compressed(args.out, X=np.array(xs), P=np.array(ps, dtype=np.float32),
                        T=np.array(ts, dtype=np.float32), H=np.array(hs))
    print(f"{len(xs)} positions from {args.hands} hands of {args.game} by `{args.bot}` (seed {args.seed}) "
          f"in {time.perf_counter() - start:.0f} s: {args.out}")


# ---------------------------------------------------------------------------------- fit


class Net:
    """A ReLU network fitted by Adam on the squared error (numpy, one core)."""

    def __init__(self, sizes: list[int], seed: int = 0) -> None:
        r = np.random.default_rng(seed)
        self.w = [(r.standard_normal((a, b)) * math.sqrt(2.0 / a)).astype(np.float32)
                  for a, b in zip(sizes[:-1], sizes[1:], strict=True)]
        self.b = [np.zeros(b, dtype=np.float32) for b in sizes[1:]]

    def layers(self, x: np.ndarray) -> list[np.ndarray]:
        out = [x]
        for i, (w, b) in enumerate(zip(self.w, self.b, strict=True)):
            x = x @ w + b
            if i < len(self.w) - 1:
                x = np.maximum(x, 0)
            out.append(x)
        return out

    def predict(self, x: np.ndarray) -> np.ndarray:
        return np.concatenate([self.layers(x[i:i + 65536])[-1][:, 0]
                               for i in range(0, len(x), 65536)])

    def fit(self, x: np.ndarray, y: np.ndarray, xv: np.ndarray, yv: np.ndarray, epochs: int,
            lr: float = 1e-3, decay: float = 1e-4, batch: int = 512) -> float:
        """Fit, keeping the epoch with the least held-out error (returned)."""
        r = np.random.default_rng(1)
        params = self.w + self.b
        m = [np.zeros_like(q) for q in params]
        v = [np.zeros_like(q) for q in params]
        t = 0
        best = (math.inf, [q.copy() for q in params])
        for epoch in range(epochs):
            order = r.permutation(len(x))
            for i in range(0, len(x), batch):
                j = order[i:i + batch]
                hs = self.layers(x[j])
                g = (2.0 / len(j)) * (hs[-1][:, 0] - y[j])[:, None]
                gw, gb = [], []
                for k in range(len(self.w) - 1, -1, -1):
                    gw.append(hs[k].T @ g + decay * self.w[k])
                    gb.append(g.sum(0))
                    if k:
                        g = (g @ self.w[k].T) * (hs[k] > 0)
                t += 1
                for q, (p, d) in enumerate(zip(params, gw[::-1] + gb[::-1], strict=True)):
                    m[q] = 0.9 * m[q] + 0.1 * d
                    v[q] = 0.999 * v[q] + 0.001 * d * d
                    p -= lr * (m[q] / (1 - 0.9 ** t)) / (np.sqrt(v[q] / (1 - 0.999 ** t)) + 1e-8)
            err = float(np.mean((self.predict(xv) - yv) ** 2))
            print(f"epoch {epoch + 1}: held-out squared error {err:.4f}")
            sys.stdout.flush()
            if err < best[0]:
                best = (err, [q.copy() for q in params])
            lr *= 0.85
        for p, q in zip(params, best[1], strict=True):
            p[...] = q
        return best[0]

    def save(self, path: str) -> None:
        """In the package's format (``sixtysix.bots.value_net.save``: two hidden layers)."""
        w1, w2, w3 = self.w
        flat = np.concatenate([w1.ravel(), self.b[0], w2.ravel(), self.b[1], w3.ravel(), self.b[2]])
        value_net.save(path, w1.shape[1], w2.shape[1], flat.tolist())

    @classmethod
    def load(cls, path: str) -> Net:
        net = cls.__new__(cls)
        n1, n2, data = value_net.read(path)
        flat = np.array(data, dtype=np.float32)
        net.w, net.b = [], []
        at = 0
        for a, b in ((DIM, n1), (n1, n2), (n2, 1)):
            net.w.append(flat[at:at + a * b].reshape(a, b))
            net.b.append(flat[at + a * b:at + a * b + b])
            at += a * b + b
        return net


def permuted_suits(x: np.ndarray) -> np.ndarray:
    """``x`` six times over, its three plain suits in every order (trumps stay first)."""
    n = len(x)
    cards = x[:, :24 * CHANNELS].reshape(n, 4, 6 * CHANNELS)
    return np.concatenate([np.concatenate([cards[:, [0, *perm]].reshape(n, -1),
                                           x[:, 24 * CHANNELS:]], axis=1)
                           for perm in itertools.permutations((1, 2, 3))])


def load_data(paths: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The worlds, ``T``, ``P`` and hand numbers (each file's its own) of ``--hands`` files."""
    parts = [np.load(f) for f in paths]
    return (np.concatenate([d["X"] for d in parts]), np.concatenate([d["T"] for d in parts]),
            np.concatenate([d["P"] for d in parts]),
            np.concatenate([d["H"] + k * 10**7 for k, d in enumerate(parts)]))


def test(args: argparse.Namespace) -> None:
    """Weights fitted elsewhere (another game's rules, other data) on every world of the files."""
    x, t, p, _ = load_data(args.train)
    err = float(np.mean((Net.load(args.test).predict(x) - t) ** 2))
    print(f"{len(x)} positions of {', '.join(args.train)}: squared error against T of a constant "
          f"{float(np.var(t)):.3f}, the level's playouts {float(np.mean((p - t) ** 2)):.3f}, "
          f"{args.test} {err:.3f}")


def train(args: argparse.Namespace) -> None:
    x, t, p, hands = load_data(args.train)
    held = hands % 10 == 0
    print(f"{len(x)} positions, {int(held.sum())} held out (every tenth hand)")
    sizes = [DIM, *(int(n) for n in args.hidden.split(",")), 1]
    net = Net(sizes)
    start = time.perf_counter()
    err = net.fit(permuted_suits(x[~held]), np.tile(t[~held], 6), x[held], t[held], args.epochs)
    const = float(np.mean((t[held] - t[~held].mean()) ** 2))
    pe = float(np.mean((p[held] - t[held]) ** 2))
    print(f"held-out squared error against T: a constant {const:.3f}, the level's playouts "
          f"(mean of the data's playouts) {pe:.3f}, the network {err:.3f} "
          f"(layers {sizes}, {time.perf_counter() - start:.0f} s)")
    net.save(args.weights)


# ---------------------------------------------------------------------------------- grade

SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)


def grade_position(args: tuple[str, str, str, int, int, dict[str, float], dict[str, float]]
                   ) -> tuple[list[float], list[float]]:
    """One dumped position: per network share, the regret of its choice and the squared error
    of its values (relative to their mean over the actions, as ``leaf_values.py``)."""
    weights, game, bot, hand, seed, ref_text, p_text = args
    net = Net.load(weights)
    s = position(game, bot, hand, seed)
    assert s is not None
    seat = s.to_act
    ref = {int(a): v for a, v in ref_text.items()}
    playout = {int(a): v for a, v in p_text.items()}
    learned: dict[int, float] = {}
    for a in ref:
        child = s.copy()
        child.apply(a)
        if child.over:
            learned[a] = outcome(child)[seat]
        elif not child.stock_open:  # a close: the network knows phase 1 only
            learned[a] = playout[a]
        else:
            v = float(net.predict(encode(child)[None])[0])
            learned[a] = v if child.to_act == seat else -v
    top = max(ref.values())
    tm = sum(ref.values()) / len(ref)
    regrets, errors = [], []
    for share in SHARES:
        est = {a: share * learned[a] + (1 - share) * playout[a] for a in ref}
        em = sum(est.values()) / len(est)
        regrets.append(top - ref[max(est, key=lambda a: est[a])])
        errors.append(sum((est[a] - em - ref[a] + tm) ** 2 for a in ref) / len(ref))
    return regrets, errors


def grade(args: argparse.Namespace) -> None:
    tasks = []
    for path in args.dumps:
        d = load_dump(path)
        tasks += [(args.grade, d["game"], d["bot"], r["hand"], d["seed"], r["ref"], r["est"]["policy+solved"])
                  for r in d["rows"]]
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        rows = pool.map(grade_position, tasks, chunksize=4)
    print(f"{len(rows)} positions from {', '.join(args.dumps)}; {time.perf_counter() - start:.0f} s")
    print("| the network's share of a world's value | RMS error | regret a decision | "
          "less the playouts' (paired) |")
    print("|---|---|---|---|")
    for k, share in enumerate(SHARES):
        regret = [r[0][k] for r in rows]
        rms = math.sqrt(sum(r[1][k] for r in rows) / len(rows))
        m, se = mean_se(regret)
        dm, dse = mean_se([r[0][k] - r[0][0] for r in rows])
        print(f"| {share:.2f} | {rms:.3f} | {m:.3f} ± {se:.3f} | {dm:+.3f} ± {dse:.3f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=0, help="hands of self-play to generate")
    ap.add_argument("--game", default="sixty-six", help="sixty-six or schnapsen")
    ap.add_argument("--option", action="append", default=[],
                    help="NAME=VALUE, a rule option of the self-play (as `sixtysix play` reads it)")
    ap.add_argument("--out", default="value_net_data.npz")
    ap.add_argument("--bot", default="ismcts:iterations=1000,endgame=true")
    ap.add_argument("--playouts", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--train", nargs="*", default=[], help="data files to fit on")
    ap.add_argument("--weights", default="value.net")
    ap.add_argument("--hidden", default="128,64")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--test", default="", help="weights to test on the --train files' T")
    ap.add_argument("--grade", default="", help="weights to grade on --dumps")
    ap.add_argument("--dumps", nargs="*", default=[])
    args = ap.parse_args()
    args.options = parse_option_values(args.option, args.game)
    print(header())
    if args.hands:
        generate(args)
    if args.test:
        test(args)
    elif args.train:
        train(args)
    if args.grade:
        grade(args)


if __name__ == "__main__":
    main()
