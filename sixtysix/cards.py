"""Cards as small ints, card sets as int bitmasks.

A card is ``copy * 32 + suit * 8 + rank`` where suits are ``C D H S`` (0..3) and ranks run from
the highest to the lowest natural rank, ``A T K Q J 9 8 7`` (0..7). The second copy of a card
(Gaigel's double pack) sets bit 5. A set of cards is an int whose bit ``1 << card`` is set for each
member, so union, intersection and "cards of a suit" are single bit operations.

>>> c = parse_card("10♥")
>>> c, card_str(c)
(17, 'TH')
>>> mask_str(parse_cards("AS ks 9d"))
'9D KS AS'
>>> popcount(PACK_24)
24
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

__all__ = [
    "SUITS",
    "RANKS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "RANK_NAMES",
    "make_card",
    "suit_of",
    "rank_of",
    "base_of",
    "card_str",
    "card_label",
    "RANK_LABELS",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "cards_of",
    "card_list",
    "shuffle",
    "mask_of",
    "mask_str",
    "popcount",
    "SUIT_MASK",
    "PACK_20",
    "PACK_24",
    "PACK_32",
    "PACK_48",
    "PACK_48_NINES",
    "pack_cards",
]

SUITS = "CDHS"
RANKS = "ATKQJ987"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("ace", "ten", "king", "queen", "jack", "nine", "eight", "seven")

# Rank indices, for readability where a rule names a rank.
ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN = range(8)


def make_card(suit: int, rank: int, copy: int = 0) -> int:
    """The card of ``suit`` and ``rank`` (indices into SUITS and RANKS) and ``copy`` (0 or 1);
    ValueError for an index out of range, which would give another card.

    >>> make_card(4, 0)
    Traceback (most recent call last):
    ...
    ValueError: a card is made of a suit 0 to 3, a rank 0 to 7 and a copy 0 or 1, not (4, 0, 0)
    """
    if not (0 <= suit < 4 and 0 <= rank < 8 and 0 <= copy < 2):
        raise ValueError(f"a card is made of a suit 0 to 3, a rank 0 to 7 and a copy 0 or 1, "
                         f"not {(suit, rank, copy)}")
    return copy * 32 + suit * 8 + rank


def suit_of(card: int) -> int:
    return (card >> 3) & 3


def rank_of(card: int) -> int:
    return card & 7


def base_of(card: int) -> int:
    """The card without its copy bit: both copies of a Gaigel card have the same base."""
    return card & 31


CARD_LIMIT = 64
"""Cards are 0 to 63 (a second copy sets bit 5), so a card set is a whole number below 2**64."""


def _bad_card(card: int) -> ValueError:
    return ValueError(f"a card is a whole number from 0 to {CARD_LIMIT - 1}, not {card}")


def _bad_mask(mask: int) -> ValueError:
    return ValueError(f"a card set is a whole number from 0 to 2**{CARD_LIMIT} - 1, not {mask}")


def card_str(card: int) -> str:
    """Canonical text of a card: rank then suit, ``T`` for ten (records.md §1). ValueError for
    a number that is no card (the bits above would read as another card).

    >>> card_str(70)
    Traceback (most recent call last):
    ...
    ValueError: a card is a whole number from 0 to 63, not 70
    """
    if not 0 <= card < CARD_LIMIT:
        raise _bad_card(card)
    return RANKS[card & 7] + SUITS[(card >> 3) & 3]


RANK_LABELS = ("A", "10", "K", "Q", "J", "9", "8", "7")
"""How ranks are shown to people (input accepts these, the record letters, and symbols)."""


def card_label(card: int) -> str:
    """A card as people read it, ten as ``10`` and the suit as its symbol.

    >>> card_label(parse_card("TH")), card_label(parse_card("QS"))
    ('10♥', 'Q♠')
    """
    if not 0 <= card < CARD_LIMIT:
        raise _bad_card(card)
    return RANK_LABELS[card & 7] + SUIT_SYMBOLS[(card >> 3) & 3]


_SUIT_ALIASES = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
_RANK_ALIASES = {r: i for i, r in enumerate(RANKS)} | {"10": 1}


def parse_suit(text: str) -> int:
    """A suit from its letter or symbol, case-insensitive.

    >>> parse_suit("h"), parse_suit("♠")
    (2, 3)
    """
    suit = _SUIT_ALIASES.get(text.strip().upper())
    if suit is None:
        raise ValueError(f"not a suit: {text!r} (use C, D, H or S)")
    return suit


def parse_card(text: str) -> int:
    """A card from text such as ``AS``, ``10h``, ``t♥`` (first copy)."""
    t = text.strip().upper()
    if len(t) < 2 or t[:-1] not in _RANK_ALIASES or t[-1] not in _SUIT_ALIASES:
        raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. AS, TH, 9D)")
    return _SUIT_ALIASES[t[-1]] * 8 + _RANK_ALIASES[t[:-1]]


def parse_cards(text: str) -> int:
    """A card set from space- or comma-separated cards."""
    mask = 0
    for word in text.replace(",", " ").split():
        mask |= 1 << parse_card(word)
    return mask


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a set, lowest int first. ValueError for a number that is no card set: a
    negative one has bits without end, and one of 2**64 or more holds no cards."""
    if mask < 0 or mask >> CARD_LIMIT:
        raise _bad_mask(mask)
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_COMPILED = not __file__.endswith(".py")
"""Whether this module runs compiled (cards.pxd): ``card_list`` then takes its C loop."""

