"""Exact solver for open positions of two-sided games: alpha-beta (negamax) with a transposition table.

An open position is a full ``State``: both hands and the stock order known. Every decision is a
move of the search — leads, follows, marriages, the exchange, closing (before or after drawing),
claims and going out by showing — so the value is that of perfect play by both sides under the
game's own scoring. The value is given from the side of the seat to act, in game points of the hand
times ``SCALE`` plus the card-point margin (``points[own side] - points[other side]``) as a tie
break: a won hand at 1 game point with 80–40 is worth ``1000 + 40``.

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> from sixtysix.engine.actions import action_str
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=7)
>>> m.apply("close")  # seat 0 closes on the first lead, holding 9C AD 9S JS QS AS; trumps are D
>>> value, best = solve(state)
>>> value, [action_str(a) for a in best]  # he takes every trick: 3 game points, 66 points ahead
(3066, ['play AD', 'play AS'])

Only ``State.copy`` and ``State.step`` are used, so every game of the family with two sides can be
solved (the tree of a whole Sixty-Six hand from the deal is too big to be practical; positions
after the fourth trick are solved in well under a second, phase-2 positions in milliseconds).
"""

from __future__ import annotations

import functools
from typing import Any

from ..cards import SUIT_MASK
from ..engine import actions
from ..engine import kernel as kernel_module
from ..engine.actions import CLOSE, DECLARE, DRAW, EXCHANGE
from ..engine.fastpath import MULTI, PAIR
from ..engine.fastpath import kernel_module as declared_kernel
from ..engine.kernel import Hand, Search, Table, pack, trim_oldest
from ..engine.phases import PH_ANSWER, PH_CONTRACTS, PH_DEAL_CHOICE, PH_DOUBLING
from ..engine.phases.announce import combination_key
from ..engine.rules import FOLLOW_ONLY, FREE, STRICT2
from ..engine.state import PH_OVER, PH_PLAY, State

__all__ = ["SCALE", "Solver", "solve", "action_values", "is_solvable", "terminal_value"]

SCALE = 1000
"""Weight of one game point against one card point of margin."""

_INF = 1 << 30

KERNEL_COMPILED = not kernel_module.__file__ or not kernel_module.__file__.endswith(".py")
"""Whether ``engine.kernel`` runs compiled. Only then is its search the faster one once the stock
is gone; in pure Python the phase-2 search below (follows inline, leads in the table) is about
three times faster, so the pure core keeps it there (the values are the same either way)."""

MAX_ENTRIES = 500_000
"""Default bound on the transposition table's entries (and on the terminal-value cache's)."""



def is_solvable(state: State) -> bool:
    """True when ``state`` is a position the solver can value: a hand in progress between two sides."""
    return not state.over and len({state.rules.sides[p] for p in state.active}) == 2 \
        and state.phase not in _BEFORE_PLAY


_BEFORE_PLAY = (PH_DEAL_CHOICE, PH_CONTRACTS, PH_DOUBLING)
"""Bauernschnapsen's deal choice, auction and doubling: the solver values play positions only
(its table keys hold no bidding)."""


def terminal_value(state: State, side: int, margin: bool = True) -> int:
    """Value of a finished hand for ``side``: game-point difference × SCALE (+ card-point margin)."""
    gp = state.game_points()
    sides = state.rules.sides
    mine = theirs = 0
    for p in state.active:
        # In partnerships every seat shows its side's game points: count one seat per side.
        if sides[p] == side:
            mine = gp[p]
        else:
            theirs = gp[p]
    v = (mine - theirs) * SCALE
    if margin:
        pts = state.points
        v += pts[side] - sum(pts) + pts[side]
    return v


