"""The casual heuristic bot: its rules of thumb in hand-built positions, its strength against
random play, and legal play in every game."""

from __future__ import annotations

import random

import pytest

from sixtysix.bots import BotError, make_bot
from sixtysix.bots.heuristic import HeuristicBot, _Turn
from sixtysix.cards import PACK_24, SUIT_MASK, pack_cards, parse_card
from sixtysix.engine import kernel_multi
from sixtysix.engine.actions import (
    CLOSE,
    DECLARE,
    DRAW,
    EXCHANGE,
    MARRY,
    PLAY,
    TRUMP,
    TURN,
    action_str,
)
from sixtysix.engine.match import Match
from sixtysix.engine.state import PH_TRUMP, Deal
from sixtysix.games import GAMES, make_game


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(w) for w in text.split())


def match66(h0: str, h1: str, turnup: str, **options: object) -> Match:
    """A Sixty-Six match dealt by seat 1 (seat 0 leads); the stock is the rest of the pack in its
    fixed order."""
    given = cards(h0) + cards(h1) + cards(turnup)
    stock = tuple(c for c in pack_cards(PACK_24) if c not in given)
    m = Match(make_game("sixty-six", dict(options)), dealer=1)
    m.deal_hand(deal=Deal(hands=(cards(h0), cards(h1)), turnup=parse_card(turnup), stock=stock))
    return m


def choose(m: Match, spec: str = "heuristic", seed: int = 0) -> int:
    assert m.hand is not None and m.to_act is not None
    return make_bot(spec).choose(m.hand.view(m.to_act), random.Random(seed))


def play_match(specs: list[str], seed: int, game: str = "sixty-six") -> Match:
    rng = random.Random(seed)
    g = make_game(game)
    m = Match(g, dealer=g.first_dealer(rng))
    bots = [make_bot(s) for s in specs]
    while not m.complete:
        state = m.deal_hand(seed=rng.randrange(2**31))
        while m.in_hand:
            seat = m.to_act
            assert seat is not None
            m.apply(bots[seat].choose(state.view(seat), rng))
    return m


# ---------------------------------------------------------------------------------- claims

def claim_position(**options: object) -> Match:
    """Seat 0 (hearts trumps) scores 40 by leading QH (credited when it wins the trick: 3 + 40),
    then takes AH+JC (13) and TH+QC (13): 69 credited points, and it has just won a trick."""
    m = match66("AH TH KH QH AS TS", "9C JC QC KC 9D JD", "JH", **options)
    for a in ("marry QH", "play 9C", "draw", "play AH", "play JC", "draw", "play TH", "play QC"):
        m.apply(a)
    assert m.hand is not None
    assert m.hand.points == [69, 0]
    return m


def test_draws_then_claims_with_66():
    m = claim_position()
    assert m.hand is not None and m.to_act == 0
    # The trick winner may close or draw: with 69 in, it draws, then claims.
    assert set(m.legal_actions()) == {DRAW, CLOSE}
    assert choose(m) == DRAW
    m.apply(DRAW)
    assert DECLARE in m.legal_actions()
    assert choose(m) == DECLARE
    m.apply(DECLARE)
    assert m.results[-1].end == "claim" and m.results[-1].winners == (0,)


def test_never_claims_below_the_target():
    m = match66("AH TH KH QH AS TS", "9C JC QC KC 9D JD", "JH")
    m.apply("play AS")
    m.apply("play 9C")  # seat 0 wins 11 and may claim: a false claim
    m.apply("draw")
    assert DECLARE in m.legal_actions()
    for seed in range(20):
        assert choose(m, seed=seed) != DECLARE


def test_miss_one_overlooks_the_claim():
    m = claim_position()
    m.apply(DRAW)
    assert choose(m, "heuristic:miss=1") != DECLARE


# ---------------------------------------------------------------------------------- marriages

def test_declares_a_marriage_when_leading_with_king_and_queen():
    m = match66("KS QS 9C JD 9D JC", "AC TC KC QC AD TD", "9H")
    assert choose(m) == MARRY + parse_card("QS")  # leads the queen, keeps the king


def test_prefers_the_forty():
    m = match66("KS QS KH QH 9D JC", "AC TC KC QC AD TD", "9H")
    assert choose(m) == MARRY + parse_card("QH")


# ---------------------------------------------------------------------------------- exchange

def test_exchanges_the_trump_nine_when_allowed():
    # Seat 0 takes trick 1 with AC over 9S, draws; now on lead with 9H and a trick: exchange.
    m = match66("9H AC TC KD JS JD", "9S AS TS KS QS 9D", "AH")
    m.apply("play AC")
    m.apply("play 9S")
    m.apply("draw")
    assert EXCHANGE in m.legal_actions()
    assert choose(m) == EXCHANGE


