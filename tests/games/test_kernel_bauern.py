"""The Bauernschnapsen kernel (sixtysix/games/bauernschnapsen/kernel.py) against the engine: from every
position of seeded random Bauernschnapsen hands (the deal choice, trumps, the auction, doubling
and the play of every contract) under several option sets, the kernel lists the engine's legal
actions in the engine's order, and a kernel playout and the same random choices played through
``State`` end alike — the same game points, the same number of actions, the same random numbers
used — for random playouts and for the searches' policy. The searches grow the same trees on
the kernel as through ``State`` from the same worlds, and the worlds the kernel deals fit the
view.

The suite runs on both cores (scripts/test.sh), so this compares the compiled kernel and the pure
one with the same reference. ``SIXTYSIX_KERNEL_DEALS`` sets the deals per option set (20 by
default; random auctions, so about two thirds of them reach the play).
"""

from __future__ import annotations

import os
import random
from functools import partial
from typing import Any

import pytest
from deal_helpers import kernel_plays_as_state, searches_agree, trees_agree, worlds_fit

from sixtysix.bots.packed import GAME_KERNELS, multi_dealer
from sixtysix.bots.solver import SCALE, Solver
from sixtysix.bots.worlds import exclusions
from sixtysix.engine import Match
from sixtysix.engine.actions import DECLARE, PASS, is_declaration, is_marriage
from sixtysix.engine.kernel import POLICY, seed_state
from sixtysix.engine.phases import PH_CONTRACTS, PH_DEAL_CHOICE, PH_OVER, PH_PLAY, PH_TRUMP
from sixtysix.engine.phases.contracts import set_contract
from sixtysix.engine.view import View
from sixtysix.games import make_game
from sixtysix.games.bauernschnapsen.kernel import BauernHand, pack, playouts

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
    while s.phase != PH_PLAY and not s.over:
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
                if is_marriage(a):
                    seen.add("marriage")
                elif is_declaration(a) or a == DECLARE:
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
    # master solves its worlds from 12 cards (exact.SOLVE_CARDS) on the packed hand: the same
    # value as the solver's search through State, game points alone and with the card margin,
    # claims, marriages and solos (a partner sitting out) included.
    g = make_game("bauernschnapsen", options)
    rng = random.Random(f"solve{sorted(options.items())}")
    solved = solo = 0
    for deal in range(DEALS):
        s = _to_play(g, deal, rng, calm=True)  # mostly Normal games: most contracts end sooner
        while s is not None and not s.over:
            h = pack(s)
            # the cards left to play: a solo's partner sitting out holds his to the end
            assert h is not None and h.cards_left() == sum(s.hands[p].bit_count() for p in s.active)
            if h.cards_left() <= 12:
                for margin in (False, True):
                    assert h.solve(SCALE, margin) == Solver(margin=margin).value(s)
                solved += 1
                solo += len(s.active) == 3
            acts = s.legal_actions()  # claims now and then: most would end the hand at once
            calm = [a for a in acts if a != DECLARE and not is_declaration(a)]
            s.step(rng.choice(calm if calm and rng.random() < 0.9 else acts))
    assert solved >= DEALS and solo >= 3, solo