class Solver:
    """An alpha-beta searcher with its own transposition table (reuse it across related positions).

    ``margin=False`` values game points only, which searches faster; ``nodes`` counts the positions
    expanded, for benchmarks. ``max_entries`` bounds the transposition table and the cache of
    terminal values (each): when one is full its older half is dropped, so memory stays bounded
    (about 350 bytes an entry: some 175 MB each at the default) and values stay exact, since the
    table only saves work. The kernel's searches (the two-player games) keep fixed tables of
    their own, at most ``max_entries`` slots of 52 bytes (and 2**16: 3.4 MB) each, where a new
    entry replaces the old; ``entries`` counts every table's positions.
    """

    def __init__(self, margin: bool = True, max_entries: int = MAX_ENTRIES, kernel: bool = True
                 ) -> None:
        if max_entries < 2:
            raise ValueError(f"max_entries must be at least 2, not {max_entries}")
        self.margin = margin
        self.max_entries = max_entries
        self.nodes = 0
        self.tt: dict[tuple[object, ...], tuple[int, int, int]] = {}
        self.term_cache: dict[tuple[object, ...], int] = {}
        self.contexts: dict[tuple[object, ...], tuple[int, State]] = {}
        self.tables: dict[tuple[object, ...], _Tables] = {}
        self.kernel = kernel
        self.searches: dict[Table, Search] = {}
        self.own_tables: dict[tuple[int, ...], dict[tuple[int, ...], tuple[int, int]]] = {}

    def clear(self) -> None:
        self.tt.clear()
        self.term_cache.clear()
        self.contexts.clear()
        self.tables.clear()
        for search in self.searches.values():
            search.clear()
        # The Terts tables are kept: their entries hold no points (``TertsHand.value``), so they
        # stay true for every later position of the hand, which they then solve at once.

    @property
    def entries(self) -> int:
        """Positions held in the transposition tables: this solver's and its kernel searches'."""
        return len(self.tt) + sum(search.used for search in self.searches.values()) \
            + sum(len(table) for table in self.own_tables.values())

    # ------------------------------------------------------------------ public

    def value(self, state: State) -> int:
        """Exact value of ``state`` for the side of the seat to act."""
        _check(state)
        return self._ab(state, -_INF, _INF)

    def action_values(self, state: State) -> dict[int, int]:
        """The exact value of every legal action, for the side of the seat to act now."""
        _check(state)
        side = state.rules.sides[state.to_act]
        out = {}
        for a in state.legal_actions():
            out[a] = self._child_value(state, a, side, -_INF, _INF)
        return out

    def solve(self, state: State) -> tuple[int, list[int]]:
        """The value and every action that achieves it."""
        values = self.action_values(state)
        best = max(values.values())
        return best, [a for a, v in values.items() if v == best]

    # ------------------------------------------------------------------ search

    def _child_value(self, s: State, a: int, side: int, alpha: int, beta: int) -> int:
        c = s.copy()
        c.step(a)
        if c.phase == PH_OVER:
            return terminal_value(c, side, self.margin)
        if c.rules.sides[c.to_act] == side:
            return self._ab(c, alpha, beta)
        return -self._ab(c, -beta, -alpha)

    def _ab(self, s: State, alpha: int, beta: int) -> int:
        if self.kernel:
            own = _tabled(s)
            if own is not None:
                return self._own(own)
        if self.kernel and (KERNEL_COMPILED or not _kernel_ok(s)):
            packed = pack(s)
            if packed is not None:
                return self._packed(packed, alpha, beta)
        if _kernel_ok(s):
            return _endgame_search(self, s, alpha, beta)
        self.nodes += 1
        key = _key(s)
        entry = self.tt.get(key)
        lo, hi, hint = -_INF, _INF, -1
        if entry is not None:
            cut, alpha, beta, lo, hi, hint = _probe(entry, alpha, beta)
            if cut is not None:
                return cut
        a0 = alpha
        side = s.rules.sides[s.to_act]
        best = -_INF
        best_move = -1
        for a in _ordered(s, hint):
            v = self._child_value(s, a, side, alpha, beta)
            if v > best:
                best, best_move = v, a
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self.tt[key] = _entry(best, a0, beta, lo, hi, best_move)
        if len(self.tt) > self.max_entries:
            trim_oldest(self.tt, self.max_entries)
        return best

    def search_for(self, t: Table) -> Search:
        """The kernel's search for hands of rules table ``t`` (with a table of its own, kept as
        long as this solver)."""
        search = self.searches.get(t)
        if search is None:
            search = self.searches[t] = Search(t, self.max_entries, SCALE)
        return search

    def _own(self, h: Any) -> int:
        """The exact value of a hand on its game's own kernel (``TABLED``: Terts'), searched
        there (its ``value``) with a table kept per ``context`` (its trumps and rules): many times
        faster than through ``State`` (nine cards a side: seconds against tens of seconds in
        pure Python)."""
        context = h.context()
        table = self.own_tables.get(context)
        if table is None or len(table) > self.max_entries:
            table = self.own_tables[context] = {}
        value: int = h.value(SCALE, self.margin, table)
        return value

    def _packed(self, h: Hand, alpha: int, beta: int) -> int:
        """The value of a two-player hand the playout kernel packs, searched on its ints
        (``engine.kernel.Search``, one per rules table)."""
        search = self.search_for(h.t)
        search.nodes = 0
        v = search.value(h, alpha, beta, int(self.margin))
        self.nodes += search.nodes
        return v