_BYTE_AT = tuple(tuple(tuple(k * 8 + i for i in range(8) if (b >> i) & 1) for b in range(256))
                 for k in range(8))
_B0, _B1, _B2, _B3, _B4, _B5, _B6, _B7 = _BYTE_AT


def card_list(mask: int) -> list[int]:
    """The cards of a set as a list, lowest first: the fast path (byte tables, no loop).

    >>> card_list(parse_cards("AC 9D KS"))
    [0, 13, 26]
    """
    if _COMPILED:  # in C a loop over the bits beats joining four tuples (no Python ints made)
        out = []
        c = 0
        while mask:
            if mask & 1:
                out.append(c)
            mask >>= 1
            c += 1
        return out
    if 0 <= mask < 0x100000000:
        return [*_B0[mask & 255], *_B1[(mask >> 8) & 255], *_B2[(mask >> 16) & 255],
                *_B3[mask >> 24]]
    if mask < 0 or mask >> CARD_LIMIT:
        raise _bad_mask(mask)
    return [*_B0[mask & 255], *_B1[(mask >> 8) & 255], *_B2[(mask >> 16) & 255],
            *_B3[(mask >> 24) & 255], *_B4[(mask >> 32) & 255], *_B5[(mask >> 40) & 255],
            *_B6[(mask >> 48) & 255], *_B7[mask >> 56]]


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place into exactly the order ``rng.shuffle(cards)`` gives: the same
    draws of ``rng.getrandbits``, so the same seed deals the same hand on either core. Every deal
    and every world a search samples is shuffled, and compiled this loop runs in C, three times
    faster than the library's; pure (or for a subclass of ``Random``) it is the library's.

    >>> a, b = list(range(20)), list(range(20))
    >>> random.Random(7).shuffle(a)
    >>> shuffle(random.Random(7), b)
    >>> a == b
    True
    """
    if not _COMPILED or type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    # CPython's Random.shuffle: from the top, swap each card with one at or below it, drawn by
    # _randbelow (k random bits for n = i + 1 choices, drawn again while >= n).
    getrandbits = rng.getrandbits
    i = len(cards) - 1
    while i > 0:
        n = i + 1
        k = 0
        while n >> k:
            k += 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        c = cards[i]
        cards[i] = cards[j]
        cards[j] = c
        i -= 1


def mask_of(cards: Iterable[int]) -> int:
    """The set of ``cards``; ValueError for a number that is no card."""
    mask = 0
    for c in cards:
        if not 0 <= c < CARD_LIMIT:
            raise _bad_card(c)
        mask |= 1 << c
    return mask


def mask_str(mask: int) -> str:
    """Cards of a set, grouped by suit (C D H S), low to high inside a suit; ValueError for a
    number that is no card set.

    >>> mask_str(-1)
    Traceback (most recent call last):
    ...
    ValueError: a card set is a whole number from 0 to 2**64 - 1, not -1
    """
    cards = sorted(cards_of(mask), key=lambda c: (suit_of(c), -rank_of(c), c))
    return " ".join(card_str(c) for c in cards)


def popcount(mask: int) -> int:
    """How many cards a set holds; ValueError for a number that is no card set."""
    if mask < 0 or mask >> CARD_LIMIT:
        raise _bad_mask(mask)
    return mask.bit_count()


SUIT_MASK = tuple((0xFF << (s * 8)) | (0xFF << (32 + s * 8)) for s in range(4))
"""Every card of a suit, both copies."""


def _pack(ranks: str, copies: int = 1) -> int:
    mask = 0
    for copy in range(copies):
        for s in range(4):
            for r in ranks:
                mask |= 1 << make_card(s, RANKS.index(r), copy)
    return mask


PACK_20 = _pack("ATKQJ")
PACK_24 = _pack("ATKQJ9")
PACK_32 = _pack("ATKQJ987")
PACK_48 = _pack("ATKQJ7", 2)
PACK_48_NINES = _pack("ATKQJ9", 2)
"""Gaigel's double pack with 9s as the low cards (rules/gaigel.md#cards-and-deal ``low_rank="9"``)."""


def pack_cards(pack: int) -> list[int]:
    """The cards of a pack in a fixed order (suit, then rank, then copy): the order shuffles start from."""
    return sorted(cards_of(pack), key=lambda c: (c & 31, c >> 5))
