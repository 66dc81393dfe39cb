"""The heuristic player's rules of thumb on the kernels (``engine/kernel_judge.py``,
``MultiHand.judge``, ``BauernHand.judge``) against ``HeuristicBot`` itself: at every play
decision of seeded hands of every game whose play a kernel judges, under several option sets,
the kernel chooses what the heuristic chooses from the seat's view — packed at that position,
and stepped there on the kernel from the start of the hand (its record of the cards shown to
all kept up by the kernel itself). The bidding searches' play-outs, finished on a kernel, end
as when the heuristic plays them through ``State``.

The suite runs on both cores (scripts/test.sh): the compiled judge and the pure one meet the same
reference. ``SIXTYSIX_KERNEL_DEALS`` (20 by default) times ten sets the deals per option set: a
judged decision costs microseconds.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from sixtysix.bots.bidding import _play_out
from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.playout import outcome
from sixtysix.engine import Match, kernel_multi
from sixtysix.engine.actions import DECLARE, DECLARE_SHOW, MARRY, PASS, action_str
from sixtysix.engine.phases import PH_AUCTION, PH_CONTRACTS, PH_DOUBLING, PH_PLAY, PH_TRUMP
from sixtysix.engine.state import State
from sixtysix.games import make_game
from sixtysix.games.bauernschnapsen import kernel as bauern_kernel

DEALS = int(os.environ.get("SIXTYSIX_KERNEL_DEALS", "20"))
NA = "north-american-sixty-six"
BAUERN = "bauernschnapsen"

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    (NA, {}),
    (NA, {"players": 3, "marriage_needs_trick": True, "last_trick_bonus": 10}),
    (NA, {"players": 2, "unit": 30, "min_bid": 1}),
    (NA, {"marriage_needs_trick": True, "all_pass": "redeal", "max_bid": 4}),
    ("four-hand-sixty-six", {}),
    ("four-hand-sixty-six", {"ten_of_trumps_bonus": True, "follow_rule": "seed_literal"}),
    ("three-player-sixty-six", {}),
    ("three-player-sixty-six", {"trump_must_be_held": True, "marriage_needs_trick": False}),
    (BAUERN, {}),
    (BAUERN, {"must_beat_partner": False, "enough_by_defenders": False}),
    (BAUERN, {"trump_contracts_solo": True, "solo_partner_open": True}),
]
IDS = [f"{g}-{i}" for i, (g, _) in enumerate(VARIANTS)]


def _pack(s: State) -> Any:
    return bauern_kernel.pack(s) if s.game.id == BAUERN else kernel_multi.pack(s, auction=True)


JUDGED_CALLS = {BAUERN: (PH_CONTRACTS, PH_DOUBLING), NA: (PH_AUCTION, PH_TRUMP)}
"""The phases before the play whose decisions the kernels judge."""


def _random_call(acts: list[int], rng: random.Random) -> int:
    """A random action, passing more often than not where one may."""
    return PASS if PASS in acts and rng.random() < 0.6 else rng.choice(acts)


def _before_play(s: State, rng: random.Random, judge: HeuristicBot,
                 kinds: set[str] | None = None) -> Any:
    """Bid, name trumps and double at random (passing more often than not), or as the
    heuristic would, until the play or the end; the kernel's hand stepped along from the first
    position it packs (Bauernschnapsen: the deal choice; Three-Player: the trump choice; North
    American: the auction), so that it sets the play up itself (the turned trump card, a solo
    partner's open hand among the cards shown to all). With ``kinds``, the kernel's bids,
    doubling words and trump choices are checked against the heuristic's on the way."""
    h = None
    while s.phase != PH_PLAY and not s.over:
        h = h or _pack(s)
        acts = s.legal_actions()
        want = judge.choose(s.view(s.to_act), rng)
        if kinds is not None and s.phase in JUDGED_CALLS.get(s.game.id, ()) and len(acts) > 1:
            assert _pack(s).judge() == want, (s.history, acts)
            assert h.judge() == want, (s.history, acts)
            kinds.add(action_str(want).split()[0])
        a = want if rng.random() < 0.5 else _random_call(acts, rng)
        s.step(a)
        if h is not None:
            h.step(a)
    return h or _pack(s)


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=IDS)
def test_judge_chooses_what_the_heuristic_chooses(game_id: str, options: dict[str, Any]) -> None:
    g = make_game(game_id, options)
    rng = random.Random(f"judge{game_id}{sorted(options.items())}")
    judge = HeuristicBot()
    checked = 0
    kinds: set[str] = set()
    for deal in range(DEALS * 10):
        s = Match(g, dealer=deal % g.rules.n_seats).deal_hand(seed=rng.randrange(2**31))
        walked = _before_play(s, rng, judge, kinds)
        if s.over:
            continue
        assert walked is not None
        while not s.over:
            legal = s.legal_actions()
            want = judge.choose(s.view(s.to_act), rng)
            if len(legal) > 1:
                h = _pack(s)
                assert h.judge() == want, (s.history, legal)
                assert walked.judge() == want, (s.history, legal)
                checked += 1
                kinds.add("lead" if not s.trick else "follow")
                if want >= MARRY:
                    kinds.add({DECLARE: "claim"}.get(want, "show" if want >= DECLARE_SHOW
                                                     else "marriage"))
                if s.contract is not None and s.contract.misere:
                    kinds.add("bettler")
            # Half the time another card, so the positions stray from the heuristic's own line.
            a = want if rng.random() < 0.5 else rng.choice(legal)
            s.step(a)
            walked.step(a)
    assert checked > DEALS * 15  # Bauernschnapsen: 5 cards a seat, contracts decided early
    assert {"lead", "follow", "marriage"} <= kinds or game_id == "four-hand-sixty-six", kinds
    if game_id == BAUERN:
        assert {"claim", "bettler", "bid", "pass", "kontra"} <= kinds, kinds
    if game_id == NA:
        assert {"bid", "pass", "trump"} <= kinds, kinds


def _heuristic_play_out(s: State, judge: HeuristicBot, rng: random.Random, passing: bool
                        ) -> list[float]:
    """The play-out as ``bidding`` made it before the kernels judged: ``State`` and views
    throughout (with ``passing``, every seat passing what is left of the auction and the
    doubling, as ``_fits`` asks)."""
    while not s.over:
        acts = s.legal_actions()
        if passing and PASS in acts and s.phase in (PH_CONTRACTS, PH_AUCTION, PH_DOUBLING):
            s.step(PASS)
        else:
            s.step(acts[0] if len(acts) == 1 else judge.choose(s.view(s.to_act), rng))
    return outcome(s)


@pytest.mark.parametrize("game_id", [NA, BAUERN])
def test_bidding_play_outs_end_as_through_state(game_id: str) -> None:
    g = make_game(game_id)
    rng = random.Random(f"playouts{game_id}")
    judge = HeuristicBot()
    ended = 0
    for deal in range(DEALS * 10):
        s = Match(g, dealer=deal % 4).deal_hand(seed=rng.randrange(2**31))
        while not s.over:  # from every position before the play, and the play's first
            if s.phase in JUDGED_CALLS[game_id] + (PH_PLAY,):
                for passing in (False, True):
                    t, u = s.copy(), s.copy()
                    leads, declared = _play_out(t, judge, rng, passing)
                    assert leads == _heuristic_play_out(u, judge, rng, passing), u.history
                    assert declared == u.game_points()[u.declarer]
                ended += 1
                if s.phase == PH_PLAY:
                    break
            s.step(_random_call(s.legal_actions(), rng))
    assert ended > DEALS * 10
