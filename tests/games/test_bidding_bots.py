"""Bids and doublings of the search bots (sixtysix/bots/bidding.py), on explicit Bauernschnapsen
and North American deals whose outcome does not depend on how the cards are played.

Bauernschnapsen seats: the dealer is seat 3, so F = 0, P = 1, R = 2, D = 3; seats 0 and 2 play
against 1 and 3. Bettler (4 game points) is played by its declarer alone, who leads.
"""

from __future__ import annotations

import random

import pytest
from games_util import act, make_deal

from sixtysix.bots import make_bot
from sixtysix.bots.bidding import _commitment, bid_values, is_bidding
from sixtysix.cards import PACK_20
from sixtysix.engine.actions import BID_CONTRACT, KONTRA, PASS, REKONTRA, parse_action
from sixtysix.engine.match import Match
from sixtysix.games import make_game

# P holds the four jacks and QC: without trumps he can never take a trick (a jack beats nothing;
# QC beats only JC, his own), so his Bettler is made whatever anyone holds or plays. F's aces and
# tens win every trick he leads, so F's Bettler fails at once.
SURE_BETTLER = ["AC TC KC AD TD", "JC JD JH JS QC", "AH TH KH QH KD", "AS TS KS QS QD"]


def bauern(hands: list[str], *actions: str) -> Match:
    m = Match(make_game("bauernschnapsen"), dealer=3)
    m.deal_hand(deal=make_deal(PACK_20, hands, None, fill_stock=False))
    act(m, *actions)
    return m


def bid(name: str) -> int:
    return parse_action(f"bid {name}")


def test_a_sure_bettler_is_worth_its_value_and_a_hopeless_one_costs_it() -> None:
    m = bauern(SURE_BETTLER, "cut", "trump C")
    assert m.hand is not None
    v = m.hand.view(0)
    assert is_bidding(v) and _commitment(v) is None  # nothing bid yet
    # F's Bettler fails at his first lead: the opponents score 4 (no play-out doubles a Bettler,
    # so the loss is exactly 4 in every world), and its value is that less its noise against the
    # Normal game, F's safe call.
    values = bid_values(v, random.Random(1), worlds=6)
    assert values[bid("bettler")] <= -4.0 < values[bid("normal")]
    m.apply("bid normal")
    v = m.hand.view(1)
    values = bid_values(v, random.Random(2), worlds=6)
    # P's Bettler is made in every world: 4 for his side, 0 for the others, less the noise of its
    # gain over passing (which is worth what the others make of the hand).
    assert values[PASS] < values[bid("bettler")] <= 4.0
    assert max(values, key=lambda a: (values[a], -a)) == bid("bettler")


@pytest.mark.parametrize("bot", ["ismcts:iterations=200", "master2:iterations=200"])
def test_the_search_levels_bid_and_double_by_playing_out(bot: str) -> None:
    m = bauern(SURE_BETTLER, "cut", "trump C", "bid normal")
    assert m.hand is not None
    player = make_bot(bot)
    assert player.choose(m.hand.view(1), random.Random(3)) == bid("bettler")
    act(m, "bid bettler", "pass", "pass", "pass", "kontra")
    # R said kontra against the sure Bettler: P doubles again (16 rather than 8).
    v = m.hand.view(1)
    assert v.legal == (REKONTRA, PASS)
    assert _commitment(v) == (2, False)  # R bet on its failure
    values = bid_values(v, random.Random(4), worlds=6)
    assert values == {REKONTRA: 16.0, PASS: 8.0}
    assert player.choose(v, random.Random(5)) == REKONTRA


def test_opponents_judge_a_contract_on_hands_that_would_bid_it() -> None:
    # P bid Bettler. R, whose cards cannot stop it (P's hand is unbeatable), sees a random P hand
    # only when it ignores the bid: with the evidence read, the worlds kept are those in which
    # P's Bettler is made as P could judge it, so kontra looks worse than without.
    m = bauern(SURE_BETTLER, "cut", "trump C", "bid normal", "bid bettler", "pass", "pass", "pass")
    assert m.hand is not None
    v = m.hand.view(2)
    assert v.legal == (KONTRA, PASS) and _commitment(v) == (1, True)
    read = bid_values(v, random.Random(6), worlds=60)
    blind = bid_values(v, random.Random(6), worlds=60, evidence=False)
    assert read[KONTRA] < blind[KONTRA]
    assert read[KONTRA] < read[PASS]


def test_commitments_of_north_american_bids() -> None:
    m = Match(make_game("north-american-sixty-six", {"players": 2}), dealer=1)
    s = m.deal_hand(seed=4)
    v = s.view(s.to_act)
    assert is_bidding(v) and _commitment(v) is None
    first = s.to_act
    m.apply(min(a for a in s.legal_actions() if a != PASS))
    v = s.view(s.to_act)
    assert _commitment(v) == (first, True)
    values = bid_values(v, random.Random(7), worlds=4)
    assert set(values) == set(v.legal)
    assert BID_CONTRACT not in values
