# cython: cdivision=True
"""The Gaigel kernel: a Gaigel hand (rules/gaigel.md) played on machine ints.

``kernel.py`` plays the two-player games and ``kernel_multi.py`` the games that deal every card;
Gaigel has both a stock and four seats, and more besides: the double pack (48 cards, so card sets
take 64 bits; of two identical cards the first played wins), forehand's opening of trick 1, the
leader's melds (a partner's too, after ``defer``), robbing the turn-up with the low trump, the
knock and the reverse knock, Auf Dissle. A hand packs once into a ``GaigelHand`` of plain int
fields; a playout is a loop over them. The file is ordinary Python, the reference;
``kernel.pxd`` gives the fields and locals C types, and ``setup.py`` compiles the two like
the rest of the compiled core.

As the other kernels do, it follows the engine move for move: its legal actions are
``engine/phases/meld.py``'s in its order, its policy is ``bots.playout.policy_action`` drawing the
same random numbers, so a playout through ``State`` with ``kernel.KernelRandom`` reaches the same
end (``tests/games/test_kernel_gaigel.py``). The searches play their Gaigel playouts here.

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> from sixtysix.engine.kernel import KernelRandom, POLICY, seed_state
>>> from sixtysix.bots.playout import play_reference
>>> s = Match(make_game("gaigel"), dealer=3).deal_hand(seed=1)
>>> h = pack(s)
>>> t = s.copy(); _ = play_reference(t, KernelRandom(seed_state(7)), POLICY)
>>> h.legal_actions() == s.legal_actions(), playout(h, seed_state(7), POLICY)[0] == list(t.game_points())
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import actions
from ...engine.actions import DECLARE, DEFER, EXCHANGE, MARRY, MARRY_DOUBLE, MELD_LOW, OPEN, PASS, REVERSE
from ...engine.fastpath import RuleCoverage
from ...engine.kernel import below, cheapest, count64, lowest64, nth64, xorshift
from ...engine.kernel_search import KernelHand, play_to, playout, playouts
from ...engine.phases import PH_MELD, PH_MELD_DEFER, PH_OVER
from ...engine.rules import STRICT_MULTI

if TYPE_CHECKING:
    from ...engine.state import State

__all__ = ["GaigelHand", "pack", "play_to", "playout", "playouts"]

_ONE = 1
"""``1``, typed 64-bit in kernel.pxd: the second copies are cards 32 to 63."""
_EPS_BELOW = 1 << 51
"""``random() < 0.25`` on the generator's state (``kernel.EPS_BELOW``)."""
_MARRY, _DOUBLE, _OPEN, _MELD_LOW, _DEFER, _PASS = MARRY, MARRY_DOUBLE, OPEN, MELD_LOW, DEFER, PASS
_DECLARE, _REVERSE, _EXCHANGE = DECLARE, REVERSE, EXCHANGE
_MELD, _MELD_DEFER, _OVER = PH_MELD, PH_MELD_DEFER, PH_OVER
_ANDERE_ALTE, _GE_ELFEN, _HOEHER, _AUF_DISSLE = 0, 1, 2, 3
"""Forehand's openings, as ``meld.py`` numbers them (indices into ``actions.OPENINGS``)."""
_MELD_USED, _LOW_SHOWN = 1, 2
"""``lead_flags``, as in ``meld.py``."""
_PLAYED_OUT, _KNOCK, _REVERSE_KNOCK, _DISSLE_LOST, _DISSLE_WON, _FIVE_LOW = 0, 1, 2, 3, 4, 5
"""How the hand ended (``meld.py``'s ``END_*``)."""
_TARGET = 101
_FIVE_LOW_POINTS = 111
_KINGS = 0x0404040404040404
"""Both copies of every king (rank 2); a queen is its king's bit << 1."""
_ACES = 0x0101010101010101
_SUIT0 = 0x000000FF000000FF
"""Both copies of the first suit; suit ``s`` is this << 8 * s."""




def _suit(s: int) -> int:
    """Both copies of suit ``s`` (-1: none)."""
    if s < 0:
        return 0
    return _SUIT0 << (8 * s)


