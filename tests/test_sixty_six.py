"""Sixty-Six (rules/sixty-six.md) on explicit deals: every edge case of §1.13, every option of
rules/sixty-six.md#options, and
the action-order conventions of records.md §5. Seat 1 deals unless said otherwise, so seat 0 (s0)
is the non-dealer who leads to trick 1. Card values: A 11, T 10, K 4, Q 3, J 2, 9 0."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from deal_helpers import RECORDS_MD_EXAMPLE, act, deal66, hand_str, legal, match66
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sixtysix
from sixtysix.cards import PACK_24, SUIT_MASK, card_str, cards_of
from sixtysix.engine.actions import (
    CLOSE,
    DECLARE,
    DECLARE_SHOW,
    DRAW,
    EXCHANGE,
    MARRY,
    action_str,
    is_declaration,
    is_marriage,
    is_play,
    named_card,
)
from sixtysix.engine.match import Match
from sixtysix.engine.rules import Rules, mask_points
from sixtysix.engine.state import PH_DRAW, State
from sixtysix.errors import IllegalActionError
from sixtysix.games import make_game
from sixtysix.records import replay


def snapshot(m: Match) -> tuple[Any, ...]:
    s = m.hand
    assert s is not None
    return (s.view(0), s.view(1), s.legal_actions(), list(s.history), m.record(), repr(s))


def refused(m: Match, action: str, message: str) -> None:
    """``action`` is refused with a readable ``message`` and nothing changes."""
    before = snapshot(m)
    with pytest.raises(IllegalActionError, match=message):
        m.apply(action)
    assert snapshot(m) == before


def result(m: Match) -> sixtysix.HandResult:
    assert m.hand is not None and m.hand.over and m.hand.result is not None
    return m.hand.result


def play_out(m: Match) -> None:
    """Finish the hand with the lowest legal card each time: no melds, closes or claims."""
    s = m.hand
    assert s is not None
    while not s.over:
        if s.phase == PH_DRAW:
            m.apply("draw")
        else:
            m.apply(min(a for a in s.legal_actions() if a < 64))


# ------------------------------------------------------------------ §1.13.1 pack and last trick

def test_1_pack_is_120_and_a_played_out_hand_130() -> None:
    assert mask_points(PACK_24, Rules(pack=PACK_24).value_table(2)) == 120
    m = Match(make_game("sixty-six"), dealer=1)
    for seed in range(5):
        if m.complete:
            break
        m.deal_hand(seed=seed)
        play_out(m)
        s = m.hand
        assert s is not None
        # 12 tricks, no marriage: 120 card points + 10 for the last trick.
        assert sum(s.tricks) == 12 and s.melds == [0, 0]
        assert sum(s.points) == 130


# ------------------------------------------------------------------ §1.13.2–4 marriages

# s0 leads 20 in clubs before having a trick and loses trick 1 to AC (trumps: hearts).
PENDING: dict[str, Any] = dict(h0="KC QC 9C JD 9D 9S", h1="AC TC AD TD AS TS", turnup="JH")


def test_2a_pending_marriage_is_credited_at_a_later_trick() -> None:
    m = match66(**PENDING, stock="KS AH")
    act(m, "marry QC / AC")  # s1 wins 11 + 3 = 14; s0's 20 is pending
    s = m.hand
    assert s is not None
    assert s.points == [0, 14] and s.pending == [20, 0] and s.melds == [0, 0]
    assert "KS" in hand_str(s, 1) and "AH" in hand_str(s, 0)  # the winner drew first
    act(m, "TS / AH")  # s0 trumps: 10 + 11 = 21, and the pending 20 is credited: 41
    assert s.points == [41, 14] and s.pending == [0, 0] and s.melds == [20, 0]


def test_2a_same_trick_only_loses_the_marriage() -> None:
    m = match66(**PENDING, stock="KS AH", first_trick_marriage="same_trick_only")
    act(m, "marry QC / AC", "TS / AH")  # 21 only: the 20 counted only if trick 1 was won
    s = m.hand
    assert s is not None
    assert s.points == [21, 14] and s.pending == [0, 0] and s.melds == [0, 0]


def test_2a_same_trick_only_counts_when_that_trick_is_won() -> None:
    m = match66(h0="KC QC 9C JD 9D 9S", h1="JC TC AD TD AS TS", turnup="JH",
                first_trick_marriage="same_trick_only")
    act(m, "marry QC / JC")  # s0 wins 3 + 2 = 5, + 20 = 25
    assert m.hand is not None and m.hand.points == [25, 0]


def test_2b_and_19_void_marriage_and_schwarz() -> None:
    # s0 never wins a trick: his marriage stays pending, counts for nothing, and s1's claim is
    # schwarz (3) although s0 "has" 20 points pending.
    m = match66(**PENDING, stock="KS JC QS KD JS QD AH TH KH QH 9H")
    act(m,
        "marry QC / AC",  # s1 11 + 3 = 14
        "AD / 9D",        # s1 11 + 0 = 11 → 25
        "TD / JD",        # s1 10 + 2 = 12 → 37
        "AS / 9S",        # s1 11 + 0 = 11 → 48
        "TS / 9C",        # s1 10 + 0 = 10 → 58
        "TC / KC",        # s1 10 + 4 = 14 → 72
        "declare")
    r = result(m)
    assert r.end == "claim" and r.winners == (1,)
    assert r.points == (0, 72) and r.tricks == (0, 6)
    assert r.game_points == (0, 3)
    assert m.hand is not None and m.hand.pending == [20, 0]
    assert m.score == [0, 3]


# s0 holds the trump marriage (hearts) and the club marriage.
FORTY: dict[str, Any] = dict(h0="KH QH KC QC AD 9D", h1="TS 9S JS QS KS AS", turnup="JH")


def test_3_forty_on_the_first_lead_won_is_credited_at_once_then_claim() -> None:
    m = match66(**FORTY)
    act(m, "marry KH")
    s = m.hand
    assert s is not None
    assert s.pending == [40, 0] and s.points == [0, 0]  # no trick yet: pending
    act(m, "play TS")  # KH (trump) wins: 4 + 10 = 14, + 40 credited = 54
    assert s.points == [54, 0] and s.melds == [40, 0] and s.pending == [0, 0]
    assert legal(m) == ["draw", "close"]  # the winner first chooses to draw or to close
    act(m, "draw")
    assert "declare" in legal(m) and "declare QC" in legal(m)
    act(m, "declare QC")  # shows 20 in clubs without leading: 54 + 20 = 74 ≥ 66
    r = result(m)
    assert r.end == "claim" and r.points == (74, 0) and r.game_points == (3, 0)  # s1 trickless


SHOW: dict[str, Any] = dict(h0="AS KD KH QH 9C JC", h1="AC 9D TC TD 9S JS", turnup="JH")


def test_4_show_a_marriage_to_go_out_at_exactly_66() -> None:
    m = match66(**SHOW)
    act(m,
        "AS / AC",  # s0 11 + 11 = 22 (AC is not a trump: the suit led wins)
        "KD / 9D")  # s0 4 + 0 = 4 → 26
    act(m, "declare KH")  # the trump marriage: 26 + 40 = 66, claimed without leading
    r = result(m)
    assert r.end == "claim" and r.points == (66, 0) and r.game_points == (3, 0)
    assert m.hand is not None
    assert m.hand.history[-1] == sixtysix.parse_action("declare QH")
    assert m.record()["hands"][0]["actions"][-1] == "declare QH"


def test_4_showing_before_any_trick_is_a_false_claim() -> None:
    m = match66(**SHOW)
    assert "declare QH" in legal(m)  # offered: a legal, losing claim (records.md §5.2)
    act(m, "declare QH")  # 40 pending, 0 credited < 66
    r = result(m)
    assert r.end == "false claim" and r.winners == (1,) and r.game_points == (0, 2)
    assert r.points == (0, 0)


def test_4_option_show_marriage_to_go_out_false() -> None:
    m = match66(**SHOW, show_marriage_to_go_out=False)
    assert not any(a.startswith("declare") for a in legal(m))
    refused(m, "declare QH", "not allowed in this game")


# ------------------------------------------------------------------ §1.13.5 melding when not allowed

def test_5_meld_when_following_is_refused() -> None:
    m = match66(h0="AS 9C JC 9D AD TD", h1="KS QS AC TC KD QD", turnup="JH")
    act(m, "play 9C")
    assert not any(a.startswith("marry") for a in legal(m))
    refused(m, "marry KS", "only be declared when leading")


def test_5_meld_after_close_is_refused() -> None:
    m = match66(h0="KD QD AS TS AC TC", h1="9S JS 9C JC 9D JD", turnup="JH")
    act(m, "close")
    assert not any(a.startswith(("marry", "declare")) for a in legal(m))
    refused(m, "marry KD", "no marriages once the stock is closed or exhausted")


# s0 wins the six tricks of the stock phase; the stock order fixes every draw.
EXHAUST: dict[str, Any] = dict(h0="KD QD AS TS AC TC", h1="9S JS 9C JC 9D JD", turnup="JH",
               stock="AH QS TH KS AD KC TD QC 9H KH QH")
EXHAUST_TRICKS = ("AS / 9S",  # s0 11; draws: s0 AH, s1 QS
                  "TS / JS",  # s0 12 → 23; s0 TH, s1 KS
                  "AC / 9C",  # s0 11 → 34; s0 AD, s1 KC
                  "TC / JC",  # s0 12 → 46; s0 TD, s1 QC
                  "AD / 9D")  # s0 11 → 57; s0 9H, s1 KH


def test_5_and_6_meld_and_exchange_after_the_stock_is_exhausted_are_refused() -> None:
    m = match66(**EXHAUST)
    act(m, *EXHAUST_TRICKS)
    s = m.hand
    assert s is not None and s.facedown == 1 and s.points == [57, 0]
    # One face-down card left on the trump card: the exchange is still possible.
    assert "exchange" in legal(m)
    act(m, "TD / JD")  # s0 12 → 69; s0 draws QH, s1 takes the turn-up JH (§1.13.21)
    assert s.points == [69, 0] and not s.turnup_up and s.facedown == 0
    assert hand_str(s, 0) == {"KD", "QD", "AH", "TH", "9H", "QH"}
    assert "JH" in hand_str(s, 1)
    assert set(legal(m)) == {"play KD", "play QD", "play 9H", "play QH", "play TH", "play AH",
                             "declare"}
    refused(m, "marry KD", "no marriages once the stock is closed or exhausted")
    refused(m, "exchange", "no longer possible")
    refused(m, "close", "already closed or exhausted")
    # Stock exhausted: strict play. s1 (QS KS KC QC KH JH, all drawn) has no diamond: he must trump.
    act(m, "play KD")
    assert set(legal(m)) == {"play KH", "play JH"}
    refused(m, "play QS", "must trump")


# ------------------------------------------------------------------ §1.13.6 trump-nine exchange

def test_6_exchange_before_any_trick_is_refused() -> None:
    m = match66(h0="9H AS TS AC TC AD", h1="9S JS 9C JC 9D JD", turnup="JH")
    assert "exchange" not in legal(m)
    refused(m, "exchange", "must have won a trick before exchanging")


def test_6_option_exchange_needs_no_trick() -> None:
    m = match66(h0="9H AS TS AC TC AD", h1="9S JS 9C JC 9D JD", turnup="JH",
                nine_exchange_needs_trick=False)
    act(m, "exchange")
    s = m.hand
    assert s is not None
    assert "JH" in hand_str(s, 0) and "9H" not in hand_str(s, 0)
    assert card_str(s.turnup) == "9H" and s.turnup_up
    assert "exchange" not in legal(m)  # at most once: he no longer holds the nine


# s1 holds the trump nine, wins trick 1, and follows at trick 3.
FOLLOWER: dict[str, Any] = dict(h0="9S AC 9C 9D JD TD", h1="AS 9H QC KS QS JS", turnup="JH")


def test_6_exchange_while_following_refused_by_default() -> None:
    m = match66(**FOLLOWER)
    act(m, "9S / AS",  # s1 11
        "QC / AC",     # s0 3 + 11 = 14
        "play 9C")
    assert m.to_act == 1 and "exchange" not in legal(m)
    refused(m, "exchange", "only when you are about to lead")


def test_6_exchange_while_following_under_any_time() -> None:
    # Foster: exchange while following and win the trick with the turn-up card.
    m = match66(**FOLLOWER, nine_exchange_timing="any_time")
    act(m, "9S / AS", "QC / AC", "play 9C")
    assert "exchange" in legal(m)
    act(m, "exchange", "play JH")  # JH trumps 9C: s1 11 + 2 = 13
    s = m.hand
    assert s is not None and card_str(s.turnup) == "9H" and s.points == [14, 13]
    assert m.record()["hands"][0]["actions"][-2:] == ["exchange", "play JH"]


def test_6_no_exchange_when_the_turnup_is_the_nine() -> None:
    m = match66(h0="9S AC 9C 9D JD TD", h1="AS JH QC KS QS JS", turnup="9H")
    act(m, "9S / AS", "QC / AC")
    assert "exchange" not in legal(m)
    refused(m, "exchange", "turn-up card is 9H itself")


def test_6_closers_opponent_exchanges_at_the_close_without_a_trick() -> None:
    m = match66(h0="AS TS AC TC AD TD", h1="9H 9S JS 9C JC 9D", turnup="JH")
    act(m, "close", "play AS")
    s = m.hand
    assert s is not None and s.tricks == [0, 0]
    assert "exchange" in legal(m)
    act(m, "exchange")
    assert "JH" in hand_str(s, 1) and card_str(s.turnup) == "9H"
    act(m, "play 9S")
    assert s.points == [11, 0]


def test_6_closers_opponent_exchange_lapses_when_he_plays() -> None:
    m = match66(h0="AS TS AC TC AD 9D", h1="9H KD JS 9C JC QD", turnup="JH")
    act(m, "close", "play 9D")
    assert "exchange" in legal(m)
    act(m, "play KD")  # strict: must beat 9D; s1 wins 4 and leads
    assert m.to_act == 1 and "exchange" not in legal(m)
    refused(m, "exchange", "no longer possible")


def test_6_option_nine_exchange_on_close_none() -> None:
    m = match66(h0="AS TS AC TC AD TD", h1="9H 9S JS 9C JC 9D", turnup="JH",
                nine_exchange_on_close="none")
    act(m, "close", "play AS")
    assert "exchange" not in legal(m)


def test_6_option_nine_exchange_on_close_either_with_trick() -> None:
    # Foster: after a close either player may exchange, provided he has won a trick.
    m = match66(h0="AS TS AC TC AD TD", h1="9H 9S JS 9C JC 9D", turnup="JH",
                nine_exchange_on_close="either_with_trick")
    act(m, "close", "play AS")
    assert "exchange" not in legal(m)  # s1 has no trick
    # The closer himself, with a trick, after closing.
    m = match66(h0="9H AS 9C JC 9D JD", h1="9S KS QC AC TC TD", turnup="JH", stock="QS",
                nine_exchange_on_close="either_with_trick")
    act(m, "play AS", "play 9S", "close")  # s0 11, closes before drawing
    assert "exchange" in legal(m)
    act(m, "exchange")
    assert m.hand is not None and "JH" in hand_str(m.hand, 0)


# ------------------------------------------------------------------ §1.13.7–10 closing

def test_7_and_9_close_before_drawing_and_no_last_trick_bonus() -> None:
    m = match66(h0="AS TS AC TC AD TD", h1="9S JS 9C JC 9D JD", turnup="JH")
    act(m, "play AS", "play 9S")  # s0 11
    s = m.hand
    assert s is not None and s.phase == PH_DRAW and legal(m) == ["draw", "close"]
    refused(m, "play TS", "choose 'draw' or 'close'")
    act(m, "close")
    assert [len(hand_str(s, p)) for p in (0, 1)] == [5, 5] and s.facedown == 11
    assert s.closed_by == 0 and s.close_tricks == (1, 0)
    act(m, "TS / JS",  # s0 10 + 2 = 12 → 23
        "AC / 9C",     # 11 → 34
        "TC / JC",     # 12 → 46
        "AD / 9D")     # 11 → 57
    assert "declare" in legal(m)
    act(m, "TD / JD")  # 12 → 69, and no 10 for the last trick after a close
    r = result(m)
    assert r.points == (69, 0) and r.tricks == (6, 0)
    assert r.end == "closed and made" and r.game_points == (3, 0)
    # The 11 face-down cards and the turned-down trump card are dead.
    assert s.won[0] | s.won[1] == sixtysix.parse_cards("AS TS AC TC AD TD 9S JS 9C JC 9D JD")


def test_8_close_on_the_non_dealers_first_lead() -> None:
    m = match66(h0="QS KC KD QD AS TS", h1="KS 9S AH 9H 9D JD", turnup="JH")
    assert "close" in legal(m)
    act(m, "close")
    s = m.hand
    assert s is not None and s.closed_by == 0 and s.close_tricks == (0, 0)
    assert [len(hand_str(s, p)) for p in (0, 1)] == [6, 6] and s.facedown == 11
    assert "close" not in legal(m)


@pytest.mark.parametrize("option", ["lead_and_own_trick", "lead_after_first_trick"])
def test_8_option_close_requires(option: str) -> None:
    m = match66(h0="QS KC KD QD AS TS", h1="KS 9S AH 9H 9D JD", turnup="JH", close_requires=option)
    # In the two-hand game both mean "not before trick 1": a later leader has just won a trick.
    assert "close" not in legal(m)
    refused(m, "close", "before the first trick" if option.endswith("first_trick") else "won a trick")
    act(m, "play AS", "play 9S")
    assert legal(m) == ["draw", "close"]
    act(m, "draw")
    assert "close" in legal(m)


def test_10_after_a_close_no_marriage_and_strict_following() -> None:
    m = match66(h0="QS KC KD QD AS TS", h1="KS 9S AH 9H 9D JD", turnup="JH")
    act(m, "close")
    refused(m, "marry KD", "no marriages once the stock is closed or exhausted")
    act(m, "play KC")
    # s1 is void in clubs and holds trumps: he must trump (or first exchange his 9H, being the
    # closer's opponent at his first turn after the close).
    assert set(legal(m)) == {"play 9H", "play AH", "exchange"}
    refused(m, "play 9D", "must trump")
    act(m, "play AH")  # s1 11 + 4 = 15, leads
    act(m, "play KS")
    # Spades led: s0 must beat KS with AS or TS; QS is refused.
    assert set(legal(m)) == {"play AS", "play TS"}
    refused(m, "play QS", "must beat")
    refused(m, "play KD", "must follow suit: spades were led")


@pytest.mark.parametrize("closed", [True, False])
def test_option_marriages_after_close(closed: bool) -> None:
    # Seed 000: marriages may still be scored after the close or once the stock is exhausted.
    m = match66(**EXHAUST, marriages_after_close=True)
    if closed:
        act(m, "close")
    else:
        act(m, *EXHAUST_TRICKS, "TD / JD")  # s0 69, the stock is exhausted
    before = m.hand.points[0]  # type: ignore[union-attr]
    assert {"marry KD", "marry QD", "declare QD"} <= set(legal(m))
    act(m, "marry KD")  # 20 in diamonds, credited when he has a trick (pending before trick 1)
    s = m.hand
    assert s is not None
    if closed:
        assert s.pending == [20, 0] and s.points == [0, 0]
    else:
        assert s.points == [before + 20, 0]


def test_unknown_options_are_refused() -> None:
    with pytest.raises(sixtysix.OptionError, match="unknown option 'nine_exchange'"):
        make_game("sixty-six", {"nine_exchange": "any_time"})
    with pytest.raises(sixtysix.OptionError, match="'phase2_follow' takes 'strict', 'follow_only'"):
        make_game("sixty-six", {"phase2_follow": "loose"})
    with pytest.raises(sixtysix.OptionError, match="true or false"):
        make_game("sixty-six", {"auto_claim": "yes"})
    with pytest.raises(sixtysix.OptionError, match="whole number"):
        make_game("sixty-six", {"target": -1})
    with pytest.raises(sixtysix.OptionError, match="unknown game"):
        make_game("sixty-seven")


def test_option_phase2_follow_only() -> None:
    m = match66(h0="QS KC KD QD AS TS", h1="KS 9S AH 9H 9D JD", turnup="JH",
                phase2_follow="follow_only")
    act(m, "close", "play KC")
    assert set(legal(m)) == {"play 9D", "play JD", "play 9H", "play AH", "play 9S", "play KS",
                             "exchange"}
    act(m, "play 9D", "play QS")  # s0 won with KC; s1 follows spades with either, beating or not
    assert set(legal(m)) == {"play 9S", "play KS"}


# ------------------------------------------------------------------ §1.13.11–12 closer's fate

# s0 closes at once with six low cards; s1 takes every trick.
WEAK: dict[str, Any] = dict(h0="9S JS 9C JC 9D QD", h1="AS TS AC TC AD TD", turnup="JH")
WEAK_TRICKS = ("9S / AS",  # s1 11
               "TS / JS",  # 12 → 23
               "AC / 9C",  # 11 → 34
               "TC / JC",  # 12 → 46
               "AD / 9D",  # 11 → 57
               "TD / QD")  # 13 → 70


@pytest.mark.parametrize("flat,expected", [(False, 3), (True, 2)])
def test_11_closer_fails_opponent_trickless_at_the_close(flat: bool, expected: int) -> None:
    m = match66(**WEAK, closer_beaten_flat_2=flat)
    act(m, "close", *WEAK_TRICKS)
    r = result(m)
    # s0 0 < 66 at the last trick; s1 had no trick when s0 closed: 3 (pagat's flat rule: 2).
    assert r.end == "closer failed" and r.points == (0, 70) and r.game_points == (0, expected)


def test_11_closer_fails_opponent_had_a_trick_at_the_close() -> None:
    m = match66(h0="9S KC 9C JC 9D JD", h1="AS QC TS TC AD TD", turnup="JH", stock="JS QS")
    act(m, "9S / AS",  # s1 11; s1 draws JS, s0 QS
        "play QC", "play KC",  # s0 3 + 4 = 7
        "close",       # before drawing; s1 has 1 trick
        "9C / TC",     # s1 must beat: 10 → 21
        "TS / QS",     # s0 must follow: 13 → 34
        "AD / 9D",     # 11 → 45
        "TD / JD",     # 12 → 57
        "JS / JC")     # s0 void of spades and trumps: any card; 4 → 61
    r = result(m)
    assert r.end == "closer failed" and r.points == (7, 61) and r.game_points == (0, 2)


@pytest.mark.parametrize("flat,expected", [(False, 3), (True, 2)])
def test_closers_opponent_claims_first(flat: bool, expected: int) -> None:
    m = match66(h0="KS QS KC QC KD QD", h1="AS TS AC TC AD TD", turnup="JH",
                closer_beaten_flat_2=flat)
    act(m, "close",
        "KS / AS",  # s1 15
        "TS / QS",  # 13 → 28
        "AC / KC",  # 15 → 43
        "TC / QC",  # 13 → 56
        "AD / KD",  # 15 → 71
        "declare")
    r = result(m)
    assert r.end == "closer beaten" and r.game_points == (0, expected) and r.points == (0, 71)


# s0 closes at once and makes 71; s1 wins the last trick with AH over s0's 9H.
STRONG: dict[str, Any] = dict(h0="AS TS AC TC AD 9H", h1="KS QS KC QC AH KD", turnup="QH")
STRONG_TRICKS = ("AS / KS",  # s0 15
                 "TS / QS",  # 13 → 28
                 "AC / KC",  # 15 → 43
                 "TC / QC",  # 13 → 56
                 "AD / KD",  # 15 → 71
                 "9H / AH")  # s1 0 + 11 = 11, his first trick


def test_12_closer_wins_measured_on_the_final_count() -> None:
    m = match66(**STRONG)
    act(m, "close", *STRONG_TRICKS)
    r = result(m)
    # s1 ends with 11 points and 1 trick: schneider, 2 (he had no trick at the close).
    assert r.end == "closed and made" and r.points == (71, 11) and r.game_points == (2, 0)


def test_12_closer_wins_measured_at_the_close() -> None:
    m = match66(**STRONG, closed_win_measured_at="close")
    act(m, "close", *STRONG_TRICKS)
    r = result(m)
    assert r.points == (71, 11) and r.game_points == (3, 0)  # 0 tricks at the close: schwarz


def test_12_closer_claims_before_the_last_trick() -> None:
    m = match66(**STRONG)
    act(m, "close", *STRONG_TRICKS[:5], "declare")
    r = result(m)
    assert r.end == "claim" and r.points == (71, 0) and r.game_points == (3, 0)


def test_closers_false_claim_costs_2_even_if_the_opponent_was_trickless_at_the_close() -> None:
    m = match66(**STRONG)
    act(m, "close", "AS / KS", "declare")  # the closer claims at 15: a false claim
    r = result(m)
    assert r.end == "false claim" and r.points == (15, 0) and r.game_points == (0, 2)


# ------------------------------------------------------------------ §1.13.13–14 claims

FALSE64: dict[str, Any] = dict(h0="9C AD AS AC AH KC", h1="JC 9D TS TC 9S QS", turnup="JH")
FALSE64_TRICKS = ("9C / JC",  # s1 0 + 2 = 2
                  "9D / AD",  # s0 11
                  "AS / TS",  # 21 → 32
                  "AC / TC",  # 21 → 53
                  "AH / 9S")  # 11 → 64


@pytest.mark.parametrize("penalty", ["flat2", "2_or_3_if_opponent_trickless"])
def test_13_false_claim_at_64(penalty: str) -> None:
    m = match66(**FALSE64, false_claim_penalty=penalty)
    act(m, *FALSE64_TRICKS, "declare")
    r = result(m)
    # s1 has 2 points (and a trick): 2 all the same.
    assert r.end == "false claim" and r.points == (64, 2) and r.game_points == (0, 2)


def test_13_false_claim_penalty_3_when_the_opponent_is_trickless() -> None:
    m = match66(**SHOW, false_claim_penalty="2_or_3_if_opponent_trickless")
    act(m, "AS / AC", "declare")  # s0 22 < 66; s1 has no trick
    assert result(m).game_points == (0, 3)
    m = match66(**SHOW)
    act(m, "AS / AC", "declare")
    assert result(m).game_points == (0, 2)


def test_14_correct_claim_although_the_opponent_passed_66_silently() -> None:
    m = match66(h0="KH QH 9C TD TS JS", h1="TC AC AS AD AH JD", turnup="JH", stock="TH")
    act(m,
        "marry KH / TC",  # s0 4 + 10 = 14, + 40 credited with the trick = 54
        "9C / AC",        # s1 11
        "AS / TD",        # 21 → 32
        "AD / TS",        # 21 → 53
        "AH / JS")        # 13 → 66
    s = m.hand
    assert s is not None and s.points == [54, 66] and "declare" in legal(m)
    act(m, "JD / TH")     # s1 leads instead of claiming; s0 trumps: 2 + 10 = 12 → 66
    assert "declare" in legal(m)
    act(m, "declare")
    r = result(m)
    assert r.end == "claim" and r.winners == (0,) and r.points == (66, 66) and r.game_points == (1, 0)


def test_claim_only_right_after_a_trick_and_lapses_on_leading() -> None:
    m = match66(**FALSE64)
    act(m, "9C / JC")
    assert "declare" in legal(m)  # s1 just won
    act(m, "play 9D")
    assert "declare" not in legal(m)  # s0 follows: no claim
    refused(m, "declare", "only right after winning a trick")
    act(m, "play AD", "draw")
    assert "declare" in legal(m)
    act(m, "AS / TS", "play AC")
    # s0 has led: his claim waits for his next trick.
    assert m.to_act == 1 and "declare" not in legal(m)


def test_option_claim_timing_any_own_turn() -> None:
    m = match66(**FALSE64, claim_timing="any_own_turn")
    assert "declare" in legal(m)  # even on the first lead
    act(m, "9C / JC", "play 9D")
    assert "declare" in legal(m)  # and while following
    act(m, "declare")  # 0 < 66
    assert result(m).end == "false claim" and result(m).game_points == (0, 2)


def test_option_auto_claim() -> None:
    m = match66(**PENDING, stock="KS JC QS KD JS QD AH TH KH QH 9H", auto_claim=True)
    act(m, "marry QC / AC", "AD / 9D", "TD / JD", "AS / 9S", "TS / 9C")  # s1 58
    assert not m.hand.over  # type: ignore[union-attr]
    act(m, "play TC", "play KC")  # 58 + 14 = 72: the hand ends by itself
    r = result(m)
    assert r.end == "claim" and r.game_points == (0, 3) and r.points == (0, 72)


def test_option_auto_claim_on_a_marriage() -> None:
    m = match66(**SHOW, auto_claim=True)
    act(m, "AS / AC", "KD / 9D")  # 26
    act(m, "marry KH")  # 26 + 40 = 66: claimed at once, the king stays in hand
    r = result(m)
    assert r.end == "claim" and r.points == (66, 0) and r.game_points == (3, 0)


# ------------------------------------------------------------------ §1.13.15–17 played out

# Found by a seeded random play-out, then checked trick by trick (trumps: diamonds).
DRAWN: dict[str, Any] = dict(h0="JH 9C QD TD AD 9H", h1="TC 9D JC 9S AH AC", turnup="JD",
             stock="JS KS AS QH TS KD QS KH TH QC KC")
DRAWN_TRICKS = (
    "QD / JC",  # T1: s0 3+2 = 5 → [5, 0]
    "AD / AH",  # T2: s0 11+11 = 22 → [27, 0]
    "JS / KS",  # T3: s1 2+4 = 6 → [27, 6]
    "AC / JH",  # T4: s1 11+2 = 13 → [27, 19]
    "9S / 9H",  # T5: s1 0+0 = 0 → [27, 19]
    "QS / AS",  # T6: s0 3+11 = 14 → [41, 19]
    "QC / TC",  # T7: s1 3+10 = 13 → [41, 32]
    "TH / KH",  # T8: s1 10+4 = 14 → [41, 46]
    "TS / TD",  # T9: s0 10+10 = 20 → [61, 46]
    "KD / 9D",  # T10: s0 4+0 = 4 → [65, 46]
    "KC / JD",  # T11: s1 4+2 = 6 → [65, 52]
    "QH / 9C",  # T12: s1 3+0 + 10 last trick = 13 → [65, 65]
)


def _drawn_hand(m: Match, forehand: int) -> None:
    """Deal DRAWN so that ``forehand`` holds the non-dealer's cards, and play it out 65–65."""
    d = deal66(DRAWN["h0"], DRAWN["h1"], DRAWN["turnup"], DRAWN["stock"])
    if forehand == 1:
        d = sixtysix.Deal(hands=(d.hands[1], d.hands[0]), turnup=d.turnup, stock=d.stock)
    m.deal_hand(deal=d)
    act(m, *DRAWN_TRICKS)


