"""The end of a hand, face up: what each seat was dealt, every trick and who took it, the points
each side took and why the hand scored as it did.

Nothing of it may be known while the hand runs (rules/sixty-six.md: earlier tricks may not be
looked at, and the cards still held and in the stock are secret), so the table sends it only once
the hand is over, when the hand's key reveals its whole deal anyway (``fairness``). It is worked
out by the engine, not recomputed by the page: the hand is replayed from its deal, action by
action, and each trick is read off the engine's state as it completes.

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=7)
>>> for a in ("play AD", "play TD", "draw", "declare"):
...     m.apply(a)
>>> r = hand_reveal(m)
>>> r["dealt"][1], r["tricks"][0]["cards"], r["tricks"][0]["winner"], r["tricks"][0]["points"]
(['TD', 'TH', 'KH', 'QH', 'JH', 'TS'], [{'seat': 0, 'card': 'AD'}, {'seat': 1, 'card': 'TD'}], 0, 21)
>>> r["why"]
{'end': 'false claim', 'claimant': 0, 'closer': None, 'target': 66}
>>> r["card_points"], r["held"][1], r["undrawn"][-2:]
([21, 0], ['QD', 'TH', 'KH', 'QH', 'JH', 'TS'], ['JD', 'KD'])

The same hand replayed from the match's record (``past_hand``), as the table serves it later:

>>> past = past_hand(m.record(), 1)
>>> str(past["result"]["end"]), past["reveal"]["tricks"][0]["points"] == r["tricks"][0]["points"]
('false claim', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ..cards import card_str, cards_of
from ..engine.match import Match
from ..engine.state import State
from ..records import match_from_record
from .views import ContractJSON, LogEntry, ResultJSON, SeatCard, result_to_json, view_to_json

__all__ = ["hand_reveal", "past_hand", "RevealJSON", "PastHandJSON"]


class TrickJSON(TypedDict):
    """A trick of a hand over: its cards, its winner and the card points it gave his side."""

    cards: list[SeatCard]
    winner: int
    points: int


class WhyJSON(TypedDict):
    """How the hand ended, for the page's words (``hand_reveal``)."""

    end: str | None
    claimant: int | None
    closer: int | None
    target: int | None


class RevealJSON(TypedDict):
    """A hand over, face up (``hand_reveal``)."""

    dealt: list[list[str]]
    turnup: str | None
    stock: list[str]
    tricks: list[TrickJSON]
    held: list[list[str]]
    undrawn: list[str]
    card_points: list[int]
    melds: list[int]
    uncredited: list[int]
    why: WhyJSON
    active: list[int]
    sides: list[int]
    contract: ContractJSON | None
    log: list[LogEntry]


class PastHandJSON(TypedDict):
    """A hand of the match, over, as the table serves it later (``past_hand``)."""

    hand: int
    result: ResultJSON
    reveal: RevealJSON


def _cards(cards: Any) -> list[str]:
    # Sorted by suit then rank, as a hand is held (the order of views.py's hands).
    return [card_str(c) for c in sorted(cards, key=lambda c: (c & 31, c))]


def _undrawn(hand: State) -> list[int]:
    """The cards left under the stock when the hand ended, top first, the trump card (the one
    lying there after an exchange) last: those in no hand and in no trick."""
    out = 0
    for mask in (*hand.hands, *hand.won):
        out |= mask
    left = [c for c in (*hand.stock[hand.spos:], hand.turnup) if c >= 0 and not out >> c & 1]
    return list(dict.fromkeys(left))


