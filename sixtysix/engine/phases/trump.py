"""Naming trumps: the seat to act — forehand, or the high bidder after an auction (North
American Sixty-Six) — names a suit (of his first packet where the game says so) or, where a card
was set aside for that, turns it up (Three-Player Sixty-Six, Bauernschnapsen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import SUIT_MASK
from .. import actions
from ..actions import TRUMP, TURN
from . import PH_TRUMP, Phase, advance, register

if TYPE_CHECKING:
    from ..state import State

__all__ = ["legal", "apply"]


def legal(s: State) -> list[int]:
    """A suit (of the first packet, where the game requires it), or turn where there is a card
    to turn."""
    seat = s.to_act
    if s.rules.trump_must_be_held:
        held = s.first_packet[seat]
        suits = [t for t in range(4) if held & SUIT_MASK[t]]
    else:
        suits = [0, 1, 2, 3]
    acts = [TRUMP + t for t in suits]
    if s.turn_card >= 0:
        acts.append(TURN)
    return acts


def apply(s: State, a: int) -> None:
    if a == TURN:
        set_trump(s, (s.turn_card >> 3) & 3, named=False)
    else:
        set_trump(s, actions.trump_suit(a), named=True)


def set_trump(s: State, suit: int, named: bool) -> None:
    s.trump = suit
    if not named and s.turn_card >= 0:
        s.turnup = s.turn_card
        s.known[s.to_act] |= 1 << s.turn_card
    s._set_trump_tables()
    advance(s)  # play, or the game's next phase (Bauernschnapsen: the auction)

def explain(s: State, action: int, text: str) -> str:
    if actions.is_trump_choice(action):
        return f"{text} is not possible: name a suit you hold among your first cards"
    if s.turn_card < 0:
        return f"{text} is not possible now: name trumps ('trump S', S one of C D H S)"
    return f"{text} is not possible now: name trumps ('trump S') or 'turn'"


register(PH_TRUMP, Phase("trump", legal, apply, explain))