def _probe(entry: tuple[int, int, int], alpha: int, beta: int
           ) -> tuple[int | None, int, int, int, int, int]:
    """A table entry's bounds against the window (alpha, beta): the value where they settle the
    node (else None), the narrowed window, the bounds and the best move found before."""
    lo, hi, hint = entry
    if lo >= beta:
        return lo, alpha, beta, lo, hi, hint
    if hi <= alpha or lo == hi:
        return hi, alpha, beta, lo, hi, hint
    return None, max(alpha, lo), min(beta, hi), lo, hi, hint


def _entry(best: int, alpha: int, beta: int, lo: int, hi: int, move: int
           ) -> tuple[int, int, int]:
    """The table entry for a node that returned ``best`` searched in (alpha, beta) with earlier
    bounds (lo, hi): fail-soft bounds stay valid whatever window they were found with."""
    if best <= alpha:
        return lo, min(hi, best), move
    if best >= beta:
        return max(lo, best), hi, move
    return best, best, move


def _check(state: State) -> None:
    if state.over:
        raise ValueError("the hand is over: there is nothing to solve")
    if not is_solvable(state):
        raise ValueError("the exact solver handles positions of play between two sides only")


def _key(s: State) -> tuple[object, ...]:
    """Everything that decides the rest of the hand (the stock's order below ``spos`` is fixed);
    in Terts while an announcement is answered, which one it is (the last action): announcing
    one or another of the same hand's combinations leaves all else equal."""
    return (tuple(s.hands), s.stock[s.spos:] if s.turnup_up and s.closed_by < 0 else s.spos,
            s.turnup, s.turnup_up, s.trump, s.phase, s.to_act, tuple(s.trick), tuple(s.points),
            tuple(s.tricks), tuple(s.pending), s.closed_by, s.close_points, s.close_tricks,
            s.close_window, s.claim_seat, s.trick_no,
            *((combination_key(s), s.history[-1] if s.phase == PH_ANSWER else -1)
              if s.rules.combinations else ()))


def _ordered(s: State, hint: int) -> list[int]:
    """Legal actions, the likely best first: the table's move, a claim that holds, marriages, the
    draw or exchange, closing (it reaches the fast kernel at once and bounds the rest), then cards
    (leads high first; follows that win cheaply first, trumps after plain cards, then cheap
    discards). Measured on phase-1 positions, the close and trump rules halve the search."""
    acts = s.legal_actions()
    if len(acts) <= 1:
        return acts
    r = s.rules
    vals = s.values
    scored = []
    claim_ok = s.points[r.sides[s.to_act]] >= r.claim_target
    trick = s.trick
    if trick:
        led = trick[0]
        beats = s.beats
        trump = s.trump
    for a in acts:
        if a == hint:
            k = -10_000
        elif actions.is_play(a):
            if trick:
                wins = (beats[led] >> a) & 1 or ((a >> 3) & 3 == trump and (led >> 3) & 3 != trump)
                k = vals[a] - 100 if wins and len(trick) + 1 == len(s.active) else vals[a]
                if (a >> 3) & 3 == trump:
                    k += 15  # keep trumps: win with a plain card where one does
            else:
                k = -vals[a]
        elif actions.is_marriage(a):
            k = -500
        elif a == DECLARE or actions.is_declaration(a):
            k = -5_000 if claim_ok else 1_000
        elif a in (DRAW, EXCHANGE):
            k = -200
        elif a == CLOSE:
            k = -100
        else:
            k = 0
        scored.append((k, a))
    scored.sort()
    return [a for _, a in scored]


