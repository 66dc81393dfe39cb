"""Schnapsen (rules/schnapsen.md): every edge case of §2.12 on explicit deals, worked out by hand."""

from __future__ import annotations

import random

import pytest
from games_util import act, hand_of, legal, make_deal, perft, random_hands

from sixtysix.cards import PACK_20, parse_card, parse_cards
from sixtysix.engine.legal import legal_follow
from sixtysix.engine.match import Match
from sixtysix.engine.rules import STRICT2
from sixtysix.engine.state import Deal
from sixtysix.errors import IllegalActionError, OptionError
from sixtysix.games import make_game
from sixtysix.games.schnapsen import deal_three_turnup_two

H, S = 2, 3

# The deal used throughout (dealer 1, so seat 0 leads). Trumps are spades (turn-up AS).
#   seat 0: JS AH TH KH AC        seat 1: QH JH KC QC JC
#   talon from the top: TS KS QS AD TD KD QD JD TC, then the turn-up AS.
HANDS = ["JS AH TH KH AC", "QH JH KC QC JC"]
STOCK = "TS KS QS AD TD KD QD JD TC"
# Four tricks all taken by seat 0, drawing TS/KS, QS/AD, TD/KD, QD/JD:
#   AH/JH 11+2=13, AC/JC 11+2=13, TH/QH 10+3=13, KH/QC 4+3=7  → seat 0 has 46 in 4 tricks,
#   seat 1 nothing. Seat 0 then holds JS TS QS TD QD, seat 1 KC KS AD KD JD; the talon is TC + AS.
FOUR_TRICKS = ("AH / JH", "AC / JC", "TH / QH", "KH / QC")


def match(stock: str = STOCK, hands: list[str] | None = None, **options: object) -> Match:
    m = Match(make_game("schnapsen", dict(options)), dealer=1)
    m.deal_hand(deal=make_deal(PACK_20, hands or HANDS, "AS", stock))
    return m


def test_pack_totals_and_the_two_phases() -> None:
    # §2.12.1: 20 cards worth 120; five tricks with drawing, then five strict tricks.
    g = make_game("schnapsen")
    assert g.rules.pack_size == 20
    assert sum(g.rules.value_table(S)[c] for c in range(32) if (PACK_20 >> c) & 1) == 120
    m = match()
    act(m, *FOUR_TRICKS)
    h = m.hand
    assert h is not None and h.facedown == 1 and h.turnup_up
    assert hand_of(h, 0) == {"JS", "TS", "QS", "TD", "QD"}
    assert hand_of(h, 1) == {"KC", "KS", "AD", "KD", "JD"}
    # Trick 5: QD/JD (free play) → seat 0: 46 + 5 = 51.
    # Seat 0 draws TC, seat 1 the turn-up AS. Phase 2 from now on.
    act(m, "QD / JD")
    assert h.facedown == 0 and not h.turnup_up and "AS" in hand_of(h, 1)
    act(m, "play TC")
    assert legal(m) == ["play KC"]  # strict: follow clubs (KC cannot beat TC, but must follow)
    # TC/KC 14 → 65; TD/AD: seat 1 must beat with AD (21); KD/JS: seat 0 void, must trump → 71;
    # QS/KS: seat 1 must beat the queen (KS or AS) → 28; AS/TS → 49.
    act(m, "play KC", "play TD")
    assert legal(m) == ["play AD"]
    act(m, "play AD", "play KD")
    assert set(legal(m)) == {"play JS", "play TS", "play QS"}
    act(m, "play JS", "play QS")
    assert set(legal(m)) == {"play KS", "play AS"}
    act(m, "play KS", "play AS", "play TS")
    # §2.12.7: nobody claimed through trick 10: the last trick's winner (seat 1) scores 1,
    # although seat 0 has 71. All 120 card points are in the tricks (no last-trick bonus).
    r = m.results[-1]
    assert r.points == (71, 49) and sum(r.points) == 120
    assert r.tricks == (7, 3)
    assert r.end == "last trick" and r.game_points == (0, 1)


