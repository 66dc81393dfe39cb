"""Four-Hand Sixty-Six (rules/four-hand.md): partnerships 0 & 2 against 1 & 3. Edge cases of §3.8 and
the pagat option set (rules/four-hand.md#the-pagat-variant, records.md §5) on explicit deals, worked out by
hand."""

from __future__ import annotations

import random

import pytest
from games_util import act, hand_of, legal, make_deal, perft

from sixtysix.cards import PACK_24, PACK_32, parse_card
from sixtysix.engine.match import Match
from sixtysix.engine.state import PH_DEFER, Deal, State
from sixtysix.errors import IllegalActionError
from sixtysix.games import make_game

# Deal A, dealer 3 (seat 0 leads). The dealer's last card 7H is turned: hearts are trumps.
#   seat 0: AC 9C QC JC AD TD KD QD
#   seat 1: 9H AH KH AS TS KS QS JS    (void in clubs and diamonds)
#   seat 2: KC TC 8C 7C JD 9D 8D 7D
#   seat 3: TH QH JH 8H 9S 8S 7S 7H    (void in clubs and diamonds)
DEAL_A = ["AC 9C QC JC AD TD KD QD", "9H AH KH AS TS KS QS JS", "KC TC 8C 7C JD 9D 8D 7D",
          "TH QH JH 8H 9S 8S 7S 7H"]
# Deal B: deal A with seat 0's JC and seat 1's JS swapped, so seat 1 can follow clubs.
DEAL_B = ["AC 9C QC JS AD TD KD QD", "9H AH KH AS TS KS QS JC", "KC TC 8C 7C JD 9D 8D 7D",
          "TH QH JH 8H 9S 8S 7S 7H"]


def match(hands: list[str] = DEAL_A, score: list[int] | None = None, **options: object) -> Match:
    m = Match(make_game("four-hand-sixty-six", dict(options)), dealer=3)
    if score is not None:
        m.score[:] = score
    last = hands[3].split()[-1]
    m.deal_hand(deal=make_deal(PACK_32, hands, last, fill_stock=False))
    return m


def test_pack_and_totals() -> None:
    # §3.8.1: 32 cards, 8 tricks, 120 card points, 130 with the last trick.
    g = make_game("four-hand-sixty-six")
    assert g.rules.pack_size == 32
    rng = random.Random(2)
    for seed in range(20):
        s = g.new_hand(seed % 4, g.shuffled_deal(seed, seed % 4, (0, 1, 2, 3)), (0, 1, 2, 3))
        while not s.over:
            s.step(rng.choice(s.legal_actions()))
        assert s.points[0] + s.points[1] == 130 and s.tricks[0] + s.tricks[1] == 8


def test_dealers_turned_card_is_his() -> None:
    # §3.8.2: the seeded deal turns the dealer's last card; it is in his hand and known to all.
    g = make_game("four-hand-sixty-six")
    d = g.shuffled_deal(8, 1, (0, 1, 2, 3))
    assert d.turnup == d.hands[1][-1] and len(d.hands[1]) == 8 and d.stock == ()
    s = g.new_hand(1, d, (0, 1, 2, 3))
    assert s.to_act == 2 and s.trump == d.turnup >> 3 & 3
    assert (s.view(0).known[1] >> d.turnup) & 1
    # Deal A: the dealer may play 7H in trick 1 (AC, AH ruffs, 7C: he must trump, 7H is a trump)…
    m = match()
    act(m, "play AC", "play AH", "play 7C")
    assert "play 7H" in legal(m)
    # … or keep it: after trick 1 it is still in his hand.
    m.apply("play TH")
    assert m.hand is not None and "7H" in hand_of(m.hand, 3)
    # A deal whose turn-up is not the dealer's last card is refused.
    bad = make_deal(PACK_32, DEAL_A, "TH", fill_stock=False)
    with pytest.raises(ValueError, match="dealer's last card 7H"):
        Match(make_game("four-hand-sixty-six"), dealer=3).deal_hand(deal=bad)


def test_must_overtrump_partner() -> None:
    # §3.8.3: AC led; seat 1, void, must trump (AH KH 9H); he plays 9H. Seat 2 may play any club
    # (the trick is ruffed, §3.8.5); seat 3 must over-trump his partner's 9H: TH QH JH.
    m = match()
    m.apply("play AC")
    assert set(legal(m)) == {"play AH", "play KH", "play 9H"}
    m.apply("play 9H")
    assert set(legal(m)) == {"play KC", "play TC", "play 8C", "play 7C"}
    m.apply("play 7C")
    assert set(legal(m)) == {"play TH", "play QH", "play JH"}
    with pytest.raises(IllegalActionError):
        m.apply("play 8H")


