"""Gaigel (rules/gaigel.md): partnerships 0 & 2 against 1 & 3, the 48-card double pack. Every edge case
of §7.10 on explicit deals, worked out by hand (values A 11, T 10, K 4, Q 3, J 2, low 0).

Deals are written with the dealer 3, so seat 0 is forehand and play goes 0, 1, 2, 3. A card named
twice in a deal is its two copies (the first mention is the first copy). Cards a test does not
name fill the stock's end in the pack's fixed order.
"""

from __future__ import annotations

import random

import pytest
from games_util import act, state

from sixtysix.cards import PACK_48, PACK_48_NINES, card_str, pack_cards, parse_card
from sixtysix.engine.actions import action_str
from sixtysix.engine.match import Match
from sixtysix.engine.phases import PH_MELD_DEFER
from sixtysix.engine.state import Deal
from sixtysix.errors import IllegalActionError, OptionError, RecordError
from sixtysix.games import make_game
from sixtysix.records import replay, seat_record

# ---------------------------------------------------------------------- helpers


class _Copies:
    """Card ids of the double pack from text: the second mention of a card is its second copy."""

    def __init__(self) -> None:
        self.used: dict[int, int] = {}

    def card(self, word: str) -> int:
        base = parse_card(word)
        k = self.used.get(base, 0)
        if k > 1:
            raise ValueError(f"{word} is named three times")
        self.used[base] = k + 1
        return base | 32 * k

    def cards(self, text: str) -> list[int]:
        return [self.card(w) for w in text.split()]

    def rest(self, pack: int) -> list[int]:
        """The cards not named yet, in the pack's fixed order."""
        left = dict(self.used)
        out = []
        for c in pack_cards(pack):
            if left.get(c & 31, 0):
                left[c & 31] -= 1
            else:
                out.append(c)
        return out


def deal(hands: list[str], turnup: str, stock: str = "", pack: int = PACK_48) -> Deal:
    cp = _Copies()
    hs = tuple(tuple(cp.cards(h)) for h in hands)
    up = cp.card(turnup)
    st = cp.cards(stock)
    return Deal(hands=hs, turnup=up, stock=tuple(st + cp.rest(pack)))


def match(hands: list[str], turnup: str, stock: str = "", **options: object) -> Match:
    m = Match(make_game("gaigel", dict(options)), dealer=3)
    pack = PACK_48_NINES if options.get("low_rank") == "9" else PACK_48
    m.deal_hand(deal=deal(hands, turnup, stock, pack))
    return m


def legal(m: Match) -> list[str]:
    return sorted({action_str(a) for a in m.legal_actions()})


def side_points(m: Match) -> list[int]:
    return list(state(m).points)


def phase1_done(finals: list[str], *, seat0_first: bool = True, **options: object) -> Match:
    """A hand played to the start of phase 2, where seat i holds ``finals[i]`` (five cards; the
    last one is drawn in the 7th round, and seat 3's last card is the turn-up) and seat 0 leads.

    Seat 0 wins all seven phase-1 tricks: he gets the seven strongest cards left (trumps first,
    high to low) and leads them; the other seats throw the rest. Every round of drawing then
    goes 0, 1, 2, 3, so the deal is laid out accordingly.
    """
    cp = _Copies()
    fin = [cp.cards(f) for f in finals]
    trump = (fin[3][-1] >> 3) & 3
    pool = cp.rest(PACK_48)
    pool.sort(key=lambda c: (((c >> 3) & 3) != trump, c & 7, c >> 5))
    plays = [pool[:7], pool[7:14], pool[14:21], pool[21:28]]
    hands = tuple(tuple([plays[p][0]] + fin[p][:4]) for p in range(4))
    stock: list[int] = []
    for k in range(1, 7):
        stock += [plays[p][k] for p in range(4)]
    stock += [fin[0][4], fin[1][4], fin[2][4]]
    m = Match(make_game("gaigel", {"opening": "free", **options}), dealer=3)
    m.deal_hand(deal=Deal(hands=hands, turnup=fin[3][4], stock=tuple(stock)))
    for k in range(7):
        for p in range(4):
            m.apply(plays[p][k])  # a card id: the exact copy
    s = state(m)
    assert s.trick_no == 7 and s.leader == 0 and not s.turnup_up
    return m


# ---------------------------------------------------------------------- the pack and the deal


def test_pack_deal_and_options() -> None:
    g = make_game("gaigel")
    r = g.rules
    # A 11 + T 10 + K 4 + Q 3 + J 2 + 7 0 = 30 a suit, x 4 suits x 2 copies = 240 (edge case 14).
    assert sum(r.value_table(0)[c] for c in pack_cards(r.pack)) == 240
    nines = make_game("gaigel", {"low_rank": "9"}).rules
    assert {card_str(c)[0] for c in pack_cards(nines.pack)} == set("ATKQJ9")
    assert sum(nines.value_table(0)[c] for c in pack_cards(nines.pack)) == 240
    d = g.shuffled_deal(5, 3, (0, 1, 2, 3))
    assert [len(h) for h in d.hands] == [5, 5, 5, 5] and len(d.stock) == 27
    # 2 then 3 from forehand (seat 0) round to the dealer: seat 0 gets deck[0:2] and deck[8:11].
    deck = list(range(48))
    dd = g.deal_from_deck(deck, 3, (0, 1, 2, 3))
    assert dd.hands[0] == (0, 1, 8, 9, 10) and dd.hands[3] == (6, 7, 17, 18, 19)
    assert dd.turnup == 20 and dd.stock == tuple(range(21, 48))


def test_low_rank_number_is_rejected() -> None:
    # Edge case 26: low_rank is the string "7" or "9"; the number 7 is a bad value.
    with pytest.raises(OptionError, match="low_rank"):
        make_game("gaigel", {"low_rank": 7})
    with pytest.raises(RecordError, match="low_rank"):
        replay({"game": "gaigel", "options": {"low_rank": 7}, "hands": []})
    with pytest.raises(OptionError):
        make_game("gaigel", {"target": 0})
    defaults = make_game("gaigel").options
    assert (defaults.low_rank, defaults.direction, defaults.opening, defaults.auf_dissle_award,
            defaults.last_trick_bonus, defaults.partner_may_meld, defaults.melds_in_phase2,
            defaults.five_low, defaults.rob_requires_team_trick, defaults.gaigel_test,
            defaults.overplayed_loses, defaults.match, defaults.target, defaults.deals) == (
        "7", "clockwise", "traditional", 2, 10, True, True, "meld_111", True,
        "opponents_zero_points", False, "target", 7, 8)


