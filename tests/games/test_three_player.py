"""Three-Player Sixty-Six (rules/three-player.md): trumps named or turned, strict play, chips per payer.
Edge cases of §5.5 on explicit deals, worked out by hand."""

from __future__ import annotations

import random

import pytest
from games_util import act, hand_of, legal, make_deal, perft, random_hands

from sixtysix.cards import PACK_24, parse_card
from sixtysix.engine.match import Match
from sixtysix.engine.state import PH_TRUMP, State
from sixtysix.errors import IllegalActionError
from sixtysix.games import make_game

D, S = 1, 3

# Dealer 2: seat 0 is forehand. Each hand is listed in dealt order (3, then 2, then 3 cards), so
# forehand's first packet is 9C JC 9D and his fourth card, JD, is the one turned if he defers.
HANDS = ["9C JC 9D JD KH QH JH 9H", "AH TH AC TC AD TD QS JS", "AS TS KS 9S KC QC KD QD"]

# Forehand names spades (he holds none: allowed by default) and declares the heart marriage on
# trick 1; he never takes a trick, so it is void (§5.5.4). Trick by trick (leader first):
#   KH AH 9S  seat 2 (void in hearts, must trump)          4+11+0  = 15   seat 2: 15
#   KC 9C AC  seat 1 (must beat KC)                          4+0+11  = 15   seat 1: 15
#   AD KD 9D  seat 1                                         11+4+0  = 15   seat 1: 30
#   TD QD JD  seat 1                                         10+3+2  = 15   seat 1: 45
#   TH AS JH  seat 2 (void, trumps; seat 0 may play any heart) 10+11+2 = 23 seat 2: 38
#   TS 9H JS  seat 2                                         10+0+2  = 12   seat 2: 50
#   KS QH QS  seat 2                                         4+3+3   = 10   seat 2: 60
#   QC JC TC  seat 1, last trick +10                         3+2+10+10 = 25 seat 1: 70
# Without the last-trick 10 seats 1 and 2 would tie at 60 (§5.5.5). Seat 1 collects 1 from seat 2
# (60 points) and 3 from seat 0 (no trick) (§5.5.3).
HAND = ("trump S", "marry KH", "play AH", "play 9S", "KC / 9C / AC", "AD / KD / 9D",
        "TD / QD / JD", "TH / AS / JH", "TS / 9H / JS", "KS / QH / QS", "QC / JC / TC")


def match(**options: object) -> Match:
    m = Match(make_game("three-player-sixty-six", dict(options)), dealer=2)
    m.deal_hand(deal=make_deal(PACK_24, HANDS, None, fill_stock=False))
    return m


def test_trump_choice_from_the_first_packet() -> None:
    m = match()
    h = m.hand
    assert h is not None and h.phase == PH_TRUMP and m.to_act == 0
    assert legal(m) == ["trump C", "trump D", "trump H", "trump S", "turn"]
    # Forehand sees only his first packet while he chooses.
    v = h.view(0)
    assert v.hand == (1 << parse_card("9C")) | (1 << parse_card("JC")) | (1 << parse_card("9D"))


def test_turn_sets_trumps_from_the_fourth_card() -> None:
    # §5.5.1: JD (forehand's 4th listed card) is turned: diamonds are trumps, JD stays his.
    m = match()
    m.apply("turn")
    h = m.hand
    assert h is not None and h.trump == D and h.turnup == parse_card("JD")
    assert "JD" in hand_of(h, 0)
    assert (h.view(1).known[0] >> parse_card("JD")) & 1  # everybody saw it
    assert m.to_act == 0  # forehand leads


def test_naming_a_suit_not_held() -> None:
    # §5.5.2: allowed by default …
    m = match()
    m.apply("trump S")
    assert m.hand is not None and m.hand.trump == S
    # … refused with trump_must_be_held (his first packet has only clubs and diamonds).
    m = match(trump_must_be_held=True)
    assert legal(m) == ["trump C", "trump D", "turn"]
    with pytest.raises(IllegalActionError):
        m.apply("trump S")


