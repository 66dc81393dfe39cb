"""Records and replay (records.md): the contract outside tools check the engine through."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from deal_helpers import RECORDS_MD_EXAMPLE

import sixtysix
from sixtysix.engine import Match
from sixtysix.engine.ends import ContractEnd, GameEnd, HandEnd
from sixtysix.engine.match import deal_to_json
from sixtysix.engine.state import PH_TRUMP
from sixtysix.games import GAMES, make_game
from sixtysix.records import load_record, match_from_record, seat_record

EXAMPLE = RECORDS_MD_EXAMPLE


def test_next_is_absent_without_legal() -> None:
    assert "next" not in sixtysix.replay(EXAMPLE)


def test_draw_may_be_left_out() -> None:
    rec = copy.deepcopy(EXAMPLE)
    rec["hands"][0]["actions"] = ["play AS", "play 9H", "exchange", "marry KS"]
    assert sixtysix.replay(rec)["hands"][0]["points"] == [31, 0]


def test_input_is_case_insensitive_and_accepts_symbols() -> None:
    rec = copy.deepcopy(EXAMPLE)
    rec["hands"][0]["actions"] = ["PLAY a♠", "play 9h", "Draw", "EXCHANGE", "marry k♠"]
    assert sixtysix.replay(rec)["hands"][0]["points"] == [31, 0]


def _error(rec: dict[str, Any]) -> sixtysix.RecordError:
    with pytest.raises(sixtysix.RecordError) as info:
        sixtysix.replay(rec)
    return info.value


@pytest.mark.parametrize("mutate, hand, action, words", [
    (lambda r: r.update(game="skat"), None, None, "unknown game 'skat'"),
    (lambda r: r.update(options={"nine_exchange": "x"}), None, None, "unknown option 'nine_exchange'"),
    (lambda r: r.update(options={"target": "seven"}), None, None, "option 'target' takes a whole number"),
    (lambda r: r["hands"][0]["deal"]["hands"][0].__setitem__(0, "AH"), 0, None, "too many AH"),
    (lambda r: r["hands"][0]["deal"]["hands"][0].pop(), 0, None, "missing 9D"),
    (lambda r: r["hands"][0]["deal"]["hands"][0].__setitem__(0, "XX"), 0, None, "not a card"),
    (lambda r: r["hands"][0].pop("dealer"), 0, None, "needs 'dealer'"),
    (lambda r: r["hands"][0].update(seed=5), 0, None, "either 'deal' or 'seed'"),
    (lambda r: r["hands"][0]["actions"].__setitem__(1, "play 9D"), 0, 1, "you do not hold 9D"),
    (lambda r: r["hands"][0]["actions"].__setitem__(4, "marry KH"), 0, 4, "do not hold KH"),
    (lambda r: r["hands"][0]["actions"].append("fly"), 0, 5, "unknown action 'fly'"),
    (lambda r: r["hands"][0]["actions"].__setitem__(0, "exchange"), 0, 0,
     "you must have won a trick before exchanging"),
])
def test_errors_locate_the_fault_in_words(mutate: Any, hand: int | None, action: int | None,
                                          words: str) -> None:
    rec = copy.deepcopy(EXAMPLE)
    mutate(rec)
    err = _error(rec)
    assert (err.hand, err.action) == (hand, action)
    assert words in err.message
    assert isinstance(err, ValueError)


def test_strict_follow_error_names_the_suit_and_the_cards() -> None:
    # Ann closes on the first lead (allowed by default), so strict play holds from trick 1. She
    # leads 9H; Bob holds five hearts and must follow (and beat): 9D is refused.
    rec = copy.deepcopy(EXAMPLE)
    rec["hands"][0]["deal"]["hands"] = [["AS", "TS", "KS", "QS", "JS", "9H"],
                                        ["AH", "TH", "KH", "QH", "JH", "9D"]]
    rec["hands"][0]["actions"] = ["close", "play 9H", "play 9D"]
    err = _error(rec)
    assert (err.hand, err.action) == (0, 2)
    assert err.message == "must follow suit: hearts were led and you hold JH QH KH TH AH"


def test_hand_after_the_match_is_over_is_an_error() -> None:
    game = make_game("sixty-six", {"target": 1})
    m = Match(game, dealer=0)
    rng = random.Random(4)
    while not m.complete:
        m.deal_hand(rng=rng)
        while m.in_hand:
            m.apply(rng.choice(m.legal_actions()))
    rec = m.record()
    rec["hands"].append({"seed": 1, "actions": []})
    err = _error(rec)
    assert err.hand == len(rec["hands"]) - 1 and "already over" in err.message


def test_wrong_dealer_for_a_later_hand() -> None:
    m = Match(make_game("sixty-six"), dealer=0)
    rng = random.Random(2)
    m.deal_hand(rng=rng)
    while m.in_hand:
        m.apply(rng.choice(m.legal_actions()))
    m.deal_hand(seed=9)
    rec = m.record()
    rec["hands"][1]["dealer"] = 0  # alternate: seat 1 deals the second hand
    err = _error(rec)
    assert err.hand == 1 and "seat 1 deals this hand" in err.message


def test_unfinished_hand_followed_by_another() -> None:
    rec = {"game": "sixty-six", "hands": [{"dealer": 0, "seed": 1, "actions": []},
                                          {"seed": 2, "actions": []}]}
    err = _error(rec)
    assert err.hand == 1 and "not finished" in err.message


def test_between_hands_next_is_null_and_seeds_are_stable() -> None:
    m = Match(make_game("sixty-six"), dealer=0)
    rng = random.Random(11)
    m.deal_hand(seed=123)
    while m.in_hand:
        m.apply(rng.choice(m.legal_actions()))
    out = sixtysix.replay(m.record(), legal=True)
    assert out["next"] is None and out["hands"][0]["complete"] is True
    # The same seed deals the same cards on every run (the procedure is fixed).
    again = make_game("sixty-six").shuffled_deal(123, 0, (0, 1))
    assert m.hand is not None
    assert again == make_game("sixty-six").shuffled_deal(123, 0, (0, 1))


def test_load_record_rejects_bad_json() -> None:
    with pytest.raises(sixtysix.RecordError, match="not valid JSON"):
        load_record("{nope")
    with pytest.raises(sixtysix.RecordError, match="JSON object"):
        load_record("[1, 2]")


def test_error_json_shape() -> None:
    rec = copy.deepcopy(EXAMPLE)
    rec["hands"][0]["actions"][1] = "play 9D"
    err = _error(rec)
    assert err.to_json() == {"error": {"hand": 0, "action": 1, "text": "play 9D",
                                       "message": "you do not hold 9D"}}
    json.dumps(err.to_json())


def _random_match(game_id: str, seed: int, hands: int = 3) -> dict[str, Any]:
    rng = random.Random(seed)
    m = Match(make_game(game_id), dealer=seed % GAMES[game_id].n_seats)
    for _ in range(hands):
        if m.complete:
            break
        m.deal_hand(rng=rng)
        while m.in_hand:
            m.apply(rng.choice(m.legal_actions()))
    if not m.complete:  # stop in the middle of a hand too
        m.deal_hand(rng=rng)
        for _ in range(rng.randrange(6)):
            if m.in_hand:
                m.apply(rng.choice(m.legal_actions()))
    return m.record()


def _explicit(rec: dict[str, Any]) -> dict[str, Any]:
    """The same record with every seeded deal written out."""
    m = match_from_record(rec)
    out = copy.deepcopy(rec)
    for i, (deal, _) in enumerate(m.deals):
        if "seed" in out["hands"][i]:
            del out["hands"][i]["seed"]
            out["hands"][i]["deal"] = deal_to_json(deal, m.n)
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_record_round_trip_and_seat_records(game_id: str, seed: int) -> None:
    rec = _random_match(game_id, seed)
    full = sixtysix.replay(rec, legal=True)
    # record -> match -> record is the identity, and an explicit deal replays like its seed.
    assert match_from_record(rec).record() == rec
    assert sixtysix.replay(_explicit(rec), legal=True) == full
    for seat in range(GAMES[game_id].n_seats):
        sr = seat_record(rec, seat)
        assert sr["seat"] == seat
        text = json.dumps(sr)
        mine = [h["deal"]["hands"][seat] for h in sr["hands"]]
        rules = GAMES[game_id]().rules
        final = match_from_record(rec).hand
        for i, (h, cards) in enumerate(zip(sr["hands"], mine, strict=True)):
            # While trumps are named from the first packet, no seat has the rest of its hand yet
            # (Three-Player: the deal is completed afterwards); forehand names before he sees his
            # later packet (records.md §7).
            packet_only = (rules.trump_choice and i == len(mine) - 1 and final is not None
                           and final.phase == PH_TRUMP)
            naming = (rules.trump_choice and seat == (h["dealer"] + 1) % GAMES[game_id].n_seats
                      and not any(a.split()[0] in ("trump", "turn") for a in h["actions"]))
            assert "??" not in (cards[:rules.first_packet] if naming or packet_only else cards)
            if packet_only:
                assert set(cards[rules.first_packet:]) <= {"??"}
        out = sixtysix.replay(json.loads(text), legal=True)
        # Everything that counts is public: the seat's replay agrees with the full one.
        assert out["hands"] == full["hands"]
        assert out["match"] == full["match"]
        if full.get("next") and full["next"]["to_act"] == seat:
            assert out["next"] == full["next"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_end_is_typed_and_recorded_as_its_words(game_id: str) -> None:
    """A hand's end is an ``End`` (engine/ends.py): a shared ``HandEnd``, a ``GameEnd`` of the
    game's own package, or a ``ContractEnd``; the record keeps its plain words."""
    rng = random.Random(11)
    m = Match(make_game(game_id))
    while not m.complete and len(m.results) < 12:
        m.deal_hand(rng=rng)
        while m.in_hand:
            m.apply(rng.choice(m.legal_actions()))
    package = GAMES[game_id].__module__.rpartition(".")[0]
    for res in m.results:
        assert isinstance(res.end, HandEnd | GameEnd | ContractEnd)
        if isinstance(res.end, GameEnd):
            assert type(res.end).__module__.startswith(package + ".")
    words = [h["end"] for h in json.loads(json.dumps(sixtysix.replay(m.record())))["hands"]]
    assert words == [str(res.end) for res in m.results]
    assert all(type(w) is str for w in words)


