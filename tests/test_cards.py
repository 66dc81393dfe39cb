"""Card text: parsing and printing round trips (records.md §1)."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from sixtysix.cards import (
    PACK_20,
    PACK_24,
    PACK_32,
    PACK_48,
    SUIT_MASK,
    base_of,
    card_label,
    card_list,
    card_str,
    cards_of,
    make_card,
    mask_of,
    mask_str,
    pack_cards,
    parse_card,
    parse_cards,
    parse_suit,
    popcount,
    rank_of,
    shuffle,
    suit_of,
)
from sixtysix.engine.rules import NATURAL_VALUES, Rules, mask_points

ALL_BASE = [make_card(s, r) for s in range(4) for r in range(8)]


@pytest.mark.parametrize("card", ALL_BASE)
def test_every_card_round_trips(card: int) -> None:
    text = card_str(card)
    assert len(text) == 2
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card


def test_layout_of_the_int() -> None:
    # copy*32 + suit*8 + rank, suits C D H S, ranks A T K Q J 9 8 7.
    assert parse_card("AC") == 0
    assert parse_card("7C") == 7
    assert parse_card("AD") == 8
    assert parse_card("TH") == 17
    assert parse_card("9S") == 29
    second = make_card(3, 0, copy=1)
    assert second == 56 and card_str(second) == "AS" and base_of(second) == parse_card("AS")
    assert (suit_of(second), rank_of(second)) == (3, 0)


@pytest.mark.parametrize("text,canonical", [
    ("10h", "TH"), ("10H", "TH"), ("t♥", "TH"), ("T♥", "TH"), ("a♠", "AS"), ("K♦", "KD"),
    ("q♣", "QC"), ("  js ", "JS"), ("9d", "9D"), ("10♣", "TC"),
])
def test_aliases_and_case_are_accepted_and_printed_canonically(text: str, canonical: str) -> None:
    assert card_str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "A", "S", "1H", "11H", "AX", "ZS", "HA", "A S", "10", "AS9"])
def test_malformed_cards_are_refused_with_a_readable_message(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)


def test_suits() -> None:
    assert [parse_suit(t) for t in "CDHS"] == [0, 1, 2, 3]
    assert [parse_suit(t) for t in "cdhs"] == [0, 1, 2, 3]
    assert [parse_suit(t) for t in "♣♦♥♠"] == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="not a suit"):
        parse_suit("X")


def test_card_sets() -> None:
    m = parse_cards("AS, ks 9d  10h")
    assert popcount(m) == 4
    # Grouped by suit C D H S, low to high inside a suit.
    assert mask_str(m) == "9D TH KS AS"
    assert mask_of(cards_of(m)) == m
    assert list(cards_of(m)) == sorted(cards_of(m))
    assert mask_str(0) == ""


def test_packs() -> None:
    assert popcount(PACK_20) == 20 and popcount(PACK_24) == 24
    assert popcount(PACK_32) == 32 and popcount(PACK_48) == 48
    assert mask_str(PACK_24 & SUIT_MASK[2]) == "9H JH QH KH TH AH"
    # Gaigel's pack: A T K Q J 7 twice; both copies print the same.
    assert {card_str(c) for c in cards_of(PACK_48)} == {r + s for r in "ATKQJ7" for s in "CDHS"}
    assert len(pack_cards(PACK_48)) == 48
    assert pack_cards(PACK_24) == sorted(pack_cards(PACK_24), key=lambda c: (c & 31, c >> 5))


def test_pack_points() -> None:
    # A 11 + T 10 + K 4 + Q 3 + J 2 + 9 0 = 30 per suit, 120 per 24-card pack
    # (rules/sixty-six.md#cards-and-deal).
    assert NATURAL_VALUES[:6] == (11, 10, 4, 3, 2, 0)
    values = Rules(pack=PACK_24).value_table(0)
    assert mask_points(PACK_24, values) == 120
    assert mask_points(PACK_20, values) == 120
    assert mask_points(PACK_32, values) == 120


def test_shuffle_is_the_library_shuffle() -> None:
    # Seeded deals are part of records and tournaments: the compiled loop must give
    # random.shuffle's order from the same draws, and leave the generator where it leaves it.
    for seed in range(300):
        for n in (0, 1, 2, 5, 20, 24, 32, 48, 64):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b, (seed, n)
            assert ours.random() == theirs.random()


def test_shuffle_leaves_a_subclass_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Reversing(0), cards)
    assert cards == [3, 2, 1]


# A card is 0 to 63 and a card set below 2**64: anything else read as another card, or never
# ended (the lowest bit of a negative number is always there to take away).
BAD_MASKS = [-1, -(2**64), 2**64, 2**70]


@pytest.mark.parametrize("mask", BAD_MASKS)
def test_a_number_that_is_no_card_set_is_refused(mask: int) -> None:
    # cards_of and mask_str of a negative number are the child process's below: they looped.
    for f in (popcount,) if mask < 0 else (mask_str, popcount, lambda m: list(cards_of(m))):
        with pytest.raises(ValueError, match=r"a card set is a whole number from 0 to 2\*\*64 - 1"):
            f(mask)
    with pytest.raises((ValueError, OverflowError)):  # compiled, its C argument refuses it
        card_list(mask)


@pytest.mark.parametrize("card", [-1, 64, 70])
def test_a_number_that_is_no_card_is_refused(card: int) -> None:
    for f in (card_str, card_label, lambda c: mask_of([c])):
        with pytest.raises(ValueError, match=f"a card is a whole number from 0 to 63, not {card}"):
            f(card)


@pytest.mark.parametrize("parts", [(4, 0, 0), (0, 8, 0), (0, 0, 2), (-1, 0, 0)])
def test_make_card_refuses_what_would_be_another_card(parts: tuple[int, int, int]) -> None:
    with pytest.raises(ValueError, match=re.escape(f"a suit 0 to 3, a rank 0 to 7 and a copy 0 or 1, "
                                                   f"not {parts}")):
        make_card(*parts)


def test_the_whole_range_is_still_cards() -> None:
    everything = 2**64 - 1
    assert popcount(everything) == 64 and card_list(everything) == list(range(64))
    assert list(cards_of(everything)) == list(range(64)) and len(mask_str(everything).split()) == 64
    assert card_str(63) == "7S" and mask_str(0) == "" and mask_of([0, 63]) == 1 | 2**63


_NEGATIVE = """
from sixtysix.cards import cards_of, mask_str
for f in (mask_str, lambda m: list(cards_of(m))):
    for mask in (-1, -(2**64)):
        try:
            f(mask)
        except ValueError as e:
            print(e)
"""


def test_a_negative_card_set_ends() -> None:
    """mask_str(-1) and cards_of(-1) looped forever: in a child process with a time limit, so
    that a regression fails rather than hangs the suite."""
    proc = subprocess.run([sys.executable, "-c", _NEGATIVE], capture_output=True, text=True,
                          timeout=60)
    assert proc.stdout.splitlines() == [
        f"a card set is a whole number from 0 to 2**64 - 1, not {m}" for m in (-1, -(2**64))] * 2, \
        proc.stderr
