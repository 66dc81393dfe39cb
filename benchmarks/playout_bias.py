"""Where the level's playouts misjudge a phase-1 world, and whether correcting that helps decide.

`master`'s search values each world it reaches by a playout: the kernel's cheap policy while the
stock is open, the solver after. ``leaf_values.py`` measured how far that is from how the bots
themselves go on (0.69 game points RMS an action, docs/master.md); this asks whether the error
is systematic, so that a learned correction could take it out:

1. **Data.** ``--hands`` hands of ``--bot`` against itself (each seat from its own view). At every
   decision with the stock open and more than one action: features of the world (per seat, its
   trumps and their honours, marriages, aces, tens, card points, voids, points scored, pending
   marriage points, trickless; seat 0's less seat 1's, alone and times the face-down cards over
   10; who leads, a trick begun, the stock's size), ``P`` = the mean of ``--playouts`` of the
   level's playouts of the true world, and ``T`` = how the hand really ended. All seat 0's lead in
   game points.
2. **Fit.** ``T - P`` regressed on the features (ridge, five folds by hand): the share of its
   variance the features explain out of sample, and every coefficient two standard errors from
   zero (clustered by hand).
3. **Screen** (with ``--dumps``: ``leaf_values.py`` files). ``ismcts:iterations=--iterations,
   endgame=true`` decides each dumped position from the seat's view, once as it is and once with
   the fitted correction added to every playout of a phase-1 world, and each choice is graded by
   the dump's values as ``decision_regret.py`` grades them: paired regrets in game points.

Every bot runs on iterations, so a run gives the same figures on any machine and load. Sixty-Six
(two seats, the kernel's games). Prints figures with the machine and the command; never asserts.

Usage: ``python benchmarks/playout_bias.py [--hands 4000] [--bot ismcts:iterations=2000,
endgame=true] [--playouts 8] [--seed 2] [--workers 2] [--dumps FILE ...] [--iterations 3000]``
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

import numpy as np
from leaf_values import load_dump, mean_se, playout_means, position
from machine import header

from sixtysix.bots import make_bot
from sixtysix.bots.base import Bot
from sixtysix.bots.ismcts import Ismcts
from sixtysix.engine import State
from sixtysix.engine.kernel import Hand
from sixtysix.engine.phases import PH_PLAY

GAME = "sixty-six"
_CARD_POINTS = (11, 10, 4, 3, 2, 0, 0, 0)
"""Sixty-Six's card points by rank index (ace, ten, king, queen, jack, nine)."""
SEAT_FEATURES = ("trumps", "trump ace", "trump ten", "trump marriage", "trump jack",
                 "trump nine", "marriages", "aces", "tens", "bare tens", "card points / 10",
                 "voids", "points / 10", "pending / 10", "trickless")
NAMES = ([f"{n}, seat 0 less 1" for n in SEAT_FEATURES]
         + [f"{n}, seat 0 less 1, × stock/10" for n in SEAT_FEATURES]
         + ["seat 0 leads (±1)", "seat 0 leads × stock/10", "trick begun (±1 to act)",
            "stock/10", "constant"])


def seat_features(cards: int, trump: int, points: int, pending: int, tricks: int) -> list[float]:
    """One seat's features (``SEAT_FEATURES``) from its hand's card bits (``suit * 8 + rank``)."""
    def has(suit: int, rank: int) -> int:
        return (cards >> (suit * 8 + rank)) & 1

    plain = [u for u in range(4) if u != trump]
    return [
        sum(has(trump, r) for r in range(6)), has(trump, 0), has(trump, 1),
        has(trump, 2) & has(trump, 3), has(trump, 4), has(trump, 5),
        sum(has(u, 2) & has(u, 3) for u in plain), sum(has(u, 0) for u in plain),
        sum(has(u, 1) for u in plain), sum(has(u, 1) & (1 - has(u, 0)) for u in plain),
        sum(_CARD_POINTS[r] for u in range(4) for r in range(6) if has(u, r)) / 10,
        sum(1 for u in plain if not any(has(u, r) for r in range(6))),
        points / 10, pending / 10, float(tricks == 0)]


def features(h: Hand) -> list[float]:
    """The world ``h``'s features (``NAMES`` less the constant): seat 0's side."""
    a = seat_features(h.hand0, h.trump, h.points0, h.pending0, h.tricks0)
    b = seat_features(h.hand1, h.trump, h.points1, h.pending1, h.tricks1)
    fd = (h.slen - h.spos) / 10
    diff = [x - y for x, y in zip(a, b, strict=True)]
    leads = 1.0 if h.leader == 0 else -1.0
    begun = (1.0 if h.to_act == 0 else -1.0) if h.led >= 0 else 0.0
    return diff + [x * fd for x in diff] + [leads, leads * fd, begun, fd]


def one_hand(task: tuple[str, int, int, int]) -> list[tuple[list[float], float, float]]:
    """A hand of ``bot`` against itself: (features, P, T) at each decision with the stock open."""
    bot, seed, hand, playouts = task
    means = list(playout_means(GAME, bot, hand, seed, playouts))
    if not means:
        return []
    rows = [(features(h), p) for _, h, p in means]
    gp = means[-1][0].game_points()  # the live state, finished once the generator is spent
    return [(f, p, float(gp[0] - gp[1])) for f, p in rows]