def test_records_are_written_in_the_key_order_of_records_md() -> None:
    """The record's shapes (engine/shapes.py) are built key by key in records.md's order, so the
    JSON text of a record and a seat record reads as it always did."""
    m = Match(make_game("sixty-six"), dealer=1)
    m.deal_hand(seed=7)
    m.apply(m.legal_actions()[0])
    rec = m.record()
    assert list(rec) == ["game", "options", "players", "hands"]
    assert list(rec["hands"][0]) == ["dealer", "seed", "actions"]
    dealt = match_from_record(_explicit(rec)).record()["hands"][0]
    assert list(dealt) == ["dealer", "deal", "actions"]
    assert list(dealt["deal"]) == ["hands", "turnup", "stock"]
    sr = seat_record(rec, 0)
    assert list(sr) == ["game", "options", "players", "seat", "hands"]
    assert list(sr["hands"][0]["deal"]) == ["hands", "turnup", "stock"]
    assert match_from_record(sr).seat_record == 0 and match_from_record(rec).seat_record is None


def test_seat_record_hides_the_other_hand_and_the_stock() -> None:
    sr = seat_record(EXAMPLE, 1)
    deal = sr["hands"][0]["deal"]
    assert deal["hands"][0] == ["??"] * 6
    assert deal["hands"][1] == ["AH", "TH", "KH", "QH", "JH", "9H"]
    # Bob drew the second stock card (TD); Ann's draw (AD) stays hidden.
    assert deal["stock"][:2] == ["??", "TD"] and set(deal["stock"][2:]) == {"??"}
    assert deal["turnup"] == "JD"


