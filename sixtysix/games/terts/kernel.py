# cython: cdivision=True
"""The Terts kernel: a Terts hand (rules/terts.md) played on machine ints.

Terts is a two-player trick-and-draw game, but not one ``kernel.py`` plays: 32 cards (card 31
needs 64-bit sets), the jack-nine trump order with its own card values, the trump jack's
privilege, the dix taken at any turn, and the combinations — one announcement a turn, the
opponent's answer, the comparison, the automatic scoring of the winner's other combinations, the
re-use rule — and the bella. A hand packs once into a ``TertsHand`` of plain int fields; a
playout is a loop over them. The file is ordinary Python, the reference; ``kernel.pxd``
gives the fields and locals C types, and ``setup.py`` compiles the two like the rest of the
compiled core.

As the other kernels do, it follows the engine move for move: its legal actions are the
engine's (``phases/play.py`` with ``phases/announce.py``) in its order, its policy is
``bots.playout.policy_action`` drawing the same random numbers, so a playout through ``State``
with ``kernel.KernelRandom`` reaches the same end (``tests/games/test_kernel_terts.py``). The searches
play their Terts playouts here.

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> from sixtysix.engine.kernel import KernelRandom, POLICY, seed_state
>>> from sixtysix.bots.playout import play_reference
>>> s = Match(make_game("terts"), dealer=1).deal_hand(seed=4)
>>> h = pack(s)
>>> t = s.copy(); _ = play_reference(t, KernelRandom(seed_state(7)), POLICY)
>>> h.legal_actions() == s.legal_actions(), playout(h, seed_state(7), POLICY)[0] == list(t.game_points())
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import JACK, KING
from ...engine import actions
from ...engine.actions import ANNOUNCE, BELLA, COMBOS, EXCHANGE, PASS, SHOW
from ...engine.fastpath import RuleCoverage
from ...engine.kernel import above8, below, cheapest8, count64, lowest64, nth64, suit_tables, value8, xorshift
from ...engine.kernel_search import KernelHand, killer_first, play_to, playout, playouts
from ...engine.phases import PH_ANSWER, PH_OVER, PH_PLAY
from ...engine.phases.announce import KEY, N_RUNS, VALUE, announced_this_turn, played_by
from ...engine.rules import FOLLOW_OR_TRUMP, FREE

if TYPE_CHECKING:
    from ...engine.state import State

__all__ = ["TertsHand", "pack", "play_to", "playout", "playouts"]

_ONE = 1
"""``1``, typed 64-bit in kernel.pxd: card 31's bit does not fit a C int."""
_SUIT = 0xFF
"""The cards of the first suit; suit ``s`` is this << 8 * s."""
_EPS_BELOW = 1 << 51
"""``random() < 0.25`` on the generator's state (``kernel.EPS_BELOW``)."""
_ANNOUNCE, _SHOW, _BELLA, _EXCHANGE, _PASS = ANNOUNCE, SHOW, BELLA, EXCHANGE, PASS
_PLAY, _ANSWER, _OVER = PH_PLAY, PH_ANSWER, PH_OVER
_N_RUNS = N_RUNS
_BELLA_VALUE = 20
_SEVEN = 7
_JACK, _KING = JACK, KING
_SCORED = 32
"""Room for the combinations scored in a hand."""
_INF = 1 << 30
_KQ = 3
"""A suit's king and queen, from the king's bit."""

_COMBO = [0] * 92
"""The cards of each combination (``actions.COMBOS``: 84 runs, then the four-of-a-kinds)."""
_KEY = [0] * 92
"""Its rank key (``announce.KEY``: higher outranks)."""
_VALUE = [0] * 92
_LEN = [0] * 92
_TOP = [0] * 92
"""A run's length, and its top card's place in the sequence order (0: the ace)."""
_QUAD_RANKS = [JACK, 0, KING, KING + 1]
"""The four-of-a-kinds that count, in ``announce.held``'s order: jacks, aces, kings, queens."""


