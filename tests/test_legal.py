"""The one parameterised legal-play rule (engine/legal.py) and the trick winner, tested alone
against rules/index.md#what-the-games-share."""

from __future__ import annotations

import pytest

from sixtysix.cards import PACK_24, PACK_32, PACK_48, make_card, mask_str, parse_card, parse_cards
from sixtysix.engine.legal import legal_follow, trick_winner
from sixtysix.engine.rules import FOLLOW_ONLY, FREE, STRICT2, STRICT_MULTI, Rules

C, D, H, S = range(4)
TWO = (0, 1)
FOUR = (0, 1, 0, 1)  # seats 0 and 2 against 1 and 3
THREE = (0, 1, 2)


def follow(hand: str, trick: str, trump: int, mode: int, *, sides: tuple[int, ...] = TWO,
           pack: int = PACK_24, must_beat_partner: bool = True,
           must_trump_when_cannot_overtrump: bool = True) -> str:
    """The legal cards of ``hand`` for the next seat to play to ``trick`` (played by seats 0, 1…)."""
    played = [parse_card(c) for c in trick.split()]
    beats = Rules(pack=pack).beats_table(trump)
    seats = list(range(len(played) + 1))
    return mask_str(legal_follow(parse_cards(hand), played, seats, sides, trump, mode, beats,
                                 must_beat_partner, must_trump_when_cannot_overtrump))


def winner(trick: str, trump: int, pack: int = PACK_24) -> int:
    return trick_winner([parse_card(c) for c in trick.split()], trump,
                        Rules(pack=pack).beats_table(trump))


# ---------------------------------------------------------------- FREE and FOLLOW_ONLY

def test_free_play_allows_any_card() -> None:
    # Open stock: no obligation to follow, trump or win (rules/index.md#what-the-games-share: "free" play).
    assert follow("9S KS AH 9D", "QS", H, FREE) == "9D AH 9S KS"


def test_follow_only_requires_the_suit_but_not_to_beat() -> None:
    assert follow("9S KS AH 9D", "QS", H, FOLLOW_ONLY) == "9S KS"
    # Void in spades: any card, trumping is not required.
    assert follow("AH 9D JC", "QS", H, FOLLOW_ONLY) == "JC 9D AH"


# ---------------------------------------------------------------- STRICT2 (two players)

def test_strict2_follow_and_beat() -> None:
    # Step 1: a spade above QS; KS only (9S is lower).
    assert follow("9S KS AH 9D", "QS", H, STRICT2) == "KS"


def test_strict2_follow_when_unable_to_beat() -> None:
    # Step 2: no spade beats AS, so any spade.
    assert follow("9S KS AH 9D", "AS", H, STRICT2) == "9S KS"


def test_strict2_trump_when_void() -> None:
    # Step 3: void in clubs, holds trumps (hearts): any trump, even a low one.
    assert follow("9S KS AH 9H 9D", "AC", H, STRICT2) == "9H AH"


def test_strict2_any_card_without_suit_or_trump() -> None:
    # Step 4.
    assert follow("9S KS 9D", "AC", H, STRICT2) == "9D 9S KS"


def test_strict2_trump_led_requires_a_higher_trump() -> None:
    # Trump led: a higher trump if possible (AH, TH beat KH; 9H does not).
    assert follow("9H TH AH AS", "KH", H, STRICT2) == "TH AH"
    # No higher trump: any lower trump; not the spade.
    assert follow("9H JH AS", "KH", H, STRICT2) == "9H JH"


# ---------------------------------------------------------------- STRICT_MULTI

def test_multi_beat_the_winning_card_of_the_suit_led() -> None:
    # Seat 0 led JC, seat 1 (opponent) is winning with KC: seat 2 must beat KC, not only JC.
    assert follow("QC AC 7C 8D", "JC KC", S, STRICT_MULTI, sides=FOUR, pack=PACK_32) == "AC"
    # Cannot beat KC: any club.
    assert follow("QC 7C 8D", "JC KC", S, STRICT_MULTI, sides=FOUR, pack=PACK_32) == "7C QC"


def test_multi_ruffed_trick_any_card_of_the_suit_led() -> None:
    # Clubs led, seat 1 ruffed with 7S (spades trumps): a club holder may play any club.
    assert follow("QC AC 8D", "JC 7S", S, STRICT_MULTI, sides=FOUR, pack=PACK_32) == "QC AC"


def test_multi_void_must_over_trump() -> None:
    # Void in clubs, the trick is ruffed with 9S: over-trump with a higher spade.
    assert follow("8S AS 8D", "JC 9S", S, STRICT_MULTI, sides=THREE, pack=PACK_32) == "AS"


def test_multi_cannot_over_trump_must_still_trump_by_default() -> None:
    assert follow("8S 7S 8D", "JC 9S", S, STRICT_MULTI, sides=THREE, pack=PACK_32) == "7S 8S"