def test_last_trick_rule_graded() -> None:
    # last_trick_rule="graded": the last-trick winner scores 1/2/3 on the loser's count; seat 0
    # has 71, so seat 1 still scores only 1 here — but seat 1 is the winner regardless of points.
    m = match(last_trick_rule="graded")
    act(m, *FOUR_TRICKS, "QD / JD", "TC / KC", "TD / AD", "KD / JS", "QS / KS", "AS / TS")
    assert m.results[-1].game_points == (0, 1)


def test_deal_three_turnup_two() -> None:
    # rules/schnapsen.md#cards-and-deal: three each from the non-dealer, the turn-up, two each; nine left in
    # the talon.
    d = deal_three_turnup_two(list(range(20)), 0, 2)
    assert d.hands == ((3, 4, 5, 9, 10), (0, 1, 2, 7, 8)) and d.turnup == 6
    assert d.stock == tuple(range(11, 20))
    g = make_game("schnapsen")
    seeded = g.shuffled_deal(3, 0, (0, 1))
    g.check_deal(seeded, 0, (0, 1))
    assert len(seeded.stock) == 9


def test_jack_exchange_by_the_non_dealer_before_trick_1() -> None:
    # §2.12.2: no trick needed; seat 0 holds JS, the turn-up is AS.
    m = match()
    assert "exchange" in legal(m)
    m.apply("exchange")
    h = m.hand
    assert h is not None and "AS" in hand_of(h, 0) and "JS" not in hand_of(h, 0)
    assert h.turnup == parse_card("JS")
    # Only one exchange: the jack now lies under the talon.
    assert "exchange" not in legal(m)


def test_jack_exchange_needs_trick_option() -> None:
    m = match(jack_exchange_needs_trick=True)
    assert "exchange" not in legal(m)
    with pytest.raises(IllegalActionError, match="won a trick"):
        m.apply("exchange")


def test_jack_exchange_with_two_talon_cards() -> None:
    # After four tricks the talon is TC + the turn-up AS: two cards.
    m = match()
    act(m, *FOUR_TRICKS)
    assert "exchange" in legal(m)           # default exchange_min_talon = 2
    m4 = match(exchange_min_talon=4)
    act(m4, *FOUR_TRICKS)
    assert "exchange" not in legal(m4)      # "more than two cards" rule
    with pytest.raises(IllegalActionError):
        m4.apply("exchange")


def test_no_exchange_after_the_close() -> None:
    m = match()
    act(m, *FOUR_TRICKS, "close")
    assert "exchange" not in legal(m)
    assert "close" not in legal(m)


def test_close_requires_own_trick_by_default() -> None:
    # rules/schnapsen.md#play (closing): the seed wants the closer to have won a trick; "lead" allows the very
    # first lead.
    m = match()
    assert "close" not in legal(m)
    with pytest.raises(IllegalActionError, match="won a trick"):
        m.apply("close")
    assert "close" in legal(match(close_requires="lead"))
    # Closing is never offered before drawing: there is no 'draw' choice in Schnapsen.
    m = match()
    m.apply("play AH")
    m.apply("play JH")
    assert "draw" not in legal(m)


def test_close_freezes_the_loser_count() -> None:
    # §2.12.3: seat 0 closes with 46 while seat 1 has no trick; seat 1 later takes two tricks.
    m = match()
    act(m, *FOUR_TRICKS, "close")
    # TS/KS (seat 1 must follow spades; KS cannot beat TS) → 60; TD/AD: seat 1 must beat → 21;
    # KD/QD: seat 0 must follow → seat 1 28 (2 tricks); JD/QS: seat 0 void, trumps → 65;
    # JS/KC → 71. Nine tricks, seven to seat 0; TC and AS are dead.
    act(m, "TS / KS", "TD / AD", "KD / QD", "JD / QS", "JS / KC")
    r = m.results[-1]
    assert r.points == (71, 28) and r.tricks == (7, 2)
    # Measured at the close: seat 1 had 0 points and 0 tricks → 3.
    assert r.end == "closed and made" and r.game_points == (3, 0)


