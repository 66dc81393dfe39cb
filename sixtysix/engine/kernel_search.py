"""The game kernels' one exact search and one playout loop, shared by every ``KernelHand``.

``kernel_multi.py`` and the games' own kernels (``games/bauernschnapsen/kernel.py``,
``games/gaigel/kernel.py``, ``games/terts/kernel.py``) each pack a hand of their games into a
subclass of ``KernelHand`` and implement its rules as a few hooks: ``_legal`` (the actions of the
position, written into ``acts``), ``_enter`` (become a child: a parent with one of them taken),
``_terminal`` (a finished hand's value for a side), ``_run`` (a playout's loop: the searches'
policy or random actions, drawing from ``rng``), ``game_points`` and ``cards_left``, and ``_load``,
``_new`` and ``_depth`` (the playouts' scratch hand, the solver's stack). On them this module
plays, once for all four: ``solve`` (negamax with alpha-beta, killer move first) and ``playout``,
``playouts`` and ``play_to``. (The pair kernel, ``kernel.py``, keeps its own ``Search``, with a
transposition table and its own ordering.)

The file is ordinary Python, the reference; ``kernel_search.pxd`` makes ``KernelHand`` a C type
whose hooks are C methods the subclasses override (``@cython.final`` each, so their own calls
stay direct): compiled, a node of the search costs an indirect call per hook (``_legal``, then
``_enter`` and at the end ``_terminal`` a child), and the recursion is direct. A playout's loop
is the one thing each kernel keeps (``_run``, a dozen lines): called through the base a step, the
kernel's step and policy were no longer inlined into the loop, which cost the cheapest
playouts (Four-Hand's random ones, about 26 ns a step) 8 to 12%. The order of the actions, and
so the random numbers drawn, is each kernel's, so a seed plays the same game whichever core
runs it.
"""

from __future__ import annotations

__all__ = ["KernelHand", "killer_first", "play_to", "playout", "playouts"]

_INF = 1 << 30
_WIDTH = 64
"""Room for one position's actions in ``acts``: Terts' nine cards, the dix, its announcements
and the bella are the most."""


class KernelHand:
    """What the shared search and playouts read of a kernel's packed hand: the seat to act, the
    end, the generator state, the actions of a position; the rest is the subclass's."""

    def _start(self, seats: int) -> None:
        """Set the search's fields, for a table of ``seats``: each kernel's ``__init__`` calls
        this (not ``super().__init__()``, a Python call: the solver builds dozens of hands)."""
        self.seats = seats
        """The seats at the table: a playout's result has one entry each."""
        self.hands = [0, 0, 0, 0]
        """Each seat's cards, as a bit set (a kernel of two seats uses the first two)."""
        self.to_act = 0
        self.over = False
        self.rng = 1
        self.acts = [0] * 64  # _WIDTH (Cython sizes a C array from a literal)
        """The actions of the position, as ``_legal`` writes them (its count first)."""
        self.killer = -1
        """In a solver's stack: the best action found at this depth last time."""
        self.fin0 = self.fin1 = 0
        """After ``solve``: each side's points at the end of the best line found, where the
        kernel's ``_terminal`` records them (Terts')."""

    # ------------------------------------------------------------------ the kernel's hooks

    def _load(self, other: KernelHand) -> None:
        """Become ``other`` (a hand of the same kernel) again."""
        raise NotImplementedError

    def _new(self) -> KernelHand:
        """A new hand of this kernel (the solver's stack, the playouts' scratch hand)."""
        raise NotImplementedError

    def _depth(self) -> int:
        """Plies the solver's stack needs from here: at least the longest line to the end."""
        raise NotImplementedError

    def _legal(self) -> int:
        """Write the position's legal actions into ``acts``, in the engine's order; the count."""
        raise NotImplementedError

    def _enter(self, parent: KernelHand, a: int) -> None:
        """Become ``parent`` (a hand of the same kernel) with its legal action ``a`` taken: the
        search's step to a child (one call where ``_load`` and a step would be two)."""
        raise NotImplementedError

    def _run(self, policy: int, cards: int) -> int:
        """Play on, each action ``bots.playout.policy_action``'s with ``policy``, else
        ``rng.choice(legal actions)``, drawing from ``rng``, until the hand is over or, where
        ``cards`` is 0 or more, at most ``cards`` cards are left to play: the actions taken."""
        raise NotImplementedError

    def _terminal(self, side: int, scale: int, margin: bool) -> int:
        """A finished hand's value for ``side`` (``bots.solver.terminal_value``): its game points
        less the other side's, times ``scale``, plus with ``margin`` its card points less
        theirs."""
        raise NotImplementedError

    def game_points(self, seat: int) -> int:
        """``seat``'s game points in the finished hand."""
        raise NotImplementedError

    def cards_left(self) -> int:
        """The cards still to play."""
        raise NotImplementedError

    def hand(self, seat: int) -> int:
        """The cards ``seat`` holds, as a bit set."""
        return self.hands[seat]

    def copy(self) -> KernelHand:
        """An independent copy of this hand, generator state and all."""
        h = self._new()
        h._load(self)
        h.rng = self.rng
        return h

    # ------------------------------------------------------------------ exact play

    def solve(self, scale: int, margin: bool) -> int:
        """The exact value of this position (every card known) for the side to act, as
        ``bots.solver.Solver.value`` gives it (``_terminal``'s at the end of the best line).
        Alpha-beta over the legal actions, meant for the last tricks: the searches solve from 12
        cards."""
        stack = [self._new() for _ in range(self._depth())]
        return _ab(self, stack, 0, -_INF, _INF, scale, margin)


