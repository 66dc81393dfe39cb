# cython: cdivision=True
"""The partnership kernel: Four-Hand Sixty-Six's hands played on machine ints.

``kernel.py`` plays the two-player trick-and-draw games; this is its sibling for Foster's
four-hand game (rules.md §3, the default ``variant="foster"``): four seats in two sides, 0 & 2
against 1 & 3, every card dealt, no stock, no marriages, no closing or claims, strict play
beating even a partner, 8 tricks and 10 for the last. A hand packs once into a ``Hand4`` of
plain int fields; a playout is a loop over them. The file is ordinary Python, the reference;
``kernel4.pxd`` gives the fields and locals C types, and ``setup.py`` compiles the two like the
rest of the compiled core.

As in ``kernel.py``, the kernel follows the engine move for move: its legal actions are the
engine's in the engine's order, its policy is ``bots.search.policy_action`` drawing the same
random numbers, so a playout through ``State`` with ``kernel.KernelRandom`` reaches the same end
(``tests/test_kernel4.py``).

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> from sixtysix.engine.kernel import KernelRandom, POLICY, seed_state
>>> s = Match(make_game("four-hand-sixty-six"), dealer=1).deal_hand(seed=3)
>>> h = pack(s)
>>> h.legal_actions() == s.legal_actions()
True
>>> lead, x = playout(h, seed_state(7), POLICY)
>>> from sixtysix.bots.search import play_reference
>>> t = s.copy(); _ = play_reference(t, KernelRandom(seed_state(7)), POLICY)
>>> gp = t.game_points(); lead == gp[0] - gp[1]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .kernel import _below, _count, _low, _next, _nth
from .phases import PH_OVER, PH_PLAY
from .rules import STRICT_MULTI

if TYPE_CHECKING:
    from .state import State

__all__ = ["Hand4", "pack", "playout", "playouts"]

_ONE = 1
"""``1``, typed 64-bit in kernel4.pxd: card 31's bit does not fit a C int."""
_SUITS = 0xFF
_EPS_BELOW = 1 << 51
"""``random() < 0.25`` on the generator's state (``kernel.EPS_BELOW``)."""


