"""The solver's tables are bounded (issue 16, item 5): a small bound changes the work, not the value."""

from __future__ import annotations

import random

import pytest

from sixtysix.bots.solver import MAX_ENTRIES, Solver
from sixtysix.engine.match import Match
from sixtysix.engine.state import PH_PLAY, State
from sixtysix.games import make_game


def _after_fourth_trick(game_id: str, seed: int) -> State:
    """A position of random play at the lead of trick 5 with the stock still open."""
    g = make_game(game_id)
    rng = random.Random(seed)
    while True:
        s = Match(g, dealer=rng.randrange(2)).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            if s.phase == PH_PLAY and not s.trick and s.trick_no == 4 and s.stock_open:
                return s
            s.step(rng.choice([a for a in s.legal_actions() if a < 64]  # plays: keep it open
                              or s.legal_actions()))


@pytest.mark.parametrize(("game_id", "seed"), [("sixty-six", 1), ("sixty-six", 2), ("schnapsen", 3)])
def test_a_bounded_table_gives_the_same_values(game_id: str, seed: int) -> None:
    s = _after_fourth_trick(game_id, seed)
    free = Solver(max_entries=10**9)
    want = free.action_values(s)
    assert free.entries > 400  # the bound below really bites
    small = Solver(max_entries=200)
    assert small.action_values(s) == want
    assert small.entries <= 200 and len(small.term_cache) <= 200
    assert small.nodes > free.nodes  # positions dropped from the table were searched again


def test_the_default_bound_and_a_bad_one() -> None:
    assert Solver().max_entries == MAX_ENTRIES == 500_000
    with pytest.raises(ValueError, match="max_entries must be at least 2"):
        Solver(max_entries=1)