def _false_claim_hand(m: Match) -> None:
    """A hand where the forehand (seat 1 - dealer) shows a marriage with no trick: false claim."""
    fore = 1 - m.dealer
    h = [SHOW["h0"], SHOW["h1"]]
    if fore == 1:
        h.reverse()
    m.deal_hand(deal=deal66(h[0], h[1], SHOW["turnup"]))
    act(m, "declare QH")


@pytest.mark.parametrize("options,bonus", [
    ({}, 2), ({"draw_bonus_accumulates": False}, 1), ({"draw_bonus": False}, 0)])
def test_15_sixty_five_all_then_bonus(options: dict[str, Any], bonus: int) -> None:
    m = Match(make_game("sixty-six", options), dealer=1)
    _drawn_hand(m, forehand=0)
    r = m.results[0]
    assert r.end == "draw" and r.points == (65, 65) and r.tricks == (5, 7) and r.winners == ()
    assert r.game_points == (0, 0) and m.score == [0, 0]
    assert m.dealer == 0  # the deal alternates after a drawn hand too
    _drawn_hand(m, forehand=1)  # the same cards with the seats swapped: 65–65 again
    assert m.results[1].points == (65, 65) and m.score == [0, 0]
    # Hand 3: seat 0 leads and makes a false claim: seat 1 scores 2 + the carried bonus.
    _false_claim_hand(m)
    assert m.results[2].game_points == (0, 2 + bonus)
    assert m.score == [0, 2 + bonus] and m.bonus == 0


