"""Session 53's check of the network of what a seat knows, on a tree with ``knows.patch``
applied: on the held-out tenth of the hands, its squared error against how the hand ended,
beside the world network's on the true world and averaged over worlds dealt anew uniformly
(what a search's mean over its worlds tends to).

Usage, from the repository's root with the patch applied: ``python
benchmarks/results/session53/knows_fit_check.py KNOWS.net seed3.npz seed4.npz``. The data:
``benchmarks/value_net.py --hands 16000 --seed S --out FILE``; the network: ``benchmarks/
value_net.py --train seed3.npz seed4.npz --knows --epochs 8 --weights KNOWS.net`` (this
folder's ``sixty_six_knows.net``).
"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from value_net import Net, knowledge, load_data  # noqa: E402

from sixtysix.bots.value_net import CHANNELS  # noqa: E402

G = 24 * CHANNELS


def redeal(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``x`` with the seat to act's unknowns (the other hand, the face-down cards) dealt anew."""
    n = len(x)
    c = x[:, :G].reshape(n, 24, CHANNELS).copy()
    turnup = c[:, :, 5] > 0
    unknown = (c[:, :, 1] > 0) | ((c[:, :, 2] > 0) & ~turnup)
    held = (c[:, :, 1] > 0).sum(1)
    for i in range(n):
        cards = np.flatnonzero(unknown[i])
        rng.shuffle(cards)
        c[i, cards, 1:5] = 0
        c[i, cards[:held[i]], 1] = 1
        for j, card in enumerate(cards[held[i]:]):
            c[i, card, 2] = 1
            c[i, card, 3] = (j // 2 + 1) / 6
            c[i, card, 4] = 1.0 if j % 2 == 0 else 0.0
    return np.concatenate([c.reshape(n, -1), x[:, G:]], axis=1)


def main() -> None:
    knows = Net.load(sys.argv[1])
    world = Net.load(os.path.join(HERE, "..", "session52", "sixty_six_seeds3-4.net"))
    x, t, _, hands = load_data(sys.argv[2:])
    sub = np.flatnonzero(hands % 10 == 0)[:20000]
    x, t = x[sub], t[sub]
    print(f"{len(sub)} held-out positions; squared error against T")
    print(f"world network, the true world: {float(np.mean((world.predict(x) - t) ** 2)):.3f}")
    rng = np.random.default_rng(5)
    acc = np.zeros(len(sub))
    for r in range(16):
        acc += world.predict(redeal(x, rng))
        if r in (0, 3, 15):
            err = float(np.mean((acc / (r + 1) - t) ** 2))
            print(f"world network, mean over {r + 1} worlds dealt anew: {err:.3f}")
    print(f"network of what the seat to act knows: "
          f"{float(np.mean((knows.predict(knowledge(x)) - t) ** 2)):.3f}")


if __name__ == "__main__":
    main()
