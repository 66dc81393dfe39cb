"""A learned belief over the opponent's hidden cards in Sixty-Six, fitted on hands of play.

Session 61's offline test of issue 17's item 1 by another road: instead of factors of evidence
(``sixtysix.bots.inference``, +0.032 nats a position over uniform worlds) or a particle filter
over a model of the opponent's moves (``particles``, +0.121 nats), a network reads the seat's view
(where each card is, how the opponent played each card it played, the evidence kinds) and gives
each card a weight; the opponent's hidden cards are then a conditional Poisson draw (the same form
as ``inference.Sampler``), and the network is fitted by the exact log-likelihood of the actual
placement. The test that can fail: its held-out log-likelihood over uniform, beside the factors'.

    python belief.py encode HANDS.json OUT.npz            # every decision of selfplay.py's hands
    python belief.py records DIR OUT.npz                  # every decision in strength.py records
    python belief.py train TRAIN.npz --weights W.npz [--epochs N] [--hidden 128,64]
    python belief.py test W.npz DATA.npz ...
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from math import comb
from pathlib import Path

import numpy as np

from sixtysix.bots import inference
from sixtysix.bots.search import exclusions
from sixtysix.engine import Match
from sixtysix.engine.actions import CLOSE, DECLARE_SHOW, EXCHANGE, MARRY
from sixtysix.engine.legal import trick_winner
from sixtysix.games import make_game

KINDS = list(inference.FACTORS)
C = 14 + 2 * len(KINDS)
G = 13
DIM = 24 * C + G
K = 6


def slot(c: int, trump: int) -> int:
    return ((c >> 3) - trump) % 4 * 6 + (c & 7)


def encode(v, opp: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Features of view ``v`` (the seat to act) and the mask of cards that may be in ``opp``'s
    hidden hand, by slot (trumps first)."""
    r = v.rules or v.game.rules
    t = v.trump
    me = v.seat
    x = np.zeros((24, C), dtype=np.float32)
    g = np.zeros(G, dtype=np.float32)
    cand = v.unseen() & ~exclusions(v)[opp]
    for c in range(32):
        if c & 7 > 5:
            continue
        s = slot(c, t)
        if v.hand >> c & 1:
            x[s, 0] = 1
        if cand >> c & 1:
            x[s, 1] = 1
        if v.known[opp] >> c & 1:
            x[s, 2] = 1
    if v.turnup_up and v.turnup >= 0:
        x[slot(v.turnup, t), 5] = 1
    for p, c in v.trick:
        if p == opp:
            x[slot(c, t), 6] = 1
    # The history, trick by trick (as inference.evidence reads it).
    n = r.n_seats
    order = [(v.dealer + k) % n for k in range(1, n + 1)]
    seq = [p for p in order if p in v.active]
    nxt = {p: seq[(i + 1) % len(seq)] for i, p in enumerate(seq)}
    beats = r.beats_table(t)
    leader = seq[0]
    trick: list[int] = []
    seats: list[int] = []
    rounds = 0
    sf = v.strict_from
    ex = [0, 0]
    for i, a in enumerate(v.history):
        if a == EXCHANGE:
            ex[leader] = 1
            continue
        if a == CLOSE or a >= DECLARE_SHOW:
            continue
        married = MARRY <= a < DECLARE_SHOW
        card = a - MARRY if married else a
        seat = leader if not trick else nxt[seats[-1]]
        if seat == opp and married:
            x[slot(card, t), 13] = 1
        trick.append(card)
        seats.append(seat)
        if len(trick) == len(seq):
            w = seats[trick_winner(trick, t, beats)]
            lead, follow = trick
            if seats[0] == opp:
                x[slot(lead, t), 7] = 1
                x[slot(lead, t), 10] = rounds / 6
                x[slot(lead, t), 4] = 1
                x[slot(follow, t), 3] = 1
            else:
                x[slot(follow, t), 8 if w == opp else 9] = 1
                x[slot(follow, t), 10] = rounds / 6
                x[slot(follow, t), 4] = 1
                x[slot(lead, t), 3] = 1
                x[slot(lead, t), 11 if w == opp else 12] = 1
            leader = w
            if not (0 <= sf <= i):
                rounds += 1
            trick, seats = [], []
    for kind, seat, card, drawn in inference.evidence(v):
        if seat == opp:
            x[slot(card, t), 14 + 2 * KINDS.index(kind) + int(drawn)] += 1
    k = v.hand_sizes[opp] - v.known[opp].bit_count()
    g[:] = (k / 6, bin(cand).count("1") / 17, v.facedown / 11, v.points[me] / 66,
            v.points[opp] / 66, v.tricks[me] > 0, v.tricks[opp] > 0, v.closed_by >= 0,
            ex[opp], ex[me], rounds / 6, sf >= 0, v.leader == me)
    mask = x[:, 1].copy()
    return np.concatenate([x.ravel(), g]), mask, k