# ---------------------------------------------------------------------- trick 1: openings

# Deal O (trumps clubs, turn-up JC):
#   seat 0: AH KH QH 7S TD      seat 1: AH 7H TC KS JD
#   seat 2: TH QS 7D JS KD      seat 3: AS TS QD 7C AD
DEAL_O = ["AH KH QH 7S TD", "AH 7H TC KS JD", "TH QS 7D JS KD", "AS TS QD 7C AD"]


def test_identical_cards_first_played_wins() -> None:
    # Edge case 1 (opening "free": trick 1 is an ordinary trick). Seat 0 leads AH, seat 1 plays
    # the other AH: neither copy beats the other, so seat 0's (played first) wins.
    m = match(DEAL_O, "JC", opening="free")
    act(m, "AH / AH / TH / AD")  # 11 + 11 + 10 + 11 = 43 to seat 0's side
    assert state(m).leader == 0 and side_points(m) == [43, 0]
    # Two trump tens: the first played wins. A fresh deal where seats 1 and 2 hold TC each.
    m = match(["7H KH QH 7S TD", "AH 7D TC KS JD", "TH QS TC JS KD", "AS TS QD 7C AD"], "JC",
              opening="free")
    act(m, "7H / TC / TC / 7C")  # seat 1's TC first: 0 + 10 + 10 + 0 = 20 to side 1
    assert state(m).leader == 1 and side_points(m) == [0, 20]


def test_andere_alte() -> None:
    # Edge case 2: the opponent who plays the identical ace wins; nobody matching: forehand wins
    # (a trump has no power in this trick).
    m = match(DEAL_O, "JC")
    act(m, "open andere-alte AH", "play AH", "play TH", "play AD")
    # Seat 1 matched the ace: 11 + 11 + 10 + 11 = 43 to side 1.
    assert state(m).leader == 1 and side_points(m) == [0, 43]
    m = match(DEAL_O, "JC")
    act(m, "open andere-alte AH", "play TC", "play TH", "play 7C")
    # No other AH: forehand wins despite two trumps: 11 + 10 + 10 + 0 = 31.
    assert state(m).leader == 0 and side_points(m) == [31, 0]
    # Only a non-trump ace may be led: TD is no ace.
    m = match(DEAL_O, "JC")
    with pytest.raises(IllegalActionError, match="ace that is not a trump"):
        m.apply("open andere-alte TD")


def test_hoeher() -> None:
    # Edge case 3: an ace or a trump may not be led; a trump played by another does not win.
    m = match(DEAL_O, "JC")
    assert "open hoeher AH" not in legal(m)
    with pytest.raises(IllegalActionError, match="neither an ace nor a trump"):
        m.apply("open hoeher AH")
    m2 = match(["AH KH QH 7C TD", "AH 7H TC KS JD", "TH QS 7D JS KD", "AS TS QD 7C AD"], "JC")
    with pytest.raises(IllegalActionError, match="neither an ace nor a trump"):
        m2.apply("open hoeher 7C")
    act(m, "open hoeher KH", "play TC", "play TH", "play AD")
    # Hearts led: TH beats KH; seat 1's trump TC has no power: seat 2 wins 4 + 10 + 10 + 11 = 35.
    assert state(m).leader == 2 and side_points(m) == [35, 0]
    m = match(DEAL_O, "JC")
    act(m, "open hoeher KH", "play 7H", "play QS", "play QD")
    # Nobody higher in hearts: forehand wins 4 + 0 + 3 + 3 = 10.
    assert state(m).leader == 0 and side_points(m) == [10, 0]


def test_ge_elfen() -> None:
    # Edge case 4: forehand wins whatever is played, the other ace and trumps included.
    m = match(DEAL_O, "JC")
    act(m, "open ge-elfen AH", "play AH", "play TH", "play 7C")
    assert state(m).leader == 0 and side_points(m) == [11 + 11 + 10 + 0, 0]


def test_auf_dissle_lost_on_winning_a_trick() -> None:
    # Edge case 5, first half: forehand wins trick 1 under Auf Dissle: the opponents score 2.
    m = match(DEAL_O, "JC")
    act(m, "open auf-dissle TD", "play JD", "play 7D", "play QD")
    res = m.results[0]
    assert res.end == "auf dissle lost" and res.game_points == (0, 2, 0, 2)
    assert m.score == [0, 2, 0, 2]


def test_auf_dissle_won_with_five_low_after_a_draw() -> None:
    # Edge case 5, second half: forehand holds 7C 7D 7H 7S and KS; he throws KS, seat 1 wins the
    # trick with TC (trump), the draw goes 1, 2, 3, 0, and the 4th card of the stock is the other
    # 7S: forehand then holds five 7s and wins 2.
    hands = ["7C 7D 7H 7S KS", "TC AH AD JH QH", "TH QS JD JS KD", "AS TS QD KC AC"]
    m = match(hands, "JC", stock="TD QC JC 7S")
    act(m, "open auf-dissle KS", "play TC", "play QS", "play AS")
    res = m.results[0]
    assert res.end == "auf dissle" and res.game_points == (2, 0, 2, 0)


def test_auf_dissle_trump_beats_and_partner_may_win() -> None:
    # Edge case 16: another player's trump beats forehand's lead and the hand goes on.
    m = match(DEAL_O, "JC")
    act(m, "open auf-dissle KH", "play TC", "play TH", "play AD")
    # TC is the only trump: seat 1 wins 4 + 10 + 10 + 11 = 35; the hand goes on.
    s = state(m)
    assert not s.over and s.leader == 1 and side_points(m) == [0, 35]
    # Edge case 23, second half: a trick won by forehand's partner does not lose.
    m = match(DEAL_O, "JC")
    act(m, "open auf-dissle 7S", "play JD", "play QS", "play QD")
    # QS is the highest spade: seat 2 (partner) wins 0 + 2 + 3 + 3 = 8 and the hand goes on.
    s = state(m)
    assert not s.over and s.leader == 2 and side_points(m) == [8, 0]


def test_auf_dissle_offered_for_every_card() -> None:
    # Edge case 17: 'open auf-dissle C' for each of forehand's five cards.
    m = match(DEAL_O, "JC")
    assert [t for t in legal(m) if t.startswith("open auf-dissle")] == sorted(
        f"open auf-dissle {c}" for c in ["AH", "KH", "QH", "7S", "TD"])


