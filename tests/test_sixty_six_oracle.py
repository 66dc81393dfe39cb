"""Differential test: an independent reading of rules.md §1 and records.md §5 says which actions
are legal in Sixty-Six; the engine must offer exactly those, under any combination of options,
at every step of random hands."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix.cards import SUIT_MASK, cards_of
from sixtysix.engine.actions import CLOSE, DECLARE, DECLARE_SHOW, DRAW, EXCHANGE, MARRY, action_str
from sixtysix.engine.match import Match
from sixtysix.engine.state import State
from sixtysix.games import make_game

KING, QUEEN, NINE = 2, 3, 5

OPTIONS = st.fixed_dictionaries({
    "phase2_follow": st.sampled_from(["strict", "follow_only"]),
    "nine_exchange_timing": st.sampled_from(["on_lead", "any_time"]),
    "nine_exchange_needs_trick": st.booleans(),
    "nine_exchange_on_close": st.sampled_from(["opponent_any", "either_with_trick", "none"]),
    "marriages_after_close": st.booleans(),
    "show_marriage_to_go_out": st.booleans(),
    "close_requires": st.sampled_from(["lead", "lead_and_own_trick", "lead_after_first_trick"]),
    "close_before_draw_allowed": st.booleans(),
    "close_min_stock": st.sampled_from([1, 2, 3]),
    "claim_timing": st.sampled_from(["after_trick_or_meld", "any_own_turn"]),
})


def beats(a: int, b: int) -> bool:
    """Same suit, higher rank (lower rank index)."""
    return (a >> 3) == (b >> 3) and (a & 7) < (b & 7)


def follow_cards(hand: int, led: int, trump: int, mode: str) -> int:
    """rules.md §0.4 (two players) and §1.4."""
    if mode == "free":
        return hand
    same = hand & SUIT_MASK[led >> 3]
    if mode == "follow_only":
        return same or hand
    higher = sum(1 << c for c in cards_of(same) if beats(c, led))
    return higher or same or hand & SUIT_MASK[trump] or hand


def expected(s: State, o: dict[str, Any], log: list[tuple[int, int]]) -> set[int]:
    """The legal actions by rules.md, from the public facts and the seat's hand."""
    seat = s.to_act
    hand = s.hands[seat]
    trump = s.trump
    opened = s.turnup_up and s.closed_by < 0  # phase 1
    has_trick = s.tricks[seat] > 0
    nine = trump * 8 + NINE

    def may_close(who: int) -> bool:
        if not opened or s.facedown < o["close_min_stock"]:
            return False
        if o["close_requires"] == "lead_and_own_trick":
            return s.tricks[who] > 0
        if o["close_requires"] == "lead_after_first_trick":
            return s.trick_no > 0
        return True

    # Right after a trick, while the stock is open: draw, or close before drawing (records.md §5.1).
    just_won = bool(log) and log[-1][1] < 128 and not s.trick and s.trick_no > 0
    if just_won and opened and o["close_before_draw_allowed"] and may_close(seat):
        return {DRAW, CLOSE}

    def may_exchange() -> bool:
        if not (hand >> nine) & 1:
            return False
        if s.closed_by >= 0:
            # At the close: at the first turn after it, until the seat plays (or exchanges).
            at = max(i for i, (_, a) in enumerate(log) if a == CLOSE)
            if any(p == seat and (a < 128 or a == EXCHANGE) for p, a in log[at + 1:]):
                return False
            rule = o["nine_exchange_on_close"]
            if rule == "opponent_any":
                return seat != s.closed_by
            return rule == "either_with_trick" and has_trick
        if not opened or s.facedown < 1:
            return False
        if o["nine_exchange_needs_trick"] and not has_trick:
            return False
        return not s.trick or o["nine_exchange_timing"] == "any_time"

    out: set[int] = set()
    if s.trick:
        mode = "free" if opened else o["phase2_follow"]
        out |= set(cards_of(follow_cards(hand, s.trick[0], trump, mode)))
    else:
        out |= set(cards_of(hand))
        if opened or o["marriages_after_close"]:
            for suit in range(4):
                k, q = suit * 8 + KING, suit * 8 + QUEEN
                if (hand >> k) & 1 and (hand >> q) & 1:
                    out |= {MARRY + k, MARRY + q}
                    if o["show_marriage_to_go_out"]:
                        out.add(DECLARE_SHOW + q)
        if may_close(seat):
            out.add(CLOSE)
        if s.trick_no > 0:  # the leader won the last trick and has not led yet
            out.add(DECLARE)
    if o["claim_timing"] == "any_own_turn":
        out.add(DECLARE)
    if may_exchange():
        out.add(EXCHANGE)
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_engine_offers_exactly_the_legal_actions(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    m = Match(make_game("sixty-six", options), dealer=rng.randrange(2))
    s = m.deal_hand(seed=rng.randrange(2**31))
    log: list[tuple[int, int]] = []
    while not s.over:
        got = set(s.legal_actions())
        want = expected(s, options, log)
        assert got == want, (f"{s!r}: extra {sorted(map(action_str, got - want))}, "
                             f"missing {sorted(map(action_str, want - got))}; "
                             f"history {[action_str(a) for _, a in log]}")
        quiet = [a for a in got if a != DECLARE and not DECLARE_SHOW <= a < DRAW]
        a = rng.choice(sorted(quiet) if quiet and rng.random() < 0.95 else sorted(got))
        seat = s.to_act
        m.apply(a)
        log.append((seat, a - MARRY if MARRY <= a < DECLARE_SHOW else a))