def truth(hidden: int, trump: int) -> np.ndarray:
    y = np.zeros(24, dtype=np.float32)
    for c in range(32):
        if hidden >> c & 1:
            y[slot(c, trump)] = 1
    return y


class Rows:
    def __init__(self) -> None:
        self.x: list[np.ndarray] = []
        self.m: list[np.ndarray] = []
        self.y: list[np.ndarray] = []
        self.k: list[int] = []
        self.uni: list[float] = []
        self.fac: list[float] = []
        self.grp: list[int] = []  # the hand, for held-out splits
        self.who: list[int] = []  # which player is the opponent (records: 0 strong, 1 master)

    def add(self, st, grp: int, who: int = 0) -> None:
        p = st.to_act
        opp = 1 - p
        v = st.view(p)
        if v.hand_sizes[opp] <= v.known[opp].bit_count() or not v.legal or st.phase != v.phase:
            return
        hidden = st.hands[opp] & ~v.known[opp]
        xv, mask, k = encode(v, opp)
        y = truth(hidden, v.trump)
        assert k == hidden.bit_count() and not (y > mask).any(), "hidden card outside the mask"
        n = int(mask.sum())
        self.x.append(xv)
        self.m.append(mask)
        self.y.append(y)
        self.k.append(k)
        self.uni.append(-math.log(comb(n, k)))
        self.fac.append(inference.log_likelihood(v, opp, hidden))
        self.grp.append(grp)
        self.who.append(who)

    def save(self, path: str) -> None:
        np.savez_compressed(path, x=np.array(self.x), m=np.array(self.m), y=np.array(self.y),
                            k=np.array(self.k), uni=np.array(self.uni), fac=np.array(self.fac),
                            grp=np.array(self.grp), who=np.array(self.who))


def encode_hands(path: str, out: str) -> None:
    data = json.loads(Path(path).read_text())
    g = make_game("sixty-six")
    rows = Rows()
    for i, (seed, dealer, acts) in enumerate(data["hands"]):
        st = Match(g, dealer=dealer).deal_hand(seed=seed)
        for a in acts:
            rows.add(st, i)
            st.step(a)
    rows.save(out)
    print(f"{len(rows.k)} positions from {len(data['hands'])} hands")


def encode_records(folder: str, out: str) -> None:
    """Every decision in ``strength.py --out`` records; ``who`` is 1 where the opponent of the
    seat to act is a ``master`` bot, 0 where it is the other."""
    rows = Rows()
    grp = 0
    for path in sorted(Path(folder).glob("match-*.json")):
        rec = json.loads(path.read_text())
        game = make_game(rec["game"], rec["options"])
        for hand in rec["hands"]:
            m = Match(game, dealer=hand["dealer"])
            st = m.deal_hand(seed=hand["seed"])
            for act in hand["actions"]:
                opp = 1 - st.to_act
                rows.add(st, grp, who=int(rec["players"][opp].startswith("master")))
                m.apply(act)
            grp += 1
    rows.save(out)
    print(f"{len(rows.k)} positions from {grp} hands")


# ---------------------------------------------------------------------- the model

def esp(w: np.ndarray) -> np.ndarray:
    """Forward tables: F[i][:, j] = e_j of the first i weights (j <= K)."""
    b = w.shape[0]
    f = np.zeros((25, b, K + 1))
    f[0, :, 0] = 1
    for i in range(24):
        f[i + 1] = f[i]
        f[i + 1, :, 1:] += w[:, i:i + 1] * f[i, :, :-1]
    return f