def test_multi_cannot_over_trump_alternative_any_card() -> None:
    got = follow("8S 7S 8D", "JC 9S", S, STRICT_MULTI, sides=THREE, pack=PACK_32,
                 must_trump_when_cannot_overtrump=False)
    assert got == "8D 7S 8S"
    # With a higher trump the over-trump is still required.
    got = follow("8S AS 8D", "JC 9S", S, STRICT_MULTI, sides=THREE, pack=PACK_32,
                 must_trump_when_cannot_overtrump=False)
    assert got == "AS"


def test_multi_void_not_ruffed_must_trump_any_trump() -> None:
    assert follow("7S AS 8D", "JC KC", S, STRICT_MULTI, sides=THREE, pack=PACK_32) == "7S AS"


def test_multi_neither_suit_nor_trump_any_card() -> None:
    assert follow("8D 7H", "JC 9S", S, STRICT_MULTI, sides=THREE, pack=PACK_32) == "8D 7H"


def test_multi_must_beat_partner_true_and_false() -> None:
    # Seat 0 (partner of seat 2) led AC, seat 1 played 8C: the partner's AC wins. Seat 2 holds KC,
    # 7C and a trump; no club beats AC, so any club.
    assert follow("KC 7C 8S", "AC 8C", S, STRICT_MULTI, sides=FOUR, pack=PACK_32) == "7C KC"
    # Seat 0 led JC, seat 1 played 7C: partner (seat 0) winning with JC. Foster: must beat it.
    assert follow("QC 8C 8S", "JC 7C", S, STRICT_MULTI, sides=FOUR, pack=PACK_32) == "QC"
    got = follow("QC 8C 8S", "JC 7C", S, STRICT_MULTI, sides=FOUR, pack=PACK_32,
                 must_beat_partner=False)
    assert got == "8C QC"
    # Void with the partner winning: must trump either way (rules/index.md#what-the-games-share: without the
    # duty to
    # beat him he still trumps when void, he only need not over-trump).
    assert follow("8D 8S", "JC 7C", S, STRICT_MULTI, sides=FOUR, pack=PACK_32) == "8S"
    got = follow("8D 8S", "JC 7C", S, STRICT_MULTI, sides=FOUR, pack=PACK_32,
                 must_beat_partner=False)
    assert got == "8S"
    # Seat 1 ruffed JC with JS and wins; seat 3, his partner, void in clubs: by default he must
    # over-trump with QS; without the duty any trump will do, also one below the partner's.
    got = follow("8D QS 7S", "JC JS 8C", S, STRICT_MULTI, sides=FOUR, pack=PACK_32,
                 must_beat_partner=False)
    assert got == "7S QS"
    assert follow("8D QS 7S", "JC JS 8C", S, STRICT_MULTI, sides=FOUR, pack=PACK_32) == "QS"


def test_multi_opponent_winning_is_unaffected_by_must_beat_partner() -> None:
    # Seat 1 wins with QC against seat 0's JC; seat 2 (partner of 0) must beat QC.
    got = follow("KC 8C 8S", "JC QC", S, STRICT_MULTI, sides=FOUR, pack=PACK_32,
                 must_beat_partner=False)
    assert got == "KC"


# ---------------------------------------------------------------- trick winner

@pytest.mark.parametrize("trick,trump,expected", [
    ("QS KS", H, 1),         # higher of the suit led
    ("KS QS", H, 0),
    ("AS 9H", H, 1),         # any trump beats the suit led
    ("AS AC", H, 0),         # another suit never wins
    ("9H AS", H, 0),         # trump led, no trump follows
    ("TH AH", H, 1),         # trump over trump
    ("JC 7S KC 8S", S, 3),   # the highest trump among two
    ("JC AD TD QC", S, 3),   # no trump: the highest club
])
def test_trick_winner(trick: str, trump: int, expected: int) -> None:
    pack = PACK_32 if any(r in trick for r in "78") else PACK_24
    assert winner(trick, trump, pack) == expected


def test_identical_cards_first_played_wins() -> None:
    # Gaigel's double pack: the second copy of AS does not beat the first
    # (rules/index.md#what-the-games-share).
    a1, a2 = make_card(S, 0), make_card(S, 0, copy=1)
    beats = Rules(pack=PACK_48).beats_table(H)
    assert trick_winner([a1, a2], H, beats) == 0
    assert trick_winner([a2, a1], H, beats) == 0
    t1, t2 = make_card(H, 1), make_card(H, 1, copy=1)
    assert trick_winner([make_card(S, 0), t2, t1, make_card(C, 0)], H, beats) == 1
    # And the follower holding the identical card cannot "beat" it under strict rules.
    hand = (1 << a2) | (1 << make_card(S, 7))  # AS (second copy) and 7S
    assert legal_follow(hand, [a1], [0, 1], TWO, H, STRICT2, beats) == hand
