# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A learned value of a Sixty-Six world while its stock is open: a small ReLU network on where
every card is, read straight off the kernel's packed hand.

``master``'s search values each world it reaches: from the stock's closing or exhaustion on, the
solver's exact value; before that, one playout by a cheap policy, which misjudges a world by
about 0.7 game points (docs/master.md). This network, fitted to how 16,000 hands of self-play by
the search really ended (``benchmarks/value_net.py``), values such a world from the seat to act's
side: for each of the 24 cards, in which hand it is, or face down and in which pair of draws, or
the turn-up, gone, or led to this trick (suits turned so that trumps come first); and the points,
pending marriages, whether each seat has a trick, the stock's size and who leads.

The weights ship in the game's package (``games/sixty_six/value.net``, about 136 kB, declared by
the game's ``value_net``). They fit Sixty-Six under the default rules of play (``net_for``); a
search asked for the network in another game, or under other rules of play, keeps its playouts.
(A network for Schnapsen, fitted the same way, lost to the playouts it would replace:
docs/master.md.)

>>> from sixtysix.engine import Match, kernel
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=7)  # seat 0 holds 9C AD 9S JS QS AS; the turn-up is KD
>>> round(net_for(m.game).lead(kernel.pack(state)), 2)  # seat 0's game points less seat 1's
-0.76
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import struct
import sys
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.kernel import Hand

if TYPE_CHECKING:
    from ..games.base import Game

__all__ = ["CHANNELS", "DIM", "STOCK", "ValueNet", "load", "net_for", "read", "save", "weight_count"]

CHANNELS = 8
"""Per card: in the hand of the seat to act, in the other hand, face down, its draw (1/6 for the
next pair, 2/6 for the one after...), first of its pair (the next trick's winner draws it), the
turn-up, gone (won by either seat), led to this trick."""
DIM = 24 * CHANNELS + 7
"""The network's inputs: the cards' channels, then seven numbers of the seat to act's side."""

MAGIC = b"66vn"
STOCK = 11
"""Cards face down at most, the turn-up apart (Sixty-Six: 24 less two hands of six and the
turn-up)."""


