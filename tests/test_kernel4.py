"""The partnership kernel (sixtysix/engine/kernel4.py) against the engine: from every position of
seeded random Four-Hand Sixty-Six hands, the kernel lists the engine's legal actions in the
engine's order, and a kernel playout and the same random choices played through ``State`` end
alike — the same game points, the same number of cards, the same random numbers used — for
random playouts and for the searches' policy. ISMCTS grows the same tree on the packed hands as
through ``State``, and the worlds it deals on them fit the view.

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

from sixtysix.bots.search import (
    Ismcts,
    _partnership_dealer,
    determinize,
    exclusions,
    play_reference,
)
from sixtysix.cards import cards_of
from sixtysix.engine import Match
from sixtysix.engine.kernel import POLICY, RANDOM, KernelRandom, seed_state
from sixtysix.engine.kernel4 import Hand4, pack, playout, playouts
from sixtysix.games import make_game

DEALS = int(os.environ.get("SIXTYSIX_KERNEL_DEALS", "20"))

VARIANTS: list[dict[str, Any]] = [{}, {"must_trump_when_cannot_overtrump": False}]


@pytest.mark.parametrize("options", VARIANTS, ids=["foster", "trump-not-forced"])
def test_kernel4_playouts_end_as_the_engine_does(options: dict[str, Any]) -> None:
    g = make_game("four-hand-sixty-six", options)
    rng = random.Random(f"four{sorted(options.items())}")
    checked = forced_trump_relief = 0
    for deal in range(DEALS):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        s.bonus = deal % 3  # a carried bonus goes to the hand's winner
        while True:
            h = pack(s)
            assert h is not None
            for policy in (RANDOM, POLICY):
                x = seed_state(rng.randrange(2**63))
                t = s.copy()
                ref = KernelRandom(x)
                steps = play_reference(t, ref, policy)
                gp = t.game_points()
                assert playouts(h, 1, x, policy) == (gp[0] - gp[1], steps, ref.state), t.history
                assert gp[0] == gp[2] and gp[1] == gp[3]
                checked += 1
            if s.over:
                break
            legal = s.legal_actions()
            assert h.legal_actions() == legal  # the same list, in the same order
            forced_trump_relief += len(legal) == (s.hands[s.to_act]).bit_count() and bool(s.trick)
            a = rng.choice(legal)
            s.step(a)  # on to the next position, which the packed hand must reach too
            h.step(a)
            if not s.over:
                x = seed_state(rng.randrange(2**63))
                assert playouts(h, 1, x, POLICY) == playouts(pack(s), 1, x, POLICY)  # type: ignore[arg-type]
    assert checked >= DEALS * 2 * 32
    assert forced_trump_relief  # followers free to play any card were reached


def test_a_played_out_hand_scores_by_fosters_bands() -> None:
    # A hand played on the kernel scores as the engine's hand_game_points: checked above for
    # whole random hands; here the lead itself on hand-set totals (rules.md §3.4).
    h = pack(Match(make_game("four-hand-sixty-six"), dealer=0).deal_hand(seed=1))
    assert h is not None
    h.bonus = 0
    for p0, t0, want in ((65, 4, 0), (66, 4, 1), (99, 5, 1), (100, 6, 2), (130, 7, 2),
                         (130, 8, 3), (64, 3, -1), (0, 0, -3), (20, 1, -2)):
        h.over = True
        set_totals(h, p0, t0)
        assert h.lead() == want, (p0, t0)
    h.bonus = 2
    set_totals(h, 66, 4)
    assert h.lead() == 3  # the carried bonus goes to the winner
    set_totals(h, 65, 4)
    assert h.lead() == 0  # a draw carries it on


def set_totals(h: Hand4, p0: int, t0: int) -> None:
    """Side 0 with ``p0`` points and ``t0`` tricks; side 1 with the rest of 130 and 8 tricks."""
    h.points0, h.points1, h.tricks0, h.tricks1 = p0, 130 - p0, t0, 8 - t0


def test_the_search_tree_is_the_same_on_packed_hands() -> None:
    # ISMCTS walks Four-Hand's tree on Hand4 (legal_actions, step, playout); through State (its
    # playouts then packed at the leaf) it must grow the very same tree.
    g = make_game("four-hand-sixty-six")
    rng = random.Random(5)
    compared = 0
    for deal in range(3):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            if len(s.legal_actions()) > 1 and rng.random() < 0.3:
                view = s.view(s.to_act)
                seed = rng.randrange(2**31)
                trees = [Ismcts(iterations=200, seconds=None, packed=packed,
                                sample=partial(determinize, view, excluded=exclusions(view)))
                         for packed in (True, False)]
                packed, ref = (t.estimates(view, random.Random(seed)) for t in trees)
                assert packed == ref
                compared += 1
            s.step(rng.choice(s.legal_actions()))
    assert compared >= 10


def test_worlds_dealt_on_the_packed_hand_fit_the_view() -> None:
    # _partnership_dealer + Hand4.redeal deal ISMCTS's worlds without a State: the seat keeps its
    # hand, the others what they are known to hold (the dealer's turned card), each the right
    # number of cards, none a card it has shown it cannot hold; every card a seat may hold
    # reaches it about as often as it should.
    g = make_game("four-hand-sixty-six")
    rng = random.Random(9)
    checked = constrained = 0
    for deal in range(12):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            view = s.view(s.to_act)
            excluded = exclusions(view)
            got = _partnership_dealer(view, rng, excluded)
            assert got is not None
            h, origin = got
            unseen = view.unseen()
            constrained += any(excluded[p] & unseen for p in range(4) if p != view.seat)
            counts = [dict.fromkeys(cards_of(unseen), 0) for _ in range(4)]
            for _ in range(80):
                h.rng = seed_state(rng.randrange(2**63))
                h.redeal(origin)
                hands = [h.hand(p) for p in range(4)]
                assert hands[view.seat] == view.hand
                dealt = 0
                for p in range(4):
                    if p == view.seat:
                        continue
                    assert hands[p] & view.known[p] == view.known[p]
                    assert hands[p] & ~view.known[p] & excluded[p] == 0
                    assert hands[p].bit_count() == view.hand_sizes[p]
                    assert dealt & hands[p] == 0
                    dealt |= hands[p] & ~view.known[p]
                    for c in cards_of(hands[p] & ~view.known[p]):
                        counts[p][c] += 1
                assert dealt == unseen
            for p in range(4):
                need = view.hand_sizes[p] - view.known[p].bit_count()
                allowed = [c for c in cards_of(unseen & ~excluded[p])]
                if p == view.seat or not need or not constrained:
                    continue
                if not any(excluded[q] & unseen for q in range(4) if q not in (p, view.seat)):
                    expect = 80 * need / len(allowed)  # only this seat's own exclusions bind
                    assert all(abs(counts[p][c] - expect) < 6 * expect ** 0.5 + 2
                               for c in allowed), counts[p]
            checked += 1
            s.step(rng.choice(s.legal_actions()))
    assert checked > 300 and constrained >= 20


def test_a_playout_plays_the_hand_in_place() -> None:
    s = Match(make_game("four-hand-sixty-six"), dealer=2).deal_hand(seed=4)
    h = pack(s)
    assert h is not None
    lead, x = playout(h, seed_state(3), POLICY)
    assert h.over and x != seed_state(3)
    assert playouts(pack(s), 1, seed_state(3), POLICY)[0] == lead  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{"variant": "pagat"}, {"ten_of_trumps_bonus": True},
                                     {"follow_rule": "seed_literal"}])
def test_options_the_kernel_does_not_play_are_refused(options: dict[str, Any]) -> None:
    s = Match(make_game("four-hand-sixty-six", options), dealer=0).deal_hand(seed=1)
    assert pack(s) is None
    assert pack(Match(make_game("sixty-six"), dealer=0).deal_hand(seed=1)) is None
