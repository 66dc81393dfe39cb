"""The talon (rules/dreierschnapsen.md#the-talon): after the doubling, the declarer of a played
contract takes the two talon cards into his hand (``draw``) or leaves them (``pass``, where the
``talon`` option lets him).

Taken, they join his hand unseen by the others: he holds eight cards for six tricks, and the two
he has left when the sixth trick ends count for nobody, so nothing he lays away is ever shown.
The phase starts with the declarer to act (the game has every contract led by the declarer up to
here) and hands the lead to whoever leads the contract (``Dreierschnapsen.first_leader``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from ...engine.actions import DRAW, PASS
from ...engine.phases import PH_PLAY, PH_TALON, Phase, register
from .options import DreierschnapsenOptions

if TYPE_CHECKING:
    from ...engine.state import State


class _TalonGame(Protocol):
    """What the phase asks of its game (``Dreierschnapsen``, which registers the phase by
    importing this module)."""

    options: DreierschnapsenOptions

    def first_leader(self, s: State) -> int: ...

__all__ = ["legal", "apply", "explain"]


def legal(s: State) -> list[int]:
    """Take the talon; or leave it, unless the game's ``talon`` option makes taking it compulsory."""
    return [DRAW] if cast("_TalonGame", s.game).options.talon == "compulsory" else [DRAW, PASS]


def apply(s: State, a: int) -> None:
    seat = s.declarer
    if a == DRAW:
        for card in s.stock[s.spos:]:
            s.hands[seat] |= 1 << card
        s.spos = len(s.stock)
    s.phase = PH_PLAY
    s.leader = s.to_act = cast("_TalonGame", s.game).first_leader(s)


def explain(s: State, action: int, text: str) -> str:
    if action == PASS:
        return "the declarer must take the talon: say 'draw'"
    return f"{text} is not possible now: the declarer takes the talon ('draw') or leaves it ('pass')"


register(PH_TALON, Phase("talon", legal, apply, explain))
