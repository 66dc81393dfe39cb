"""North American Sixty-Six (rules/north-american.md, a reconstruction): the auction of units, trumps named
by the high bidder, strict play, marriages by the leader, units scoring. The edge cases of §6.7,
numbered as there, on explicit deals worked out by hand."""

from __future__ import annotations

import json
from typing import Any

import pytest
from games_util import act, legal, make_deal, perft

import sixtysix
from sixtysix.cards import PACK_24
from sixtysix.engine.match import Match
from sixtysix.engine.state import PH_AUCTION, PH_OVER, PH_PLAY, PH_TRUMP
from sixtysix.errors import IllegalActionError, OptionError, RecordError
from sixtysix.games import make_game
from sixtysix.records import seat_record

GAME = "north-american-sixty-six"
H, S = 2, 3


def match(hands: list[str], dealer: int, **options: Any) -> Match:
    m = Match(make_game(GAME, dict(options)), dealer=dealer)
    m.deal_hand(deal=make_deal(PACK_24, hands, None, fill_stock=False))
    return m


def record(hands: list[str], dealer: int, actions: list[str], **options: Any) -> dict[str, Any]:
    return {"game": GAME, "options": dict(options),
            "hands": [{"dealer": dealer, "deal": {"hands": [h.split() for h in hands]},
                       "actions": actions}]}


# Hand A (4 players, dealer 3, seat 0 bids 5 and names clubs): seats 0 and 2 hold the four
# marriages and all six trumps; seats 1 and 3 must follow or may not ruff, so side 0 takes every
# trick and declares every marriage. Trick by trick (leader first):
#   marry KD(+20) AD 9C JD   seat 2 ruffs (void in diamonds, any trump)   4+11+0+2 = 17
#   marry KS(+20) 9S JC AS   seat 0 ruffs; seat 1 follows a ruffed suit     4+0+2+11 = 17
#   marry KH(+20) TH TC 9H   seat 2 ruffs                                  4+10+10+0 = 24
#   marry KC(+40) JS AC TD   seat 0 must beat his partner's KC with AC      4+2+11+10 = 27
#   QD TS QC 9D              seat 2 must ruff                               3+10+3+0  = 16
#   QS JH QH AH              seat 2                                         3+2+3+11  = 19
# Cards 17+17+24+27+16+19 = 120, marriages 20+20+20+40 = 100: 220 = 6 units (6*33 = 198).
HANDS_A = ["KD QD KH QH AC JC", "AD TD AH TH AS TS", "KS QS KC QC TC 9C", "JD 9D JH 9H JS 9S"]
AUCTION_A = ["bid 5", "pass", "pass", "pass", "trump C"]
PLAY_A = ["marry KD", "play AD", "play 9C", "play JD",
          "marry KS", "play 9S", "play JC", "play AS",
          "marry KH", "play TH", "play TC", "play 9H",
          "marry KC", "play JS", "play AC", "play TD",
          "play QD", "play TS", "play QC", "play 9D",
          "play QS", "play JH", "play QH", "play AH"]

# Hand B (4 players, dealer 3, seat 0 bids 2 and names diamonds): seat 0 declares hearts and
# never takes a trick; seats 1 and 3 take everything.
#   marry KH(+20 for side 0) AH 9H QD   seat 3 ruffs                       4+11+0+3 = 18
#   AD 9D TH JD    seat 3                                                   11+0+10+2 = 23
#   TD QH TC JH    seat 3                                                   10+3+10+2 = 25
#   KD 9C AC JC    seat 3                                                   4+0+11+2 = 17
#   marry KC(+20 for side 1) KS TS 9S                                       4+4+10+0 = 18
#   QC QS AS JS    seat 3                                                   3+3+11+2 = 19
# Side 0: 20 (the marriage) = 0 units, below its bid of 2: -2. Side 1: 120 + 20 = 140 = 4 units.
HANDS_B = ["KH QH KS QS 9C 9D", "AH TH AS TS AC TC", "JH 9H JS 9S JC JD", "AD TD KD QD KC QC"]
ACTIONS_B = ["bid 2", "pass", "pass", "pass", "trump D",
             "marry KH", "play AH", "play 9H", "play QD",
             "play AD", "play 9D", "play TH", "play JD",
             "play TD", "play QH", "play TC", "play JH",
             "play KD", "play 9C", "play AC", "play JC",
             "marry KC", "play KS", "play TS", "play 9S",
             "play QC", "play QS", "play AS", "play JS"]