DATA = Path(__file__).parent / "data"


def test_four_hand_seat_record_found_by_hypothesis() -> None:
    # test_seat_records_follow_the_game[four-hand-sixty-six] with seed=8295013, cut=0.75: seat 1's
    # record, where the old replay swapped cards to fit one play and so gave a partner a club
    # after he had trumped a club lead (a void he had shown): 'must trump: play 8C' at hand 2,
    # action 18. The constraint model keeps every void and replays it like the full record.
    data = json.loads((DATA / "four_hand_seat_void.json").read_text())
    full = sixtysix.replay(data["full"], legal=True)
    assert seat_record(data["full"], 1) == data["seat_1"]
    out = sixtysix.replay(data["seat_1"], legal=True)
    assert out["hands"] == full["hands"] and out["match"] == full["match"]
    assert out["next"] == {"to_act": full["next"]["to_act"], "legal": None}
    assert full["next"]["to_act"] != 1
    whole = match_from_record(data["full"])
    assert whole.hand is not None
    assert match_from_record(data["seat_1"]).hand.view(1) == whole.hand.view(1)


def test_seat_record_keeps_a_void_once_shown() -> None:
    # Seat 0 holds five spades; the sixth (9S) may be with seat 1 or in the stock. After the close
    # seat 1 must follow spades, else trump: throwing AC on AS shows he has no spade and no
    # diamond. Leading TS next, he cannot follow with 9S; a club is still fine.
    sr = seat_record(EXAMPLE, 0)
    sr["hands"][0]["actions"] = ["close", "play AS", "play AC", "play TS", "play 9S"]
    with pytest.raises(sixtysix.RecordError) as info:
        sixtysix.replay(sr)
    assert (info.value.hand, info.value.action) == (0, 4)
    assert str(info.value).startswith("seat 1 cannot play 9S here: it contradicts")
    sr["hands"][0]["actions"][-1] = "play 9C"
    out = sixtysix.replay(sr, legal=True)
    assert out["hands"][0]["points"] == [32, 0]  # AS+AC 22, TS+9C 10
    assert out["next"] == {"to_act": 0, "legal": ["play KS", "play QS", "play JS", "play 9D",
                                                  "declare"]}
    # A card seat 0 holds, or one already played, is in no other hand.
    sr["hands"][0]["actions"][-1] = "play AC"
    with pytest.raises(sixtysix.RecordError, match="AC is not in his hand"):
        sixtysix.replay(sr)


