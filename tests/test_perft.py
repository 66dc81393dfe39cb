"""Move-count ("perft") regression for Sixty-Six: the number of leaves of the action tree (every
action: play, marry, declare, exchange, close, draw) from three seeded deals.

A leaf is a node at the given depth or a hand that ended earlier (a claim). The counts were computed
once by this engine; depths 1–3 are also worked out by hand below, so they check the rules and not
only that nothing changed.
"""

from __future__ import annotations

import pytest
from deal_helpers import perft

from sixtysix.cards import card_str, mask_str
from sixtysix.engine.match import Match
from sixtysix.engine.state import State
from sixtysix.games import make_game


def seeded(seed: int) -> State:
    return Match(make_game("sixty-six"), dealer=1).deal_hand(seed=seed)


# seed, seat 0's hand, seat 1's hand, turn-up, leaf counts at depths 1..7
CASES = [
    (0, "AC JD 9H KH JS QS", "JC KC 9D TD AD KS", "QC", [7, 42, 82, 564, 1942, 4862, 23285]),
    (6, "JD QD AD TH KS TS", "QC TD 9H JH KH JS", "9S", [7, 42, 80, 552, 1921, 4483, 22341]),
    (8, "QD 9H JH QH KH TH", "9C AC JD JS TS AS", "QC", [10, 55, 114, 890, 3897, 10636, 54423]),
]

# By hand. Seat 0 leads to trick 1 with no trick won: he may play any of his 6 cards, marry (2
# actions per marriage: lead the K or the Q), show a marriage and claim ('declare Q', a false claim
# that ends the hand), or close; no exchange (no trick yet) and no plain claim.
#   depth 1 = 6 + 1 (close) + 3m, m = his marriages: 7, 7, and 10 for seed 8 (K+Q of hearts).
#   depth 2: each lead (6 + 2m) meets 6 free replies; 'declare Q' is a leaf; after 'close' seat 0
#   still leads with his 6 cards (no exchange for the closer, no claim): 6·6 + 6 = 42, and for
#   seed 8: 6·6 + 2·6 + 1 + 6 = 55.
#   depth 3: a completed trick offers its winner 'draw' or 'close': 2 each, so 6·6·2 = 72 (+ 2·6·2
#   = 24 and the leaf 1 for seed 8), plus, after the close, the strict replies to each lead:
#     seed 0 (trumps C; seat 1: JC KC 9D TD AD KS): AC→JC,KC 2; JD→TD,AD 2; 9H→JC,KC 2; KH→2;
#       JS→KS 1; QS→KS 1: 10, total 82.
#     seed 6 (trumps S; seat 1: QC TD 9H JH KH JS): JD→TD 1; QD→TD 1; AD→TD 1; TH→9H,JH,KH 3;
#       KS→JS 1; TS→JS 1: 8, total 80.
#     seed 8 (trumps C; seat 1: 9C AC JD JS TS AS): QD→JD 1; each of 9H JH QH KH TH→9C,AC 2: 11,
#       and seat 1 holds the trump nine, so as the closer's opponent he may also 'exchange' first
#       (+1 per lead, 6): 17; total 72 + 24 + 1 + 17 = 114.


@pytest.mark.parametrize("seed,h0,h1,turnup,counts", CASES)
def test_perft(seed: int, h0: str, h1: str, turnup: str, counts: list[int]) -> None:
    s = seeded(seed)
    # The seeded deal itself is part of the contract (records.md §3: same seed, same deal).
    assert mask_str(s.hands[0]) == h0 and mask_str(s.hands[1]) == h1
    assert card_str(s.turnup) == turnup
    assert [perft(s, d) for d in range(1, len(counts) + 1)] == counts


def test_perft_does_not_disturb_the_state() -> None:
    s = seeded(8)
    before = (s.view(0), s.view(1), s.legal_actions())
    perft(s, 4)
    assert (s.view(0), s.view(1), s.legal_actions()) == before
