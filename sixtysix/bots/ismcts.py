"""Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012), the bot ``ismcts``.

One tree of the root seat's information sets, a new determinization every iteration
(``worlds``), UCB1 with availability counts, playouts with a cheap sensible policy
(``playout``), run on the kernels where they play the game (``packed``). It works for every
game of the family and any number of seats. Where the position is open, or its worlds solve
exactly, it plays the solver's values instead (``exact``); bids and doublings are judged by
playing the hand out from every seat's view (``bidding``).

>>> import random
>>> from sixtysix.bots import make_bot
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=3)
>>> bot = make_bot("ismcts:iterations=50")
>>> bot.choose(state.view(0), random.Random(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..engine import kernel, kernel_multi, kernel_search
from ..engine.actions import KNOCK
from ..engine.fastpath import GameHand
from ..engine.kernel import Hand, KernelRandom
from ..engine.kernel_multi import MultiHand
from ..engine.phases import PH_OVER
from ..engine.state import State
from ..engine.view import View
from .base import ITERATIONS, SECONDS, Limit, Param, check_fields, clock, register
from .bidding import bid_decision
from .choices import action_key, best_action, meld_game_actions
from .exact import SOLVE_CARDS, closed_open, exact_view, live_cards, solved_values
from .packed import GAME_KERNELS, game_playout, multi_dealer, own_solver, pack_walked, packed_dealer
from .particles import PolicySampler
from .playout import (
    Rng,
    match_reward,
    outcome,
    playout,
    policy_action,
    race_rewards,
    scaled_reward,
    seat_rewards,
)
from .solver import SCALE, Solver, is_solvable
from .value_net import ValueNet, net_for
from .worlds import determinize, exclusions

__all__ = ["Ismcts", "ISMCTS_PARAMS", "ROOT_FLOOR"]


class _Node:
    __slots__ = ("children", "n", "w", "g", "avail", "mover")

    def __init__(self, mover: int) -> None:
        self.children: dict[int, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.g = 0.0
        self.avail = 0
        self.mover = mover


_SAFETY = 1.5
"""How many times the iterations the rate so far promises ``_decided`` assumes may still come:
measured over 60 Sixty-Six trees at 0.5 s a move, the iterations that came were at most 1.6
times the promise in 99% of the checks (the rate rises as the tree's leaves near the hand's
end), 1.8 in 99.9%."""


ROOT_FLOOR = 0.25
"""The least share of an even split of the visits that each root action is given where the
values are shown (``Ismcts.estimates``, ``master2``'s values; ``Ismcts._search``'s ``floor``):
UCB alone leaves an action it judged poor early with a visit or two, and a mean of two playouts
is no value (a Gang's sound lead was shown as a sure loss, -9.00, on two lost playouts)."""


def _lagging(root: _Node, keys: int) -> bool:
    """Whether one of the ``keys`` root actions (distinct ``action_key``s) is untried, or some
    child of ``root`` has fewer than ``ROOT_FLOOR`` of an even share of the visits of all."""
    if len(root.children) < keys:
        return True
    total = 0
    least = -1
    for ch in root.children.values():
        total += ch.n
        if least < 0 or ch.n < least:
            least = ch.n
    return least >= 0 and least * len(root.children) < ROOT_FLOOR * total


def _decided(root: _Node, left: float) -> bool:
    """Whether the most visited child of ``root`` leads the next by more than ``left`` visits."""
    first = second = 0
    for ch in root.children.values():
        n = ch.n
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > left


def _backup(path: list[_Node], result: list[float], rewards: list[float]) -> None:
    """Count an iteration's outcome into the nodes of its path below the root, each from the
    side of the seat that moved into it."""
    for i in range(1, len(path)):
        nd = path[i]
        nd.n += 1
        nd.w += rewards[nd.mover]
        nd.g += result[nd.mover]


def _select(node: _Node, acts: list[int], c: float, even: bool, double_pack: bool,
            rng: Rng) -> tuple[int, _Node | None]:
    """The action to take at ``node``: an untried one at random (and None: the caller adds its
    node), else the best by UCB over the tried ones, each counted available once more (``even``:
    the least visited, so that every root action is as well estimated)."""
    keys: set[int] | None = set() if double_pack else None  # the pack's copies already weighed
    untried = []
    best_child = None
    best_a = -1
    best_score = -1e18
    for a in acts:
        if a == KNOCK:
            continue  # cut's equal (action_key), offered only beside it: one choice
        k = a
        if keys is not None:
            k = action_key(a, True)
            if k in keys:
                continue  # the other copy of a card already weighed
            keys.add(k)
        ch = node.children.get(k)
        if ch is None:
            untried.append(a)
            continue
        ch.avail += 1
        score = -float(ch.n) if even else ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
        if score > best_score:
            best_score, best_child, best_a = score, ch, a
    if untried:
        return rng.choice(untried), None
    assert best_child is not None
    return best_a, best_child


def _walk_hand(root: _Node, h: Hand, c: float, rng: KernelRandom) -> list[_Node]:
    """``Ismcts._descend`` on a world in the kernel's two-seat packed hand, UCB at every node
    (no ``even_root``): typed, so that compiled each step of the walk is a C call."""
    node = root
    path = [root]
    over = PH_OVER  # typed (ismcts.pxd): compiled, the module global is a Python int
    while h.phase != over:
        a, child = _select(node, h.legal_actions(), c, False, False, rng)
        if child is None:
            child = node.children[a] = _Node(h.to_act)
            child.avail = 1
            h.step(a)
            path.append(child)
            break
        h.step(a)
        node = child
        path.append(node)
    return path


def _hand_lead(h: Hand, endgame: bool, net: ValueNet | None, share: float, solver: Solver,
               stock: int, kx: int) -> tuple[float, int]:
    """Seat 0's game points less seat 1's at the end of packed world ``h``, and the kernel
    generator's state after (``kx`` before): a playout by the policy; with ``endgame`` one to
    the stock's end (or ``stock`` cards left) and the solver's value after, and while the stock
    is open the network ``net`` for ``share`` of the value (all of it at 1: no playout)."""
    if not endgame:
        g0, g1, _, kx = kernel.playouts(h, 1, kx, kernel.POLICY)
        return float(g0 - g1), kx
    v = 0.0
    valued = net is not None and h.turnup_up and h.closed_by < 0 and h.phase != PH_OVER
    if valued:
        assert net is not None
        v = net.lead(h)
        if share >= 1.0:
            return v, kx
    lead, kx = kernel.solved_playout(h, kx, kernel.POLICY, solver.search_for(h.t), stock)
    return (share * v + (1.0 - share) * lead if valued else float(lead)), kx


class _HandWalk:
    """What the iterations of one search on a kernel's two-seat packed hand share, where every
    node is chosen by UCB (``Ismcts._search`` but with ``even_root``): ``iterate`` is one
    iteration, typed end to end (compiled, every step of it a C call)."""

    def __init__(self, c: float, rng: KernelRandom, endgame: bool, net: ValueNet | None,
                 share: float, solver: Solver, stock: int, scale: float,
                 for_match: Callable[[int, float], float] | None) -> None:
        self.c, self.rng, self.endgame, self.net, self.share = c, rng, endgame, net, share
        self.solver, self.stock, self.scale, self.for_match = solver, stock, scale, for_match

    def iterate(self, root: _Node, h: Hand, kx: int, origin: Hand | None = None, other: int = 0,
                known: int = 0, allowed: int = 0, unseen: int = 0) -> int:
        """One iteration from ``root``: world ``h`` (dealt anew from ``origin`` by ``redeal``
        with the other arguments, where given) walked down the tree (``_walk_hand``), valued
        (``_hand_lead``) and counted into the nodes of its path (``_backup``); the kernel
        generator's state after (``kx`` before)."""
        if origin is not None:
            h.rng = kx
            h.redeal(origin, other, known, allowed, unseen)
            kx = h.rng
        path = _walk_hand(root, h, self.c, self.rng)
        lead, kx = _hand_lead(h, self.endgame, self.net, self.share, self.solver, self.stock, kx)
        if self.for_match is None:
            r0, r1 = scaled_reward(lead, self.scale), scaled_reward(-lead, self.scale)
        else:
            r0, r1 = self.for_match(0, lead), self.for_match(1, -lead)
        for i in range(1, len(path)):
            nd = path[i]
            nd.n += 1
            if nd.mover == 0:
                nd.w += r0
                nd.g += lead
            else:
                nd.w += r1
                nd.g += -lead
        return kx


@dataclass
class Ismcts:
    """Single-observer ISMCTS. ``seconds`` or ``iterations`` bound a move (``iterations`` wins when
    both are given); ``c`` is the exploration constant; ``endgame`` values a playout by the exact
    solver once its world's stock is gone (two-sided games); ``exact`` plays the solver's move at
    the root when the position is open; ``workers`` > 1 grows that many trees in parallel
    processes, each on its own determinizations, and adds up their root statistics (root
    parallelism: the pool starts on the first move and is kept)."""

    seconds: float | None = 0.2
    iterations: int | None = None
    c: float = 0.7
    endgame: bool = False
    stock: int = 0
    """With ``endgame``, solve a playout's world already once its stock is down to this many
    cards (the turn-up counted), its order as the world dealt it."""
    net: float = 0.0
    """With ``endgame``, the share of the learned value (``value_net``) in the value of a world
    reached while its stock is open, the rest the playout's: 1 values it by the network alone.
    Only where the package has a network for the game (``value_net.net_for``: Sixty-Six under
    its default rules of play) and on the kernel's packed hand; elsewhere the playouts alone."""
    exact: bool = True
    worlds: int = 30
    workers: int = 1
    match: bool = False
    """Value a hand by the chance of winning the match it leaves (``match_equity``) where the
    game has a model of it, instead of by its game points alone."""
    particles: int = 0
    """Where above 0, draw the worlds from that many whole deals weighted by how likely the
    opponent's play was with each (``particles.PolicySampler``; two seats drawing from a
    stock), instead of uniformly within the proven exclusions."""
    cards: int | None = None
    """With ``endgame``, solve a Terts or Gaigel playout once this many cards are left in the
    hands (its kernel's solver), the policy playing it until then; by default what the game's
    fast path declares (``FastPath.solve_from``: Gaigel 12, Terts 0, not solved before the last
    12 cards reach the tree)."""
    even_root: bool = False
    """Visit every root action equally instead of by UCB (analysis: the root values are then
    equally well estimated and can be compared; play keeps UCB)."""
    name: str = "ismcts"
    solver: Solver = field(default_factory=Solver, repr=False)
    sample: Callable[[random.Random], State] | None = field(default=None, repr=False)
    """Where set, draws the determinizations of one tree (``inference.Sampler``: weighted
    worlds) instead of uniform sampling within the proven exclusions."""
    kernel: bool = True
    """Play the playouts of the games it covers in ``engine.kernel`` (the same policy, on
    machine ints; its own random numbers, drawn from a seed the search's ``rng`` gives)."""
    packed: bool = True
    """Walk the tree on the kernel's packed hand where the kernel plays the game: the same
    actions in the same order as through ``State``, so the same tree, faster (False: through
    ``State``, the reference the tests compare with)."""
    _kx: int = field(default=1, init=False, repr=False)
    """The kernel's generator state, seeded at each search."""
    _net: ValueNet | None = field(default=None, init=False, repr=False)
    """The network that values this search's phase-1 worlds (``net``), where it fits."""

    def __post_init__(self) -> None:
        check_fields(self, "ismcts", ISMCTS_PARAMS)

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        return best_action(self._values(view, rng, limit, decisive=True))

    def action_values(self, view: View, rng: random.Random,
                      limit: Limit | None = None) -> dict[int, float]:
        """A score for each legal action of the view's seat, the best highest: the mean game
        points over solved worlds where the position is open or closed, else the visit count of
        the search (the robust child), with the mean game points as a tie break. ``estimates``
        gives the values themselves."""
        return self._values(view, rng, limit, decisive=False)

    def _values(self, view: View, rng: random.Random, limit: Limit | None, decisive: bool
                ) -> dict[int, float]:
        """``action_values``; ``decisive``: only the best matters (``choose``), so a search
        against the clock may stop once no other action can catch up (``_search``)."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not to act")
        seconds: float | None = self.seconds
        iterations = self.iterations
        if limit is not None:
            seconds, iterations = limit.seconds, limit.iterations
        if len(view.legal) == 1:
            return {view.legal[0]: 0.0}
        deadline = None if iterations is not None or seconds is None else \
            time.perf_counter() + seconds
        bids = bid_decision(view, rng, deadline, iterations)
        if bids is not None:
            return bids
        excluded = exclusions(view)
        sample = self.sample or self._particles(view, rng, deadline)  # this tree's worlds
        if self.exact and closed_open(view):
            self.solver.clear()
            return solved_values(view, rng, self.solver, deadline,
                                 self.worlds if iterations is None else max(1, iterations // 20),
                                 excluded, sample)[0]
        rules = view.rules or view.game.rules
        if rules.meld_phase or rules.combinations:
            ruled = meld_game_actions(determinize(view, rng, excluded), list(view.legal))
            if len(ruled) == 1:
                return {a: float(a == ruled[0]) for a in view.legal}
        stats = self._root_stats(view, rng, deadline, iterations or 10**9, excluded, decisive,
                                 sample)
        double_pack = rules.pack >> 32 != 0
        out = {}
        for a in view.legal:
            n, g = stats.get(action_key(a, double_pack), (0, 0.0))
            # Rank by visits (robust child); the mean game points break ties and inform hints.
            out[a] = (n + (g / n) * 1e-3) if n else -1e9
        return out

    def estimates(self, view: View, rng: random.Random, limit: Limit | None = None
                  ) -> dict[int, tuple[float, int]]:
        """Mean game points and visit count of each legal action (for hints and analysis)."""
        if self.exact and closed_open(view) or len(view.legal) == 1:
            vals = self.action_values(view, rng, limit)
            return {a: (v, 0) for a, v in vals.items()}
        seconds, iterations = self.seconds, self.iterations
        if limit is not None:
            seconds, iterations = limit.seconds, limit.iterations
        deadline = None if iterations is not None or seconds is None else \
            time.perf_counter() + seconds
        bids = bid_decision(view, rng, deadline, iterations)
        if bids is not None:
            return {a: (v, 0) for a, v in bids.items()}
        stats = self._root_stats(view, rng, deadline, iterations or 10**9, exclusions(view),
                                 sample=self._particles(view, rng, deadline), floor=True)
        double_pack = (view.rules or view.game.rules).pack >> 32 != 0
        out = {}
        for a in view.legal:
            n, g = stats.get(action_key(a, double_pack), (0, 0.0))
            out[a] = (g / n, n) if n else (float("-inf"), 0)
        return out

    def _particles(self, view: View, rng: random.Random, deadline: float | None
                   ) -> Callable[[random.Random], State] | None:
        """With ``particles``, the worlds of this decision: whole deals weighted by the
        opponent's play, built in at most half the time left (None: uniform worlds)."""
        if not self.particles or self.sample is not None or self.workers > 1 or exact_view(view):
            return None
        return PolicySampler(view, rng, self.particles, deadline=None if deadline is None
                             else time.perf_counter() + (deadline - time.perf_counter()) / 2)

    def _root_stats(self, view: View, rng: random.Random, deadline: float | None,
                    iterations: int, excluded: list[int], decisive: bool = False,
                    sample: Callable[[random.Random], State] | None = None, floor: bool = False
                    ) -> dict[int, tuple[int, float]]:
        """Visits and summed game points of each root action: from one tree, or from
        ``workers`` trees grown in parallel processes and added up (root parallelism; these
        always run to the clock: one tree's lead says nothing about the sum). ``floor``: every
        root action gets ``ROOT_FLOOR`` of an even share of one tree's iterations."""
        k = self.workers
        if k <= 1:
            root = self._search(view, rng, deadline, iterations, excluded, decisive,
                                sample=sample, floor=floor)
            return {a: (ch.n, ch.g) for a, ch in root.children.items()}
        seconds = None if deadline is None else max(0.0, deadline - time.perf_counter())
        pool = _pool(k)
        jobs = [pool.submit(_grow, self.c, self.endgame, self.match, view, rng.randrange(2**63), seconds,
                            iterations // k + (i < iterations % k), excluded, self.stock,
                            self.cards, self.net)
                for i in range(k)]
        total: dict[int, tuple[int, float]] = {}
        for job in jobs:  # in a fixed order, so that the sums do not depend on timing
            for a, (n, g) in job.result().items():
                n0, g0 = total.get(a, (0, 0.0))
                total[a] = (n0 + n, g0 + g)
        return total

    def _search(self, view: View, rng: random.Random, deadline: float | None, iterations: int,
                excluded: list[int], decisive: bool = False, root: _Node | None = None,
                sample: Callable[[random.Random], State] | None = None,
                floor: bool = False) -> _Node:
        """Grow a tree until ``iterations`` or ``deadline``. ``decisive`` (a deadline, and only
        the most visited root action matters): stop as soon as the second most visited could not
        catch up with the first even if every iteration left before the deadline went to it
        (``_SAFETY`` times as many as the rate so far promises). The move is the one the
        deadline would have found; the time left is saved. ``root``: a tree to grow on;
        ``sample``: this search's worlds (else ``self.sample``'s); ``floor``: once the budget is
        spent, iterations go on into the least visited root action while one has fewer than
        ``ROOT_FLOOR`` of an even share of the visits, so that each one's mean is measured (values
        to show, not only a move to choose). Those come on top of the budget (at most a quarter
        more) and leave the most visited action as it was: the move is the same."""
        if sample is None:
            sample = self.sample
        if root is None:
            root = _Node(-1)
        start = time.perf_counter()
        self.solver.clear()
        self._kx = kernel.seed_state(rng.getrandbits(64))
        rules = view.rules or view.game.rules
        by_rule = rules.meld_phase or rules.combinations
        double_pack = rules.pack >> 32 != 0
        scale = view.game.value_scale
        for_match = match_reward(view) if self.match else None
        # Worlds of the games the kernel plays are walked down the tree on its packed hand (the
        # same actions in the same order, so the same tree); the others through State. Whether
        # one packs is asked of a world dealt with a generator of its own: dealing it from
        # ``rng`` where none packs (Bauernschnapsen, an auction) would make the tree another
        # than the one grown without the kernels.
        packable = self.kernel and self.packed and not by_rule and not double_pack \
            and pack_walked(determinize(view, random.Random(0), excluded)) is not None
        # Uniform worlds (no sampler of their own) of those games are dealt on the packed hand
        # itself, from one packed world: no State is built per iteration. So are weighted ones
        # where one seat's cards are hidden: the sampler draws them, the kernel deals the stock.
        weighted: Callable[[random.Random], int] | None = None
        if packable and sample is not None and getattr(sample, "single", None):
            weighted = sample.hidden_cards  # type: ignore[attr-defined]
            excluded = sample.excluded  # type: ignore[attr-defined]
        deal = packed_dealer(view, rng, excluded) \
            if packable and (sample is None or weighted is not None) else None
        # The worlds of the games that deal every card (Four-Hand, Three-Player, North American)
        # on their own kernel.
        deal_multi = multi_dealer(view, rng, excluded) \
            if packable and deal is None and sample is None else None
        # Worlds are dealt with ``rng``; the tree's and the playouts' choices take the kernel's
        # generator, a tenth of the cost of ``random.Random.choice`` (a third of a playout's time).
        fast = kernel.KernelRandom(kernel.seed_state(rng.getrandbits(64)))
        self._net = net_for(view.game) if self.net and self.endgame and packable else None
        # A packed Hand's walk by UCB alone, the common case, runs typed end to end.
        walk = None if self.even_root else _HandWalk(self.c, fast, self.endgame, self._net,
                                                     self.net, self.solver, self.stock, scale,
                                                     for_match)
        it = keys = cap = 0
        topping = False  # past the budget, topping the lagging root actions up (``floor``)
        while True:
            if not topping:
                done = it >= iterations
                if not done and it & 15 == 0 and it:
                    now = clock()  # lets other threads run, with an iteration limit too
                    done = deadline is not None and (
                        now > deadline or decisive and it & 127 == 0
                        and _decided(root, _SAFETY * it * (deadline - now) / (now - start)))
                if done:
                    if not floor:
                        break
                    topping = True
                    keys = len({action_key(a, double_pack) for a in view.legal})
                    cap = 2 * it + 4 * keys  # (a bound: each topping iteration fills one gap)
            if topping and (not _lagging(root, keys) or it > cap):
                break
            it += 1
            h: Hand | MultiHand | GameHand | None = None
            if deal_multi is not None:
                h, origin_multi = deal_multi
                h.rng = self._kx
                h.redeal(origin_multi)  # type: ignore[arg-type]  # a pair of one kind
                self._kx = h.rng
            elif deal is not None:
                h, origin, other, known, allowed, unseen = deal
                drawn = weighted(rng) if weighted is not None else 0
                if drawn:  # the hidden hand drawn: nothing left to pick, the rest is the stock
                    known, allowed, unseen = known | drawn, 0, unseen & ~drawn
                if walk is not None and not topping:
                    self._kx = walk.iterate(root, h, self._kx, origin, other, known, allowed,
                                            unseen)
                    continue
                h.rng = self._kx
                h.redeal(origin, other, known, allowed, unseen)
                self._kx = h.rng
            else:
                s = sample(rng) if sample is not None else \
                    determinize(view, rng, excluded)
                h = pack_walked(s) if packable else None
            if walk is not None and not topping and type(h) is Hand:
                self._kx = walk.iterate(root, h, self._kx)
                continue
            if h is not None:
                path = self._descend(root, h, fast, False, False, topping)
                result = self._packed_result(h, fast)
                rewards = seat_rewards(result, scale, for_match)
            else:
                path = self._descend(root, s, fast, by_rule, double_pack, topping)
                result, points = self._finish(s, fast)
                rewards = race_rewards(s, result, scale, points) if points is not None else \
                    seat_rewards(result, scale, for_match)
            _backup(path, result, rewards)
        return root

    def _descend(self, root: _Node, s: State | Hand | MultiHand | GameHand, rng: Rng, by_rule: bool,
                 double_pack: bool, least: bool = False) -> list[_Node]:
        """Walk world ``s`` (a state, or the kernel's packed hand: the same actions in the same
        order) down the tree by UCB to a new leaf (or the hand's end): the path. At the root the
        least visited action is taken instead (``_select``'s ``even``) with ``even_root`` or
        ``least``."""
        node = root
        path = [root]
        even = self.even_root or least
        while not s.over:
            acts = s.legal_actions()
            if by_rule and not (node is root and even):
                # (At a root whose values are shown, every legal action is searched: the ones
                # the rules settle too, else they would have no value at all.)
                assert isinstance(s, State)
                acts = meld_game_actions(s, acts)
            a, child = _select(node, acts, self.c, node is root and even, double_pack, rng)
            if child is None:
                child = node.children[action_key(a, double_pack)] = _Node(s.to_act)
                child.avail = 1
                s.step(a)
                path.append(child)
                break
            s.step(a)
            node = child
            path.append(node)
        return path

    def _packed_result(self, h: Hand | MultiHand | GameHand, rng: Rng) -> list[float]:
        """Per seat of packed world ``h``, the game-point lead at its end: ``_packed_lead`` for
        the two seats of a ``Hand``; a ``MultiHand`` or a game's own (``WALKED``) hand played out
        in place, then ``outcome``. With ``endgame``, two sides' hands are solved instead from
        ``SOLVE_CARDS`` cards, as ``_finish`` solves a state. A game's own hand's playout draws
        ``rng``'s numbers, as ``_finish`` plays out its state."""
        if isinstance(h, MultiHand):
            if self.endgame and h.seats != 3 and not h.over and h.cards_left() <= SOLVE_CARDS:
                v = h.solve(SCALE, self.solver.margin) / SCALE
                side = h.to_act & 1
                return [v if p & 1 == side else -v for p in range(h.seats)]
            _, self._kx = kernel_search.playout(h, self._kx, kernel.POLICY)
            return h.leads()
        if isinstance(h, Hand):
            lead = self._packed_lead(h)
            return [lead, -lead]
        if self.endgame and not h.over and h.cards_left() <= SOLVE_CARDS:
            return h.spread(h.solve(SCALE, self.solver.margin) / SCALE, h.to_act & 1)
        assert isinstance(rng, KernelRandom)  # the searches' own generator
        _, rng.state = kernel_search.playout(h, rng.state, kernel.POLICY)  # type: ignore[arg-type]
        return h.leads()

    def _packed_lead(self, h: Hand) -> float:
        """Seat 0's game points less seat 1's at the end of packed world ``h``: a playout, or
        with ``endgame`` a playout while the stock is open and the solver's value after
        (``_hand_lead``)."""
        lead, self._kx = _hand_lead(h, self.endgame, self._net, self.net, self.solver,
                                    self.stock, self._kx)
        return lead

    def _solved_own(self, s: State, rng: Rng) -> tuple[list[float], list[int] | None] | None:
        """A Terts or Gaigel world played on by the policy until ``cards`` cards are left in
        the hands (the game's ``FastPath.solve_from`` by default), then solved on its kernel (``solve``): each
        seat's lead, and in Terts the hand scores at the end of the solved line
        (``race_rewards`` needs them); None where no such kernel plays ``s`` (another game, or
        rule options it does not cover) or ``cards`` is 0. The policy's steps run on the
        kernel where ``game_playout`` would, else through ``State``: the same numbers drawn,
        the same world solved."""
        fp = s.game.fast_path
        if fp is None:
            return None
        cards = self.cards if self.cards is not None else fp.solve_from
        own = own_solver(s)
        h = own.pack(s) if own is not None and cards else None
        if own is None or h is None:
            return None
        if self.kernel and GAME_KERNELS and isinstance(rng, kernel.KernelRandom):
            rng.state = own.play_to(h, rng.state, cards)
        else:
            while not s.over and sum(c.bit_count() for c in s.hands) > cards:
                s.step(policy_action(s, s.legal_actions(), rng))
            h = own.pack(s)
            assert h is not None  # the same rules, a later position
        race = own.RACE
        if h.over:
            return h.leads(), [h.game_points(0), h.game_points(1)] if race else None
        v = h.solve(SCALE, self.solver.margin) / SCALE
        side = h.to_act & 1
        leads = [v if p & 1 == side else -v for p in range(s.n)]
        return leads, [h.fin0, h.fin1] if race else None

    def _finish(self, s: State, rng: Rng) -> tuple[list[float], Sequence[int] | None]:
        """Per-seat game-point leads at the end of this world: playout, or exact once solvable;
        and the hand's game points where it was played to its end (``race_rewards`` needs
        them), else None."""
        h = kernel.pack(s) if self.kernel else None
        if h is not None:  # two seats: each seat's lead is its game points less the other's
            lead = self._packed_lead(h)
            out = [0.0] * s.n
            a, b = s.active
            out[a], out[b] = lead, -lead
            return out, None
        hm = kernel_multi.pack(s) if self.kernel else None
        if hm is not None:  # Four-Hand, Three-Player: every seat's lead
            return self._packed_result(hm, rng), None
        # Gaigel, Terts and Bauernschnapsen play out on their kernels with the numbers the
        # State path would draw: the same tree either way. (Short of the last tricks no stock
        # step below makes the hand solvable, so the playout is the whole of what that path does.)
        if self.endgame:
            solved = self._solved_own(s, rng)
            if solved is not None:
                return solved
        if self.kernel and GAME_KERNELS and isinstance(rng, kernel.KernelRandom) and not (
                self.endgame and is_solvable(s) and live_cards(s) <= SOLVE_CARDS):
            played = game_playout(s, rng)
            if played is not None:
                return played
        if self.endgame:
            while not s.over and s.stock_open and s.facedown + 1 > self.stock:
                s.step(policy_action(s, s.legal_actions(), rng))
            if not s.over and is_solvable(s) and live_cards(s) <= SOLVE_CARDS:
                v = self.solver.value(s) / SCALE
                side = s.rules.sides[s.to_act]
                out = [0.0] * s.n
                for p in s.active:
                    out[p] = v if s.rules.sides[p] == side else -v
                return out, None
        playout(s, rng)
        return outcome(s), s.game_points()


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, started on first use and kept for later moves. Forked
    where the system can (a spawned worker would re-run a caller's script without a main guard)."""
    pool = _POOLS.get(workers)
    if pool is None:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        pool = _POOLS[workers] = ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context(method))
    return pool


def _grow(c: float, endgame: bool, match: bool, view: View, seed: int, seconds: float | None,
          iterations: int, excluded: list[int], stock: int = 0, cards: int | None = None,
          net: float = 0.0) -> dict[int, tuple[int, float]]:
    """One worker's tree for root parallelism: visits and summed game points per root action."""
    bot = Ismcts(seconds=None, c=c, endgame=endgame, match=match, stock=stock, cards=cards,
                 net=net)
    deadline = None if seconds is None else time.perf_counter() + seconds
    root = bot._search(view, random.Random(seed), deadline, iterations, excluded)
    return {a: (ch.n, ch.g) for a, ch in root.children.items()}


ISMCTS_PARAMS = (
    SECONDS,
    ITERATIONS,
    Param("c", float, 0, 100, "exploration constant"),
    Param("endgame", bool, help="value playouts exactly once the stock is gone"),
    Param("match", bool, help="value a hand by the chance of winning the match it leaves"),
    Param("stock", int, 0, 32, "with endgame, solve from this many stock cards left"),
    Param("net", float, 0, 1, "with endgame, the learned value's share in a phase-1 world's "
          "value (Sixty-Six)"),
    Param("exact", bool, help="play the solver's move when the position is open"),
    Param("worlds", int, 1, 100_000, "worlds solved when the position is open"),
    Param("workers", int, 1, 256, "processes growing trees in parallel"),
    Param("particles", int, 0, 20_000, "worlds weighted by the opponent's play (0: off)"),
    Param("cards", int, 0, 12, "with endgame, solve Terts and Gaigel playouts from this many cards"),
)
"""ISMCTS's parameters and their ranges (a server applies its own, lower maxima on top)."""

register("ismcts", "information-set MCTS", ISMCTS_PARAMS)(Ismcts)
