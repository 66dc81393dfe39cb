"""Worlds weighted by the opponent's play (bots/particles.py): whole deals that explain the
history, weighted by an opponent model."""

from __future__ import annotations

import math
import random

import pytest
from deal_helpers import act, match66

from sixtysix.bots import make_bot
from sixtysix.bots.particles import DRAWN, PLAY, TAKE, PolicySampler, log_choice, timeline
from sixtysix.bots.worlds import exclusions
from sixtysix.cards import parse_card
from sixtysix.engine.match import Match
from sixtysix.games import make_game


def _positions(game_id: str, hands: int, seed: int):  # type: ignore[no-untyped-def]
    """Every decision of ``hands`` hands of random play (closes, exchanges, marriages and draws
    chosen at random as often as cards): the state and the view of the seat to act."""
    rng = random.Random(seed)
    g = make_game(game_id)
    for h in range(hands):
        s = Match(g, dealer=h % 2).deal_hand(seed=seed * 1000 + h)
        while not s.over:
            yield s, s.view(s.to_act)
            s.step(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("game_id", ["sixty-six", "schnapsen"])
def test_the_timeline_gives_each_seat_as_many_draws_as_it_made(game_id: str) -> None:
    size = make_game(game_id).rules.hand_size
    checked = 0
    for s, v in _positions(game_id, 12, 3):
        events = timeline(v)
        assert events is not None
        assert sum(k == DRAWN for k, _, _ in events) == s.spos
        for p in (0, 1):
            plays = sum(k == PLAY and q == p for k, q, _ in events)
            draws = sum(k in (DRAWN, TAKE) and q == p for k, q, _ in events)
            assert draws == plays + s.hands[p].bit_count() - size
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("game_id", ["sixty-six", "schnapsen"])
def test_every_weighted_world_explains_the_view(game_id: str) -> None:
    rng = random.Random(7)
    checked = 0
    for _, v in _positions(game_id, 6, 5):
        opp = 1 - v.seat
        if v.hand_sizes[opp] == v.known[opp].bit_count():
            continue
        sampler = PolicySampler(v, rng, particles=20)
        assert sampler.hands, "no deal explained the history"
        allowed = v.unseen() & ~exclusions(v)[opp]
        for _ in range(3):
            world = sampler(rng)
            assert world.view(v.seat) == v
            assert not sampler.hidden_cards(rng) & ~allowed
        checked += 1
    assert checked > 60


def test_the_model_gives_each_legal_action_a_probability() -> None:
    for s, _ in _positions("sixty-six", 3, 9):
        legal = s.legal_actions()
        total = sum(math.exp(log_choice(s, legal, a)) for a in legal)
        assert abs(total - 1.0) < 1e-9


def test_a_king_led_without_its_marriage_makes_the_queen_unlikely() -> None:
    # Seat 1 wins trick 1 and leads the king of hearts plainly: holding the queen, it would have
    # married for 20. Seat 0 cannot see the queen; uniformly it is in seat 1's five hidden cards
    # with chance 5/14 (seat 0 sees its own six cards, the turn-up, the ten it lost to and the
    # king: 14 unseen, five of them in seat 1's hand and nine in the stock).
    m = match66("9S 9C JC QC KC AD", "TS JS 9H KH QS JD", "TD", stock="JH 9D AS TH QD AH")
    act(m, "9S / TS")
    m.apply("play KH")
    v = m.hand.view(0)  # type: ignore[union-attr]
    opp_hidden = v.hand_sizes[1] - v.known[1].bit_count()
    assert opp_hidden == 5 and v.unseen().bit_count() == 14
    sampler = PolicySampler(v, random.Random(1), particles=400)
    qh = parse_card("QH")
    weight = before = 0.0
    for hand, upto in zip(sampler.hands, sampler.cumulative, strict=True):
        if hand >> qh & 1:
            weight += upto - before
        before = upto
    assert weight / sampler.cumulative[-1] < 0.5 * 5 / 14


def test_games_it_does_not_rebuild_fall_back_to_the_proven_exclusions() -> None:
    for game_id in ("three-hand-sixty-six", "four-hand-sixty-six"):
        rng = random.Random(2)
        s = Match(make_game(game_id), dealer=0).deal_hand(seed=4)
        for _ in range(3):
            s.step(rng.choice(s.legal_actions()))
        v = s.view(s.to_act)
        sampler = PolicySampler(v, rng, particles=10)
        assert not sampler.cumulative
        assert sampler(rng).view(v.seat) == v


@pytest.mark.parametrize("game_id", ["sixty-six", "schnapsen", "three-hand-sixty-six"])
def test_ismcts_with_particles_plays_a_whole_hand(game_id: str) -> None:
    bot = make_bot("ismcts:iterations=150,endgame=true,particles=20")
    assert bot.particles == 20
    rng = random.Random(4)
    s = Match(make_game(game_id), dealer=1).deal_hand(seed=8)
    while not s.over:
        a = bot.choose(s.view(s.to_act), rng)
        assert a in s.legal_actions()
        s.step(a)
    assert s.result is not None


def test_hints_of_a_search_with_particles_value_every_legal_action() -> None:
    bot = make_bot("ismcts:iterations=300,particles=30")
    rng = random.Random(6)
    s = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=12)
    casual = make_bot("heuristic")
    for _ in range(5):
        s.step(casual.choose(s.view(s.to_act), rng))
    view = s.view(s.to_act)
    assert s.stock_open and len(view.legal) > 1 and view.history
    values = bot.estimates(view, rng)
    assert set(values) == set(view.legal)
    # the 300 iterations, and those that top the least visited actions up to a quarter of an
    # even share (ismcts.ROOT_FLOOR: values to show): at most a third more
    assert 300 <= sum(n for _, n in values.values()) <= 400