# ---------------------------------------------------------------------------------- §6.7

def test_1_marriage_counts_for_the_leader_even_when_the_opponents_take_the_trick() -> None:
    m = match(HANDS_B, 3)
    act(m, *ACTIONS_B[:6])
    h = m.hand
    assert h is not None and h.points == [20, 0]  # credited at once (marriage_needs_trick off)
    act(m, *ACTIONS_B[6:9])
    assert h.points == [20, 18] and h.tricks == [0, 1]  # seat 3 ruffed: 4+11+0+3
    act(m, *ACTIONS_B[9:])
    res = m.results[0]
    assert res.points == (20, 140, 20, 140)


def test_2_a_marriage_not_announced_at_the_lead_is_lost() -> None:
    # Hand A, but seat 0 leads KH without announcing it: later, holding QH, he cannot declare it.
    actions = AUCTION_A + PLAY_A[:8] + ["play KH"] + PLAY_A[9:16]
    m = match(HANDS_A, 3)
    act(m, *actions)
    h = m.hand
    assert h is not None and h.to_act == 0 and h.trick == []
    assert "marry QH" not in legal(m) and "marry KH" not in legal(m)
    with pytest.raises(IllegalActionError, match="you do not hold KH"):
        m.apply("marry QH")
    act(m, *PLAY_A[16:])
    # 220 less the lost 20: 200, still 6 units (198 <= 200).
    assert m.results[0].points == (200, 0, 200, 0)
    assert m.results[0].game_points == (6, 0, 6, 0)


@pytest.mark.parametrize("players", [2, 3])
def test_3_bid_5_is_illegal_without_partners(players: int) -> None:
    m = Match(make_game(GAME, {"players": players}), dealer=players - 1)
    m.deal_hand(seed=1)
    assert legal(m) == ["bid 2", "bid 3", "bid 4", "pass"]
    with pytest.raises(IllegalActionError, match="the highest bid in this game is 4"):
        m.apply("bid 5")
    assert m.hand is not None and m.hand.history == []  # state unchanged
    # With partners the bid of 5 exists.
    m4 = Match(make_game(GAME), dealer=3)
    m4.deal_hand(seed=1)
    assert legal(m4) == ["bid 2", "bid 3", "bid 4", "bid 5", "pass"]


def test_4_and_5_a_failed_bid_scores_minus_the_bid_and_the_defenders_score_their_units() -> None:
    m = match(HANDS_B, 3)
    act(m, *ACTIONS_B)
    res = m.results[0]
    assert res.end == "failed"
    assert res.game_points == (-2, 4, -2, 4)
    assert m.score == [-2, 4, -2, 4]
    assert res.winners == (1, 3)