@pytest.mark.parametrize("bonus", [True, False])
def test_option_unclaimed_end_pagat_draw_redeals_with_the_same_dealer(bonus: bool) -> None:
    m = Match(make_game("sixty-six", {"unclaimed_end": "pagat", "draw_bonus": bonus}), dealer=1)
    _drawn_hand(m, forehand=0)
    assert m.results[0].end == "draw" and m.dealer == 1 and m.bonus == int(bonus)


BOTH66: dict[str, Any] = dict(h0="9S JD KS KH 9D TC", h1="JH 9C JS TH QS TS", turnup="AS",
              stock="KD AD AC 9H KC JC QH AH QC QD TD")
BOTH66_TRICKS = (  # trumps: spades
    "9S / JH",        # T1: s0 0+2 = 2 → [2, 0]
    "JD / AD",        # T2: s1 2+11 = 13 → [2, 13]
    "9C / 9D",        # T3: s1 0+0 = 0 → [2, 13]
    "TH / KS",        # T4: s0 10+4 = 14 → [16, 13]
    "marry QH / AC",  # T5: s0 3+11 + 20 = 34 → [50, 13]
    "KH / AH",        # T6: s1 4+11 = 15 → [50, 28]
    "JS / AS",        # T7: s0 2+11 = 13 → [63, 28]
    "9H / TS",        # T8: s1 0+10 = 10 → [63, 38]
    "TD / KD",        # T9: s1 10+4 = 14 → [63, 52]
    "QD / QC",        # T10: s1 3+3 = 6 → [63, 58]
    "KC / TC",        # T11: s0 4+10 = 14 → [77, 58]; s0 does not claim
    "JC / QS",        # T12: s1 2+3 + 10 last trick = 15 → [77, 73]
)