def test_seat_record_must_show_what_its_seat_sees() -> None:
    sr = seat_record(EXAMPLE, 0)
    sr["hands"][0]["deal"]["turnup"] = "??"
    with pytest.raises(sixtysix.RecordError, match="turned up for trumps is seen by every seat"):
        sixtysix.replay(sr)
    sr = seat_record(EXAMPLE, 0)
    sr["hands"][0]["deal"]["hands"][0][2] = "??"
    with pytest.raises(sixtysix.RecordError, match="seat 0 sees its own cards"):
        sixtysix.replay(sr)
    sr = seat_record(EXAMPLE, 1)
    sr["hands"][0]["deal"]["stock"][1] = "??"  # the card seat 1 drew
    with pytest.raises(sixtysix.RecordError, match="seat 1 took the card at stock place 2"):
        sixtysix.replay(sr)


def test_a_seat_record_is_not_rewritten_for_another_seat() -> None:
    sr = seat_record(EXAMPLE, 0)
    assert seat_record(sr, 0)["hands"][0]["deal"] == sr["hands"][0]["deal"]
    # The match keeps the deal as the seat knows it, not the placing the replay plays on.
    assert match_from_record(sr).record()["hands"] == sr["hands"]
    with pytest.raises(sixtysix.RecordError, match="this is seat 0's record"):
        seat_record(sr, 1)


def test_a_named_trump_suit_must_be_possible_in_the_first_packet() -> None:
    # Three-Player Sixty-Six with trump_must_be_held: forehand (seat 0) names a suit of his first
    # three cards. Seat 1 holds every spade, so 'trump S' cannot be; 'trump H' can, and then
    # seat 0's first packet holds a heart in whatever placing the replay uses.
    sr = {"game": "three-player-sixty-six", "options": {"trump_must_be_held": True}, "seat": 1,
          "hands": [{"dealer": 2,
                     "deal": {"hands": [["??"] * 8, ["AS", "TS", "KS", "QS", "JS", "9S", "AD", "TD"],
                                        ["??"] * 8], "stock": []},
                     "actions": ["trump S"]}]}
    with pytest.raises(sixtysix.RecordError, match="seat 0 cannot trump S here") as info:
        sixtysix.replay(sr)
    assert (info.value.hand, info.value.action) == (0, 0)
    sr["hands"][0]["actions"] = ["trump H"]
    m = match_from_record(sr)
    assert m.hand is not None and m.hand.trump == 2
    assert m.hand.first_packet[0] & 0xFF << 16  # a heart among seat 0's first three cards


# ---------------------------------------------------------------------- Gaigel and Terts


def _gaigel_seat_2(mine: str, actions: list[str], **options: str) -> dict[str, Any]:
    """A Gaigel seat record of seat 2 in its first trick: dealer 3, trumps clubs (JC turned)."""
    return {"game": "gaigel", "options": options, "seat": 2,
            "hands": [{"dealer": 3,
                       "deal": {"hands": [["??"] * 5, ["??"] * 5, mine.split(), ["??"] * 5],
                                "turnup": "JC", "stock": ["??"] * 27},
                       "actions": actions}]}


