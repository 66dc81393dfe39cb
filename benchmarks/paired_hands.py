"""Where two bots part on the same deal, and what it costs: a duplicate-match diagnosis.

`strength.py --out DIR` keeps every match's record. Its matches are seat-swapped on the same deal
seeds, so hand k of a match and of its swap deal the same cards to the same seats (when both
matches reach hand k with the same dealer). Had the two bots played alike, each would score with
a seat's cards what the other scored with them; the sum of bot A's game-point margin (its game
points less the other's) over the two plays of a deal is what A gained on that deal by playing it
differently. The two plays run alike up to the first action where they differ: the same cards,
the same history, the same seat to act, one of the bots there in each. That decision is what the
deal's gain is put down to, by kind (lead, follow, close, exchange, claim, ...), phase (stock
open, closed, gone) and which bot chose what.

    python benchmarks/strength.py --matches 100 --workers 2 --seed 5901 \
        --pairs master:seconds=0.5/strong --out runs/rec
    python benchmarks/paired_hands.py runs/rec/master_seconds=0.5-vs-strong --bot master

It reads two-seat games with a stock (Sixty-Six, Schnapsen, Terts).
"""
from __future__ import annotations

import argparse
import collections
import json
import math
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sixtysix import Match, make_game
from sixtysix.records import replay


def kind(action: str, leading: bool) -> str:
    """A decision's kind: the verb, and for a card whether it leads or follows."""
    verb = action.split()[0]
    if verb == "play":
        return "lead" if leading else "follow"
    if verb == "declare":
        return "claim" if action == "declare" else "claim+marriage"
    return verb


def phase(state: Any) -> str:
    if state.closed_by >= 0:
        return "closed"
    left = len(state.stock) - state.spos
    return f"stock {left}" if left > 0 else "stock gone"


def stock_band(p: str) -> str:
    if not p.startswith("stock ") or p == "stock gone":
        return p
    left = int(p.split()[1])
    return "stock open, 8+ left" if left >= 8 else "stock open, 2-7 left"


def divergence(game_id: str, options: dict[str, Any], hand_a: dict[str, Any],
               hand_b: dict[str, Any]) -> tuple[int, Any] | None:
    """The first action index where the two plays of a deal differ, and the state there."""
    acts_a, acts_b = hand_a["actions"], hand_b["actions"]
    i = 0
    while i < min(len(acts_a), len(acts_b)) and acts_a[i] == acts_b[i]:
        i += 1
    if i == len(acts_a) == len(acts_b):
        return None
    m = Match(make_game(game_id, options), dealer=hand_a["dealer"])
    state = m.deal_hand(seed=hand_a["seed"])
    for act in acts_a[:i]:
        m.apply(act)
    return i, state


def load(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(folder.glob("match-*.json"))]


def seat_of(record: dict[str, Any], bot: str) -> int:
    """The seat of the entrant named ``bot`` (exactly, else the first whose name starts so)."""
    players = record["players"]
    if bot in players:
        return int(players.index(bot))
    return next(i for i, p in enumerate(players) if p.startswith(bot))


def paired_deals(records: list[dict[str, Any]], bot: str
                 ) -> Iterator[tuple[dict[str, Any], dict[str, Any], int, int, int, float, int]]:
    """Each deal both matches of a seat-swapped pair played: the two records, the hand's index,
    ``bot``'s seat in each, its gain on the deal (its game-point margin in the one play plus its
    margin in the other) and the hands it won of the two less one (-1, 0 or 1)."""
    by_first: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_first[r["hands"][0]["seed"]].append(r)
    for pair in by_first.values():
        if len(pair) != 2:
            continue
        ra, rb = pair
        seat_a, seat_b = seat_of(ra, bot), seat_of(rb, bot)
        assert seat_a != seat_b, "the two matches of a deal must seat the bot apart"
        res_a, res_b = replay(ra)["hands"], replay(rb)["hands"]
        for k, (ha, hb) in enumerate(zip(ra["hands"], rb["hands"], strict=False)):
            if (ha["seed"], ha["dealer"]) != (hb["seed"], hb["dealer"]):
                break
            ga, gb = res_a[k]["game_points"], res_b[k]["game_points"]
            ma, mb = ga[seat_a] - ga[1 - seat_a], gb[seat_b] - gb[1 - seat_b]
            yield ra, rb, k, seat_a, seat_b, ma + mb, (ma > 0) + (mb > 0) - 1


def duplicate_gain(records: list[dict[str, Any]], bot: str
                   ) -> tuple[int, tuple[float, float], tuple[float, float]]:
    """Deals played twice, and ``bot``'s mean gain a deal with its standard error, in game points
    and in hands won (-1 to 1). The hands of one match are not independent (the score shapes the
    play), so the errors are taken over the pairs of matches (a ratio estimator's: the sum of the
    gains over the sum of the deals)."""
    per_pair: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for ra, _, _, _, _, gain, won in paired_deals(records, bot):
        per_pair[ra["hands"][0]["seed"]].append((gain, won))
    counts = [len(g) for g in per_pair.values()]
    n, deals = len(counts), sum(counts)

    def ratio(i: int) -> tuple[float, float]:
        if n < 2:
            return math.nan, math.nan
        sums = [sum(x[i] for x in g) for g in per_pair.values()]
        mean = sum(sums) / deals
        resid = sum((s - mean * c) ** 2 for s, c in zip(sums, counts, strict=True))
        return mean, math.sqrt(resid / (n * (n - 1))) / (deals / n)

    return deals, ratio(0), ratio(1)


