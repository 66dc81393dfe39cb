"""Views as JSON: exactly what one seat (or a spectator) may know, for the wire.

Everything here is built from ``state.view(seat)`` — never from the full state — so a message can
hold no card the seat may not know; the other sides' running points, which the rules keep
private, are left out too. A spectator's view is a seat's view with the private part
(its hand and legal actions) removed.

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=7)
>>> v = view_to_json(state.view(0))
>>> len(v["hand"]), v["hand_sizes"], v["stock"], v["points"]
(6, [6, 6], 11, [0, None])
>>> public = view_to_json(state.view(0), spectator=True)
>>> public["hand"], public["legal"], public["seat"], public["points"]
([], [], None, [None, None])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict, cast

from ..analysis import claim_points, false_claim_points
from ..cards import RANKS, SUITS, card_str, cards_of
from ..engine.actions import (
    CLOSE,
    COMBOS,
    CONTRACTS,
    DECLARE,
    OPENINGS,
    PASS,
    REVERSE,
    action_str,
    bid_units,
    contract_index,
    is_bid,
    is_contract_bid,
    is_declaration,
    is_marriage,
    is_opening,
    is_play,
    opening_index,
)
from ..engine.phases import PH_AUCTION, PH_CONTRACTS, PH_DOUBLING, PHASES
from ..engine.phases.announce import VALUE, describe
from ..engine.phases.auction import standing
from ..engine.phases.meld import FACE_DOWN
from ..engine.state import PH_OVER, HandResult
from ..engine.view import View
from ..games.base import others_tricks
from ..words import DOUBLING_NAMES, OPENING_NAMES, action_points, action_words

__all__ = ["view_to_json", "action_json", "result_to_json", "their_points_at_most", "PHASE_NAMES",
           "ViewJSON", "ActionJSON", "LegalJSON", "ResultJSON"]


# ---------------------------------------------------------------------- the shapes sent


class ActionJSON(TypedDict):
    """An action: its canonical text, its verb and the card or the suit it names."""

    action: str
    verb: str
    card: NotRequired[str]
    suit: NotRequired[str]


class Stakes(TypedDict, total=False):
    """What the table asks with before an action that ends the hand or stakes it (``_stakes``)."""

    points: int
    cost: int
    false_claim: int
    their_most: int
    low: str
    low_held: int


class LegalJSON(ActionJSON, Stakes):
    """A legal action, with its stakes and a contract bid's ``value``."""

    value: NotRequired[int]


class SeatCard(TypedDict):
    """A card of a trick, and the seat that played it ('??' where unseen)."""

    seat: int
    card: str


class MarriageJSON(TypedDict):
    seat: int
    suit: str
    value: int


class LogEntry(TypedDict):
    """An action of the hand's log: who, its text, its words and points, and its words in the
    second person for the seat that took it."""

    seat: int | None
    action: str
    words: str
    points: int | None
    you_words: NotRequired[str | None]


class AuctionCall(TypedDict):
    seat: int | None
    call: str


class AuctionJSON(TypedDict):
    """An auction: by units or contracts, whether it goes on, the high bid and its bidder, who
    has passed, and every call."""

    kind: str
    open: bool
    high: int | str | None
    bidder: int | None
    passed: list[int]
    calls: list[AuctionCall]


class ContractJSON(TypedDict):
    """The contract in play (or North American Sixty-Six's bid of units)."""

    name: str
    value: int
    declarer: int
    trumps: bool
    solo: bool
    factor: int
    doubling: str | None
    worth: int
    next_doubling: str | None


class ScoredJSON(TypedDict):
    """A combination Terts scored: whose, its cards, its name and its points."""

    seat: int
    cards: list[str]
    name: str
    points: int


class TargetsJSON(TypedDict):
    """What the scores count towards (``_targets``); None where the game has none."""

    claim: int | None
    match: int | None
    race: int | None
    start: int | None
    unit: int | None


class ScoringJSON(TypedDict):
    """What the scores are counted in and called, as the game declares it."""

    unit: str
    claim: str
    down: bool