def _above(c: int) -> int:
    """The cards of ``c``'s suit that beat it (``State.beats``): higher ranks, both copies; never
    its identical twin, so of two identical cards the first played wins."""
    m = ((_ONE << (c & 7)) - 1) << (c & 24)
    return m | (m << 32)


class GaigelHand(KernelHand):
    """One Gaigel hand packed into ints: seats 0 & 2 against 1 & 3, play going 0, 1, 2, 3.
    ``pack`` builds one from a state."""

    def __init__(self) -> None:
        self._start(4)
        self.trick = [0, 0, 0, 0]
        """The cards of the trick so far, the leader's first; seat ``(leader + i) & 3`` played
        ``trick[i]``."""
        self.n = 0
        self.leader = 0
        self.forehand = 0
        self.trump = 0
        self.phase = _MELD
        self.stock = [0] * 28
        self.spos = self.slen = 0
        self.turnup = 0
        self.turnup_up = 1
        self.exchanged = 0
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.trick_no = 0
        self.opening = -1
        self.melded = 0
        """A bit per seat and suit melded (``seat * 4 + suit``), and 16 + seat for five low."""
        self.lead_flags = 0
        self.promise = -1
        """The partner's meld card he must play to this trick: ``seat << 6 | card``, or -1."""
        self.end_kind = _PLAYED_OUT
        self.claimant = -1
        # The options (rules/gaigel.md#options) and the pack.
        self.values = 0
        """Card points by rank, 4 bits a rank (the lowest bits: the ace)."""
        self.low = 7
        self.low_mask = 0
        self.openings = 1
        self.partner_meld = 1
        self.phase2_melds = 1
        self.instant_five = 0
        self.rob_needs_trick = 1
        self.last_bonus = 10
        self.no_trick_test = 0
        """``gaigel_test="opponents_no_trick"``; else a Gaigel needs opponents at 0 points."""
        self.overplayed = 0
        self.award = 2

    def _load(self, other: KernelHand) -> None:
        """Become ``other`` again."""
        assert isinstance(other, GaigelHand)
        o = other
        for i in range(4):
            self.hands[i] = o.hands[i]
            self.trick[i] = o.trick[i]
        for i in range(o.slen):
            self.stock[i] = o.stock[i]
        self.points[0] = o.points[0]
        self.points[1] = o.points[1]
        self.tricks[0] = o.tricks[0]
        self.tricks[1] = o.tricks[1]
        self.n = o.n
        self.leader = o.leader
        self.to_act = o.to_act
        self.forehand = o.forehand
        self.trump = o.trump
        self.phase = o.phase
        self.spos = o.spos
        self.slen = o.slen
        self.turnup = o.turnup
        self.turnup_up = o.turnup_up
        self.exchanged = o.exchanged
        self.trick_no = o.trick_no
        self.opening = o.opening
        self.melded = o.melded
        self.lead_flags = o.lead_flags
        self.promise = o.promise
        self.end_kind = o.end_kind
        self.claimant = o.claimant
        self.over = o.over
        self.values = o.values
        self.low = o.low
        self.low_mask = o.low_mask
        self.openings = o.openings
        self.partner_meld = o.partner_meld
        self.phase2_melds = o.phase2_melds
        self.instant_five = o.instant_five
        self.rob_needs_trick = o.rob_needs_trick
        self.last_bonus = o.last_bonus
        self.no_trick_test = o.no_trick_test
        self.overplayed = o.overplayed
        self.award = o.award

    # ------------------------------------------------------------------ rules

    def _value(self, c: int) -> int:
        return (self.values >> (4 * (c & 7))) & 15

    def _winner(self, trump: int) -> int:
        """Index of the card winning the trick so far with ``trump`` (-1: none), the rule of
        ``legal.trick_winner``."""
        w = 0
        wc = self.trick[0]
        for i in range(1, self.n):
            c = self.trick[i]
            if (c >> 3) & 3 == (wc >> 3) & 3:
                if (c & 7) < (wc & 7):
                    w = i
                    wc = c
            elif (c >> 3) & 3 == trump:
                w = i
                wc = c
        return w

    def _trick1_winner(self) -> int:
        """Index of the winning card of trick 1 under forehand's opening (``meld.opening_winner``)."""
        if self.opening == _ANDERE_ALTE:
            for i in range(1, 4):
                if self.trick[i] & 31 == self.trick[0] & 31:
                    return i  # the first to play the other ace
            return 0
        if self.opening == _GE_ELFEN:
            return 0
        if self.opening == _HOEHER:
            return self._winner(-1)  # trumps have no power
        return self._winner(self.trump)

    def _cards(self, seat: int) -> int:
        """The cards a follower may play: the partner's promised meld card; anything in trick 1
        and while the stock lasts; after it, the strict multi-player rule
        (rules/index.md#what-the-games-share, beating
        even a partner, trumping where he cannot over-trump)."""
        h = self.hands[seat]
        if self.promise >= 0 and self.promise >> 6 == seat:
            return _ONE << (self.promise & 63)
        if self.trick_no == 0 or self.turnup_up:
            return h
        led = self.trick[0]
        wc = self.trick[self._winner(self.trump)]
        same = h & _suit((led >> 3) & 3)
        if same:
            if (wc >> 3) & 3 == (led >> 3) & 3:
                return same & _above(wc) or same
            return same
        trumps = h & _suit(self.trump)
        if trumps:
            if (wc >> 3) & 3 == self.trump:
                return trumps & _above(wc) or trumps
            return trumps
        return h

    def _five_low(self, seat: int) -> bool:
        h = self.hands[seat]
        return count64(h) == 5 and not h & ~self.low_mask

    def _held_low_trump(self, seat: int) -> int:
        """The copy of the low trump ``seat`` holds (the first where both), or -1."""
        low = self.trump * 8 + self.low
        h = self.hands[seat]
        if (h >> low) & 1:
            return low
        return low | 32 if (h >> (low | 32)) & 1 else -1

    def _may_rob(self, seat: int) -> bool:
        if self.exchanged or not self.turnup_up or self.n or (self.turnup & 7) == self.low:
            return False
        if self.rob_needs_trick and not self.tricks[seat & 1]:
            return False
        if self.trick_no == 0 and self.opening >= 0:
            return False
        return self._held_low_trump(seat) >= 0

    def _marriages(self, seat: int, k: int) -> int:
        """Write ``marry C`` and ``marry double C`` for the suits ``seat`` has not melded into
        ``acts`` from ``k``, as ``meld._marriages`` lists them; the new count."""
        h = self.hands[seat]
        for suit in range(4):
            if (self.melded >> (seat * 4 + suit)) & 1:
                continue
            sm = _suit(suit)
            ks = h & _KINGS & sm
            qs = h & (_KINGS << 1) & sm
            if ks and qs:
                both = ks | qs
                m = both
                while m:
                    self.acts[k] = _MARRY + lowest64(m)
                    k += 1
                    m &= m - 1
                if count64(ks) == 2 and count64(qs) == 2:
                    m = both
                    while m:
                        self.acts[k] = _DOUBLE + lowest64(m)
                        k += 1
                        m &= m - 1
        return k

    def _legal(self) -> int:
        """Write the actions ``State.legal_actions()`` lists into ``acts``, in its order; the count."""
        seat = self.to_act
        h = self.hands[seat]
        k = 0
        if self.phase == _MELD_DEFER:
            k = self._marriages(seat, 0)
            self.acts[k] = _PASS
            return k + 1
        if self.n:
            m = self._cards(seat)
            while m:
                self.acts[k] = lowest64(m)
                k += 1
                m &= m - 1
            return k
        if self.trick_no == 0 and self.openings:
            trumps = _suit(self.trump)
            aces = h & _ACES & ~trumps
            for o in range(2):  # Andere Alte, then Ge-Elfen: a non-trump ace
                m = aces
                while m:
                    self.acts[k] = _OPEN + o * 64 + lowest64(m)
                    k += 1
                    m &= m - 1
            m = h & ~_ACES & ~trumps  # Höher: neither an ace nor a trump
            while m:
                self.acts[k] = _OPEN + _HOEHER * 64 + lowest64(m)
                k += 1
                m &= m - 1
            m = h
            while m:
                self.acts[k] = _OPEN + _AUF_DISSLE * 64 + lowest64(m)
                k += 1
                m &= m - 1
        else:
            m = h & self.low_mask if self.lead_flags & _LOW_SHOWN else h
            while m:
                self.acts[k] = lowest64(m)
                k += 1
                m &= m - 1
        if self.trick_no:
            if not self.lead_flags & _MELD_USED and (self.turnup_up or self.phase2_melds):
                k = self._marriages(seat, k)
                if self._five_low(seat) and not (self.melded >> (16 + seat)) & 1:
                    self.acts[k] = _MELD_LOW
                    k += 1
                if self.partner_meld and self.turnup_up:
                    self.acts[k] = _DEFER
                    k += 1
            self.acts[k] = _DECLARE
            self.acts[k + 1] = _REVERSE
            k += 2
        if self._may_rob(seat):
            self.acts[k] = _EXCHANGE
            k += 1
        return k

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
        if self.phase == _MELD_DEFER:  # the partner melds (and names the card he will play)
            if a != _PASS:
                both = actions.is_double_marriage(a)
                card = actions.named_card(a)
                self._meld(self.to_act, card, both)
                self.promise = self.to_act << 6 | card
            self.phase = _MELD
            self.to_act = self.leader
        elif actions.is_play(a):
            self._play(a)
        elif actions.is_marriage(a):
            self._meld(self.to_act, actions.named_card(a), False)
            self._play(actions.named_card(a))
        elif actions.is_opening(a):
            self.opening = actions.opening_index(a)
            if self.opening == _AUF_DISSLE and self._five_low(self.to_act):
                self._finish(_DISSLE_WON, self.to_act)  # five low cards on the announcement
            else:
                self._play(actions.named_card(a))
        elif actions.is_double_marriage(a):
            self._meld(self.to_act, actions.named_card(a), True)
            self._play(actions.named_card(a))
        elif a == _EXCHANGE:
            seat = self.to_act
            low = self._held_low_trump(seat)
            self.hands[seat] ^= (_ONE << low) | (_ONE << self.turnup)
            self.turnup = low
            self.exchanged = 1
        elif a == _DECLARE:
            self._finish(_KNOCK, self.to_act)
        elif a == _REVERSE:
            self._finish(_REVERSE_KNOCK, self.to_act)
        elif a == _MELD_LOW:
            seat = self.to_act
            self.melded |= 1 << (16 + seat)
            self.lead_flags |= _MELD_USED | _LOW_SHOWN
            if self.instant_five:
                self._finish(_FIVE_LOW, seat)
            else:
                self.points[seat & 1] += _FIVE_LOW_POINTS
        else:  # defer: the partner melds or passes
            self.lead_flags |= _MELD_USED
            self.phase = _MELD_DEFER
            self.to_act = (self.leader + 2) & 3

    def _meld(self, seat: int, card: int, both: bool) -> None:
        """Show a marriage of ``card``'s suit (both pairs if ``both``), credited at once: only a
        team that has won a trick melds."""
        suit = (card >> 3) & 3
        value = 40 if suit == self.trump else 20
        if both:
            value *= 2
        self.points[seat & 1] += value
        self.melded |= 1 << (seat * 4 + suit)
        self.lead_flags |= _MELD_USED

    def _finish(self, kind: int, claimant: int) -> None:
        self.end_kind = kind
        self.claimant = claimant
        self.over = True
        self.phase = _OVER
        self.to_act = -1

    def _play(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat] ^= _ONE << card
        if self.promise >= 0 and self.promise >> 6 == seat:
            self.promise = -1
        self.trick[self.n] = card
        self.n += 1
        if self.n < 4:
            self.to_act = (seat + 1) & 3
            return
        w = self._trick1_winner() if self.trick_no == 0 else self._winner(self.trump)
        winner = (self.leader + w) & 3
        side = winner & 1
        pts = 0
        for i in range(4):
            pts += self._value(self.trick[i])
        self.points[side] += pts
        self.tricks[side] += 1
        self.n = 0
        self.trick_no += 1
        self.leader = self.to_act = winner
        self.lead_flags = 0
        self.promise = -1
        last = not self.hands[winner] and not self.turnup_up
        if last:  # counted also when Auf Dissle is lost in that very trick
            self.points[side] += self.last_bonus
        if self.opening == _AUF_DISSLE and winner == self.forehand:
            self._finish(_DISSLE_LOST, -1)
            return
        if last:
            self._finish(_PLAYED_OUT, -1)
            return
        if self.turnup_up:  # everyone draws, the winner first; the last takes the turn-up
            p = winner
            for _ in range(4):
                if self.spos < self.slen:
                    self.hands[p] |= _ONE << self.stock[self.spos]
                    self.spos += 1
                elif self.turnup_up:
                    self.hands[p] |= _ONE << self.turnup
                    self.turnup_up = 0
                p = (p + 1) & 3
            if self.opening == _AUF_DISSLE and self._five_low(self.forehand):
                self._finish(_DISSLE_WON, self.forehand)

    # ------------------------------------------------------------------ scoring

    def game_points(self, seat: int) -> int:
        """``seat``'s game points (his side's) in the finished hand, as ``Gaigel._outcome``
        gives them."""
        side = seat & 1
        kind = self.end_kind
        if kind in (_KNOCK, _REVERSE_KNOCK):
            a = self.claimant & 1
            b = 1 - a
            if kind == _KNOCK:
                if self.points[a] < _TARGET:
                    return 2 if side == b else 0
                gaigel = self.tricks[b] == 0 if self.no_trick_test else self.points[b] == 0
                if side == a:
                    return 2 if gaigel else 1
                return 0
            if self.points[b] >= _TARGET:
                return 2 if side == a else 0
            return 2 if side == b else 0
        if kind == _DISSLE_LOST:
            return self.award if side != self.forehand & 1 else 0
        if kind == _DISSLE_WON:
            return self.award if side == self.forehand & 1 else 0
        if kind == _FIVE_LOW:
            return self.award if side == self.claimant & 1 else 0
        p0 = self.points[0]
        p1 = self.points[1]
        if self.overplayed and (p0 >= _TARGET or p1 >= _TARGET):
            return 2 if self.points[1 - side] >= _TARGET else 0
        if p0 == p1:
            return 0
        return 1 if (p0 > p1) == (side == 0) else 0

    def leads(self) -> list[float]:
        """Per seat, its side's game points less the other side's (``playout.outcome``)."""
        g0 = self.game_points(0)
        g1 = self.game_points(1)
        d = float(g0 - g1)
        return [d, -d, d, -d]

    # ------------------------------------------------------------------ exact play

    def cards_left(self) -> int:
        """The cards still in the four hands."""
        n = 0
        for p in range(4):
            n += count64(self.hands[p])
        return n

    def _new(self) -> GaigelHand:
        return GaigelHand()

    def _depth(self) -> int:
        """``solve`` searches the engine's actions, melds and knocks too: a card is at most
        three plies (a deferred meld, its answer, the card)."""
        return 3 * self.cards_left() + 4

    def _terminal(self, side: int, scale: int, margin: bool) -> int:
        v = (self.game_points(side) - self.game_points(1 - side)) * scale
        if margin:
            v += self.points[side] - self.points[1 - side]
        return v

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
        """``bots.playout.policy_action`` for Gaigel, drawing the same random numbers: knock at
        101, reverse-knock where the opponents passed it, rob, meld at random where the leader or
        the partner can; the openings by their rank; else a random card with chance 0.25, else
        lead the cheapest card; follow a trick the partner is winning by smearing, else with the
        cheapest card that wins a trick worth 10 or more, else the cheapest card."""
        k = self._legal()
        side = self.to_act & 1
        marry = 0
        plays = 0
        opens = 0
        for i in range(k):
            a = self.acts[i]
            if actions.is_play(a):
                plays |= _ONE << a
            elif a == _DECLARE:
                if self.points[side] >= _TARGET:
                    return a
            elif a == _REVERSE:
                if self.points[1 - side] >= _TARGET:
                    return a
            elif a == _EXCHANGE:
                return a
            elif actions.is_marriage(a) or a == _MELD_LOW or actions.is_double_marriage(a):
                self.acts[marry] = a  # the melds, gathered at the front in order
                marry += 1
            elif actions.is_opening(a):
                opens += 1
        if marry:
            self.rng = xorshift(self.rng)
            return self.acts[below(self.rng, marry)]
        if plays:
            n = count64(plays)
            if n > 1:
                self.rng = xorshift(self.rng)
            if n == 1 or (self.rng >> 11) < _EPS_BELOW:
                self.rng = xorshift(self.rng)
                return nth64(plays, below(self.rng, n))
            if self.n == 0:
                return cheapest(plays, self.values, self.trump)
            return self._follow(plays, side)
        if opens:
            return self._opening(k)
        return _PASS  # the partner with nothing to meld

    def _opening(self, k: int) -> int:
        """Ge-Elfen (a sure trick) before Höher before Auf Dissle, at random among its cards:
        ``playout._opening``."""
        best = 4
        for i in range(k):
            a = self.acts[i]
            if actions.is_opening(a):
                o = actions.opening_index(a)
                r = 0 if o == _GE_ELFEN else (1 if o == _HOEHER else (2 if o == _ANDERE_ALTE else 3))
                if r < best:
                    best = r
        chosen = _GE_ELFEN if best == 0 else (_HOEHER if best == 1 else
                                               (_ANDERE_ALTE if best == 2 else _AUF_DISSLE))
        n = 0
        for i in range(k):
            a = self.acts[i]
            if actions.is_opening(a) and actions.opening_index(a) == chosen:
                self.acts[n] = a
                n += 1
        self.rng = xorshift(self.rng)
        return self.acts[below(self.rng, n)]

    def _follow(self, plays: int, side: int) -> int:
        stake = 0
        for i in range(self.n):
            stake += self._value(self.trick[i])
        w = self._winner(self.trump)
        wc = self.trick[w]
        if self.n >= 2 and (self.leader + w) & 1 == side:  # the partner is winning: smear
            if self.n == 3 or (wc >> 3) & 3 == self.trump or wc & 7 == 0:
                keep = plays & ~_suit(self.trump)
                if (wc >> 3) & 3 != self.trump:
                    keep &= ~_above(wc)
                if keep:  # the most valuable card that leaves him the trick, the highest id
                    best = -1
                    best_key = -1
                    while keep:
                        c = lowest64(keep)
                        keep &= keep - 1
                        key = self._value(c) * 64 + c
                        if key > best_key:
                            best = c
                            best_key = key
                    return best
            return cheapest(plays, self.values, self.trump)
        winners = plays & _above(wc)
        if (wc >> 3) & 3 != self.trump:
            winners |= plays & _suit(self.trump)
        if winners and stake >= 10:
            return cheapest(winners, self.values, self.trump)
        return cheapest(plays, self.values, self.trump)

    def _random(self) -> int:
        """``rng.choice(s.legal_actions())``."""
        k = self._legal()
        self.rng = xorshift(self.rng)
        return self.acts[below(self.rng, k)]



