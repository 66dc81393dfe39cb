"""Session 55: does more time change the level's decisions while the stock is open?

Positions come from Sixty-Six hands of the level's search at a fixed 4,000 iterations against
itself; about half of the decisions with the stock open and more than one action are kept (the
seat's view). Each is decided by the level at 0.5 s and at 2 s, and valued by two 8 s searches:
one as the level searches (most visits), one that visits every root action equally
(``even_root``: the values of the actions are then equally well estimated, where the first
rates an action it rarely visited by a shallow subtree). A decision's loss is the reference's
value of its best action less that of the action chosen, in game points.

    python decision_time.py play SEED N OUT.jsonl      # the positions, the 0.5 s and 2 s choices,
                                                       # the 8 s search's values and visits
    python decision_time.py grade SEED IN.jsonl OUT.jsonl   # the same positions, rebuilt from
                                                       # SEED: the 8 s even-root values
    python decision_time.py choose SEED IN.jsonl OUT.jsonl SECONDS  # another time's choices
    python decision_time.py summary FILE...            # the losses, paired, by kind of decision

The positions are rebuilt from the seed: the random numbers are drawn in the same order in
every pass, and each pass checks that the legal actions are those recorded.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Iterator
from typing import Any

from sixtysix.bots import make_bot
from sixtysix.bots.search import Ismcts, _closed_open, exact_view
from sixtysix.engine.actions import action_str
from sixtysix.engine.match import Match
from sixtysix.engine.view import View
from sixtysix.games import make_game


def positions(seed: int, n: int) -> Iterator[tuple[View, list[int]]]:
    """The first ``n`` positions of ``seed``, each with the three seeds its searches take."""
    rng = random.Random(seed)
    g = make_game("sixty-six")
    gen = make_bot("ismcts:iterations=4000,endgame=true,net=1")
    done = 0
    while done < n:
        s = Match(g, dealer=rng.randrange(2)).deal_hand(seed=rng.randrange(2**31))
        while not s.over and done < n:
            v = s.view(s.to_act)
            if len(v.legal) > 1 and not _closed_open(v) and not exact_view(v) \
                    and rng.random() < 0.5:
                yield v, [rng.randrange(2**31) for _ in range(3)]
                done += 1
            s.step(gen.choose(v, rng))


def level(seconds: float, even: bool = False) -> Ismcts:
    return Ismcts(seconds=seconds, endgame=True, net=1.0, even_root=even)


def chosen(r: dict[str, Any], seconds: float, a: str) -> dict[str, Any]:
    """Record ``r`` with action ``a`` chosen at ``seconds``: the choice and its loss by each
    reference the record has (the 8 s search's ``est``; the even-root ``even``, once graded)."""
    t = tag(seconds)
    out = dict(r, **{"a" + t: a, "loss" + t: r["est"][r["best"]][0] - r["est"][a][0]})
    if "even" in r:
        out["eloss" + t] = r["even"][r["ebest"]] - r["even"][a]
    return out


def play(seed: int, n: int, out: str) -> None:
    ref = level(8.0)
    with open(out, "w") as f:
        for v, seeds in positions(seed, n):
            picks = [(t, action_str(level(t).choose(v, random.Random(k))))
                     for t, k in zip((0.5, 2.0), seeds, strict=False)]
            est = ref.estimates(v, random.Random(seeds[2]))
            r: dict[str, Any] = {
                "trick": v.trick_no, "lead": not v.trick,
                "legal": [action_str(a) for a in v.legal],
                "est": {action_str(a): [round(q, 4), k] for a, (q, k) in est.items()},
                "best": action_str(max(est, key=lambda a: est[a][1]))}
            for t, a in picks:
                r = chosen(r, t, a)
            f.write(json.dumps(r) + "\n")
            f.flush()


def read(files: list[str]) -> list[dict[str, Any]]:
    rows = []
    for name in files:
        with open(name) as f:
            rows += [json.loads(line) for line in f]
    return rows


def rebuilt(seed: int, inp: str) -> Iterator[tuple[int, View, dict[str, Any]]]:
    rows = read([inp])
    for i, (v, _) in enumerate(positions(seed, len(rows))):
        if rows[i]["legal"] != [action_str(a) for a in v.legal]:
            raise SystemExit(f"position {i} of seed {seed} is not the one recorded")
        yield i, v, rows[i]


def grade(seed: int, inp: str, out: str) -> None:
    ref = level(8.0, even=True)
    with open(out, "w") as f:
        for i, v, r in rebuilt(seed, inp):
            est = ref.estimates(v, random.Random(seed * 1000 + i))
            e = {action_str(a): q for a, (q, _) in est.items()}
            best = max(e, key=lambda a: e[a])
            r = dict(r, even={a: round(q, 4) for a, q in e.items()}, ebest=best)
            for t in (0.5, 2.0):
                r = chosen(r, t, r["a" + tag(t)])
            f.write(json.dumps(r) + "\n")
            f.flush()


def tag(seconds: float) -> str:
    """The key of a time in the records: 0.5 s "05", 2 s "2", 0.1 s "01"."""
    return f"{seconds:g}".replace(".", "")


def seconds_of(t: str) -> float:
    return float("0." + t[1:]) if t.startswith("0") else float(t)


def choose(seed: int, inp: str, out: str, seconds: float) -> None:
    bot = level(seconds)
    with open(out, "w") as f:
        for i, v, r in rebuilt(seed, inp):
            a = action_str(bot.choose(v, random.Random(seed * 7919 + i)))
            f.write(json.dumps(chosen(r, seconds, a)) + "\n")


def mean_se(xs: list[float]) -> str:
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return f"{m:.4f} ± {sd / math.sqrt(len(xs)):.4f}"


def summary(files: list[str]) -> None:
    rows = read(files)
    times = sorted({k[1:] for k in rows[0] if k.startswith("a") and k[1:2].isdigit()},
                   key=seconds_of)
    groups = [("all", rows), ("leads", [r for r in rows if r["lead"]]),
              ("follows", [r for r in rows if not r["lead"]]),
              ("draw or close", [r for r in rows if sorted(r["legal"]) == ["close", "draw"]])]
    graded = "even" in rows[0]
    for name, rs in groups:
        if not rs:
            continue
        print(f"{name}: {len(rs)} positions")
        for t in times:
            if "a" + t not in rs[0]:
                continue
            agree = sum(r["a" + t] == r["best"] for r in rs)
            line = (f"  {seconds_of(t):>4g} s: the 8 s search's loss {mean_se([r['loss' + t] for r in rs])}, "
                    f"its choice {agree / len(rs):.0%}")
            if graded:
                agree = sum(r["a" + t] == r["ebest"] for r in rs)
                line += (f"; the even-root loss {mean_se([r['eloss' + t] for r in rs])}, "
                         f"its choice {agree / len(rs):.0%}")
            print(line)
        if graded:
            agree = sum(r["best"] == r["ebest"] for r in rs)
            print(f"  the 8 s search's choice is the even-root one in {agree / len(rs):.0%}")
            for t in times:
                if t != "05" and "eloss" + t in rs[0]:
                    print(f"  0.5 s less {seconds_of(t):g} s, even-root loss, paired: "
                          f"{mean_se([r['eloss05'] - r['eloss' + t] for r in rs])}")


def main() -> None:
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "play":
        play(int(args[0]), int(args[1]), args[2])
    elif cmd == "grade":
        grade(int(args[0]), args[1], args[2])
    elif cmd == "choose":
        choose(int(args[0]), args[1], args[2], float(args[3]))
    elif cmd == "summary":
        summary(args)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