class ViewJSON(TypedDict):
    """A seat's (or a spectator's) view of the hand, as the table sends it (``view_to_json``)."""

    game: str
    seat: int | None
    dealer: int
    active: list[int]
    sides: list[int]
    phase: str
    to_act: int | None
    leader: int
    hand: list[str]
    hand_sizes: list[int]
    trump: str | None
    turnup: str | None
    turnup_up: bool
    stock: int
    closed_by: int | None
    trick: list[SeatCard]
    last_trick: list[SeatCard]
    points: list[int | None]
    tricks: list[int]
    melds: list[int]
    pending: list[int]
    known: list[list[str]]
    marriages: list[MarriageJSON]
    trick_no: int
    bonus: int
    exchanged: bool
    close_before_draw: bool
    legal: list[LegalJSON]
    log: list[LogEntry]
    auction: AuctionJSON | None
    contract: ContractJSON | None
    opening: str | None
    scored: list[ScoredJSON]
    bella_by: int | None
    first_tricks: list[list[str]]
    targets: TargetsJSON
    scoring: ScoringJSON


class ResultJSON(TypedDict):
    """A finished hand's outcome."""

    end: str
    winners: list[int]
    game_points: list[int]
    points: list[int]
    tricks: list[int]
    detail: str

PHASE_NAMES = {i: p.name for i, p in enumerate(PHASES) if p is not None}
"""Every phase of the engine by the word the engine gives it ('deal choice', 'auction', …)."""
_FACE_DOWN_OPENINGS = (OPENINGS.index("andere-alte"), OPENINGS.index("hoeher"))


def _cards(mask: int) -> list[str]:
    # Sorted by suit then rank (the card ints' own order), which is how a hand is held.
    return [card_str(c) for c in sorted(cards_of(mask), key=lambda c: (c & 31, c))]


def action_json(action: int) -> ActionJSON:
    """An action for the client: its canonical text, its verb and the card or suit it names.

    >>> action_json(64 + 19)
    {'action': 'marry QH', 'verb': 'marry', 'card': 'QH'}
    >>> action_json(192)
    {'action': 'draw', 'verb': 'draw'}
    """
    text = action_str(action)
    verb, _, arg = text.partition(" ")
    out: ActionJSON = {"action": text, "verb": verb}
    if arg and (is_play(action) or is_marriage(action) or is_declaration(action)):
        out["card"] = arg
    elif arg:
        out["suit"] = arg
    return out


def _legal_json(action: int, view: View) -> LegalJSON:
    """A legal action, with the seat's own numbers where it ends the hand at once or stakes it
    (``_stakes``), so that the table asks first with them, and a contract bid's ``value``."""
    # The action's keys, then its stakes' (mypy cannot join two TypedDicts by unpacking).
    out = cast(LegalJSON, {**action_json(action), **_stakes(action, view)})
    if is_contract_bid(action):
        # A contract's worth, for the bid's button ("Bid Bettler (4)").
        name = CONTRACTS[contract_index(action)]
        out["value"] = next(c.value for c in view.game.contracts if c.name == name)
    return out