def test_16_both_over_66_unclaimed_is_a_draw_with_bonus() -> None:
    m = match66(**BOTH66)
    act(m, *BOTH66_TRICKS)
    r = result(m)
    assert r.end == "draw" and r.points == (77, 73) and r.game_points == (0, 0) and m.bonus == 1


def test_16_option_unclaimed_end_pagat_higher_total_wins() -> None:
    m = match66(**BOTH66, unclaimed_end="pagat")
    act(m, *BOTH66_TRICKS)
    r = result(m)
    assert r.winners == (0,) and r.points == (77, 73) and r.game_points == (1, 0)


LAST: dict[str, Any] = dict(h0="QH AS JC JH AD 9H", h1="TD QD TS KH 9D QS", turnup="AC",
            stock="KS 9C JD AH 9S QC JS TH KC KD TC")
LAST_TRICKS = (  # trumps: clubs
    "9H / KH",  # T1: s1 0+4 = 4 → [0, 4]
    "9D / AS",  # T2: s1 0+11 = 11 → [0, 15]
    "TD / JC",  # T3: s0 10+2 = 12 → [12, 15]
    "9S / QD",  # T4: s0 0+3 = 3 → [15, 15]
    "AD / QC",  # T5: s1 11+3 = 14 → [15, 29]
    "TS / JH",  # T6: s1 10+2 = 12 → [15, 41]
    "TH / AH",  # T7: s0 10+11 = 21 → [36, 41]
    "QH / TC",  # T8: s1 3+10 = 13 → [36, 54]
    "KS / JS",  # T9: s1 4+2 = 6 → [36, 60]
    "QS / 9C",  # T10: s0 3+0 = 3 → [39, 60]
    "AC / KC",  # T11: s0 11+4 = 15 → [54, 60]
    "KD / JD",  # T12: s0 4+2 + 10 last trick = 16 → [70, 60]
)


