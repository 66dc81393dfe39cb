"""Bauernschnapsen (rules/bauernschnapsen.md, records.md §5): the deal choice, trumps from the first packet,
the auction of contracts, doubling, the ten contracts in play, Genug, the match. Edge cases of
§8.9 on explicit deals, worked out by hand.

Seats: the dealer is seat 3 unless said otherwise, so F = 0 (forehand), P = 1 (the dealer's
partner), R = 2 (forehand's partner), D = 3. Seats 0 and 2 (side 0) play against 1 and 3 (side 1).
Card points: A 11, T 10, K 4, Q 3, J 2.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from games_util import act, legal, perft, refused, result, state

from sixtysix.cards import PACK_20, cards_of, parse_cards
from sixtysix.engine.actions import PASS, is_contract_bid
from sixtysix.engine.ends import ContractEnd
from sixtysix.engine.match import Match, deal_to_json
from sixtysix.engine.phases import PH_CONTRACTS, PH_DEAL_CHOICE, PH_DOUBLING, PH_PLAY, PH_TRUMP
from sixtysix.engine.state import Deal, HandResult, State
from sixtysix.errors import RecordError
from sixtysix.games import make_game
from sixtysix.records import replay, seat_record

H, S = 2, 3

# Deal A. First packets (the first three listed) are what forehand names trumps from.
#   F: AH TH KC | QS JD     P: AC TC KH | QH JS     R: AS TS KD | QD JH     D: AD TD KS | QC JC
DEAL_A = ["AH TH KC QS JD", "AC TC KH QH JS", "AS TS KD QD JH", "AD TD KS QC JC"]

# A Normal game on deal A, hearts trumps, played out without a claim (strict play, must beat):
#   trick 1  F AH, P QH (must follow trumps), R JH, D JC (void, no trump)   F  11+3+2+2  = 18
#   trick 2  F TH, P KH, R QD, D QC                                          F  10+4+3+3  = 20
#   trick 3  F QS, P JS, R TS (must beat QS), D KS (cannot beat TS)          R  3+2+10+4  = 19
#   trick 4  R AS, D TD, F JD, P TC (all void in spades, no trumps)          R  11+10+2+10 = 33
#   trick 5  R KD, D AD (must beat), F KC, P AC                              D  4+11+4+11 = 30
# Side 0 has 18+20+19+33 = 90, side 1 has 30 (120 in all): nobody claimed, so the last trick
# wins the hand for 1 (rules/bauernschnapsen.md#play), although side 1 has far fewer card points.
NORMAL_A = ("cut", "trump H", "bid normal", "pass", "pass", "pass")
TRICKS_A = ("AH / QH / JH / JC", "TH / KH / QD / QC", "QS / JS / TS / KS", "AS / TD / JD / TC",
            "KD / AD / KC / AC")


def deal(hands: list[str]) -> Deal:
    dealt = tuple(tuple(cards_of_text(h)) for h in hands)
    got = sorted(c for h in dealt for c in h)
    assert got == sorted(cards_of(PACK_20)), "a test deal must be the 20-card pack"
    return Deal(hands=dealt, turnup=None, stock=())


def cards_of_text(text: str) -> list[int]:
    from sixtysix.cards import parse_card
    return [parse_card(w) for w in text.split()]


def match(hands: list[str] = DEAL_A, dealer: int = 3, **options: Any) -> Match:
    m = Match(make_game("bauernschnapsen", dict(options)), dealer=dealer)
    m.deal_hand(deal=deal(hands))
    return m


# ---------------------------------------------------------------- deal choice and trumps


def test_options_and_defaults() -> None:
    o = make_game("bauernschnapsen").options
    assert dataclasses.asdict(o) == {
        "trump_contracts_solo": False, "enough_by_defenders": True, "false_enough": "graded",
        "must_beat_partner": True, "retourschneider": True, "target": 24,
        "score_direction": "up", "first_trick_visible": True, "allow_knock_deal": True,
        "solo_partner_open": False}
    with pytest.raises(ValueError, match="target"):
        make_game("bauernschnapsen", {"target": 0})
    with pytest.raises(ValueError, match="false_enough"):
        make_game("bauernschnapsen", {"false_enough": "flat3"})


def test_the_dealers_right_cuts_or_knocks_then_forehand_names_trumps() -> None:
    m = match()
    s = state(m)
    assert s.phase == PH_DEAL_CHOICE and s.to_act == 2  # R, the dealer's right
    assert legal(m) == ["cut", "knock"]
    refused(m, "trump H", "cut")
    m.apply("knock")
    assert s.phase == PH_TRUMP and s.to_act == 0
    # §8.9.1: F holds hearts and clubs among AH TH KC; spades (QS) and diamonds (JD) are in his
    # last two cards, which he has not seen.
    assert legal(m) == ["trump C", "trump H", "turn"]
    refused(m, "trump S", "name a suit you hold among your first cards")
    refused(m, "trump D", "first cards")
    m.apply("trump H")
    assert s.trump == H and s.phase == PH_CONTRACTS and s.to_act == 0


def test_without_knock_deal_forehand_names_at_once() -> None:
    m = match(allow_knock_deal=False)
    assert state(m).phase == PH_TRUMP and state(m).to_act == 0
    refused(m, "cut", "name trumps")


def test_cut_and_knock_record_the_same_deal_and_turn_takes_the_fourth_card() -> None:
    # §8.9.13: the same deal with cut or knock plays the same; 'turn' turns F's fourth card QS.
    outs = []
    for choice in ("cut", "knock"):
        m = match()
        act(m, choice, "turn")
        s = state(m)
        assert s.trump == S and s.turnup == cards_of_text("QS")[0]
        assert s.view(1).known[0] == 1 << s.turnup  # everyone saw it
        outs.append(m.record()["hands"][0]["deal"])
    assert outs[0] == outs[1] == deal_to_json(deal(DEAL_A), 4)


def test_views_before_the_auction_show_only_what_has_been_dealt() -> None:
    m = match()
    assert state(m).view(2).hand == 0  # cut or knock: nothing seen yet
    m.apply("cut")
    v = state(m).view(0)
    assert v.hand == parse_cards("AH TH KC")
    m.apply("trump H")
    assert state(m).view(0).hand == parse_cards("AH TH KC QS JD")


def test_seat_record_hides_forehands_last_two_cards_until_trumps() -> None:
    m = match()
    m.apply("cut")
    rec = copy.deepcopy(m.record())
    mine = seat_record(rec, 0)["hands"][0]["deal"]["hands"][0]
    assert mine == ["AH", "TH", "KC", "??", "??"]
    # Nobody has his second packet while forehand names trumps (the view shows three cards).
    assert seat_record(rec, 1)["hands"][0]["deal"]["hands"][1] == DEAL_A[1].split()[:3] + ["??"] * 2
    m.apply("trump H")
    assert seat_record(m.record(), 0)["hands"][0]["deal"]["hands"][0] == DEAL_A[0].split()
    out = replay(seat_record(rec, 0), legal=True)
    assert out["next"] == {"to_act": 0, "legal": ["trump C", "trump H", "turn"]}


# ---------------------------------------------------------------- the auction


def test_forehand_may_not_pass_and_all_passing_leaves_the_normal_game() -> None:
    # §8.9.3
    m = match()
    act(m, "cut", "trump H")
    refused(m, "pass", "may not pass")
    assert "pass" not in legal(m)
    assert legal(m) == ["bid normal", "bid bettler", "bid schnapser", "bid gang",
                        "bid zehnergang", "bid bauernschnapser", "bid herrenschnapser"]
    act(m, "bid normal", "pass", "pass", "pass")
    s = state(m)
    assert s.contract is not None and s.contract.name == "normal" and s.declarer == 0
    # Doubling: the declarer's opponents from his left, P then D.
    assert s.phase == PH_DOUBLING and s.to_act == 1 and legal(m) == ["kontra", "pass"]


def test_eligibility_priority_and_holding() -> None:
    # §8.9.2: P cannot bid Schnapser (F or R only); F cannot bid Kontraschnapser (D or P).
    m = match()
    act(m, "cut", "trump H", "bid normal")
    refused(m, "bid schnapser", "only forehand \\(F\\) or forehand's partner \\(R\\) may bid")
    refused(m, "bid normal", "only forehand")
    act(m, "pass", "bid schnapser", "bid kontraschnapser")
    # F may bid Bauernschnapser: worth the same 12 as Kontraschnapser, but of higher rank.
    assert "bid bauernschnapser" in legal(m) and "bid kontraschnapser" not in legal(m)
    m.apply("bid bauernschnapser")
    assert state(m).bidding == (6, 0, 0b0010)

    # Holding: D bids Gang; F, of higher priority, may bid Gang too; P may not equal F's Gang.
    m = match()
    act(m, "cut", "trump H", "bid normal", "pass", "bid bettler", "bid gang")
    assert "bid gang" in legal(m)  # F holds
    m.apply("bid gang")
    assert state(m).to_act == 2 and "bid gang" not in legal(m)  # F's Gang: R must go higher
    # R, of higher priority than D, may hold at D's Gang too.
    m = match()
    act(m, "cut", "trump H", "bid normal", "pass", "bid bettler", "bid gang", "pass")
    assert state(m).to_act == 2 and "bid gang" in legal(m)
    m = match()
    act(m, "cut", "trump H", "bid gang")
    assert "bid gang" not in legal(m) and "bid zehnergang" in legal(m)
    refused(m, "bid gang", "already bid by seat 0, who has priority")
    refused(m, "bid bettler", "does not outrank")


def test_a_pass_before_the_high_bid_counts() -> None:
    # §8.9.14: F normal, P passes, R Gang, D passes, F passes: R plays Gang, alone (F sits out).
    m = match()
    act(m, "cut", "trump H", "bid normal", "pass", "bid gang", "pass", "pass")
    s = state(m)
    assert s.contract is not None and s.contract.name == "gang" and s.declarer == 2
    assert s.active == (1, 2, 3) and s.trump == -1
    # Doubling by R's opponents from his left: D, then P.
    assert s.phase == PH_DOUBLING and s.to_act == 3
    act(m, "pass", "pass")
    assert s.phase == PH_PLAY and s.to_act == 2  # the declarer leads


def test_after_a_herrenschnapser_the_others_must_still_pass() -> None:
    # F holds all five hearts: a Herrenschnapser is shown, made, and worth 24, never doubled.
    hands = ["AH TH KH QH JH", "AC TC KC QC JC", "AS TS KS QS JS", "AD TD KD QD JD"]
    m = match(hands)
    act(m, "cut", "trump H", "bid herrenschnapser")
    for _ in range(3):
        assert legal(m) == ["pass"]
        m.apply("pass")
    assert result(m).game_points == (24, 0, 24, 0) and result(m).end == "herrenschnapser made"
    assert m.score == [24, 0, 24, 0] and m.complete and m.winner == [0, 2]
    assert state(m).known[0] == state(m).hands[0]  # shown


def test_a_herrenschnapser_without_all_trumps_fails_and_farbengang() -> None:
    m = match()
    act(m, "cut", "trump H", "bid herrenschnapser", "pass", "pass", "pass")
    assert result(m).game_points == (0, 24, 0, 24)
    # P holds five clubs: Farbengang (any seat but F) is shown and made: 18 to side 1.
    hands = ["AH TH KH QH JH", "AC TC KC QC JC", "AS TS KS QS JS", "AD TD KD QD JD"]
    m = match(hands)
    act(m, "cut", "trump H", "bid normal")
    m.apply("bid farbengang")
    act(m, "pass", "pass", "pass")
    assert result(m).end == "farbengang made" and result(m).game_points == (0, 18, 0, 18)
    m = match(hands)
    act(m, "cut", "trump H")
    assert "bid farbengang" not in legal(m)


# ---------------------------------------------------------------- doubling


def test_doubling_order_kontra_rekontra_subkontra() -> None:
    # records.md §5: P and D may say kontra (P first); then F (the declarer) and R rekontra; then
    # the kontra sayer first, then his partner, subkontra.
    m = match()
    act(m, *NORMAL_A, "pass")
    s = state(m)
    assert s.to_act == 3 and legal(m) == ["kontra", "pass"]
    refused(m, "rekontra", "say 'kontra' or 'pass'")
    m.apply("kontra")
    assert s.factor == 2 and s.to_act == 0 and legal(m) == ["rekontra", "pass"]
    m.apply("pass")
    assert s.to_act == 2
    m.apply("rekontra")
    assert s.factor == 4 and s.to_act == 3 and legal(m) == ["subkontra", "pass"]
    act(m, "pass", "subkontra")
    assert s.factor == 8 and s.phase == PH_PLAY and s.to_act == 0


def test_bettler_doubled_three_times_is_worth_32_and_the_solo_partner_sits_out() -> None:
    # §8.9.4 and §8.9.8. P bids Bettler; D, his partner, lays his cards face down and sits out.
    # P holds the four jacks and QC: no trumps, so he can never take a trick (a jack beats
    # nothing, QC only JC, which is his own; void, his discard cannot win).
    hands = ["AC TC KC AD TD", "JC JD JH JS QC", "AH TH KH QH KD", "AS TS KS QS QD"]
    m = match(hands)
    act(m, "cut", "trump C", "bid normal", "bid bettler", "pass", "pass", "pass")
    s = state(m)
    assert s.active == (0, 1, 2) and s.trump == -1
    # Face down (rules/bauernschnapsen.md#the-auction): nobody else knows D's cards, not even P; D still knows
    # his own.
    assert all(s.view(seat).known[3] == 0 for seat in range(4))
    assert s.view(3).hand == s.hands[3] and s.view(1).hand_sizes[3] == 5
    # Doubling: R, then F (D sits out); P alone may rekontra; then R (kontra) and F.
    assert s.to_act == 2
    act(m, "kontra")
    assert s.to_act == 1
    act(m, "rekontra")
    assert s.to_act == 2
    act(m, "pass", "subkontra")
    assert s.phase == PH_PLAY and s.to_act == 1  # the declarer leads
    # Trick 1: P JC, R (void in clubs) any card, F must beat JC with a club.
    m.apply("play JC")
    assert s.to_act == 2
    m.apply("play KD")
    assert s.to_act == 0 and legal(m) == ["play AC", "play TC", "play KC"]
    m.apply("play KC")
    assert len(s.last_trick) == 3 and s.leader == 0  # three cards; D skipped
    while not s.over:
        assert s.to_act != 3
        m.apply(legal(m)[0])
    assert s.tricks == [5, 0]
    # Bettler 4, kontra x2, rekontra x4, subkontra x8: 32 to P and D.
    assert result(m).game_points == (0, 32, 0, 32) and result(m).end == "bettler made"


def test_bettler_fails_at_the_declarers_first_trick() -> None:
    # P holds AC: he must beat R's lead of a club with it and takes the trick: failed at once.
    hands = ["TC KC AD TD KD", "AC JD JH JS QC", "JC AH TH KH QH", "AS TS KS QS QD"]
    m = match(hands)
    act(m, "cut", "trump C", "bid normal", "bid bettler", "pass", "pass", "pass", "pass", "pass")
    act(m, "JD / QH / AD")  # P JD, R QH (void in diamonds), F must beat: AD wins 2+3+11
    act(m, "TC / AC / JC")  # F TC, P must beat: AC; R JC. P takes it
    assert state(m).over and result(m).end == "bettler failed"
    assert result(m).game_points == (4, 0, 4, 0) and state(m).trick_no == 2


def test_no_doubling_of_shown_contracts() -> None:
    m = match()
    act(m, "cut", "trump H", "bid herrenschnapser", "pass", "pass", "pass")
    assert state(m).over and state(m).factor == 1


# ---------------------------------------------------------------- the contracts in play


def test_zehnergang_ten_beats_ace() -> None:
    # §8.9.5. R bids Zehnergang (T K Q J A, no trumps) and leads AS; D must beat it and can with
    # TS, KS or QS; his TS wins. R lost a trick: failed at once, 10 to side 1.
    hands = ["AC TC KC AD TD", "JS JC JD JH QC", "AS AH TH KH QH", "TS KS QS KD QD"]
    m = match(hands)
    act(m, "cut", "trump C", "bid normal", "pass", "bid zehnergang", "pass", "pass", "pass",
        "pass")
    s = state(m)
    assert s.to_act == 2 and s.active == (1, 2, 3)
    m.apply("play AS")
    assert legal(m) == ["play TS", "play KS", "play QS"]
    act(m, "play TS", "play JS")
    assert s.over and s.last_trick[1] == (3, cards_of_text("TS")[0])
    assert result(m).end == "zehnergang failed" and result(m).game_points == (0, 10, 0, 10)


# Deal for the Schnapser with a royal marriage (hearts trumps):
#   F: KH QH AH | TH AC    P: JH KC QC | JC TD    R: AS TS KS | QS JS    D: AD KD QD | JD TC
SCHNAPSER_B = ["KH QH AH TH AC", "JH KC QC JC TD", "AS TS KS QS JS", "AD KD QD JD TC"]


def test_schnapser_made_after_two_tricks_with_a_royal_marriage() -> None:
    # §8.9.6. Trick 1: F marries in trumps (40, pending: no trick yet) and leads QH; P must play
    # JH; R and D are void of hearts and trumps.   F takes 3+2+2+2 = 9, the 40 credited: 49.
    # Trick 2: F AH; P TD, R AS, D AD: 11+10+11+11 = 43: 92 >= 66 with every trick: made, 6.
    m = match(SCHNAPSER_B)
    act(m, "cut", "trump H", "bid schnapser", "pass", "pass", "pass", "pass", "pass")
    s = state(m)
    assert s.to_act == 0
    act(m, "marry QH", "play JH", "play JS", "play JD")
    assert s.points == [49, 0] and not s.over
    act(m, "AH / TD / AS / AD")
    assert s.over and s.points == [92, 0] and s.trick_no == 2
    assert result(m).end == "schnapser made" and result(m).game_points == (6, 0, 6, 0)


def test_schnapser_fails_on_trick_three_at_65() -> None:
    # §8.9.7. Hearts trumps; F leads his three trumps and wins every trick, but:
    #   trick 1  F AH, P QH, R AS, D JH   11+3+11+2 = 27
    #   trick 2  F TH, P JS, R TS, D QS   10+2+10+3 = 25   52
    #   trick 3  F KH, P JD, R KS, D QD   4+2+4+3   = 13   65 < 66 after three tricks: failed
    hands = ["AH TH KH AC TC", "QH JS JD KC QC", "AS TS KS AD TD", "JH QS QD KD JC"]
    m = match(hands)
    act(m, "cut", "trump H", "bid schnapser", "pass", "pass", "pass", "pass", "pass")
    act(m, "AH / QH / AS / JH", "TH / JS / TS / QS", "KH / JD / KS / QD")
    s = state(m)
    assert s.over and s.points == [65, 0] and s.tricks == [3, 0]
    assert result(m).end == "schnapser failed" and result(m).game_points == (0, 6, 0, 6)


def test_schnapser_marriage_reaching_66_at_a_lost_lead_fails() -> None:
    # §8.9.19. Trick 1: F AC, P QC, R TC, D JC: 11+3+10+2 = 26 to side 0. Trick 2: F marries in
    # trumps (40, credited at once: 66 at the lead) with KH, but P must beat it with AH and wins.
    hands = ["KH QH AC AD AS", "QC AH TD KD QD", "TC KC TS KS QS", "JC TH JH JD JS"]
    m = match(hands)
    act(m, "cut", "trump H", "bid schnapser", "pass", "pass", "pass", "pass", "pass")
    act(m, "AC / QC / TC / JC")
    m.apply("marry KH")
    s = state(m)
    assert s.points == [66, 0] and not s.over
    assert legal(m) == ["play AH"]
    act(m, "play AH", "play QS", "play TH")
    assert s.over and result(m).end == "schnapser failed"
    assert result(m).game_points == (0, 6, 0, 6)


def test_trump_contracts_solo() -> None:
    # §8.9.16: R's Schnapser is played by R alone, and R leads since F, his partner, sits out.
    m = match(trump_contracts_solo=True)
    act(m, "cut", "trump H", "bid normal", "pass", "bid schnapser", "pass", "pass")
    s = state(m)
    assert s.active == (1, 2, 3) and s.leader == 2 and s.trump == H
    act(m, "pass", "pass")
    assert s.to_act == 2
    # The Normal game is never solo.
    m = match(trump_contracts_solo=True)
    act(m, *NORMAL_A, "pass", "pass")
    assert state(m).active == (0, 1, 2, 3) and state(m).to_act == 0


# ---------------------------------------------------------------- the Normal game


def test_normal_game_without_a_claim_the_last_trick_wins_one() -> None:
    # §8.9.9 (see TRICKS_A above): side 1 takes the last trick with 30 points against 90.
    m = match()
    act(m, *NORMAL_A, "pass", "pass", *TRICKS_A)
    s = state(m)
    assert s.points == [90, 30] and s.tricks == [4, 1]
    assert result(m).end == "last trick" and result(m).game_points == (0, 1, 0, 1)


def test_normal_game_doubled_last_trick_scores_two() -> None:
    # §8.9.15: P kontra, F and R pass: x2, and the last trick's 1 becomes 2.
    m = match()
    act(m, *NORMAL_A, "kontra", "pass", "pass", *TRICKS_A)
    assert result(m).game_points == (0, 2, 0, 2)


def test_genug_correct_and_false() -> None:
    # Genug by R after trick 4 with 90: the opponents have no trick: 3 (schwarz).
    m = match()
    act(m, *NORMAL_A, "pass", "pass", *TRICKS_A[:4])
    assert "declare" in legal(m)
    m.apply("declare")
    assert result(m).end == "genug" and result(m).game_points == (3, 0, 3, 0)
    # §8.9.10: F claims after trick 1 with 18 points and one trick: the opponents score the
    # grade of the claimant's own count: 18 < 33 with a trick: 2.
    m = match()
    act(m, *NORMAL_A, "pass", "pass", TRICKS_A[0], "declare")
    assert result(m).end == "false genug" and result(m).game_points == (0, 2, 0, 2)
    m = match(false_enough="flat2")
    act(m, *NORMAL_A, "pass", "pass", *TRICKS_A[:2], "declare")  # 38 with 2 tricks
    assert result(m).game_points == (0, 2, 0, 2)
    m = match()
    act(m, *NORMAL_A, "pass", "pass", *TRICKS_A[:3])
    m.apply("declare")  # 57 with 3 tricks: graded 1
    assert result(m).game_points == (0, 1, 0, 1)


def test_declare_with_a_marriage_on_the_first_lead_is_false() -> None:
    # §8.9.18: no plain 'declare' before trick 2; 'declare QH' on the first lead shows a marriage
    # that is still pending (no trick), so the claim is false and the claimant has no trick: 3.
    hands = ["KH QH AC AD AS", "QC AH TD KD QD", "TC KC TS KS QS", "JC TH JH JD JS"]
    m = match(hands)
    act(m, "cut", "trump H", "bid normal", "pass", "pass", "pass", "pass", "pass")
    assert "declare" not in legal(m) and "declare QH" in legal(m)
    refused(m, "declare", "right after winning a trick")
    m.apply("declare KH")
    assert result(m).end == "false genug" and result(m).game_points == (0, 3, 0, 3)


def test_enough_by_defenders_off_lets_only_the_declarers_side_claim() -> None:
    m = match(enough_by_defenders=False)
    act(m, *NORMAL_A, "pass", "pass", *TRICKS_A[:4])  # R (declarer's side) leads: may claim
    assert "declare" in legal(m)
    # Side 1 wins trick 1 (hearts trumps): F leads JD, P (void) must trump: KH; R and D may play
    # any diamond, the trick being ruffed. P may not claim; by default he may.
    m = match(enough_by_defenders=False)
    act(m, *NORMAL_A, "pass", "pass", "JD / KH / KD / AD")
    assert state(m).to_act == 1 and "declare" not in legal(m)
    refused(m, "declare", "only the declarer's side")
    m = match()
    act(m, *NORMAL_A, "pass", "pass", "JD / KH / KD / AD")
    assert "declare" in legal(m)


def test_first_trick_visible_in_every_view() -> None:
    m = match()
    act(m, *NORMAL_A, "pass", "pass", TRICKS_A[0])
    first = parse_cards("AH QH JH JC")
    for seat in range(4):
        assert state(m).view(seat).first_tricks == (first, 0)
    act(m, *TRICKS_A[1:3])
    for seat in range(4):
        assert state(m).view(seat).first_tricks == (first, 0)
    m = match(first_trick_visible=False)
    act(m, *NORMAL_A, "pass", "pass", TRICKS_A[0])
    assert state(m).view(1).first_tricks == ()


def test_must_beat_partner_false_still_trumps_when_void() -> None:
    # §8.9.17. Hearts trumps. F leads AC; P, void in clubs, must trump: QH; R follows with a club
    # (the trick is ruffed: any club). D, P's partner, is void in clubs and holds TH KH JH:
    # without the duty to beat his partner he must still trump, with any trump, also JH below
    # P's QH; by default he must over-trump (TH or KH).
    hands = ["AC TC AH AD TD", "QH AS TS KS QS", "KC QC JC KD QD", "TH KH JH JS JD"]
    for beat, expected in ((False, {"play TH", "play KH", "play JH"}),
                           (True, {"play TH", "play KH"})):
        m = match(hands, must_beat_partner=beat)
        act(m, "cut", "trump H", "bid normal", "pass", "pass", "pass", "pass", "pass")
        act(m, "play AC", "play QH")
        assert set(legal(m)) == {"play KC", "play QC", "play JC"}
        m.apply("play JC")
        assert set(legal(m)) == expected


# ---------------------------------------------------------------- match and records


def _won(m: Match, points: tuple[int, int]) -> HandResult:
    gp = (points[0], points[1], points[0], points[1])
    res = HandResult(end="test", winners=(), game_points=gp, points=(0,) * 4, tricks=(0,) * 4)
    m.results.append(res)
    m.game.settle(m, res)
    return res


def test_match_to_24_schneider_and_retourschneider() -> None:
    # §8.9.11. 23-0, then 1 more: 24 wins, the losers have 0: a Schneider (2 Bummerl).
    m = Match(make_game("bauernschnapsen"), dealer=0)
    _won(m, (23, 0))
    assert not m.complete and m.score == [23, 0, 23, 0]
    _won(m, (1, 0))
    assert m.complete and m.winner == [0, 2]
    assert m.extra["bummerl"] == {"seats": [1, 3], "kind": "Schneider", "count": 2}
    # Side 0 led 23-0 and lost: a Retourschneider (4); off, a plain Bummerl.
    for retour, kind, count in ((True, "Retourschneider", 4), (False, "Bummerl", 1)):
        m = Match(make_game("bauernschnapsen", {"retourschneider": retour}), dealer=0)
        _won(m, (23, 0))
        _won(m, (0, 12))
        _won(m, (0, 12))
        assert m.complete and m.winner == [1, 3] and m.score == [23, 24, 23, 24]
        assert m.extra["bummerl"] == {"seats": [0, 2], "kind": kind, "count": count}
    # More than 24 at once also ends it.
    m = Match(make_game("bauernschnapsen"), dealer=0)
    _won(m, (20, 0))
    _won(m, (0, 3))
    _won(m, (6, 0))
    assert m.complete and m.score == [26, 3, 26, 3]
    assert m.extra["bummerl"]["kind"] == "Bummerl"


def test_score_direction_down() -> None:
    # §8.9.20: match.score shows the points still to go; 0 or below wins.
    m = Match(make_game("bauernschnapsen", {"score_direction": "down"}), dealer=0)
    assert m.score == [24, 24, 24, 24]
    _won(m, (6, 0))
    assert m.score == [18, 24, 18, 24]
    _won(m, (24, 0))
    assert m.complete and m.score == [-6, 24, -6, 24] and m.winner == [0, 2]


def _record(actions: list[str], **options: Any) -> dict[str, Any]:
    return {"game": "bauernschnapsen", "options": options,
            "hands": [{"dealer": 3, "deal": {"hands": [h.split() for h in DEAL_A]},
                       "actions": actions}]}


def test_replay_results_and_the_next_dealer() -> None:
    rec = _record(list(NORMAL_A) + ["kontra", "pass", "pass"]
                  + [a for t in TRICKS_A for a in ("play " + c.strip() for c in t.split("/"))])
    out = replay(rec, legal=True)
    assert out["hands"] == [{"complete": True, "points": [90, 30, 90, 30],
                             "tricks": [4, 1, 4, 1], "game_points": [0, 2, 0, 2],
                             "end": "last trick"}]
    assert out["match"] == {"score": [0, 2, 0, 2], "complete": False, "winner": None}
    assert out["next"] is None
    # §8.9.12: the next hand is dealt by seat 0, the dealer's left; naming seat 3 is rejected.
    rec["hands"].append({"dealer": 3, "seed": 1, "actions": []})
    with pytest.raises(RecordError, match="seat 0 deals this hand"):
        replay(rec)
    rec["hands"][-1]["dealer"] = 0
    assert replay(rec, legal=True)["next"] == {"to_act": 3, "legal": ["cut", "knock"]}
    # §8.9.21: retourschneider and first_trick_visible change nothing in the result.
    for options in ({"retourschneider": False}, {"first_trick_visible": False}):
        again = copy.deepcopy(rec)
        again["options"] = options
        assert replay(again, legal=True) == replay(rec, legal=True)
    # §8.9.20 in a replay: under "down" the score shows the points to go.
    down = copy.deepcopy(rec)
    down["options"] = {"score_direction": "down"}
    assert replay(down)["match"]["score"] == [24, 22, 24, 22]


def test_bad_deals_and_actions_in_records() -> None:
    rec = _record(["cut", "trump S"])
    with pytest.raises(RecordError, match="name a suit you hold") as e:
        replay(rec)
    assert (e.value.hand, e.value.action) == (0, 1)
    rec = _record([])
    rec["hands"][0]["deal"]["turnup"] = "JC"
    with pytest.raises(RecordError):
        replay(rec)
    rec = _record([])
    rec["hands"][0]["deal"]["hands"][0] = ["AH", "TH", "KC", "QS"]
    rec["hands"][0]["deal"]["hands"][1].append("JD")
    with pytest.raises(RecordError, match="seat 0 must be dealt 5 cards, not 4"):
        replay(rec)
    assert replay(_record([]))["hands"][0]["complete"] is False


def test_bid_actions_parse_and_every_contract_is_a_row() -> None:
    g = make_game("bauernschnapsen")
    assert [c.index for c in g.contracts] == list(range(10))
    s = State.new(g, 3, deal(DEAL_A))
    for a in ("cut", "trump H"):
        s.apply(a)
    assert all(is_contract_bid(a) for a in s.legal_actions())
    s.apply("Bid Normal")
    assert PASS in s.legal_actions()


# ---------------------------------------------------------------- perft


def test_perft_from_the_deal_and_from_the_first_lead() -> None:
    # From the deal (deal A, dealer 3), every action counted:
    #   depth 1: cut, knock = 2.   depth 2: F names C or H (his first packet AH TH KC) or turns:
    #   2·3 = 6.   depth 3: F's opening bids: normal, bettler, schnapser, gang, zehnergang,
    #   bauernschnapser, herrenschnapser = 7: 42.   depth 4: P's answers, by F's bid (P may bid
    #   bettler, gang, zehnergang, kontraschnapser, farbengang, kontrabauernschnapser above it,
    #   never hold against F, or pass): 7+6+6+5+4+3+1 = 32 per trump: 2·3·32 = 192.
    g = make_game("bauernschnapsen")
    s = State.new(g, 3, deal(DEAL_A))
    assert [perft(s, d) for d in range(1, 10)] == [2, 6, 42, 192, 510, 1620, 4314, 9186, 16836]
    # From F's first lead in the Normal game, hearts trumps (no claim before trick 2):
    #   depth 1: his 5 cards.   depth 2: P's follows: AH → KH QH, TH → KH QH, KC → AC TC (must
    #   beat), QS → JS, JD → KH QH (void: must trump): 9.   depth 3: R's: after AH or TH only JH
    #   (2+2); after KC, void, must trump with JH (2); after QS must beat his partner with AS or TS
    #   (2); after JD and a trump, any diamond KD QD (2+2): 12.
    for a in NORMAL_A + ("pass", "pass"):
        s.apply(a)
    assert [perft(s, d) for d in range(1, 9)] == [5, 9, 12, 34, 188, 252, 528, 1024]


# ---------------------------------------------------------------- computer players


def _choose(m: Match, spec: str = "casual", seed: int = 0) -> str:
    import random

    from sixtysix.bots import make_bot
    from sixtysix.engine.actions import action_str
    s = state(m)
    return action_str(make_bot(spec).choose(s.view(s.to_act), random.Random(seed)))


def test_the_heuristic_bids_what_its_hand_makes() -> None:
    # Five hearts: a Herrenschnapser for F.
    hands = ["AH TH KH QH JH", "AC TC KC QC JC", "AS TS KS QS JS", "AD TD KD QD JD"]
    m = match(hands)
    act(m, "cut", "trump H")
    assert _choose(m) == "bid herrenschnapser"
    # Otherwise F opens with the Normal game; P, with five clubs, shows a Farbengang.
    m = match(hands)
    act(m, "cut", "trump H", "bid normal")
    assert _choose(m) == "bid farbengang"
    # A hand of top cards (AS TS / AH TH / AD): a Gang; R, with nothing, passes.
    m = match(["AC QS JS QC JC", "AS TS AH TH AD", "KC TC KH QH JH", "TD KD QD JD KS"])
    act(m, "cut", "trump C", "bid normal")
    assert _choose(m) == "bid gang"
    m.apply("bid gang")
    assert _choose(m) == "pass"
    # Against a lone Gang, R holds the top clubs: no kontra, since the declarer bid it on winners
    # and holds no club for them to beat (1,000 casual auctions: every doubled Gang was made).
    m = match(["KC QS JS QC JC", "AS TS AH TH AD", "AC TC KH QH JH", "TD KD QD JD KS"])
    act(m, "cut", "trump C", "bid normal", "bid gang", "pass", "pass", "pass")
    assert state(m).to_act == 2 and _choose(m) == "pass"


def test_a_bettler_declarer_plays_under() -> None:
    # P's Bettler (deal of the Bettler test): following F's lead of a diamond he plays his
    # highest card that does not win.
    hands = ["AC TC KC AD TD", "JC JD JH JS QC", "AH TH KH QH KD", "AS TS KS QS QD"]
    m = match(hands)
    act(m, "cut", "trump C", "bid normal", "bid bettler", "pass", "pass", "pass", "pass", "pass")
    act(m, "JC / KD / KC")  # F takes it and leads
    m.apply("play AD")
    assert state(m).to_act == 1 and _choose(m) == "play JD"
    m.apply("play JD")
    m.apply("play QH")
    m.apply("play TC")  # F leads TC: P must follow with QC, his only club
    assert _choose(m) == "play QC"


@pytest.mark.parametrize("spec", ["ismcts:iterations=60", "pimc:worlds=4,playouts=2", "beginner"])
def test_search_bots_play_every_phase_from_views(spec: str) -> None:
    import random

    from sixtysix.bots import make_bot
    bot = make_bot(spec)
    rng = random.Random(5)
    phases = set()
    for seed in range(3):
        m = Match(make_game("bauernschnapsen"), dealer=seed)
        s = m.deal_hand(seed=seed)
        while not s.over:
            phases.add(s.phase)
            v = s.view(s.to_act)
            a = bot.choose(v, rng)
            assert a in s.legal_actions()
            m.apply(a)
    assert {PH_DEAL_CHOICE, PH_TRUMP, PH_CONTRACTS, PH_DOUBLING, PH_PLAY} <= phases


SOLO_HANDS = ["AC TC KC AD TD", "JC JD JH JS QC", "AH TH KH QH KD", "AS TS KS QS QD"]
SOLO_BID = ("cut", "trump C", "bid normal", "bid bettler", "pass", "pass", "pass", "pass", "pass")


def test_views_and_determinizations_of_a_solo() -> None:
    # P's Bettler, undoubled: D's cards lie face down, so F's view holds them among the unseen
    # cards (D's five and the other ten in play), and a determinization deals them anew.
    import random
    m = match(SOLO_HANDS)
    act(m, *SOLO_BID)
    v = state(m).view(0)
    assert v.contract is not None and v.contract.name == "bettler" and v.declarer == 1
    assert v.known[3] == 0 and v.active == (0, 1, 2)
    assert v.unseen() == parse_cards(" ".join(SOLO_HANDS[1:]))
    moved = False
    for k in range(20):
        d = v.determinize(random.Random(k))
        assert d.hands[0] == state(m).hands[0] and d.hands[3].bit_count() == 5
        assert d.view(0) == v and d.to_act == 1 and d.active == (0, 1, 2)
        assert d.rules is state(m).rules and d.trump == -1
        moved |= d.hands[3] != state(m).hands[3]
    assert moved


def test_solo_partner_open_lays_the_cards_face_up() -> None:
    # The [R] option: D's cards are public, in every seat's view; a determinization keeps them.
    import random
    m = match(SOLO_HANDS, solo_partner_open=True)
    act(m, *SOLO_BID)
    s = state(m)
    assert all(s.view(seat).known[3] == parse_cards(SOLO_HANDS[3]) for seat in range(4))
    v = s.view(0)
    assert v.unseen() == parse_cards(" ".join(SOLO_HANDS[1:3]))
    for k in range(5):
        assert v.determinize(random.Random(k)).hands[3] == s.hands[3]
    # A non-solo contract leaves the partner in play, his cards hidden as usual.
    m = match(SOLO_HANDS, solo_partner_open=True)
    act(m, "cut", "trump C", "bid normal", "pass", "pass", "pass")
    assert state(m).view(0).known[2] == 0


@pytest.mark.parametrize("open_", [False, True])
def test_seat_records_and_encoding_of_a_solo(open_: bool) -> None:
    # Seat records (records.md §7) write D's cards '??' for F, P and R while they lie face down,
    # and as dealt when they lie face up; D's own record has them. The learning encoding's
    # "known" block holds them only face up.
    from sixtysix.research.encoding import ObservationEncoder
    m = match(SOLO_HANDS, solo_partner_open=open_)
    act(m, *SOLO_BID, "play JC")
    rec = m.record()
    for seat in range(4):
        hand_d = seat_record(rec, seat)["hands"][-1]["deal"]["hands"][3]
        want = SOLO_HANDS[3].split() if open_ or seat == 3 else ["??"] * 5
        assert hand_d == want
        # The seat record replays (sixtysix/hidden.py fills the '??' places consistently).
        assert replay(seat_record(rec, seat), legal=True)["next"]["to_act"] == 2
    v = state(m).view(0)
    vec = ObservationEncoder(m.game).encode(v, [-1] * len(v.history))  # actors: not needed
    d_block = 64 + 2 * 64  # hand, then known cards of seats 1, 2, 3 (relative to seat 0)
    assert [c for c in range(64) if vec[d_block + c]] == (
        sorted(cards_of(parse_cards(SOLO_HANDS[3]))) if open_ else [])


# ---------------------------------------------------------------- invariants over random hands


@pytest.mark.parametrize("options", [{}, {"trump_contracts_solo": True, "must_beat_partner": False,
                                          "allow_knock_deal": False}])
def test_random_hands_keep_the_contracts_promises(options: dict[str, Any]) -> None:
    import random
    g = make_game("bauernschnapsen", options)
    rng = random.Random(11)
    seen = set()
    for k in range(300):
        m = Match(g, dealer=k % 4)
        s = m.deal_hand(seed=rng.randrange(2**31))
        partner_hand = -1
        while not s.over:
            if s.phase == PH_PLAY and s.contract is not None and s.contract.solo:
                partner = (s.declarer + 2) % 4
                partner_hand = s.hands[partner] if partner_hand < 0 else partner_hand
                assert s.hands[partner] == partner_hand and s.to_act != partner
                assert len(s.trick) < 3
            acts = s.legal_actions()
            # Bid at random, but mostly pass, so that every contract comes up.
            m.apply(PASS if PASS in acts and rng.random() < 0.6 else rng.choice(acts))
        c = s.contract
        assert c is not None
        seen.add(c.name)
        res = result(m)
        won = [p for p in range(4) if res.game_points[p]]
        d = s.rules.sides[s.declarer]
        gp = max(res.game_points)
        if c.name == "normal":
            assert gp in (s.factor, 2 * s.factor, 3 * s.factor)
            if res.end == "last trick":
                assert s.trick_no == 5 and s.rules.sides[won[0]] == s.rules.sides[s.leader]
            continue
        assert gp == c.value * s.factor and len(won) == 2
        made = s.rules.sides[won[0]] == d
        assert res.end == f"{c.name} {'made' if made else 'failed'}"
        assert isinstance(res.end, ContractEnd) and (res.end.contract, res.end.made) == (c.name, made)
        if c.shown:
            assert s.trick_no == 0 and s.factor == 1
        elif c.name == "bettler":
            assert made == (s.tricks[d] == 0 and s.trick_no == 5)
            assert made or s.tricks[d] == 1  # it ends at his first trick
        elif c.name in ("schnapser", "kontraschnapser"):
            assert made == (s.tricks[1 - d] == 0 and s.points[d] >= 66)
            assert s.trick_no <= 3
        else:
            assert made == (s.tricks[1 - d] == 0 and s.trick_no == 5)
            assert made or s.tricks[1 - d] == 1  # it ends at the first trick lost
    assert len(seen) == 10, seen


@pytest.mark.parametrize("open_", [False, True])
def test_the_terminal_shows_the_solo_partners_cards_only_face_up(open_: bool) -> None:
    from sixtysix.cli.contracts import contract_lines
    m = match(SOLO_HANDS, solo_partner_open=open_)
    act(m, *SOLO_BID)
    names = ["North", "East", "South", "West"]
    text = "\n".join(str(t) for t in contract_lines(state(m).view(0), names))
    assert "bettler by East" in text
    if open_:
        assert "West's cards, face up" in text and "face down" not in text
    else:
        assert "West sits out, his cards face down" in text and "face up" not in text