def _stakes(action: int, view: View) -> Stakes:
    """What the table asks with before an action that ends the hand at once or stakes it, worked
    out from the seat's own view only (never a card or a count it may not know):

    * a claim (``declare``, ``declare QH``; Gaigel's knock): ``points``, the card points it is
      made with; ``false_claim``, the same, where they fall short of the target (the claim loses
      the hand; as the terminal asks, ``analysis.false_claim_points``); ``cost``, the game points
      a false one gives the other side, where the game fixes them;
    * ``close``: ``points``, the side's now, and ``cost``, what the other side scores if the
      closer does not reach the target after all;
    * Gaigel's ``reverse`` knock: ``their_most``, the most the other side can have by what the
      seat knows (``their_points_at_most``), and ``cost``, what a wrong one gives them;
    * Gaigel's ``open auf-dissle C``, a bet on the five low cards: ``low``, the low rank ("7"),
      ``low_held``, how many of them the seat holds, and ``cost``, the bet's game points.

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> view = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=7).view(0)
    >>> _stakes(CLOSE, view), _stakes(DECLARE, view)
    ({'points': 0, 'cost': 3}, {'points': 0, 'cost': 2, 'false_claim': 0})
    """
    out: Stakes = {}
    cost: int | None = None  # what the game fixes, if anything: left out where it is None
    points = claim_points(action, view)
    if points is not None:
        out["points"] = points
        cost = view.game.false_claim_cost(view, points)
        if cost is not None:
            out["cost"] = cost
        if false_claim_points(action, view) is not None:
            out["false_claim"] = points
    elif action == CLOSE:
        out["points"] = view.points[view.game.rules.sides[view.seat]]
        cost = view.game.close_cost(view)
        if cost is not None:
            out["cost"] = cost
    elif action == REVERSE:  # wrong, it costs what a false knock costs
        out["their_most"] = their_points_at_most(view)
        cost = view.game.false_claim_cost(view, 0)
        if cost is not None:
            out["cost"] = cost
    elif is_opening(action) and opening_index(action) == _AUF_DISSLE:
        low = view.game.rules.low_rank
        out["low"] = RANKS[low]
        cost = view.game.opening_cost(view, "auf-dissle")
        if cost is not None:
            out["cost"] = cost
        out["low_held"] = sum(1 for c in cards_of(view.hand) if c & 7 == low)
    return out


_AUF_DISSLE = OPENINGS.index("auf-dissle")


def their_points_at_most(view: View) -> int:
    """The most the other side can have counted (cards and melds) by what the seat knows without
    looking back at tricks: the cards in their tricks (their number of tricks times the cards of
    a trick) at the best values among the cards not in the seat's hand, and no more than the card
    points the seat's own side and hand leave; plus their melds, which were shown to all. What
    Gaigel's reverse knock needs to be possibly right (101 or more).

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> their_points_at_most(Match(make_game("gaigel"), dealer=0).deal_hand(seed=3).view(1))
    0
    """
    r = view.game.rules
    own = r.sides[view.seat]
    cards = [c for c in cards_of(r.pack) if not view.hand >> c & 1]
    trumps = r.trump_values or r.values_by_rank

    def value(c: int) -> int:
        return (trumps if (c >> 3) & 3 == view.trump else r.values_by_rank)[c & 7]

    total = sum(value(c) for c in cards_of(r.pack))
    in_hand = sum(value(c) for c in cards_of(view.hand))
    their_cards = others_tricks(view) * len(view.active)
    best = sum(sorted((value(c) for c in cards), reverse=True)[:their_cards])
    left = total - in_hand - (view.points[own] - view.melds[own])
    others = {r.sides[p] for p in view.active} - {own}
    return min(best, left) + sum(view.melds[s] for s in others)


