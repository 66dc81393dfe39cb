"""Session 54: ``PolicyNet.fill`` of ``prior.patch`` (on the kernel's packed hand) against
``train_policy.py``'s numpy forward pass on ``encode``'s worlds, over the play-phase decisions
of 30 hands of random play (run on the patched tree), over the actions that have an output:

    python benchmarks/results/session54/check_policy_fill.py WEIGHTS.pol
"""

from __future__ import annotations

import random
import sys
from array import array
from pathlib import Path

import numpy as np

here = Path(__file__).resolve()
sys.path[:0] = [str(here.parents[2]), str(here.parent)]
from train_policy import knowledge  # noqa: E402
from value_net import encode  # noqa: E402

from sixtysix.bots.value_net import DIM, SLOTS, load_policy, slot  # noqa: E402
from sixtysix.engine import Match, kernel  # noqa: E402
from sixtysix.games import make_game  # noqa: E402


def main() -> None:
    path = sys.argv[1]
    raw = Path(path).read_bytes()
    n1 = int.from_bytes(raw[8:12], "little")
    w = np.frombuffer(raw[16:], dtype="<f4").astype(np.float64)
    w1 = w[:DIM * n1].reshape(DIM, n1)
    b1 = w[DIM * n1:DIM * n1 + n1]
    w2 = w[DIM * n1 + n1:DIM * n1 + n1 + n1 * SLOTS].reshape(n1, SLOTS)
    b2 = w[-SLOTS:]
    pol = load_policy(path)
    rng = random.Random(1)
    worst, n = 0.0, 0
    for seed in range(30):
        st = Match(make_game("sixty-six"), dealer=seed % 2).deal_hand(seed=seed)
        while st.stock_open and not st.over:
            acts = st.legal_actions()
            if acts[0] < 32:  # the play phase (the draw phase's choice has no outputs)
                h = kernel.pack(st)
                assert h is not None
                out = array("d", bytes(8 * SLOTS))
                pol.fill(h, h.legal_actions(), out)
                x = knowledge(encode(st)[None].astype(np.float64))[0]
                z = np.maximum(x @ w1 + b1, 0) @ w2 + b2
                ks = [k for k in (slot(a, st.trump) for a in acts) if k >= 0]
                e = np.exp(z[ks] - z[ks].max())
                worst = max(worst, float(np.abs(np.array([out[k] for k in ks]) - e / e.sum()).max()))
                n += 1
            st.apply(rng.choice(acts))
    print(f"{n} decisions, largest difference of a prior {worst:.2e}")


if __name__ == "__main__":
    main()