def test_does_not_try_to_exchange_before_a_trick():
    m = match66("9H AC TC KD JS JD", "9S AS TS KS QS 9D", "AH")
    assert EXCHANGE not in m.legal_actions()
    assert choose(m) in m.legal_actions()


# ---------------------------------------------------------------------------------- following

def test_takes_a_led_ace_with_the_cheapest_trump():
    # Hearts trumps. Seat 0 leads AC; seat 1 has no club and trumps JH, not AH or TH.
    m = match66("AC 9C 9S JS QS KS", "AH TH JH 9D JD QD", "9H")
    m.apply("play AC")
    assert choose(m) == PLAY + parse_card("JH")


def test_does_not_waste_a_trump_on_a_worthless_lead():
    # Seat 0 leads 9C (0 points): seat 1 keeps its trumps and throws its cheapest plain card.
    m = match66("AC 9C 9S JS QS KS", "AH TH JH 9D JD QD", "9H")
    m.apply("play 9C")
    assert choose(m) == PLAY + parse_card("9D")


def test_beats_in_suit_with_the_card_worth_most():
    # Seat 0 leads KC; seat 1 holds AC and TC: it wins with the ace and banks 15.
    m = match66("KC 9C 9S JS QS KS", "AC TC JH 9D JD QD", "9H")
    m.apply("play KC")
    assert choose(m) == PLAY + parse_card("AC")


def test_strict_play_dumps_the_lowest_when_it_cannot_win():
    # Seat 0 closes at once and leads AH (trumps). Seat 1 cannot beat it and must follow with a
    # trump, TH or JH: it gives the cheaper JH.
    m = match66("AH KS QS 9S JS AC", "TH JH 9D JD QD TD", "9H")
    m.apply("close")
    m.apply("play AH")
    assert set(m.legal_actions()) == {PLAY + parse_card("TH"), PLAY + parse_card("JH")}
    assert choose(m) == PLAY + parse_card("JH")


def test_strict_play_wins_with_a_card_it_could_lose_later():
    # Stock closed, seat 0 leads 9D. Seat 1 must beat it with TD, QD or JD; the ace of diamonds is
    # still out, so every one of them could be caught later: it banks the most, the ten.
    m = match66("9D AD KS QS 9S JS", "TD QD JD 9C JC QC", "9H")
    m.apply("close")
    m.apply("play 9D")
    assert choose(m) == PLAY + parse_card("TD")


# ---------------------------------------------------------------------------------- closing

@pytest.mark.parametrize("hands, choice", [
    # Seat 0 declares 40 leading QH and wins the trick over 9C: 3 + 40 = 43 credited. It then
    # holds AH TH KH (the top trumps: sure, and they draw the one trump still out, 9H) and AC AS
    # (then sure too): 43 + 11 + 10 + 4 + 11 + 11 = 90, so it closes before drawing.
    pytest.param(("AH TH KH QH AC AS", "9C 9S JS 9D JD QD"), CLOSE, id="sure-tricks-close"),
    # Same 43, but KH is beaten by AH and TH that are still out: nothing is sure, so it draws.
    pytest.param(("KH QH 9S JS 9D TD", "9C AS TS JD QD KD"), DRAW, id="nothing-sure-draws"),
])
def test_closes_when_its_sure_tricks_carry_it_to_66(hands, choice):
    m = match66(*hands, "JH")
    m.apply("marry QH")
    m.apply("play 9C")
    assert m.hand is not None and m.hand.points == [43, 0]
    assert choose(m) == choice


# ---------------------------------------------------------------------------------- trumps

def test_names_its_longest_suit_in_three_player():
    g = make_game("three-player-sixty-six")
    checked = 0
    for seed in range(40):
        m = Match(g, dealer=0)
        state = m.deal_hand(seed=seed)
        assert state.phase == PH_TRUMP
        view = state.view(state.to_act)
        counts = [(view.hand & SUIT_MASK[s]).bit_count() for s in range(4)]
        if max(counts) < 2:
            continue
        best = counts.index(max(counts))
        legal = set(state.legal_actions())
        if TRUMP + best not in legal:
            continue
        choice = HeuristicBot().choose(view, random.Random(seed))
        assert choice == TRUMP + best and choice != TURN
        checked += 1
    assert checked >= 5


# ---------------------------------------------------------------------------------- strength

def test_beats_random_in_most_matches():
    wins = 0
    n = 200
    for i in range(n):
        seat = i % 2  # alternate seats so the first dealer does not favour either bot
        specs = ["random", "random"]
        specs[seat] = "heuristic"
        m = play_match(specs, seed=i)
        wins += m.winner == [seat]
    # Measured: 200 of 200. "Clearly more than half": at least three in four.
    assert wins >= 150, wins


