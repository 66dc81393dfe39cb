"""The computer players in the meld games (issue 15.6): Gaigel's knock at 101 and reverse knock,
melds, the double pack's two copies of a card and the face-down trick 1 in the searches; Terts'
bella, show, announcement and dix, and the search valuing a Terts hand by its points.

Positions are the explicit deals of test_gaigel.py and test_terts.py, where the right decision
follows from rules/gaigel.md#before-the-lead-robbing-melds-knocking and rules/terts.md#combinations.
"""

from __future__ import annotations

import random

import pytest
from games_util import act
from test_gaigel import KNOCK_HANDS, KNOCK_STOCK, _knock_deal, side_points
from test_gaigel import match as gaigel_match
from test_terts import match as terts_match

from sixtysix.bots import make_bot
from sixtysix.bots.choices import action_key, meld_game_actions
from sixtysix.bots.ismcts import Ismcts
from sixtysix.bots.playout import scaled_reward
from sixtysix.bots.worlds import determinize
from sixtysix.engine.actions import (
    BELLA,
    DECLARE,
    EXCHANGE,
    PASS,
    REVERSE,
    action_str,
    is_announcement,
    is_double_marriage,
    is_marriage,
    is_show,
)
from sixtysix.engine.match import Match
from sixtysix.engine.state import State
from sixtysix.games import make_game


def hand(m: Match) -> State:
    assert m.hand is not None
    return m.hand


def choose(spec: str, m: Match, seed: int = 0) -> str:
    s = hand(m)
    return action_str(make_bot(spec).choose(s.view(s.to_act), random.Random(seed)))


SEARCH = "ismcts:iterations=60"


# ---------------------------------------------------------------------- Gaigel: knocking


def test_knocks_as_soon_as_the_team_has_101() -> None:
    # test_gaigel's 101 deal: side 0 has 36 + 40 + 25 = 101, seat 2 won trick 2 and leads.
    # The knock is worth 2 here (a Gaigel: the opponents have 0 points); waiting can only lose.
    m = _knock_deal("7S TH AD")
    assert side_points(m) == [101, 0] and hand(m).to_act == 2
    assert meld_game_actions(hand(m), hand(m).legal_actions()) == [DECLARE]
    for spec in ("casual", "heuristic:forget=1", SEARCH, "strong"):
        assert choose(spec, m) == "declare", spec


def test_never_knocks_below_101() -> None:
    # The 100 deal: a knock would give the opponents 2, so would a reverse knock (they have 0).
    m = _knock_deal("TD TH 7D")
    assert side_points(m) == [100, 0] and hand(m).to_act == 2
    legal = hand(m).legal_actions()
    assert DECLARE in legal and REVERSE in legal
    ruled = meld_game_actions(hand(m), legal)
    assert DECLARE not in ruled and REVERSE not in ruled and ruled
    for spec in ("casual", SEARCH):
        assert choose(spec, m) not in ("declare", "reverse"), spec


def test_reverse_knocks_when_the_opponents_let_101_pass() -> None:
    # Side 0 reached 101 and led on instead of knocking; seat 3 (side 1) won the trick and
    # leads: the reverse knock scores 2 for side 1, more than anything else it could do.
    m = _knock_deal("7S TH AD")
    act(m, "play 7H", "play AC", "play QH", "play JS")
    assert side_points(m) == [101, 16] and hand(m).to_act == 3
    assert meld_game_actions(hand(m), hand(m).legal_actions()) == [REVERSE]
    for spec in ("casual", SEARCH):
        assert choose(spec, m) == "reverse", spec


def test_reverse_knock_before_a_knock_when_both_teams_have_101() -> None:
    # Both sides at 101 or more (possible: 240 + 10 to share): the reverse knock scores 2, a
    # knock 1. The points are set by hand on the 101 position (nothing else reads them).
    m = _knock_deal("7S TH AD")
    s = hand(m)
    s.points = [101, 110]
    assert meld_game_actions(s, s.legal_actions()) == [REVERSE]
    assert choose("casual", m) == "reverse"


def test_the_heuristic_never_lets_101_pass() -> None:
    # Four casual seats over whole hands: at every lead where its team has 101 the seat knocks
    # (or reverse-knocks, where the opponents have 101 too), so no hand is played on past it.
    bot = make_bot("casual")
    game = make_game("gaigel")
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        s = Match(game, dealer=seed % 4).deal_hand(seed=seed)
        while not s.over:
            view = s.view(s.to_act)
            a = bot.choose(view, rng)
            side = s.rules.sides[s.to_act]
            if DECLARE in view.legal and s.points[side] >= 101:
                checked += 1
                assert a in (DECLARE, REVERSE), (seed, s.points, action_str(a))
            elif DECLARE in view.legal:
                assert a != DECLARE
            s.step(a)
    assert checked >= 6  # most hands end by a knock at 101


# ---------------------------------------------------------------------- Gaigel: melds, robbing