def test_17_the_last_trick_bonus_decides_the_hand() -> None:
    m = match66(**LAST)
    act(m, *LAST_TRICKS)
    r = result(m)
    # 60 card points + 10 = 70 ≥ 66, the other 60: one player over 66 wins, 1 (60 ≥ 33).
    assert r.end == "played out" and r.winners == (0,) and r.points == (70, 60)
    assert r.game_points == (1, 0)


# ------------------------------------------------------------------ §1.13.18 schneider boundary

BOUND: dict[str, Any] = dict(h0="TC JS 9S AD KH QH", h1="AC TS AS 9D 9C KD", turnup="JH")


def test_18_opponent_at_exactly_33_scores_1() -> None:
    m = match66(**BOUND)
    act(m, "TC / AC",          # s1 10 + 11 = 21
        "TS / JS",             # s1 10 + 2 = 12 → 33
        "9D / AD",             # s0 11
        "marry KH / AS",       # s0 4 + 11 + 40 = 55 → 66
        "declare")
    r = result(m)
    assert r.points == (66, 33) and r.game_points == (1, 0)


def test_18_opponent_at_32_with_tricks_scores_2() -> None:
    m = match66(**BOUND)
    act(m, "TC / AC",          # s1 21
        "AS / 9S",             # s1 11 → 32
        "9D / AD",             # s0 11
        "marry KH / TS",       # s0 4 + 10 + 40 = 54 → 65
        "QH / 9C",             # s0 3 → 68
        "declare")
    r = result(m)
    assert r.points == (68, 32) and r.tricks == (3, 2) and r.game_points == (2, 0)


