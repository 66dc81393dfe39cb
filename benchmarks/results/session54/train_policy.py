"""Session 54: fit the policy prior of ``prior.patch`` (run on the patched tree): what the seat
to act knows of each world to the search's root visit shares (cross-entropy of a softmax over
the legal outputs), one hidden ReLU layer, Adam, the three plain suits permuted each epoch;
every tenth hand held out.

    python benchmarks/results/session54/train_policy.py DATA.npz[,MORE.npz] OUT.pol UNITS EPOCHS
"""

from __future__ import annotations

import itertools
import sys

import numpy as np

from sixtysix.bots.value_net import CHANNELS, DIM, SLOTS, save_policy  # the patched module


def knowledge(x: np.ndarray) -> np.ndarray:
    """Worlds ``x`` as the seat to act knows them: its own cards; the other hand's and the
    face-down ones alike hidden, in no order; the turn-up, the cards gone and the card led; the
    seven numbers (session 53's ``knowledge``, its own side only)."""
    n = len(x)
    cards = x[:, :24 * CHANNELS].reshape(n, 24, CHANNELS)
    turnup = cards[:, :, 5] > 0
    out = np.zeros_like(cards)
    out[:, :, 0] = cards[:, :, 0]
    out[:, :, 2] = (cards[:, :, 1] > 0) | (cards[:, :, 2] > 0)
    out[:, :, 3] = np.where(turnup, cards[:, :, 3], 0.0)
    out[:, :, 5:] = cards[:, :, 5:]
    return np.concatenate([out.reshape(n, -1), x[:, 24 * CHANNELS:]], axis=1)


PERMS = [(0, *p) for p in itertools.permutations((1, 2, 3))]
"""Trumps stay first; the three plain suits in any order."""


def permute(x: np.ndarray, m: np.ndarray, v: np.ndarray, perm: tuple[int, ...]
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n = len(x)
    cards = x[:, :24 * CHANNELS].reshape(n, 4, 6 * CHANNELS)[:, list(perm)].reshape(n, -1)
    idx = np.concatenate([np.arange(6) + 6 * s for s in perm]
                         + [np.arange(2) + 24 + 2 * s for s in perm]
                         + [np.arange(32, 35), np.array(perm) + 35])
    return np.concatenate([cards, x[:, 24 * CHANNELS:]], axis=1), m[:, idx], v[:, idx]


def main() -> None:
    files, out, n1, epochs = sys.argv[1].split(","), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    d = [np.load(f) for f in files]
    x_all = knowledge(np.concatenate([e["X"] for e in d]).astype(np.float32))
    m_all = np.concatenate([e["M"] for e in d])
    v_all = np.concatenate([e["V"] for e in d])
    hands = np.concatenate([e["H"] + 100_000 * i for i, e in enumerate(d)])
    held = hands % 10 == 0
    print(len(x_all), "positions", int(held.sum()), "held out")
    rng = np.random.default_rng(0)
    params = [rng.normal(0, np.sqrt(2 / DIM), (DIM, n1)).astype(np.float32),
              np.zeros(n1, np.float32),
              rng.normal(0, np.sqrt(1 / n1), (n1, SLOTS)).astype(np.float32),
              np.zeros(SLOTS, np.float32)]
    w1, b1, w2, b2 = params
    mom = [np.zeros_like(p) for p in params]
    vel = [np.zeros_like(p) for p in params]
    lr, t = 1e-3, 0

    def forward(x: np.ndarray, m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        hidden = np.maximum(x @ w1 + b1, 0)
        z = np.where(m > 0, hidden @ w2 + b2, -1e9)
        e = np.exp(z - z.max(1, keepdims=True)) * (m > 0)
        return hidden, e / e.sum(1, keepdims=True)

    def evaluate(x: np.ndarray, m: np.ndarray, v: np.ndarray) -> tuple[float, ...]:
        p = forward(x, m)[1]
        target = v / v.sum(1, keepdims=True)
        return (float(-(target * np.log(np.maximum(p, 1e-12))).sum(1).mean()),
                float(-(target * np.log(np.maximum(target, 1e-12))).sum(1).mean()),
                float((p.argmax(1) == target.argmax(1)).mean()),
                float(-(target * np.log(np.maximum(m / m.sum(1, keepdims=True), 1e-12))).sum(1).mean()))

    report = "held out: ce %.4f target entropy %.4f top1 %.3f uniform ce %.4f"
    xt, mt, vt = x_all[~held], m_all[~held], v_all[~held]
    xv, mv, vv = x_all[held], m_all[held], v_all[held]
    print(report % evaluate(xv, mv, vv))
    for ep in range(epochs):
        xe, me, ve = permute(xt, mt, vt, PERMS[ep % 6])
        order = rng.permutation(len(xe))
        for i in range(0, len(order), 256):
            b = order[i:i + 256]
            x, m, v = xe[b], me[b], ve[b]
            hidden, p = forward(x, m)
            dz = (p - v / v.sum(1, keepdims=True)) / len(b)
            dh = (dz @ w2.T) * (hidden > 0)
            t += 1
            for k, g in enumerate((x.T @ dh, dh.sum(0), hidden.T @ dz, dz.sum(0))):
                mom[k] = 0.9 * mom[k] + 0.1 * g
                vel[k] = 0.999 * vel[k] + 0.001 * g * g
                params[k] -= lr * (mom[k] / (1 - 0.9 ** t)) / (np.sqrt(vel[k] / (1 - 0.999 ** t)) + 1e-8)
        if ep == epochs - 3:
            lr /= 3
        print(ep, report % evaluate(xv, mv, vv), flush=True)
    save_policy(out, n1, np.concatenate([w1.ravel(), b1, w2.ravel(), b2]).tolist())
    print("saved", out)


if __name__ == "__main__":
    main()
