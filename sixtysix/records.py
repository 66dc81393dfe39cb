"""Game records and replay — the interface contract of records.md.

``replay(record)`` rebuilds a match from its JSON record through the same ``Match`` the players
use, and reports each hand and the match. ``seat_record`` writes a record from one seat's point of
view (records.md §7), and ``replay`` follows such a record as far as that seat can.

>>> rec = {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 42, "actions": ["marry 9H"]}]}
>>> replay(rec)
Traceback (most recent call last):
...
sixtysix.errors.RecordError: a marriage is shown with a king or a queen, not 9H
>>> out = replay({"game": "sixty-six", "hands": [{"dealer": 1, "seed": 42, "actions": []}]}, legal=True)
>>> out["hands"][0]["complete"], out["next"]["to_act"]
(False, 0)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .cards import card_str, parse_card
from .engine.actions import (
    DRAW,
    action_str,
    is_double_marriage,
    is_opening,
    named_card,
    names_card,
    opening_index,
)
from .engine.match import Match
from .engine.phases import PH_DEAL_CHOICE
from .engine.phases.announce import shown_unnamed
from .engine.phases.meld import END_DISSLE_WON, face_down, five_low_watch
from .engine.shapes import DealJSON, HandEntry, HandSummary, MatchStanding, ReplayResult
from .engine.state import PH_DRAW, PH_TRUMP, Deal, State
from .engine.view import View
from .errors import IllegalActionError, OptionError, RecordError, shown
from .games import GAMES, make_game
from .hidden import HiddenCards, Slot

__all__ = ["replay", "summarize", "match_from_record", "view_to_act", "seat_record", "load_record",
           "legal_strings", "hand_summary", "check_depth", "MAX_DEPTH"]

UNKNOWN = "??"

MAX_DEPTH = 100
"""How deep a record may nest arrays and objects. A record nests 6 deep (record, hands, hand,
deal, deal's hands, one hand); a deeper one is refused before anything reads it, so that no
message that echoes a value and no JSON writer recurses without end."""


def check_depth(value: object, what: str = "a record", limit: int = MAX_DEPTH) -> None:
    """RecordError when ``value`` nests lists, tuples and dicts more than ``limit`` deep (a list
    that contains itself nests without end). Iterative: it cannot overflow the stack itself.

    >>> deep: list = []
    >>> for _ in range(5000):
    ...     deep = [deep]
    >>> check_depth({"game": "sixty-six", "hands": deep})
    Traceback (most recent call last):
    ...
    sixtysix.errors.RecordError: a record nests arrays and objects at most 100 deep
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        inner: list[object]
        if isinstance(item, dict):
            inner = list(item.values())
        elif isinstance(item, list | tuple):
            inner = list(item)
        else:
            continue
        if depth > limit:
            raise RecordError(f"{what} nests arrays and objects at most {limit} deep")
        stack.extend((x, depth + 1) for x in inner)


def load_record(text: str) -> dict[str, object]:
    """Parse JSON text into a JSON object (a record once ``match_from_record`` has checked it), with
    a RecordError for bad JSON."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"the record is not valid JSON: {e.msg} at line {e.lineno}") from None
    except RecursionError:  # JSON's reader recurses once a level, and stops at Python's limit
        raise RecordError(f"a record nests arrays and objects at most {MAX_DEPTH} deep") from None
    except ValueError:  # the one other: an integer longer than Python reads (4,300 digits)
        raise RecordError("the record is not valid JSON: a number too long to read") from None
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with 'game' and 'hands'")
    check_depth(record)
    return record


def replay(record: Mapping[str, object], legal: bool = False) -> ReplayResult:
    """Replay ``record`` and report every hand and the match (records.md §6).

    Raises RecordError (a ValueError) with ``hand``/``action`` set at the fault.
    """
    return summarize(match_from_record(record), legal)


def summarize(match: Match, legal: bool = False) -> ReplayResult:
    """The replay result (records.md §6) of a match built by ``match_from_record``."""
    winner = match.winner
    standing: MatchStanding = {"score": list(match.score), "complete": match.complete,
                               "winner": list(winner) if winner is not None else None}
    out: ReplayResult = {"game": match.game.id,
                         "hands": [hand_summary(match, i) for i in range(len(match.hand_records))],
                         "match": standing}
    if legal and not match.complete:
        if match.in_hand and match.hand is not None:
            seat = match.hand.to_act
            if match.seat_record is not None and seat != match.seat_record:
                out["next"] = {"to_act": seat, "legal": None}
            else:
                out["next"] = {"to_act": seat, "legal": legal_strings(match.hand)}
        else:
            out["next"] = None
    return out


def hand_summary(match: Match, i: int) -> HandSummary:
    """The replay result of hand ``i`` of ``match``."""
    n = match.n
    if i < len(match.results):
        res = match.results[i]
        return {"complete": True, "points": list(res.points), "tricks": list(res.tricks),
                "game_points": list(res.game_points), "end": res.end}
    state = match.hand
    assert state is not None
    r = state.rules
    shared = r.sides != tuple(range(n))
    pts = [state.points[r.sides[p]] if (p in state.active or shared) else 0 for p in range(n)]
    trk = [state.tricks[r.sides[p]] if (p in state.active or shared) else 0 for p in range(n)]
    return {"complete": False, "points": pts, "tricks": trk, "game_points": [0] * n, "end": None}


_VERB_ORDER = {"play": 0, "marry": 1, "declare_show": 2, "exchange": 3, "close": 4, "declare": 5,
               "draw": 6, "trump": 7, "turn": 8, "defer": 9, "pass": 10}
_SUIT_ORDER = (0, 3, 2, 1)  # clubs, spades, hearts, diamonds (rules/index.md#cards)


def _sort_key(a: int) -> tuple[int, int, int]:
    text = action_str(a)
    verb = text.split()[0]
    if verb == "declare" and " " in text:
        verb = "declare_show"
    if is_opening(a) or is_double_marriage(a):  # Gaigel's: by card, as plays
        c = named_card(a)
        # Openings by their name; double marriages after the single ones, keyed by suit below.
        block = opening_index(a) if is_opening(a) else len(_SUIT_ORDER)
        return (_VERB_ORDER.get(verb, 11), block, _SUIT_ORDER[(c >> 3) & 3] * 16 + (c & 7) * 2
                + (c >> 5))
    if names_card(a):
        c = named_card(a)
        return (_VERB_ORDER[verb], _SUIT_ORDER[(c >> 3) & 3], (c & 7) * 2 + (c >> 5))
    return (_VERB_ORDER.get(verb, 11), a, 0)  # one verb's: by id (trumps by suit, bids by units)


def legal_strings(state: State) -> list[str]:
    """The legal actions in canonical text, plays first, cards by suit (C S H D) and rank."""
    seen: set[str] = set()
    out = []
    for a in sorted(state.legal_actions(), key=_sort_key):
        t = action_str(a)
        if t not in seen:  # both copies of a double-pack card read the same
            seen.add(t)
            out.append(t)
    return out


# ---------------------------------------------------------------------- building the match


def match_from_record(record: Mapping[str, object]) -> Match:
    """The match a record describes, replayed action by action. Raises RecordError."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with 'game' and 'hands'")
    check_depth(record)
    game_id = record.get("game")
    if not isinstance(game_id, str):
        raise RecordError("the record needs 'game', one of: " + ", ".join(sorted(GAMES)))
    options = record.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of option names and values")
    try:
        game = make_game(game_id, options)
    except OptionError as e:
        raise RecordError(str(e)) from None
    n = game.n_seats
    players = record.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != n
                                or not all(isinstance(p, str) for p in players)):
        raise RecordError(f"'players' must list {n} names, one per seat")
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise RecordError("the record needs 'hands', a list of the hands played")
    seat = record.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                             or not 0 <= seat < n):
        raise RecordError(f"'seat' must be a seat number from 0 to {n - 1}")
    first = hands[0] if hands and isinstance(hands[0], dict) else {}
    dealer = first.get("dealer", 0) if isinstance(first, dict) else 0
    # A bad dealer is reported by _replay_hand, with the hand it is in.
    match = Match(game, dealer=dealer if type(dealer) is int and 0 <= dealer < n else 0, players=players)
    match.seat_record = seat
    hidden: HiddenCards | None = None  # a seat record's hidden cards, hand by hand
    for h, entry in enumerate(hands):
        hidden = _replay_hand(match, h, entry, seat, hidden)
    return match