def test_melds_the_double_marriage_when_allowed() -> None:
    # Seat 0 won trick 1 (Ge-Elfen) and holds both kings and both queens of hearts (plain):
    # the double marriage scores 40, a single one 20; both keep the lead card a heart.
    m = gaigel_match(KNOCK_HANDS, "TC", KNOCK_STOCK)
    act(m, "open ge-elfen AH", "play AS", "play TS", "play KS")
    s = hand(m)
    assert s.to_act == 0 and any(is_double_marriage(a) for a in s.legal_actions())
    a = make_bot("casual").choose(s.view(0), random.Random(0))
    assert is_double_marriage(a)
    # The search keeps the melds, and the knocks at 36 are gone from what it weighs.
    ruled = meld_game_actions(s, s.legal_actions())
    assert DECLARE not in ruled and REVERSE not in ruled
    assert {a for a in s.legal_actions() if is_marriage(a)} <= set(ruled)


def test_the_two_copies_of_a_card_are_one_choice_for_the_search() -> None:
    # Seat 0 holds KH KH QH QH: each copy of a card keys the same node, so the search's scores
    # of the two copies are equal, and it picks the first copy.
    m = gaigel_match(KNOCK_HANDS, "TC", KNOCK_STOCK)
    act(m, "open ge-elfen AH", "play AS", "play TS", "play KS")
    s = hand(m)
    kh = [a for a in s.legal_actions() if a < 64 and action_str(a) == "play KH"]
    assert len(kh) == 2 and kh[1] == kh[0] + 32
    assert action_key(kh[1], True) == kh[0] and action_key(kh[1], False) == kh[1]
    values = Ismcts(iterations=120).action_values(s.view(0), random.Random(2))
    assert values[kh[0]] == values[kh[1]]
    assert Ismcts(iterations=120).choose(s.view(0), random.Random(2)) < 32 + 64 * 20


def test_robs_the_turn_up_by_rule() -> None:
    # Seat 0 holds the low trump 7C after his side's trick; robbing the turn-up TC for it is
    # the one action the search weighs, and the heuristic takes it.
    hands = ["AH 7C KH QH QH", "AS TD 7S JS JD", "TS TH JC JC 7H", "KS AD 7D QS QD"]
    m = gaigel_match(hands, "TC", KNOCK_STOCK)
    act(m, "open ge-elfen AH", "play AS", "play TS", "play KS")
    s = hand(m)
    assert EXCHANGE in s.legal_actions()
    assert meld_game_actions(s, s.legal_actions()) == [EXCHANGE]
    assert choose("casual", m) == "exchange"
    assert choose(SEARCH, m) == "exchange"


def test_determinized_face_down_trick_fits_the_opening() -> None:
    # Andere Alte: forehand's face-down card is a non-trump ace in every world seat 1 imagines,
    # never one of seat 1's own cards, and no card lies in two places (two copies of a card
    # are two cards).
    m = gaigel_match(KNOCK_HANDS, "TC", KNOCK_STOCK)
    act(m, "open andere-alte AH")
    view = hand(m).view(1)
    assert view.trick == ((0, -1),)
    rng = random.Random(3)
    for _ in range(40):
        w = determinize(view, rng)
        led = w.trick[0]
        assert led & 7 == 0 and led >> 3 & 3 != w.trump
        assert not view.hand >> led & 1
        assert w.hands[1] == view.hand
        masks = [*w.hands, sum(1 << c for c in w.stock), 1 << led, 1 << w.turnup]
        assert sum(mk.bit_count() for mk in masks) == 48
        total = 0
        for mk in masks:
            assert not total & mk
            total |= mk


# ---------------------------------------------------------------------- Terts


def test_terts_bella_is_taken_by_rule() -> None:
    # rules/terts.md#combinations: the bella is absolute, 20 that nothing outranks.
    m = terts_match("KS QS AH TH KH 8C 7C AD 8D", "JC JD JH JS 9C TC 9D 7D 7H", "9S")
    s = hand(m)
    assert meld_game_actions(s, s.legal_actions()) == [BELLA]
    assert choose("casual", m) == "bella"
    assert choose(SEARCH, m) == "bella"


def test_terts_shows_what_outranks() -> None:
    # Seat 0 announces JT9♠; seat 1 holds four queens: showing them scores 100 and takes the 20
    # from seat 0; passing gives seat 0 the 20.
    m = terts_match("JS TS 9S 8C 7C AD 8D 7D AH", "QC QD QH QS KD 9D 7H AC TH", "TD")
    act(m, "announce TS JS 9S")
    s = hand(m)
    assert PASS in s.legal_actions()
    assert meld_game_actions(s, s.legal_actions()) == [a for a in s.legal_actions() if is_show(a)]
    assert choose("casual", m).startswith("show")
    assert choose(SEARCH, m).startswith("show")


def test_terts_announces_before_playing() -> None:
    # Seat 0 holds KQJ♠ and 987♣: the search weighs only announcements (it chooses which).
    m = terts_match("KS QS JS 9C 8C 7C AD 8D 7D", "TH 9H 8H AC KD QD 9D AH 7S", "TD")
    s = hand(m)
    ruled = meld_game_actions(s, s.legal_actions())
    assert ruled and all(is_announcement(a) for a in ruled)
    assert choose(SEARCH, m).startswith("announce")
    assert choose("casual", m).startswith("announce")


def test_terts_reward_scale_values_the_margin() -> None:
    # A Terts hand scores its points: winning by 60 is clearly better than winning by 2, while
    # Sixty-Six's game points keep the scale of 2.
    scale = make_game("terts").value_scale
    assert scaled_reward(60, scale) > 2 * scaled_reward(2, scale) > 0
    assert scaled_reward(2, make_game("sixty-six").value_scale) == pytest.approx(0.7616, abs=1e-4)
