"""Session 53's fit and check of a network of what a seat knows (knows.patch has the same
encoding as ``benchmarks/value_net.py --knows``): fits it, then compares it on held-out worlds
with the world network averaged over worlds dealt anew uniformly (what a search's mean is).

The network's 199 inputs from one seat's knowledge: per card ch0 its own, ch2 unseen (the other
hand or face down), ch3/ch4 0, the turn-up as in the world network, ch6 gone, ch7 led; the seven
numbers from that seat's side.

Usage (from the repository's root): ``python benchmarks/results/session53/knows_fit_check.py
seed3.npz,seed4.npz OUT.net 8`` (the data: ``benchmarks/value_net.py --hands 16000 --seed S``).
"""
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from value_net import Net, load_data, permuted_suits  # noqa: E402

from sixtysix.bots.value_net import CHANNELS, DIM  # noqa: E402

G = 24 * CHANNELS


def views(x):
    n = len(x)
    c = x[:, :G].reshape(n, 24, CHANNELS)
    tu = c[:, :, 5] > 0
    down = (c[:, :, 2] > 0) & ~tu
    out = []
    for me, other, flip in ((0, 1, False), (1, 0, True)):
        v = np.zeros_like(c)
        v[:, :, 0] = c[:, :, me]
        v[:, :, 2] = np.maximum(c[:, :, other], down.astype(np.float32))
        v[:, :, 2] = np.where(tu, 1.0, v[:, :, 2])
        v[:, :, 3] = np.where(tu, c[:, :, 3], 0.0)
        v[:, :, 5] = c[:, :, 5]
        v[:, :, 6] = c[:, :, 6]
        v[:, :, 7] = c[:, :, 7]
        e = x[:, G:].copy()
        if flip:
            e = e[:, [1, 0, 3, 2, 4, 5, 6]]
            e[:, 4] *= -1
            e[:, 6] *= -1
        out.append(np.concatenate([v.reshape(n, -1), e], axis=1))
    return out


def redeal(x, rng):
    """x with the to-act seat's unknowns (other hand and face-down cards) dealt anew at random."""
    n = len(x)
    c = x[:, :G].reshape(n, 24, CHANNELS).copy()
    tu = c[:, :, 5] > 0
    unk = (c[:, :, 1] > 0) | ((c[:, :, 2] > 0) & ~tu)
    k = (c[:, :, 1] > 0).sum(1)
    for i in range(n):
        cards = np.flatnonzero(unk[i])
        rng.shuffle(cards)
        c[i, cards, 1:5] = 0
        opp = cards[:k[i]]
        c[i, opp, 1] = 1
        for j, card in enumerate(cards[k[i]:]):
            c[i, card, 2] = 1
            c[i, card, 3] = (j // 2 + 1) / 6
            c[i, card, 4] = 1.0 if j % 2 == 0 else 0.0
    return np.concatenate([c.reshape(n, -1), x[:, G:]], axis=1)


if __name__ == "__main__":
    files = sys.argv[1].split(",")
    out = sys.argv[2]
    epochs = int(sys.argv[3])
    hidden = [int(h) for h in (sys.argv[4] if len(sys.argv) > 4 else "128,64").split(",")]
    x, t, p, hands = load_data(files)
    held = hands % 10 == 0
    a, b = views(x)
    xi = np.concatenate([a, b])
    ti = np.concatenate([t, -t])
    hi = np.concatenate([held, held])
    net = Net([DIM, *hidden, 1])
    st = time.perf_counter()
    err = net.fit(permuted_suits(xi[~hi]), np.tile(ti[~hi], 6), xi[hi], ti[hi], epochs)
    print("info net held-out err (both views)", err, time.perf_counter() - st)
    net.save(out)
    ha = a[held]
    print("info net, to-act view", float(np.mean((net.predict(ha) - t[held]) ** 2)))
    world = Net.load(os.path.join(HERE, "..", "session52", "sixty_six_seeds3-4.net"))
    print("world net, true world", float(np.mean((world.predict(x[held]) - t[held]) ** 2)))
    rng = np.random.default_rng(5)
    sub = np.flatnonzero(held)[:20000]
    acc = np.zeros(len(sub))
    for r in range(16):
        acc += world.predict(redeal(x[sub], rng))
        if r in (0, 3, 15):
            err = float(np.mean((acc / (r + 1) - t[sub]) ** 2))
            print(f"world net averaged over {r + 1} uniform redeals", err)
    print("info net on the same subset", float(np.mean((net.predict(a[sub]) - t[sub]) ** 2)))