def test_closer_fails_opponent_trickless_at_the_close_scores_3() -> None:
    # §2.12.4: seat 0 closes at 46; TD/AD → seat 1 21; KD/QD → 28; JD/JS → 50; QS/KS → seat 1 35;
    # KC/TS → 64. Seat 0 ends below 66 and seat 1 had no trick at the close: 3.
    m = match()
    act(m, *FOUR_TRICKS, "close", "TD / AD", "KD / QD", "JD / JS", "QS / KS", "KC / TS")
    r = m.results[-1]
    assert r.points == (64, 35)
    assert r.end == "closer failed" and r.game_points == (0, 3)


# Seat 1 wins trick 4 by trumping KH with KS (free play) and draws first: QD to seat 1, JD to
# seat 0. Then seat 0 holds JS TS QS TD JD (39 points, 3 tricks), seat 1 KC QC AD KD QD (8, 1).
ONE_EACH = ("AH / JH", "AC / JC", "TH / QH", "KH / KS")


def test_closer_fails_opponent_with_a_trick_scores_2() -> None:
    # Seat 1 closes (it has a trick). QC/TS (void, must trump) → seat 0 52; TD/AD (must beat)
    # → seat 1 29; KC/QS → 59; JS/KD → 65; JD/QD (must beat) → seat 1 34. Closer failed;
    # seat 0 had three tricks at the close: 2.
    m = match()
    act(m, *ONE_EACH, "close", "QC / TS", "TD / AD", "KC / QS", "JS / KD", "JD / QD")
    r = m.results[-1]
    assert r.points == (65, 34) and r.points[0] + r.points[1] + 10 + 11 == 120  # TC, AS dead
    assert r.end == "closer failed" and r.game_points == (2, 0)


def test_non_closer_claims_first() -> None:
    # §2.12.5: seat 1 closes; QC/TS → seat 0 52; JS/KD → 58; QS/AD → 72; seat 0 claims.
    # Counted as the closer failing; seat 0 had tricks at the close: 2.
    m = match()
    act(m, *ONE_EACH, "close", "QC / TS", "JS / KD", "QS / AD", "declare")
    r = m.results[-1]
    assert r.end == "closer beaten" and r.game_points == (2, 0)


def test_marriage_after_the_close_makes_66() -> None:
    # §2.12.6: with KD and TD swapped in the talon seat 0 draws KD and QD: after four tricks he
    # holds JS TS QS KD QD with 46. He closes and shows the diamond marriage: 46 + 20 = 66.
    stock = "TS KS QS AD KD TD QD JD TC"
    m = match(stock=stock)
    act(m, *FOUR_TRICKS, "close")
    assert {"marry KD", "marry QD", "declare QD"} <= set(legal(m))
    m.apply("declare KD")
    r = m.results[-1]
    assert r.points == (66, 0)
    assert r.end == "claim" and r.game_points == (3, 0)  # seat 1 trickless at the close
    # marriages_after_close=False: no marriage once the talon is closed.
    m = match(stock=stock, marriages_after_close=False)
    act(m, *FOUR_TRICKS)
    assert "marry KD" in legal(m)
    m.apply("close")
    assert not any(a.startswith(("marry", "declare ")) for a in legal(m))


def test_marriage_needs_a_previous_trick_by_default() -> None:
    # Seat 1 holds KC QC; it may not declare before it has a trick (seed rule) …
    hands = ["KC QC AH TH KH", "JS QH JH AC JC"]
    m = match(hands=hands)
    assert "marry KC" not in legal(m)
    # … but may with marriage_before_first_trick, pending until it wins a trick.
    m = match(hands=hands, marriage_before_first_trick=True)
    m.apply("marry QC")
    h = m.hand
    assert h is not None and h.pending[0] == 20 and h.points[0] == 0
    m.apply("play AC")  # seat 1 takes it: the marriage stays pending for seat 0
    assert h.points == [0, 14] and h.pending[0] == 20


