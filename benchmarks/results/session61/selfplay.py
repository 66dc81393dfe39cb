"""Hands of Sixty-Six between two bots, kept as (seed, dealer, actions) for later replay.

    python benchmarks/results/session61/selfplay.py --hands N --seed S --bot SPEC --out FILE.json

Every bot runs on iterations (``ismcts:iterations=...``), so a file is the same on any machine.
"""
from __future__ import annotations

import argparse
import json
import random
from multiprocessing import Pool

from sixtysix.bots import make_bot
from sixtysix.engine import Match
from sixtysix.games import make_game


def play(args: tuple[str, int, int]) -> list[int]:
    bot_spec, seed, dealer = args
    g = make_game("sixty-six")
    st = Match(g, dealer=dealer).deal_hand(seed=seed)
    bots = [make_bot(bot_spec), make_bot(bot_spec)]
    rng = random.Random(seed)
    acts = []
    while not st.over:
        p = st.to_act
        a = bots[p].choose(st.view(p), rng)
        acts.append(a)
        st.step(a)
    return acts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="ismcts:iterations=5000")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    tasks = [(a.bot, a.seed * 1_000_003 + i, i % 2) for i in range(a.hands)]
    with Pool(a.workers) as pool:
        hands = pool.map(play, tasks, chunksize=4)
    with open(a.out, "w") as f:
        json.dump({"bot": a.bot, "hands": [[s, d, h] for (_, s, d), h in zip(tasks, hands, strict=True)]}, f)


if __name__ == "__main__":
    main()