def _fill() -> None:
    for i in range(92):
        m = COMBOS[i]
        _COMBO[i] = m
        _KEY[i] = KEY[i]
        _VALUE[i] = VALUE[i]
        n = 0
        while m:
            n += 1
            m &= m - 1
        _LEN[i] = n
        _TOP[i] = (KEY[i] % 10) if i < N_RUNS else 0  # runs' keys end in 8 - top


_fill()





def _better(i: int, j: int) -> bool:
    """Run ``i`` is strictly better than run ``j``: longer, or as long with a higher top."""
    return _LEN[i] > _LEN[j] or (_LEN[i] == _LEN[j] and _TOP[i] > _TOP[j])


class TertsHand(KernelHand):
    """One Terts hand packed into ints (seats 0 and 1). ``pack`` builds one from a state."""

    def __init__(self) -> None:
        self._start(2)
        self.trick = [0, 0]
        self.n = 0
        self.leader = 0
        self.trump = 0
        self.phase = _PLAY
        self.stock = [0] * 16
        self.spos = self.slen = 0
        self.turnup = 0
        self.turnup_up = 1
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.pending = [0, 0]
        self.trick_no = 0
        self.bella_by = -1
        self.played = [0, 0]
        """The trump king and queen each seat has played itself (the bella's second form)."""
        self.sc_seat = [0] * 32
        self.sc_idx = [0] * 32
        self.nscored = 0
        """The combinations scored: (``sc_seat[k]``, ``sc_idx[k]``) for k below ``nscored``."""
        self.announced = -1
        """The combination announced, while the opponent answers."""
        self.turn_announced = 0
        """The seat to act has announced since the last card was played (one a turn)."""
        # The options (rules/terts.md#options) and the pack's tables for this trump.
        self.follow1 = 0
        """Phase 1's rule: 0 free, 1 follow or trump (``phase1_follow="follow_then_trump"``)."""
        self.jack_free = 1
        self.ex_from = 1
        self.needs_trick = 0
        self.extra = 0
        """``loser_side_extra``: a winning responder scores his other combinations too."""
        self.last_bonus = 10
        self.pvals = self.tvals = 0
        """Card points by rank, 8 bits a rank (the lowest: the ace), plain suits and trumps."""
        self.pbeats = self.tbeats = 0
        """The cards of its suit above a card, by rank, 8 bits a rank: plain suits and trumps."""
        self.tmp = [0] * 64  # announcements held (_legal)

    def _load(self, other: KernelHand) -> None:
        """Become ``other`` again."""
        assert isinstance(other, TertsHand)
        o = other
        for i in range(2):
            self.hands[i] = o.hands[i]
            self.trick[i] = o.trick[i]
            self.points[i] = o.points[i]
            self.tricks[i] = o.tricks[i]
            self.pending[i] = o.pending[i]
            self.played[i] = o.played[i]
        for i in range(o.slen):
            self.stock[i] = o.stock[i]
        for i in range(o.nscored):
            self.sc_seat[i] = o.sc_seat[i]
            self.sc_idx[i] = o.sc_idx[i]
        self.nscored = o.nscored
        self.n = o.n
        self.leader = o.leader
        self.to_act = o.to_act
        self.trump = o.trump
        self.phase = o.phase
        self.spos = o.spos
        self.slen = o.slen
        self.turnup = o.turnup
        self.turnup_up = o.turnup_up
        self.trick_no = o.trick_no
        self.bella_by = o.bella_by
        self.announced = o.announced
        self.turn_announced = o.turn_announced
        self.over = o.over
        self.follow1 = o.follow1
        self.jack_free = o.jack_free
        self.ex_from = o.ex_from
        self.needs_trick = o.needs_trick
        self.extra = o.extra
        self.last_bonus = o.last_bonus
        self.pvals = o.pvals
        self.tvals = o.tvals
        self.pbeats = o.pbeats
        self.tbeats = o.tbeats

    # ------------------------------------------------------------------ cards

    def _value(self, c: int) -> int:
        return value8(self.pvals, self.tvals, self.trump, c)

    def _above(self, c: int) -> int:
        """The cards of ``c``'s suit that beat it (``State.beats``)."""
        return above8(self.pbeats, self.tbeats, self.trump, c)

    def _follows(self, seat: int) -> int:
        """The cards the follower may play: free in phase 1 (or follow, else trump); in phase 2
        follow and beat, else trump; the trump jack never forced and always playable."""
        h = self.hands[seat]
        mode = self.follow1 if self.turnup_up else 2
        if mode == 0:
            return h
        led = self.trick[0]
        same = h & (_SUIT << (led & 24))
        trumps = h & (_SUIT << (self.trump * 8))
        if mode == 1:
            allowed = same or trumps or h
        elif same:
            allowed = same & self._above(led) or same
        else:
            allowed = trumps or h
        if self.jack_free:
            jack = h & (_ONE << (self.trump * 8 + _JACK))
            if jack:
                return h if allowed == jack else allowed | jack
        return allowed

    def _may_exchange(self, seat: int) -> bool:
        """The dix: the trump seven for the turn-up, at the seat's turn from ``ex_from``, while
        a face-down card is left."""
        return bool((self.hands[seat] >> (self.trump * 8 + _SEVEN)) & 1) \
            and self.trick_no >= self.ex_from and self.turnup_up != 0 and self.slen > self.spos

    # ------------------------------------------------------------------ combinations

    def _held(self, hand: int, k: int) -> int:
        """Write every combination ``hand`` holds into ``tmp`` from ``k``, in ``announce.held``'s
        order (each suit's runs by index, then four jacks, aces, kings, queens); the new count."""
        for i in range(_N_RUNS):
            if not _COMBO[i] & ~hand:
                self.tmp[k] = i
                k += 1
        for j in range(4):
            i = _N_RUNS + _QUAD_RANKS[j]
            if not _COMBO[i] & ~hand:
                self.tmp[k] = i
                k += 1
        return k

    def _eligible(self, i: int) -> bool:
        """Combination ``i`` could still score (``announce.could_score``)."""
        if i >= _N_RUNS:  # a four-of-a-kind scores once
            k = 0
            while k < self.nscored and self.sc_idx[k] != i:
                k += 1
            return k == self.nscored
        for k in range(self.nscored):
            j = self.sc_idx[k]
            if j < _N_RUNS and _COMBO[j] & _COMBO[i] and not _better(i, j):
                return False
        return True

    def _may_bella(self, seat: int) -> bool:
        if self.bella_by >= 0:
            return False
        k = self.trump * 8 + _KING
        hk = (self.hands[seat] >> k) & 1
        hq = (self.hands[seat] >> (k + 1)) & 1
        if hk and hq:
            return True
        if not (hk or hq):
            return False
        other = k + 1 if hk else k
        return bool((self.played[seat] >> other) & 1)

    def _turn_actions(self, seat: int, k: int) -> int:
        """Write one announcement of each combination that could score (once a turn), and the
        bella, into ``acts`` from ``k``; the new count."""
        if not self.turn_announced:
            n = self._held(self.hands[seat], 0)
            for t in range(n):
                if self._eligible(self.tmp[t]):
                    self.acts[k] = _ANNOUNCE + self.tmp[t]
                    k += 1
        if self._may_bella(seat):
            self.acts[k] = _BELLA
            k += 1
        return k

    def _legal(self) -> int:
        """Write the actions ``State.legal_actions()`` lists into ``acts``, in its order; the count."""
        seat = self.to_act
        k = 0
        if self.phase == _ANSWER:  # his best-ranked combinations where they outrank it; pass
            n = self._held(self.hands[seat], 0)
            best = 0
            for t in range(n):
                key = _KEY[self.tmp[t]]
                if key > best:
                    best = key
                    k = 0
                if key == best:
                    self.acts[k] = _SHOW + self.tmp[t]
                    k += 1
            if best <= _KEY[self.announced]:
                k = 0
            self.acts[k] = _PASS
            return k + 1
        m = self._follows(seat) if self.n else self.hands[seat]
        while m:
            self.acts[k] = lowest64(m)
            k += 1
            m &= m - 1
        if self._may_exchange(seat):
            self.acts[k] = _EXCHANGE
            k += 1
        return self._turn_actions(seat, k)

    def legal_actions(self) -> list[int]:
        """The actions ``State.legal_actions()`` lists, in its order."""
        if self.over:
            return []
        k = self._legal()
        return [self.acts[i] for i in range(k)]

    def step(self, a: int) -> None:
        """Take legal action ``a`` (nothing is checked)."""
        self._step(a)

    def _step(self, a: int) -> None:
        seat = self.to_act
        if actions.is_play(a):
            self._play(a)
        elif a == _EXCHANGE:
            low = self.trump * 8 + _SEVEN
            self.hands[seat] ^= (_ONE << low) | (_ONE << self.turnup)
            self.turnup = low
        elif a == _BELLA:
            self.bella_by = seat
            self._credit(seat, _BELLA_VALUE)
        elif a == _PASS:  # the announcer wins the comparison
            self.phase = _PLAY
            self.to_act = 1 - seat
            self._win(1 - seat, self.announced, True)
        elif actions.is_show(a):  # the responder's combination outranks it
            self.phase = _PLAY
            self.to_act = 1 - seat
            self._win(seat, actions.combo_index(a), bool(self.extra))
        else:  # an announcement: the opponent answers
            self.announced = actions.combo_index(a)
            self.turn_announced = 1
            self.phase = _ANSWER
            self.to_act = 1 - seat

    def _credit(self, seat: int, value: int) -> None:
        if self.tricks[seat] or not self.needs_trick:
            self.points[seat] += value
        else:
            self.pending[seat] += value

    def _score(self, seat: int, i: int) -> None:
        self.sc_seat[self.nscored] = seat
        self.sc_idx[self.nscored] = i
        self.nscored += 1
        self._credit(seat, _VALUE[i])

    def _win(self, seat: int, i: int, extra: bool) -> None:
        """``seat`` wins the comparison with ``i`` (``announce._win``): it scores if it still can;
        with ``extra`` his other combinations that could score follow, best first, sharing no
        card with those taken."""
        used = _COMBO[i]
        if self._eligible(i):
            self._score(seat, i)
        if not extra:
            return
        n = self._held(self.hands[seat], 0)
        # By rank key, highest first, then by index: an insertion sort of a handful.
        for t in range(1, n):
            j = self.tmp[t]
            u = t
            while u > 0 and (_KEY[self.tmp[u - 1]] < _KEY[j] or
                             (_KEY[self.tmp[u - 1]] == _KEY[j] and self.tmp[u - 1] > j)):
                self.tmp[u] = self.tmp[u - 1]
                u -= 1
            self.tmp[u] = j
        for t in range(n):
            j = self.tmp[t]
            if j != i and not _COMBO[j] & used and self._eligible(j):
                used |= _COMBO[j]
                self._score(seat, j)

    def _play(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat] ^= _ONE << card
        self.played[seat] |= _ONE << card
        self.turn_announced = 0
        if self.n == 0:
            self.trick[0] = card
            self.n = 1
            self.to_act = 1 - seat
            return
        self.trick[1] = card
        c0 = self.trick[0]
        if (card >> 3) & 3 == (c0 >> 3) & 3:
            w = (self._above(c0) >> card) & 1
        else:
            w = 1 if (card >> 3) & 3 == self.trump else 0
        winner = self.leader if w == 0 else seat
        self.points[winner] += self._value(c0) + self._value(card)
        self.tricks[winner] += 1
        if self.pending[winner]:
            self.points[winner] += self.pending[winner]
            self.pending[winner] = 0
        self.n = 0
        self.trick_no += 1
        self.leader = self.to_act = winner
        if not self.hands[winner] and (self.spos == self.slen or not self.turnup_up):
            self.points[winner] += self.last_bonus
            self.over = True
            self.phase = _OVER
            self.to_act = -1
            return
        if self.turnup_up:  # the winner draws first; the last draw takes the turn-up
            p = winner
            for _ in range(2):
                if self.spos < self.slen:
                    self.hands[p] |= _ONE << self.stock[self.spos]
                    self.spos += 1
                elif self.turnup_up:
                    self.hands[p] |= _ONE << self.turnup
                    self.turnup_up = 0
                p = 1 - p

    # ------------------------------------------------------------------ scoring

    def game_points(self, seat: int) -> int:
        """``seat``'s hand score: his card points, the last trick, his combinations and bella
        (``Terts.hand_game_points``)."""
        return self.points[seat]

    def leads(self) -> list[float]:
        """Per seat, its points less the other's (``playout.outcome``)."""
        d = float(self.points[0] - self.points[1])
        return [d, -d]

    # ------------------------------------------------------------------ exact play

    def cards_left(self) -> int:
        """The cards still in the two hands."""
        return count64(self.hands[0]) + count64(self.hands[1])

    def _new(self) -> TertsHand:
        return TertsHand()

    def _depth(self) -> int:
        """``solve`` searches the engine's actions (announcements, answers and the bella too):
        a card is at most four plies (an announcement, its answer, the bella, the card)."""
        return 4 * self.cards_left() + 4

    def _terminal(self, side: int, scale: int, margin: bool) -> int:
        """The hand's value for ``side`` (a Terts hand's game points are its points), recording
        each seat's hand score in ``fin0`` and ``fin1``: ``solve`` passes them up the best
        line."""
        self.fin0 = self.points[0]
        self.fin1 = self.points[1]
        v = self.points[side] - self.points[1 - side]
        return v * scale + (v if margin else 0)

    def context(self) -> tuple[int, ...]:
        """What the positions of one table of ``value`` share: the trumps and the rules (the
        solver keeps a table per context)."""
        return (self.trump, self.pvals, self.tvals, self.pbeats, self.tbeats, self.follow1,
                self.jack_free, self.ex_from, self.needs_trick, self.extra, self.last_bonus)

    def value(self, scale: int, margin: bool,
              tt: dict[tuple[int, ...], tuple[int, int]] | None = None) -> int:
        """``solve``'s value (without its line's hand scores), searched with a transposition
        table: what ``bots.solver.Solver`` asks of a Terts position. A position's key leaves
        out the points, so a node is searched for what is still to come (the hand's points
        then decide only the sum): from the stock's end, nine cards a side with their
        announcements, the positions reached again in another order are most of the tree.
        ``tt``: a table to keep between positions of one hand (the same trumps, rules and
        ``scale`` and ``margin``), else a new one."""
        stack = [TertsHand() for _ in range(4 * self.cards_left() + 4)]
        mult = scale + 1 if margin else scale
        me = self.to_act
        if tt is None:
            tt = {}
        return self._future(stack, 0, -_INF, _INF, mult, tt) \
            + (self.points[me] - self.points[1 - me]) * mult

    def _key(self) -> tuple[int, ...]:
        """What decides the rest of the hand, but the points: the cards, the turn, the trick,
        the answer awaited, the bella, the combinations scored (by index: ``_eligible``), the
        credit still pending, and the stock while it lasts."""
        low = high = 0  # the combinations scored: indices 0-63, then 64-91
        for k in range(self.nscored):
            i = self.sc_idx[k]
            if i < 64:
                low |= _ONE << i
            else:
                high |= _ONE << (i - 64)
        kq = _KQ << (self.trump * 8 + _KING)
        return (self.hands[0], self.hands[1], self.to_act, self.leader, self.n,
                self.trick[0] if self.n else -1, self.phase,
                self.announced if self.phase == _ANSWER else -1, self.turn_announced,
                int(self.bella_by >= 0), self.played[0] & kq, self.played[1] & kq, low, high,
                self.pending[0], self.pending[1], int(self.tricks[0] > 0),
                int(self.tricks[1] > 0), self.spos, self.turnup_up, self.turnup,
                self.trick_no if self.turnup_up else -1)

    def _future(self, stack: list[TertsHand], d: int, alpha: int, beta: int, mult: int,
                tt: dict[tuple[int, ...], tuple[int, int]]) -> int:
        """Negamax with alpha-beta and a table of bounds: for the seat to act, its points less
        the other's still to be won from here, times ``mult``."""
        key = self._key()
        lo, hi = -_INF, _INF
        got = tt.get(key)
        if got is not None:
            lo, hi = got
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        me = self.to_act
        now = self.points[me] - self.points[1 - me]
        k = self._legal()
        best = -_INF
        child: TertsHand = stack[d]
        killer_first(self, k, child.killer)
        for i in range(k):
            a = self.acts[i]
            child._load(self)
            child._step(a)
            gain = (child.points[me] - child.points[1 - me] - now) * mult
            if child.over:
                v = gain
            elif child.to_act == me:
                v = gain + child._future(stack, d + 1, alpha - gain, beta - gain, mult, tt)
            else:
                v = gain - child._future(stack, d + 1, gain - beta, gain - alpha, mult, tt)
            if v > best:
                best = v
                child.killer = a
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        # Fail-soft bounds, valid whatever window found them (bots.solver._entry).
        if best <= a0:
            tt[key] = (lo, best if best < hi else hi)
        elif best >= beta:
            tt[key] = (best if best > lo else lo, hi)
        else:
            tt[key] = (best, best)
        return best

    # ------------------------------------------------------------------ the policy

    def _enter(self, parent: KernelHand, a: int) -> None:
        self._load(parent)
        self._step(a)

    def _run(self, policy: int, cards: int) -> int:
        """``kernel_search``'s playout loop, here so that its calls stay direct."""
        steps = 0
        if cards < 0:  # to the end: the playouts' loop, without play_to's count of the cards
            while not self.over:
                self._step(self._policy() if policy else self._random())
                steps += 1
            return steps
        while not self.over and self.cards_left() > cards:
            self._step(self._policy() if policy else self._random())
            steps += 1
        return steps

    def _policy(self) -> int:
        """``bots.playout.policy_action`` for Terts, drawing the same random numbers: the dix, the
        bella and a show whenever offered; else announce the highest-ranked combination; else a
        random card with chance 0.25; else lead the cheapest card; follow with the cheapest card
        that wins a trick worth 10 or more (in phase 2 any trick), else the cheapest card."""
        k = self._legal()
        plays = 0
        best = -1
        best_key = -1
        for i in range(k):
            a = self.acts[i]
            if actions.is_play(a):
                plays |= _ONE << a
            elif a in (_EXCHANGE, _BELLA) or actions.is_show(a):
                return a
            elif actions.is_announcement(a) and _KEY[actions.combo_index(a)] > best_key:
                best = a  # the first of the highest
                best_key = _KEY[actions.combo_index(a)]
        if best >= 0:
            return best
        if not plays:
            return _PASS
        n = count64(plays)
        if n > 1:
            self.rng = xorshift(self.rng)
        if n == 1 or (self.rng >> 11) < _EPS_BELOW:
            self.rng = xorshift(self.rng)
            return nth64(plays, below(self.rng, n))
        if self.n == 0:
            return cheapest8(plays, self.pvals, self.tvals, self.trump)
        wc = self.trick[0]
        winners = plays & self._above(wc)
        if (wc >> 3) & 3 != self.trump:
            winners |= plays & (_SUIT << (self.trump * 8))
        if winners and (self._value(wc) >= 10 or not self.turnup_up):
            return cheapest8(winners, self.pvals, self.tvals, self.trump)
        return cheapest8(plays, self.pvals, self.tvals, self.trump)

    def _random(self) -> int:
        """``rng.choice(s.legal_actions())``."""
        k = self._legal()
        self.rng = xorshift(self.rng)
        return self.acts[below(self.rng, k)]