def test_gaigel_face_down_trick_1_in_a_seat_record() -> None:
    from sixtysix.cards import card_str

    # Andere Alte leads an ace that is not a trump. Seat 2 holds both AH and both AS, clubs are
    # trumps: forehand's face-down card can only be a diamond ace, and the replay puts one there.
    m = match_from_record(_gaigel_seat_2("AH AH AS AS KD", ["open andere-alte ??"]))
    assert m.hand is not None
    assert card_str(m.hand.trick[0]) == "AD" and m.hand.view(2).trick == ((0, -1),)
    # Höher leads a card neither an ace nor a trump; the others' face-down cards are any of
    # theirs; seat 2 then plays its own card, face down too, and its legal plays are its cards.
    sr = _gaigel_seat_2("AH AH AS AS KD", ["open hoeher ??", "play ??"])
    out = sixtysix.replay(sr, legal=True)
    assert out["next"] == {"to_act": 2, "legal": ["play AS", "play AH", "play KD"]}
    sr["hands"][0]["actions"].append("play KD")
    m = match_from_record(sr)
    assert m.hand is not None
    led = m.hand.trick[0]
    assert led & 7 != 0 and (led >> 3) & 3 != m.hand.trump  # no ace, no club
    assert m.hand.view(2).trick == ((0, -1), (1, -1), (2, parse("KD")))
    # A face-down card is still one card: three face-down plays and seat 2's make a full trick.
    assert [p for p, _ in m.hand.view(3).trick] == [0, 1, 2]


def parse(text: str) -> int:
    from sixtysix.cards import parse_card

    return parse_card(text)


def test_gaigel_seat_record_counts_both_copies_of_a_card() -> None:
    # The double pack holds two KH, written alike. Seat 2 holds one: after seat 0 plays the
    # other, seat 1 cannot play a KH too.
    sr = _gaigel_seat_2("KH QS 7D JS KD", ["play KH", "play KH"], opening="free")
    with pytest.raises(sixtysix.RecordError, match="seat 1 cannot play KH here") as info:
        sixtysix.replay(sr)
    assert (info.value.hand, info.value.action) == (0, 1)
    # Seat 2 holds none: seats 0 and 1 play one copy each (told apart in the replay), a third
    # KH cannot follow.
    sr = _gaigel_seat_2("QH QS 7D JS KD", ["play KH", "play KH", "play QH"], opening="free")
    m = match_from_record(sr)
    assert m.hand is not None
    assert sorted(m.hand.trick[:2]) == [parse("KH"), parse("KH") | 32]
    sr["hands"][0]["actions"].append("play KH")
    with pytest.raises(sixtysix.RecordError, match="seat 3 cannot play KH here"):
        sixtysix.replay(sr)


def test_terts_show_bounds_the_responders_hand() -> None:
    # Seat 0 announces 987♣ (a tertz, top 9); seat 1 shows T98♥ (a tertz, top T), which says his
    # best combination was no better. In seat 0's record he therefore cannot then announce
    # KQJ♦ (a tertz, top K: he would have had to show it), though each of those cards alone
    # could be his; nor announce JT98♥ (a fifty). A plain card is fine.
    hands = ["KS QS JS 9C 8C 7C AD 8D 7D", "TH 9H 8H AC KD QD 9D AH 7S"]
    full = {"game": "terts", "hands": [{"dealer": 1, "deal": {
        "hands": [h.split() for h in hands], "turnup": "TD",
        "stock": ["JD", "AS", "TS", "9S", "8S", "7S", "KH", "QH", "JH", "7H", "KC", "QC", "JC"]},
        "actions": ["announce 9C 8C 7C", "show TH 9H 8H", "play AD", "play 9D"]}]}
    full["hands"][0]["deal"]["stock"][5] = "TC"  # 7S is seat 1's
    sr = seat_record(full, 0)
    assert sr["hands"][0]["deal"]["hands"][1] == ["??"] * 9
    out = sixtysix.replay(sr)
    assert out["hands"] == sixtysix.replay(full)["hands"]
    for bad in ("announce KD QD JD", "announce JH TH 9H 8H"):
        sr["hands"][0]["actions"][-1] = bad
        with pytest.raises(sixtysix.RecordError, match=f"seat 1 cannot {bad} here") as info:
            sixtysix.replay(sr)
        assert (info.value.hand, info.value.action) == (0, 3)
    # Without the show (seat 1 passes) nothing bounds his hand: both are possible.
    sr["hands"][0]["actions"][1] = "pass"
    for ok in ("announce KD QD JD", "announce JH TH 9H 8H"):
        sr["hands"][0]["actions"][-1] = ok
        sixtysix.replay(sr)
