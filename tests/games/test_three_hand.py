"""Three-Hand Sixty-Six (rules/three-hand.md): the dealer sits out and copies the winner, capped; the
play-off for second place. Edge cases of §4.3 on explicit deals, worked out by hand."""

from __future__ import annotations

import random

import pytest
from games_util import act, legal, make_deal, perft

from sixtysix.cards import PACK_24
from sixtysix.engine.match import Match
from sixtysix.errors import IllegalActionError, OptionError
from sixtysix.games import make_game

# Dealer 2 sits out; seat 0 (his left) leads. Trumps are clubs (turn-up QC).
#   seat 0: KH AC 9H JS QS JD      seat 1: TD AD 9D JC KC KS
#   stock: TS 9C AS QD 9S QH JH KD TC TH AH
HANDS = ["KH AC 9H JS QS JD", "TD AD 9D JC KC KS", ""]
STOCK = "TS 9C AS QD 9S QH JH KD TC TH AH"

# A whole hand that ends 65-65 (no marriages, nobody closes or claims), trick by trick:
#   JS/JC seat 1 +4 (4) · KC/QS seat 1 +7 (11) · KS/AC seat 0 +15 (15) · 9H/AD seat 0 +11 (26) ·
#   9S/AS seat 1 +11 (22) · TD/KH seat 1 +14 (36) · AH/JH seat 1 +13 (49) · QH/TH seat 0 +13 (39) ·
#   9C/TC seat 1 +10 (59) · TS/QC seat 0 +13 (52) · JD/KD seat 1 +6 (65) ·
#   9D/QD seat 0 +3 and +10 for the last trick (65).   65 + 65 = 130 = 120 + 10.
DRAWN_HAND = ("JS / JC", "draw", "KC / QS", "draw", "KS / AC", "draw", "9H / AD", "draw",
              "9S / AS", "draw", "TD / KH", "draw", "AH / JH", "QH / TH", "9C / TC", "TS / QC",
              "JD / KD", "9D / QD")
# Seat 1 takes the first trick (JC trumps JS) and claims falsely with 4: seat 0 scores 2.
FALSE_CLAIM = ("JS / JC", "draw", "declare")


def match(score: list[int] | None = None, dealer: int = 2, **options: object) -> Match:
    m = Match(make_game("three-hand-sixty-six", dict(options)), dealer=dealer)
    if score is not None:
        m.score[:] = score
    m.deal_hand(deal=make_deal(PACK_24, HANDS, "QC", STOCK))
    return m


def test_dealer_sits_out_and_left_leads() -> None:
    # §4.3.5: the seat to the dealer's left leads; the dealer holds nothing and never acts.
    m = match()
    h = m.hand
    assert h is not None and h.active == (0, 1) and h.hands[2] == 0
    assert m.to_act == 0
    m2 = Match(make_game("three-hand-sixty-six"), dealer=1)
    m2.deal_hand(seed=4)
    assert m2.to_act == 2 and m2.hand is not None and m2.hand.hands[1] == 0


def test_dealer_copies_the_winner() -> None:
    # §4.3.3: a false claim; the non-claimant (seat 0) "wins" 2 and the dealer copies 2.
    m = match()
    act(m, *FALSE_CLAIM)
    r = m.results[-1]
    assert r.end == "false claim" and r.winners == (0,)
    assert r.game_points == (2, 0, 2) and m.score == [2, 0, 2]
    assert m.dealer == 0  # the deal passes to the left


def test_dealer_cap() -> None:
    # §4.3.1: the dealer at 6 cannot pass 6, while the hand's winner (5 + 2) reaches 7.
    m = match(score=[5, 0, 6])
    act(m, *FALSE_CLAIM)
    assert m.results[-1].game_points == (2, 0, 0)
    assert m.score == [7, 0, 6] and m.winner == [0]
    # At 5 the dealer copies only 1 of the 2 (capped at target - 1 = 6).
    m = match(score=[0, 0, 5])
    act(m, *FALSE_CLAIM)
    assert m.results[-1].game_points == (2, 0, 1) and m.score == [2, 0, 6]
    # dealer_cap can be lower than target - 1.
    m = match(score=[0, 0, 3], dealer_cap=4)
    act(m, *FALSE_CLAIM)
    assert m.results[-1].game_points == (2, 0, 1)
    with pytest.raises(OptionError):
        make_game("three-hand-sixty-six", {"dealer_cap": 7})