def test_auf_dissle_five_low_dealt() -> None:
    # Edge case 23: five low cards dealt: the hand ends on the announcement, 2 to side 0.
    m = match(["7C 7D 7H 7S 7S", "TC AH AD JH QH", "TH QS JD JS KD", "AS TS QD KC AC"], "JC")
    m.apply("open auf-dissle 7H")
    res = m.results[0]
    assert res.end == "auf dissle" and res.game_points == (2, 0, 2, 0)
    assert res.tricks == (0, 0, 0, 0)


# ---------------------------------------------------------------------- melds

# Deal M (trumps diamonds, turn-up 7D). Seat 0 opens Ge-Elfen with AH and so wins trick 1.
#   seat 0: AH KC KC QC QC      (both pairs of clubs)
#   seat 1: 7H JS 7S KH QH      seat 2: KS QS JD 7C TH      seat 3: JH JC AS TS QD
DEAL_M = ["AH KC KC QC QC", "7H JS 7S KH QH", "KS QS JD 7C TH", "JH JC AS TS QD"]


def test_no_meld_in_trick_1_or_by_a_follower() -> None:
    # Edge case 6: melding needs the lead after a trick won by one's team.
    m = match(DEAL_M, "7D")
    assert not [t for t in legal(m) if t.startswith(("marry", "meld", "defer"))]
    with pytest.raises(IllegalActionError, match="first trick"):
        m.apply("marry KC")
    m.apply("open ge-elfen AH")
    # Seat 1 holds KH QH but follows: no meld.
    with pytest.raises(IllegalActionError, match="only by the leader"):
        m.apply("marry KH")
    with pytest.raises(IllegalActionError, match="only the leader"):
        m.apply("declare")


def test_double_marriage_then_single_rejected() -> None:
    # Edge case 7 (plain suit: 40; the royal 80 below). Trick 1: AH 11 + 7H 0 + TH 10 + JH 2 = 23.
    m = match(DEAL_M, "7D")
    act(m, "open ge-elfen AH", "play 7H", "play TH", "play JH")
    assert side_points(m) == [23, 0]
    assert "marry double KC" in legal(m) and "marry double QC" in legal(m)
    m.apply("marry double KC")  # 23 + 40 = 63; leads KC
    assert side_points(m) == [63, 0]
    act(m, "play JS", "play KS", "play AS")  # nobody plays clubs: seat 0's KC wins 4+2+4+11 = 21
    assert state(m).leader == 0 and side_points(m) == [84, 0]
    # Seat 0 still holds KC QC QC: clubs are melded, a second (single) marriage is rejected.
    assert not [t for t in legal(m) if t.startswith("marry")]
    with pytest.raises(IllegalActionError, match="already melded clubs"):
        m.apply("marry QC")
    # Royal double: the same with clubs trumps (turn-up 7C) scores 80.
    m = match(["AH KC KC QC QC", "7H JS 7S KH QH", "KS QS JD 7D TH", "JH JC AS TS QD"], "7C")
    act(m, "open ge-elfen AH", "play 7H", "play TH", "play JH", "marry double QC")
    assert side_points(m) == [23 + 80, 0]
    assert state(m).marriages == [(0, 0, 80)]


def test_single_then_double_rejected_and_meld_low_rules() -> None:
    # Edge case 18, last part: clubs melded as a single marriage (20: diamonds are trumps) cannot
    # be melded double afterwards.
    m = match(DEAL_M, "7D")
    act(m, "open ge-elfen AH", "play 7H", "play TH", "play JH", "marry KC")  # 23 + 20 = 43
    assert side_points(m) == [43, 0]
    act(m, "play JS", "play KS", "play AS")  # KC wins 4 + 2 + 4 + 11 = 21: 64
    assert side_points(m) == [64, 0]
    assert "marry double QC" not in legal(m)
    with pytest.raises(IllegalActionError, match="already melded clubs"):
        m.apply("marry double QC")


def test_of_two_identical_cards_the_shown_one_counts_as_played() -> None:
    # Seat 0 shows the clubs marriage with one KC and one QC, but holds both copies of each. When
    # he plays a QC by the other copy's id, the others see "a QC" and cannot tell which: the
    # engine plays the copy the action names and no longer marks the shown one as known (were
    # it still marked, the views would show a QC as his: a leak). The card played is the one
    # the id names, so a seat record's replay, which pins copies by ids, keeps to it.
    m = match(DEAL_M, "7D")
    act(m, "open ge-elfen AH", "play 7H", "play TH", "play JH", "marry KC")  # and leads KC
    shown = state(m).view(1).known[0]
    qc = parse_card("QC")
    assert shown == 1 << qc
    act(m, "play JS", "play KS", "play AS")  # KC wins: seat 0 leads again
    m.apply(qc | 32)
    assert state(m).trick == [qc | 32] and state(m).hands[0] >> qc & 1
    assert all(state(m).view(p).known[0] == 0 for p in (1, 2, 3))

# Deal L (trumps spades, turn-up KS): seat 0 opens Ge-Elfen with AH and draws the other 7S
# (the stock's first card), so after trick 1 he holds 7C 7D 7H 7S 7S.
def _deal_l() -> Match:
    hands = ["AH 7C 7D 7H 7S", "QH JS KH QS JC", "KC QC JD 7C TH", "JH JH AS TS QD"]
    return match(hands, "KS", stock="7S KD KD QD")


def test_meld_low_then_knock() -> None:
    # Edge case 18: the leader may 'meld low' and then knock; after 'meld low' no 'marry'.
    m = _deal_l()
    act(m, "open ge-elfen AH", "play QH", "play TH", "play JH")  # 11 + 3 + 10 + 2 = 26
    assert side_points(m) == [26, 0]
    assert "meld low" in legal(m)
    m.apply("meld low")  # 26 + 111 = 137
    assert side_points(m) == [137, 0]
    assert "meld low" not in legal(m) and "defer" not in legal(m)
    with pytest.raises(IllegalActionError, match="one meld per lead"):
        m.apply("defer")
    # He must lead one of the melded cards: the king of trumps taken by robbing is not one.
    m2 = _deal_l()
    act(m2, "open ge-elfen AH", "play QH", "play TH", "play JH", "meld low", "exchange")
    assert [t for t in legal(m2) if t.startswith("play")] == [
        "play 7C", "play 7D", "play 7H", "play 7S"]
    with pytest.raises(IllegalActionError, match="lead one of them"):
        m2.apply("play KS")
    m.apply("declare")  # 137 >= 101; opponents have 0 points: a Gaigel, 2
    res = m.results[0]
    assert res.end == "gaigel" and res.game_points == (2, 0, 2, 0) and res.points == (137, 0, 137, 0)