# ---------------------------------------------------------------------- entry points

COVERAGE = RuleCoverage(
    # The rank orders and card values come with the state's tables (the trump jack and nine).
    plays=("pack", "values_by_rank", "trump_order", "trump_values", "rank_order",
           "exchange_from_trick", "marriage_needs_trick", "last_trick_bonus", "trump_jack_free",
           "loser_side_extra"),
    only={"hand_size": (9,), "phase1_follow": (FREE, FOLLOW_OR_TRUMP), "exchange_rank": (_SEVEN,),
          "exchange_any_time": (True,), "exchange_needs_trick": (False,),
          "combinations": (True,)},
    at_default=("n_seats", "sides", "stock", "phase2_follow", "must_beat_partner",
                "must_trump_when_cannot_overtrump", "exchange_min_facedown", "exchange_on_close",
                "marriages", "marriage_credit", "marriages_after_close",
                "show_marriage_to_go_out", "close_allowed", "close_requires", "close_before_draw",
                "close_min_facedown", "claims", "claim_timing", "claim_target", "auto_claim",
                "claim_side", "trump_choice", "trump_must_be_held", "first_packet",
                "partner_marriage", "trick_hook", "min_bid", "max_bid", "all_pass", "phases",
                "first_trick_visible", "meld_phase", "openings", "low_rank", "melds_in_phase2",
                "five_low"),
)
"""The rule fields this kernel implements (``fastpath.RuleCoverage``): Terts' two seats with a
stock, the seven's exchange, and combinations announced and answered."""

