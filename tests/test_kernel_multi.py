"""The multi-seat kernel (sixtysix/engine/kernel_multi.py) against the engine: from every position
of seeded random Four-Hand and Three-Player Sixty-Six hands, the kernel lists the engine's legal
actions in the engine's order, and a kernel playout and the same random choices played through
``State`` end alike — the same game points, the same number of actions, the same random numbers
used — for random playouts and for the searches' policy. ISMCTS grows the same tree on the packed
hands as through ``State``, and the worlds it deals on them fit the view.

The suite runs on both cores (scripts/test.sh), so this compares the compiled kernel and the pure
one with the same reference. ``SIXTYSIX_KERNEL_DEALS`` sets the deals per option set (20 by
default: some 650 positions each).
"""

from __future__ import annotations

import os
import random
from functools import partial
from typing import Any

import pytest
from deal_helpers import trees_agree, worlds_fit

from sixtysix.bots.packed import multi_dealer
from sixtysix.bots.playout import outcome, play_reference
from sixtysix.bots.solver import SCALE, Solver
from sixtysix.bots.worlds import exclusions
from sixtysix.engine import Match
from sixtysix.engine.actions import is_marriage
from sixtysix.engine.kernel import POLICY, RANDOM, KernelRandom, seed_state
from sixtysix.engine.kernel_multi import pack, playout, playouts
from sixtysix.engine.phases import PH_OVER, PH_TRUMP
from sixtysix.engine.view import View
from sixtysix.games import make_game

DEALS = int(os.environ.get("SIXTYSIX_KERNEL_DEALS", "20"))

GAMES = ["four-hand-sixty-six", "three-player-sixty-six", "north-american-sixty-six"]
NA = GAMES[2]
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("four-hand-sixty-six", {}),
    ("four-hand-sixty-six", {"must_trump_when_cannot_overtrump": False}),
    ("four-hand-sixty-six", {"ten_of_trumps_bonus": True, "follow_rule": "seed_literal"}),
    ("three-player-sixty-six", {}),
    ("three-player-sixty-six", {"trump_must_be_held": True, "marriage_needs_trick": False,
                                "tie_rule": "split"}),
    (NA, {}),
    (NA, {"players": 3, "marriage_needs_trick": True, "last_trick_bonus": 10}),
    (NA, {"players": 2, "unit": 30, "min_bid": 1}),
    (NA, {"marriage_needs_trick": True, "all_pass": "redeal", "max_bid": 4}),
]


def _deal(g: Any, dealer: int, seed: int, rng: random.Random) -> Any:
    """A hand of ``g`` from where the multi-seat kernel plays it: North American's auction
    bid at random first (None for a hand everyone passed)."""
    s = Match(g, dealer=dealer).deal_hand(seed=seed)
    while pack(s) is None and not s.over:
        s.step(rng.choice(s.legal_actions()))
    return None if s.over else s


@pytest.mark.parametrize(("game_id", "options"), VARIANTS,
                         ids=[f"{g}-{i}" for i, (g, _) in enumerate(VARIANTS)])
def test_kernel_playouts_end_as_the_engine_does(game_id: str, options: dict[str, Any]) -> None:
    g = make_game(game_id, options)
    n = g.rules.n_seats
    rng = random.Random(f"{game_id}{sorted(options.items())}")
    checked = free_follows = marriages = trump_choices = cut_short = 0
    for deal in range(DEALS):
        s = _deal(g, deal % n, rng.randrange(2**31), rng)
        if s is None:
            continue
        if game_id != NA:
            s.bonus = deal % 3 if n == 4 else 0  # a carried bonus goes to the hand's winner
        if options.get("ten_of_trumps_bonus"):  # a side one point from the match, or both
            s.match_score = ((6, 5, 6, 5), (5, 6, 5, 6), (6, 6, 6, 6), (0, 0, 0, 0))[deal % 4]
        while True:
            h = pack(s)
            assert h is not None
            for policy in (RANDOM, POLICY):
                x = seed_state(rng.randrange(2**63))
                t = s.copy()
                ref = KernelRandom(x)
                steps = play_reference(t, ref, policy)
                gp = list(t.game_points())
                assert playouts(h, 1, x, policy) == (gp, steps, ref.state), t.history
                t_packed = pack(t)
                assert t_packed is not None and t_packed.leads() == outcome(t)
                checked += 1
            if s.over:
                cut_short += any(s.hands)  # the trump ten won the match
                break
            legal = s.legal_actions()
            assert h.legal_actions() == legal  # the same list, in the same order
            trump_choices += s.phase == PH_TRUMP
            free_follows += bool(s.trick) and len(legal) == s.hands[s.to_act].bit_count()
            a = rng.choice(legal)
            marriages += is_marriage(a)
            s.step(a)  # on to the next position, which the packed hand must reach too
            h.step(a)
            if not s.over:
                x = seed_state(rng.randrange(2**63))
                assert playouts(h, 1, x, POLICY) == playouts(pack(s), 1, x, POLICY)  # type: ignore[arg-type]
    short = game_id == NA or options.get("ten_of_trumps_bonus")  # some hands end sooner
    assert checked >= DEALS * 2 * g.rules.hand_size * n * (0.7 if short else 1)
    assert bool(cut_short) == bool(options.get("ten_of_trumps_bonus"))
    assert free_follows  # followers free to play any card were reached
    if game_id != GAMES[0]:
        assert marriages and trump_choices >= DEALS * 0.8