def cp_loglik(z: np.ndarray, m: np.ndarray, y: np.ndarray, k: np.ndarray,
              grad: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """Log-likelihood of each actual placement ``y`` under the conditional Poisson design of
    weights exp(z) on the cards of ``m``, ``k`` of them drawn; with ``grad``, d(-ll)/dz."""
    zc = np.clip(z, -12, 12)
    w = np.exp(zc) * m
    f = esp(w)
    b = np.arange(len(k))
    ek = f[24, b, k]
    ll = (zc * y).sum(1) - np.log(ek)
    if not grad:
        return ll, None
    back = esp(w[:, ::-1])[::-1]  # back[i]: the polynomials of the weights from i on
    pi = np.zeros_like(w)
    for c in range(24):
        s = np.zeros(len(k))
        for j in range(K):
            jj = k - 1 - j
            ok = jj >= 0
            s += np.where(ok, f[c, b, j] * back[c + 1, b, np.maximum(jj, 0)], 0.0)
        pi[:, c] = w[:, c] * s / ek
    return ll, (pi - y) * m


class Net:
    def __init__(self, sizes: list[int], seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.W = [rng.normal(0, math.sqrt(2 / a), (a, b)) for a, b in zip(sizes, sizes[1:], strict=False)]
        self.B = [np.zeros(b) for b in sizes[1:]]
        self.W[-1] *= 0.1

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        acts = [x]
        h = x
        for i, (w, b) in enumerate(zip(self.W, self.B, strict=True)):
            h = h @ w + b
            if i < len(self.W) - 1:
                h = np.maximum(h, 0)
            acts.append(h)
        return h, acts

    def backward(self, acts: list[np.ndarray], d: np.ndarray) -> tuple[list, list]:
        gw, gb = [], []
        for i in range(len(self.W) - 1, -1, -1):
            gw.append(acts[i].T @ d)
            gb.append(d.sum(0))
            if i:
                d = (d @ self.W[i].T) * (acts[i] > 0)
        return gw[::-1], gb[::-1]


def permute(x: np.ndarray, m: np.ndarray, y: np.ndarray, perm: tuple[int, int, int]):
    """The three plain suits permuted (slots 6..23)."""
    idx = list(range(6))
    for s in perm:
        idx += list(range(6 * s, 6 * s + 6))
    idx = np.array(idx)
    n = len(x)
    cards = x[:, :24 * C].reshape(n, 24, C)[:, idx].reshape(n, -1)
    return np.concatenate([cards, x[:, 24 * C:]], 1), m[:, idx], y[:, idx]


def load(paths: list[str]) -> dict[str, np.ndarray]:
    parts = [dict(np.load(p)) for p in paths]
    out = {}
    for key in parts[0]:
        if key == "grp":
            off, gs = 0, []
            for q in parts:
                gs.append(q["grp"] + off)
                off += int(q["grp"].max()) + 1
            out[key] = np.concatenate(gs)
        else:
            out[key] = np.concatenate([q[key] for q in parts])
    return out


def train(args) -> None:
    d = load(args.data)
    hold = d["grp"] % 10 == 0
    tr = ~hold
    x, m, y, k = d["x"][tr], d["m"][tr], d["y"][tr], d["k"][tr]
    perms = [(1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)]
    aug = [permute(x, m, y, p) for p in perms]
    x = np.concatenate([a[0] for a in aug])
    m = np.concatenate([a[1] for a in aug])
    y = np.concatenate([a[2] for a in aug])
    k = np.concatenate([k] * 6)
    mu = x.mean(0)
    sd = x.std(0) + 1e-3
    sizes = [DIM] + [int(h) for h in args.hidden.split(",")] + [24]
    net = Net(sizes, args.seed)
    params = net.W + net.B
    mom = [np.zeros_like(p) for p in params]
    vel = [np.zeros_like(p) for p in params]
    rng = np.random.default_rng(args.seed)
    step = 0
    xv = (d["x"][hold] - mu) / sd
    best = (-math.inf, [w.copy() for w in params])
    for epoch in range(args.epochs):
        order = rng.permutation(len(x))
        t0 = time.time()
        tot = 0.0
        lr = args.lr * (0.5 ** (epoch // 3))
        for s in range(0, len(order), args.batch):
            bi = order[s:s + args.batch]
            z, acts = net.forward((x[bi] - mu) / sd)
            ll, dz = cp_loglik(z, m[bi], y[bi], k[bi], grad=True)
            tot += -ll.sum()
            gw, gb = net.backward(acts, dz / len(bi))
            grads = gw + gb
            step += 1
            for i, (p, gr) in enumerate(zip(params, grads, strict=True)):
                gr = gr + args.l2 * p if i < len(net.W) else gr
                mom[i] = 0.9 * mom[i] + 0.1 * gr
                vel[i] = 0.999 * vel[i] + 0.001 * gr * gr
                p -= lr * (mom[i] / (1 - 0.9 ** step)) / (np.sqrt(vel[i] / (1 - 0.999 ** step)) + 1e-8)
        zv, _ = net.forward(xv)
        llv, _ = cp_loglik(zv, d["m"][hold], d["y"][hold], d["k"][hold])
        gain = llv - d["uni"][hold]
        print(f"epoch {epoch}: train -ll {tot / len(x):.4f}, held-out gain over uniform "
              f"{gain.mean():+.4f} nats ({hold.sum()} positions), {time.time() - t0:.0f} s",
              flush=True)
        if gain.mean() > best[0]:
            best = (gain.mean(), [w.copy() for w in params])
    for p, w in zip(params, best[1], strict=True):
        p[...] = w
    print(f"kept the best epoch: held-out gain {best[0]:+.4f} nats")
    arrays = {f"arr_{i}": a.astype(np.float32) for i, a in enumerate(net.W + net.B)}
    np.savez_compressed(args.weights, mu=mu, sd=sd, nl=len(net.W), **arrays)
    fac = d["fac"][hold] - d["uni"][hold]
    print(f"held-out: factors' gain over uniform {fac.mean():+.4f} nats")


def load_net(path: str):
    f = np.load(path)
    nl = int(f["nl"])
    arrs = [f[f"arr_{i}"] for i in range(2 * nl)]
    net = Net([1, 1])
    net.W, net.B = arrs[:nl], arrs[nl:]
    return net, f["mu"], f["sd"]


def test(args) -> None:
    net, mu, sd = load_net(args.weights)
    for path in args.data:
        d = dict(np.load(path))
        z, _ = net.forward((d["x"] - mu) / sd)
        ll, _ = cp_loglik(z, d["m"], d["y"], d["k"])
        for who in sorted(set(d["who"].tolist())):
            sel = d["who"] == who
            gn = ll[sel] - d["uni"][sel]
            gf = d["fac"][sel] - d["uni"][sel]
            dd = gn - gf
            n = sel.sum()
            print(f"{path} opponent {who}: {n} positions; network {gn.mean():+.4f} "
                  f"(± {1.96 * gn.std() / math.sqrt(n):.4f}), factors {gf.mean():+.4f} "
                  f"(± {1.96 * gf.std() / math.sqrt(n):.4f}), network less factors {dd.mean():+.4f} "
                  f"(± {1.96 * dd.std() / math.sqrt(n):.4f}) nats a position")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("encode")
    e.add_argument("hands")
    e.add_argument("out")
    r = sub.add_parser("records")
    r.add_argument("folder")
    r.add_argument("out")
    t = sub.add_parser("train")
    t.add_argument("data", nargs="+")
    t.add_argument("--weights", required=True)
    t.add_argument("--hidden", default="128,64")
    t.add_argument("--epochs", type=int, default=6)
    t.add_argument("--batch", type=int, default=256)
    t.add_argument("--lr", type=float, default=1e-3)
    t.add_argument("--l2", type=float, default=1e-5)
    t.add_argument("--seed", type=int, default=0)
    s = sub.add_parser("test")
    s.add_argument("weights")
    s.add_argument("data", nargs="+")
    a = ap.parse_args()
    print(" ".join(sys.argv))
    if a.cmd == "encode":
        encode_hands(a.hands, a.out)
    elif a.cmd == "records":
        encode_records(a.folder, a.out)
    elif a.cmd == "train":
        train(a)
    else:
        test(a)


if __name__ == "__main__":
    main()