def test_a_low_trump_shown_then_robbed_leaves_what_the_others_know() -> None:
    # Seat 0 shows 7C 7D 7H 7S 7S (five low cards) and robs the turn-up KS with a 7S: the others
    # know his hand is 7C 7D 7H 7S KS, and every world dealt from their views gives him five
    # cards. The robbed 7S used to stay among his known cards, six of them in a hand of five.
    m = _deal_l()
    act(m, "open ge-elfen AH", "play QH", "play TH", "play JH", "meld low", "exchange")
    s = state(m)
    assert sorted(card_str(c) for c in range(64) if s.known[0] >> c & 1) == [
        "7C", "7D", "7H", "7S", "KS"]
    assert s.known[0] == s.hands[0] and card_str(s.turnup) == "7S"
    rng = random.Random(5)
    for seat in (1, 2, 3):
        v = s.view(seat)
        assert all(v.determinize(rng).view(seat) == v for _ in range(20))


def test_the_fuzzers_robbed_low_trump() -> None:
    # The fuzzer's finding (benchmarks/fuzz.py --seed 104, match 104/93/31): seat 3 shows five
    # low cards, robs the turn-up QS with his 7S (spades trumps) and leads 7C; seat 2's view then
    # dealt seat 3 five cards in its worlds, where he holds four.
    m = Match(make_game("gaigel", {
        "opening": "free", "auf_dissle_award": 3, "last_trick_bonus": 9,
        "gaigel_test": "opponents_no_trick", "overplayed_loses": True, "target": 4,
        "deals": 10}), dealer=1)
    m.deal_hand(seed=3911553586659369)
    act(m, "play JD", "play JH", "play KC", "play QC", "play 7C", "play AD", "play JD", "play JS",
        "play QH", "play KH", "play TS", "play TD", "play KH", "play KD", "play AS", "play KS",
        "play 7H", "play AH", "play TH", "play TC", "play TC", "play AS", "play QH", "play JS",
        "meld low", "exchange", "play 7C", "play JH")
    s = state(m)
    assert card_str(s.turnup) == "7S" and s.known[3] == s.hands[3]
    v = s.view(2)
    assert v.hand_sizes == (4, 5, 5, 4)
    rng = random.Random(0)
    assert all(v.determinize(rng).view(2) == v for _ in range(50))


def test_meld_low_instant_win() -> None:
    # Edge case 20: under five_low="instant_win", 'meld low' ends the hand, 2 to the melder's side.
    m = Match(make_game("gaigel", {"five_low": "instant_win"}), dealer=3)
    m.deal_hand(deal=deal(["AH 7C 7D 7H 7S", "QH JS KH QS JC", "KC QC JD 7C TH",
                           "JH JH AS TS QD"], "KS", "7S KD KD QD"))
    act(m, "open ge-elfen AH", "play QH", "play TH", "play JH", "meld low")
    res = m.results[0]
    assert res.end == "five low" and res.game_points == (2, 0, 2, 0)


def test_partner_meld() -> None:
    # Edge cases 8 and 19. Deal P (trumps diamonds): seat 0 wins trick 1 with Ge-Elfen AH; his
    # partner seat 2 holds KS QS.
    hands = ["AH 7C 7H JC JH", "QH JS 7S KH JD", "KS QS TC 7D TH", "TS AS AC QD 7C"]
    m = match(hands, "7D")
    act(m, "open ge-elfen AH", "play QH", "play TH", "play TS")  # 11 + 3 + 10 + 10 = 34
    # 'defer' is offered whatever the partner holds.
    assert "defer" in legal(m)
    m.apply("defer")
    s = state(m)
    assert s.phase == PH_MELD_DEFER and s.to_act == 2
    assert legal(m) == ["marry KS", "marry QS", "pass"]
    m.apply("marry KS")  # 34 + 20 = 54
    assert side_points(m) == [54, 0]
    # The leader may not marry after 'defer' (he holds no pair here anyway) and leads.
    assert not [t for t in legal(m) if t.startswith(("marry", "defer", "meld"))]
    act(m, "play 7C", "play 7S")
    # Seat 2 named KS: the other melded card QS (and anything else) is rejected.
    assert legal(m) == ["play KS"]
    with pytest.raises(IllegalActionError, match="named KS"):
        m.apply("play QS")
    act(m, "play KS", "play AC")  # clubs led: AC wins for seat 3, 0 + 0 + 4 + 11 = 15
    assert side_points(m) == [54, 15]


def test_defer_offered_whatever_the_partner_holds() -> None:
    m = match(DEAL_O, "JC")  # seat 2: TH QS 7D JS KD, no marriage
    act(m, "open ge-elfen AH", "play 7H", "play 7D", "play QD")
    assert "defer" in legal(m)
    m.apply("defer")
    assert legal(m) == ["pass"]
    m.apply("pass")
    assert state(m).to_act == 0 and "defer" not in legal(m)


# ---------------------------------------------------------------------- drawing and robbing


def test_drawing_order() -> None:
    # Edge case 9, first half: seat 2 wins trick 1 (Höher, TH over KH), so the draw goes
    # 2, 3, 0, 1: KC to seat 2, QC to seat 3, AC to seat 0 and the other TH to seat 1.
    m = match(DEAL_O, "JC", stock="KC QC AC TH")
    act(m, "open hoeher KH", "play 7H", "play TH", "play QD")
    s = state(m)
    held = [sorted(card_str(c) for c in [x for x in range(64) if (s.hands[p] >> x) & 1])
            for p in range(4)]
    assert "KC" in held[2] and "QC" in held[3] and "AC" in held[0] and "TH" in held[1]
    assert s.facedown == 23 and [len(h) for h in held] == [5, 5, 5, 5]


def test_seventh_draw_gives_the_turn_up_to_the_fourth_drawer() -> None:
    # Edge case 9, second half: after seven tricks won by seat 0, the 7th round of drawing goes
    # 0, 1, 2, 3: seat 3 takes the turn-up KC and the stock is empty.
    finals = ["AS AS KH TH JH", "TC 7H JD QD KD", "7C TH TD AD 7D", "AC KH QD 7D KC"]
    m = phase1_done(finals)
    s = state(m)
    cp = _Copies()
    fin = [cp.cards(f) for f in finals]
    assert [s.hands[p] for p in range(4)] == [sum(1 << c for c in f) for f in fin]
    assert s.facedown == 0 and not s.turnup_up and s.known[3] >> fin[3][4] & 1


DEAL_R = ["AH 7C QH 7S TD", "AH 7H TC KS JD", "TH QS 7D JS KD", "AS TS QD KC AD"]