def test_18_opponent_with_one_trick_of_nines_scores_2_not_3() -> None:
    m = match66(h0="9C AD KH QH AS JC", h1="9H 9D TS JS QC KC", turnup="JH")
    act(m, "9C / 9H",          # s1 trumps: 0 + 0 = 0, one trick
        "9D / AD",             # s0 11
        "marry KH / TS",       # s0 4 + 10 + 40 = 54 → 65
        "AS / JS",             # s0 11 + 2 = 13 → 78
        "declare")
    r = result(m)
    assert r.points == (78, 0) and r.tricks == (3, 1) and r.game_points == (2, 0)


# ------------------------------------------------------------------ §1.13.20 the match

@pytest.mark.parametrize("double", [False, True])
def test_20_match_over_7_and_the_shutout_option(double: bool) -> None:
    game = make_game("sixty-six", {"false_claim_penalty": "2_or_3_if_opponent_trickless",
                                   "shutout_counts_double": double})
    m = Match(game, dealer=1)
    _false_claim_hand(m)  # seat 0 claims falsely; seat 1 has no trick: 3
    assert m.score == [0, 3] and m.dealer == 0
    m.deal_hand(deal=deal66(FALSE64["h1"], FALSE64["h0"], FALSE64["turnup"]))
    # Seat 1 leads 9C; seat 0 wins it with JC and claims falsely at 2; seat 1 has no trick: 3.
    act(m, "9C / JC", "declare")
    assert m.score == [0, 6] and not m.complete and m.winner is None
    _false_claim_hand(m)  # 3 more: 9 ≥ 7 ends the match, 9–0
    assert m.score == [0, 9] and m.complete and m.winner == [1]
    assert m.extra["stakes"] == (2 if double else 1)
    with pytest.raises(IllegalActionError, match="match is over"):
        m.deal_hand(seed=1)


def test_20_exactly_seven() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    for want in ([0, 2], [2, 2], [2, 4], [4, 4], [4, 6], [6, 6]):
        _false_claim_hand(m)  # the forehand claims falsely: the dealer scores 2
        assert m.score == want and not m.complete
    # Hand 7 (seat 1 deals): seat 0 wins the played-out hand 70–60 for 1 point: exactly 7.
    m.deal_hand(deal=deal66(**LAST))
    act(m, *LAST_TRICKS)
    assert m.score == [7, 6] and m.complete and m.winner == [0]
    assert m.extra["stakes"] == 1