def view_to_act(record: Mapping[str, object]) -> View:
    """The view of the seat to act after the record's last action (a full or a seat record): what
    a computer player asked for advice sees. RecordError when no hand is in progress, or when a
    seat record's seat is not the one to act.

    >>> view_to_act({"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": []}]}).seat
    0
    """
    match = match_from_record(record)
    state = match.hand
    if state is None or not match.in_hand:
        raise RecordError("no hand is in progress at the end of the record: nothing to advise")
    seat = state.to_act
    own = match.seat_record
    if own is not None and own != seat:
        raise RecordError(f"it is seat {seat}'s turn, not seat {own}'s: nothing to advise")
    return state.view(seat)


def _replay_hand(match: Match, h: int, entry: object, seat: int | None,
                 hidden: HiddenCards | None) -> HiddenCards | None:
    """Replay hand ``h`` of a record into ``match``; a seat record's hand through the model of
    the cards its seat has not seen (``hidden``, the previous hand's until this one is dealt),
    which it returns."""
    if not isinstance(entry, dict):
        raise RecordError("each hand is an object with 'dealer', 'deal' or 'seed', and 'actions'", h)
    if match.complete:
        raise RecordError("the match was already over before this hand", h)
    if match.in_hand:
        raise RecordError("the previous hand is not finished, but the record goes on", h)
    dealer = entry.get("dealer")
    if dealer is None and h == 0:
        raise RecordError("the first hand needs 'dealer'", h)
    if dealer is not None:
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < match.n:
            raise RecordError(f"'dealer' must be a seat number from 0 to {match.n - 1}", h)
        if h > 0 and dealer != match.dealer:
            raise RecordError(f"seat {match.dealer} deals this hand by the rules, not seat {dealer}", h)
        match.dealer = dealer
    has_deal, has_seed = "deal" in entry, "seed" in entry
    if has_deal == has_seed:
        raise RecordError("a hand gives either 'deal' or 'seed'", h)
    try:
        if has_seed:
            seed = entry["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise RecordError("'seed' must be a whole number", h)
            if seat is not None:
                raise RecordError("a seat record writes the deal out ('deal'), not a seed", h)
            match.deal_hand(seed=seed)
        else:
            deal, _ = _parse_deal(match, entry["deal"], h, seat)
            if seat is not None:
                hidden = _deal_seat_view(match, deal, h, seat)
                # The record keeps the deal as the seat knows it, not the placing in play.
                match.hand_records[-1]["deal"] = json.loads(json.dumps(entry["deal"]))
            else:
                match.deal_hand(deal=deal)
    except IllegalActionError as e:
        raise RecordError(str(e), h) from None
    except ValueError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(str(e), h) from None
    actions = entry.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of action strings", h)
    for a, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError("each action is a string such as 'play AS'", h, a, shown(text))
        if not match.in_hand:
            raise RecordError("the hand is already over", h, a, text)
        try:
            _apply_text(match, text, hidden if seat is not None else None)
        except IllegalActionError as e:
            raise RecordError(str(e), h, a, text) from None
    return hidden


def _apply_text(match: Match, text: str, hidden: HiddenCards | None) -> None:
    state = match.hand
    assert state is not None
    words = text.strip().lower().split()
    # records.md §5.1: a record may leave 'draw' out; any other action there implies it.
    if hidden is not None:
        if state.phase == PH_DRAW and words and words[0] not in ("draw", "close"):
            hidden.apply("draw")
        hidden.apply(text)
        return
    if state.phase == PH_DRAW and words and words[0] not in ("draw", "close"):
        match.apply(DRAW)
    match.apply(text)


# ---------------------------------------------------------------------- deals


def _parse_deal(match: Match, deal: Any, h: int,
                seat: int | None) -> tuple[Deal, list[tuple[str, int, int]]]:
    """A Deal from JSON. In a seat record, '??' places are returned as (where, seat, index)."""
    n = match.n
    if not isinstance(deal, dict):
        raise RecordError("'deal' must be an object with 'hands', 'turnup' and 'stock'", h)
    hands = deal.get("hands")
    stock = deal.get("stock", [])
    if not isinstance(hands, list) or len(hands) != n or not all(isinstance(x, list) for x in hands):
        raise RecordError(f"'deal.hands' must list {n} hands, one per seat", h)
    if not isinstance(stock, list):
        raise RecordError("'deal.stock' must be a list of cards", h)
    copies: dict[int, int] = {}
    unknown: list[tuple[str, int, int]] = []
    double = match.game.rules.pack_size > 32

    def card(text: Any, where: str, p: int, i: int) -> int:
        if not isinstance(text, str):
            raise RecordError(f"not a card: {shown(text)}", h)
        if text == UNKNOWN:
            if seat is None:
                raise RecordError("'??' stands only in a seat record (with 'seat')", h)
            unknown.append((where, p, i))
            return -1
        try:
            c = parse_card(text)
        except ValueError as e:
            raise RecordError(str(e), h) from None
        if double:
            k = copies.get(c, 0)
            copies[c] = k + 1
            c |= 32 * min(k, 1)
        return c

    parsed_hands = tuple(tuple(card(c, "hand", p, i) for i, c in enumerate(hand))
                         for p, hand in enumerate(hands))
    rules = match.game.rules
    turnup_text = deal.get("turnup")
    turnup: int | None
    if turnup_text is None:
        turnup = None
    elif rules.stock:
        turnup = card(turnup_text, "turnup", -1, 0)
    elif rules.trump_choice or PH_TRUMP in rules.phases:
        # Trumps are named, so there is no turn-up: the deal check refuses one (records.md §3).
        turnup = card(turnup_text, "turnup", -1, 0)
    else:  # Four-Hand: the turn-up is the dealer's last card, already listed in his hand
        try:
            turnup = parse_card(turnup_text)
        except ValueError as e:
            raise RecordError(str(e), h) from None
        last = parsed_hands[match.dealer][-1] if parsed_hands[match.dealer] else None
        if last is not None and last >= 0 and (last & 31) != turnup:
            raise RecordError("'turnup' must be the dealer's last card", h)
        turnup = last if last is not None and last >= 0 else turnup
    parsed_stock = tuple(card(c, "stock", -1, i) for i, c in enumerate(stock))
    return Deal(hands=parsed_hands, turnup=turnup, stock=parsed_stock), unknown


def _deal_seat_view(match: Match, deal: Deal, h: int, seat: int) -> HiddenCards:
    """Deal a seat record's hand: the '??' places hold cards the seat has not seen, placed and
    re-placed only as ``HiddenCards`` (the constraint model of hidden.py) finds consistent."""
    rules = match.game.rules
    slots: list[Slot] = []
    known: list[int] = []
    for p, hand in enumerate(deal.hands):
        for i, c in enumerate(hand):
            slots.append(Slot("hand", p, i))
            known.append(c)
    in_hand = deal.turnup is not None and not rules.stock
    if in_hand and deal.turnup is not None and deal.hands[match.dealer] \
            and deal.hands[match.dealer][-1] < 0:
        # Four-Hand: the dealer's last card lay face up as trumps; it is known to all.
        last = sum(len(x) for x in deal.hands[:match.dealer + 1]) - 1
        known[last] = deal.turnup
    if deal.turnup is not None and rules.stock:
        slots.append(Slot("turnup", -1, 0))
        known.append(deal.turnup)
    for i, c in enumerate(deal.stock):
        slots.append(Slot("stock", -1, i))
        known.append(c)
    try:
        hidden = HiddenCards(match, seat, slots, known, turnup_in_hand=in_hand)
    except IllegalActionError as e:
        raise RecordError(str(e), h) from None
    state = match.deal_hand(deal=hidden.deal(hidden.place))
    hidden.check(state)
    return hidden


# ---------------------------------------------------------------------- face-down plays
# Gaigel's trick 1 under Andere Alte or Höher is played face down
# (rules/gaigel.md#the-first-trick-the-openings): until the
# trick is complete, a seat record writes the other seats' cards '??' ('play ??',
# 'open hoeher ??'), and replay (hidden.py) lets a card of the actor that fits the opening stand
# for it.


def _actions_for_seat(match: Match, deal: Deal, actions: list[str], seat: int, i: int) -> list[str]:
    """The hand's actions as ``seat`` saw them: face-down cards it has not seen written '??'."""
    state = match.game.new_hand(match.hand_records[i]["dealer"], deal, match.deals[i][1])
    for text in actions:
        if state.phase == PH_DRAW and text.split()[0].lower() not in ("draw", "close"):
            state.apply(DRAW)
        state.apply(text)
    hidden = set(face_down(state, seat))
    if not hidden or len(state.history) != len(actions):
        return list(actions)
    return [t.rsplit(" ", 1)[0] + " " + UNKNOWN if k in hidden else t
            for k, t in enumerate(actions)]



# ---------------------------------------------------------------------- seat records


def seat_record(record: Mapping[str, object], seat: int) -> dict[str, Any]:
    """The record as ``seat`` knows it: other hands and the stock written '??' except what the seat
    saw (records.md §7). Finished hands show the cards that were played or shown."""
    match = match_from_record(record)
    if not 0 <= seat < match.n:
        raise RecordError(f"there is no seat {seat}")
    own = match.seat_record
    if own is not None and own != seat:
        raise RecordError(f"this is seat {own}'s record: it does not show what seat {seat} knows")
    hands: list[HandEntry] = []
    for i, entry in enumerate(match.hand_records):
        full = match.deals[i][0]
        actions = entry["actions"]
        hands.append({"dealer": entry["dealer"], "deal": _deal_for_seat(match, full, actions, seat, i),
                      "actions": _actions_for_seat(match, full, actions, seat, i)})
    # The record's other entries pass as they are (game, options, players, fairness, and any
    # other a writer added): arbitrary JSON beside the hands.
    out = {k: v for k, v in record.items() if k != "hands"}
    out["seat"] = seat
    out["hands"] = hands
    return out


def _deal_for_seat(match: Match, deal: Deal, actions: list[str], seat: int, i: int) -> DealJSON:
    """Replay hand ``i`` to find which stock places ``seat`` drew and which cards became public."""
    game = match.game
    entry = match.hand_records[i]
    state = game.new_hand(entry["dealer"], deal, match.deals[i][1])
    drawn: set[int] = set()
    for text in actions:
        before = state.spos
        hand_before = state.hands[seat]
        if state.phase == PH_DRAW and text.split()[0].lower() not in ("draw", "close"):
            state.apply(DRAW)
        state.apply(text)
        if state.spos != before:
            new = state.hands[seat] & ~hand_before
            for k in range(before, state.spos):
                if (new >> deal.stock[k]) & 1:
                    drawn.add(k)
    public = 0
    if state.over:
        for w in state.won:
            public |= w
        for k in state.known:
            public |= k
        if five_low_watch(state) >= 0 and state.end_kind == END_DISSLE_WON:
            public |= state.hands[five_low_watch(state)]  # Auf Dissle won: five low cards shown
    # Terts: the combinations scored automatically are shown (rules/terts.md#combinations), though no action
    # names them; written from then on, in a hand still in play too, so that replay scores them.
    public |= shown_unnamed(state)
    rules = game.rules
    n = match.n
    forehand = next(q for q in ((entry["dealer"] + k) % n for k in range(1, n + 1))
                    if q in match.deals[i][1])
    hands_out = []
    # Cards of a seat out of the hand that lie face up (Bauernschnapsen: a solo's partner).
    for p in range(n):
        if p not in state.active:
            public |= state.known[p]
    # Forehand names trumps from his first packet before seeing the rest (records.md §7).
    named = state.phase not in (PH_TRUMP, PH_DEAL_CHOICE)
    for p, hand in enumerate(deal.hands):
        if p == seat:
            # While trumps are named from the first packet, a seat shows only what it holds then
            # (Three-Player: the deal is completed after the naming); forehand also not
            # before he names (Bauernschnapsen's deal choice).
            # The seat's own view says what it holds then (Bauernschnapsen: the others have theirs).
            packet = state.view(p).hand if rules.trump_choice and state.phase == PH_TRUMP else -1
            hands_out.append([card_str(c) if (named or not rules.trump_choice or p != forehand
                                              or k < rules.first_packet) and (packet >> c) & 1
                              else UNKNOWN for k, c in enumerate(hand)])
            continue
        row = []
        for k, c in enumerate(hand):
            visible = (public >> c) & 1
            if not rules.stock and deal.turnup is not None and c == deal.turnup:
                visible = 1  # Four-Hand: the dealer's turned card lay face up
            if rules.trump_choice and k == rules.first_packet and p == forehand \
                    and any(t.strip().lower() == "turn" for t in actions):
                visible = 1  # the card forehand turned up for trumps
            row.append(card_str(c) if visible else UNKNOWN)
        hands_out.append(row)
    stock_out = [card_str(c) if (k in drawn or (public >> c) & 1) else UNKNOWN
                 for k, c in enumerate(deal.stock)]
    if deal.turnup is None:
        return {"hands": hands_out, "stock": stock_out}
    return {"hands": hands_out, "turnup": card_str(deal.turnup), "stock": stock_out}
