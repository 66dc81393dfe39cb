"""What perfect inference would be worth: the ``master`` level's search told the opponent's cards.

Issue 17 asks for worlds drawn from what the play says about the hidden hands. However good such
a model, it can do no better than knowing the hand. This bot — a diagnostic, not a level: it
cheats — is the level's search (``ismcts:endgame=true``) whose every world holds the opponent's
actual hand (the stock's order still unknown, drawn as the level draws it), and which solves the
true position once the stock is closed or gone. Its match wins against an opponent bound what
any weighting of the worlds could add to the level against it. Two-seat games the kernel plays
(Sixty-Six, Schnapsen); seat-swapped matches on the deals ``strength.py`` plays from the same
seed. Prints figures (and the exact command); never asserts.

Usage: ``python benchmarks/oracle.py [--game sixty-six] [--seconds 0.5] [--opponent strong]
[--matches 20] [--seed 1]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from machine import header

from sixtysix.bots import make_bot
from sixtysix.bots.choices import best_action
from sixtysix.bots.exact import closed_open
from sixtysix.bots.ismcts import Ismcts
from sixtysix.bots.solver import Solver
from sixtysix.bots.worlds import exclusions
from sixtysix.engine import State
from sixtysix.engine.view import View
from sixtysix.games import make_game
from sixtysix.research.tournament import _tasks, deal_match, match_tallies, wilson


class Peek:
    """A world sampler (the interface of ``inference.Sampler`` that ISMCTS deals on the kernel's
    packed hand) whose draw of the opponent's hidden cards is always the truth."""

    single = True

    def __init__(self, view: View, state: State) -> None:
        self.excluded = exclusions(view)
        other = next(p for p in view.active if p != view.seat)
        self.cards = state.hands[other] & ~view.known[other]

    def hidden_cards(self, rng: random.Random) -> int:
        return self.cards


def oracle_choice(state: State, seat: int, seconds: float, rng: random.Random,
                  solver: Solver) -> int:
    view = state.view(seat)
    if len(view.legal) == 1:
        return view.legal[0]
    if closed_open(view):  # no card is drawn any more: the true position is the whole game
        solver.clear()
        return best_action({a: float(v) for a, v in solver.action_values(state).items()})
    bot = Ismcts(seconds=seconds, endgame=True, sample=Peek(view, state))
    return bot.choose(view, rng)


Choice = Callable[[State, int, float, random.Random, Solver], int]


def play(game_id: str, seating: list[str], deal: int, seconds: float,
         choice: Choice = oracle_choice) -> tuple[int, list[int], list[int]]:
    """One match as ``tournament.play_match`` plays it (the same hand seeds, dealers and bots'
    generators), ``oracle`` in its seat: the winner, game points and hands won per seat.
    ``choice`` is the oracle's move from the true state (another diagnostic may pass its own)."""
    m, hands, brng = deal_match(make_game(game_id), deal, list(seating))
    bots = [None if spec == "oracle" else make_bot(spec) for spec in seating]
    solver = Solver()
    for hand in hands:
        while m.in_hand:
            p = hand.to_act
            bot = bots[p]
            m.apply(choice(hand, p, seconds, brng[p], solver) if bot is None
                    else bot.choose(hand.view(p), brng[p]))
    gp, won = match_tallies(m)
    return (m.winner[0] if m.winner and len(m.winner) == 1 else -1), gp, won


def tally(game_id: str, opponent: str, n: int, seed: int, seconds: float,
          choice_for: Callable[[int], Choice] = lambda deal: oracle_choice) -> str:
    """``n`` seat-swapped matches of ``play`` against ``opponent`` on the deals ``strength.py``
    plays from ``seed``, the oracle's move of each deal from ``choice_for(deal)``: its match wins
    (95% interval), game points a match and hands won, as a line (each match's result to stderr)."""
    wins = 0.0
    gp, opp_gp, hands, all_hands = 0, 0, 0, 0
    for _, _, seating, deal, _ in _tasks(game_id, {}, ["oracle", opponent], n, seed):
        me = seating.index("oracle")
        winner, g, w = play(game_id, seating, deal, seconds, choice_for(deal))
        wins += 1.0 if winner == me else 0.5 if winner < 0 else 0.0
        gp, opp_gp = gp + g[me], opp_gp + g[1 - me]
        hands, all_hands = hands + w[me], all_hands + sum(w)
        print(f"deal {deal}, oracle in seat {me}: {'won' if winner == me else 'lost'}",
              file=sys.stderr, flush=True)
    lo, hi = wilson(wins, n)
    return (f"won {wins:g} of {n} matches = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%}); game points"
            f" a match {gp / n:.2f} vs {opp_gp / n:.2f}; hands won {hands}/{all_hands} = "
            f"{hands / max(1, all_hands):.1%}")


def match_args(ap: argparse.ArgumentParser, seconds: float, opponent: str) -> None:
    """The options of a run of ``tally``: the oracle's time a move, its opponent, matches, seed."""
    ap.add_argument("--seconds", type=float, default=seconds, help="the oracle's time per move")
    ap.add_argument("--opponent", default=opponent)
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sixty-six", choices=["sixty-six", "schnapsen"])
    match_args(ap, 0.5, "strong")
    args = ap.parse_args()
    print(header())
    start = time.perf_counter()
    figures = tally(args.game, args.opponent, args.matches, args.seed, args.seconds)
    print(f"{args.game}: oracle (the level's search at {args.seconds:g} s, the opponent's hand "
          f"known) vs {args.opponent}: {figures}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
