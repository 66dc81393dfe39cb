"""Dreierschnapsen (rules/dreierschnapsen.md): the deal and the talon of two, trumps from the first
packet, the auction with the dealer's partner, doubling, the talon taken or left, contracts made
and failed and how they pay, the match. Explicit deals worked out by hand.

Seats: the dealer is seat 2, so forehand F = 0, middlehand M = 1 (the dealer's partner), D = 2.
Card points: A 11, T 10, K 4, Q 3, J 2.
"""

from __future__ import annotations

from typing import Any

import pytest
from games_util import act, cards, refused, result, state

from sixtysix.cards import PACK_20, SUIT_MASK, cards_of
from sixtysix.engine.match import Match
from sixtysix.engine.phases import PH_CONTRACTS, PH_DOUBLING, PH_PLAY, PH_TALON, PH_TRUMP
from sixtysix.engine.state import Deal, HandResult
from sixtysix.games import make_game

H = 2

# F holds four hearts (the jack is in the talon) and two spades; M all five clubs and the ace of
# diamonds; D the other diamonds and two spades. First packets: the first three listed.
#   F: AH TH KH | QH AS TS     M: AC TC KC | QC JC AD     D: TD KD QD | JD KS QS     talon: JH JS
HANDS = ["AH TH KH QH AS TS", "AC TC KC QC JC AD", "TD KD QD JD KS QS"]
TALON = "JH JS"


def deal(hands: list[str] = HANDS, talon: str = TALON) -> Deal:
    d = Deal(hands=tuple(cards(h) for h in hands), turnup=None, stock=cards(talon))
    assert sorted(c for h in d.hands for c in h) == sorted(
        set(cards_of(PACK_20)) - set(d.stock)), "a test deal must be the 20-card pack"
    return d


def match(**options: Any) -> Match:
    m = Match(make_game("dreierschnapsen", dict(options)), dealer=2)
    m.deal_hand(deal=deal())
    return m


# ---------------------------------------------------------------------- deal and trumps

def test_the_deal_is_three_each_two_to_the_talon_three_each() -> None:
    g = make_game("dreierschnapsen")
    deck = list(cards_of(PACK_20))
    d = g.deal_from_deck(deck, dealer=2, active=(0, 1, 2))
    # Forehand (seat 0) gets the first three cards and the first three after the talon.
    assert [[deck.index(c) for c in h] for h in d.hands] == [
        [0, 1, 2, 11, 12, 13], [3, 4, 5, 14, 15, 16], [6, 7, 8, 17, 18, 19]]
    assert d.stock == (deck[9], deck[10]) and d.turnup is None
    with pytest.raises(ValueError, match="talon of two"):
        g.check_deal(Deal(hands=d.hands, turnup=None, stock=()), 2, (0, 1, 2))


def test_forehand_names_trumps_from_his_first_three_or_turns_his_fourth() -> None:
    m = match()
    assert state(m).phase == PH_TRUMP and state(m).to_act == 0
    refused(m, "trump C", "name a suit you hold among your first cards")
    m.apply("turn")  # his fourth card, QH
    assert state(m).trump == H and state(m).phase == PH_CONTRACTS


# ---------------------------------------------------------------------- the auction

def test_forehand_opens_and_may_not_pass() -> None:
    m = match()
    m.apply("trump H")
    refused(m, "pass", "may not pass")


def test_schnapser_is_forehands_and_the_kontra_contracts_the_dealers_side() -> None:
    m = match()
    act(m, "trump H", "bid normal")
    refused(m, "bid schnapser", "only forehand may bid schnapser; you are middlehand")
    m.apply("bid kontraschnapser")  # M, the dealer's partner
    assert state(m).bidding[:2] == (5, 1)


def test_kontra_by_dealer_leaves_the_kontra_contracts_to_the_dealer_alone() -> None:
    m = match(kontra_by="dealer")
    act(m, "trump H", "bid normal")
    refused(m, "bid kontraschnapser", "may bid kontraschnapser")
    act(m, "pass", "bid kontraschnapser")  # D may
    assert state(m).bidding[:2] == (5, 2)


