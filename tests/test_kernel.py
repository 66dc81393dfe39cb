"""The playout kernel (sixtysix/engine/kernel.py) against the engine: from every position of seeded
random hands, a kernel playout and the same random choices played through ``State`` end alike —
the same game points, the same number of actions, the same random numbers used — for random
playouts and for the searches' policy, under every option that changes the play or the scoring.

The suite runs on both cores (scripts/test.sh), so this compares the compiled kernel and the pure
one with the same reference. ``SIXTYSIX_KERNEL_DEALS`` sets the deals per game and options (20 by
default: some 1,500 positions each; 1,000 checks half a million positions in all).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from deal_helpers import trees_agree

from sixtysix.bots.packed import packed_dealer
from sixtysix.bots.playout import play_reference
from sixtysix.bots.solver import SCALE, Solver
from sixtysix.bots.worlds import exclusions
from sixtysix.cards import cards_of
from sixtysix.engine import Match
from sixtysix.engine.actions import CLOSE
from sixtysix.engine.kernel import (
    POLICY,
    RANDOM,
    KernelRandom,
    pack,
    playouts,
    seed_state,
    solved_playout,
)
from sixtysix.engine.phases import PH_DRAW, PH_PLAY
from sixtysix.games import GAMES, make_game

DEALS = int(os.environ.get("SIXTYSIX_KERNEL_DEALS", "20"))

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("sixty-six", {}),
    ("sixty-six", {"nine_exchange_timing": "any_time", "nine_exchange_needs_trick": False,
                   "nine_exchange_on_close": "either_with_trick",
                   "first_trick_marriage": "same_trick_only", "marriages_after_close": True,
                   "claim_timing": "any_own_turn", "phase2_follow": "follow_only"}),
    ("sixty-six", {"close_requires": "lead_and_own_trick", "close_min_stock": 3,
                   "false_claim_penalty": "2_or_3_if_opponent_trickless",
                   "closed_win_measured_at": "close", "closer_beaten_flat_2": True,
                   "unclaimed_end": "pagat", "show_marriage_to_go_out": False,
                   "nine_exchange_on_close": "none"}),
    ("sixty-six", {"close_requires": "lead_after_first_trick", "close_before_draw_allowed": False,
                   "auto_claim": True}),
    ("schnapsen", {}),
    ("schnapsen", {"jack_exchange_needs_trick": True, "exchange_min_talon": 4,
                   "close_min_talon": 5, "close_requires": "lead",
                   "marriage_before_first_trick": True, "marriages_after_close": False,
                   "false_claim_penalty": "flat2", "last_trick_rule": "graded"}),
    ("schnapsen", {"auto_claim": True}),
    # Two of the three seats play each hand: the packed hand's seats are the two that play.
    ("three-hand-sixty-six", {}),
    ("three-hand-sixty-six", {"nine_exchange_on_close": "either_with_trick",
                              "claim_timing": "any_own_turn", "closed_win_measured_at": "close"}),
]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS,
                         ids=[f"{g}-{i}" for i, (g, _) in enumerate(VARIANTS)])
def test_kernel_playouts_end_as_the_engine_does(game_id: str, options: dict[str, Any]) -> None:
    g = make_game(game_id, options)
    rng = random.Random(f"{game_id}{sorted(options.items())}")
    checked = draw_phase = 0
    for deal in range(DEALS):
        s = Match(g, dealer=deal % g.rules.n_seats).deal_hand(seed=rng.randrange(2**31))
        s.bonus = deal % 3  # a carried bonus goes to the hand's winner
        seat0, seat1 = s.active  # the packed hand's seats 0 and 1
        while True:
            h = pack(s)
            assert h is not None
            draw_phase += s.phase == PH_DRAW
            for policy in (RANDOM, POLICY):
                x = seed_state(rng.randrange(2**63))
                t = s.copy()
                ref = KernelRandom(x)
                steps = play_reference(t, ref, policy)
                gp = t.game_points()
                assert playouts(h, 1, x, policy) == (gp[seat0], gp[seat1], steps, ref.state), \
                    (t.history, t.result)
                checked += 1
            if s.over:
                break
            assert h.legal_actions() == s.legal_actions()  # the same list, in the same order
            a = rng.choice(s.legal_actions())
            s.step(a)  # on to the next position, which the packed hand must reach too
            h.step(a)
            x = seed_state(rng.randrange(2**63))
            assert playouts(h, 1, x, POLICY) == playouts(pack(s), 1, x, POLICY)
    assert checked >= DEALS * 2 * 5
    if g.rules.close_before_draw:
        assert draw_phase  # the trick winner's choice to close before drawing was reached


@pytest.mark.parametrize("endgame", [False, True], ids=["playouts", "endgame"])
@pytest.mark.parametrize("game_id", ["sixty-six", "schnapsen", "three-hand-sixty-six"])
def test_the_search_tree_is_the_same_on_packed_hands(game_id: str, endgame: bool) -> None:
    # ISMCTS walks its tree on the packed hand (Hand.legal_actions, Hand.step) where the kernel plays
    # the game; through State it must grow the very same tree: the same visits and values.
    g = make_game(game_id)
    rng = random.Random(5)
    compared = 0
    for deal in range(4):
        s = Match(g, dealer=deal % g.rules.n_seats).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            if len(s.legal_actions()) > 1 and s.stock_open:
                assert trees_agree(s.view(s.to_act), rng.randrange(2**31), endgame)
                compared += 1
            s.step(rng.choice(s.legal_actions()))
    assert compared >= 10


@pytest.mark.parametrize("params", [{"match": True}, {"even_root": True}], ids=str)
def test_the_search_tree_is_the_same_on_packed_hands_for_the_match_and_evenly(
        params: dict[str, bool]) -> None:
    # The packed walk has a typed path for UCB at every node (ismcts._HandWalk), whose rewards
    # may be the match's; evenly visited roots take the general one. Either grows the tree that
    # walking State grows, late in a match too (where the match's reward is not the hand's).
    g = make_game("sixty-six")
    rng = random.Random(8)
    compared = 0
    for deal in range(3):
        s = Match(g, dealer=deal % 2).deal_hand(seed=rng.randrange(2**31))
        s.match_score = ((5, 6), (2, 6), (0, 0))[deal]
        while not s.over:
            if len(s.legal_actions()) > 1 and s.stock_open:
                assert trees_agree(s.view(s.to_act), rng.randrange(2**31), True, **params)
                compared += 1
            s.step(rng.choice(s.legal_actions()))
    assert compared >= 8


@pytest.mark.parametrize("game_id", ["sixty-six", "schnapsen", "three-hand-sixty-six"])
def test_worlds_dealt_on_the_packed_hand_fit_the_view(game_id: str) -> None:
    # packed_dealer + Hand.redeal deal ISMCTS's worlds without a State: the other seat keeps
    # what it is known to hold, takes the rest from the cards it may hold (voids shown in the
    # endgame excluded), the stock the cards left; the world is the State that view.state_with
    # builds from the same cards (the same playouts); every allowed card reaches the other hand
    # about as often as it should.
    g = make_game(game_id)
    rng = random.Random(9)
    checked = constrained = 0
    for deal in range(30):
        s = Match(g, dealer=deal % g.rules.n_seats).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            view = s.view(s.to_act)
            excluded = exclusions(view)
            got = packed_dealer(view, rng, excluded)
            assert got is not None
            h, origin, other, known, allowed, unseen = got
            theirs_seat = view.active[other]  # ``other`` numbers the seat as the packed hand does
            constrained += allowed != unseen
            counts = dict.fromkeys(cards_of(allowed), 0)
            need = view.hand_sizes[theirs_seat] - known.bit_count()
            for k in range(60):
                h.rng = seed_state(rng.randrange(2**63))
                h.redeal(origin, other, known, allowed, unseen)
                theirs = h.hand1 if other else h.hand0
                mine = h.hand0 if other else h.hand1
                stock = h.face_down()
                assert mine == view.hand and theirs & known == known
                assert (theirs & ~known) & ~allowed == 0 and (theirs & ~known).bit_count() == need
                assert sorted([*cards_of(theirs & ~known), *stock]) == sorted(cards_of(unseen))
                for c in cards_of(theirs & ~known):
                    counts[c] += 1
                if k < 3:
                    world = view.state_with([*cards_of(theirs & ~known), *stock])
                    x = seed_state(k)
                    assert playouts(h, 1, x, POLICY) == playouts(pack(world), 1, x, POLICY)
            if counts and need:
                expect = 60 * need / len(counts)
                assert all(abs(n - expect) < 6 * expect ** 0.5 + 2 for n in counts.values()), counts
            checked += 1
            s.step(rng.choice(s.legal_actions()))
    assert checked > 200 and constrained >= 5


@pytest.mark.parametrize(("game_id", "options"), VARIANTS,
                         ids=[f"{g}-{i}" for i, (g, _) in enumerate(VARIANTS)])
def test_a_solved_playout_is_exact_once_the_stock_is_shut(game_id: str, options: dict[str, Any]
                                                          ) -> None:
    # Where the stock is exhausted or closed (or, with stock=5, down to five cards), solved_playout
    # plays nothing and returns the solver's game points (seat 0's less seat 1's: the packed seats
    # are the two that play); from a fuller stock it plays on, and its value is one the hand can
    # end with.
    g = make_game(game_id, options)
    rng = random.Random(13)
    solver = Solver(margin=False)
    solved = [0, 0]
    for deal in range(12):
        s = Match(g, dealer=deal % g.rules.n_seats).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            h = pack(s)
            assert h is not None
            for i, stock in enumerate((0, 5)):
                lead, _ = solved_playout(h, seed_state(deal), POLICY, solver.search_for(h.t),
                                         stock)
                if not s.stock_open or s.facedown + 1 <= stock:
                    a = s.active[0]
                    side = s.rules.sides[s.to_act]
                    v = solver.value(s) // SCALE
                    assert lead == (v if s.rules.sides[a] == side else -v)
                    solved[i] += 1
                else:
                    assert -3 - h.bonus <= lead <= 3 + h.bonus
            acts = s.legal_actions()  # random play that rarely closes or claims: a stock runs low
            s.step(rng.choice([a for a in acts if a < CLOSE or rng.random() < 0.1] or acts))
    assert solved[1] > solved[0] >= 12


def test_a_batch_adds_up_its_playouts() -> None:
    s = Match(make_game("schnapsen"), dealer=0).deal_hand(seed=11)
    h = pack(s)
    assert h is not None
    x = seed_state(3)
    total = [0, 0, 0]
    for _ in range(50):
        g0, g1, steps, x = playouts(h, 1, x, POLICY)
        total = [total[0] + g0, total[1] + g1, total[2] + steps]
    g0, g1, steps, end = playouts(h, 50, seed_state(3), POLICY)
    assert [g0, g1, steps] == total and end == x
    assert 50 <= g0 + g1 <= 150  # every hand of Schnapsen has a winner of 1 to 3 game points


def test_games_the_kernel_does_not_play_are_refused() -> None:
    played = set()
    for game_id in GAMES:
        s = Match(make_game(game_id), dealer=0).deal_hand(seed=1)
        while not s.over and s.phase not in (PH_PLAY, PH_DRAW):  # bidding, naming trumps: never packed
            assert pack(s) is None
            s.step(s.legal_actions()[0])
        if pack(s) is not None:
            played.add(game_id)
    assert played == {"sixty-six", "schnapsen", "three-hand-sixty-six"}


def test_seed_states_are_never_zero() -> None:
    assert all(seed_state(k) for k in range(1000))
    assert len({seed_state(k) for k in range(1000)}) == 1000