def test_whole_hand_payments_and_void_marriage() -> None:
    m = match(hands=1)
    act(m, *HAND[:3])
    assert legal(m) == ["play AS", "play TS", "play KS", "play 9S"]  # void in hearts: trump
    act(m, *HAND[3:5])
    h = m.hand
    assert h is not None and h.pending[0] == 20  # forehand has no trick: pending
    act(m, *HAND[5:])
    r = m.results[-1]
    assert r.points == (0, 70, 60) and r.tricks == (0, 4, 4)
    assert sum(r.points) == 130  # 120 + last trick; the void marriage counts nowhere
    assert r.winners == (1,) and r.game_points == (-3, 4, -1)
    # hands=1: the match is over; chips are 20 - 3, 20 + 4, 20 - 1.
    assert m.complete and m.score == [17, 24, 19] and m.winner == [1]


def test_marriage_credited_without_a_trick_when_the_option_is_off() -> None:
    m = match(marriage_needs_trick=False)
    act(m, "trump S", "marry KH")
    assert m.hand is not None and m.hand.points[0] == 20


def test_strict_play_from_the_first_trick() -> None:
    # TD led, seat 2 (AS TS KS 9S KC QC KD QD) holds diamonds but cannot beat: any diamond.
    m = match()
    act(m, "trump S", "play 9D")
    assert legal(m) == ["play AD", "play TD"]  # seat 1 must beat 9D
    m.apply("play TD")
    assert legal(m) == ["play KD", "play QD"]


def _ended(points: list[int], tricks: list[int], **options: object) -> State:
    """A hand of three-player 66 brought to its end with the given totals (scoring alone)."""
    g = make_game("three-player-sixty-six", dict(options))
    s = g.new_hand(2, make_deal(PACK_24, HANDS, None, fill_stock=False), (0, 1, 2))
    s.points = list(points)
    s.tricks = list(tricks)
    return s


def test_payment_per_payer() -> None:
    # 40 points pays 1; 20 points with a trick pays 2 (schneider); no trick pays 3.
    s = _ended([70, 40, 20], [5, 2, 1])
    assert s.game.score_hand(s, None).game_points == (3, -1, -2)
    s = _ended([90, 40, 0], [6, 2, 0])
    assert s.game.score_hand(s, None).game_points == (4, -1, -3)


def test_ties_for_the_top() -> None:
    # §5.5.6, tie_rule "no_payment": nobody pays.
    s = _ended([50, 50, 30], [3, 3, 2])
    r = s.game.score_hand(s, None)
    assert r.winners == () and r.game_points == (0, 0, 0)
    # "split": each tied winner collects from the others (30 with a trick pays 2 to each).
    s = _ended([50, 50, 30], [3, 3, 2], tie_rule="split")
    assert s.game.score_hand(s, None).game_points == (2, 2, -4)
    # A three-way tie (150 with marriages): nothing changes hands either way.
    s = _ended([50, 50, 50], [3, 3, 2], tie_rule="split")
    assert s.game.score_hand(s, None).game_points == (0, 0, 0)


def test_chips_conserved_and_match_of_nine_hands() -> None:
    rng = random.Random(9)
    g = make_game("three-player-sixty-six")
    for _ in range(10):
        m = Match(g, dealer=rng.randrange(3))
        for r in random_hands(m, rng):
            assert sum(r.game_points) == 0
            assert sum(m.score) == 60
        assert len(m.results) == 9
        best = max(m.score)
        assert m.winner == [p for p in range(3) if m.score[p] == best]


def test_deal_order() -> None:
    # 3 each from the dealer's left, then 2 each, then 3 each.
    g = make_game("three-player-sixty-six")
    d = g.deal_from_deck(list(range(24)), 2, (0, 1, 2))
    assert d.hands[0] == (0, 1, 2, 9, 10, 15, 16, 17)
    assert d.hands[2] == (6, 7, 8, 13, 14, 21, 22, 23)
    assert d.turnup is None and d.stock == ()


def test_perft() -> None:
    g = make_game("three-player-sixty-six")
    s = g.new_hand(0, g.shuffled_deal(2026, 0, (0, 1, 2)), (0, 1, 2))
    assert perft(s, 4) == PERFT_4


PERFT_4 = 213  # computed once from this seeded deal; a regression guard
