"""Actions as dense small ints, with canonical text forms (records.md §4).

Cards occupy 0..63, so each card-carrying verb gets a block of 64 ids; the other verbs follow.

>>> a = parse_action("marry qh")
>>> action_str(a)
'marry QH'
>>> action_str(parse_action("declare kh"))
'declare QH'
"""

from __future__ import annotations

from ..cards import QUEEN, SUITS, card_str, parse_card, parse_suit

__all__ = [
    "PLAY", "MARRY", "DECLARE_SHOW", "DRAW", "EXCHANGE", "CLOSE", "DECLARE", "TURN", "DEFER",
    "PASS", "TRUMP", "N_ACTIONS", "action_str", "parse_action", "is_play",
]

PLAY = 0            # + card
MARRY = 64          # + card led (the K or Q of the marriage)
DECLARE_SHOW = 128  # + the Q of the marriage shown (canonical form names the queen)
DRAW = 192
EXCHANGE = 193
CLOSE = 194
DECLARE = 195
TURN = 196
DEFER = 197
PASS = 198
TRUMP = 200         # + suit
N_ACTIONS = 204

_SIMPLE = {DRAW: "draw", EXCHANGE: "exchange", CLOSE: "close", DECLARE: "declare", TURN: "turn",
           DEFER: "defer", PASS: "pass"}
_BY_WORD = {w: a for a, w in _SIMPLE.items()}


def is_play(action: int) -> bool:
    return action < MARRY


def action_str(action: int) -> str:
    """Canonical text: lower-case verb, upper-case card. An int that is no action: ValueError.

    >>> action_str(199)
    Traceback (most recent call last):
    ...
    ValueError: not an action: 199
    """
    if not 0 <= action < N_ACTIONS or DRAW <= action < TRUMP and action not in _SIMPLE:
        raise ValueError(f"not an action: {action}")
    if action < MARRY:
        return "play " + card_str(action)
    if action < DECLARE_SHOW:
        return "marry " + card_str(action - MARRY)
    if action < DRAW:
        return "declare " + card_str(action - DECLARE_SHOW)
    if action >= TRUMP:
        return "trump " + SUITS[action - TRUMP]
    return _SIMPLE[action]


def parse_action(text: str) -> int:
    """Parse an action string (case-insensitive); cards name the first copy.

    Raises ValueError with a readable message on malformed text.
    """
    words = text.strip().split()
    if not words:
        raise ValueError("empty action")
    verb = words[0].lower()
    args = words[1:]
    if verb in _BY_WORD:
        if verb == "declare" and args:
            if len(args) != 1:
                raise ValueError(f"'declare' takes at most one card: {text!r}")
            card = parse_card(args[0])
            # Both K and Q name the same marriage; the canonical form names the queen.
            return DECLARE_SHOW + (card & ~7) + QUEEN if card & 7 in (2, 3) else _bad_marriage(card)
        if args:
            raise ValueError(f"'{verb}' takes no argument: {text!r}")
        return _BY_WORD[verb]
    if verb in ("play", "marry"):
        if len(args) != 1:
            raise ValueError(f"'{verb}' takes one card, e.g. '{verb} KH': {text!r}")
        card = parse_card(args[0])
        if verb == "marry":
            if card & 7 not in (2, 3):
                _bad_marriage(card)
            return MARRY + card
        return PLAY + card
    if verb == "trump":
        if len(args) != 1:
            raise ValueError(f"'trump' takes one suit, e.g. 'trump H': {text!r}")
        return TRUMP + parse_suit(args[0])
    raise ValueError(f"unknown action {words[0]!r}")


def _bad_marriage(card: int) -> int:
    raise ValueError(f"a marriage is shown with a king or a queen, not {card_str(card)}")