def _ended(game_id: str, points: list[int], tricks: list[int], bonus: int = 0,
           **options: Any) -> list[int]:
    """The game points a finished hand with these totals scores on the kernel."""
    s = Match(make_game(game_id, options), dealer=0).deal_hand(seed=1)
    s.phase, s.points, s.tricks, s.bonus = PH_OVER, points, tricks, bonus
    h = pack(s)
    assert h is not None
    return [h.game_points(p) for p in range(h.seats)]


def test_a_finished_four_hand_hand_scores_by_fosters_bands() -> None:
    # rules/four-hand.md#scoring-a-hand: 66-99 → 1, 100-129 (or 130 without every trick) → 2, all 8 tricks →
    # 3,
    # 65-65 nothing (the bonus carries on); the carried bonus goes to the winning side.
    for p0, t0, want in ((65, 4, 0), (66, 4, 1), (99, 5, 1), (100, 6, 2), (130, 7, 2),
                         (130, 8, 3), (64, 3, -1), (0, 0, -3), (20, 1, -2)):
        gp = _ended("four-hand-sixty-six", [p0, 130 - p0], [t0, 8 - t0])
        assert gp == ([want, 0, want, 0] if want >= 0 else [0, -want, 0, -want]), (p0, t0)
    assert _ended("four-hand-sixty-six", [66, 64], [4, 4], bonus=2) == [3, 0, 3, 0]
    assert _ended("four-hand-sixty-six", [65, 65], [4, 4], bonus=2) == [0, 0, 0, 0]


def test_a_finished_three_player_hand_pays_chips() -> None:
    # rules/three-player.md#settlement: each other seat pays the top scorer 1 (33 or more), 2 (under 33 with a
    # trick) or 3 (no trick); a tie for the top pays nothing, or with tie_rule="split" each
    # tied top scorer collects from the rest.
    game = "three-player-sixty-six"
    assert _ended(game, [70, 40, 20], [4, 3, 1]) == [3, -1, -2]
    assert _ended(game, [100, 30, 0], [7, 1, 0]) == [5, -2, -3]
    assert _ended(game, [50, 50, 30], [3, 3, 2]) == [0, 0, 0]
    assert _ended(game, [50, 50, 30], [3, 3, 2], tie_rule="split") == [2, 2, -4]
    assert _ended(game, [44, 43, 43], [3, 3, 2]) == [2, -1, -1]


@pytest.mark.parametrize(("game_id", "endgame"), [(g, e) for e in (False, True) for g in GAMES])
def test_the_search_tree_is_the_same_on_packed_hands(game_id: str, endgame: bool) -> None:
    # ISMCTS walks the tree on MultiHand (legal_actions, step, playout); through State (its
    # playouts then packed at the leaf) it must grow the very same tree. With endgame=true,
    # Four-Hand's leaves from 12 cards are solved by the kernel as the solver values the state;
    # Three-Player's three sides are not the solver's: its leaves are played out.
    g = make_game(game_id)
    rng = random.Random(5)
    compared = 0
    for deal in range(3):
        s = _deal(g, deal % g.rules.n_seats, rng.randrange(2**31), rng)
        while s is not None and not s.over:
            if len(s.legal_actions()) > 1 and (s.phase == PH_TRUMP or rng.random() < 0.3):
                assert trees_agree(s.view(s.to_act), rng.randrange(2**31), endgame)
                compared += 1
            s.step(rng.choice(s.legal_actions()))
    assert compared >= 10


