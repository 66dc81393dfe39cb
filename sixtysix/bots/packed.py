"""Worlds on the playout kernels: which kernel plays a state (``_pack``, ``_game_playout``) and
the dealers that deal a search's worlds straight into a kernel's packed hand (``_packed_dealer``,
``_multi_dealer``), so that no ``State`` is built per iteration."""

from __future__ import annotations

import random
from types import ModuleType

from ..engine import kernel, kernel_bauern, kernel_gaigel, kernel_multi, kernel_terts
from ..engine.fastpath import Kernel
from ..engine.kernel import Hand
from ..engine.kernel_bauern import BauernHand
from ..engine.kernel_multi import MultiHand
from ..engine.state import State
from ..engine.view import View
from .worlds import determinize

_GAME_KERNELS = not kernel_terts.__file__.endswith(".py")
"""Gaigel's, Terts' and Bauernschnapsen's playouts run on their kernels in the compiled core
only: the kernels are the engine move for move, so the values are the same either way, but in
pure Python their loops over bits are slower than ``State``'s (3,800 against 5,100 Gaigel
iterations a second)."""
_OWN_SOLVERS: dict[Kernel, ModuleType] = {Kernel.TERTS: kernel_terts, Kernel.GAIGEL: kernel_gaigel}
"""The kernels that solve their own game's playouts (``Ismcts._solved_own``); with ``endgame``,
from the cards left in the hands that the game's fast path declares (``FastPath.solve_from``) by
default (``Ismcts.cards``)."""


def _game_playout(s: State, rng: kernel.KernelRandom
                  ) -> tuple[list[float], list[int] | None] | None:
    """Gaigel, Terts, or Bauernschnapsen (from its deal choice on), played out on its own kernel
    with ``rng``'s numbers, as ``playout`` plays ``s`` through ``State``: each seat's lead
    (``outcome``) and, for Terts, the hand scores (``race_rewards`` asks for them); None where
    no such kernel plays ``s``."""
    hb = kernel_bauern.pack(s)
    if hb is not None:
        _, rng.state = kernel_bauern.playout(hb, rng.state, kernel.POLICY)
        return hb.leads(), None
    hg = kernel_gaigel.pack(s)
    if hg is not None:
        _, rng.state = kernel_gaigel.playout(hg, rng.state, kernel.POLICY)
        return hg.leads(), None
    ht = kernel_terts.pack(s)
    if ht is None:
        return None
    points, rng.state = kernel_terts.playout(ht, rng.state, kernel.POLICY)
    return ht.leads(), points


def _packed_dealer(view: View, rng: random.Random, excluded: list[int]
                   ) -> tuple[Hand, Hand, int, int, int, int] | None:
    """For a two-seat game the kernel plays: a hand to deal worlds into and the arguments of
    its ``redeal`` (a packed world of ``view``, the other seat as the packed hand numbers it,
    the cards it is known to hold, those it may hold, the cards ``view``'s seat cannot see); None
    where the kernel does not."""
    origin = kernel.pack(determinize(view, rng, excluded))
    if origin is None:
        return None
    a, b = view.active
    other = a if view.seat == b else b
    unseen = view.unseen()
    known = view.known[other]
    allowed = unseen & ~excluded[other] if excluded else unseen
    if allowed.bit_count() < view.hand_sizes[other] - known.bit_count():
        allowed = unseen  # contradictory exclusions: dropped, as determinize drops them
    return kernel.Hand(origin.t), origin, int(other == b), known, allowed, unseen


def _multi_dealer(view: View, rng: random.Random, excluded: list[int]
                  ) -> tuple[MultiHand, MultiHand] | tuple[BauernHand, BauernHand] | None:
    """For the games ``engine.kernel_multi`` plays (Four-Hand, Three-Player, North American),
    and Bauernschnapsen on its own kernel: a hand to deal worlds into and the packed world of
    ``view`` it deals them from (``redeal``: the hidden cards again, within the proven
    exclusions), None where no such kernel plays."""
    w = determinize(view, rng, excluded)
    origin: MultiHand | BauernHand | None = kernel_multi.pack(w)
    if origin is None:
        origin = _bauern_pack(w)
        if origin is None:
            return None
    known = list(view.known)
    known[view.seat] = view.hand
    origin.set_deal(view.unseen(), known, list(excluded) if excluded else [0] * len(known))
    if isinstance(origin, MultiHand):
        return MultiHand(), origin
    return BauernHand(), origin


def _bauern_pack(s: State) -> BauernHand | None:
    """A Bauernschnapsen hand on its kernel (from the deal choice on), in the compiled core (in
    pure Python its loops over bits are slower than ``State``'s), else None."""
    return kernel_bauern.pack(s) if _GAME_KERNELS else None


def _pack(s: State) -> Hand | MultiHand | BauernHand | None:
    """``s`` on the kernel that walks its tree (two seats, three or four, or Bauernschnapsen's
    own, from its deal choice on), or None."""
    h = kernel.pack(s)
    if h is not None:
        return h
    hm = kernel_multi.pack(s)
    return hm if hm is not None else _bauern_pack(s)
