"""The search bots against the exact solver, in every position where the solver applies.

A position applies where the seat to act knows where every card is and two sides play: in the
two-seat games once the stock is gone (the opponent's hand is exactly the unseen cards), and in
every game with two sides (the four-seat games too) in the last tricks of a hand searched with
every hand known (``open_view``: each seat's cards written into the view as known). There every
search bot must give each legal action the solver's value within its own stated error
(docs/master.md, "How exact the values are": 0 where the view is open, the bots then solve it)
and choose one of the solver's best actions in game points (the margin only breaks ties).
Three-Player Sixty-Six has no such positions: three sides play, and a hand has no one value to
solve for.

Positions come from seeded matches of the ``casual`` bot; each bot is asked with a fixed
iteration budget and seed, so every run finds the same positions and answers. Prints the
disagreements and a count per game and bot; never asserts (tests/test_search_agrees.py runs the
same check on fewer positions and fails on any disagreement).

Usage: ``python benchmarks/solver_agreement.py [--positions 10000] [--seed 1] [--game ID ...]
[--bots strong,master,...] [--cards N]`` (``--cards 14``: Terts from seven cards a side, where
nine take seconds each in pure Python).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from sixtysix.bots import Limit, make_bot
from sixtysix.bots.solver import SCALE, Solver, is_solvable
from sixtysix.engine.actions import DECLARE, REVERSE, action_str
from sixtysix.engine.match import Match
from sixtysix.engine.phases import PH_CONTRACTS, PH_DEAL_CHOICE, PH_DOUBLING
from sixtysix.engine.state import PH_AUCTION, PH_TRUMP, State
from sixtysix.engine.view import View
from sixtysix.games import make_game

GAMES = ("sixty-six", "schnapsen", "three-hand-sixty-six", "four-hand-sixty-six",
         "north-american-sixty-six", "bauernschnapsen", "gaigel", "terts")
"""The games with two sides (Three-Player Sixty-Six has three: no solver's value)."""
BOTS = ("strong", "master", "ismcts", "pimc", "master2", "master-v1", "master-v2")
"""The search bots: the levels that search, and the bots they are built on."""
NOT_PLAY = (PH_TRUMP, PH_AUCTION, PH_DEAL_CHOICE, PH_CONTRACTS, PH_DOUBLING)
"""The decisions before the play: not the solver's."""
LAST_CARDS = 12
"""Positions searched with every hand known: at most this many cards left in the hands that
play (the last three tricks of a four-seat game; every position of a two-seat one once its
stock is gone)."""
ITERATIONS = 200
"""Each bot's budget (iterations: the same answer on every machine)."""
TOLERANCE = 1e-9
"""Where a bot's stated error is 0 (exact), the float error allowed in its values."""
GANG = {"game": "bauernschnapsen", "hands": [{"dealer": 2, "seed": 2100723646, "actions": [
    "cut", "trump C", "bid normal", "bid gang", "pass", "pass", "pass", "pass", "pass",
    "play AC", "play JC", "play TC"]}]}
"""Issue 75's Bauernschnapsen gang: seat 0 makes it whatever he plays (every hand known)."""


def open_view(state: State, seat: int) -> View:
    """``seat``'s view with every other hand written in as known: what it sees, and the rest."""
    view = state.view(seat)
    return dataclasses.replace(view, known=tuple(state.hands[p] if p != seat else view.known[p]
                                                 for p in range(state.n)))


def knows_every_card(view: View) -> bool:
    """Whether ``view``'s seat knows where every card is: none face down, and the cards it has
    not seen are one other seat's alone. (Asked here, not of the bots: they must agree.)"""
    if view.facedown or view.turnup_up or any(c < 0 for _, c in view.trick):
        return False
    hidden = [p for p, n in enumerate(view.hand_sizes)
              if p != view.seat and n > view.known[p].bit_count()]
    return len(hidden) <= 1


def applies(state: State, view: View) -> bool:
    """Whether the solver applies to ``view``'s decision: a card to play (not a bid, a trump or
    a contract) with a real choice, two sides, and every card's place known to the seat."""
    return len(view.legal) > 1 and state.phase not in NOT_PLAY and is_solvable(state) \
        and knows_every_card(view)


def positions(game_id: str, n: int, seed: int, cards: int = 0) -> Iterator[tuple[State, View]]:
    """``n`` positions of ``game_id`` where the solver applies, with the view the bots search:
    the seat's own where it knows every card, else the seat's with every hand known, from the
    last ``LAST_CARDS`` cards of a hand on; with ``cards``, only those with at most that many
    cards in the hands. Seeded ``casual`` hands reach them, its claims (and
    Gaigel's knocks) replaced by another legal action so that hands go on to their last tricks."""
    game = make_game(game_id)
    rng = random.Random(seed)
    casual = make_bot("casual")
    found = 0
    while found < n:
        match = Match(game, dealer=rng.randrange(game.rules.n_seats))
        s = match.deal_hand(seed=rng.randrange(2**31))
        while not s.over and found < n:
            seat = s.to_act
            view = s.view(seat)
            if not applies(s, view) and live(s) <= LAST_CARDS:
                view = open_view(s, seat)
            if applies(s, view) and (not cards or live(s) <= cards):
                found += 1
                yield s.copy(), view
            a = casual.choose(s.view(seat), rng)
            if a in (DECLARE, REVERSE) and len(view.legal) > 1:  # play on to the last tricks
                a = rng.choice([b for b in view.legal if b not in (DECLARE, REVERSE)])
            s.step(a)


def live(state: State) -> int:
    """The cards left in the hands that play."""
    return sum(state.hands[p].bit_count() for p in state.active)


def record_position(record: dict[str, object]) -> tuple[State, View]:
    """The position at the end of a full record, searched with every hand known."""
    from sixtysix.records import match_from_record
    hand = match_from_record(record).hand
    assert hand is not None
    return hand, open_view(hand, hand.to_act)


def bot_values(bot: object, view: View, seed: int) -> tuple[int, dict[int, float]]:
    """The bot's chosen action and its value of every legal action (game points of the hand
    for the seat to act: what hint and analysis show), each from a fresh generator."""
    limit = Limit(iterations=ITERATIONS)
    choice = bot.choose(view, random.Random(seed), limit)  # type: ignore[attr-defined]
    if hasattr(bot, "estimates"):
        values = {a: v for a, (v, _) in bot.estimates(view, random.Random(seed), limit).items()}
    else:
        values = bot.action_values(view, random.Random(seed), limit)  # type: ignore[attr-defined]
    return choice, values


def disagreements(state: State, view: View, spec: str, seed: int = 0) -> list[str]:
    """What ``spec`` says of ``view`` against the solver's values of ``state``: a line for each
    legal action valued beyond the bot's stated error (0 here: the view is open), and one where
    its choice is not among the solver's best; none where they agree."""
    exact = Solver().action_values(state)
    points = {a: round(v / SCALE) for a, v in exact.items()}  # the game points alone
    best = max(points.values())
    choice, values = bot_values(make_bot(spec), view, seed)
    out = []
    for a in view.legal:
        want = exact[a] / SCALE
        got = values.get(a, float("nan"))
        if not abs(got - want) <= TOLERANCE * max(1.0, abs(want)):
            out.append(f"{spec}: {action_str(a)} valued {got:+.3f}, the solver {want:+.3f}")
    if points[choice] != best:
        out.append(f"{spec}: chose {action_str(choice)} ({points[choice]:+d} game points), the "
                   f"solver's best {', '.join(action_str(a) for a in exact if points[a] == best)} "
                   f"({best:+d})")
    return out


def reproducer(state: State) -> str:
    """The state's history as a line to quote (game, dealer, actions)."""
    return (f"{state.game.id} dealer {state.dealer}: "
            + " ".join(action_str(a).replace(" ", "_") for a in state.history))


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from machine import header
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10_000, help="positions per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", nargs="*", default=list(GAMES))
    ap.add_argument("--bots", default=",".join(BOTS))
    ap.add_argument("--cards", type=int, default=0,
                    help="only positions with at most this many cards in the hands (0: all)")
    ap.add_argument("--show", type=int, default=5, help="disagreements printed per game")
    args = ap.parse_args()
    print(header())
    bots = args.bots.split(",")
    cases: list[tuple[str, State, View]] = []
    gang_state, gang_view = record_position(GANG)
    cases.append(("gang", gang_state, gang_view))
    for game_id in args.game:
        t0 = time.perf_counter()
        bad = {b: 0 for b in bots}
        shown = 0
        count = 0
        rows = [(game_id, s, v) for s, v in positions(game_id, args.positions, args.seed,
                                                        args.cards)]
        if game_id == "bauernschnapsen":
            rows = [*cases, *rows]
        for label, s, v in rows:
            count += 1
            for b in bots:
                lines = disagreements(s, v, b)
                if lines:
                    bad[b] += 1
                    if shown < args.show:
                        shown += 1
                        print(f"  {label} (seat {v.seat}): {reproducer(s)}")
                        for line in lines:
                            print(f"    {line}")
        took = time.perf_counter() - t0
        print(f"{game_id}: {count} positions, {took:.1f} s; disagreeing: "
              + ", ".join(f"{b} {k}" for b, k in bad.items()), flush=True)


if __name__ == "__main__":
    main()