# ---------------------------------------------------------------------- entry points

COVERAGE = RuleCoverage(
    plays=("pack", "must_beat_partner", "exchange_rank", "exchange_needs_trick",
           "last_trick_bonus", "partner_marriage", "openings", "low_rank", "melds_in_phase2",
           "five_low"),
    # Nobody closes in Gaigel: whether melds go on after a close is whether they go on in the
    # second phase (``melds_in_phase2``, read).
    only={"n_seats": (4,), "sides": ((0, 1, 0, 1),), "values_by_rank": ((11, 10, 4, 3, 2, 0, 0, 0),),
          "hand_size": (5,), "stock": (True,), "phase2_follow": (STRICT_MULTI,),
          "marriages": (True,), "marriages_after_close": (False, True),
          "show_marriage_to_go_out": (False,), "claims": (True,), "claim_target": (101,),
          "meld_phase": (True,)},
    at_default=("phase1_follow", "must_trump_when_cannot_overtrump", "trump_order",
                "trump_values", "rank_order", "exchange_any_time", "exchange_min_facedown",
                "exchange_on_close", "exchange_from_trick", "marriage_credit",
                "marriage_needs_trick", "close_allowed", "close_requires", "close_before_draw",
                "close_min_facedown", "claim_timing", "auto_claim", "claim_side", "trump_choice",
                "trump_must_be_held", "first_packet", "trick_hook", "min_bid", "max_bid",
                "all_pass", "phases", "first_trick_visible", "trump_jack_free", "combinations",
                "loser_side_extra"),
)
"""The rule fields this kernel implements (``fastpath.RuleCoverage``): Gaigel's double pack,
openings, melds, robbing and knocks."""