def view_to_json(view: View, *, spectator: bool = False,
                 actors: Sequence[int] | None = None) -> ViewJSON:
    """``view`` as plain JSON values. Per-seat lists have one entry per seat (a side's value is
    shown at each of its seats). With ``spectator`` the seat's hand and legal actions are left out,
    and so is whatever only that seat has seen (its own face-down card in Gaigel's first trick).

    ``actors``: the seat that took each action of the hand so far (who acts is public; the table
    knows it), so that the log and the auction can say who did what; without it they say nobody.
    """
    rules = view.game.rules
    sides = rules.sides
    n = rules.n_seats
    # Partnership values are kept per side in the engine; the wire shows them per seat.

    def per_seat(xs: tuple[int, ...]) -> list[int]:
        return [xs[sides[p]] for p in range(n)]

    # Running card points are not public (rules/sixty-six.md: tricks may not be looked back at): a seat
    # is told its own side's, nobody else's, until the hand is over.
    over = view.phase == PH_OVER
    # A spectator is given seat 0's view: in a trick 1 played face down, seat 0's own card is
    # as unseen to him as the others'.
    veiled = spectator and view.opening in _FACE_DOWN_OPENINGS and view.trick_no == 0
    own = None if spectator else sides[view.seat]
    points = [v if over or sides[p] == own else None for p, v in enumerate(per_seat(view.points))]

    return {
        "game": view.game.id,
        "seat": None if spectator else view.seat,
        "dealer": view.dealer,
        "active": list(view.active),
        "sides": list(sides),
        "phase": PHASE_NAMES.get(view.phase, "play"),
        "to_act": view.to_act if view.to_act >= 0 else None,
        "leader": view.leader,
        "hand": [] if spectator else _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "trump": SUITS[view.trump] if view.trump >= 0 else None,
        "turnup": card_str(view.turnup) if view.turnup >= 0 else None,
        "turnup_up": view.turnup_up,
        "stock": view.facedown,
        "closed_by": view.closed_by if view.closed_by >= 0 else None,
        # -1: a card played face down that this seat has not seen (Gaigel's first trick).
        "trick": [{"seat": p, "card": card_str(c) if c >= 0 and not veiled else "??"}
                  for p, c in view.trick],
        "last_trick": [{"seat": p, "card": card_str(c)} for p, c in view.last_trick],
        "points": points,
        "tricks": per_seat(view.tricks),
        "melds": per_seat(view.melds),
        "pending": per_seat(view.pending),
        "known": [_cards(k) for k in view.known],
        "marriages": [{"seat": p, "suit": SUITS[s], "value": v} for p, s, v in view.marriages],
        "trick_no": view.trick_no,
        "bonus": view.bonus,
        "exchanged": view.exchanged,
        # The trick winner may close the stock before anyone draws (a rule of the game).
        "close_before_draw": (view.rules or view.game.rules).close_before_draw,
        "legal": [] if spectator else [_legal_json(a, view) for a in view.legal],
        # The bidding and meld games (all public): what was said, in order, and where it led.
        "log": _log(view, actors, veiled, None if spectator else view.seat),
        "auction": _auction(view, actors),
        "contract": _contract(view),
        "opening": OPENING_NAMES[view.opening] if view.opening >= 0 else None,
        "scored": _scored(view),
        "bella_by": view.bella_by if view.bella_by >= 0 else None,
        "first_tricks": [_cards(m) for m in view.first_tricks],
        "targets": _targets(view),
        # What the scores are counted in and called, as the game declares it (the client names
        # no game).
        "scoring": {"unit": view.game.score_unit, "claim": view.game.claim_word,
                    "down": view.game.counts_down()},
    }


def _actor(actors: Sequence[int] | None, i: int) -> int | None:
    return actors[i] if actors is not None and i < len(actors) else None


def _log(view: View, actors: Sequence[int] | None, veiled: bool,
         seat: int | None) -> list[LogEntry]:
    """Every action of the hand but plain plays and draws, in order: who, the action's text,
    the words for it ('bids gang', 'announces fifty KS QS JS TS (50)') and its points where it
    has some; ``seat``'s own actions have their words in the second person too (``you_words``:
    'exchange the trump card', for 'You exchange …'). An opening led face down is told without
    its card (``??``)."""
    rules = view.rules or view.game.rules
    knocks = view.game.rules.meld_phase  # Gaigel: a claim is a knock
    out: list[LogEntry] = []
    for i, a in enumerate(view.history):
        hidden = a >= FACE_DOWN or (veiled and is_opening(a))
        if a >= FACE_DOWN:
            a -= FACE_DOWN
        words = action_words(a, view.trump, hidden=hidden)
        if words is None:
            continue
        actor = _actor(actors, i)
        you = actor is not None and actor == seat
        if a == DECLARE and knocks:
            words = f"knocks: claims {rules.claim_target}"
        text = f"open {OPENINGS[opening_index(a)]} ??" if hidden else action_str(a)
        entry: LogEntry = {"seat": actor, "action": text, "words": words,
                           "points": action_points(a, view.trump)}
        if you:
            entry["you_words"] = (f"knock: claim {rules.claim_target}" if a == DECLARE and knocks
                                  else action_words(a, view.trump, you=True, hidden=hidden))
        out.append(entry)
    return out


def _is_call(a: int) -> bool:
    return a == PASS or is_bid(a) or is_contract_bid(a)