def solve(state: State, margin: bool = True) -> tuple[int, list[int]]:
    """Exact value of ``state`` for the side to act and the actions that achieve it."""
    return Solver(margin).solve(state)


def action_values(state: State, margin: bool = True) -> dict[int, int]:
    """Exact value of every legal action of ``state`` for the side to act."""
    return Solver(margin).action_values(state)


# ---------------------------------------------------------------------- phase-2 kernel

def _tabled(s: State) -> Any:
    """``s`` packed on its game's own kernel where the solver values its positions there
    (``TABLED``), else None."""
    fp = s.game.fast_path
    if fp is None or not _is_tabled(fp.kernel):
        return None
    return declared_kernel(fp.kernel).pack(s)


@functools.cache
def _is_tabled(kernel: str) -> bool:
    """Whether the kernel module named ``kernel`` is ``TABLED`` (asked at every node of a search
    through ``State``: the kernel says so, not a rule that only its games happen to have)."""
    return kernel != PAIR and kernel != MULTI and bool(declared_kernel(kernel).TABLED)


def _kernel_ok(s: State) -> bool:
    """Phase 2 of a two-seat game in the kernel's scope: no stock, no melds, no exchange left. The
    game declares the pair kernel as its fast path (``fastpath.PAIR``) when its ``hand_game_points``
    reads only points, tricks, the close, the last leader, the bonus and the match standing (all
    kept on the kernel's scratch state), so that the bitmask kernel below may stand in for
    ``State`` once the stock is gone. The tests check each such game against the generic search."""
    r = s.rules
    fp = s.game.fast_path
    return (fp is not None and fp.kernel == PAIR and s.phase == PH_PLAY
            and not (s.turnup_up and s.closed_by < 0) and s.close_window == 0
            and len(s.active) == 2 and s.trump >= 0
            and not (r.marriages and r.marriages_after_close)
            and r.phase2_follow in (FREE, FOLLOW_ONLY, STRICT2)
            and (not any(s.pending) or r.marriage_credit == "any_later_trick"))