def test_priority_lets_forehand_hold_a_contract_but_not_the_dealer() -> None:
    m = match()
    act(m, "trump H", "bid normal", "bid gang")  # M bids Gang
    refused(m, "bid gang", "priority")  # D, after M, must go higher
    act(m, "pass", "bid gang")  # F holds at Gang
    act(m, "pass")  # M passes too: the two others have passed
    assert state(m).declarer == 0 and state(m).contract is not None
    assert state(m).contract.name == "gang" and state(m).phase == PH_DOUBLING


# ---------------------------------------------------------------------- shown contracts

def test_farbengang_is_shown_and_made_at_once() -> None:
    m = match()
    act(m, "trump H", "bid normal", "bid farbengang", "pass", "pass")
    r = result(m)
    assert r.end == "farbengang made" and r.game_points == (0, 18, 0)


def test_a_herrenschnapser_without_all_five_trumps_pays_each_defender() -> None:
    # F has four hearts: the jack lies in the talon. Both defenders score 24 and win the match
    # together; F, without a point, gets a Schneider.
    m = match()
    act(m, "trump H", "bid herrenschnapser", "pass", "pass")
    assert result(m).end == "herrenschnapser failed"
    assert result(m).game_points == (0, 24, 24)
    assert m.complete and m.winner == [1, 2]
    assert m.extra["bummerl"] == {"seats": [0], "kind": "Schneider", "count": 2}


# ---------------------------------------------------------------------- doubling and the talon

def test_the_declarer_takes_the_talon_unseen_by_the_others() -> None:
    m = match()
    act(m, "trump H", "bid gang", "pass", "pass")
    act(m, "pass", "pass")  # M and D, the defenders, do not double
    s = state(m)
    assert s.phase == PH_TALON and s.to_act == 0
    talon = sum(1 << c for c in cards(TALON))
    assert s.view(1).facedown == 2 and not s.view(1).seen & talon
    m.apply("draw")
    assert s.hands[0].bit_count() == 8 and s.phase == PH_PLAY and s.to_act == 0
    for seat in (1, 2):
        v = s.view(seat)
        assert v.hand_sizes[0] == 8 and v.facedown == 0 and not v.seen & talon
    assert s.view(0).seen & talon == talon


def test_six_tricks_end_the_hand_with_two_cards_left_over() -> None:
    # Gang (no trumps): F, with the talon, leads his six hearts and spades... five hearts win
    # (nobody else holds one), then AS beats D's spades. TS and JS are left over and count for
    # nobody.
    m = match()
    act(m, "trump H", "bid gang", "pass", "pass", "pass", "pass", "draw")
    act(m, "AH / JC / JD", "TH / QC / QD", "KH / KC / KD", "QH / TC / TD", "JH / AC / QS",
        "AS / AD / KS")
    s = state(m)
    assert s.over and s.hands[0] == sum(1 << c for c in cards("TS JS"))
    assert result(m).end == "gang made" and result(m).game_points == (9, 0, 0)


def test_leaving_the_talon_and_the_lead_of_a_kontraschnapser() -> None:
    # D's Kontraschnapser is played against forehand's trumps, and forehand leads.
    m = match()
    act(m, "trump H", "bid normal", "pass", "bid kontraschnapser", "pass")
    act(m, "pass", "pass")  # F and M, in playing order from D's left
    s = state(m)
    assert s.phase == PH_TALON and s.to_act == 2
    m.apply("pass")
    assert s.phase == PH_PLAY and s.to_act == 0 and s.view(0).facedown == 2


def test_compulsory_talon_and_no_talon() -> None:
    m = match(talon="compulsory")
    act(m, "trump H", "bid gang", "pass", "pass", "pass", "pass")
    refused(m, "pass", "must take the talon")
    m = match(talon="none")
    act(m, "trump H", "bid gang", "pass", "pass", "pass", "pass")
    assert state(m).phase == PH_PLAY and state(m).hands[0].bit_count() == 6


