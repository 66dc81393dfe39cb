"""Session 54: the data of the policy prior (``prior.patch``). Self-play of Sixty-Six by the
level's search at a fixed 3,000 iterations a decision; at each decision with the stock open and
more than one action, the world (``benchmarks/value_net.py``'s ``encode``, from the side of the
seat to act), the legal actions and the root visits of each, in the policy's 39 outputs.

    python benchmarks/results/session54/policy_data.py SEED HANDS OUT.npz

(``OUT.npz``: ``X`` the worlds, ``M`` the legal outputs, ``V`` the visits, ``H`` the hands.)
"""

from __future__ import annotations

import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmarks/
from value_net import encode  # noqa: E402

from sixtysix.bots.base import make_bot  # noqa: E402
from sixtysix.engine import Match  # noqa: E402
from sixtysix.engine.actions import CLOSE, DECLARE, DECLARE_SHOW, EXCHANGE, MARRY  # noqa: E402
from sixtysix.games import make_game  # noqa: E402

BOT = "ismcts:iterations=3000,endgame=true,net=1"
OUTPUTS = 39


def output(a: int, trump: int) -> int:
    """Action ``a``'s output (``value_net.slot`` of the patch), -1 where it has none."""
    if a < 32:
        return ((a >> 3) - trump) % 4 * 6 + (a & 7)
    if MARRY <= a < MARRY + 32:
        c = a - MARRY
        return 24 + ((c >> 3) - trump) % 4 * 2 + (0 if c & 7 == 2 else 1)
    if DECLARE_SHOW <= a < DECLARE_SHOW + 32:
        return 35 + (((a - DECLARE_SHOW) >> 3) - trump) % 4
    return {EXCHANGE: 32, CLOSE: 33, DECLARE: 34}.get(a, -1)


def hand(args: tuple[int, int]) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]:
    """Hand ``i`` of self-play: a row at each decision with the stock open (the draw phase's
    choice between drawing and closing has no output and is left out)."""
    seed, i = args
    st = Match(make_game("sixty-six"), dealer=i % 2).deal_hand(seed=seed * 1_000_003 + i)
    bots = {p: make_bot(BOT) for p in st.active}
    rng = random.Random(seed * 100_003 + i)
    rows = []
    while not st.over:
        legal = st.legal_actions()
        bot = bots[st.to_act]
        view = st.view(st.to_act)
        if st.stock_open and len(legal) > 1:
            est = bot.estimates(view, rng)  # type: ignore[attr-defined]
            outs = [output(a, st.trump) for a in legal]
            if min(outs) >= 0:
                mask = np.zeros(OUTPUTS, np.float32)
                visits = np.zeros(OUTPUTS, np.float32)
                for a, k in zip(legal, outs, strict=True):
                    mask[k] = 1
                    visits[k] = est[a][1]
                rows.append((encode(st), mask, visits, i))
            a = max(legal, key=lambda a: (est[a][1], est[a][0]))
        else:
            a = bot.choose(view, rng)
        st.apply(a)
    return rows


def save(out: str, rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]) -> None:
    np.savez_compressed(out, X=np.array([r[0] for r in rows]), M=np.array([r[1] for r in rows]),
                        V=np.array([r[2] for r in rows]), H=np.array([r[3] for r in rows]))


def main() -> None:
    seed, hands, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    start = time.time()
    rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]] = []
    with Pool(2) as pool:
        for k, got in enumerate(pool.imap_unordered(hand, [(seed, i) for i in range(hands)],
                                                    chunksize=4)):
            rows.extend(got)
            if k % 200 == 0:
                print(k, len(rows), f"{time.time() - start:.0f}s", flush=True)
                save(out, rows)
    save(out, rows)
    print("done", len(rows), f"{time.time() - start:.0f}s")


if __name__ == "__main__":
    main()