def test_6_four_hand_totals_pass_120_through_marriages_and_reach_6_units() -> None:
    m = match(HANDS_A, 3)
    act(m, *AUCTION_A, *PLAY_A)
    res = m.results[0]
    assert res.points == (220, 0, 220, 0) and res.tricks == (6, 0, 6, 0)
    assert res.end == "made" and res.game_points == (6, 0, 6, 0)  # bid 5, made with 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_7_two_three_or_four_players(players: int) -> None:
    g = make_game(GAME, {"players": players})
    assert g.n_seats == players and g.rules.n_seats == players
    m = Match(g, dealer=0)
    s = m.deal_hand(seed=5)
    assert [h.bit_count() for h in s.hands] == [24 // players] * players
    assert s.stock == () and s.turnup == -1
    assert m.record()["hands"][0].get("seed") == 5


def test_7_five_players_are_refused() -> None:
    with pytest.raises(OptionError, match="'players' takes 2, 3, 4, not 5"):
        make_game(GAME, {"players": 5})
    with pytest.raises(RecordError, match="'players' takes 2, 3, 4"):
        sixtysix.replay({"game": GAME, "options": {"players": 5}, "hands": []})


def test_7_both_partners_show_their_sides_values() -> None:
    out = sixtysix.replay(record(HANDS_B, 3, ACTIONS_B))
    h = out["hands"][0]
    assert h == {"complete": True, "points": [20, 140, 20, 140], "tricks": [0, 6, 0, 6],
                 "game_points": [-2, 4, -2, 4], "end": "failed"}
    assert out["match"] == {"score": [-2, 4, -2, 4], "complete": False, "winner": None}


def test_8_the_deal_passes_left_also_after_a_passed_out_hand() -> None:
    rec = record(HANDS_B, 3, ["pass", "pass", "pass", "pass"], all_pass="redeal")
    out = sixtysix.replay(rec, legal=True)
    assert out["hands"][0] == {"complete": True, "points": [0, 0, 0, 0], "tricks": [0, 0, 0, 0],
                               "game_points": [0, 0, 0, 0], "end": "passed out"}
    assert out["match"]["score"] == [0, 0, 0, 0] and out["next"] is None
    # The next hand is dealt by seat 0 (the dealer's left): omitted, it is chosen; given, it must
    # be seat 0; naming the same dealer again is refused.
    rec["hands"].append({"seed": 3, "actions": []})
    out = sixtysix.replay(rec, legal=True)
    assert out["next"]["to_act"] == 1  # seat 0 deals, seat 1 bids first
    rec["hands"][1]["dealer"] = 0
    assert sixtysix.replay(rec)["hands"][1]["complete"] is False
    rec["hands"][1]["dealer"] = 3
    with pytest.raises(RecordError, match="seat 0 deals this hand by the rules, not seat 3"):
        sixtysix.replay(rec)


def test_8_the_deal_passes_left_after_a_played_hand() -> None:
    m = match(HANDS_B, 3)
    act(m, *ACTIONS_B)
    assert m.dealer == 0
    s = m.deal_hand(seed=9)
    assert s.dealer == 0 and s.to_act == 1


def test_9_overbidding_a_partner_passes_are_final_and_max_bid_leaves_only_passes() -> None:
    m = match(HANDS_B, 3)
    h = m.hand
    assert h is not None and h.phase == PH_AUCTION and h.to_act == 0
    act(m, "bid 2", "pass")           # seat 1 passes before there is a high bid above 2
    assert h.to_act == 2
    act(m, "bid 3")                   # seat 2 overbids his partner
    assert (h.bidding, h.declarer, h.to_act) == ((3, 2, 0b10), -1, 3)
    assert legal(m) == ["bid 4", "bid 5", "pass"]
    act(m, "bid 5")                   # the highest bid: the others may only pass
    assert h.to_act == 0 and legal(m) == ["pass"]
    with pytest.raises(IllegalActionError, match="highest bid in this game is 5"):
        m.apply("bid 6")
    act(m, "pass")
    assert h.to_act == 2              # seat 1's pass still counts: he is not asked again
    act(m, "pass")
    assert h.phase == PH_TRUMP and h.to_act == 3 and h.leader == 3
    assert legal(m) == ["trump C", "trump D", "trump H", "trump S"]  # any suit, no 'turn'
    with pytest.raises(IllegalActionError, match="name trumps"):
        m.apply("turn")
    act(m, "trump S")
    assert h.phase == PH_PLAY and h.trump == S and h.to_act == 3  # the declarer leads


def test_10_the_forced_dealer_bids_any_level_but_may_not_pass() -> None:
    m = match(HANDS_B, 3)
    act(m, "pass", "pass", "pass")
    assert m.to_act == 3 and legal(m) == ["bid 2", "bid 3", "bid 4", "bid 5"]
    with pytest.raises(IllegalActionError, match="dealer may not pass"):
        m.apply("pass")
    act(m, "bid 5")
    assert m.hand is not None and m.hand.phase == PH_TRUMP and m.to_act == 3
    # Under 'redeal' he may pass, and the hand ends with no score.
    m = match(HANDS_B, 3, all_pass="redeal")
    act(m, "pass", "pass", "pass")
    assert legal(m) == ["bid 2", "bid 3", "bid 4", "bid 5", "pass"]
    act(m, "pass")
    assert m.hand is not None and m.hand.phase == PH_OVER
    assert m.results[0].end == "passed out" and m.score == [0, 0, 0, 0] and m.dealer == 0


# Three players, dealer 2, seat 0 bids 2 and names spades. Seats 1 and 2 are void in hearts.
HANDS_E = ["AH TH KH QH JH 9H JC 9C", "AS TS KS QS JS AC AD 9D", "9S TC KC QC TD KD QD JD"]


def test_11_a_void_player_must_play_his_only_trump_though_it_cannot_overtrump() -> None:
    m = match(HANDS_E, 2, players=3)
    act(m, "bid 2", "pass", "pass", "trump S", "marry KH", "play AS")
    # Seat 2 is void in hearts; AS (a trump) wins the trick; his only trump, 9S, cannot beat
    # it, but he must still play it.
    assert m.to_act == 2 and legal(m) == ["play 9S"]
    with pytest.raises(IllegalActionError, match="must trump"):
        m.apply("play TC")
    act(m, "play 9S")
    assert m.hand is not None and m.hand.points == [20, 15, 0]  # KH 4 + AS 11 + 9S 0


def test_12_marriage_needs_trick_credits_on_the_sides_first_trick_the_partners_too() -> None:
    m = match(HANDS_A, 3, marriage_needs_trick=True)
    act(m, *AUCTION_A, "marry KD")
    h = m.hand
    assert h is not None and h.points == [0, 0] and h.pending == [20, 0]
    act(m, "play AD", "play 9C", "play JD")  # seat 2, the declarer's partner, takes the trick
    assert h.points == [37, 0] and h.pending == [0, 0]  # 20 + 17
    act(m, *PLAY_A[4:])
    assert m.results[0].points == (220, 0, 220, 0)


def test_12_marriage_needs_trick_void_when_the_side_takes_none() -> None:
    m = match(HANDS_B, 3, marriage_needs_trick=True)
    act(m, *ACTIONS_B)
    res = m.results[0]
    assert res.points == (0, 140, 0, 140)  # the hearts marriage never counted
    assert res.game_points == (-2, 4, -2, 4)


# Hand C (4 players, dealer 3, seat 0 bids 2 and names hearts): seat 0 declares the royal
# marriage (40) and loses the trick; seat 1 takes five tricks; seat 0 takes the last one.
#   marry KH(+40) AH 9H QS   18      AS JS KS 9S   17      AC JC QC TC   26
#   TH JH KC QH               19      TS KD QD 9D   17      JD TD 9C AD   23 (seat 0)
# Side 0: 40 + 23 = 63 = 1 unit: the bid of 2 fails; with the last trick's 10, 73 = 2 units: made.
# Side 1: 18+17+26+19+17 = 97 = 2 units either way.
HANDS_C = ["KH QH 9S TC 9D AD", "AH TH AS TS AC JD", "JH 9H JS JC TD KD", "KS QS 9C KC QC QD"]
ACTIONS_C = ["bid 2", "pass", "pass", "pass", "trump H",
             "marry KH", "play AH", "play 9H", "play QS",
             "play AS", "play JS", "play KS", "play 9S",
             "play AC", "play JC", "play QC", "play TC",
             "play TH", "play JH", "play KC", "play QH",
             "play TS", "play KD", "play QD", "play 9D",
             "play JD", "play TD", "play 9C", "play AD"]


def test_13_the_last_trick_bonus_goes_to_its_winners_and_can_make_the_bid() -> None:
    plain = sixtysix.replay(record(HANDS_C, 3, ACTIONS_C))["hands"][0]
    assert plain["points"] == [63, 97, 63, 97] and plain["end"] == "failed"
    assert plain["game_points"] == [-2, 2, -2, 2]
    bonus = sixtysix.replay(record(HANDS_C, 3, ACTIONS_C, last_trick_bonus=10))["hands"][0]
    assert bonus["points"] == [73, 97, 73, 97] and bonus["end"] == "made"
    assert bonus["game_points"] == [2, 2, 2, 2]


# Hand F (3 players, dealer 2, target 1; seat 0 bids 2 and names diamonds):
#   9H AH QD          seat 2 ruffs                0+11+3  = 14   seat 2: 14
#   marry KC(+20) 9C TD  seat 1 ruffs             4+0+10  = 14   seat 1: 14, seat 2: 34
#   QH KD JH          seat 2 ruffs                3+4+2   = 9    seat 2: 43
#   QC JC AD          seat 1 ruffs                3+2+11  = 16   seat 1: 30
#   TH TC 9D          seat 0 ruffs                10+10+0 = 20   seat 0: 20
#   9S TS QS          seat 1                      0+10+3  = 13   seat 1: 43
#   KH AC JD          seat 0 ruffs                4+11+2  = 17   seat 0: 37
#   JS AS KS          seat 1                      2+11+4  = 17   seat 1: 60
# Seat 0: 37 = 1 unit < 2: -2. Seats 1 (60) and 2 (43): 1 unit each, both reach the target 1.
HANDS_F = ["9H JH 9S JS 9C JC 9D JD", "AH TH KH QH AS TS AD TD", "AC TC KC QC KS QS KD QD"]
ACTIONS_F = ["bid 2", "pass", "pass", "trump D",
             "play 9H", "play AH", "play QD",
             "marry KC", "play 9C", "play TD",
             "play QH", "play KD", "play JH",
             "play QC", "play JC", "play AD",
             "play TH", "play TC", "play 9D",
             "play 9S", "play TS", "play QS",
             "play KH", "play AC", "play JD",
             "play JS", "play AS", "play KS"]


def test_14_both_defenders_reach_the_target_with_equal_totals_and_both_win() -> None:
    out = sixtysix.replay(record(HANDS_F, 2, ACTIONS_F, players=3, target=1))
    assert out["hands"][0]["points"] == [37, 60, 43]
    assert out["hands"][0]["game_points"] == [-2, 1, 1]
    assert out["match"] == {"score": [-2, 1, 1], "complete": True, "winner": [1, 2]}


def test_the_bidding_side_wins_a_tie_at_the_target_and_else_the_highest_total() -> None:
    # Hand C with the last-trick bonus and target 2: both sides reach 2; the bidders win.
    out = sixtysix.replay(record(HANDS_C, 3, ACTIONS_C, last_trick_bonus=10, target=2))
    assert out["match"] == {"score": [2, 2, 2, 2], "complete": True, "winner": [0, 2]}
    # Hand B with target 3: only the defenders reach it (4).
    out = sixtysix.replay(record(HANDS_B, 3, ACTIONS_B, target=3))
    assert out["match"] == {"score": [-2, 4, -2, 4], "complete": True, "winner": [1, 3]}
    # Hand F with target 1 and min_bid 1: seat 0 bids 1 and makes it with 1 unit (37); all three
    # reach 1 and the bidder wins alone.
    actions = ["bid 1"] + ACTIONS_F[1:]
    out = sixtysix.replay(record(HANDS_F, 2, actions, players=3, target=1, min_bid=1))
    assert out["match"] == {"score": [1, 1, 1], "complete": True, "winner": [0]}


def test_totals_go_negative_and_the_match_goes_on() -> None:
    rec = record(HANDS_B, 3, ACTIONS_B)
    rec["hands"].append({"deal": {"hands": [h.split() for h in HANDS_B]},
                         "actions": ["pass", "bid 5", "pass", "pass", "trump C"]})
    out = sixtysix.replay(rec, legal=True)
    assert out["match"]["score"] == [-2, 4, -2, 4]
    assert out["next"]["to_act"] == 2  # seat 1 declared and leads


def test_15_an_explicit_max_bid_applies_whatever_the_players() -> None:
    m = Match(make_game(GAME, {"players": 2, "max_bid": 5}), dealer=1)
    m.deal_hand(seed=2)
    assert legal(m) == ["bid 2", "bid 3", "bid 4", "bid 5", "pass"]
    m = Match(make_game(GAME, {"max_bid": 3}), dealer=1)
    m.deal_hand(seed=2)
    assert legal(m) == ["bid 2", "bid 3", "pass"]
    with pytest.raises(OptionError, match=r"'min_bid' \(4\) is above 'max_bid' \(3\)"):
        make_game(GAME, {"min_bid": 4, "max_bid": 3})
    with pytest.raises(OptionError, match=r"'min_bid' \(5\) is above 'max_bid' \(4, the highest"):
        make_game(GAME, {"players": 3, "min_bid": 5})
    assert make_game(GAME, {"min_bid": 5}).rules.min_bid == 5  # 5 with partners


@pytest.mark.parametrize("name,value,words", [
    ("max_bid", 64, " from 1 to 63, not 64"), ("min_bid", 0, " from 1 to 63, not 0"),
    ("unit", 0, " of at least 1, not 0"), ("target", 0, " of at least 1, not 0"),
    ("last_trick_bonus", -1, " of at least 0, not -1"), ("unit", "33", ", not '33'"),
])
def test_option_ranges_are_declared_and_checked(name: str, value: Any, words: str) -> None:
    with pytest.raises(OptionError, match=f"option '{name}' takes a whole number{words}"):
        make_game(GAME, {name: value})


def test_max_bid_63_fits_the_action_table() -> None:
    g = make_game(GAME, {"max_bid": 63, "min_bid": 62})
    m = Match(g, dealer=3)
    m.deal_hand(seed=4)
    assert legal(m) == ["bid 62", "bid 63", "pass"]


def test_16_deal_all_false_is_refused() -> None:
    with pytest.raises(OptionError, match="option 'deal_all' takes true, not false"):
        make_game(GAME, {"deal_all": False})
    with pytest.raises(OptionError, match="option 'deal_all'"):
        make_game(GAME, {"deal_all": 1})
    with pytest.raises(RecordError, match="deal_all"):
        sixtysix.replay({"game": GAME, "options": {"deal_all": False}, "hands": []})


def test_17_a_deal_without_stock_is_accepted_and_a_turnup_refused() -> None:
    rec = record(HANDS_B, 3, [])
    assert "stock" not in rec["hands"][0]["deal"]
    assert sixtysix.replay(rec, legal=True)["next"]["legal"] == [
        "pass", "bid 2", "bid 3", "bid 4", "bid 5"]
    rec["hands"][0]["deal"]["stock"] = []
    rec["hands"][0]["deal"]["turnup"] = None  # counts as none
    sixtysix.replay(rec)
    rec["hands"][0]["deal"]["turnup"] = "9C"
    with pytest.raises(RecordError, match="no turn-up card") as e:
        sixtysix.replay(rec)
    assert e.value.hand == 0 and e.value.action is None
    del rec["hands"][0]["deal"]["turnup"]
    rec["hands"][0]["deal"]["stock"] = ["9C"]
    with pytest.raises(RecordError, match="deals every card"):
        sixtysix.replay(rec)


# ---------------------------------------------------------------------------------- more

def test_errors_leave_the_state_unchanged_and_say_why() -> None:
    m = match(HANDS_B, 3)
    before = m.hand.view(0) if m.hand else None
    for text, why in [("play KH", "the auction is on"), ("trump S", "the auction is on"),
                      ("bid 1", "the lowest bid is 2"), ("bid 64", "from 1 to 63")]:
        with pytest.raises(IllegalActionError, match=why):
            m.apply(text)
    assert m.hand is not None and m.hand.view(0) == before
    act(m, "bid 3")
    with pytest.raises(IllegalActionError, match="above the high bid of 3"):
        m.apply("bid 3")


def test_strict_play_with_two_players_is_the_two_player_rule() -> None:
    # Seat 0 (dealer 1's left) bids 2 and names spades, leads QH; seat 1 must beat it with a
    # higher heart (AH, TH or KH), not any heart: not JH.
    hands = ["QH 9H AS TS KS QS JS 9S AC TC KC QC",
             "AH KH TH JH JC 9C AD TD KD QD JD 9D"]
    m = match(hands, 1, players=2)
    act(m, "bid 2", "pass", "trump S", "play QH")
    assert sorted(legal(m)) == ["play AH", "play KH", "play TH"]


def test_seat_records_hide_the_other_hands_and_replay() -> None:
    rec = record(HANDS_B, 3, ACTIONS_B[:12])
    full = sixtysix.replay(rec, legal=True)
    for seat in range(4):
        sr = seat_record(rec, seat)
        deal = sr["hands"][0]["deal"]
        assert "turnup" not in deal and deal["stock"] == []
        assert deal["hands"][seat] == HANDS_B[seat].split()
        # Cards of other seats stay hidden in a hand still in play, even those already played.
        assert all(c == "??" for p, h in enumerate(deal["hands"]) if p != seat for c in h)
        out = sixtysix.replay(json.loads(json.dumps(sr)), legal=True)
        assert out["hands"] == full["hands"] and out["match"] == full["match"]
        if full["next"]["to_act"] == seat:
            assert out["next"] == full["next"]
        else:
            assert out["next"] == {"to_act": full["next"]["to_act"], "legal": None}


def test_seat_records_of_a_finished_hand_show_the_played_cards() -> None:
    rec = record(HANDS_B, 3, ACTIONS_B)
    sr = seat_record(rec, 1)
    assert sr["hands"][0]["deal"]["hands"][0] == HANDS_B[0].split()  # all six were played
    out = sixtysix.replay(sr)
    assert out["match"]["score"] == [-2, 4, -2, 4]


def test_three_player_seat_record() -> None:
    rec = record(HANDS_F, 2, ACTIONS_F[:10], players=3, target=1)
    full = sixtysix.replay(rec, legal=True)
    sr = seat_record(rec, full["next"]["to_act"])
    assert sixtysix.replay(sr, legal=True) == full


def test_views_show_the_auction_and_hide_the_hands() -> None:
    m = match(HANDS_B, 3)
    act(m, "bid 2", "pass", "bid 3")
    h = m.hand
    assert h is not None
    v = h.view(3)
    assert v.bidding == (3, 2, 0b10)
    assert v.hand == h.hands[3] and v.legal == tuple(h.legal_actions())
    import random
    d = v.determinize(random.Random(1))
    assert d.view(3) == v and d.legal_actions() == h.legal_actions()
    act(m, "pass", "pass")  # seats 3 and 0: seat 2 is the declarer
    v2 = h.view(2)
    assert v2.phase == PH_TRUMP and v2.hand == h.hands[2]  # the whole hand, not a first packet
    assert h.view(2).legal == tuple(h.legal_actions())


def test_seeded_deals_give_every_card_in_packets_of_three() -> None:
    # Three players: packets 3, 3, 2 round the table from the dealer's left.
    g = make_game(GAME, {"players": 3})
    deck = [c for c in range(32) if PACK_24 >> c & 1]
    deal = g.deal_from_deck(deck, 2, (0, 1, 2))
    assert deal.hands[0] == tuple(deck[0:3] + deck[9:12] + deck[18:20])  # forehand first
    assert deal.hands[2] == tuple(deck[6:9] + deck[15:18] + deck[22:24])  # the dealer last
    assert deal.stock == () and deal.turnup is None
    # Same seed, same deal (records.md §3).
    a = Match(g, dealer=0).deal_hand(seed=77)
    b = Match(g, dealer=0).deal_hand(seed=77)
    assert a.hands == b.hands


def test_options_listing_flags_the_reconstruction() -> None:
    from typer.testing import CliRunner

    from sixtysix.cli import app
    out = CliRunner().invoke(app, ["options", GAME]).output
    assert "reconstruction" in out and "[R]" in out
    assert "max_bid" in out and "5 with partnerships, otherwise 4" in out
    assert "a whole number from 1 to 63" in out
    games = CliRunner().invoke(app, ["games"]).output
    assert "North American Sixty-Six  2-4 seats" in games


def test_a_seeded_match_plays_to_the_end_and_replays() -> None:
    import random
    rng = random.Random(3)
    g = make_game(GAME, {"players": 3, "target": 3})
    m = Match(g, dealer=0)
    while not m.complete:
        s = m.deal_hand(rng=rng)
        while not s.over:
            acts = s.legal_actions()
            # Bid low: random bidding fails too often for a short match.
            m.apply(min(acts) if s.phase == PH_AUCTION else rng.choice(acts))
        assert len(m.results) < 200
    out = sixtysix.replay(m.record())
    assert out["match"]["score"] == m.score and out["match"]["winner"] == m.winner
    assert out["match"]["complete"] is True
    assert sum(r.game_points[0] for r in m.results) == m.score[0]


# ---------------------------------------------------------------------------------- bots

def test_heuristic_bids_on_strength_passes_weak_hands_and_names_its_best_suit() -> None:
    import random

    from sixtysix.bots import make_bot
    from sixtysix.engine.actions import action_str
    bot = make_bot("heuristic")
    rng = random.Random(0)
    # Seat 0 (KD QD KH QH AC JC, with a partner): with diamonds (or hearts) trumps his
    # marriages are worth 40 + 20, AC should win a trick (11 and 3 * 5, the average card, from
    # the others), and the partner an average third of the remaining 120 - 86: 97 = 2 units.
    m = match(HANDS_A, 3)
    h = m.hand
    assert h is not None
    assert action_str(bot.choose(h.view(0), rng)) == "bid 2"
    act(m, "bid 2")
    act(m, "pass")
    act(m, "pass")
    # Seat 3 (JD 9D JH 9H JS 9S) holds nothing: as dealer with a bid before him he passes.
    assert bot.choose(h.view(3), rng) == h.parse("pass")
    act(m, "pass")
    # Seat 0 names the suit that made his estimate: diamonds (tied with hearts, the first).
    assert action_str(bot.choose(h.view(0), rng)) == "trump D"
    # A forced dealer bids the least.
    m = match(HANDS_A, 0)  # dealer 0: seats 1, 2, 3 bid first
    act(m, "pass", "pass", "pass")
    assert m.hand is not None and m.to_act == 0
    assert action_str(bot.choose(m.hand.view(0), rng)).startswith("bid ")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("spec", ["heuristic", "beginner", "ismcts:iterations=30",
                                  "pimc:worlds=3,playouts=1"])
def test_bots_play_legal_actions_through_a_hand(players: int, spec: str) -> None:
    import random

    from sixtysix.bots import make_bot
    g = make_game(GAME, {"players": players})
    rng = random.Random(players)
    bot = make_bot(spec)
    m = Match(g, dealer=0)
    s = m.deal_hand(rng=rng)
    phases = set()
    while m.in_hand:
        v = s.view(s.to_act)
        a = bot.choose(v, rng)
        assert a in s.legal_actions()
        phases.add(s.phase)
        m.apply(a)
    assert {PH_AUCTION, PH_TRUMP, PH_PLAY} <= phases


def test_search_infers_voids_from_the_declarers_first_lead() -> None:
    # Hand B's trick 1 with the seats turned so that the declarer (seat 3) is not forehand
    # (seat 1): the reading of the play must start at the declarer's lead to see that seat 2
    # ruffed the hearts lead and so holds no heart.
    from sixtysix.bots.worlds import exclusions
    from sixtysix.cards import SUIT_MASK
    hands = HANDS_B[1:] + HANDS_B[:1]  # seat p holds hand B's seat p + 1: dealer 0, declarer 3
    m = match(hands, 0)
    act(m, "pass", "pass", "bid 2", "pass", "trump D", "marry KH", "play AH", "play 9H",
        "play QD")
    h = m.hand
    assert h is not None and h.to_act == 2
    ex = exclusions(h.view(0))
    assert ex[2] & SUIT_MASK[H] == SUIT_MASK[H] & PACK_24


# ---------------------------------------------------------------------------------- terminal

@pytest.mark.parametrize("players", [2, 3, 4])
def test_terminal_play_shows_the_auction_and_the_contract(players: int, tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from sixtysix.cli import app
    save = tmp_path / "m.json"
    out = CliRunner().invoke(app, ["play", "--game", GAME, "-o", f"players={players}",
                                   "--seed", "3", "--opponent", "casual", "--save", str(save)],
                             input="1\n" * 40 + "quit\ny\n")
    assert out.exit_code == 0, out.output[-2000:]
    assert "Auction: " in out.output and "Contract: " in out.output
    assert "Your first cards" not in out.output  # the declarer holds his whole hand
    rec = json.loads(save.read_text())
    assert rec["options"] == ({} if players == 4 else {"players": players})  # 4: the default
    assert len(rec["players"]) == players
    assert sixtysix.replay(rec)["hands"][0]["complete"] is True


# ---------------------------------------------------------------------------------- perft

def test_perft_of_the_auction() -> None:
    # Hand B, dealer 3. Depth 1: seat 0 bids 2..5 or passes: 5. Depth 2: after 'bid k' seat 1
    # has the 5 - k higher bids and pass (4+3+2+1), after a pass all 5: 15. Depth 3: seat 2 (not
    # the dealer, never forced) has the bids above the high bid and pass: after pass/pass 5,
    # pass/bid j 4+3+2+1; bid k/pass 6 - k (4+3+2+1), bid k/bid j 6 - j (k=2: 6, k=3: 3, k=4: 1):
    # 15 + 10 + 10 = 35.
    h = match(HANDS_B, 3).hand
    assert h is not None
    assert [perft(h, d) for d in (1, 2, 3)] == [5, 15, 35]


def test_perft_of_trumps_and_the_first_lead() -> None:
    # After 'bid 2' and three passes seat 0 names one of 4 suits (4), then leads one of his 6
    # cards or declares one of his two marriages with either card (6 + 4 = 10): 40. Seat 1 must
    # beat: each heart or spade lead (8 actions) has his two higher cards of the suit; 9C has AC
    # TC; 9D: with diamonds trumps he is void of the suit and of trumps (any of 6), otherwise he
    # must trump with his two trumps: D 8*2+2+6 = 24, H, S, C 8*2+2+2 = 20 each: 84.
    m = match(HANDS_B, 3)
    act(m, "bid 2", "pass", "pass", "pass")
    assert m.hand is not None
    assert [perft(m.hand, d) for d in (1, 2, 3)] == [4, 40, 84]


def test_every_game_takes_its_seats_from_its_rules() -> None:
    from sixtysix.games import GAMES
    for cls in GAMES.values():
        g = cls()
        assert g.n_seats == cls.n_seats == g.rules.n_seats == len(g.rules.sides)
    assert make_game(GAME, {"players": 2}).n_seats == 2 and GAMES[GAME].n_seats == 4


def test_the_rules_pages_record_replays() -> None:
    import pathlib
    import re
    page = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "north-american.md"
    block = re.search(r"```json\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)
    assert block is not None
    out = sixtysix.replay(json.loads(block.group(1)), legal=True)
    # Hand B's opening: seat 0 declared hearts (20, credited at once); seat 1 must beat KH.
    assert out["hands"][0]["points"] == [20, 0, 20, 0]
    assert out["next"] == {"to_act": 1, "legal": ["play AH", "play TH"]}