def test_must_trump_even_when_unable_to_overtrump() -> None:
    # §3.8.4: seat 1 ruffs with AH; seat 3 cannot beat it but must still trump.
    m = match()
    act(m, "play AC", "play AH", "play 7C")
    assert set(legal(m)) == {"play TH", "play QH", "play JH", "play 8H", "play 7H"}
    # must_trump_when_cannot_overtrump=False: any card.
    m = match(must_trump_when_cannot_overtrump=False)
    act(m, "play AC", "play AH", "play 7C")
    assert len(legal(m)) == 8


def test_follow_and_beat_partner_unless_ruffed() -> None:
    # §3.8.5 with deal B: QC led, seat 1 must play JC; seat 2 must beat his partner's QC (KC TC),
    # not 8C or 7C, because nobody has ruffed.
    m = match(DEAL_B)
    m.apply("play QC")
    assert legal(m) == ["play JC"]
    m.apply("play JC")
    assert set(legal(m)) == {"play KC", "play TC"}


def test_seed_literal_follow_rule() -> None:
    # follow_rule="seed_literal": follow suit without beating (unless trumps were led); if void,
    # any trump — no over-trumping of a plain-suit ruff.
    m = match(DEAL_B, follow_rule="seed_literal")
    act(m, "play QC", "play JC")
    assert set(legal(m)) == {"play KC", "play TC", "play 8C", "play 7C"}
    m = match(follow_rule="seed_literal")
    act(m, "play AC", "play 9H", "play 7C")
    assert set(legal(m)) == {"play TH", "play QH", "play JH", "play 8H", "play 7H"}


def _ended(points: tuple[int, int], tricks: tuple[int, int], bonus: int = 0) -> State:
    g = make_game("four-hand-sixty-six")
    s = g.new_hand(3, make_deal(PACK_32, DEAL_A, "7H", fill_stock=False), (0, 1, 2, 3),
                   bonus=bonus)
    s.points = list(points)
    s.tricks = list(tricks)
    return s


@pytest.mark.parametrize(("points", "tricks", "gp", "winner"), [
    ((65, 65), (4, 4), 0, None),   # draw
    ((66, 64), (4, 4), 1, 0),      # 66-99: 1
    ((31, 99), (2, 6), 1, 1),
    ((100, 30), (6, 2), 2, 0),     # 100 is in the 2-point band
    ((130, 0), (8, 0), 3, 0),      # all 8 tricks
    ((130, 0), (7, 1), 2, 0),      # 130 but the opponents took a (pointless) trick
])
def test_band_boundaries(points: tuple[int, int], tricks: tuple[int, int], gp: int,
                         winner: int | None) -> None:
    # §3.8.6
    s = _ended(points, tricks)
    r = s.game.score_hand(s, None)
    assert s.game.hand_game_points(s, None) == r.game_points  # search's lean scoring
    if winner is None:
        assert r.winners == () and r.game_points == (0, 0, 0, 0)
    else:
        assert set(r.winners) == {winner, winner + 2}
        assert r.game_points[winner] == r.game_points[winner + 2] == gp
        assert r.game_points[1 - winner] == 0


# Seed 4, dealer 3, trumps diamonds (turn-up 7D): a real 65-65 hand. Trick by trick:
#   9C JC 8C TC → seat 3 (12)   7D AD QD KD → seat 0 (18)   JS TS 7S 9S → seat 1 (24)
#   KC 7C QC AC → seat 0 (36)   QH JH AH KH → seat 2 (56)   7H 8D 9H 9D → seat 1 (24, no points)
#   KS JD 8S QS → seat 2 (65)   8H TD TH AS → seat 3, 31 + last trick 10 (65)
DRAWN = ("9C JC 8C TC 7D AD QD KD JS TS 7S 9S KC 7C QC AC QH JH AH KH 7H 8D 9H 9D "
         "KS JD 8S QS 8H TD TH AS")


def test_drawn_hand_bonus_goes_to_the_next_winner() -> None:
    # §3.8.6 (65/65) and §3.8.7: no score, and the next hand's winners get 1 more.
    m = Match(make_game("four-hand-sixty-six"), dealer=3)
    m.deal_hand(seed=4)
    for c in DRAWN.split():
        m.apply("play " + c)
    r = m.results[-1]
    assert r.points == (65, 65, 65, 65) and r.end == "draw" and m.bonus == 1
    assert m.hand is not None and m.game.hand_game_points(m.hand, None) == (0, 0, 0, 0)
    assert m.dealer == 0
    rng = random.Random(1)
    h = m.deal_hand(seed=5)
    while m.in_hand:
        m.apply(rng.choice(m.legal_actions()))
    r = m.results[-1]
    w = r.winners[0]
    side = h.rules.sides[w]
    band = 3 if h.tricks[side] == 8 else 2 if h.points[side] >= 100 else 1
    assert r.game_points[w] == band + 1 and m.bonus == 0
    assert m.game.hand_game_points(h, None) == r.game_points


