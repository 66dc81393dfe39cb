"""Worlds on the playout kernels: which kernel plays a state (``pack_walked``, ``game_playout``) and
the dealers that deal a search's worlds straight into a kernel's packed hand (``packed_dealer``,
``multi_dealer``), so that no ``State`` is built per iteration."""

from __future__ import annotations

import random
from types import ModuleType

from ..engine import kernel, kernel_multi, kernel_search
from ..engine.fastpath import MULTI, PAIR, GameHand, kernel_module
from ..engine.kernel import Hand
from ..engine.kernel_multi import MultiHand
from ..engine.state import State
from ..engine.view import View
from .worlds import determinize

GAME_KERNELS = not kernel_search.__file__.endswith(".py")
"""The games' own kernels (``games/<game>/kernel.py``: Gaigel's, Terts', Bauernschnapsen's) play
the playouts in the compiled core only (they are compiled with ``kernel_search``, the core is
never mixed): the kernels are the engine move for move, so the values are the same either way,
but in pure Python their loops over bits are slower than ``State``'s (3,800 against 5,100 Gaigel
iterations a second)."""


def game_kernel(s: State) -> ModuleType | None:
    """The kernel of ``s``'s game's own package that its fast path declares, or None where it
    declares the pair or the multi-seat kernel, or none."""
    fp = s.game.fast_path
    if fp is None or fp.kernel == PAIR or fp.kernel == MULTI:
        return None
    return kernel_module(fp.kernel)


def own_solver(s: State) -> ModuleType | None:
    """The game's own kernel where it solves the game's playouts (``Ismcts._solved_own``; not
    ``WALKED``); with ``endgame``, from the cards left in the hands that the game's fast path
    declares (``FastPath.solve_from``) by default (``Ismcts.cards``)."""
    own = game_kernel(s)
    return own if own is not None and not own.WALKED else None


def game_playout(s: State, rng: kernel.KernelRandom
                  ) -> tuple[list[float], list[int] | None] | None:
    """``s`` played out on its game's own kernel (Gaigel, Terts, or Bauernschnapsen from its
    deal choice on) with ``rng``'s numbers, as ``playout`` plays ``s`` through ``State``: each
    seat's lead (``outcome``) and, in a race (``RACE``: Terts), the hand scores
    (``race_rewards`` asks for them); None where no such kernel plays ``s``."""
    own = game_kernel(s)
    h: GameHand | None = own.pack(s) if own is not None else None
    if own is None or h is None:
        return None
    points, rng.state = own.playout(h, rng.state, kernel.POLICY)
    return h.leads(), points if own.RACE else None


def packed_dealer(view: View, rng: random.Random, excluded: list[int]
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


def multi_dealer(view: View, rng: random.Random, excluded: list[int]
                  ) -> tuple[MultiHand, MultiHand] | tuple[GameHand, GameHand] | None:
    """For the games ``engine.kernel_multi`` plays (Four-Hand, Three-Player, North American),
    and those whose own kernel is ``WALKED`` (Bauernschnapsen): a hand to deal worlds into and
    the packed world of ``view`` it deals them from (``redeal``: the hidden cards again, within
    the proven exclusions), None where no such kernel plays."""
    w = determinize(view, rng, excluded)
    origin: MultiHand | GameHand | None = kernel_multi.pack(w)
    if origin is None:
        origin = _walked_pack(w)
        if origin is None:
            return None
    known = list(view.known)
    known[view.seat] = view.hand
    origin.set_deal(view.unseen(), known, list(excluded) if excluded else [0] * len(known))
    if isinstance(origin, MultiHand):
        return MultiHand(), origin
    return type(origin)(), origin


def _walked_pack(s: State) -> GameHand | None:
    """``s`` on its game's own kernel where the searches walk their trees on it (``WALKED``:
    Bauernschnapsen, from the deal choice on), in the compiled core (in pure Python its loops
    over bits are slower than ``State``'s), else None."""
    if not GAME_KERNELS:
        return None
    own = game_kernel(s)
    return own.pack(s) if own is not None and own.WALKED else None


def pack_walked(s: State) -> Hand | MultiHand | GameHand | None:
    """``s`` on the kernel that walks its tree (two seats, three or four, or the game's own
    where it is ``WALKED``), or None."""
    h = kernel.pack(s)
    if h is not None:
        return h
    hm = kernel_multi.pack(s)
    return hm if hm is not None else _walked_pack(s)
