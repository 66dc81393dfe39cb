"""The search bots agree with the exact solver wherever the solver applies (issue 75, item 2).

Where the seat to act knows where every card is and two sides play (a two-seat hand once its
stock is gone; any game's last tricks searched with every hand known), each search bot's value
of every legal action must be the solver's within the bot's stated error (docs/master.md, "How
exact the values are": none there, the bots solve the position) and its choice one of the
solver's best in game points. The positions, the bots' budget and the comparison are those of
benchmarks/solver_agreement.py, which runs 10,000 positions a game; here a few hundred on the
compiled core, fewer on the pure one (whose pass would otherwise take minutes), seeded.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from sixtysix import _core
from sixtysix.bots.solver import is_solvable
from sixtysix.engine.match import Match
from sixtysix.games import make_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
try:
    from solver_agreement import GAMES, GANG, disagreements, positions, record_position
finally:
    sys.path.pop(0)

POSITIONS = int(os.environ.get("SIXTYSIX_AGREEMENT_POSITIONS", "25" if _core.PURE else "200"))
"""Positions a game: 200 on the compiled core, 25 on the pure one."""
BOTS = ("strong", "master", "pimc", "master2")
"""The search bots with a path of their own (the other search levels are ``ismcts`` settings
that ``strong`` and ``master`` cover; the benchmark asks all of them)."""
CARDS = {"terts": 12}
"""Terts' positions from six cards a side (seven: ``test_terts_is_solved_after_its_stock``;
nine, the stock's end, take seconds each in pure Python: the benchmark's)."""


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_bots_agree_with_the_solver(game_id: str) -> None:
    bad = []
    count = 0
    for state, view in positions(game_id, POSITIONS, seed=75, cards=CARDS.get(game_id, 0)):
        count += 1
        for spec in BOTS:
            bad += disagreements(state, view, spec)
    assert count == POSITIONS
    assert not bad, "\n".join(bad[:20])


def test_terts_is_solved_after_its_stock() -> None:
    # Seven cards a side, two tricks after the stock's end: the search sampled these (its
    # playouts' means, 10 to 40 points off the solver's, and -inf for the actions the rules
    # settle beside a bella or a show); every legal action now has the solver's value.
    for state, view in positions("terts", 6, seed=3, cards=14):
        for spec in ("strong", "master"):
            assert disagreements(state, view, spec) == []


def test_the_gang_searched_with_every_hand_known() -> None:
    # Issue 75's gang: seat 0 makes it whatever he plays (+9.08 in the solver's values, the
    # margin as the fraction); every search bot, with every hand known, says so.
    state, view = record_position(GANG)
    for spec in ("strong", "master", "ismcts", "pimc", "master2", "master-v1", "master-v2"):
        assert disagreements(state, view, spec) == []


def test_three_player_has_no_solver_value() -> None:
    # Three sides play Three-Player Sixty-Six: a hand has no one value, so no position of it is
    # checked (and the solver refuses them).
    state = Match(make_game("three-player-sixty-six"), dealer=0).deal_hand(seed=1)
    assert not is_solvable(state)