def test_ten_of_trumps_ends_the_match_at_six() -> None:
    # §3.8.8: AC, 9H, 7C, TH: seat 3 over-trumps with the ten of trumps. Side 1 & 3 at 6: the hand
    # stops after this trick and scores only that point: 7, they win.
    m = match(score=[0, 6, 0, 6], ten_of_trumps_bonus=True)
    act(m, "play AC", "play 9H", "play 7C", "play TH")
    r = m.results[-1]
    assert r.end == "ten of trumps" and r.game_points == (0, 1, 0, 1)
    assert m.hand is not None and m.game.hand_game_points(m.hand, None) == (0, 1, 0, 1)
    assert m.complete and m.winner == [1, 3] and m.score == [0, 7, 0, 7]


def test_ten_of_trumps_extra_point_otherwise() -> None:
    # At 0 the hand goes on; side 1 & 3 get 1 extra game point whoever wins the hand.
    m = match(ten_of_trumps_bonus=True)
    act(m, "play AC", "play 9H", "play 7C", "play TH")
    rng = random.Random(4)
    h = m.hand
    assert h is not None and not h.over
    while m.in_hand:
        m.apply(rng.choice(m.legal_actions()))
    r = m.results[-1]
    base = [0, 0]
    if r.winners:
        sd = h.rules.sides[r.winners[0]]
        base[sd] = 3 if h.tricks[sd] == 8 else 2 if h.points[sd] >= 100 else 1
    assert r.game_points == (base[0], base[1] + 1, base[0], base[1] + 1)
    assert m.game.hand_game_points(h, None) == r.game_points
    # Without the option, no extra point.
    m = match()
    act(m, "play AC", "play 9H", "play 7C", "play TH")
    assert m.hand is not None and not m.hand.rules.trick_hook


def test_match_to_seven() -> None:
    rng = random.Random(6)
    g = make_game("four-hand-sixty-six")
    for _ in range(10):
        m = Match(g, dealer=0)
        while not m.complete:
            m.deal_hand(rng=rng)
            while m.in_hand:
                m.apply(rng.choice(m.legal_actions()))
        assert m.score[0] == m.score[2] and m.score[1] == m.score[3]
        assert m.winner is not None and max(m.score) >= 7
        assert all(m.score[p] == max(m.score) for p in m.winner)


# ------------------------------------------------------------------ variant="pagat"

# Dealer 3 (seat 0 leads); the bottom card 9C, the dealer's last, makes clubs trumps.
#   seat 0: AS AH TH AD TD AC      seat 1: TS 9H JH 9D JD TC
#   seat 2: KS QS KC QC KH JC      seat 3: JS 9S QH KD QD 9C
PAGAT = ["AS AH TH AD TD AC", "TS 9H JH 9D JD TC", "KS QS KC QC KH JC", "JS 9S QH KD QD 9C"]


def pagat(**options: object) -> Match:
    m = Match(make_game("four-hand-sixty-six", {"variant": "pagat", **options}), dealer=3)
    m.deal_hand(deal=make_deal(PACK_24, PAGAT, "9C", fill_stock=False))
    return m


def test_pagat_deal() -> None:
    # 24 cards in threes: partner, left-hand opponent, right-hand opponent, dealer; the bottom
    # card (the dealer's last) fixes trumps.
    g = make_game("four-hand-sixty-six", {"variant": "pagat"})
    d = g.deal_from_deck(list(range(24)), 3, (0, 1, 2, 3))
    assert d.hands[1] == (0, 1, 2, 12, 13, 14) and d.hands[0] == (3, 4, 5, 15, 16, 17)
    assert d.hands[2] == (6, 7, 8, 18, 19, 20) and d.hands[3] == (9, 10, 11, 21, 22, 23)
    assert d.turnup == 23
    g.check_deal(g.shuffled_deal(1, 0, (0, 1, 2, 3)), 0, (0, 1, 2, 3))


