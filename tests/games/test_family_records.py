"""The four games through the record contract (records.md §3, §5, §6): explicit deals in JSON,
actions as text, results and next legal actions as records.md fixes them."""

from __future__ import annotations

import pytest

import sixtysix

STOCK = ["TS", "9C", "AS", "QD", "9S", "QH", "JH", "KD", "TC", "TH", "AH"]


def test_three_hand_dealer_holds_nothing_and_copies() -> None:
    # Dealer 2 is dealt []; seat 1 takes JS with JC (clubs trumps), draws and claims falsely
    # with 4: seat 0 scores 2 and the dealer copies 2.
    rec = {"game": "three-hand-sixty-six", "hands": [{
        "dealer": 2,
        "deal": {"hands": [["KH", "AC", "9H", "JS", "QS", "JD"],
                           ["TD", "AD", "9D", "JC", "KC", "KS"], []],
                 "turnup": "QC", "stock": STOCK},
        "actions": ["play JS", "play JC", "draw", "declare"]}]}
    out = sixtysix.replay(rec, legal=True)
    assert out["hands"][0]["game_points"] == [2, 0, 2]
    assert out["hands"][0]["end"] == "false claim"
    assert out["match"] == {"score": [2, 0, 2], "complete": False, "winner": None}
    assert out["next"] is None


def test_three_player_turn_and_marriage_offer() -> None:
    # No turn-up in the deal: forehand turns his fourth listed card (JD), then leads; he may
    # declare his heart marriage with either card.
    rec = {"game": "three-player-sixty-six", "hands": [{
        "dealer": 2,
        "deal": {"hands": [h.split() for h in ["9C JC 9D JD KH QH JH 9H",
                                               "AH TH AC TC AD TD QS JS",
                                               "AS TS KS 9S KC QC KD QD"]], "stock": []},
        "actions": ["turn"]}]}
    out = sixtysix.replay(rec, legal=True)
    assert out["match"]["score"] == [20, 20, 20]
    assert out["next"]["to_act"] == 0
    assert {"marry KH", "marry QH", "play JD"} <= set(out["next"]["legal"])


def test_four_hand_pagat_deferred_marriage_order() -> None:
    # records.md §5: 'defer', the partner's 'marry QS', the leader's lead; the partner then plays
    # the card he named.
    rec = {"game": "four-hand-sixty-six", "options": {"variant": "pagat"}, "hands": [{
        "dealer": 3,
        "deal": {"hands": [h.split() for h in ["AS AH TH AD TD AC", "TS 9H JH 9D JD TC",
                                               "KS QS KC QC KH JC", "JS 9S QH KD QD 9C"]],
                 "turnup": "9C", "stock": []},
        "actions": ["defer", "marry QS", "play AS", "play TS"]}]}
    out = sixtysix.replay(rec, legal=True)
    assert out["next"] == {"to_act": 2, "legal": ["play QS"]}
    bad = dict(rec)
    bad["hands"] = [dict(rec["hands"][0], actions=["defer", "marry QS", "marry KC"])]
    with pytest.raises(sixtysix.RecordError):
        sixtysix.replay(bad)


def test_four_hand_turnup_must_be_the_dealers_last_card() -> None:
    hands = [h.split() for h in ["AC 9C QC JC AD TD KD QD", "9H AH KH AS TS KS QS JS",
                                 "KC TC 8C 7C JD 9D 8D 7D", "TH QH JH 8H 9S 8S 7S 7H"]]
    rec = {"game": "four-hand-sixty-six",
           "hands": [{"dealer": 3, "deal": {"hands": hands, "turnup": "TH", "stock": []},
                      "actions": []}]}
    with pytest.raises(sixtysix.RecordError):
        sixtysix.replay(rec)
    rec["hands"][0]["deal"]["turnup"] = "7H"
    assert sixtysix.replay(rec, legal=True)["next"]["to_act"] == 0


def test_schnapsen_counts_down() -> None:
    rec = {"game": "schnapsen", "hands": [{"dealer": 1, "seed": 3, "actions": []}]}
    out = sixtysix.replay(rec, legal=True)
    assert out["match"]["score"] == [7, 7] and out["next"]["to_act"] == 0


def test_gaigel_record_knock_and_next_hand() -> None:
    # records.md §5 "the meld games": 5 cards each, the turn-up, a stock of 27. Trumps clubs.
    # Trick 1: Ge-Elfen AH + AS + TS + KS = 36 (seat 0 wins); seat 0 melds both heart pairs
    # (40) and leads KH; 7S, TH, AD: 4 + 0 + 10 + 11 = 25 to seat 2: 36 + 40 + 25 = 101.
    # Seat 2 knocks; the opponents have 0 points: a Gaigel, 2 game points to seats 0 and 2.
    hands = ["AH KH KH QH QH", "AS TD 7S JS JD", "TS TH JC JC 7H", "KS AD 7D QS QD"]
    named = [c for h in hands for c in h.split()] + ["TC"]
    pack = [r + s for s in "CDHS" for r in "ATKQJ7" for _ in range(2)]
    for c in named:
        pack.remove(c)
    rec = {"game": "gaigel", "hands": [{
        "dealer": 3,
        "deal": {"hands": [h.split() for h in hands], "turnup": "TC", "stock": pack},
        "actions": ["open ge-elfen AH", "play AS", "play TS", "play KS", "marry double KH",
                    "play 7S", "play TH", "play AD", "declare"]}]}
    assert len(pack) == 27
    out = sixtysix.replay(rec, legal=True)
    assert out["hands"] == [{"complete": True, "points": [101, 0, 101, 0], "tricks": [2, 0, 2, 0],
                             "game_points": [2, 0, 2, 0], "end": "gaigel"}]
    assert out["match"] == {"score": [2, 0, 2, 0], "complete": False, "winner": None}
    assert out["next"] is None
    # The next hand is dealt by seat 0; forehand (seat 1) opens.
    rec["hands"].append({"dealer": 0, "seed": 11, "actions": []})
    out = sixtysix.replay(rec, legal=True)
    assert out["next"]["to_act"] == 1
    assert all(t.startswith("open ") for t in out["next"]["legal"])