def test_robbing() -> None:
    # Seat 0 holds the trump 7C (turn-up JC): not before his team has a trick (default) ...
    m = match(DEAL_R, "JC")
    assert "exchange" not in legal(m)
    with pytest.raises(IllegalActionError, match="after your team has won a trick"):
        m.apply("exchange")
    act(m, "open ge-elfen AH", "play 7H", "play TH", "play AS")
    assert "exchange" in legal(m)
    m.apply("exchange")
    s = state(m)
    assert card_str(s.turnup) == "7C" and s.turnup_up and (s.hands[0] >> parse_card("JC")) & 1
    # ... and once a hand.
    with pytest.raises(IllegalActionError, match="already been robbed"):
        m.apply("exchange")


def test_robbing_rejected_after_the_last_draw() -> None:
    # Edge case 10: seat 0 holds the trump 7C in phase 2: the turn-up has been drawn.
    m = phase1_done(["7C AS KH QH JH", "TC 7H JD QD KD", "TH TD AD 7D 7S", "AC KH QD 7D KC"])
    assert "exchange" not in legal(m)
    with pytest.raises(IllegalActionError, match="has been drawn"):
        m.apply("exchange")


def test_robbing_not_offered_for_a_low_turn_up_and_before_the_opening() -> None:
    # Edge case 21: the turn-up 7C is itself the low trump: nothing to rob, even with the other 7C.
    m = match(DEAL_R, "7C")
    act(m, "open ge-elfen AH", "play 7H", "play TH", "play AS")
    assert "exchange" not in legal(m)
    with pytest.raises(IllegalActionError, match="7C itself"):
        m.apply("exchange")
    # rob_requires_team_trick=False: forehand may rob before his opening, and then opens.
    m = match(DEAL_R, "JC", rob_requires_team_trick=False)
    assert "exchange" in legal(m)
    m.apply("exchange")
    assert "open ge-elfen AH" in legal(m) and "exchange" not in legal(m)
    # Only the leader robs: seat 3 holds no 7C here, but even a follower holding it may not.
    m = match(["AH KH QH 7S TD", "AH 7H 7C KS JD", "TH QS 7D JS KD", "AS TS QD TC AD"], "JC",
              rob_requires_team_trick=False)
    m.apply("open ge-elfen AH")
    with pytest.raises(IllegalActionError, match="only the leader"):
        m.apply("exchange")


# ---------------------------------------------------------------------- knocking

# Deal K (trumps clubs, turn-up TC). Trick 1: Ge-Elfen AH + AS + TS + KS = 11 + 11 + 10 + 4 = 36.
# Trick 2: seat 0 melds both heart pairs (40, hearts are plain) and leads KH; seat 2's TH wins.
KNOCK_HANDS = ["AH KH KH QH QH", "AS TD 7S JS JD", "TS TH JC JC 7H", "KS AD 7D QS QD"]
KNOCK_STOCK = "JH JH 7H AC KC KC QC QC"  # round 1: 0, 1, 2, 3 (AC to seat 3); round 2: 2, 3, 0, 1


def _knock_deal(trick2: str) -> Match:
    m = match(KNOCK_HANDS, "TC", KNOCK_STOCK)
    act(m, "open ge-elfen AH", "play AS", "play TS", "play KS", "marry double KH")
    act(m, *("play " + c for c in trick2.split()))
    return m


def test_knock_at_100_loses_and_at_101_is_a_gaigel() -> None:
    # Edge case 11. Trick 2 with TD and 7D: KH 4 + TD 10 + TH 10 + 7D 0 = 24: 36 + 40 + 24 = 100.
    m = _knock_deal("TD TH 7D")
    assert side_points(m) == [100, 0] and state(m).to_act == 2
    m.apply("declare")  # a knock below 101 is legal, and loses: opponents 2 (edge case 22)
    res = m.results[0]
    assert res.end == "wrong knock" and res.game_points == (0, 2, 0, 2)
    # With 7S and AD: 4 + 0 + 10 + 11 = 25: 101; the opponents have 0 points: Gaigel, 2.
    m = _knock_deal("7S TH AD")
    assert side_points(m) == [101, 0]
    m.apply("declare")
    res = m.results[0]
    assert res.end == "gaigel" and res.game_points == (2, 0, 2, 0) and m.score == [2, 0, 2, 0]
    # gaigel_test="opponents_no_trick" gives the same here: the opponents have no trick either.
    m = Match(make_game("gaigel", {"gaigel_test": "opponents_no_trick"}), dealer=3)
    m.deal_hand(deal=deal(KNOCK_HANDS, "TC", KNOCK_STOCK))
    act(m, "open ge-elfen AH", "play AS", "play TS", "play KS", "marry double KH",
        "play 7S", "play TH", "play AD", "declare")
    assert m.results[0].game_points == (2, 0, 2, 0)


def test_reverse_knock() -> None:
    # Edge case 12. After the 101 deal, seat 2 leads 7H and seat 3 trumps with AC (drawn in
    # round 1): 0 + 11 + 3 (QH) + 2 (JS) = 16 to side 1. Side 0 has 101 and did not knock:
    # seat 3's reverse knock is right, side 1 scores 2.
    m = _knock_deal("7S TH AD")
    act(m, "play 7H", "play AC", "play QH", "play JS")
    assert side_points(m) == [101, 16] and state(m).to_act == 3
    assert {"declare", "reverse"} <= set(legal(m))
    m.apply("reverse")
    res = m.results[0]
    assert res.end == "reverse knock" and res.game_points == (0, 2, 0, 2)
    # The same after the 100 deal: side 0 has only 100, the reverse knock is wrong: side 0 scores 2.
    m = _knock_deal("TD TH 7D")
    act(m, "play 7H", "play AC", "play QH", "play JS")
    assert side_points(m) == [100, 16]
    m.apply("reverse")
    res = m.results[0]
    assert res.end == "wrong reverse knock" and res.game_points == (2, 0, 2, 0)


def test_knock_timing() -> None:
    # Edge case 22: not before the opening in trick 1, not by a follower.
    m = match(KNOCK_HANDS, "TC", KNOCK_STOCK)
    assert "declare" not in legal(m) and "reverse" not in legal(m)
    with pytest.raises(IllegalActionError, match="second trick"):
        m.apply("declare")
    m.apply("open ge-elfen AH")
    for verb in ("declare", "reverse"):
        with pytest.raises(IllegalActionError, match="only the leader"):
            m.apply(verb)


# ---------------------------------------------------------------------- phase 2

