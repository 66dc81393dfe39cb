"""The Terts kernel (sixtysix/engine/kernel_terts.py) against the engine: from every position of
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
from deal_helpers import kernel_plays_as_state, searches_agree

from sixtysix.engine import Match
from sixtysix.engine.actions import ANNOUNCE, BELLA, EXCHANGE, PASS, SHOW
from sixtysix.engine.kernel import POLICY, seed_state
from sixtysix.engine.kernel_terts import pack, playouts
from sixtysix.engine.phases import PH_ANSWER
from sixtysix.games import make_game

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
                for name, lo, hi in (("announce", ANNOUNCE, SHOW), ("bella", BELLA, BELLA + 1),
                                     ("dix", EXCHANGE, EXCHANGE + 1)):
                    if lo <= a < hi:
                        seen.add(name)
            if s.trick and not s.turnup_up and len(legal) < s.hands[s.to_act].bit_count():
                seen.add("strict")
            a = rng.choice(legal)
            if a >= SHOW or (a == PASS and len(legal) > 1):
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
