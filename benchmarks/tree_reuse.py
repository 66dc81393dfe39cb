"""What keeping the search tree from one decision to the next would be worth: at each decision of
an ISMCTS seat after its first of a hand, the visits that the previous decision's tree holds below
the actions played since (for the actions legal now), as a share of the visits of the new search.
A tree kept between moves would start from those visits instead of none. Prints figures; never
asserts. Such a tree, built and played in session 50, lost about ten points of match wins against
`strong`: the visits it hands on were grown before the drawn card was known (docs/master.md).

Usage: ``python benchmarks/tree_reuse.py [--matches 6] [--seed 1] [--bot master:seconds=0.5]
[--against strong]``. The shares are grouped by the actions played since the previous decision:
one (the seat's own, then its move again: nearly always its draw, or close, after a trick it won,
then its lead), two (its card and the reply, then its lead again) and three or more (the other
seat won the trick and led).
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

from machine import header

from sixtysix.bots import ismcts, make_bot
from sixtysix.research.tournament import play_match

_shares: dict[int, list[float]] = defaultdict(list)
_FIELDS = ("seconds", "iterations", "c", "endgame", "net", "particles")


def _settings(bot: Any) -> tuple[Any, ...]:
    """What tells the measured bot from its opponent (both may be ISMCTS)."""
    return tuple(getattr(bot, f, None) for f in _FIELDS)


def _measuring(grow: Any, measured: tuple[Any, ...]) -> Any:
    """``Ismcts._search``, noting each search's root on its bot and, where the previous one is of
    the same hand, the share the previous tree would have handed on (for the bots whose
    ``_settings`` are ``measured``)."""

    def run(self: Any, view: Any, *args: Any, **kwargs: Any) -> Any:
        if _settings(self) != measured:
            return grow(self, view, *args, **kwargs)
        hand_id = (view.seat, view.dealer, view.match_score, view.trump)
        last = getattr(self, "_reuse_last", None)
        inherited = None
        if last is not None and last[0] == hand_id and view.history[:len(last[1])] == last[1]:
            node = last[2]
            since = view.history[len(last[1]):]
            for a in since:
                node = node.children.get(a)
                if node is None:
                    break
            inherited = 0 if node is None else sum(
                ch.n for a, ch in node.children.items() if a in view.legal)
        root = grow(self, view, *args, **kwargs)
        new = sum(ch.n for ch in root.children.values())
        if inherited is not None and new:
            _shares[min(len(since), 3)].append(inherited / new)
        self._reuse_last = (hand_id, view.history, root)
        return root

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="master:seconds=0.5")
    ap.add_argument("--against", default="strong")
    args = ap.parse_args()
    print(header())
    measured = _settings(make_bot(args.bot))
    if _settings(make_bot(args.against)) == measured:
        raise SystemExit("the two bots search alike: nothing tells the measured one apart")
    ismcts.Ismcts._search = _measuring(ismcts.Ismcts._search, measured)  # type: ignore[method-assign]
    for i in range(args.matches):
        # Seat-swapped on the same deals; only the first bot's searches are counted.
        seating = [args.bot, args.against] if i % 2 == 0 else [args.against, args.bot]
        play_match("sixty-six", {}, seating, args.seed * 1000 + i // 2)
    print(f"{args.bot} against {args.against}, {args.matches} matches: the previous tree's visits "
          "below the actions since, as a share of the new search's")
    labels = {1: "1 action since", 2: "2 actions since", 3: "3 or more"}
    every = [x for k in labels for x in _shares[k]]
    for k, label in [*labels.items(), (0, "all")]:
        xs = every if k == 0 else _shares[k]
        if xs:
            print(f"{label:16} {len(xs):5} decisions  mean {statistics.mean(xs):6.3f}  "
                  f"median {statistics.median(xs):6.3f}")


if __name__ == "__main__":
    main()