# Phase 2 deal (trumps clubs: seat 3's last card, the turn-up, is KC). Seat 0 wins the seven
# phase-1 tricks with the seven strongest cards left (AC TC KC QC QC JC JC; the other 7C goes to
# a follower). The 20 cards below are worth 38 + 19 + 31 + 22 = 110, so side 0 has
# 240 - 110 = 130 after phase 1.
PHASE2 = ["AS AS KH TH JH", "TC 7H JD QD KD", "7C TH TD AD 7D", "AC KH QD 7D KC"]


def test_phase2_over_trumping_and_identical_cards() -> None:
    m = phase1_done(PHASE2)
    assert side_points(m) == [130, 0]
    m.apply("play AS")
    # Edge case 13: seat 1 is void in spades: he must trump (his only trump TC).
    assert legal(m) == ["play TC"]
    m.apply("play TC")
    # Seat 2 cannot over-trump TC with 7C, but must still trump.
    assert legal(m) == ["play 7C"]
    m.apply("play 7C")
    # Seat 3's partner is winning with TC: he must still over-trump it: AC, not KC.
    assert legal(m) == ["play AC"]
    with pytest.raises(IllegalActionError, match="over-trump"):
        m.apply("play KC")
    m.apply("play AC")  # AS 11 + TC 10 + 7C 0 + AC 11 = 32 to side 1
    assert side_points(m) == [130, 32] and state(m).leader == 3
    # Edge case 27: seat 3 leads KH. Seat 0 holds the other KH and TH: the identical KH does
    # not count as higher, so he must win with TH.
    m.apply("play KH")
    assert legal(m) == ["play TH"]
    with pytest.raises(IllegalActionError, match="must beat"):
        m.apply("play KH")
    m.apply("play TH")
    assert legal(m) == ["play 7H"]  # seat 1 cannot beat TH: any heart
    m.apply("play 7H")
    # Seat 2 holds the other TH: it does not beat seat 0's, nothing does: any heart (only TH).
    assert legal(m) == ["play TH"]
    m.apply("play TH")  # the first TH wins: KH 4 + TH 10 + 7H 0 + TH 10 = 24 to side 0
    assert state(m).leader == 0 and side_points(m) == [154, 32]
    # Side 0 knocks with 154 against 32 points: 1 game point (no Gaigel).
    m.apply("declare")
    res = m.results[0]
    assert res.end == "knock" and res.game_points == (1, 0, 1, 0)


# Played out. The 20 phase-2 cards are worth 46 + 46 + 15 + (5 + 3) = 115, so side 0 has
# 240 - 115 = 125 after phase 1 and side 1 takes all five phase-2 tricks with its trumps:
# 115 + 10 for the last trick = 125. Trumps clubs (turn-up QC).
EVEN = ["AH AH TH TH KH", "AC AC TC TC KC", "AS JS 7S 7D JD", "QS JH 7H 7D QC"]
EVEN_PLAY = ["AH KC 7S 7H",   # 11 + 4 + 0 + 0 = 15 (seat 1 trumps, seat 3 may play any heart)
             "AC 7D QC TH",   # seat 1 leads: 11 + 0 + 3 + 10 = 24
             "AC JS QS TH",   # 11 + 2 + 3 + 10 = 26
             "TC JD JH KH",   # 10 + 2 + 2 + 4 = 18
             "TC AS 7D AH"]   # 10 + 11 + 0 + 11 = 32, + 10 for the last trick = 42


def _play_even(**options: object) -> Match:
    m = phase1_done(EVEN, **options)
    assert side_points(m) == [125, 0]
    for trick in EVEN_PLAY:
        act(m, " / ".join(trick.split()))
    return m


def test_played_out_even_and_overplayed() -> None:
    # Edge case 24: 15 + 24 + 26 + 18 + 42 = 125 for side 1, 125 for side 0: no game points.
    m = _play_even()
    res = m.results[0]
    assert res.points == (125, 125, 125, 125) and res.tricks == (7, 5, 7, 5)
    assert res.end == "draw" and res.game_points == (0, 0, 0, 0)
    # overplayed_loses: both sides reached 101 without knocking: 2 each.
    m = _play_even(overplayed_loses=True)
    assert m.results[0].game_points == (2, 2, 2, 2)


def test_match_of_deals_tied() -> None:
    # Edge case 25: match="deals" with one deal: 0-0 after the last deal, all four seats win.
    m = _play_even(match="deals", deals=1)
    assert m.complete and m.winner == [0, 1, 2, 3]
    out = replay(m.record())
    assert out["match"] == {"score": [0, 0, 0, 0], "complete": True, "winner": [0, 1, 2, 3]}


def test_match_to_target() -> None:
    # Gaigels of 2 to side 0: after four hands 8 >= 7, the match is over, seats 0 and 2 win.
    m = Match(make_game("gaigel"), dealer=3)
    for h in range(4):
        assert not m.complete
        m.dealer = 3  # a test shortcut: the same deal from the same dealer each time
        m.deal_hand(deal=deal(KNOCK_HANDS, "TC", KNOCK_STOCK))
        act(m, "open ge-elfen AH", "play AS", "play TS", "play KS", "marry double KH",
            "play 7S", "play TH", "play AD", "declare")
        assert m.score == [2 * (h + 1), 0, 2 * (h + 1), 0]
    assert m.complete and m.winner == [0, 2]


# ---------------------------------------------------------------------- records and views


def _random_match(seed: int, **options: object) -> Match:
    rng = random.Random(seed)
    m = Match(make_game("gaigel", dict(options)), dealer=seed % 4)
    while not m.complete:
        m.deal_hand(rng=rng)
        while m.in_hand:
            acts = m.legal_actions()
            quiet = [a for a in acts if action_str(a) not in ("declare", "reverse")]
            m.apply(rng.choice(quiet if quiet and rng.random() < 0.95 else acts))
    return m


def test_direction_replays_alike() -> None:
    # Edge case 15: seats are numbered in the order of play, so 'direction' changes nothing.
    for seed in (1, 2):
        rec = _random_match(seed).record()
        other = dict(rec, options={**rec["options"], "direction": "counterclockwise"})
        a, b = replay(rec), replay(other)
        assert a["hands"] == b["hands"] and a["match"] == b["match"] and a["match"]["complete"]