class Hand4:
    """One Four-Hand Sixty-Six hand packed into ints. Seats are the table's (0 to 3, play goes
    0, 1, 2, 3); a seat's side is ``seat & 1``. ``pack`` builds one from a state."""

    def __init__(self) -> None:
        self.hands = [0, 0, 0, 0]
        self.trick = [0, 0, 0, 0]
        """The cards of the trick so far, in the order played (the leader's first)."""
        self.n = 0
        """Cards in the trick so far."""
        self.win = 0
        """The index in ``trick`` of the card winning it so far."""
        self.leader = self.to_act = 0
        self.trump = 0
        self.values = 0
        """Card points by rank, 4 bits a rank (the lowest bits: the ace)."""
        self.last_bonus = 10
        self.trump_under = 1
        """``must_trump_when_cannot_overtrump``: a void seat that cannot over-trump still trumps."""
        self.size = 8
        """Tricks in a hand: all of them to one side scores 3."""
        self.points0 = self.points1 = 0
        """Each side's card points so far (the last trick's 10 counted)."""
        self.tricks0 = self.tricks1 = 0
        self.bonus = 0
        """Game points carried from drawn hands to this hand's winner."""
        self.over = False
        self.rng = 1
        # The deal of a search's worlds (``set_deal``): the seat whose view it is, the cards it
        # cannot see, each other seat's known cards, excluded cards and number of cards to draw,
        # and the order the seats are filled in (most constrained first, as determinize does).
        self.me = 0
        self.unseen = 0
        self.known = [0, 0, 0, 0]
        self.excluded = [0, 0, 0, 0]
        self.need = [0, 0, 0, 0]
        self.order = [0, 0, 0]

    def _load(self, o: Hand4) -> None:
        """Become ``o`` again."""
        for i in range(4):
            self.hands[i] = o.hands[i]
            self.trick[i] = o.trick[i]
        self.n = o.n
        self.win = o.win
        self.leader = o.leader
        self.to_act = o.to_act
        self.trump = o.trump
        self.values = o.values
        self.last_bonus = o.last_bonus
        self.trump_under = o.trump_under
        self.size = o.size
        self.points0 = o.points0
        self.points1 = o.points1
        self.tricks0 = o.tricks0
        self.tricks1 = o.tricks1
        self.bonus = o.bonus
        self.over = o.over

    def copy(self) -> Hand4:
        h = Hand4()
        h._load(self)
        h.rng = self.rng
        return h

    def hand(self, seat: int) -> int:
        """The cards ``seat`` holds, as a bit set."""
        return self.hands[seat]

    # ------------------------------------------------------------------ rules

    def _value(self, c: int) -> int:
        return (self.values >> (4 * (c & 7))) & 15

    def _cards(self, seat: int) -> int:
        """The cards ``seat`` may play: the strict multi-player rule of rules.md §0.4, beating
        even a partner (``legal.legal_follow`` with ``STRICT_MULTI``)."""
        h = self.hands[seat]
        if self.n == 0:
            return h
        led = self.trick[0]
        wc = self.trick[self.win]
        same = h & (_SUITS << (led & 24))
        if same:
            if (wc & 24) == (led & 24):  # not ruffed: beat the winning card if he can
                return same & (((_ONE << (wc & 7)) - 1) << (wc & 24)) or same
            return same
        trumps = h & (_SUITS << (self.trump * 8))
        if trumps:
            if (wc >> 3) & 3 == self.trump:
                over = trumps & (((_ONE << (wc & 7)) - 1) << (wc & 24))
                if over:
                    return over
                return trumps if self.trump_under else h
            return trumps
        return h

    def legal_actions(self) -> list[int]:
        """The cards ``State.legal_actions()`` lists, in its order (lowest first)."""
        out = []
        cards = self._cards(self.to_act)
        while cards:
            out.append(_low(cards))
            cards &= cards - 1
        return out

    def step(self, a: int) -> None:
        """Play card ``a`` (legal: nothing is checked)."""
        self._play(a)

    def _play(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat] ^= _ONE << card
        n = self.n
        self.trick[n] = card
        if n:
            wc = self.trick[self.win]
            if (card >> 3) & 3 == (wc >> 3) & 3:
                if (card & 7) < (wc & 7):  # a lower rank index is a higher card
                    self.win = n
            elif (card >> 3) & 3 == self.trump:
                self.win = n
        else:
            self.win = 0
        self.n = n + 1
        if n < 3:
            self.to_act = (seat + 1) & 3
            return
        winner = (self.leader + self.win) & 3
        pts = 0
        for i in range(4):
            pts += self._value(self.trick[i])
        self.n = 0
        self.leader = self.to_act = winner
        if not self.hands[winner]:
            pts += self.last_bonus
            self.over = True
            self.to_act = -1
        if winner & 1:
            self.points1 += pts
            self.tricks1 += 1
        else:
            self.points0 += pts
            self.tricks0 += 1

    def lead(self) -> int:
        """Side 0's game points less side 1's in the finished hand (``hand_game_points``):
        1 for 66 to 99, 2 for 100 or more, 3 for every trick, plus the carried bonus; none for
        a draw."""
        p0 = self.points0
        p1 = self.points1
        if p0 == p1:
            return 0
        if p0 > p1:
            return (3 if self.tricks0 == self.size else (2 if p0 >= 100 else 1)) + self.bonus
        return -(3 if self.tricks1 == self.size else (2 if p1 >= 100 else 1)) - self.bonus

    # ------------------------------------------------------------------ the policy

    def _key(self, c: int) -> int:
        """policy_action's order of cheapness: card points, trumps 12 dearer, then the card."""
        return (self._value(c) + (12 if (c >> 3) & 3 == self.trump else 0)) * 64 + c

    def _cheapest(self, m: int) -> int:
        best = -1
        best_key = 1 << 20
        while m:
            c = _low(m)
            m &= m - 1
            k = self._key(c)
            if k < best_key:
                best = c
                best_key = k
        return best

    def _policy(self) -> int:
        """``bots.search.policy_action`` for this game, drawing the same random numbers: a
        random card with chance 0.25; else lead the cheapest card; follow with the cheapest card
        that wins a trick worth 10 or more, else the cheapest card."""
        cards = self._cards(self.to_act)
        n = _count(cards)
        if n > 1:
            self.rng = _next(self.rng)
        if n == 1 or (self.rng >> 11) < _EPS_BELOW:
            self.rng = _next(self.rng)
            return _nth(cards, _below(self.rng, n))
        if self.n == 0:
            return self._cheapest(cards)
        stake = 0
        for i in range(self.n):
            stake += self._value(self.trick[i])
        if stake < 10:
            return self._cheapest(cards)
        wc = self.trick[self.win]
        winners = cards & (((_ONE << (wc & 7)) - 1) << (wc & 24))  # higher of its suit
        if (wc >> 3) & 3 != self.trump:
            winners |= cards & (_SUITS << (self.trump * 8))
        return self._cheapest(winners or cards)

    def _random(self) -> int:
        """``rng.choice(s.legal_actions())``."""
        cards = self._cards(self.to_act)
        self.rng = _next(self.rng)
        return _nth(cards, _below(self.rng, _count(cards)))

    # ------------------------------------------------------------------ worlds

    def set_deal(self, me: int, unseen: int, known: list[int], excluded: list[int],
                 sizes: list[int]) -> None:
        """Remember how ``redeal`` deals worlds from this hand for seat ``me``'s view: the cards
        it cannot see, and per seat the cards known to be there, the cards proven not to be
        (voids shown), and the hand size."""
        self.me = me
        self.unseen = unseen
        keys = []
        for p in range(4):
            self.known[p] = known[p]
            self.excluded[p] = excluded[p]
            self.need[p] = sizes[p] - _count(known[p])
            if p != me:
                keys.append((_count(unseen & ~excluded[p]) - self.need[p]) * 4 + p)
        keys.sort()  # most constrained first, ties by seat: determinize's order
        for i in range(3):
            self.order[i] = keys[i] & 3

    def redeal(self, origin: Hand4) -> None:
        """Become ``origin`` (which ``set_deal`` prepared) with the three other hands dealt again
        with this hand's generator, uniformly among the deals that respect the exclusions
        (after 20 failed tries, which only contradictory exclusions cause, without them): a
        determinization without building a ``State``."""
        self._load(origin)
        for attempt in range(21):
            left = origin.unseen
            ok = True
            for i in range(3):
                p = origin.order[i]
                allowed = left & ~origin.excluded[p] if attempt < 20 else left
                k = _count(allowed)
                need = origin.need[p]
                if k < need:
                    ok = False
                    break
                pick = 0
                for _ in range(need):
                    self.rng = _next(self.rng)
                    c = _nth(allowed, _below(self.rng, k))
                    allowed &= ~(_ONE << c)
                    pick |= _ONE << c
                    k -= 1
                self.hands[p] = origin.known[p] | pick
                left &= ~pick
            if ok:
                return


