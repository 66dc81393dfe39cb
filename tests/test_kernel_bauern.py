"""The Bauernschnapsen kernel (sixtysix/engine/kernel_bauern.py) against the engine: from every
play position of seeded random Bauernschnapsen hands, every played contract and several option
sets, the kernel lists the engine's legal actions in the engine's order, and a kernel playout and
the same random choices played through ``State`` end alike — the same game points, the same
number of actions, the same random numbers used — for random playouts and for the searches'
policy. The searches give the same values with their playouts on the kernel as through
``State``, from the deal choice on.

The suite runs on both cores (scripts/test.sh), so this compares the compiled kernel and the pure
one with the same reference. ``SIXTYSIX_KERNEL_DEALS`` sets the deals per option set (20 by
default; random auctions, so about two thirds of them reach the play).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from deal_helpers import kernel_plays_as_state, searches_agree, trees_agree, worlds_fit

from sixtysix.bots.search import _GAME_KERNELS, _multi_dealer, exclusions
from sixtysix.bots.solver import SCALE, Solver
from sixtysix.engine import Match
from sixtysix.engine.actions import DECLARE, DECLARE_SHOW, DRAW, MARRY, PASS
from sixtysix.engine.kernel import POLICY, seed_state
from sixtysix.engine.kernel_bauern import pack, playouts
from sixtysix.engine.phases import PH_CONTRACTS, PH_OVER
from sixtysix.engine.phases.contracts import set_contract
from sixtysix.games import make_game

DEALS = int(os.environ.get("SIXTYSIX_KERNEL_DEALS", "20"))

VARIANTS: list[dict[str, Any]] = [
    {},
    {"must_beat_partner": False, "false_enough": "flat2", "enough_by_defenders": False},
    {"trump_contracts_solo": True, "allow_knock_deal": False},
]


def _to_play(g: Any, deal: int, rng: random.Random, calm: bool = False) -> Any:
    """A hand of ``g`` through a random auction (passing more often than not; ``calm``:
    forehand opening the Normal game as often) and doubling, at its first play position; None
    where the contract was shown, not played."""
    s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
    while pack(s) is None and not s.over:
        acts = s.legal_actions()
        if calm and PASS not in acts:
            s.step(min(acts) if rng.random() < 0.7 else rng.choice(acts))
        else:
            s.step(PASS if PASS in acts and rng.random() < 0.7 else rng.choice(acts))
    return None if s.over else s


@pytest.mark.parametrize("options", VARIANTS, ids=[f"bauern-{i}" for i in range(len(VARIANTS))])
def test_kernel_playouts_end_as_the_engine_does(options: dict[str, Any]) -> None:
    g = make_game("bauernschnapsen", options)
    rng = random.Random(f"bauern{sorted(options.items())}")
    checked = 0
    contracts: set[str] = set()
    seen: set[str] = set()
    for deal in range(DEALS * 2):
        s = _to_play(g, deal, rng)
        if s is None:
            continue
        contracts.add(s.contract.name)
        if s.factor > 1:
            seen.add("doubled")
        while True:
            h = pack(s)
            assert h is not None
            checked += len(kernel_plays_as_state(s, h, pack, playouts, rng))
            if s.over:
                seen.add("cut short" if any(s.hands[p] for p in s.active) else "played out")
                break
            legal = s.legal_actions()
            assert h.legal_actions() == legal  # the same list, in the same order
            for a in legal:
                if MARRY <= a < DECLARE_SHOW:
                    seen.add("marriage")
                elif DECLARE_SHOW <= a < DRAW or a == DECLARE:
                    seen.add("claim")
            if len(s.active) == 3:
                seen.add("solo")
            a = rng.choice(legal)
            s.step(a)
            h.step(a)  # the packed hand must reach the same position
            if not s.over:
                x = seed_state(rng.randrange(2**63))
                assert playouts(h, 1, x, POLICY) == playouts(pack(s), 1, x, POLICY)  # type: ignore[arg-type]
    assert checked >= DEALS * 10
    # Every played contract came up (with trumps and without, alone and as a partnership), and
    # the rules' corners: doubling, marriages, claims, hands decided before the last trick.
    assert {"normal", "bettler", "gang", "zehnergang", "bauernschnapser"} <= contracts, contracts
    assert {"doubled", "marriage", "claim", "solo", "cut short", "played out"} <= seen, seen


@pytest.mark.parametrize("options", VARIANTS, ids=[f"bauern-{i}" for i in range(len(VARIANTS))])
def test_the_kernel_solves_the_last_tricks_as_the_solver_does(options: dict[str, Any]) -> None:
    # master solves its worlds from 12 cards (search.SOLVE_CARDS) on the packed hand: the same
    # value as the solver's search through State, game points alone and with the card margin,
    # claims, marriages and solos (a partner sitting out) included.
    g = make_game("bauernschnapsen", options)
    rng = random.Random(f"solve{sorted(options.items())}")
    solved = solo = 0
    for deal in range(DEALS):
        s = _to_play(g, deal, rng, calm=True)  # mostly Normal games: most contracts end sooner
        while s is not None and not s.over:
            h = pack(s)
            assert h is not None and h.cards_left() == sum(x.bit_count() for x in s.hands)
            if h.cards_left() <= 12:
                for margin in (False, True):
                    assert h.solve(SCALE, margin) == Solver(margin=margin).value(s)
                solved += 1
                solo += len(s.active) == 3
            acts = s.legal_actions()  # claims now and then: most would end the hand at once
            calm = [a for a in acts if a != DECLARE and not DECLARE_SHOW <= a < DRAW]
            s.step(rng.choice(calm if calm and rng.random() < 0.9 else acts))
    assert solved >= DEALS and solo >= 3, solo


def _ended(contract: str, points: list[int], tricks: list[int], trick_no: int, claimant: int = -1,
           factor: int = 1, declarer: int = 0, **options: Any) -> list[int]:
    """The game points of a finished hand of ``contract`` on the kernel (and, checked, the
    engine's own scoring of the same state)."""
    g = make_game("bauernschnapsen", options)
    s = Match(g, dealer=3).deal_hand(seed=1)  # forehand: seat 0
    while s.phase != PH_CONTRACTS:  # the deal choice and forehand's trumps
        s.step(s.legal_actions()[0])
    set_contract(s, next(c for c in g.contracts if c.name == contract), declarer)
    s.phase, s.points, s.tricks, s.trick_no, s.claimant, s.factor = (
        PH_OVER, points, tricks, trick_no, claimant, factor)
    h = pack(s)
    assert h is not None
    gp = [h.game_points(p) for p in range(4)]
    assert gp == list(s.game_points())
    return gp


def test_a_finished_hand_scores_as_rules_8_6_say() -> None:
    # The Normal game: Genug with 66 scores 1/2/3 by the opponents' points and tricks; a false
    # Genug gives them the grade of the claimant's own count (or 2 flat); no claim: the last
    # trick's side 1. Doubling multiplies whatever is scored.
    assert _ended("normal", [70, 40], [3, 2], 5, claimant=2) == [1, 0, 1, 0]
    assert _ended("normal", [70, 20], [4, 1], 5, claimant=0) == [2, 0, 2, 0]
    assert _ended("normal", [66, 0], [3, 0], 3, claimant=0, factor=4) == [12, 0, 12, 0]
    assert _ended("normal", [60, 40], [3, 2], 5, claimant=0) == [0, 1, 0, 1]
    assert _ended("normal", [30, 40], [1, 2], 3, claimant=0) == [0, 2, 0, 2]
    assert _ended("normal", [30, 40], [1, 2], 3, claimant=0, false_enough="flat2") == [0, 2, 0, 2]
    assert _ended("normal", [60, 40], [3, 2], 5, claimant=0, false_enough="flat2") == [0, 2, 0, 2]
    # Contracts made or failed: the value (times the factor) to the declarer's side or the other.
    assert _ended("bettler", [120, 0], [5, 0], 5, declarer=1) == [0, 4, 0, 4]
    assert _ended("bettler", [10, 20], [1, 1], 2, declarer=1, factor=8) == [32, 0, 32, 0]
    assert _ended("schnapser", [66, 0], [2, 0], 2) == [6, 0, 6, 0]
    assert _ended("schnapser", [65, 10], [3, 0], 3) == [0, 6, 0, 6]
    assert _ended("gang", [50, 10], [4, 1], 5, declarer=3) == [9, 0, 9, 0]


@pytest.mark.parametrize("after", [0, 1, 8, 12, 17])
def test_the_searches_give_the_same_values_with_the_kernel(after: int) -> None:
    # Before the play, ISMCTS (with and without endgame) and PIMC play their playouts on the
    # kernel once the contract is set (the phases before it stepped through State by the
    # policy), with the numbers the State path draws: the very same values. In the play PIMC
    # still does; ISMCTS walks its tree on the packed hand (the same tree as through State from
    # the same worlds) and deals its worlds there (test_worlds_dealt_on_the_packed_hand_...).
    g = make_game("bauernschnapsen")
    rng = random.Random(after)
    compared = 0
    for deal in range(6):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        for _ in range(after):  # random steps, claiming never; the auction mostly the least
            acts = [a for a in s.legal_actions() if a != DECLARE and not DECLARE_SHOW <= a < DRAW]
            if s.over or not acts:
                break
            least = PASS if PASS in acts else min(acts)  # (most contracts end within a trick)
            s.step(least if pack(s) is None and rng.random() < 0.9 else rng.choice(acts))
        if s.over or len(s.legal_actions()) < 2:
            continue
        view, seed = s.view(s.to_act), rng.randrange(2**31)
        if pack(s) is None or not _GAME_KERNELS:
            assert searches_agree(view, seed, 80)
        else:
            assert searches_agree(view, seed, 80, ("pimc",))
            assert trees_agree(view, seed, False) and trees_agree(view, seed, True)
        compared += 1
    assert compared >= 3


def test_worlds_dealt_on_the_packed_hand_fit_the_view() -> None:
    # In the play ISMCTS deals its worlds on the packed hand (_multi_dealer + BauernHand.redeal,
    # in the compiled core): each seat keeps what it is known to hold, has its number of cards
    # (a solo declarer's partner his five, face down), none a card it has shown it cannot hold.
    g = make_game("bauernschnapsen", {"trump_contracts_solo": True})
    rng = random.Random(11)
    checked = constrained = solo = 0
    for deal in range(30):
        s = _to_play(g, deal, rng)
        while s is not None and not s.over:
            view = s.view(s.to_act)
            excluded = exclusions(view)
            got = _multi_dealer(view, rng, excluded)
            assert (got is None) == (not _GAME_KERNELS)
            if got is not None:
                h, origin = got
                worlds_fit(view, excluded, h, origin, list(view.hand_sizes), rng)
                constrained += any(excluded[p] & view.unseen() for p in range(4) if p != view.seat)
                solo += len(s.active) == 3
                checked += 1
            s.step(rng.choice(s.legal_actions()))
    assert not _GAME_KERNELS or checked >= 100 and constrained >= 20 and solo >= 10
