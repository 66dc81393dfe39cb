"""Words for what a player does in the bidding and meld games — deal choices, bids, doublings,
openings, melds, announcements, the bella, knocks — shared by the terminal (``cli/``) and the
browser's wire view (``server/views.py``), so both tell a table the same thing.

A ``verb`` callback puts a third-person verb ('bids', 'says') in the person wanted: the terminal
says 'you bid' to its human, the wire always sends the third person.

>>> from sixtysix.engine.actions import parse_action
>>> describe_contract_action(parse_action("bid gang"), lambda w: w)
'bids gang'
>>> meld_words(parse_action("announce ks qs js ts"), you=False)
'announces fifty K♠ Q♠ J♠ 10♠ (50)'
>>> meld_words(parse_action("bella"), you=True)
'declare the bella (20)'
>>> action_words(parse_action("open hoeher 9c"), trump=0)
'opens Höher, leading 9♣'
>>> action_words(parse_action("marry double kh"), trump=2)
'shows a double marriage in hearts (80)'
>>> action_words(parse_action("play kh"), trump=2) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .cards import SUIT_NAMES, card_label
from .engine.actions import (
    BELLA,
    CLOSE,
    CONTRACTS,
    CUT,
    DECLARE,
    DEFER,
    DRAW,
    EXCHANGE,
    KNOCK,
    KONTRA,
    MELD_LOW,
    PASS,
    REKONTRA,
    REVERSE,
    SUBKONTRA,
    TURN,
    bid_units,
    combo_index,
    contract_index,
    is_announcement,
    is_bid,
    is_combination,
    is_contract_bid,
    is_declaration,
    is_double_marriage,
    is_marriage,
    is_opening,
    is_play,
    is_trump_choice,
    named_card,
    opening_index,
    trump_suit,
)
from .engine.phases.announce import BELLA_VALUE, VALUE, describe

__all__ = ["DOUBLING_NAMES", "OPENING_NAMES", "describe_contract_action", "is_meld",
           "meld_words", "marriage_value", "action_points", "action_words", "plural",
           "detail_words"]

DOUBLING_NAMES = {2: "kontra", 4: "rekontra", 8: "subkontra"}
"""A contract's doubling by its factor (Bauernschnapsen, rules/bauernschnapsen.md#doubling)."""
OPENING_NAMES = ("Andere Alte", "Ge-Elfen", "Höher", "Auf Dissle")
"""Gaigel's openings (``actions.OPENINGS``) as people write them
(rules/gaigel.md#the-first-trick-the-openings)."""
LOW_MELD_VALUE = 111
"""Five low cards shown (Gaigel, ``five_low = "meld_111"``)."""


def plural(n: int, word: str, words: str | None = None) -> str:
    """A count and its noun: '1 trick', '2 tricks', '-1 chip'; ``words``: an irregular plural.

    >>> plural(1, "trick"), plural(0, "trick"), plural(-1, "chip"), plural(2, "match", "matches")
    ('1 trick', '0 tricks', '-1 chip', '2 matches')
    """
    return f"{n} {word if abs(n) == 1 else words or word + 's'}"


def detail_words(detail: str, names: Sequence[str]) -> str:
    """A hand result's detail from the engine in a table's words: seats by name, chips as
    chips, and '1 trick', not '1 tricks' (the browser's ``detailWords`` does the same).

    >>> detail_words("seat 0 (48 points, 1 tricks) pays seat 1 1", ["Ann", "Bob", "Cy"])
    'Ann (48 points, 1 trick) pays Bob 1 chip'
    """
    def name(i: str) -> str:
        return names[int(i)] if int(i) < len(names) else f"seat {i}"

    detail = re.sub(r"\bpays seat (\d+) (\d+)\b",
                    lambda m: f"pays {name(m[1])} {plural(int(m[2]), 'chip')}", detail)
    detail = re.sub(r"\bseat (\d+)\b", lambda m: name(m[1]), detail)
    return re.sub(r"\b1 (trick|point|unit)s\b", r"1 \1", detail)


def _person(you: bool) -> Callable[[str], str]:
    """'passes' -> 'pass', 'bids' -> 'bid' for 'you'; the third person as it is otherwise."""
    if not you:
        return lambda word: word
    return lambda word: word[:-2] if word.endswith("sses") else word[:-1]


