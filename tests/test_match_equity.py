"""Playing for the match: the chance of winning a match from the points each side needs, worked
out by hand, and the search reward it gives a hand's result (``ismcts:match=true``)."""

from __future__ import annotations

import math
import random

import pytest

from sixtysix.bots import make_bot
from sixtysix.bots.match_equity import match_equity, match_rewards
from sixtysix.bots.playout import match_reward
from sixtysix.engine import Match
from sixtysix.engine.view import make_view
from sixtysix.games import make_game

T = math.tanh(0.5)


def test_equity_by_hand() -> None:
    # Every hand won by one game point, even chances: needing 2 against 1, two hands running.
    assert match_equity(1, 1, (1.0,)) == 0.5
    assert match_equity(2, 1, (1.0,)) == 0.25
    assert match_equity(1, 2, (1.0,)) == 0.75
    assert match_equity(2, 2, (1.0,)) == 0.5
    # Hands won by 1 or 2 alike: needing 2 against 1, the first hand must be won, and then
    # either by 2 (match won) or by 1 (one all): 1/2 (1/2 + 1/2 · 1/2) = 3/8.
    assert match_equity(2, 1, (0.5, 0.5)) == pytest.approx(0.375)
    # Shares need not add up to one: they are normalized.
    assert match_equity(2, 1, (3.0, 3.0)) == pytest.approx(0.375)
    assert match_equity(0, 5, (1.0,)) == 1.0
    assert match_equity(5, 0, (1.0,)) == 0.0


def test_rewards_are_zero_sum_and_scaled_to_one_point() -> None:
    shares = (0.58, 0.37, 0.05)
    for to_go in [(7, 7), (5, 1), (1, 3), (2, 6)]:
        r = match_rewards(to_go, shares)
        assert r(0, 1) == pytest.approx(T) and r(0, -1) == pytest.approx(-T)
        for d in range(-3, 4):
            assert r(1, -d) == pytest.approx(-r(0, d))


def test_rewards_follow_the_match() -> None:
    shares = (0.58, 0.37, 0.05)
    r = match_rewards((1, 1), shares)  # next hand decides the match: the margin is nothing
    assert [r(0, d) for d in (-3, -2, -1, 1, 2, 3)] == pytest.approx([-T] * 3 + [T] * 3)
    r = match_rewards((3, 1), shares)  # seat 0 needs 3, seat 1 needs 1: only a win by 3 saves it
    assert r(0, -3) == r(0, -1) == pytest.approx(-T)
    assert r(0, 3) > math.tanh(2) > r(0, 2) > r(0, 1)  # worth more than a lead of 4 at the start
    r = match_rewards((7, 7), shares)  # the start: as the hand's own reward, within 0.02
    assert [r(0, d) for d in range(-3, 4)] == pytest.approx(
        [math.tanh(d / 2) for d in range(-3, 4)], abs=0.02)


def test_points_to_go() -> None:
    assert make_game("sixty-six").points_to_go((3, 5)) == (4, 2)
    assert make_game("sixty-six", {"target": 11}).points_to_go((3, 5)) == (8, 6)
    assert make_game("schnapsen").points_to_go((7, 2)) == (7, 2)  # the match counts down
    assert make_game("three-hand-sixty-six").points_to_go((1, 2, 3)) is None
    assert make_game("four-hand-sixty-six").points_to_go((1, 2)) is None


def test_match_reward_from_a_view() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    m.score = [6, 6]
    s = m.deal_hand(seed=3)
    r = match_reward(make_view(s, s.to_act))
    assert r is not None and r(0, 3) == pytest.approx(T) and r(1, 2) == pytest.approx(T)
    m.score = [0, 6]
    s = m.hand = m.game.new_hand(m.dealer, m.deals[0][0], m.deals[0][1], 0, (0, 6))
    r = match_reward(make_view(s, 0))
    assert r is not None and r(0, -1) == r(0, -3) and r(0, 3) > r(0, 1)
    # A lone hand, outside a match: no match to play for.
    lone = make_game("sixty-six").new_hand(1, m.deals[0][0], m.deals[0][1])
    assert match_reward(make_view(lone, 0)) is None


@pytest.mark.parametrize("game_id", ["sixty-six", "schnapsen"])
def test_a_match_played_for_the_match(game_id: str) -> None:
    rng = random.Random(4)
    bots = [make_bot("ismcts:iterations=60,endgame=true,match=true"), make_bot("casual")]
    m = Match(make_game(game_id), dealer=0)
    while not m.complete:
        s = m.deal_hand(rng=rng)
        while not s.over:
            p = s.to_act
            m.apply(bots[p].choose(make_view(s, p), rng))
    assert m.winner
