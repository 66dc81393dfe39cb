"""Card text: parsing and printing round trips (records.md §1)."""

from __future__ import annotations

import random

import pytest

from sixtysix.cards import (
    PACK_20,
    PACK_24,
    PACK_32,
    PACK_48,
    SUIT_MASK,
    base_of,
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
    # A 11 + T 10 + K 4 + Q 3 + J 2 + 9 0 = 30 per suit, 120 per 24-card pack (rules.md §1.1).
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