def _ab(h: KernelHand, stack: list[KernelHand], d: int, alpha: int, beta: int, scale: int,
        margin: bool) -> int:
    """Negamax with alpha-beta: the value of ``h`` for the side (``to_act & 1``) of the seat to
    act. The child hand of depth ``d`` is ``stack[d]``; it keeps the best action found there
    last time, tried first (a killer move: siblings often share their refutation)."""
    me = h.to_act & 1
    k = h._legal()
    best = -_INF
    child = stack[d]
    killer_first(h, k, child.killer)
    for i in range(k):
        a = h.acts[i]
        child._enter(h, a)
        if child.over:
            v = child._terminal(me, scale, margin)
        elif child.to_act & 1 == me:
            v = _ab(child, stack, d + 1, alpha, beta, scale, margin)
        else:
            v = -_ab(child, stack, d + 1, -beta, -alpha, scale, margin)
        if v > best:
            best = v
            child.killer = a
            h.fin0 = child.fin0
            h.fin1 = child.fin1
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def killer_first(h: KernelHand, k: int, killer: int) -> None:
    """Move ``killer`` to the front of ``h``'s first ``k`` actions, where it is one of them."""
    for i in range(1, k):
        if h.acts[i] == killer:
            h.acts[i] = h.acts[0]
            h.acts[0] = killer
            return


# ---------------------------------------------------------------------- playouts


def playout(h: KernelHand, rng: int, policy: int) -> tuple[list[int], int]:
    """Play ``h`` itself to the end (``kernel.RANDOM`` or ``kernel.POLICY`` choices) from
    generator state ``rng``: each seat's game points, and the generator's state after."""
    h.rng = rng
    h._run(policy, -1)
    return [h.game_points(p) for p in range(h.seats)], h.rng


def play_to(h: KernelHand, rng: int, cards: int) -> int:
    """Play ``h`` itself with the policy from generator state ``rng`` until at most ``cards``
    cards are left to play (or the hand is over): the generator's state after."""
    h.rng = rng
    h._run(1, cards)
    return h.rng


def playouts(origin: KernelHand, n: int, rng: int, policy: int) -> tuple[list[int], int, int]:
    """Play ``origin`` to the end ``n`` times from generator state ``rng``: each seat's summed
    game points, the actions taken, and the generator's state after."""
    h = origin._new()
    total = [0] * origin.seats
    steps = 0
    for _ in range(n):
        h._load(origin)
        h.rng = rng
        steps += h._run(policy, -1)
        rng = h.rng
        for p in range(h.seats):
            total[p] += h.game_points(p)
    return total, steps, rng
