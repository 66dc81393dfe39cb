"""Actions as dense small ints, with canonical text forms (records.md §4).

Cards occupy 0..63, so each card-carrying verb gets a block of 64 ids; the other verbs follow,
then the blocks of the bidding and meld games: bids, doubling, openings, double marriages and
announcements. One dense table for every game, so records, bots, the CLI and the web need no
per-game code to show an action.

>>> a = parse_action("marry qh")
>>> action_str(a)
'marry QH'
>>> action_str(parse_action("declare kh"))
'declare QH'
>>> tuple(action_str(parse_action(t)) for t in ("bid 3", "Bid Gang", "open hoeher 9c", "kontra"))
('bid 3', 'bid gang', 'open hoeher 9C', 'kontra')
>>> action_str(parse_action("announce js ks qs ts"))
'announce TS KS QS JS'
"""

from __future__ import annotations

from enum import StrEnum

from ..cards import KING, QUEEN, SUITS, card_str, parse_card, parse_suit

__all__ = [
    "PLAY", "MARRY", "DECLARE_SHOW", "DRAW", "EXCHANGE", "CLOSE", "DECLARE", "TURN", "DEFER",
    "PASS", "TRUMP", "CUT", "KNOCK", "KONTRA", "REKONTRA", "SUBKONTRA", "MELD_LOW", "REVERSE",
    "BELLA", "BID", "MAX_BID", "BID_CONTRACT", "CONTRACTS", "OPEN", "OPENINGS", "MARRY_DOUBLE",
    "ANNOUNCE", "SHOW", "COMBOS", "COMBO_INDEX", "SEQUENCE_ORDER", "N_ACTIONS", "action_str",
    "parse_action", "is_play", "is_marriage", "is_declaration", "names_card", "lays_card",
    "is_trump_choice",
    "is_bid", "is_contract_bid", "is_opening", "is_double_marriage", "is_announcement",
    "is_show", "is_combination", "named_card", "trump_suit", "bid_units", "contract_index",
    "opening_index", "combo_index", "ActionKind", "kind", "card_of",
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
CUT = 204           # Bauernschnapsen: the dealer's right cuts (deal 3 + 2) ...
KNOCK = 205         # ... or knocks (deal 5 at once)
KONTRA = 206        # doubling of a contract, x2
REKONTRA = 207      # x4
SUBKONTRA = 208     # x8
MELD_LOW = 209      # Gaigel: show five low cards
REVERSE = 210       # Gaigel: the reverse knock
BELLA = 211         # Terts: the trump king and queen
BID = 256           # + units, 1..MAX_BID (North American Sixty-Six: 'bid 3')
MAX_BID = 63
BID_CONTRACT = 320  # + index into CONTRACTS (Bauernschnapsen: 'bid gang')
CONTRACTS = ("normal", "bettler", "schnapser", "gang", "zehnergang", "kontraschnapser",
             "bauernschnapser", "farbengang", "kontrabauernschnapser", "herrenschnapser")
"""Bauernschnapsen's contracts by name, lowest first (records.md §4)."""
OPEN = 384          # + opening * 64 + card led (Gaigel's first trick)
OPENINGS = ("andere-alte", "ge-elfen", "hoeher", "auf-dissle")
MARRY_DOUBLE = 640  # + card led (Gaigel: both kings and both queens of its suit)
ANNOUNCE = 704      # + index into COMBOS (Terts)
SHOW = 796          # + index into COMBOS (Terts: the answer to an announcement)
N_ACTIONS = 888

SEQUENCE_ORDER = (0, 2, 3, 4, 1, 5, 6, 7)
"""Rank indices in the order runs are made of: A K Q J T 9 8 7 (rules/terts.md#combinations)."""


def _combos() -> tuple[int, ...]:
    """Every Terts combination as a card mask: the runs of 3 to 8 in each suit (by suit, then
    length, then from the top), then the four-of-a-kinds of the eight ranks."""
    out = []
    for suit in range(4):
        for length in range(3, 9):
            for top in range(9 - length):
                out.append(sum(1 << (suit * 8 + r) for r in SEQUENCE_ORDER[top:top + length]))
    for rank in range(8):
        out.append(sum(1 << (suit * 8 + rank) for suit in range(4)))
    return tuple(out)


COMBOS = _combos()
"""Card masks of the combinations that ``announce`` and ``show`` name (92 of them)."""
COMBO_INDEX = {m: i for i, m in enumerate(COMBOS)}
assert len(COMBOS) == SHOW - ANNOUNCE == N_ACTIONS - SHOW

_SIMPLE = {DRAW: "draw", EXCHANGE: "exchange", CLOSE: "close", DECLARE: "declare", TURN: "turn",
           DEFER: "defer", PASS: "pass", CUT: "cut", KNOCK: "knock", KONTRA: "kontra",
           REKONTRA: "rekontra", SUBKONTRA: "subkontra", REVERSE: "reverse", BELLA: "bella"}
_BY_WORD = {w: a for a, w in _SIMPLE.items()}


# What an action is, by name: the rest of the package asks these instead of comparing ids with
# the blocks' bounds, so the layout of the table above is known here alone (and in actions.pxd,
# the same tests in C for the compiled modules: a change here is made there too). Each takes an
# action id (a valid one: anything else is not checked).

def is_play(action: int) -> bool:
    """Whether ``action`` plays a card to a trick, without anything else (``play AS``).

    >>> is_play(parse_action("play AS")), is_play(parse_action("marry KH"))
    (True, False)
    """
    return action < MARRY


def is_marriage(action: int) -> bool:
    """``marry C``: a marriage declared by leading one of its cards."""
    return MARRY <= action < DECLARE_SHOW


def is_declaration(action: int) -> bool:
    """``declare Q``: a marriage shown without leading (the Q names it).

    >>> is_declaration(parse_action("declare KH")), is_marriage(parse_action("marry KH"))
    (True, True)
    """
    return DECLARE_SHOW <= action < DRAW


def names_card(action: int) -> bool:
    """Whether ``action`` is one of the card-carrying verbs (``play``, ``marry``, ``declare``,
    Gaigel's ``open`` and ``marry double``): its card is ``action & 63``.

    >>> tuple(names_card(parse_action(t)) for t in ("declare QH", "open hoeher 9C", "trump S", "draw"))
    (True, True, False, False)
    """
    return action < DRAW or OPEN <= action < ANNOUNCE


def lays_card(action: int) -> bool:
    """Whether ``action`` puts a card on the table: ``play``, ``marry``, ``marry double`` or
    Gaigel's ``open`` (its card is ``named_card``); ``declare Q`` names a card but lays none.

    >>> tuple(lays_card(parse_action(t)) for t in ("marry QH", "open hoeher 9C", "declare QH"))
    (True, True, False)
    """
    return action < DECLARE_SHOW or OPEN <= action < ANNOUNCE


def is_trump_choice(action: int) -> bool:
    """``trump S``: forehand names trumps (its suit is ``action - TRUMP``)."""
    return TRUMP <= action < TRUMP + 4


def is_bid(action: int) -> bool:
    """``bid 3``: a bid of units in an auction (``action - BID`` units)."""
    return BID < action <= BID + MAX_BID


def is_contract_bid(action: int) -> bool:
    """``bid gang``: a bid of a contract by name (``CONTRACTS[action - BID_CONTRACT]``).

    >>> is_contract_bid(parse_action("bid gang")), is_bid(parse_action("bid gang"))
    (True, False)
    """
    return BID_CONTRACT <= action < BID_CONTRACT + len(CONTRACTS)


def is_opening(action: int) -> bool:
    """``open hoeher 9C``: Gaigel's opening of the first trick, with the card led."""
    return OPEN <= action < MARRY_DOUBLE


def is_double_marriage(action: int) -> bool:
    """``marry double KH``: Gaigel's both kings and both queens of a suit, one of them led."""
    return MARRY_DOUBLE <= action < ANNOUNCE


def is_announcement(action: int) -> bool:
    """``announce …``: a Terts combination announced (``COMBOS[action - ANNOUNCE]``)."""
    return ANNOUNCE <= action < SHOW


def is_show(action: int) -> bool:
    """``show …``: a Terts combination shown in answer to an announcement
    (``COMBOS[action - SHOW]``)."""
    return SHOW <= action < N_ACTIONS


def is_combination(action: int) -> bool:
    """``announce …`` or ``show …``: a Terts combination announced or shown in answer.

    >>> is_combination(parse_action("show KS QS JS")), is_announcement(parse_action("show KS QS JS"))
    (True, False)
    """
    return ANNOUNCE <= action < N_ACTIONS


# The parts of an action that follow its verb, for an action of the verb named (anything else is
# not checked).

def named_card(action: int) -> int:
    """The card that a card-carrying action names (``names_card``): the card played, the card led
    with a marriage or an opening, the queen of a marriage declared. Each of those blocks starts
    at a multiple of 64.

    >>> from sixtysix.cards import card_str
    >>> tuple(card_str(named_card(parse_action(t))) for t in ("marry KH", "declare QS", "open hoeher 9C"))
    ('KH', 'QS', '9C')
    """
    return action & 63


def trump_suit(action: int) -> int:
    """The suit that a trump choice (``is_trump_choice``) names."""
    return action - TRUMP


def bid_units(action: int) -> int:
    """The units that a bid (``is_bid``) offers: 3 for ``bid 3``."""
    return action - BID


def contract_index(action: int) -> int:
    """The contract that a contract bid (``is_contract_bid``) names, as an index into
    ``CONTRACTS``.

    >>> CONTRACTS[contract_index(parse_action("bid gang"))]
    'gang'
    """
    return action - BID_CONTRACT


def opening_index(action: int) -> int:
    """Which of Gaigel's ``OPENINGS`` an opening (``is_opening``) names.

    >>> OPENINGS[opening_index(parse_action("open hoeher 9C"))]
    'hoeher'
    """
    return (action - OPEN) >> 6


def combo_index(action: int) -> int:
    """The combination that an announcement or a show (``is_combination``) names, as an index
    into ``COMBOS``.

    >>> combo_index(parse_action("announce KS QS JS")) == combo_index(parse_action("show KS QS JS"))
    True
    """
    return action - ANNOUNCE if action < SHOW else action - SHOW


def action_str(action: int) -> str:
    """Canonical text: lower-case verb, upper-case card. An int that is no action: ValueError.

    >>> action_str(199)
    Traceback (most recent call last):
    ...
    ValueError: not an action: 199
    """
    text = _TEXTS.get(action) if type(action) is int else None
    return _spell(action) if text is None else text


def _spell(action: int) -> str:
    if action in _SIMPLE:
        return _SIMPLE[action]
    if action == MELD_LOW:
        return "meld low"
    if 0 <= action < MARRY:
        return "play " + card_str(action)
    if MARRY <= action < DECLARE_SHOW and (action - MARRY) & 7 in (KING, QUEEN):
        return "marry " + card_str(action - MARRY)
    if DECLARE_SHOW <= action < DRAW and (action - DECLARE_SHOW) & 7 == QUEEN:
        return "declare " + card_str(action - DECLARE_SHOW)
    if TRUMP <= action < TRUMP + 4:
        return "trump " + SUITS[action - TRUMP]
    if BID < action <= BID + MAX_BID:
        return f"bid {action - BID}"
    if BID_CONTRACT <= action < BID_CONTRACT + len(CONTRACTS):
        return "bid " + CONTRACTS[action - BID_CONTRACT]
    if OPEN <= action < MARRY_DOUBLE:
        opening, card = divmod(action - OPEN, 64)
        return f"open {OPENINGS[opening]} {card_str(card)}"
    if MARRY_DOUBLE <= action < ANNOUNCE and (action - MARRY_DOUBLE) & 7 in (KING, QUEEN):
        return "marry double " + card_str(action - MARRY_DOUBLE)
    if ANNOUNCE <= action < N_ACTIONS:
        verb = "announce " if action < SHOW else "show "
        return verb + " ".join(card_str(c) for c in _pack_order(COMBOS[(action - ANNOUNCE) % len(COMBOS)]))
    raise ValueError(f"not an action: {action}")


def _pack_order(mask: int) -> list[int]:
    """Cards of a mask in the order of the pack (suits C D H S, ranks A T K Q J 9 8 7)."""
    return [c for c in range(32) if (mask >> c) & 1]


def _texts() -> dict[int, str]:
    out = {}
    for a in range(N_ACTIONS):
        try:
            out[a] = _spell(a)
        except ValueError:
            continue
    return out


_TEXTS = _texts()
"""Every action's text, spelt once: records, views and the fuzzer ask for texts by the
hundred thousand."""


def parse_action(text: str) -> int:
    """Parse an action string (case-insensitive); cards name the first copy.

    Raises ValueError with a readable message on malformed text.
    """
    known = _PARSED.get(text)
    return _parse(text) if known is None else known


def _parse(text: str) -> int:
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
    if verb == "marry" and args and args[0].lower() == "double":
        if len(args) != 2:
            raise ValueError(f"'marry double' takes one card, e.g. 'marry double KH': {text!r}")
        card = parse_card(args[1])
        if card & 7 not in (2, 3):
            _bad_marriage(card)
        return MARRY_DOUBLE + card
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
    if verb == "bid":
        return _parse_bid(args, text)
    if verb == "open":
        if len(args) != 2 or args[0].lower() not in OPENINGS:
            names = ", ".join(OPENINGS)
            raise ValueError(f"'open' takes an opening ({names}) and a card, e.g. "
                             f"'open hoeher 9C': {text!r}")
        return OPEN + OPENINGS.index(args[0].lower()) * 64 + parse_card(args[1])
    if verb == "meld":
        if [a.lower() for a in args] != ["low"]:
            raise ValueError(f"the only meld shown this way is 'meld low': {text!r}")
        return MELD_LOW
    if verb in ("announce", "show"):
        return (ANNOUNCE if verb == "announce" else SHOW) + _parse_combo(verb, args, text)
    raise ValueError(f"unknown action {words[0]!r}")


def _parse_bid(args: list[str], text: str) -> int:
    if len(args) != 1:
        raise ValueError(f"'bid' takes a number of units or a contract's name: {text!r}")
    word = args[0].lower()
    if word.isdigit():
        units = int(word)
        if not 1 <= units <= MAX_BID:
            raise ValueError(f"a bid is a number of units from 1 to {MAX_BID}: {text!r}")
        return BID + units
    if word in CONTRACTS:
        return BID_CONTRACT + CONTRACTS.index(word)
    names = ", ".join(CONTRACTS)
    raise ValueError(f"not a bid: {args[0]!r} (a number of units, or one of {names})")


def _parse_combo(verb: str, args: list[str], text: str) -> int:
    mask = 0
    for word in args:
        card = parse_card(word)
        if (mask >> card) & 1:
            raise ValueError(f"{card_str(card)} is named twice: {text!r}")
        mask |= 1 << card
    index = COMBO_INDEX.get(mask)
    if index is None:
        raise ValueError(f"'{verb}' names a combination: a run of 3 to 8 cards of one suit in the "
                         f"order A K Q J T 9 8 7, or four cards of a rank: {text!r}")
    return index


def _bad_marriage(card: int) -> int:
    raise ValueError(f"a marriage is shown with a king or a queen, not {card_str(card)}")


class ActionKind(StrEnum):
    """What sort of action an action is (``kind``): its verb, the words of its text before the
    card, suit, number or name that follows. Each member is that text: a ``StrEnum`` is a ``str``,
    so JSON and the web see the words they always saw.

    >>> ActionKind.MARRY_DOUBLE == "marry double", f"{ActionKind.BID}"
    (True, 'bid')
    """

    PLAY = "play"
    MARRY = "marry"
    DECLARE = "declare"            # with a queen (a marriage shown) or without (a claim)
    DRAW = "draw"
    EXCHANGE = "exchange"
    CLOSE = "close"
    TURN = "turn"
    DEFER = "defer"
    PASS = "pass"
    TRUMP = "trump"
    CUT = "cut"
    KNOCK = "knock"
    KONTRA = "kontra"
    REKONTRA = "rekontra"
    SUBKONTRA = "subkontra"
    MELD_LOW = "meld low"          # Gaigel
    REVERSE = "reverse"            # Gaigel
    BELLA = "bella"                # Terts
    BID = "bid"                    # of units or of a contract by name
    OPEN = "open"                  # Gaigel
    MARRY_DOUBLE = "marry double"  # Gaigel
    ANNOUNCE = "announce"          # Terts
    SHOW = "show"                  # Terts


def kind(action: int) -> ActionKind:
    """What sort of action ``action`` is (an ``ActionKind``). An int that is no action:
    ValueError.

    >>> tuple(kind(parse_action(t)) for t in ("play 9D", "bid 3", "bid gang", "trump S"))
    (<ActionKind.PLAY: 'play'>, <ActionKind.BID: 'bid'>, <ActionKind.BID: 'bid'>, <ActionKind.TRUMP: 'trump'>)
    >>> kind(parse_action("marry double KH")) is ActionKind.MARRY_DOUBLE
    True
    """
    found = _KINDS.get(action) if type(action) is int else None
    if found is None:
        raise ValueError(f"not an action: {action}")
    return found


def card_of(action: int) -> int:
    """The card that ``action`` puts on the table: the card of ``play``, the card led with a
    marriage (``marry``, ``marry double``) or with Gaigel's ``open``. ValueError for an action
    that plays no card.

    >>> from sixtysix.cards import card_str
    >>> card_str(card_of(parse_action("marry QH"))), card_str(card_of(parse_action("open hoeher 9C")))
    ('QH', '9C')
    >>> card_of(parse_action("declare QH"))
    Traceback (most recent call last):
    ...
    ValueError: 'declare QH' plays no card
    """
    kind(action)  # an int that is no action: ValueError
    if not lays_card(action):
        raise ValueError(f"{action_str(action)!r} plays no card")
    return named_card(action)


def _kind_of(text: str) -> ActionKind:
    words = text.split()
    two = " ".join(words[:2])
    return ActionKind(two) if two in (ActionKind.MARRY_DOUBLE, ActionKind.MELD_LOW) \
        else ActionKind(words[0])


_KINDS = {a: _kind_of(t) for a, t in _TEXTS.items()}
"""Each action's kind (``kind``), read once from its text."""

_PARSED = {text: _parse(text) for text in _TEXTS.values()}
"""Each canonical text's action, parsed once: records and replays hand back the texts that
``action_str`` wrote, so most texts are found here (a second copy's text names the first copy)."""