def test_option_target() -> None:
    m = Match(make_game("sixty-six", {"target": 2}), dealer=1)
    _false_claim_hand(m)
    assert m.complete and m.winner == [1] and m.score == [0, 2]


@pytest.mark.parametrize("rule,dealer_after", [("alternate", 0), ("winner", 0), ("loser", 1)])
def test_option_next_dealer(rule: str, dealer_after: int) -> None:
    m = Match(make_game("sixty-six", {"next_dealer": rule}), dealer=1)
    m.deal_hand(deal=deal66(**LAST))
    act(m, *LAST_TRICKS)  # seat 0 wins
    assert m.dealer == dealer_after


@pytest.mark.parametrize("rule,dealer_after", [("alternate", 0), ("winner", 1), ("loser", 1)])
def test_option_next_dealer_after_a_drawn_hand(rule: str, dealer_after: int) -> None:
    # pagat: after a drawn hand the same dealer deals again; alternating deals simply alternate.
    m = Match(make_game("sixty-six", {"next_dealer": rule}), dealer=1)
    _drawn_hand(m, forehand=0)
    assert m.dealer == dealer_after


def test_bad_deals_are_refused_and_nothing_is_dealt() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    d = deal66(**SHOW)
    twice = sixtysix.Deal(hands=(d.hands[0], d.hands[1][:5] + d.hands[0][:1]), turnup=d.turnup,
                          stock=d.stock)
    with pytest.raises(ValueError, match="too many AS; missing JS"):
        m.deal_hand(deal=twice)
    short = sixtysix.Deal(hands=(d.hands[0][:5], d.hands[1]), turnup=d.turnup,
                          stock=d.stock + d.hands[0][5:])
    with pytest.raises(ValueError, match="seat 0 must be dealt 6 cards, not 5"):
        m.deal_hand(deal=short)
    assert m.hand is None and m.hand_records == []


def test_seeded_deals_are_reproducible() -> None:
    a = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=12345)
    b = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=12345)
    assert a.hands == b.hands and a.stock == b.stock and a.turnup == b.turnup
    c = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=12346)
    assert (a.hands, a.stock) != (c.hands, c.stock)


# ------------------------------------------------------------------ §1.13.21 drawing order

def test_21_winner_draws_first_and_the_loser_of_trick_6_takes_the_turnup() -> None:
    m = match66(**EXHAUST)
    s = m.hand
    assert s is not None
    act(m, "AS / 9S")  # s0 wins: draws AH, then s1 draws QS
    assert "AH" in hand_str(s, 0) and "QS" in hand_str(s, 1)
    act(m, *EXHAUST_TRICKS[1:], "TD / JD")
    assert "JH" in hand_str(s, 1) and "QH" in hand_str(s, 0)
    assert s.view(0).known[1] >> sixtysix.parse_card("JH") & 1  # everyone saw who took it


# ------------------------------------------------------------------ records.md §5 conventions

def test_draw_choice_only_when_closing_before_drawing_is_possible() -> None:
    m = match66(**EXHAUST, close_before_draw_allowed=False)
    act(m, "play AS", "play 9S")
    s = m.hand
    assert s is not None and s.phase != PH_DRAW and "draw" not in legal(m)
    assert "AH" in hand_str(s, 0) and len(hand_str(s, 0)) == 6  # drawn by itself
    assert "close" in legal(m)  # closing after drawing is still allowed


def test_option_close_min_stock() -> None:
    # After trick 5 one face-down card remains (11 - 2×5): too few to close under 2.
    for minimum, can in ((1, True), (2, False)):
        m = match66(**EXHAUST, close_min_stock=minimum)
        act(m, *EXHAUST_TRICKS)
        assert m.hand is not None and m.hand.facedown == 1
        assert ("close" in legal(m)) is can
        act(m, "play TD", "play JD")
        # Before the last draw one face-down card is left: the draw/close choice needs it too.
        assert (m.hand.phase == PH_DRAW) is can


def test_leader_may_exchange_close_and_declare_in_any_order() -> None:
    base: dict[str, Any] = dict(h0="9H AS 9C JC 9D JD", h1="9S KS QC AC TC TD", turnup="JH", stock="QS")
    # exchange, then close, then declare (a false claim at 11, but a legal one).
    m = match66(**base)
    act(m, "play AS", "play 9S", "draw", "exchange", "close", "declare")
    assert m.record()["hands"][0]["actions"][-4:] == ["draw", "exchange", "close", "declare"]
    assert result(m).end == "false claim" and result(m).game_points == (0, 2)
    # close (after drawing), then declare; the closer's own exchange belongs before his close
    # (rules/sixty-six.md#exchanging-the-trump-nine), so under the default it is no longer offered once he has
    # closed.
    m = match66(**base)
    act(m, "AS / 9S")
    assert {"exchange", "close", "declare"} <= set(legal(m))
    act(m, "close")
    assert "exchange" not in legal(m) and "close" not in legal(m) and "declare" in legal(m)
    act(m, "declare")
    assert result(m).end == "false claim"
    # exchange, then declare at once.
    m = match66(**base)
    act(m, "AS / 9S", "exchange")
    assert "exchange" not in legal(m) and {"close", "declare"} <= set(legal(m))
    act(m, "declare")
    assert result(m).end == "false claim"


def test_record_of_records_md_example_replays_exactly() -> None:
    record = copy.deepcopy(RECORDS_MD_EXAMPLE)
    # AS (11) + 9H (0) = 11 for seat 0, plus 20 in spades credited at once (he has a trick) = 31.
    expected = {
        "game": "sixty-six",
        "hands": [{"complete": False, "points": [31, 0], "tricks": [1, 0],
                   "game_points": [0, 0], "end": None}],
        "match": {"score": [0, 0], "complete": False, "winner": None},
        "next": {"to_act": 1,
                 "legal": ["play AH", "play TH", "play KH", "play QH", "play JH", "play TD"]},
    }
    assert sixtysix.replay is replay  # the package root gives the same function (records.md §6)
    assert replay(record, legal=True) == expected
    # The 'draw' may be left out: the exchange implies it.
    record["hands"][0]["actions"].remove("draw")  # type: ignore[index]
    assert replay(record, legal=True) == expected
    # Without legal=True there is no "next".
    assert "next" not in replay(record)


# ------------------------------------------------------------------ refused actions

