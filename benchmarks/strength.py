"""Playing strength: seat-swapped duplicate matches to 7 between pairs of levels, with 95% CIs,
and ISMCTS strength against the casual level as a function of the time per move.

Targets of the issue: casual vs random >= 90% of matches, strong vs casual >= 75%, master vs
strong > 50%, over >= 200 matches each. Prints figures (and the exact command); never asserts.

Usage: ``python benchmarks/strength.py [--matches 200] [--workers 2] [--pairs casual/random,...]
[--times 0.05,0.1,0.2] [--seed 1] [--game sixty-six] [--option NAME=VALUE ...]``. Every pair plays
the same deals, drawn from the seed; ``--matches`` counts matches, seatings included (in a
four-seat game the two bots sit as partners, 0 and 2 against 1 and 3, then swapped). A
three-seat game takes three bots (``--pairs master/strong/casual``), as many as it has seats.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from machine import header
from paired_hands import duplicate_gain, load

from sixtysix.cli import parse_option_values
from sixtysix.research.tournament import entrant_names, run_tournament

DEFAULT_PAIRS = "casual/random,strong/casual,master/strong"


def split_pairs(text: str) -> list[str]:
    """The ``a/b`` pairs of ``--pairs``: commas separate pairs and also a bot's parameters, so a
    piece that starts with ``name=value`` continues the bot before it.

    >>> split_pairs("master/strong,ismcts:seconds=0.5,endgame=true/master-v1:seconds=0.5")
    ['master/strong', 'ismcts:seconds=0.5,endgame=true/master-v1:seconds=0.5']
    """
    out: list[str] = []
    for piece in filter(None, text.split(",")):
        if out and re.match(r"[a-z_]+=[^:/]*(/|$)", piece):
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six", help="game id (sixtysix.games)")
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairs", default=DEFAULT_PAIRS,
                    help="a/b pairs, comma-separated (a/b/c: three bots, for a three-seat game)")
    ap.add_argument("--times", default="", help="ISMCTS seconds per move to try against casual")
    ap.add_argument("--out", default=None, help="directory for the match records")
    ap.add_argument("--option", action="append", default=[],
                    help="NAME=VALUE, a rule option (read as `sixtysix play --option` reads it)")
    args = ap.parse_args()
    options = parse_option_values(args.option, args.game)
    print(header())
    pairs = [p.split("/") for p in split_pairs(args.pairs)]
    for t in filter(None, args.times.split(",")):
        pairs.append([f"ismcts:seconds={float(t)}", "casual"])
    for bots in pairs:
        start = time.perf_counter()
        names = " vs ".join(bots)
        # The records are kept (in a scratch folder without --out) for the duplicate figure.
        scratch = None if args.out else tempfile.TemporaryDirectory()
        folder = args.out if scratch is None else scratch.name
        out = f"{folder}/{'-vs-'.join(bots)}".replace(":", "_")
        try:
            s = run_tournament(args.game, bots, matches=args.matches, seed=args.seed,
                               workers=args.workers, out=out, options=options, progress=False)
        except ValueError as e:  # a pair in a three-seat game, a bad bot: said, not a traceback
            sys.exit(f"strength.py: {e}")
        a, b = entrant_names(bots)[:2]  # numbered where a bot plays a copy of itself
        st = s.stats[a]
        lo, hi = st.win_ci()
        print(f"{args.game} {options or ''}: {names}: {a} won {st.match_score:g} of "
              f"{st.matches} matches = "
              f"{st.match_score / st.matches:.1%} (95% CI {lo:.1%}-{hi:.1%}); "
              f"{time.perf_counter() - start:.0f} s")
        if scratch is not None:
            s.out = None  # a scratch folder, gone after this pair: not worth naming
        print(s.text())
        records = load(Path(out))
        if len(bots) == 2 and len(records[0]["players"]) == 2:
            deals, (gain, se), (won, won_se) = duplicate_gain(records, a)
            print(f"duplicate, over the {deals} deals both seatings played: {a}'s game points "
                  f"less {b}'s, the two plays of a deal summed, {gain:+.3f} ± {1.96 * se:.3f} a "
                  f"deal; its hands won of the two, {1 + won:.3f} ± {1.96 * won_se:.3f} (95%, "
                  "over the pairs of matches; 0 and 1 where the two play alike)")
        if scratch is not None:
            scratch.cleanup()
        sys.stdout.flush()


if __name__ == "__main__":
    main()