def analyse(records: list[dict[str, Any]], bot: str) -> dict[str, Any]:
    cells: dict[tuple[str, ...], list[float]] = defaultdict(list)
    gains: list[float] = []
    same = 0
    for ra, rb, k, seat_a, seat_b, gain, _ in paired_deals(records, bot):
        gains.append(gain)
        ha, hb = ra["hands"][k], rb["hands"][k]
        found = divergence(ra["game"], ra["options"], ha, hb)
        if found is None:
            same += 1
            continue
        i, state = found
        actor = state.to_act
        leading = not state.trick
        acts = {seat_a: ha["actions"][i], seat_b: hb["actions"][i]}
        mine = acts[seat_a] if actor == seat_a else acts[seat_b]
        theirs = acts[seat_b] if actor == seat_a else acts[seat_a]
        choice = f"{kind(mine, leading)} / {kind(theirs, leading)}"
        where = stock_band(phase(state))
        cells[("all",)].append(gain)
        cells[("phase", where)].append(gain)
        cells[("choice", choice)].append(gain)
        cells[("phase+choice", where, choice)].append(gain)
    return {"gains": gains, "same": same, "cells": cells}


def habits(records: list[dict[str, Any]]) -> dict[str, collections.Counter[str]]:
    """What each bot did over every hand of the folder, counted: closes made and failed, claims
    true and false, and the game points of the hands it won and lost, by their size."""
    out: dict[str, collections.Counter[str]] = defaultdict(collections.Counter)
    for rec in records:
        names = [p.split("#")[0] for p in rec["players"]]
        results = replay(rec)["hands"]
        game = make_game(rec["game"], rec["options"])
        for hand, res in zip(rec["hands"], results, strict=True):
            m = Match(game, dealer=hand["dealer"])
            state = m.deal_hand(seed=hand["seed"])
            acted: dict[str, int] = {}
            for act in hand["actions"]:
                verb = act.split()[0]
                if verb in ("close", "declare", "exchange") and verb not in acted:
                    acted[verb] = state.to_act
                m.apply(act)
            gp = res["game_points"]
            for seat, name in enumerate(names):
                c = out[name]
                c["hands"] += 1
                won, lost = gp[seat], gp[1 - seat]
                c[f"won {won}" if won else f"lost {lost}"] += 1
                c["game points won"] += won
                c["game points lost"] += lost
                if acted.get("close") == seat:
                    c["closes"] += 1
                    c["closes made"] += won > 0
                    c["game points net in own closes"] += won - lost
                if acted.get("close") == 1 - seat:
                    c["game points net in the other's closes"] += won - lost
                if acted.get("declare") == seat:
                    c["claims"] += 1
                    c["false claims"] += won == 0
                if acted.get("exchange") == seat:
                    c["exchanges"] += 1
                if res["end"] == "played out":
                    c["game points net in hands played out"] += won - lost
    return out


def mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.nan
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder", type=Path, help="a strength.py --out folder of one pair")
    ap.add_argument("--bot", required=True, help="the bot whose gains are counted (name prefix)")
    ap.add_argument("--min", type=int, default=5, help="rows with fewer deals are left out")
    args = ap.parse_args()
    records = load(args.folder)
    out = analyse(records, args.bot)
    gains = out["gains"]
    if not gains:
        sys.exit(f"no paired hands in {args.folder}")
    deals, (m, se), (won, won_se) = duplicate_gain(records, args.bot)
    print(f"{deals} deals played twice, {out['same']} of them alike throughout; "
          f"{args.bot}'s gain a deal {m:+.3f} ± {se:.3f} game points (sum {sum(gains):+.0f}; the "
          "error over the pairs of matches)")
    print(f"hands: of the two plays of a deal {args.bot} won {1 + won:.3f} ± {won_se:.3f} (1 if "
          "the two bots had won alike)")
    print("where the plays first differ (the bot's choice / the other's), the gain put down to it:")
    print(f"{'':52} {'deals':>6} {'sum':>7} {'mean':>7} {'± se':>6}")
    for key, xs in sorted(out["cells"].items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        if len(xs) < args.min:
            continue
        m, se = mean_se(xs)
        label = " · ".join(key)
        print(f"{label:52} {len(xs):6} {sum(xs):+7.0f} {m:+7.3f} {se:6.3f}")
    print("\nwhat each bot did, over every hand of the folder (the same deals for both):")
    counts = habits(records)
    keys = sorted({k for c in counts.values() for k in c})
    names = sorted(counts)
    print(f"{'':40} " + " ".join(f"{n[:14]:>14}" for n in names))
    for k in keys:
        print(f"{k:40} " + " ".join(f"{counts[n][k]:14}" for n in names))


if __name__ == "__main__":
    main()