def test_random_matches_replay_with_every_option_set() -> None:
    for seed, options in enumerate([{}, {"opening": "free", "rob_requires_team_trick": False},
                                    {"low_rank": "9", "five_low": "instant_win"},
                                    {"partner_may_meld": False, "melds_in_phase2": False,
                                     "overplayed_loses": True, "match": "deals", "deals": 3}]):
        m = _random_match(seed, **options)
        out = replay(m.record())
        assert out["match"]["score"] == m.score and out["match"]["winner"] == m.winner
        for res, hand in zip(m.results, out["hands"], strict=True):
            assert hand["game_points"] == list(res.game_points) and hand["complete"]
            # Points: cards (240) + the last trick (10) + melds, when every trick was played.
            if res.end in ("played out", "draw", "overplayed"):
                assert res.points[0] + res.points[1] >= 250


def test_face_down_trick_hidden_until_turned() -> None:
    m = match(DEAL_O, "JC")
    act(m, "open hoeher KH", "play 7H")
    s = state(m)
    v2 = s.view(2)
    assert v2.trick == ((0, -1), (1, -1)) and v2.opening == 2  # Höher, cards unseen
    assert s.view(1).trick == ((0, -1), (1, parse_card("7H")))
    assert s.view(0).trick == ((0, parse_card("KH")), (1, -1))
    # A state that differs only in forehand's face-down card (QH instead of KH) looks the same.
    m2 = match(DEAL_O, "JC")
    act(m2, "open hoeher QH", "play 7H")
    assert state(m2).view(2) == v2 and state(m2).view(3) == s.view(3)
    # Determinization: consistent with the view, the led card fit for Höher.
    rng = random.Random(3)
    for _ in range(20):
        d = v2.determinize(rng)
        assert d.view(2) == v2
        led = d.trick[0]
        assert (led & 7) != 0 and (led >> 3) & 3 != d.trump
        assert action_str(d.history[-2]).startswith("open hoeher ")
    # Seat records write the unseen cards '??' and replay as far as the seat can follow.
    rec = m.record()
    sr = seat_record(rec, 2)
    assert sr["hands"][0]["actions"] == ["open hoeher ??", "play ??"]
    assert seat_record(rec, 1)["hands"][0]["actions"] == ["open hoeher ??", "play 7H"]
    assert replay(sr, legal=True)["next"] == replay(rec, legal=True)["next"]
    # Turned at the end of trick 1: then everyone sees every card.
    act(m, "play QS", "play QD")
    s = state(m)
    assert s.view(2).last_trick == tuple(zip((0, 1, 2, 3), cards_of_text("KH 7H QS QD"),
                                             strict=True))
    rec = m.record()
    assert seat_record(rec, 2)["hands"][0]["actions"] == [
        "open hoeher KH", "play 7H", "play QS", "play QD"]
    out = replay(seat_record(rec, 2), legal=True)
    assert out["hands"] == replay(rec)["hands"]