def _auction(view: View, actors: Sequence[int] | None) -> AuctionJSON | None:
    """The auction (North American Sixty-Six: units; Bauernschnapsen: contracts by name): every
    call in order, the high bid, its bidder, who has passed, and whether it is still going on.
    None in games without one."""
    phases = view.game.rules.phases
    if PH_AUCTION not in phases and PH_CONTRACTS not in phases:
        return None
    units = PH_AUCTION in phases
    n = view.game.rules.n_seats
    calls: list[AuctionCall] = []
    passes, high, bidder = 0, None, None
    for i, a in enumerate(view.history):
        if not _is_call(a) or (passes == n - 1 and high is not None) or passes == n:
            if calls:
                break  # the auction is over: what follows is doubling or play
            continue
        seat = _actor(actors, i)
        if a == PASS:
            passes += 1
            calls.append({"seat": seat, "call": "pass"})
        else:
            high = bid_units(a) if units else CONTRACTS[contract_index(a)]
            bidder = seat
            calls.append({"seat": seat, "call": f"bid {high}"})
    going = view.phase in (PH_AUCTION, PH_CONTRACTS)
    passed: list[int] = []
    if going and view.bidding:  # the engine's own standing, whoever the actors are
        h, b, mask = standing(view.bidding)
        high = (h if h else None) if units else (CONTRACTS[h] if h >= 0 else None)
        bidder = b if b >= 0 else None
        passed = [p for p in range(n) if mask >> p & 1]
    else:
        passed = sorted({c["seat"] for c in calls if c["call"] == "pass" and c["seat"] is not None})
        if not going and view.contract is not None:
            high, bidder = view.contract.name, view.declarer
    return {"kind": "units" if units else "contracts", "open": going, "high": high,
            "bidder": bidder, "passed": passed, "calls": calls}


def _contract(view: View) -> ContractJSON | None:
    """The contract in play: its name, worth and declarer, trumps or none, whether the declarer
    plays alone, and its doubling by name (Bauernschnapsen); North American Sixty-Six's bid of
    units once the auction is over. None before there is one and in the other games."""
    c = view.contract
    if c is not None:
        return {"name": c.name, "value": c.value, "declarer": view.declarer, "trumps": c.trumps,
                "solo": c.solo, "factor": view.factor, "doubling": DOUBLING_NAMES.get(view.factor),
                "worth": c.value * view.factor,
                # While the doubling goes on: the word that may be said next.
                "next_doubling": DOUBLING_NAMES.get(view.factor * 2)
                if view.phase == PH_DOUBLING else None}
    if PH_AUCTION in view.game.rules.phases and view.phase != PH_AUCTION:
        high, bidder, _ = standing(view.bidding)
        if bidder >= 0:
            return {"name": f"{high} unit{'s' if high != 1 else ''}", "value": high,
                    "declarer": bidder, "trumps": True, "solo": False, "factor": 1,
                    "doubling": None, "worth": high, "next_doubling": None}
    return None


def _scored(view: View) -> list[ScoredJSON]:
    """Terts' combinations scored, each shown when it scored (rules/terts.md#combinations): public."""
    return [{"seat": p, "cards": _cards(COMBOS[j]), "name": describe(j), "points": VALUE[j]}
            for p, j in view.scored]


def _targets(view: View) -> TargetsJSON:
    """What the scores count towards: a claim's or knock's target in card points (66, Gaigel's
    101), the match's target (game points, Terts' running total of 501, North American's units),
    where Schnapsen's count down starts (7), and North American's unit of card points; None where
    the game has none. ``race``: the match's target where reaching it wins the match (not where
    the match is a number of deals)."""
    rules = view.rules or view.game.rules
    options = view.game.options
    return {"claim": rules.claim_target if rules.claims else None,
            "match": getattr(options, "target", None), "race": view.game.race_target(),
            "start": getattr(options, "start_score", None),
            "unit": getattr(options, "unit", None)}


def result_to_json(result: HandResult) -> ResultJSON:
    """A finished hand's outcome."""
    return {"end": result.end, "winners": list(result.winners),
            "game_points": list(result.game_points), "points": list(result.points),
            "tricks": list(result.tricks), "detail": result.detail}