def hand_reveal(match: Match) -> RevealJSON | None:
    """The current hand of ``match`` face up, once it is over (None while it runs):

    * ``dealt``: each seat's cards as dealt (``[]`` for a seat dealt none), ``turnup`` and
      ``stock`` (the talon as dealt, top first);
    * ``tricks``: every trick in order, each ``{"cards": [{"seat", "card"}], "winner", "points"}``
      (``points``: the card points it gave its winner's side, the last trick's bonus included);
    * ``held``: the cards each seat still held when the hand ended (a claim ends it early), and
      ``undrawn``: the stock cards nobody drew;
    * per seat (a side's value at each of its seats): ``card_points``, the points taken in tricks;
      ``melds``, the marriages, combinations and melds credited; ``uncredited``, those that never
      counted (a marriage shown by a side that took no trick after);
    * ``why``: how it ended, for the page's words: the engine's ``end``, the ``claimant`` (who
      claimed or knocked) and the ``closer`` (who closed the stock), None where nobody did, and the
      claim ``target`` (None in games without claims). The hand's result (``result``) says who
      won what;
    * what everyone saw of it, as the state message's view says it to a spectator: the seats
      dealt in (``active``), the ``sides``, the ``contract`` and the ``log`` of what was said and
      shown (bids, marriages, melds, announcements, with who said it), so that a hand over long
      ago can be shown as well as the one just over.
    """
    hand = match.hand
    if hand is None or not hand.over:
        return None
    deal, active = match.deals[-1]
    state = match.game.new_hand(hand.dealer, deal, active, hand.bonus, hand.match_score)
    tricks: list[TrickJSON] = []
    actors = []
    for action in hand.history:
        actors.append(state.to_act)
        before = state.trick_no
        taken = [p - m for p, m in zip(state.points, state.melds, strict=True)]
        state.apply(action)
        if state.trick_no > before:
            winner = state.leader  # a trick's winner leads the next
            side = state.rules.sides[winner]  # (a contract may set the sides: read them now)
            tricks.append({"cards": [{"seat": p, "card": card_str(c)} for p, c in state.last_trick],
                           "winner": winner,
                           "points": state.points[side] - state.melds[side] - taken[side]})
    n = state.n
    rules = hand.rules
    sides = rules.sides

    def per_seat(xs: Any) -> list[int]:
        return [xs[sides[p]] for p in range(n)]

    seen = view_to_json(hand.view(0), spectator=True, actors=actors)

    return {
        "dealt": [_cards(h) for h in deal.hands],
        "turnup": card_str(deal.turnup) if deal.turnup is not None else None,
        "stock": [card_str(c) for c in deal.stock],
        "tricks": tricks,
        "held": [_cards(cards_of(h)) for h in hand.hands],
        "undrawn": [card_str(c) for c in _undrawn(hand)],
        "card_points": [p - m for p, m in zip(per_seat(hand.points), per_seat(hand.melds),
                                              strict=True)],
        "melds": per_seat(hand.melds),
        "uncredited": per_seat(hand.pending),
        "why": {"end": str(hand.result.end) if hand.result is not None else None,
                "claimant": hand.claimant if hand.claimant >= 0 else None,
                "closer": hand.closed_by if hand.closed_by >= 0 else None,
                "target": rules.claim_target if rules.claims else None},
        "active": seen["active"], "sides": seen["sides"], "contract": seen["contract"],
        "log": seen["log"],
    }


def past_hand(record: Mapping[str, Any], number: int) -> PastHandJSON:
    """Hand ``number`` (from 1) of a match's ``record`` face up, once it is over: its ``result``
    and ``hand_reveal``, replayed from the record (the match's earlier hands are replayed too:
    what a hand starts from, such as a carried bonus, depends on them). ValueError where the
    record has no such hand over (the module's example replays one).
    """
    hands = record.get("hands") or []
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(hands):
        raise ValueError(f"there is no hand {number!r}: the match has {len(hands)}")
    match = match_from_record({**record, "hands": hands[:number]})
    reveal = hand_reveal(match)
    if reveal is None or match.hand is None or match.hand.result is None:
        raise ValueError(f"hand {number} is not over")
    return {"hand": number, "result": result_to_json(match.hand.result), "reveal": reveal}