def _endgame_search(solver: Solver, root: State, alpha: int, beta: int) -> int:
    """Alpha-beta over phase-2 play on bitmasks; the value is for the side of ``root.to_act``.

    The players are the two active seats, 0 and 1 locally; a node is a trick about to be led:
    (hands, who leads, points, tricks, who may claim, pending melds), and the follower's replies
    are searched inside it. Terminal positions are scored by the game itself (its lean
    ``hand_game_points``) on a scratch copy of ``root``.
    """
    r = root.rules
    seat = root.active
    sides = (r.sides[seat[0]], r.sides[seat[1]])
    trump = root.trump
    tmask = SUIT_MASK[trump]
    beats = root.beats
    vals = root.values
    mode = r.phase2_follow
    claims = r.claims
    anytime = claims and r.claim_timing == "any_own_turn"
    auto = claims and r.auto_claim
    target = r.claim_target
    bonus_last = r.last_trick_bonus if root.closed_by < 0 else 0
    margin = solver.margin
    tt = solver.tt
    cap = solver.max_entries
    probe, entry_of = _probe, _entry
    term_cache = solver.term_cache
    # What the terminal values depend on beyond the node itself (a Solver may serve many hands
    # and is entered at every phase-1 leaf): interned to a small int, with a scratch state.
    tfull = (root.game, trump, root.closed_by, root.close_points, root.close_tricks, root.bonus,
             seat, root.dealer, root.match_score)
    context = solver.contexts.get(tfull)
    if context is None:
        context = solver.contexts[tfull] = (len(solver.contexts), root.copy())
    tkey, template = context

    def terminal(p0: int, p1: int, t0: int, t1: int, leader: int, claimant: int) -> int:
        """Value for local player 0 of the hand ending here (the game's own scoring)."""
        k = (p0, p1, t0, t1, leader, claimant, tkey)
        v = term_cache.get(k)
        if v is None:
            t = template
            t.points[sides[0]], t.points[sides[1]] = p0, p1
            t.tricks[sides[0]], t.tricks[sides[1]] = t0, t1
            t.leader = seat[leader]
            gp = t.game.hand_game_points(t, None if claimant < 0 else seat[claimant])
            v = (gp[seat[0]] - gp[seat[1]]) * SCALE
            if margin:
                v += p0 - p1
            term_cache[k] = v
            if len(term_cache) > cap:
                trim_oldest(term_cache, cap)
        return v

    tables = solver.tables.get((trump, vals, beats))
    if tables is None:
        tables = solver.tables[trump, vals, beats] = _Tables(trump, vals, beats)
    takes = tables.takes
    follow_cache = tables.follows
    follow_order = tables.follow_order
    lead_cache = tables.leads
    lead_order = tables.lead_order

    def last_trick(n0: int, n1: int, w: int, p0: int, p1: int, t0: int, t1: int, q0: int,
                   q1: int) -> int:
        """Value for local player 0 when each holds one card and ``w`` leads: the last trick
        plays itself, unless ``w`` claims before it (two searches fewer per line)."""
        x = n0.bit_length() - 1
        y = n1.bit_length() - 1
        lc, fc = (x, y) if w == 0 else (y, x)
        pts = vals[x] + vals[y] + bonus_last
        w2 = 1 - w if (takes[lc] >> fc) & 1 else w
        if w2 == 0:
            v = terminal(p0 + pts + q0, p1, t0 + 1, t1, 0, -1)
        else:
            v = terminal(p0, p1 + pts + q1, t0, t1 + 1, 1, -1)
        if claims:
            c = terminal(p0, p1, t0, t1, w, w)
            v = max(v, c) if w == 0 else min(v, c)
        return v

    def search(h0: int, h1: int, lead: int, p0: int, p1: int, t0: int, t1: int, claim: int,
               q0: int, q1: int, alpha: int, beta: int, only: int = -1) -> int:
        """Value for ``lead``, who leads the next trick (``only``: the card he has already led,
        still counted in his hand). The follower's replies are searched inline, so only leads
        are nodes of the table: a reply is reached again only through its lead."""
        solver.nodes += 1
        lo, hi, hint = -_INF, _INF, -1
        if only < 0:
            key = (h0, h1, lead, p0, p1, t0, t1, claim, q0, q1, tkey)
            entry = tt.get(key)
            if entry is not None:
                cut, alpha, beta, lo, hi, hint = probe(entry, alpha, beta)
                if cut is not None:
                    return cut
        a0 = alpha
        best = -_INF
        best_move = -1
        # Values here are the leader's: local player 0's value times sign.
        sign = 1 if lead == 0 else -1
        if claims and only < 0 and (anytime or claim == lead):
            best = sign * terminal(p0, p1, t0, t1, lead, lead)
            best_move = DECLARE
            if best > alpha:
                alpha = best
        if alpha < beta:
            hand, opp = (h0, h1) if lead == 0 else (h1, h0)
            if only >= 0:
                moves = [only]
            else:
                moves = lead_cache.get(hand << 32 | opp) or lead_order(hand, opp)
                if hint >= 0 and hint != moves[0] and hint in moves:
                    moves = [hint, *(c for c in moves if c != hint)]
            for c in moves:
                rest = hand ^ (1 << c)
                same = opp & SUIT_MASK[(c >> 3) & 3]
                if mode == STRICT2:
                    legal = (same & beats[c] or same) if same else (opp & tmask or opp)
                elif mode == FOLLOW_ONLY:
                    legal = same or opp
                else:
                    legal = opp
                wins = takes[c]
                # The follower minimises the leader's value within (alpha, worst).
                worst = _INF
                if anytime:  # he may claim instead of following
                    worst = sign * terminal(p0, p1, t0, t1, lead, 1 - lead)
                if worst > alpha:
                    for d in follow_cache.get(legal << 6 | c) or follow_order(legal, c):
                        n0, n1 = (rest, opp ^ (1 << d)) if lead == 0 else (opp ^ (1 << d), rest)
                        # The trick is complete: score it for its winner, who leads next.
                        w = 1 - lead if (wins >> d) & 1 else lead
                        pts = vals[c] + vals[d]
                        a, b, u0, u1, m0, m1 = p0, p1, t0, t1, q0, q1
                        if w == 0:
                            a += pts + m0
                            u0 += 1
                            m0 = 0
                        else:
                            b += pts + m1
                            u1 += 1
                            m1 = 0
                        if not n0:
                            if w == 0:
                                a += bonus_last
                            else:
                                b += bonus_last
                            v = sign * terminal(a, b, u0, u1, w, -1)
                        elif auto and (a if w == 0 else b) >= target:
                            v = sign * terminal(a, b, u0, u1, w, w)
                        elif not n0 & (n0 - 1) and not anytime:
                            v = sign * last_trick(n0, n1, w, a, b, u0, u1, m0, m1)
                        elif w == lead:
                            top = beta if beta < worst else worst
                            v = search(n0, n1, w, a, b, u0, u1, w, m0, m1, alpha, top)
                        else:
                            top = beta if beta < worst else worst
                            v = -search(n0, n1, w, a, b, u0, u1, w, m0, m1, -top, -alpha)
                        if v < worst:
                            worst = v
                            if worst <= alpha:
                                break
                if worst > best:
                    best, best_move = worst, c
                    if worst > alpha:
                        alpha = worst
                        if alpha >= beta:
                            break
        if only < 0:
            tt[key] = entry_of(best, a0, beta, lo, hi, best_move)
            if len(tt) > cap:
                trim_oldest(tt, cap)
        return best

    a_, b_ = root.active
    h = list(root.hands)
    pts = root.points
    trk = root.tricks
    pend = root.pending
    claim = {a_: 0, b_: 1}.get(root.claim_seat, -1)
    args = (pts[sides[0]], pts[sides[1]], trk[sides[0]], trk[sides[1]], claim, pend[sides[0]],
            pend[sides[1]])
    if not root.trick:
        lead = 0 if root.to_act == a_ else 1
        return search(h[a_], h[b_], lead, *args, alpha, beta)
    # A card is led: search the leader's node with that card back in his hand, led again.
    led = root.trick[0]
    leader = root.tseats[0]
    h[leader] |= 1 << led
    return -search(h[a_], h[b_], 0 if leader == a_ else 1, *args, -beta, -alpha, only=led)