@pytest.mark.parametrize("options", VARIANTS, ids=[f"bauern-{i}" for i in range(len(VARIANTS))])
def test_the_kernel_bids_and_doubles_as_the_engine_does(options: dict[str, Any]) -> None:
    # From the deal choice to the first lead, the kernel steps the phases before the play as the
    # engine does: the same actions in the same order (cut or knock; a suit of the first packet
    # or turn; the contracts a seat may bid, outranking or holding with priority; kontra,
    # rekontra, subkontra), the contract set up as its row says (shown ones scored at once), and
    # playouts from there end alike.
    g = make_game("bauernschnapsen", options)
    rng = random.Random(f"early{sorted(options.items())}")
    checked = 0
    seen: set[str] = set()
    for deal in range(DEALS * 2):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        h = pack(s)
        while not s.over and s.phase != PH_PLAY:
            assert h is not None and h.phase == s.phase
            legal = s.legal_actions()
            assert h.legal_actions() == legal
            kernel_plays_as_state(s, h, pack, playouts, rng)
            checked += 1
            seen.add({PH_DEAL_CHOICE: "deal choice", PH_TRUMP: "trumps", PH_CONTRACTS: "auction"}
                     .get(s.phase, "doubling"))
            calm = PASS if PASS in legal else legal[0]  # the auction mostly passed; doubling
            a = calm if s.phase == PH_CONTRACTS and rng.random() < 0.6 else rng.choice(legal)
            s.step(a)
            h.step(a)  # the packed hand must reach the same position
        assert h is not None and h.over == s.over and h.legal_actions() == s.legal_actions()
        if s.over:
            seen.add("shown")
            assert [h.game_points(p) for p in range(4)] == list(s.game_points())
        elif s.factor > 1:
            seen.add(f"x{s.factor}")
    assert checked >= DEALS * 10
    assert {"auction", "doubling", "shown", "x2", "x4"} <= seen, seen
    assert ("deal choice" in seen) == g.options.allow_knock_deal


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
    # PIMC plays its playouts on the kernel with the numbers the State path draws: the very
    # same values. ISMCTS (with and without endgame) walks its tree on the packed hand, from the
    # deal choice on: the same tree as through State from the same worlds; it deals its worlds
    # there too (test_worlds_dealt_on_the_packed_hand_fit_the_view). In the pure core the
    # kernels are not used: every search gives the same values with kernel= and without.
    g = make_game("bauernschnapsen")
    rng = random.Random(after)
    compared = 0
    for deal in range(6):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        for _ in range(after):  # random steps, claiming never; the auction mostly the least
            acts = [a for a in s.legal_actions() if a != DECLARE and not is_declaration(a)]
            if s.over or not acts:
                break
            least = PASS if PASS in acts else min(acts)  # (most contracts end within a trick)
            s.step(least if s.phase != PH_PLAY and rng.random() < 0.9 else rng.choice(acts))
        if s.over or len(s.legal_actions()) < 2:
            continue
        view, seed = s.view(s.to_act), rng.randrange(2**31)
        if not GAME_KERNELS:
            assert searches_agree(view, seed, 80)
        else:
            assert searches_agree(view, seed, 80, ("pimc",))
            assert trees_agree(view, seed, False) and trees_agree(view, seed, True)
        compared += 1
    assert compared >= 3


def test_worlds_dealt_on_the_packed_hand_fit_the_view() -> None:
    # ISMCTS deals its worlds on the packed hand (multi_dealer + BauernHand.redeal, in the
    # compiled core): each seat keeps what it is known to hold, has its number of cards (a solo
    # declarer's partner his five, face down), none a card it has shown it cannot hold. Before
    # trumps, every hand is whole (the view sees none at the deal choice, forehand his first
    # packet when he names trumps), and forehand's first packet and the card he would turn are
    # his: three of his cards (his own, to him), and a fourth, unseen by him.
    g = make_game("bauernschnapsen", {"trump_contracts_solo": True})
    rng = random.Random(11)
    checked = constrained = solo = early = 0
    for deal in range(30):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            view = s.view(s.to_act)
            excluded = exclusions(view)
            got = multi_dealer(view, rng, excluded)
            assert (got is None) == (not GAME_KERNELS)
            if got is not None:
                h, origin = got
                before = s.phase in (PH_DEAL_CHOICE, PH_TRUMP)
                sizes = [5] * 4 if before else list(view.hand_sizes)
                worlds_fit(view, excluded, h, origin, sizes, rng,
                           partial(_packets_fit, view) if before else lambda w: None)
                constrained += any(excluded[p] & view.unseen() for p in range(4) if p != view.seat)
                solo += len(s.active) == 3
                early += before
                checked += 1
            acts = s.legal_actions()  # the auction: passing (or the least) more often than not
            calm = PASS if PASS in acts else acts[0]
            s.step(calm if s.phase != PH_PLAY and rng.random() < 0.7 else rng.choice(acts))
    assert not GAME_KERNELS or checked >= 100 and constrained >= 20 and solo >= 10 \
        and early >= 40


def _packets_fit(view: View, w: BauernHand) -> None:
    """Before trumps: forehand's first packet is three of his cards (at trumps, the three he
    sees), and the card he would turn another of his."""
    fh = w.forehand
    hand = w.hand(fh)
    assert w.first3 & hand == w.first3 and w.first3.bit_count() == 3
    assert (hand & ~w.first3) >> w.turn_card & 1
    if view.phase == PH_TRUMP:
        assert w.first3 == view.hand