def test_weaker_settings_lose_to_the_full_bot():
    wins = 0
    n = 60
    for i in range(n):
        seat = i % 2
        specs = ["heuristic:forget=1,miss=1", "heuristic:forget=1,miss=1"]
        specs[seat] = "heuristic"
        wins += play_match(specs, seed=1000 + i).winner == [seat]
    assert wins > n // 2, wins


# ---------------------------------------------------------------------------------- every game

@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_plays_a_legal_action_in_random_positions_of_every_game(game_id: str):
    g = make_game(game_id)
    rng = random.Random(game_id)
    bots = [make_bot("heuristic"), make_bot("heuristic:forget=0.5,miss=0.5")]
    decisions = 0
    for match_no in range(3):
        m = Match(g, dealer=g.first_dealer(rng))
        hands = 0
        while not m.complete and hands < 4:
            state = m.deal_hand(seed=rng.randrange(2**31))
            hands += 1
            while m.in_hand:
                seat = m.to_act
                assert seat is not None
                view = state.view(seat)
                legal = state.legal_actions()
                for bot in bots:
                    assert bot.choose(view, rng) in legal
                    decisions += 1
                # Walk on by a mix of random and heuristic moves, to reach varied positions.
                action = rng.choice(legal) if rng.random() < 0.5 else bots[match_no % 2].choose(
                    view, rng)
                m.apply(action)
    assert decisions > 50


def test_same_view_and_seed_give_the_same_choice():
    g = make_game("sixty-six")
    m = Match(g, dealer=1)
    state = m.deal_hand(seed=11)
    view = state.view(0)
    a = HeuristicBot(forget=0.5, miss=0.5).choose(view, random.Random(4))
    b = HeuristicBot(forget=0.5, miss=0.5).choose(view, random.Random(4))
    assert a == b


@pytest.mark.parametrize("spec", ["heuristic:forget=2", "heuristic:miss=-0.1", "heuristic:bogus=1"])
def test_bad_parameters_are_refused(spec: str):
    with pytest.raises(BotError):
        make_bot(spec)


def test_no_kontra_against_a_gang_on_a_top_card() -> None:
    # Dealer 3. P (seat 1) bids Gang holding AH TH KH AS TS: he leads and wins every trick, so
    # R's ace-ten-king of diamonds and F's of clubs never win one (he holds neither suit). The
    # casual bot used to say kontra on a top card held twice and lost double every time.
    hands = ("AC TC KC QS JD", "AH TH KH AS TS", "AD TD KD QC JC", "QH JH KS JS QD")
    m = Match(make_game("bauernschnapsen"), dealer=3)
    m.deal_hand(deal=Deal(hands=tuple(cards(h) for h in hands), turnup=None, stock=()))
    for a in ("cut", "trump C", "bid normal", "bid gang", "pass", "pass", "pass"):
        m.apply(a)
    assert m.hand is not None and m.hand.contract is not None
    assert (m.hand.contract.name, m.hand.declarer, m.to_act) == ("gang", 1, 2)
    assert action_str(choose(m)) == "pass"      # R
    m.apply("pass")
    assert m.to_act == 0 and action_str(choose(m)) == "pass"  # F
    m.apply("pass")
    while m.in_hand:
        m.apply(choose(m))
    assert m.results[-1].end == "gang made"


def test_north_american_hand_estimate_and_bid_worked_by_hand() -> None:
    # Four players, partners opposite; 24 cards, an average card worth (11+10+4+3+2+0) / 6 = 5.
    # Seat 0 holds AS TS KS QS AH 9C. With spades trumps: the marriage 40, the four top trumps
    # 11+10+4+3 = 28, the heart ace 11; five winners, each with an average card from the three
    # others, 5 * 3 * 5 = 75: 154 (the partner's share, a third of 120 - 154, is nothing).
    # With hearts: the spade marriage 20, two top spades 21 (a plain suit is ruffed after two
    # rounds), the heart ace 11; three winners, 45: 97, and the partner's (120 - 97) / 3: 104.
    hands = ("AS TS KS QS AH 9C", "AC TC KC QC JC JS", "AD TD KD QD JD 9D", "TH KH QH JH 9H 9S")
    m = Match(make_game("north-american-sixty-six"), dealer=3)
    s = m.deal_hand(deal=Deal(hands=tuple(cards(h) for h in hands), turnup=None, stock=()))
    assert s.to_act == 0
    turn = _Turn(s.view(0), random.Random(0), 0.0, 0.0)
    assert [turn.hand_estimate(t) for t in (3, 2)] == [154, 104]
    # 154 points are four units of 33: the least bid, 2, is affordable; and so the kernel's judge.
    assert action_str(choose(m)) == "bid 2"
    packed = kernel_multi.pack(s, auction=True)
    assert packed is not None and action_str(packed.judge()) == "bid 2"
