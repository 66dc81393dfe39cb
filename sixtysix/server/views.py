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

from typing import Any

from ..cards import SUITS, card_str, cards_of
from ..engine.actions import DRAW, action_str
from ..engine.state import PH_DRAW, PH_OVER, PH_PLAY, PH_TRUMP, HandResult
from ..engine.view import View

__all__ = ["view_to_json", "action_json", "result_to_json", "PHASE_NAMES"]

PHASE_NAMES = {PH_TRUMP: "trump", PH_PLAY: "play", PH_DRAW: "draw", PH_OVER: "over"}


def _cards(mask: int) -> list[str]:
    # Sorted by suit then rank (the card ints' own order), which is how a hand is held.
    return [card_str(c) for c in sorted(cards_of(mask), key=lambda c: (c & 31, c))]


def action_json(action: int) -> dict[str, Any]:
    """An action for the client: its canonical text, its verb and the card or suit it names.

    >>> action_json(64 + 19)
    {'action': 'marry QH', 'verb': 'marry', 'card': 'QH'}
    >>> action_json(192)
    {'action': 'draw', 'verb': 'draw'}
    """
    text = action_str(action)
    verb, _, arg = text.partition(" ")
    out: dict[str, Any] = {"action": text, "verb": verb}
    if arg:
        out["card" if action < DRAW else "suit"] = arg
    return out


def view_to_json(view: View, *, spectator: bool = False) -> dict[str, Any]:
    """``view`` as plain JSON values. Per-seat lists have one entry per seat (a side's value is
    shown at each of its seats). With ``spectator`` the seat's hand and legal actions are left out.
    """
    rules = view.game.rules
    sides = rules.sides
    n = rules.n_seats
    # Partnership values are kept per side in the engine; the wire shows them per seat.

    def per_seat(xs: tuple[int, ...]) -> list[int]:
        return [xs[sides[p]] for p in range(n)]

    # Running card points are not public (rules.md §1: tricks may not be looked back at): a seat
    # is told its own side's, nobody else's, until the hand is over.
    over = view.phase == PH_OVER
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
        "trick": [{"seat": p, "card": card_str(c) if c >= 0 else "??"} for p, c in view.trick],
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
        "legal": [] if spectator else [action_json(a) for a in view.legal],
    }


def result_to_json(result: HandResult) -> dict[str, Any]:
    """A finished hand's outcome."""
    return {"end": result.end, "winners": list(result.winners),
            "game_points": list(result.game_points), "points": list(result.points),
            "tricks": list(result.tricks), "detail": result.detail}