@pytest.mark.parametrize("margin", [True, False])
@pytest.mark.parametrize(("game_id", "options"), [
    (GAMES[0], {}), (GAMES[0], {"ten_of_trumps_bonus": True, "follow_rule": "seed_literal"}),
    (NA, {}), (NA, {"players": 2})])
def test_the_kernel_solves_the_last_tricks_as_the_solver_does(game_id: str, options: dict[str, Any],
                                                              margin: bool) -> None:
    # MultiHand.solve against bots.solver.Solver on every position of random hands of two sides
    # from 12 cards left (Four-Hand's last three tricks), in mid-trick too.
    g = make_game(game_id, options)
    rng = random.Random(21)
    solver = Solver(margin=margin)
    solved = 0
    for deal in range(12):
        s = _deal(g, deal % g.rules.n_seats, rng.randrange(2**31), rng)
        assert s is not None
        if game_id != NA:
            s.bonus = deal % 2
            s.match_score = (6, 5, 6, 5) if deal % 3 == 0 else (0, 0, 0, 0)
        while not s.over:
            if sum(h.bit_count() for h in s.hands) <= 12:
                h = pack(s)
                assert h is not None
                assert h.solve(SCALE, margin) == solver.value(s)
                solved += 1
            s.step(rng.choice(s.legal_actions()))
    assert solved >= 12 * 12 * (0.7 if options.get("ten_of_trumps_bonus") else 1)


def _turns_a_dealt_card(view: View, w: Any) -> None:
    """Before Three-Player's trump choice, the card to turn is one dealt to forehand, unseen."""
    assert (w.hand(view.seat) & ~view.hand) >> w.turn & 1


@pytest.mark.parametrize("game_id", GAMES)
def test_worlds_dealt_on_the_packed_hand_fit_the_view(game_id: str) -> None:
    # multi_dealer + MultiHand.redeal deal ISMCTS's worlds without a State: the seat keeps its
    # cards, the others what they are known to hold (the dealer's turned card, a marriage's
    # other card), each seat its number of cards (before Three-Player's trump choice, the
    # whole hand, and the card to turn among forehand's unseen ones), none a card it has shown
    # it cannot hold; every card a seat may hold reaches it about as often as it should.
    g = make_game(game_id)
    n = g.rules.n_seats
    rng = random.Random(9)
    checked = constrained = 0
    for deal in range(12):
        s = _deal(g, deal % n, rng.randrange(2**31), rng)
        while s is not None and not s.over:
            view = s.view(s.to_act)
            excluded = exclusions(view)
            got = multi_dealer(view, rng, excluded)
            assert got is not None
            h, origin = got
            before_trump = s.phase == PH_TRUMP
            sizes = [g.rules.hand_size] * n if before_trump else list(view.hand_sizes)
            constrained += any(excluded[p] & view.unseen() for p in range(n) if p != view.seat)
            worlds_fit(view, excluded, h, origin, sizes, rng,
                       partial(_turns_a_dealt_card, view) if before_trump and game_id == GAMES[1]
                       else lambda w: None)
            checked += 1
            s.step(rng.choice(s.legal_actions()))
    assert checked >= 12 * g.rules.hand_size * n * (0.8 if game_id == NA else 1) and constrained >= 20


@pytest.mark.parametrize("game_id", GAMES)
def test_a_playout_plays_the_hand_in_place(game_id: str) -> None:
    s = _deal(make_game(game_id), 2, 4, random.Random(4))
    assert s is not None
    h = pack(s)
    assert h is not None
    gp, x = playout(h, seed_state(3), POLICY)
    assert h.over and x != seed_state(3)
    assert playouts(pack(s), 1, seed_state(3), POLICY)[0] == gp  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{"variant": "pagat"}])
def test_options_the_kernel_does_not_play_are_refused(options: dict[str, Any]) -> None:
    s = Match(make_game("four-hand-sixty-six", options), dealer=0).deal_hand(seed=1)
    assert pack(s) is None
    assert pack(Match(make_game("sixty-six"), dealer=0).deal_hand(seed=1)) is None
    assert pack(Match(make_game("gaigel"), dealer=0).deal_hand(seed=1)) is None
    assert pack(Match(make_game(NA), dealer=0).deal_hand(seed=1)) is None  # the auction