def test_kontra_rekontra_subkontra_multiply_a_bettler_by_eight() -> None:
    # D plays a Bettler, doubled three times; leading low, he never wins a trick: 4 x 8 = 32,
    # the match.
    m = match()
    act(m, "trump H", "bid normal", "pass", "bid bettler", "pass")
    act(m, "kontra", "rekontra", "subkontra")  # F, then D, then F who said kontra
    assert state(m).factor == 8
    act(m, "draw")
    act(m, "JD / AS / AD")  # D leads, F and M follow: M must beat with AD
    act(m, "JC / KD / TS", "QC / QD / AH", "KC / TD / TH", "TC / KS / KH", "AC / QS / QH")
    r = result(m)
    assert r.end == "bettler made" and r.game_points == (0, 0, 32)
    assert "x8 (subkontra) = 32" in r.detail and m.winner == [2]


# ---------------------------------------------------------------------- the Normal game and Schnapser

def _normal_to_first_trick(m: Match) -> None:
    act(m, "trump H", "bid normal", "pass", "pass", "pass", "pass", "draw")
    act(m, "marry QH")  # 40 pending until F takes a trick
    refused(m, "declare", "only right after winning a trick")
    act(m, "play JC", "play JD")  # F wins 3 + 2 + 2 = 7, and the 40: 47


def test_genug_with_66_and_no_trick_against_scores_three() -> None:
    m = match()
    _normal_to_first_trick(m)
    act(m, "AS / QC / KS", "TS / KC / QS")  # 18 and 17: 82
    m.apply("declare")
    assert result(m).end == "genug" and result(m).game_points == (3, 0, 0)


def test_a_false_genug_pays_each_defender_on_the_claimants_count() -> None:
    m = match()
    _normal_to_first_trick(m)
    m.apply("declare")  # 47 with one trick: graded 1
    assert result(m).end == "false genug" and result(m).game_points == (0, 1, 1)
    m = match(false_enough="flat2")
    _normal_to_first_trick(m)
    m.apply("declare")
    assert result(m).game_points == (0, 2, 2)


def test_a_schnapser_is_made_once_three_tricks_bring_66() -> None:
    m = match()
    act(m, "trump H", "bid schnapser", "pass", "pass", "pass", "pass", "draw")
    act(m, "marry QH", "play JC", "play JD", "AS / QC / KS")  # 47, then 65: not yet
    assert not state(m).over
    act(m, "TS / KC / QS")  # 82 with every trick
    assert result(m).end == "schnapser made" and result(m).game_points == (6, 0, 0)


# ---------------------------------------------------------------------- the match

def _hand(*game_points: int) -> HandResult:
    return HandResult(end="test", winners=(), game_points=game_points, points=(0, 0, 0),
                      tricks=(0, 0, 0))


@pytest.mark.parametrize(("retour", "kind", "count"),
                         [(True, "Retourschneider", 4), (False, "Bummerl", 1)])
def test_losing_at_23_to_a_winner_without_a_point(retour: bool, kind: str, count: int) -> None:
    g = make_game("dreierschnapsen", {"retourschneider": retour})
    m = Match(g, dealer=2)
    g.settle(m, _hand(23, 23, 0))
    assert not m.complete and m.dealer == 0
    g.settle(m, _hand(0, 0, 24))
    assert m.complete and m.winner == [2]
    assert m.extra["bummerl"] == {"seats": [0, 1], "kind": kind, "count": count}


def test_the_bummerl_goes_to_the_player_with_the_fewest_points() -> None:
    g = make_game("dreierschnapsen")
    m = Match(g, dealer=2)
    g.settle(m, _hand(3, 0, 0))
    g.settle(m, _hand(0, 0, 24))
    assert m.winner == [2] and m.extra["bummerl"] == {"seats": [1], "kind": "Schneider",
                                                       "count": 2}


def test_counting_down_shows_the_points_still_to_go() -> None:
    g = make_game("dreierschnapsen", {"score_direction": "down", "target": 10})
    m = Match(g, dealer=2)
    assert m.score == [10, 10, 10]
    g.settle(m, _hand(0, 6, 6))
    assert m.score == [10, 4, 4] and not m.complete
    g.settle(m, _hand(12, 0, 0))
    assert m.score == [-2, 4, 4] and m.winner == [0]


def test_suits_of_the_pack() -> None:
    # Farbengang and Herrenschnapser count five cards of a suit: the 20-card pack has five.
    assert all((PACK_20 & SUIT_MASK[t]).bit_count() == 5 for t in range(4))
