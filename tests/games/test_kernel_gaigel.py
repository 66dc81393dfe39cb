"""The Gaigel kernel (sixtysix/games/gaigel/kernel.py) against the engine: from every position of
seeded random Gaigel hands under several option sets, the kernel lists the engine's legal actions
in the engine's order, and a kernel playout and the same random choices played through ``State``
end alike — the same game points, the same number of actions, the same random numbers used — for
random playouts and for the searches' policy. The searches give the same values with their
Gaigel playouts on the kernel as through ``State``.

The suite runs on both cores (scripts/test.sh), so this compares the compiled kernel and the pure
one with the same reference. ``SIXTYSIX_KERNEL_DEALS`` sets the deals per option set (20 by
default).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from deal_helpers import kernel_plays_as_state, play_randomly_until, searches_agree

from sixtysix.bots.ismcts import Ismcts, _grow
from sixtysix.bots.solver import SCALE, Solver
from sixtysix.bots.worlds import exclusions
from sixtysix.cards import card_str, cards_of
from sixtysix.engine import Match
from sixtysix.engine.actions import (
    DECLARE,
    DEFER,
    EXCHANGE,
    MARRY,
    MARRY_DOUBLE,
    MELD_LOW,
    OPEN,
    REVERSE,
)
from sixtysix.engine.kernel import POLICY, KernelRandom, seed_state
from sixtysix.engine.phases import PH_MELD_DEFER, PH_OVER
from sixtysix.engine.phases import meld as M
from sixtysix.engine.state import State
from sixtysix.games import make_game
from sixtysix.games.gaigel.kernel import pack, play_to, playout, playouts

DEALS = int(os.environ.get("SIXTYSIX_KERNEL_DEALS", "20"))

VARIANTS: list[dict[str, Any]] = [
    {},
    {"opening": "free", "rob_requires_team_trick": False, "overplayed_loses": True},
    {"low_rank": "9", "five_low": "instant_win", "gaigel_test": "opponents_no_trick",
     "auf_dissle_award": 3},
    {"partner_may_meld": False, "melds_in_phase2": False, "last_trick_bonus": 0},
]


def _step_calmly(s: State, rng: random.Random) -> int:
    """A random legal action, mostly not a knock (random knocks end most hands at once)."""
    acts = s.legal_actions()
    calm = [a for a in acts if a not in (DECLARE, REVERSE)]
    a = rng.choice(calm if calm and rng.random() < 0.9 else acts)
    s.step(a)
    return a


@pytest.mark.parametrize("options", VARIANTS, ids=[f"gaigel-{i}" for i in range(len(VARIANTS))])
def test_kernel_playouts_end_as_the_engine_does(options: dict[str, Any]) -> None:
    g = make_game("gaigel", options)
    rng = random.Random(f"gaigel{sorted(options.items())}")
    checked = 0
    seen: set[str] = set()
    for deal in range(DEALS):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        while True:
            h = pack(s)
            assert h is not None
            for t in kernel_plays_as_state(s, h, pack, playouts, rng):
                seen.add(f"end {t.end_kind}")
                checked += 1
            if s.over:
                break
            legal = s.legal_actions()
            assert h.legal_actions() == legal  # the same list, in the same order
            if s.phase == PH_MELD_DEFER:
                seen.add("defer")
            for a in legal:
                for name, lo, hi in (("open", OPEN, MARRY_DOUBLE), ("marry", MARRY, MARRY + 64),
                                     ("double", MARRY_DOUBLE, MARRY_DOUBLE + 64),
                                     ("rob", EXCHANGE, EXCHANGE + 1), ("low", MELD_LOW, MELD_LOW + 1),
                                     ("defer", DEFER, DEFER + 1)):
                    if lo <= a < hi:
                        seen.add(name)
            if s.trick and not s.turnup_up and len(legal) < s.hands[s.to_act].bit_count():
                seen.add("strict")
            a = _step_calmly(s, rng)
            h.step(a)  # the packed hand must reach the same position
            if not s.over:
                x = seed_state(rng.randrange(2**63))
                assert playouts(h, 1, x, POLICY) == playouts(pack(s), 1, x, POLICY)  # type: ignore[arg-type]
    assert checked >= DEALS * 2 * 10
    # The rules' corners were reached: melds (single, and the partner's), the strict follow
    # of phase 2, and hands ended by knocks, by Auf Dissle and by being played out.
    want = {"marry", "rob", "strict", "defer", "end 0", "end 1", "end 2"}
    if options.get("opening") != "free":
        want |= {"open", "end 3"}
    if not options.get("partner_may_meld", True):
        want.discard("defer")
    assert want <= seen, want - seen


def _finished(points: list[int], tricks: list[int], kind: int, claimant: int = -1,
              **options: Any) -> list[int]:
    """The game points of a finished hand with these totals, on the kernel."""
    s = Match(make_game("gaigel", options), dealer=3).deal_hand(seed=1)  # forehand: seat 0
    s.phase, s.points, s.tricks, s.end_kind, s.claimant = PH_OVER, points, tricks, kind, claimant
    h = pack(s)
    assert h is not None
    gp = [h.game_points(p) for p in range(4)]
    assert gp == list(s.game_points())  # the engine's own scoring agrees
    return gp


def test_a_finished_hand_scores_as_rules_7_7_say() -> None:
    K, R = M.END_KNOCK, M.END_REVERSE
    assert _finished([101, 50], [5, 3], K, 2) == [1, 0, 1, 0]  # a knock at 101: 1
    assert _finished([101, 0], [7, 1], K, 0) == [2, 0, 2, 0]  # opponents at 0 points: a Gaigel
    assert _finished([100, 30], [5, 3], K, 0) == [0, 2, 0, 2]  # a knock at 100: opponents 2
    assert _finished([101, 0], [7, 1], K, 0, gaigel_test="opponents_no_trick") == [1, 0, 1, 0]
    assert _finished([120, 0], [7, 0], K, 1 - 1) == [2, 0, 2, 0]
    assert _finished([105, 40], [6, 4], R, 1) == [0, 2, 0, 2]  # a right reverse knock
    assert _finished([90, 40], [6, 4], R, 1) == [2, 0, 2, 0]  # a wrong one
    assert _finished([130, 120], [6, 6], M.END_PLAYED_OUT) == [1, 0, 1, 0]
    assert _finished([125, 125], [6, 6], M.END_PLAYED_OUT) == [0, 0, 0, 0]
    assert _finished([130, 120], [6, 6], M.END_PLAYED_OUT, overplayed_loses=True) == [2, 2, 2, 2]
    assert _finished([150, 100], [8, 4], M.END_PLAYED_OUT, overplayed_loses=True) == [0, 2, 0, 2]
    assert _finished([0, 30], [0, 1], M.END_DISSLE_LOST) == [0, 2, 0, 2]  # forehand is seat 0
    assert _finished([0, 0], [0, 0], M.END_DISSLE_WON, 0, auf_dissle_award=3) == [3, 0, 3, 0]
    assert _finished([20, 30], [1, 1], M.END_FIVE_LOW, 3) == [0, 2, 0, 2]


def test_the_searches_give_the_same_values_with_the_kernel() -> None:
    # ISMCTS (with and without endgame) and PIMC play their Gaigel playouts on the kernel with
    # the numbers the State path draws: the very same values, from every stage of the hand.
    g = make_game("gaigel")
    rng = random.Random(9)
    compared = 0
    for deal in range(3):
        s = Match(g, dealer=deal).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            if len(s.legal_actions()) > 1 and rng.random() < 0.2:
                assert searches_agree(s.view(s.to_act), rng.randrange(2**31), 60)
                compared += 1
            _step_calmly(s, rng)
    assert compared >= 6


def _calm_down_to(seed: int, cards: int, rng: random.Random,
                  options: dict[str, Any] | None = None) -> State:
    """A Gaigel hand dealt with ``seed`` and played without knocks until at most ``cards``
    cards are left in the hands and a trick is to be led."""
    s = Match(make_game("gaigel", options), dealer=3).deal_hand(seed=seed)
    play_randomly_until(s, rng, lambda s: sum(h.bit_count() for h in s.hands) <= cards
                        and not s.trick, allowed=lambda a: a not in (DECLARE, REVERSE))
    return s


def test_the_kernel_solves_a_knock_by_hand() -> None:
    # Clubs are trumps; seat 3 leads with two tricks to go and his side (seats 1 and 3) at 122
    # points to 65. Knocking now wins the hand: 1 game point (the opponents have tricks, so no
    # Gaigel), and the margin of 57: 1057. Playing on cannot do better: seat 2's TC must take
    # a club lead (overtaking KC) or trump AS, and the 63 points still out could carry the
    # opponents past 122.
    s = _calm_down_to(3, 8, random.Random(3))
    assert (s.trump, s.to_act, s.points) == (0, 3, [65, 122])  # suit 0: clubs
    assert [[card_str(c) for c in cards_of(s.hands[p])] for p in range(4)] == [
        ["QC", "TD"], ["JD", "TH"], ["QH", "TC"], ["KC", "AS"]]
    h = pack(s)
    assert h is not None
    assert h.solve(SCALE, True) == Solver().value(s) == 1 * SCALE + 57


@pytest.mark.parametrize("options", VARIANTS, ids=[f"gaigel-{i}" for i in range(len(VARIANTS))])
def test_the_kernel_solves_as_the_solver_does(options: dict[str, Any]) -> None:
    # The kernel's alpha-beta (ISMCTS solves its Gaigel playouts there) gives the State
    # solver's value, melds and knocks included.
    rng = random.Random(f"solve{sorted(options.items())}")
    solved = 0
    for _ in range(30):
        s = _calm_down_to(rng.randrange(2**31), rng.choice((8, 12, 16)), rng, options)
        h = pack(s)
        if s.over or h is None:
            continue
        for margin in (True, False):
            assert h.solve(SCALE, margin) == Solver(margin=margin).value(s)
        solved += 1
    assert solved >= 12


def test_master_solves_the_last_three_tricks_of_its_playouts() -> None:
    # With endgame (the master level) ISMCTS plays a Gaigel world by the policy down to 12
    # cards and solves the rest on the kernel: each seat gets its side's exact value; with
    # cards=0 it plays the world to its end instead.
    s = Match(make_game("gaigel"), dealer=3).deal_hand(seed=5)
    x = seed_state(7)
    h = pack(s)
    assert h is not None
    play_to(h, x, 12)
    assert not h.over and h.cards_left() <= 12
    v = h.solve(SCALE, True) / SCALE
    side = h.to_act & 1
    leads, points = Ismcts(iterations=1, endgame=True)._finish(s.copy(), KernelRandom(x))
    assert leads == [v if p & 1 == side else -v for p in range(4)] and points is None
    played = pack(s)
    assert played is not None
    playout(played, x, POLICY)
    end, _ = Ismcts(iterations=1, endgame=True, cards=0)._finish(s.copy(), KernelRandom(x))
    assert end == played.leads() != leads


def test_parallel_workers_grow_their_trees_with_the_bots_cards() -> None:
    # With workers=N each process grows a tree of its own (ismcts._grow): it solves its
    # playouts from the bot's cards, as the bot's own tree does.
    s = Match(make_game("gaigel"), dealer=3).deal_hand(seed=5)
    view = s.view(s.to_act)

    def grown(cards: int) -> dict[int, tuple[int, float]]:
        return _grow(0.7, True, False, view, 11, None, 80, exclusions(view), 0, cards)

    bot = Ismcts(seconds=None, endgame=True, cards=0)
    root = bot._search(view, random.Random(11), None, 80, exclusions(view))
    assert grown(0) == {a: (ch.n, ch.g) for a, ch in root.children.items()} != grown(12)