# ---------------------------------------------------------------------- entry points


def pack(s: State) -> Hand4 | None:
    """``s`` as a ``Hand4``, or None where this kernel does not play it (another game, the pagat
    variant or options it does not cover, a phase other than play or its end)."""
    r = s.rules
    if (s.phase not in (PH_PLAY, PH_OVER) or r.n_seats != 4 or r.sides != (0, 1, 0, 1) or r.stock
            or r.pack != 0xFFFFFFFF or r.phase2_follow != STRICT_MULTI
            or r.phase1_follow != STRICT_MULTI or not r.must_beat_partner or r.marriages
            or r.claims or r.trick_hook or r.meld_phase or r.combinations or r.phases
            or r.trump_order is not None or r.rank_order is not None
            or r.trump_values is not None or r.trump_jack_free or s.contract is not None
            or s.trump < 0 or max(r.values_by_rank) > 15 or s.nxt != (1, 2, 3, 0)):
        return None
    h = Hand4()
    for p in range(4):
        h.hands[p] = s.hands[p]
    for k, v in enumerate(r.values_by_rank):
        h.values |= v << (4 * k)
    h.last_bonus = r.last_trick_bonus
    h.trump_under = int(r.must_trump_when_cannot_overtrump)
    h.size = r.hand_size
    h.trump = s.trump
    h.leader = s.leader
    h.points0, h.points1 = s.points
    h.tricks0, h.tricks1 = s.tricks
    h.bonus = s.bonus
    h.over = s.phase == PH_OVER
    # The trick so far: replayed onto an empty trick for its winning index.
    h.to_act = s.leader
    for c in s.trick:
        h.hands[h.to_act] |= _ONE << c
        h._play(c)
    return h


def playout(h: Hand4, rng: int, policy: int) -> tuple[int, int]:
    """Play ``h`` itself to the end (``kernel.RANDOM`` or ``kernel.POLICY`` choices) from
    generator state ``rng``: side 0's game points less side 1's, and the generator's state."""
    h.rng = rng
    while not h.over:
        h._play(h._policy() if policy else h._random())
    return h.lead(), h.rng


def playouts(origin: Hand4, n: int, rng: int, policy: int) -> tuple[int, int, int]:
    """Play ``origin`` to the end ``n`` times from generator state ``rng``: the summed side-0
    leads, the cards played, and the generator's state after."""
    h = Hand4()
    total = steps = 0
    for _ in range(n):
        h._load(origin)
        h.rng = rng
        while not h.over:
            h._play(h._policy() if policy else h._random())
            steps += 1
        rng = h.rng
        total += h.lead()
    return total, steps, rng