def test_refused_actions_change_nothing() -> None:
    m = match66(**SHOW)
    refused(m, "play KS", "you do not hold KS")
    refused(m, "marry KD", "you do not hold QD")
    refused(m, "draw", "nothing to draw")
    refused(m, "declare", "only right after winning a trick")
    refused(m, "exchange", "you can exchange only holding 9H")
    refused(m, "bogus", "unknown action")
    refused(m, "play", "takes one card")
    act(m, "play AS", "play AC")
    refused(m, "play KD", "choose 'draw' or 'close'")
    act(m, "draw", "play KD")
    refused(m, "marry TD", "a marriage is shown with a king or a queen")
    act(m, "play 9D", "draw", "declare")
    assert m.hand is not None and m.hand.over
    refused_over = snapshot(m)
    with pytest.raises(IllegalActionError, match="no hand is in progress"):
        m.apply("play KH")
    assert snapshot(m) == refused_over
    with pytest.raises(IllegalActionError, match="hand is over"):
        m.hand.apply("play KH")


# ------------------------------------------------------------------ differential test
# An independent reading of rules/sixty-six.md and records.md §5 says which actions are legal; the engine
# must offer exactly those, under any combination of options, at every step of random hands.

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
    """rules/index.md#what-the-games-share (two players) and
    rules/sixty-six.md#play-once-the-stock-is-exhausted-or-closed."""
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
        quiet = [a for a in got if a != DECLARE and not is_declaration(a)]
        a = rng.choice(sorted(quiet) if quiet and rng.random() < 0.95 else sorted(got))
        seat = s.to_act
        m.apply(a)
        log.append((seat, named_card(a) if is_marriage(a) else a))


# ------------------------------------------------------------------ differential test: scoring
# The hand's points and game points worked out from the actions alone, by rules/sixty-six.md#marriages
# to rules/sixty-six.md#scoring-a-hand.

SCORING_OPTIONS = st.fixed_dictionaries({
    "first_trick_marriage": st.sampled_from(["any_later_trick", "same_trick_only"]),
    "marriages_after_close": st.booleans(),
    "close_before_draw_allowed": st.booleans(),
    "claim_timing": st.sampled_from(["after_trick_or_meld", "any_own_turn"]),
    "false_claim_penalty": st.sampled_from(["flat2", "2_or_3_if_opponent_trickless"]),
    "closed_win_measured_at": st.sampled_from(["claim", "close"]),
    "closer_beaten_flat_2": st.booleans(),
    "unclaimed_end": st.sampled_from(["seed", "pagat"]),
})
VALUE = (11, 10, 4, 3, 2, 0)


def expected_result(trump: int, o: dict[str, Any],
                    log: list[tuple[int, int]]) -> tuple[tuple[int, ...], tuple[int, ...],
                                                         tuple[int, ...]]:
    """(points, tricks, game points) of a finished hand from its (seat, action) log."""
    pts, tricks = [0, 0], [0, 0]
    pending: list[list[int]] = [[], []]
    trick: list[tuple[int, int]] = []
    closer, claimant = -1, -1
    at_close: tuple[list[int], list[int]] = ([0, 0], [0, 0])
    last_winner = -1

    def meld(seat: int, card: int) -> None:
        value = 40 if card >> 3 == trump else 20
        if tricks[seat]:
            pts[seat] += value
        else:
            pending[seat].append(value)

    for seat, a in log:
        if is_play(a) or is_marriage(a):
            card = named_card(a)
            if is_marriage(a):
                meld(seat, card)
            trick.append((seat, card))
            if len(trick) == 2:
                (s0, c0), (s1, c1) = trick
                follower_wins = (c1 >> 3 == c0 >> 3 and c1 & 7 < c0 & 7) or (
                    c1 >> 3 == trump and c0 >> 3 != trump)
                w = s1 if follower_wins else s0
                pts[w] += VALUE[c0 & 7] + VALUE[c1 & 7] + sum(pending[w])
                tricks[w] += 1
                pending[w] = []
                if o["first_trick_marriage"] == "same_trick_only":
                    pending[1 - w] = []
                trick, last_winner = [], w
        elif is_declaration(a):
            meld(seat, named_card(a))
            claimant = seat
        elif a == DECLARE:
            claimant = seat
        elif a == CLOSE:
            closer = seat
            at_close = (pts[:], tricks[:])
    if claimant < 0 and closer < 0:
        pts[last_winner] += 10  # every trick played

    def grade(loser: int, measured_at_close: bool) -> int:
        lp, lt = (at_close[0][loser], at_close[1][loser]) if measured_at_close else (
            pts[loser], tricks[loser])
        return 3 if lt == 0 else 2 if lp < 33 else 1

    def beaten(opp: int) -> int:
        return 2 if o["closer_beaten_flat_2"] or at_close[1][opp] else 3

    gp = [0, 0]
    at = o["closed_win_measured_at"] == "close" and closer >= 0
    if claimant >= 0:
        other = 1 - claimant
        if pts[claimant] < 66:
            trickless = o["false_claim_penalty"] != "flat2" and tricks[other] == 0
            gp[other] = 3 if trickless else 2
        elif closer >= 0 and claimant != closer:
            gp[claimant] = beaten(claimant)
        else:
            gp[claimant] = grade(other, at)
    elif closer >= 0:
        if pts[closer] >= 66:
            gp[closer] = grade(1 - closer, at)
        else:
            gp[1 - closer] = beaten(1 - closer)
    elif o["unclaimed_end"] == "seed":
        if (pts[0] >= 66) != (pts[1] >= 66):
            w = 0 if pts[0] >= 66 else 1
            gp[w] = grade(1 - w, False)
    elif pts[0] != pts[1]:
        w = 0 if pts[0] > pts[1] else 1
        gp[w] = grade(1 - w, False)
    return tuple(pts), tuple(tricks), tuple(gp)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=SCORING_OPTIONS, seed=st.integers(min_value=0, max_value=2**31 - 1),
       claim_rate=st.sampled_from([0.0, 0.05, 0.3]), close_rate=st.sampled_from([0.0, 0.1, 0.5]))
def test_engine_scores_hands_as_the_rules_say(options: dict[str, Any], seed: int,
                                              claim_rate: float, close_rate: float) -> None:
    rng = random.Random(seed)
    m = Match(make_game("sixty-six", options), dealer=rng.randrange(2))
    s = m.deal_hand(seed=rng.randrange(2**31))
    trump = s.trump
    log: list[tuple[int, int]] = []
    while not s.over:
        acts = s.legal_actions()
        claims = [a for a in acts if a == DECLARE or is_declaration(a)]
        closes = [a for a in acts if a == CLOSE]
        others = [a for a in acts if a not in claims and a not in closes]
        if claims and rng.random() < claim_rate:
            a = rng.choice(claims)
        elif closes and rng.random() < close_rate:
            a = CLOSE
        else:
            a = rng.choice(others or acts)
        log.append((s.to_act, a))
        m.apply(a)
    r = m.results[0]
    assert (r.points, r.tricks, r.game_points) == expected_result(trump, options, log), (
        f"{r}; {[action_str(a) for _, a in log]}")
