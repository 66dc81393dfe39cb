"""Session 59's looks at the level's closes and exchanges, in the records of its matches against
`strong` (``strength.py --out``): each re-searches the level's positions from its seat's view.

    python benchmarks/results/session59/decisions.py exchange DIR [--seconds 2] [--part 0/2]
    python benchmarks/results/session59/decisions.py calibration DIR [--closes] [--part 0/2]
    python benchmarks/results/session59/decisions.py dilution DIR

* ``exchange``: where the level declined its first chance to exchange, what a longer search
  makes of the exchange beside the move chosen (its rank, visits and mean game points).
* ``calibration``: the mean game points a 0.5 s search gives the action taken, beside how the
  hand ended for the seat (its game points less the other's): at the level's closes
  (``--closes``), or at every sixth decision where it could have closed and did not.
* ``dilution``: at 120 of the level's leads where it may close or exchange, the close's and the
  exchange's mean in the tree beside the mean of their most visited child, the same seat's next
  choice (nodes of 200 visits or more): how much that seat's own exploration lowers them.

``--part K/N`` takes every N-th position from the K-th, to run N parts on N cores.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sixtysix import Match, action_str, make_game
from sixtysix.bots import make_bot
from sixtysix.bots.search import exclusions
from sixtysix.records import replay


def positions(folder: Path, bot: str) -> Iterator[tuple[int, int, str, Any, int, list[str]]]:
    """Every decision of ``bot`` in the folder's records: the hand's seed, the action's index,
    the action taken, the seat's view, the seat's game points less the other's at the hand's
    end, and the legal actions."""
    for path in sorted(folder.glob("match-*.json")):
        rec = json.loads(path.read_text())
        game = make_game(rec["game"], rec["options"])
        results = replay(rec)["hands"]
        for hand, res in zip(rec["hands"], results, strict=True):
            m = Match(game, dealer=hand["dealer"])
            state = m.deal_hand(seed=hand["seed"])
            gp = res["game_points"]
            for i, act in enumerate(hand["actions"]):
                p = state.to_act
                if rec["players"][p].startswith(bot):
                    legal = [action_str(a) for a in state.legal_actions()]
                    yield hand["seed"], i, act, state.view(p), gp[p] - gp[1 - p], legal
                m.apply(act)


def search(bot: Any, view: Any, seed: int, seconds: float) -> Any:
    return bot._search(view, random.Random(seed), time.perf_counter() + seconds, 10**9,
                       exclusions(view))


def exchange(folder: Path, seconds: float, part: slice) -> None:
    bot: Any = make_bot(f"master:seconds={seconds}")
    chances: dict[str, list[int]] = {}
    chosen: list[tuple[int, int, str, Any]] = []
    for name in ("master", "strong"):
        seen: set[tuple[int, int]] = set()
        took = declined = 0
        for seed, i, act, view, _, legal in positions(folder, name):
            if "exchange" in legal and (seed, view.seat) not in seen:
                seen.add((seed, view.seat))  # the seat's first chance in the hand
                took += act == "exchange"
                declined += act != "exchange"
                if act != "exchange" and name == "master":
                    chosen.append((seed, i, act, view))
        chances[name] = [took, declined]
    for name, (took, declined) in chances.items():
        print(f"{name}: declined its first chance to exchange in {declined} of {took + declined}")
    first = 0
    picked = chosen[part]
    for seed, i, act, view in picked:
        est = bot.estimates(view, random.Random(seed + i))
        ranked = sorted(est, key=lambda a: -est[a][1])
        ex = next(a for a in est if action_str(a) == "exchange")
        took_a = next(a for a in est if action_str(a) == act)
        first += ranked[0] == ex
        print(f"{seed} {i} chose {act:9} ({est[took_a][1]} visits, {est[took_a][0]:+.2f}) | "
              f"exchange rank {ranked.index(ex) + 1}, {est[ex][1]} visits, {est[ex][0]:+.2f}",
              flush=True)
    print(f"the exchange first in {first} of {len(picked)}")


def calibration(folder: Path, closes: bool, part: slice) -> None:
    bot = make_bot("master")
    rows = []
    for seed, i, act, view, net, legal in positions(folder, "master"):
        if closes and act == "close" or not closes and act != "close" and "close" in legal:
            rows.append((seed, i, act, view, net))
    if not closes:
        rows = rows[::6]
    said = got = 0.0
    near = [0, 0]
    picked = rows[part]
    for seed, i, act, view, net in picked:
        root = search(bot, view, seed + i, 0.5)
        ch = next(c for a, c in root.children.items() if action_str(a) == act)
        said += ch.g / ch.n
        got += net
        line = f"{seed} {i} {act} {ch.g / ch.n:+.3f} {net}"
        if not closes:  # the close's own mean, to see how near closing came
            close = next(c for a, c in root.children.items() if action_str(a) == "close")
            gap = ch.g / ch.n - close.g / close.n
            near[0] += gap < 0.05
            near[1] += gap < 0.2
            line += f" | close {close.g / close.n:+.3f}, {close.n} visits"
        print(line, flush=True)
    print(f"{len(picked)} decisions: the search's mean {said / len(picked):+.3f} game points, "
          f"the hands' {got / len(picked):+.3f}")
    if not closes:
        print(f"the close within 0.05 game points of the action taken in {near[0]}, within 0.2 "
              f"in {near[1]}")


def dilution(folder: Path) -> None:
    bot = make_bot("master")
    rows = [(seed, i, view) for seed, i, _, view, _, legal in positions(folder, "master")
            if ("close" in legal or "exchange" in legal) and "draw" not in legal]
    rows = rows[::max(1, len(rows) // 120)][:120]
    gaps: dict[str, list[float]] = {"close": [], "exchange": []}
    for seed, i, view in rows:
        root = search(bot, view, seed + i, 0.5)
        for a, ch in root.children.items():
            name = action_str(a)
            if name in gaps and ch.n >= 200 and ch.children:
                best = max(ch.children.values(), key=lambda c: c.n)
                gaps[name].append(best.g / best.n - ch.g / ch.n)
                print(seed, i, name, ch.n, f"{ch.g / ch.n:+.3f}", f"{best.g / best.n:+.3f}",
                      flush=True)
    for name, xs in gaps.items():
        if xs:
            print(f"{name}: {len(xs)} nodes, the most visited child's mean above the node's by "
                  f"{sum(xs) / len(xs):+.3f} on average, {max(xs):+.3f} at most")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["exchange", "calibration", "dilution"])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--closes", action="store_true")
    ap.add_argument("--part", default="0/1")
    args = ap.parse_args()
    k, n = map(int, args.part.split("/"))
    part = slice(k, None, n)
    if args.what == "exchange":
        exchange(args.folder, args.seconds, part)
    elif args.what == "calibration":
        calibration(args.folder, args.closes, part)
    else:
        dilution(args.folder)


if __name__ == "__main__":
    main()
