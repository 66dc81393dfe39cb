"""Seat-record replay speed: how long ``replay()`` takes to follow one seat's record of a game.

Run:  .venv/bin/python benchmarks/seat_replay.py [--records 200] [--games sixty-six,four-hand-sixty-six]

Plays two hands of each game at random (seeded), cuts the second hand at a random point, writes
every seat's record (``seat_record``) and times ``replay(seat record, legal=True)`` against
``replay(full record, legal=True)`` on one core (process time). The seat replay keeps the unseen
cards consistent with every action (``sixtysix.hidden``): this is what that costs. Prints figures
with the machine; it never asserts.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import header

from sixtysix.engine.actions import CLOSE, DECLARE  # noqa: E402
from sixtysix.engine.match import Match  # noqa: E402
from sixtysix.games import GAMES, make_game  # noqa: E402
from sixtysix.records import replay, seat_record  # noqa: E402


def records(game_id: str, n: int, seed: int) -> tuple[list[dict], list[dict]]:
    """``n`` full records cut inside their second hand, and every seat's record of them."""
    rng = random.Random(seed)
    game = make_game(game_id)
    full, seats = [], []
    for _ in range(n):
        m = Match(game, dealer=rng.randrange(game.n_seats))
        for _ in range(2):
            if m.complete:
                break
            s = m.deal_hand(seed=rng.randrange(2**31))
            while not s.over:
                acts = s.legal_actions()
                quiet = [a for a in acts if a not in (CLOSE, DECLARE)]
                m.apply(rng.choice(quiet if quiet and rng.random() < 0.9 else acts))
        rec = m.record()
        last = rec["hands"][-1]
        last["actions"] = last["actions"][:int(len(last["actions"]) * rng.random())]
        full.append(rec)
        seats += [seat_record(rec, p) for p in range(game.n_seats)]
    return full, seats


def per_replay_ms(recs: list[dict]) -> float:
    t = time.process_time()
    for r in recs:
        replay(r, legal=True)
    return (time.process_time() - t) / len(recs) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=200)
    ap.add_argument("--games", default=",".join(sorted(GAMES)))
    args = ap.parse_args()
    print(header())
    print(f"{'game':<26} {'full ms':>8} {'seat ms':>8}   (per replay, legal=True, process time)")
    for game_id in args.games.split(","):
        full, seats = records(game_id, args.records, seed=1)
        print(f"{game_id:<26} {per_replay_ms(full):8.2f} {per_replay_ms(seats):8.2f}")


if __name__ == "__main__":
    main()
