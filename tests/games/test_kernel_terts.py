"""The Terts kernel (sixtysix/games/terts/kernel.py) against the engine: from every position of
seeded random Terts hands under several option sets, the kernel lists the engine's legal actions
in the engine's order, and a kernel playout and the same random choices played through ``State``
end alike — the same hand scores, the same number of actions, the same random numbers used — for
random playouts and for the searches' policy. The searches give the same values with their
Terts playouts on the kernel as through ``State``, the race to the target included.

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

from sixtysix.bots.ismcts import Ismcts
from sixtysix.bots.solver import SCALE, Solver
from sixtysix.cards import parse_cards
from sixtysix.engine import Match, State
from sixtysix.engine.actions import BELLA, EXCHANGE, PASS, is_announcement, is_show
from sixtysix.engine.kernel import POLICY, KernelRandom, seed_state
from sixtysix.engine.phases import PH_ANSWER
from sixtysix.games import make_game
from sixtysix.games.terts.kernel import pack, play_to, playout, playouts

DEALS = int(os.environ.get("SIXTYSIX_KERNEL_DEALS", "20"))

VARIANTS: list[dict[str, Any]] = [
    {},
    {"phase1_follow": "follow_then_trump", "dix_before_first_trick": True, "values": "klaberjass"},
    {"melds_need_trick": True, "loser_side_extra": True, "trump_jack_free": False},
]


@pytest.mark.parametrize("options", VARIANTS, ids=[f"terts-{i}" for i in range(len(VARIANTS))])
def test_kernel_playouts_end_as_the_engine_does(options: dict[str, Any]) -> None:
    g = make_game("terts", options)
    rng = random.Random(f"terts{sorted(options.items())}")
    checked = 0
    seen: set[str] = set()
    for deal in range(DEALS):
        s = Match(g, dealer=deal % 2).deal_hand(seed=rng.randrange(2**31))
        while True:
            h = pack(s)
            assert h is not None
            checked += len(kernel_plays_as_state(s, h, pack, playouts, rng))
            if s.over:
                seen.add("pending void" if any(s.pending) else "played out")
                break
            legal = s.legal_actions()
            assert h.legal_actions() == legal  # the same list, in the same order
            if s.phase == PH_ANSWER:
                seen.add("answer" if len(legal) == 1 else "show offered")
            for a in legal:
                for name, offered in (("announce", is_announcement(a)), ("bella", a == BELLA),
                                      ("dix", a == EXCHANGE)):
                    if offered:
                        seen.add(name)
            if s.trick and not s.turnup_up and len(legal) < s.hands[s.to_act].bit_count():
                seen.add("strict")
            a = rng.choice(legal)
            if is_show(a) or (a == PASS and len(legal) > 1):
                seen.add("compared")
            s.step(a)
            h.step(a)  # the packed hand must reach the same position
            if not s.over:
                x = seed_state(rng.randrange(2**63))
                assert playouts(h, 1, x, POLICY) == playouts(pack(s), 1, x, POLICY)  # type: ignore[arg-type]
    assert checked >= DEALS * 2 * 32
    # The rules' corners were reached: announcements answered by a pass and by a show that
    # outranks them, the bella, the dix, and phase 2's strict follow.
    want = {"announce", "answer", "show offered", "compared", "bella", "dix", "strict"}
    if options.get("melds_need_trick"):
        want.add("played out")
    assert want <= seen, want - seen


@pytest.mark.parametrize("scores", [(0, 0), (430, 470), (480, 380)])
def test_the_searches_give_the_same_values_with_the_kernel(scores: tuple[int, int]) -> None:
    # ISMCTS (with and without endgame) and PIMC play their Terts playouts on the kernel with
    # the numbers the State path draws: the very same values, from every stage of the hand; near
    # the target a hand that ends the match is worth the match (race_rewards) either way.
    g = make_game("terts")
    rng = random.Random(11)
    compared = 0
    for deal in range(2):
        s = Match(g, dealer=deal).deal_hand(seed=rng.randrange(2**31))
        s.match_score = scores
        while not s.over:
            if len(s.legal_actions()) > 1 and rng.random() < 0.15:
                assert searches_agree(s.view(s.to_act), rng.randrange(2**31), 60)
                compared += 1
            s.step(rng.choice(s.legal_actions()))
    assert compared >= 5


def _down_to(seed: int, cards: int, rng: random.Random, options: dict[str, Any] | None = None
             ) -> State:
    """A Terts hand dealt with ``seed``, played at random until at most ``cards`` cards are left
    in the hands (at a lead, where ``cards`` is 4)."""
    s = Match(make_game("terts", options), dealer=1).deal_hand(seed=seed)
    play_randomly_until(s, rng, lambda s: sum(h.bit_count() for h in s.hands) <= cards
                        and not (cards == 4 and s.trick))
    return s


def test_the_kernel_solves_the_last_two_tricks_by_hand() -> None:
    # Clubs are trumps (seed values: trump nine 13, ace 11, king 3); seat 1 leads, holding 9C KS,
    # against 8H AS, at 63 points to 50. Leading KS, he makes seat 0 take it with AS (follow and
    # beat: 14 points) and then trumps 8H with 9C and takes the last trick: 63 + 13 + 10 = 86
    # to 64, 22 ahead. Leading 9C first, seat 0 keeps AS (throwing 8H) and wins the last trick
    # with it: 76 to 74, 2 ahead. So 22 game points (a Terts hand's points are its game points)
    # times 1000, and the margin of 22 again; 86 to 64 at the end of the best line.
    s = _down_to(5, 4, random.Random(4))
    assert (s.trump, s.to_act, s.points) == (0, 1, [50, 63])  # suit 0: clubs
    assert [s.hands[0], s.hands[1]] == [parse_cards("8H AS"), parse_cards("9C KS")]
    h = pack(s)
    assert h is not None
    assert h.solve(SCALE, True) == Solver().value(s) == 22 * SCALE + 22
    assert (h.fin0, h.fin1) == (64, 86)
    assert h.solve(SCALE, False) == 22 * SCALE


@pytest.mark.parametrize("options", VARIANTS, ids=[f"terts-{i}" for i in range(len(VARIANTS))])
def test_the_kernel_solves_as_the_solver_does(options: dict[str, Any]) -> None:
    # The kernel's alpha-beta (ISMCTS solves its Terts playouts there) gives the State solver's
    # value, announcements and the bella included, and the best line's hand scores differ by
    # just that value; so does its search with a table (``value``: the Solver's Terts path).
    rng = random.Random(f"solve{sorted(options.items())}")
    solved = 0
    for deal in range(12):
        s = _down_to(rng.randrange(2**31), rng.choice((6, 8, 10)), rng, options)
        h = pack(s)
        if s.over or h is None:
            continue
        for margin in (True, False):
            v = h.solve(SCALE, margin)
            assert v == Solver(margin=margin, kernel=False).value(s), (deal, margin)
            assert v == h.value(SCALE, margin) == Solver(margin=margin).value(s), (deal, margin)
            lead = h.fin0 - h.fin1 if s.to_act == 0 else h.fin1 - h.fin0
            assert v == lead * SCALE + (lead if margin else 0)
        solved += 1
    assert solved >= 10


def test_master_solves_terts_playouts_only_when_asked() -> None:
    # By default the master level plays its Terts playouts to the end (solving the last four
    # tricks measured no gain); with cards=8 it plays down to 8 cards and solves the rest on
    # the kernel, each seat's lead and the hand scores at the end of the solved line.
    s = Match(make_game("terts"), dealer=1).deal_hand(seed=3)
    x = seed_state(7)
    played = pack(s)
    assert played is not None
    playout(played, x, POLICY)
    leads, points = Ismcts(iterations=1, endgame=True)._finish(s.copy(), KernelRandom(x))
    assert leads == played.leads() and list(points or ()) == [played.game_points(0), played.game_points(1)]
    h = pack(s)
    assert h is not None
    play_to(h, x, 8)
    assert not h.over and h.cards_left() <= 8
    v = h.solve(SCALE, True) / SCALE
    leads, points = Ismcts(iterations=1, endgame=True, cards=8)._finish(s.copy(), KernelRandom(x))
    assert leads == ([v, -v] if h.to_act == 0 else [-v, v])
    assert points == [h.fin0, h.fin1] and (h.fin0 - h.fin1) * (SCALE + 1) / SCALE == leads[0]