def test_false_claims() -> None:
    # §2.12.8: seat 0 claims with 13 after trick 1; seat 1 has no trick → 3.
    m = match()
    act(m, "AH / JH", "declare")
    assert m.results[-1].end == "false claim" and m.results[-1].game_points == (0, 3)
    # With false_claim_penalty="flat2" → 2.
    m = match(false_claim_penalty="flat2")
    act(m, "AH / JH", "declare")
    assert m.results[-1].game_points == (0, 2)
    # Seat 1 claims with 8 after winning trick 4; seat 0 has tricks → 2.
    m = match()
    act(m, *ONE_EACH, "declare")
    assert m.results[-1].game_points == (2, 0)


def test_claim_only_after_a_trick() -> None:
    m = match()
    assert "declare" not in legal(m)
    act(m, "AH / JH")
    assert "declare" in legal(m)
    m.apply("play AC")
    m.apply("play JC")
    m.apply("play TH")  # leading gives the right up; seat 1 is following
    assert "declare" not in legal(m)


def test_bummerl_count_down() -> None:
    # §2.12.9: seat 0 at 1 wins 3 (the closed hand above) → 1 - 3 = -2: he wins the Bummerl.
    m = match()
    m.score[0] = 1
    act(m, *FOUR_TRICKS, "close", "TS / KS", "TD / AD", "KD / QD", "JD / QS", "JS / KC")
    assert m.score == [-2, 7] and m.complete and m.winner == [0]
    assert m.extra["bummerl"] == 1  # schneider_bummerl is off by default
    m = match(schneider_bummerl=True)
    m.score[0] = 1
    act(m, *FOUR_TRICKS, "close", "TS / KS", "TD / AD", "KD / QD", "JD / QS", "JS / KC")
    assert m.extra["bummerl"] == 2  # the loser is still at 7
    m = match(schneider_bummerl=True)
    m.score[:] = [1, 5]
    act(m, *FOUR_TRICKS, "close", "TS / KS", "TD / AD", "KD / QD", "JD / QS", "JS / KC")
    assert m.extra["bummerl"] == 1


def test_count_down_and_alternating_deal() -> None:
    m = match(start_score=7)
    act(m, "AH / JH", "declare")  # false claim: seat 1 scores 3
    assert m.score == [7, 4] and not m.complete and m.dealer == 0


def test_strict_trump_lead_needs_a_higher_trump() -> None:
    # §2.12.10: hearts trumps, QH led: the follower with JH AH KC must play AH.
    beats = make_game("schnapsen").rules.beats_table(H)
    got = legal_follow(parse_cards("JH AH KC"), [parse_card("QH")], [0, 1], (0, 1), H, STRICT2,
                       beats)
    assert got == parse_cards("AH")
    # In play: after the close seat 0 leads JS and seat 1 (KC KS AD KD JD) must beat with KS.
    m = match()
    act(m, *FOUR_TRICKS, "close", "play JS")
    assert legal(m) == ["play KS"]


def test_options_are_checked() -> None:
    with pytest.raises(OptionError):
        make_game("schnapsen", {"exchange_min_talon": 1})
    with pytest.raises(OptionError):
        make_game("schnapsen", {"close_requires": "lead_after_first_trick"})
    good = make_deal(PACK_20, HANDS, "AS", STOCK)
    short = Deal(hands=(good.hands[0][:4], good.hands[1] + good.hands[0][4:]),
                 turnup=good.turnup, stock=good.stock)
    m = Match(make_game("schnapsen"), dealer=1)
    with pytest.raises(ValueError, match="5 cards"):
        m.deal_hand(deal=short)
    assert m.hand is None


def test_random_hands_end_and_conserve_points() -> None:
    rng = random.Random(11)
    g = make_game("schnapsen")
    for _ in range(200):
        m = Match(g, dealer=rng.randrange(2))
        for r in random_hands(m, rng):
            assert sum(r.game_points) in (1, 2, 3)
        assert min(m.score) <= 0


def test_perft() -> None:
    g = make_game("schnapsen")
    s = g.new_hand(1, g.shuffled_deal(2026, 1, (0, 1)), (0, 1))
    assert perft(s, 4) == PERFT_4


PERFT_4 = 828  # computed once from this seeded deal; a regression guard
