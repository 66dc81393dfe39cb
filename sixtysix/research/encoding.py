"""A seat's view as a fixed-length vector, and the legal actions as a mask: the input of learning code.

The vector encodes exactly a ``View`` — what one seat may know — and nothing else, so an agent
trained on it cannot see a hidden card. Seats are written relative to the observer (the observer
first, then the next seat in playing order, …) and sides likewise (the observer's side first), so
one policy serves every seat. The layout, from the start:

========================  ==========  ==================================================
block                     size        content
========================  ==========  ==================================================
hand                      64          the observer's cards (card id = bit)
known                     (n-1)·64    cards of each other seat's hand known to everyone
won                       s·64        cards won by each side
trick                     n·64        the trick in progress, by the seat that played
last trick                n·64        the last completed trick, by the seat that played
turn-up                   64 + 1      the face-up trump card where known; still under the stock
trump                     5           the trump suit (C D H S), or none/unknown
stock                     1           face-down cards left / pack size
phase                     16          the phase id (``engine.phases``)
to act, leader, dealer    3·n         one-hot relative seats
closed by, claim          n + 2       who closed the stock; the observer may claim; exchanged
points, melds, pending    3·s         per side, / 250
tricks                    s           per side, / 24
hand sizes                n           per seat, / 24
match standing            n + 1       per seat / 100 (signed), and the carried bonus
public actions            n·824       per seat, every non-card action it took this hand
face-down plays           n·5         per seat, a play whose card this seat cannot see yet
                                      (Gaigel's first trick): a plain play, or the opening
========================  ==========  ==================================================

(``n`` seats, ``s`` sides; 824 = the action ids from ``MARRY`` on.) Card plays are in the trick and
won blocks; every other action is public (records.md §7) and lands in the public block, so bids,
doubles, marriages, openings and announcements are all seen by who made them. A card the view
hides (``-1`` in its trick, ``FACE_DOWN + verb`` in its history) is never written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..extras import needs

with needs(__name__):
    import numpy as np

from ..engine.actions import MARRY, N_ACTIONS, is_opening, is_play, opening_index
from ..engine.game import Game
from ..engine.phases.meld import FACE_DOWN
from ..engine.view import View

__all__ = ["ObservationEncoder", "legal_mask", "BOUND"]

BOUND = 16.0
"""Every entry lies in [-BOUND, BOUND] (scores are scaled; only extreme match totals reach it)."""

_PUBLIC = N_ACTIONS - MARRY


class ObservationEncoder:
    """Encodes the views of one game (its seat and side counts fix the layout)."""

    def __init__(self, game: Game) -> None:
        r = game.rules
        self.game = game
        self.n = n = r.n_seats
        self.sides = s = r.n_sides
        self.pack_size = r.pack_size
        self.size = (64 + (n - 1) * 64 + s * 64 + 2 * n * 64 + 65 + 5 + 1 + 16 + 3 * n + n + 2
                     + 3 * s + s + n + n + 1 + n * _PUBLIC + n * 5)

    def encode(self, view: View, actors: Sequence[int],
               out: np.ndarray[Any, Any] | None = None) -> np.ndarray[Any, Any]:
        """The vector of ``view`` (written into ``out`` when given; float32, values in [0, 1]
        except the signed match standing). ``actors[k]`` is the seat that took
        ``view.history[k]``: the environments record it as they step (a view holds the actions,
        not who took them, and which seat acts is public)."""
        v = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            v[:] = 0
        n, seat = self.n, view.seat
        sides = view.game.rules.sides
        my_side = sides[seat]
        rel = [(p - seat) % n for p in range(n)]
        srel = [(sd - my_side) % self.sides for sd in range(self.sides)]
        i = 0
        i = _bits(v, i, view.hand)
        for p in range(n):
            if p != seat:
                _bits(v, i + (rel[p] - 1) * 64, view.known[p])
        i += (n - 1) * 64
        for sd, won in enumerate(view.won):
            _bits(v, i + srel[sd] * 64, won)
        i += self.sides * 64
        for p, c in view.trick:
            if c >= 0:  # a face-down card stays unseen
                v[i + rel[p] * 64 + c] = 1
        i += n * 64
        for p, c in view.last_trick:
            if c >= 0:
                v[i + rel[p] * 64 + c] = 1
        i += n * 64
        if view.turnup >= 0:
            v[i + view.turnup] = 1
        v[i + 64] = float(view.turnup_up)
        i += 65
        v[i + (view.trump if view.trump >= 0 else 4)] = 1
        i += 5
        v[i] = view.facedown / self.pack_size
        i += 1
        v[i + view.phase] = 1
        i += 16
        for p in (view.to_act, view.leader, view.dealer):
            if p >= 0:
                v[i + rel[p]] = 1
            i += n
        if view.closed_by >= 0:
            v[i + rel[view.closed_by]] = 1
        i += n
        v[i] = float(view.claim_seat == seat)
        v[i + 1] = float(view.exchanged)
        i += 2
        for block in (view.points, view.melds, view.pending):
            for sd, x in enumerate(block):
                v[i + srel[sd]] = x / 250
            i += self.sides
        for sd, x in enumerate(view.tricks):
            v[i + srel[sd]] = x / 24
        i += self.sides
        for p, x in enumerate(view.hand_sizes):
            v[i + rel[p]] = x / 24
        i += n
        for p, x in enumerate(view.match_score[:n]):
            v[i + rel[p]] = x / 100
        i += n
        v[i] = view.bonus / 10
        i += 1
        public = i
        i += n * _PUBLIC
        for a, p in zip(view.history, actors, strict=True):
            if p < 0:
                continue
            if a >= FACE_DOWN:  # the verb is public, the card is not
                verb = a - FACE_DOWN
                v[i + rel[p] * 5 + (1 + opening_index(verb) if is_opening(verb) else 0)] = 1
            elif not is_play(a):
                v[public + rel[p] * _PUBLIC + a - MARRY] = 1
        i += n * 5
        assert i == self.size
        np.clip(v, -BOUND, BOUND, out=v)
        return v


def legal_mask(view: View) -> np.ndarray[Any, Any]:
    """1 for each action id the seat may take now (all zero when it is not to act)."""
    m = np.zeros(N_ACTIONS, dtype=np.int8)
    for a in view.legal:
        m[a] = 1
    return m


def _bits(v: np.ndarray[Any, Any], i: int, mask: int) -> int:
    while mask:
        low = mask & -mask
        v[i + low.bit_length() - 1] = 1
        mask ^= low
    return i + 64