def ridge(x: np.ndarray, y: np.ndarray, lam: float = 1.0) -> np.ndarray:
    """Weights (the constant last) of ``y`` on ``x`` with a ridge of ``lam``."""
    a = np.c_[x, np.ones(len(x))]
    w: np.ndarray = np.linalg.solve(a.T @ a + lam * np.eye(a.shape[1]), a.T @ y)
    return w


def fit(x: np.ndarray, y: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """Print the out-of-sample R² of ``y`` on ``x`` (five folds by hand) and the coefficients
    two standard errors (clustered by hand) from zero; return the weights fitted on all."""
    sse = sst = 0.0
    for k in range(5):
        train, test = hands % 5 != k, hands % 5 == k
        w = ridge(x[train], y[train])
        sse += float(((y[test] - np.c_[x[test], np.ones(test.sum())] @ w) ** 2).sum())
        sst += float(((y[test] - y[train].mean()) ** 2).sum())
    w = ridge(x, y)
    a = np.c_[x, np.ones(len(x))]
    resid = y - a @ w
    inv = np.linalg.inv(a.T @ a + np.eye(a.shape[1]))
    meat = np.zeros((a.shape[1], a.shape[1]))
    for hand in np.unique(hands):
        g = a[hands == hand].T @ resid[hands == hand]
        meat += np.outer(g, g)
    se = np.sqrt(np.diag(inv @ meat @ inv))
    print(f"T - P on the features: out-of-sample R² {1 - sse / sst:.3f}; the fitted correction's "
          f"standard deviation {float((a @ w).std()):.3f} game points")
    print("| feature | coefficient (game points) |")
    print("|---|---|")
    for name, c, s in zip(NAMES, w, se, strict=True):
        if abs(c) > 2 * s:
            print(f"| {name} | {c:+.3f} ± {s:.3f} |")
    return w


class Corrected(Ismcts):
    """ISMCTS whose playouts of a phase-1 world (stock open, play phase) are corrected by
    ``WEIGHTS``: set in each worker before it decides."""

    WEIGHTS: list[float] = []

    def _packed_lead(self, h: Hand) -> float:
        lead = super()._packed_lead(h)
        if h.phase == PH_PLAY and h.turnup_up and h.closed_by < 0 and h.slen > h.spos:
            w = self.WEIGHTS
            lead += sum(a * b for a, b in zip(w[:-1], features(h), strict=True)) + w[-1]
        return lead


def grade(task: tuple[str, int, int, dict[str, float], str, list[float]]) -> tuple[float, float]:
    """Regret of the spec's ISMCTS on one dumped position: as it is, and corrected."""
    ref_bot, hand, seed, ref, spec, weights = task
    s: State | None = position(GAME, ref_bot, hand, seed)
    assert s is not None
    top = max(ref.values())
    view = s.view(s.to_act)
    Corrected.WEIGHTS = weights
    plain = make_bot(spec)
    corrected = make_bot(spec)
    corrected.__class__ = Corrected  # the spec's search, its parameters as parsed, corrected

    def regret(bot: Bot) -> float:
        return top - ref[str(bot.choose(view, random.Random(hand * 1_000)))]

    return regret(plain), regret(corrected)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=4000)
    ap.add_argument("--bot", default="ismcts:iterations=2000,endgame=true")
    ap.add_argument("--playouts", type=int, default=8)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--dumps", nargs="*", default=[])
    ap.add_argument("--iterations", type=int, default=3000)
    args = ap.parse_args()
    print(header())
    t0 = time.time()
    x, p, t, hands = [], [], [], []
    with Pool(args.workers) as pool:
        tasks = [(args.bot, args.seed, i, args.playouts) for i in range(args.hands)]
        for i, rows in enumerate(pool.imap(one_hand, tasks, chunksize=4)):
            for f, pv, tv in rows:
                x.append(f)
                p.append(pv)
                t.append(tv)
                hands.append(i)
    ta, pa = np.array(t), np.array(p)
    print(f"{len(x)} positions from {args.hands} hands of {args.bot} against itself, "
          f"{args.playouts} playouts each; {time.time() - t0:.0f} s")
    print(f"T's variance {ta.var():.3f}, P's {pa.var():.3f}, T - P's {(ta - pa).var():.3f} "
          f"(game points squared)")
    weights = fit(np.array(x), ta - pa, np.array(hands))
    if not args.dumps:
        return
    spec = f"ismcts:iterations={args.iterations},endgame=true"
    tasks2 = []
    for path in args.dumps:
        d = load_dump(path)
        tasks2 += [(d["bot"], r["hand"], d["seed"], r["ref"], spec, list(weights))
                   for r in d["rows"]]
    t0 = time.time()
    with Pool(args.workers) as pool:
        graded = pool.map(grade, tasks2)
    plain, corrected = ([g[i] for g in graded] for i in (0, 1))
    print(f"{len(graded)} positions from {', '.join(args.dumps)}; {time.time() - t0:.0f} s")
    for name, xs in ((spec, plain), (f"{spec}, corrected", corrected)):
        m, se = mean_se(xs)
        print(f"`{name}`: mean regret {m:.3f} ± {se:.3f} game points")
    m, se = mean_se([c - q for c, q in zip(corrected, plain, strict=True)])
    print(f"corrected less as it is: {m:+.3f} ± {se:.3f} game points a decision")


if __name__ == "__main__":
    main()