def test_drawn_hand_gives_the_dealer_nothing_and_carries_a_bonus() -> None:
    # §4.3.2: 65-65: nobody scores, the dealer copies 0; a bonus point goes to the next winner.
    m = match()
    act(m, *DRAWN_HAND)
    r = m.results[-1]
    assert r.points == (65, 65, 0) and r.end == "draw" and r.game_points == (0, 0, 0)
    assert m.bonus == 1 and m.dealer == 0
    # Next hand: dealer 0 sits out, seat 1 leads. The trick winner claims falsely: his opponent
    # scores 2 + the carried 1 = 3, and the dealer copies all 3 (dealer_copies_bonus).
    h = m.deal_hand(seed=1)
    assert h.active == (1, 2) and m.to_act == 1
    m.apply(h.legal_actions()[0])
    m.apply(h.legal_actions()[0])
    w = h.leader
    act(m, "draw", "declare")
    gp = m.results[-1].game_points
    assert gp[3 - w] == 3 and gp[0] == 3 and m.bonus == 0


def test_dealer_copies_without_the_bonus() -> None:
    m = match(dealer_copies_bonus=False)
    act(m, *DRAWN_HAND)
    h = m.deal_hand(seed=1)
    m.apply(h.legal_actions()[0])
    m.apply(h.legal_actions()[0])
    w = h.leader
    act(m, "draw", "declare")
    gp = m.results[-1].game_points
    assert gp[3 - w] == 3 and gp[0] == 2  # the winner's 2, not the bonus


def test_playoff_rotates_through_the_retired_winner() -> None:
    # §4.3.4: seat 0 reaches 8 and retires; the dealer (2) copies 2.
    m = match(score=[6, 0, 0])
    act(m, *FALSE_CLAIM)
    assert m.score == [8, 0, 2] and m.winner == [0] and not m.complete
    assert m.extra["retired"] == [0]
    # The retired winner deals next (the rotation reaches him), holds nothing and scores nothing.
    assert m.dealer == 0 and m.active_seats() == (1, 2)
    h = m.deal_hand(seed=5)
    assert h.hands[0] == 0 and m.to_act == 1
    m.apply(h.legal_actions()[0])
    m.apply(h.legal_actions()[0])
    w = h.leader
    act(m, "draw", "declare")
    assert m.results[-1].game_points[0] == 0 and m.results[-1].game_points[3 - w] == 2
    # Then seat 1 deals and plays the two-handed game against seat 2, who leads.
    assert m.dealer == 1 and m.active_seats() == (1, 2)
    m.score[1] = m.score[2] = 6
    h = m.deal_hand(seed=6)
    assert h.active == (1, 2) and len(h.hands) == 3 and h.hands[0] == 0 and m.to_act == 2
    m.apply(h.legal_actions()[0])
    m.apply(h.legal_actions()[0])
    w = h.leader
    act(m, "draw", "declare")
    second = 3 - w
    assert m.complete and m.winner == [0]
    assert m.extra["places"] == [0, second, w]
    with pytest.raises(IllegalActionError):
        m.deal_hand(seed=7)


def test_no_playoff() -> None:
    m = match(score=[6, 0, 0], playoff=False)
    act(m, *FALSE_CLAIM)
    assert m.complete and m.winner == [0]


def test_sixty_six_options_apply() -> None:
    # Every option of rules/sixty-six.md is available, e.g. closing is refused with close_requires.
    m = match(close_requires="lead_after_first_trick")
    assert "close" not in legal(m)
    assert "close" in legal(match())


def test_random_matches_finish() -> None:
    rng = random.Random(3)
    g = make_game("three-hand-sixty-six")
    for _ in range(40):
        m = Match(g, dealer=rng.randrange(3))
        while not m.complete:
            h = m.deal_hand(rng=rng)
            assert h.hands[m.dealer] == 0 or m.dealer in h.active
            while m.in_hand:
                m.apply(rng.choice(m.legal_actions()))
        places = m.extra["places"]
        assert sorted(places) == [0, 1, 2] and m.winner == [places[0]]
        assert m.score[places[0]] >= 7 and m.score[places[1]] >= 7 and m.score[places[2]] < 7


def test_perft() -> None:
    g = make_game("three-hand-sixty-six")
    s = g.new_hand(2, g.shuffled_deal(2026, 2, (0, 1)), (0, 1))
    assert perft(s, 4) == PERFT_4


PERFT_4 = 657  # computed once from this seeded deal; a regression guard