def cards_of_text(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


def test_views_hide_what_they_must() -> None:
    m = _random_match(7)
    # Every view of every position of the first hand replays the same under determinization.
    rec = m.record()
    first = rec["hands"][0]
    g = make_game("gaigel")
    mm = Match(g, dealer=first["dealer"])
    s = mm.deal_hand(seed=first["seed"])
    rng = random.Random(1)
    for text in first["actions"]:
        if s.over:
            break
        seat = s.to_act
        v = s.view(seat)
        d = v.determinize(rng)
        assert d.view(seat) == v
        assert sorted(d.legal_actions()) == sorted(s.legal_actions())
        other = (seat + 1) % 4
        assert s.view(other).hand == s.hands[other] and s.view(other).legal == ()
        s.apply(text)


def test_perft_of_the_first_trick() -> None:
    from games_util import perft
    m = match(DEAL_O, "JC")
    s = state(m)
    # Forehand AH KH QH 7S TD, trumps clubs: Andere Alte AH, Ge-Elfen AH, Höher with KH QH 7S TD
    # (4), Auf Dissle with any of the 5: 1 + 1 + 4 + 5 = 11 openings; then each of the three
    # others may play any of his 5 cards face down or up: 11 x 5 x 5 x 5 = 1375 complete tricks.
    assert [perft(s, d) for d in range(1, 5)] == [11, 55, 275, 1375]
    free = match(DEAL_O, "JC", opening="free")
    assert perft(state(free), 1) == 5


def test_melds_in_phase2_and_partner_meld_only_in_phase1() -> None:
    finals = ["KH QH AS TH JH", "TC 7H JD QD KD", "7C TH TD AD 7D", "AC KH QD 7D KC"]
    m = phase1_done(finals)
    # Phase 2: the leader may still meld (melds_in_phase2), but not defer to his partner.
    assert {"marry KH", "marry QH"} <= set(legal(m)) and "defer" not in legal(m)
    m = phase1_done(finals, melds_in_phase2=False)
    assert not [t for t in legal(m) if t.startswith("marry")]
    with pytest.raises(IllegalActionError, match="melds_in_phase2"):
        m.apply("marry KH")
    # partner_may_meld=False: no 'defer' in phase 1 either.
    m = match(DEAL_O, "JC", partner_may_meld=False)
    act(m, "open ge-elfen AH", "play 7H", "play 7D", "play QD")
    assert "defer" not in legal(m) and "declare" in legal(m)


def test_last_trick_bonus_option() -> None:
    # last_trick_bonus=0: the played-out total is the 240 card points alone: 125 - 10 = 115 for
    # side 1 in the even deal, 125 for side 0.
    m = _play_even(last_trick_bonus=0)
    res = m.results[0]
    assert res.points[:2] == (125, 115) and res.game_points == (1, 0, 1, 0)


def test_low_rank_nine() -> None:
    # low_rank="9": the pack has 9s for 7s; the trump 9 robs and five 9s are 'meld low'.
    hands = ["AH 9C 9D 9H 9S", "AH 9H TC KS JD", "TH QS 9D JS KD", "AS TS QD 9C AD"]
    m = match(hands, "JC", stock="9S", low_rank="9")
    with pytest.raises(IllegalActionError, match="not a trump"):
        m.apply("open ge-elfen 9C")
    act(m, "open ge-elfen AH", "play 9H", "play TH", "play AS")  # 11 + 0 + 10 + 11 = 32
    # Seat 0 drew the other 9S: 9C 9D 9H 9S 9S.
    assert {"exchange", "meld low"} <= set(legal(m))
    m.apply("meld low")  # 32 + 111 = 143
    m.apply("exchange")  # 9C for the turn-up JC
    assert side_points(m) == [143, 0] and card_str(state(m).turnup) == "9C"
    with pytest.raises(ValueError, match="too many 7C"):  # a 7 in the pack of 9s
        match(["AH 7C 9D 9H 9S", "AH 9H TC KS JD", "TH QS 9D JS KD", "AS TS QD 9C AD"], "JC",
              low_rank="9")


def test_text_names_the_first_copy_and_the_held_copy_is_played() -> None:
    # Seat 0 holds the second copies of AH, KS and QS, seat 1 the first ones: the text names the
    # first copy, and 'open ge-elfen AH' and 'marry KS' play the copies seat 0 holds.
    d = deal(["AH 7C 7H KS QS", "AH 7D TC KS QS", "TH QC 7D JS KD",
              "AS TS QD JC AD"], "JC")
    swap = {c: c ^ 32 for c in (parse_card("AH"), parse_card("KS"), parse_card("QS"))}
    swap.update({c ^ 32: c for c in list(swap)})
    d = Deal(hands=tuple(tuple(swap.get(c, c) for c in h) for h in d.hands), turnup=d.turnup,
             stock=d.stock)
    m = Match(make_game("gaigel"), dealer=3)
    m.deal_hand(deal=d)
    assert "open ge-elfen AH" in legal(m)
    act(m, "open ge-elfen AH", "play AH", "play TH", "play AS")  # the first AH led wins
    assert state(m).leader == 0 and state(m).won[0] >> (parse_card("AH") | 32) & 1
    m.apply("marry KS")
    assert state(m).trick == [parse_card("KS") | 32] and state(m).melds == [20, 0]


def test_no_marriage_after_defer() -> None:
    # Edge case 18: seat 0 holds both club pairs but defers: his lead's meld is used.
    m = match(DEAL_M, "7D")
    act(m, "open ge-elfen AH", "play 7H", "play TH", "play JH", "defer", "pass")
    assert not [t for t in legal(m) if t.startswith(("marry", "meld", "defer"))]
    with pytest.raises(IllegalActionError, match="one meld per lead"):
        m.apply("marry double KC")
    assert "play KC" in legal(m) and "declare" in legal(m)


def test_search_inferences_are_sound() -> None:
    # The searches infer voids from strict follows; in Gaigel they read openings and double
    # marriages as leads, and trick 1 by its opening: no seat is ever denied a card it holds,
    # and something is inferred in phase 2.
    from sixtysix.bots.worlds import exclusions
    inferred = 0
    for seed in range(8):
        rng = random.Random(seed)
        m = Match(make_game("gaigel", {"opening": ("traditional", "free")[seed % 2]}),
                  dealer=seed % 4)
        s = m.deal_hand(rng=rng)
        while m.in_hand:
            ex = exclusions(s.view(s.to_act))
            assert not any(ex[p] & s.hands[p] for p in range(4))
            inferred += sum(1 for e in ex if e)
            acts = m.legal_actions()
            quiet = [a for a in acts if action_str(a) not in ("declare", "reverse")]
            m.apply(rng.choice(quiet or acts))
    assert inferred > 0


def _auf_dissle_hand(seed: int, dealer: int) -> Match:
    """A hand in which forehand opens Auf Dissle when he may and every choice is random."""
    m = Match(make_game("gaigel"), dealer=dealer)
    s = m.deal_hand(seed=seed)
    rng = random.Random(seed)
    while not s.over:
        acts = s.legal_actions()
        dissle = [a for a in acts if action_str(a).startswith("open auf-dissle")]
        m.apply(rng.choice(dissle or acts))
    return m


def test_seat_records_of_auf_dissle_won_on_five_low_cards_after_a_draw():
    # rules/gaigel.md#the-first-trick-the-openings: forehand (seat 2) opens Auf Dissle and, after the third
    # trick's drawing,
    # holds five sevens: the hand ends at once and he wins. He shows them, so each seat's record
    # fills them in (records.md §7) and each replays to the same end; no seat record may end it
    # on cards it has not seen, nor go on past it.
    from sixtysix.engine.phases.meld import END_DISSLE_WON
    from sixtysix.records import match_from_record, summarize

    m = _auf_dissle_hand(50093, dealer=1)
    s = m.hand
    assert s is not None and s.end_kind == END_DISSLE_WON and s.trick_no == 3
    fives = {card_str(c) for c in pack_cards(s.hands[2])}
    assert {c[0] for c in fives} == {"7"} and s.hands[2].bit_count() == 5
    record = m.record()
    whole = summarize(match_from_record(record))["hands"]
    for seat in range(4):
        sr = seat_record(record, seat)
        deal = sr["hands"][0]["deal"]
        written = set(deal["hands"][2]) | set(deal["stock"])
        assert fives <= written
        assert summarize(match_from_record(sr))["hands"] == whole, seat


# Seat records that failed the property at 20,000 examples (tests/test_properties.py), each
# fixed in hidden.py: (seed, cut, options) of the random game and why its replay had failed.
_SEAT_RECORD_CASES = [
    # Forehand opens Auf Dissle in the second hand; seat 2's replay once placed five low cards it
    # had not seen in his hand after a round of drawing, so the engine ended the hand there and
    # the next play was refused. Every moment forehand holds five cards is now a check.
    pytest.param(1606989980, 0.875, {}, id="auf-dissle-not-ended-on-unseen-cards"),
    # Seat 1 robs with the seven of trumps and later shows a void in trumps. Seat 3's replay had
    # pinned one copy of the seven to his hand as the one given, but the engine gives the first
    # copy where both are held (the copies are alike): the pinned one stayed in his hand for
    # good, and his void had no placing. The exchange now proves only that one copy was his.
    pytest.param(101196, 0.875, {}, id="robber-gives-either-copy"),
    # Seat 2's replay let one copy of the seven of trumps serve both the exchange and the later
    # play of the other copy. Both were his.
    pytest.param(1000001, 0.5, {}, id="robber-plays-the-other-copy"),
    # Seat 3 robs and, as the last drawer, takes the seven he gave back with the turn-up, then
    # plays it. That is one copy, not two: the card everyone saw him take needs no second copy.
    pytest.param(2148, 0.875, {
        "low_rank": "7", "direction": "clockwise", "opening": "traditional",
        "auf_dissle_award": 2, "last_trick_bonus": 10, "partner_may_meld": False,
        "melds_in_phase2": False, "five_low": "meld_111", "rob_requires_team_trick": False,
        "gaigel_test": "opponents_zero_points", "overplayed_loses": False,
        "match": "target", "target": 7, "deals": 8}, id="robber-draws-his-seven-back"),
]


@pytest.mark.parametrize(("seed", "cut", "options"), _SEAT_RECORD_CASES)
def test_seat_records_found_failing_replay(seed: int, cut: float, options: dict) -> None:
    from test_properties import check_seat_records

    check_seat_records("gaigel", seed, cut, options)