class ValueNet:
    """A network with two hidden ReLU layers of ``n1`` and ``n2`` units on ``DIM`` inputs.
    ``weights``: the first layer's matrix (row by row, an input's row of ``n1``), its biases, the
    second layer's matrix and biases, the output's ``n2`` weights and its bias."""

    def __init__(self, n1: int, n2: int, weights: Sequence[float]) -> None:
        check_count(n1, n2, len(weights))
        parts = []
        at = 0
        for n in (DIM * n1, n1, n1 * n2, n2, n2, 1):
            parts.append(array("d", weights[at:at + n]))
            at += n
        self.n1, self.n2 = n1, n2
        self.w1, self.b1, self.w2, self.b2, self.w3 = parts[:5]
        self.b3 = parts[5][0]
        # A face-down card sets three inputs (face down, its draw, first of a pair), whose rows
        # are summed here once for each card and place in the stock: one row added, not three.
        self.wd = array("d", bytes(8 * 24 * STOCK * n1))
        for card in range(24):
            r = card * CHANNELS * n1
            for j in range(STOCK):
                at = (card * STOCK + j) * n1
                draw = (j // 2 + 1) / 6.0
                first = 1.0 if j % 2 == 0 else 0.0
                for u in range(n1):
                    self.wd[at + u] = (self.w1[r + 2 * n1 + u] + draw * self.w1[r + 3 * n1 + u]
                                       + first * self.w1[r + 4 * n1 + u])
        self.a1 = array("d", bytes(8 * n1))
        self.a2 = array("d", bytes(8 * n2))
        # The module's constants as C ints: compiled, a module global read in the loops of a
        # world is a dictionary lookup and arithmetic on Python ints (about a third of its time).
        self.channels, self.stock = CHANNELS, STOCK

    def _row(self, r: int, v: float) -> None:
        """Input ``r`` is ``v``: its row into the first layer's sums."""
        base = r * self.n1
        for j in range(self.n1):
            self.a1[j] += v * self.w1[base + j]

    def _face_down(self, card: int, j: int) -> None:
        """Card ``card`` (its first input, ``_card``) is face down, ``j``-th in the stock."""
        base = (card // self.channels * self.stock + j) * self.n1
        for u in range(self.n1):
            self.a1[u] += self.wd[base + u]

    def _card(self, c: int, trump: int) -> int:
        """The first input of card ``c``'s channels, suits turned so that ``trump`` comes first.
        (Compiled, no array's bounds are checked: the weights' sizes were at ``__init__``, a
        card's rank is here.)"""
        if c & 7 > 5:
            raise ValueError(f"card {c} is not in the Sixty-Six pack the network knows")
        return (((c >> 3) - trump + 4) % 4 * 6 + (c & 7)) * self.channels

    def lead(self, h: Hand) -> float:
        """Seat 0's expected game points less seat 1's in packed Sixty-Six world ``h`` (the
        stock open), from the side of the seat to act."""
        for j in range(self.n1):
            self.a1[j] = self.b1[j]
        t = h.trump
        p = h.to_act
        mine = h.hand0 if p == 0 else h.hand1
        theirs = h.hand1 if p == 0 else h.hand0
        one = 1
        placed = mine | theirs
        down = h.face_down()
        fd = h.slen - h.spos
        if len(down) > self.stock:
            raise ValueError(f"{len(down)} cards face down: the network knows {STOCK} at most")
        for j in range(len(down)):
            c = down[j]
            self._face_down(self._card(c, t), j)
            placed |= one << c
        if h.turnup_up and h.turnup >= 0:
            c = h.turnup
            base = self._card(c, t)
            self._row(base + 2, 1.0)
            self._row(base + 3, (fd // 2 + 1) / 6.0)
            self._row(base + 5, 1.0)
            placed |= one << c
        if h.led >= 0:
            c = h.led
            self._row(self._card(c, t) + 7, 1.0)
            placed |= one << c
        for s in range(4):
            for r in range(6):
                c = s * 8 + r
                base = self._card(c, t)
                if (mine >> c) & 1:
                    self._row(base, 1.0)
                elif (theirs >> c) & 1:
                    self._row(base + 1, 1.0)
                elif not (placed >> c) & 1:
                    self._row(base + 6, 1.0)
        g = 24 * self.channels
        own, other = (h.points0, h.points1) if p == 0 else (h.points1, h.points0)
        self._row(g, own / 66.0)
        self._row(g + 1, other / 66.0)
        own, other = (h.pending0, h.pending1) if p == 0 else (h.pending1, h.pending0)
        self._row(g + 2, own / 40.0)
        self._row(g + 3, other / 40.0)
        own, other = (h.tricks0, h.tricks1) if p == 0 else (h.tricks1, h.tricks0)
        self._row(g + 4, (1.0 if own > 0 else 0.0) - (1.0 if other > 0 else 0.0))
        self._row(g + 5, fd / 11.0)
        self._row(g + 6, 1.0 if h.leader == p else -1.0)
        for k in range(self.n2):
            self.a2[k] = self.b2[k]
        for j in range(self.n1):
            v = self.a1[j]
            if v > 0.0:
                base = j * self.n2
                for k in range(self.n2):
                    self.a2[k] += v * self.w2[base + k]
        out = self.b3
        for k in range(self.n2):
            if self.a2[k] > 0.0:
                out += self.a2[k] * self.w3[k]
        return out if p == 0 else -out


def weight_count(n1: int, n2: int) -> int:
    """The weights of a ``ValueNet`` with hidden layers of ``n1`` and ``n2`` units."""
    return (DIM + 1) * n1 + (n1 + 1) * n2 + n2 + 1


def check_count(n1: int, n2: int, n: int) -> None:
    """Refuses ``n`` weights for hidden layers of ``n1`` and ``n2`` units unless they fit."""
    if n1 < 1 or n2 < 1 or n != weight_count(n1, n2):
        raise ValueError(f"a network of {DIM}, {n1} and {n2} units has {weight_count(n1, n2)} "
                         f"weights, not {n}")


def save(path: str, n1: int, n2: int, weights: Sequence[float]) -> None:
    """Writes a network (``ValueNet``'s arguments) as ``load`` reads it: ``MAGIC``, the input and
    hidden sizes as little-endian 32-bit integers, then every weight as a little-endian 32-bit
    float."""
    check_count(n1, n2, len(weights))
    data = array("f", weights)
    if sys.byteorder == "big":
        data.byteswap()
    with open(path, "wb") as f:
        f.write(MAGIC + struct.pack("<3I", DIM, n1, n2) + data.tobytes())


def read(path: str) -> tuple[int, int, array[float]]:
    """The sizes of the two hidden layers and the weights in file ``path`` (``save``'s format),
    as ``ValueNet`` takes them."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:4] != MAGIC or len(raw) < 16 or len(raw) % 4:
        raise ValueError(f"{path}: not a value network (see value_net.save)")
    n0, n1, n2 = struct.unpack("<3I", raw[4:16])
    if n0 != DIM:
        raise ValueError(f"{path}: a network of {n0} inputs; this encoding has {DIM}")
    data = array("f")
    data.frombytes(raw[16:])
    if sys.byteorder == "big":
        data.byteswap()
    try:
        check_count(n1, n2, len(data))
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None
    return n1, n2, data


def load(path: str) -> ValueNet:
    """The network in file ``path`` (``save``'s format)."""
    return ValueNet(*read(path))


_LOADED: dict[str, ValueNet] = {}


def net_for(game: Game) -> ValueNet | None:
    """The package's network for ``game``'s hands (loaded once), or None where it has none: a
    game that declares one (``Game.value_net``: its file, in the game's package) under its
    default rules of play (the options of the match alone may be any)."""
    entry = game.value_net
    if entry is None:
        return None
    name, match_options = entry
    options = game.options
    default = type(options)()
    if dataclasses.replace(options, **{k: getattr(default, k) for k in match_options}) != default:
        return None
    path = os.path.join(os.path.dirname(os.path.abspath(inspect.getfile(type(game)))), name)
    net = _LOADED.get(path)
    if net is None:
        net = _LOADED[path] = load(path)
    return net