def describe_contract_action(action: int, verb: Callable[[str], str]) -> str | None:
    """Words for a deal choice, bid or doubling ('bids gang', 'says kontra'), None for others.
    ``verb`` puts a third-person verb in the right person."""
    if is_contract_bid(action):
        return f"{verb('bids')} {CONTRACTS[contract_index(action)]}"
    if is_bid(action):
        units = bid_units(action)
        return f"{verb('bids')} {units} unit{'s' if units != 1 else ''}"
    if action in (KONTRA, REKONTRA, SUBKONTRA):
        word = {KONTRA: "kontra", REKONTRA: "rekontra", SUBKONTRA: "subkontra"}[action]
        return f"{verb('says')} {word}"
    if action == CUT:
        return f"{verb('cuts')}: three cards each, then two"
    if action == KNOCK:
        return f"{verb('knocks')}: five cards each at once"
    return None


def is_meld(action: int) -> bool:
    """An announcement, a show or the bella (Terts)."""
    return action == BELLA or is_combination(action)


def meld_words(action: int, you: bool) -> str:
    """'announces tertz K♠ Q♠ J♠ (20)', 'shows four queens (100)', 'declares the bella (20)'."""
    if action == BELLA:
        return f"{'declare' if you else 'declares'} the bella ({BELLA_VALUE})"
    i = combo_index(action)
    verb = "announce" if is_announcement(action) else "show"
    return f"{verb if you else verb + 's'} {describe(i, card_label)} ({VALUE[i]})"


def marriage_value(card: int, trump: int, double: bool = False) -> int:
    """A marriage of ``card``'s suit: 20, 40 in trumps; a double marriage counts twice."""
    return (40 if (card >> 3) & 3 == trump else 20) * (2 if double else 1)


def action_points(action: int, trump: int) -> int | None:
    """The points a meld or an announcement is worth as it is made (an announcement's score
    still depends on the answer), None for other actions.

    >>> from sixtysix.engine.actions import parse_action
    >>> action_points(BELLA, 0), action_points(parse_action("marry KC"), 0), action_points(PASS, 0)
    (20, 40, None)
    """
    if action == BELLA:
        return BELLA_VALUE
    if is_combination(action):
        return VALUE[combo_index(action)]
    if is_marriage(action) or is_declaration(action):
        return marriage_value(named_card(action), trump)
    if is_double_marriage(action):
        return marriage_value(named_card(action), trump, double=True)
    if action == MELD_LOW:
        return LOW_MELD_VALUE
    return None


def action_words(action: int, trump: int, *, you: bool = False,
                 hidden: bool = False) -> str | None:
    """Words for any action but a plain play or a draw, in the third person (the second with
    ``you``); None for plays and draws (the trick shows them). ``trump``: the suit in force when
    the action was taken (-1: none yet). With ``hidden`` the action's card is not told (Gaigel's
    opening led face down: the card of ``action`` is then meaningless)."""
    if is_play(action) or action == DRAW:
        return None
    verb = _person(you)
    words = describe_contract_action(action, verb)
    if words is not None:
        return words
    if is_meld(action):
        return meld_words(action, you)
    if is_opening(action):
        opening, card = opening_index(action), named_card(action)
        lead = ", face down" if hidden else f", leading {card_label(card)}"
        return f"{verb('opens')} {OPENING_NAMES[opening]}{lead}"
    if is_marriage(action) or is_double_marriage(action):
        double = is_double_marriage(action)
        card = named_card(action)
        kind = "a double marriage" if double else "a marriage"
        return (f"{verb('shows')} {kind} in {SUIT_NAMES[(card >> 3) & 3]} "
                f"({marriage_value(card, trump, double)})")
    if is_declaration(action):
        q = named_card(action)
        return (f"{verb('shows')} a marriage in {SUIT_NAMES[(q >> 3) & 3]} "
                f"({marriage_value(q, trump)}) and {verb('claims')} the hand")
    if is_trump_choice(action):
        return f"{verb('names')} trumps: {SUIT_NAMES[trump_suit(action)]}"
    simple = {EXCHANGE: f"{verb('exchanges')} the trump card", CLOSE: f"{verb('closes')} the stock",
              DECLARE: f"{verb('claims')} the hand", TURN: f"{verb('turns')} up a card for trumps",
              DEFER: f"{verb('lets')} the partner meld", PASS: verb("passes"),
              REVERSE: f"{verb('knocks')} in reverse: the opponents passed 101 without knocking",
              MELD_LOW: f"{verb('shows')} five low cards ({LOW_MELD_VALUE})"}
    return simple.get(action)