class _Tables:
    """What the kernel precomputes per trump suit, and the move orders it remembers."""

    __slots__ = ("takes", "lead_sure", "lead_other", "follow_win", "follow_lose", "leads",
                 "follows")

    def __init__(self, trump: int, vals: tuple[int, ...], beats: tuple[int, ...]) -> None:
        tmask = SUIT_MASK[trump]
        # takes[led]: the cards that win a trick against the card led (higher in its suit, or a
        # trump against a plain card).
        self.takes = tuple(b | (0 if (tmask >> c) & 1 else tmask) for c, b in enumerate(beats))
        # Order keys as ints (key * 64 + card sorts faster than pairs). Leads: the cards the
        # opponent cannot beat first, high ones and trumps first; then the rest, cheap ones
        # first. Follows: the cheapest card that wins, then the cheapest card.
        n = len(vals)
        tb = [20 if (tmask >> c) & 1 else 0 for c in range(n)]
        self.lead_sure = [(-100 - vals[c] - tb[c]) * 64 + c for c in range(n)]
        self.lead_other = [(vals[c] + tb[c]) * 64 + c for c in range(n)]
        self.follow_win = [(vals[c] - 100) * 64 + c for c in range(n)]
        self.follow_lose = [vals[c] * 64 + c for c in range(n)]
        self.leads: dict[int, list[int]] = {}
        self.follows: dict[int, list[int]] = {}

    def lead_order(self, cards: int, opp: int) -> list[int]:
        """Leads from ``cards`` against the hand ``opp``, remembered (callers must not change it)."""
        takes, sure, other = self.takes, self.lead_sure, self.lead_other
        out = []
        rest = cards
        while rest:
            low = rest & -rest
            c = low.bit_length() - 1
            rest ^= low
            out.append(other[c] if takes[c] & opp else sure[c])
        out.sort()
        got = self.leads[cards << 32 | opp] = [k & 63 for k in out]
        return got

    def follow_order(self, cards: int, led: int) -> list[int]:
        """Follows to ``led`` from the legal ``cards``, remembered (callers must not change it)."""
        wins, win, lose = self.takes[led], self.follow_win, self.follow_lose
        out = []
        rest = cards
        while rest:
            low = rest & -rest
            c = low.bit_length() - 1
            rest ^= low
            out.append(win[c] if (wins >> c) & 1 else lose[c])
        out.sort()
        got = self.follows[cards << 6 | led] = [k & 63 for k in out]
        return got