WALKED = False
"""The searches play their worlds out and solve them on this kernel (``play_to``, ``solve``),
rather than walk their trees on it (``fastpath.GameHand``)."""
RACE = False
"""A hand's game points do not go to a race to a target (``bots.playout.race_rewards``)."""
JUDGED: tuple[int, ...] = ()
"""The phases from which the bidding players' judge plays a hand out here: none (no bidding)."""
TABLED = False
"""``bots.solver.Solver`` values this kernel's positions through ``State``, not on it."""


def pack(s: State) -> GaigelHand | None:
    """``s`` as a ``GaigelHand``, or None where this kernel does not play it (another game, or
    a phase before or after the play)."""
    r = s.rules
    fp = s.game.fast_path
    if fp is None or fp.kernel != __name__ \
            or s.phase not in (PH_MELD, PH_MELD_DEFER, PH_OVER):
        return None
    for p in range(4):  # play goes 0, 1, 2, 3; partners sit opposite
        if s.nxt[p] != (p + 1) & 3:
            return None
    h = GaigelHand()
    for p in range(4):
        h.hands[p] = s.hands[p]
    for i, c in enumerate(s.stock):
        h.stock[i] = c
    h.slen = len(s.stock)
    h.spos = s.spos
    h.turnup = s.turnup
    h.turnup_up = int(s.turnup_up)
    h.exchanged = int(s.exchanged)
    for sd in range(2):
        h.points[sd] = s.points[sd]
        h.tricks[sd] = s.tricks[sd]
    for k in range(8):
        h.values |= s.values[k] << (4 * k)
    h.low = r.low_rank
    for suit in range(4):
        h.low_mask |= (_ONE << (suit * 8 + h.low)) | (_ONE << (32 + suit * 8 + h.low))
    h.openings = int(r.openings)
    h.partner_meld = int(r.partner_marriage)
    h.phase2_melds = int(r.melds_in_phase2)
    h.instant_five = int(r.five_low == "instant_win")
    h.rob_needs_trick = int(r.exchange_needs_trick)
    h.last_bonus = r.last_trick_bonus
    h.no_trick_test = int(fp.knock_needs_no_trick)
    h.overplayed = int(fp.overplayed_loses)
    h.award = fp.auf_dissle_award
    h.forehand = s.nxt[s.dealer]
    h.trump = s.trump
    h.trick_no = s.trick_no
    h.opening = s.opening
    h.melded = s.melded
    h.lead_flags = s.lead_flags
    h.promise = s.promise
    h.end_kind = s.end_kind
    h.claimant = s.claimant
    h.leader = s.leader
    h.phase = s.phase
    h.over = s.phase == PH_OVER
    h.to_act = s.to_act
    h.n = len(s.trick)
    for i, c in enumerate(s.trick):
        h.trick[i] = c
    return h