def test_pagat_defer_and_partner_marriage() -> None:
    m = pagat()
    # Seat 0 holds no marriage: he may lead or defer. No claim before a trick.
    assert set(legal(m)) == {"play AS", "play AH", "play TH", "play AD", "play TD", "play AC",
                             "defer"}
    m.apply("defer")
    h = m.hand
    assert h is not None and h.phase == PH_DEFER and m.to_act == 2
    assert set(legal(m)) == {"marry KS", "marry QS", "marry KC", "marry QC", "pass"}
    with pytest.raises(IllegalActionError, match="partner deferred"):
        m.apply("play KS")
    # Seat 2 declares the spade marriage naming QS: 20, pending (his side has no trick yet).
    m.apply("marry QS")
    assert m.to_act == 0 and h.pending[0] == 20 and h.points[0] == 0
    # One marriage per lead: the leader may only lead now.
    assert "defer" not in legal(m) and all(a.startswith("play") for a in legal(m))
    # AS led; seat 1 follows TS; seat 2 cannot beat his partner's ace and must play the QS he
    # named (KS would otherwise be as good); seat 3 plays a spade.
    act(m, "play AS", "play TS")
    assert legal(m) == ["play QS"]
    act(m, "play QS", "play 9S")
    # AS TS QS 9S = 11+10+3+0 = 24 to seat 0's side, plus the marriage now credited: 44.
    assert h.points == [44, 0] and h.tricks == [1, 0]
    assert "declare" in legal(m)
    # A claim at 44 is false: the opponents score 2.
    m.apply("declare")
    r = m.results[-1]
    assert r.end == "false claim" and r.game_points == (0, 2, 0, 2)


def test_pagat_pass_and_correct_claim() -> None:
    m = pagat()
    act(m, "defer", "pass")
    assert m.to_act == 0 and "defer" not in legal(m)
    act(m, "play AS", "play TS")
    assert set(legal(m)) == {"play KS", "play QS"}  # no promise after a pass
    # AS TS KS 9S = 25; AH JH KH QH = 11+2+4+3 = 20 (seat 2 cannot beat the ace: any heart).
    act(m, "play KS", "play 9S", "play AH", "play JH", "play KH", "play QH")
    h = m.hand
    assert h is not None and h.points == [45, 0]
    # Seat 0 leads TH; seat 1 follows 9H; seat 2, void in hearts, must trump (KC QC JC) and
    # plays JC; seat 3, void too, cannot over-trump with 9C but must still trump.
    act(m, "play TH", "play 9H")
    assert set(legal(m)) == {"play KC", "play QC", "play JC"}
    m.apply("play JC")
    assert legal(m) == ["play 9C"]
    m.apply("play 9C")
    # TH 9H JC 9C = 12 to seat 2: 57. Seat 2 leads; his side may claim (falsely here).
    assert h.points == [57, 0] and m.to_act == 2 and "declare" in legal(m)


def test_pagat_claim_graded() -> None:
    # Seat 0 defers; seat 2 declares the trump marriage (clubs: 40, pending) naming KC. AS led:
    # KC is not a spade, so the promise cannot be kept and seat 2 follows suit as usual.
    # AS TS KS 9S = 25, + 40 credited = 65; AH JH KH QH = 20 → 85.
    m = pagat()
    act(m, "defer", "marry KC", "play AS", "play TS")
    assert set(legal(m)) == {"play KS", "play QS"}
    act(m, "play KS", "play 9S")
    h = m.hand
    assert h is not None and h.points == [65, 0]
    act(m, "play AH", "play JH", "play KH", "play QH")
    assert h.points == [85, 0]
    m.apply("declare")
    r = m.results[-1]
    # The opponents have no trick: 3 game points to seats 0 and 2.
    assert r.end == "claim" and r.game_points == (3, 0, 3, 0) and r.winners == (0, 2)


def test_perft() -> None:
    g = make_game("four-hand-sixty-six")
    s = g.new_hand(3, g.shuffled_deal(2026, 3, (0, 1, 2, 3)), (0, 1, 2, 3))
    assert perft(s, 4) == PERFT_4
    g = make_game("four-hand-sixty-six", {"variant": "pagat"})
    s = g.new_hand(3, g.shuffled_deal(2026, 3, (0, 1, 2, 3)), (0, 1, 2, 3))
    assert perft(s, 4) == PERFT_4_PAGAT


PERFT_4 = 27  # computed once from these seeded deals; regression guards
PERFT_4_PAGAT = 28


def test_bad_deal_refused() -> None:
    d = make_deal(PACK_32, DEAL_A, "7H", fill_stock=False)
    bad = Deal(hands=d.hands, turnup=d.turnup, stock=(parse_card("AC"),))
    with pytest.raises(ValueError):
        Match(make_game("four-hand-sixty-six"), dealer=3).deal_hand(deal=bad)


def test_pagat_views_and_determinization_while_deferred() -> None:
    # Only the partner is to act after 'defer'; what he may do is his alone. A determinization
    # from the leader's view keeps the phase and the one-marriage-per-lead rule.
    m = pagat()
    m.apply("defer")
    h = m.hand
    assert h is not None
    assert h.view(0).legal == () and h.view(1).legal == ()
    assert set(h.view(2).legal) == set(h.legal_actions())
    s = h.view(0).determinize(random.Random(3))
    assert s.phase == PH_DEFER and s.to_act == 2
    s.apply("pass")
    assert s.to_act == 0 and "defer" not in legal(s)
    assert all(a.startswith("play") for a in legal(s))