WALKED = False
"""The searches play their worlds out and solve them on this kernel (``play_to``, ``solve``),
rather than walk their trees on it (``fastpath.GameHand``)."""
RACE = True
"""A hand's game points go to the running totals, a race to the target: a playout's points are
kept for ``bots.playout.race_rewards``."""
JUDGED: tuple[int, ...] = ()
"""The phases from which the bidding players' judge plays a hand out here: none (no bidding)."""
TABLED = True
"""``bots.solver.Solver`` values this kernel's positions on it (``value``, with a table kept per
``context``) rather than through ``State``."""


def pack(s: State) -> TertsHand | None:
    """``s`` as a ``TertsHand``, or None where this kernel does not play it (another game, or
    another phase)."""
    r = s.rules
    fp = s.game.fast_path
    if fp is None or fp.kernel != __name__ or s.phase not in (PH_PLAY, PH_ANSWER, PH_OVER) \
            or s.trump < 0:
        return None
    h = TertsHand()
    for p in range(2):
        h.hands[p] = s.hands[p]
        h.points[p] = s.points[p]
        h.tricks[p] = s.tricks[p]
        h.pending[p] = s.pending[p]
    for i, c in enumerate(s.stock):
        h.stock[i] = c
    h.slen = len(s.stock)
    h.spos = s.spos
    h.turnup = s.turnup
    h.turnup_up = int(s.turnup_up)
    t = s.trump
    h.trump = t
    h.pvals, h.tvals, h.pbeats, h.tbeats = suit_tables(s.values, s.beats, t)
    h.follow1 = 0 if r.phase1_follow == FREE else 1
    h.jack_free = int(r.trump_jack_free)
    h.ex_from = r.exchange_from_trick
    h.needs_trick = int(r.marriage_needs_trick)
    h.extra = int(r.loser_side_extra)
    h.last_bonus = r.last_trick_bonus
    h.trick_no = s.trick_no
    h.bella_by = s.bella_by
    if s.bella_by < 0:  # the bella's second form asks who played the trump king or queen
        kq = 3 << (t * 8 + _KING)
        gone = s.won[0] | s.won[1]
        for c in s.trick:
            gone |= _ONE << c
        if kq & gone:
            for seat in range(2):
                h.played[seat] = played_by(s, seat) & kq
    for k, (seat, i) in enumerate(s.scored):
        h.sc_seat[k] = seat
        h.sc_idx[k] = i
    h.nscored = len(s.scored)
    if s.phase == PH_ANSWER:
        h.announced = s.history[-1] - _ANNOUNCE
    h.turn_announced = int(announced_this_turn(s))
    h.leader = s.leader
    h.to_act = s.to_act
    h.phase = s.phase
    h.over = s.phase == PH_OVER
    h.n = len(s.trick)
    for i, c in enumerate(s.trick):
        h.trick[i] = c
    return h
