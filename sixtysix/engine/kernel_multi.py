# cython: cdivision=True
"""The multi-seat kernel: the hands of the games that deal every card, played on machine ints.

``kernel.py`` plays the two-player trick-and-draw games; this is its sibling for the games that
deal every card and play strictly from the first trick (rules/index.md#what-the-games-share):

* Four-Hand Sixty-Six, Foster's game (rules/four-hand.md, ``variant="foster"``): two sides, 0 & 2
  against 1 & 3; no marriages; 1, 2 or 3 game points by the side's total and tricks; both
  follow rules, and the ten-of-trumps bonus (which ends the hand where it wins the match).
* Three-Player Sixty-Six (rules/three-player.md): three seats each for itself; forehand names trumps or
  turns a card first; the leader may declare a marriage, credited once its declarer has a
  trick; the top scorer collects 1, 2 or 3 chips from each other seat.
* North American Sixty-Six (rules/north-american.md) once the auction is over, for 2, 3 or 4 players: the
  high bidder names trumps; the leader may declare a marriage, credited at once (or at his
  side's first trick); each side scores its units of 33, the bidding side minus its bid where
  it falls short.

They have no stock, no closing and no claims. A hand packs once
into a ``MultiHand`` of plain int fields; a playout is a loop over them. The file is ordinary
Python, the reference; ``kernel_multi.pxd`` gives the fields and locals C types, and ``setup.py``
compiles the two like the rest of the compiled core.

As in ``kernel.py``, the kernel follows the engine move for move: its legal actions are the
engine's in the engine's order, its policy is ``bots.playout.policy_action`` drawing the same
random numbers, so a playout through ``State`` with ``kernel.KernelRandom`` reaches the same end
(``tests/test_kernel_multi.py``).

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> from sixtysix.engine.kernel import KernelRandom, POLICY, seed_state
>>> from sixtysix.bots.playout import play_reference
>>> for game_id in ("four-hand-sixty-six", "three-player-sixty-six"):
...     s = Match(make_game(game_id), dealer=1).deal_hand(seed=3)
...     h = pack(s)
...     t = s.copy(); _ = play_reference(t, KernelRandom(seed_state(7)), POLICY)
...     print(h.legal_actions() == s.legal_actions(),
...           playout(h, seed_state(7), POLICY)[0] == list(t.game_points()))
True True
True True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions
from .actions import BID, MARRY, PASS, TRUMP, TURN
from .fastpath import RuleCoverage
from .kernel import below, cheapest, count32, lowest, nth, xorshift
from .kernel_judge import judge_card
from .kernel_search import KernelHand, play_to, playout, playouts
from .phases import PH_AUCTION, PH_OVER, PH_PLAY, PH_TRUMP
from .rules import FOLLOW_TRUMP, STRICT2, STRICT_MULTI, average_value

if TYPE_CHECKING:
    from .state import State

__all__ = ["MultiHand", "pack", "play_to", "playout", "playouts"]

_ONE = 1
"""``1``, typed 64-bit in kernel_multi.pxd: card 31's bit does not fit a C int."""
_SUITS = 0xFF
_EPS_BELOW = 1 << 51
"""``random() < 0.25`` on the generator's state (``kernel.EPS_BELOW``)."""
_MARRY, _TRUMP, _TURN = MARRY, TRUMP, TURN
_PLAY, _TRUMP_PHASE, _OVER, _AUCTION = PH_PLAY, PH_TRUMP, PH_OVER, PH_AUCTION
_BID, _PASS = BID, PASS
_BANDS, _CHIPS, _UNITS = 0, 1, 2
"""How a hand scores: Foster's bands for a side (Four-Hand), chips from each seat
(Three-Player), units of the sides' points against the bid (North American)."""
_TRIES = 200
"""Deals ``redeal`` tries before it drops the exclusions. A try costs a few hundred
nanoseconds; tight exclusions can fail one in three (the last seat left without a card of the
only suit it may hold), and twenty tries then fail one time in 3,000."""
_KINGS = 0x04040404
"""The kings of a 24- or 32-card pack (rank 2 of each suit); a queen is its king's bit << 1."""


class MultiHand(KernelHand):
    """One hand of two, three or four seats packed into ints. Seats are the table's (play goes
    0, 1, 2 ...); a seat's side is ``seat & 1`` with four seats (partners opposite), the seat
    itself with two or three. ``pack`` builds one from a state."""

    def __init__(self) -> None:
        self._start(4)
        self.trick = [0, 0, 0, 0]
        """The cards of the trick so far, in the order played (the leader's first)."""
        self.n = 0
        """Cards in the trick so far."""
        self.win = 0
        """The index in ``trick`` of the card winning it so far."""
        self.leader = 0
        self.trump = 0
        self.phase = _PLAY
        self.held = 0
        """The trump choice: the suits the seat may name, a bit each."""
        self.turn = -1
        """Three-Player's trump choice: the card ``turn`` would turn (forehand's), or -1."""
        self.longest = 0
        """The policy names the suit it holds most of (North American's high bidder); else it
        picks at random, as ``policy_action`` does."""
        self.values = 0
        """Card points by rank, 4 bits a rank (the lowest bits: the ace)."""
        self.vals8 = self.above8 = 0
        """The same points, and the cards of a suit above each rank, as ``kernel.suit_tables``'
        words (8 bits a rank): the rules of thumb of ``judge`` read them."""
        self.shown = 0
        """Cards in a hand that every seat has seen (a marriage's other card, Four-Hand's turned
        card): no seat counts them as out of its sight."""
        self.last_bonus = 10
        self.trump_under = 1
        """``must_trump_when_cannot_overtrump``: a void seat that cannot over-trump still trumps."""
        self.literal = 0
        """The follow rule ``FOLLOW_TRUMP`` (Four-Hand's literal reading): beat the trick only
        when trumps were led."""
        self.ten_bonus = 0
        """``FastPath.ten_bonus``: a game point to the side that takes the trump ten."""
        self.ten_side = -1
        """The side that took the trump ten, or -1."""
        self.ten_wins = 0
        """The sides (a bit each) one game point from the match: the trump ten ends the hand."""
        self.marriages = 0
        self.needs_trick = 1
        """``marriage_needs_trick``: a marriage before its declarer's first trick waits for one."""
        self.scoring = _BANDS
        self.tie_split = 0
        """``FastPath.tie_split``: tied top scorers each collect."""
        self.unit = 33
        self.bid = 0
        self.bid_side = -1
        """North American: points to a unit, the high bid and the bidding side."""
        self.size = 8
        """Tricks in a hand: all of them to one side scores 3."""
        self.dealer = 0
        self.declarer = -1
        """North American's high bidder, the declarer once the auction is over (-1: none)."""
        self.passed = 0
        self.min_bid = self.max_bid = 0
        self.dealer_forced = 1
        """North American's auction (``pack(s, auction=True)``, for ``judge``): the high bid is
        ``bid``, its bidder ``declarer``; the seats that passed (a bit each); the bids allowed;
        whether the dealer must bid when all the others passed (``all_pass="dealer_forced"``)."""
        self.partners = 0
        self.avg = 0.0
        """What the heuristic's hand judgment reads: partners opposite, a card's average points."""
        self.points = [0, 0, 0, 0]
        """Card points so far by side (the last trick's 10 and credited marriages counted)."""
        self.tricks = [0, 0, 0, 0]
        self.pending = [0, 0, 0, 0]
        """Marriage points by side waiting for that side's first trick."""
        self.bonus = 0
        """Game points carried from drawn hands to this hand's winner (Four-Hand)."""
        # The deal of a search's worlds (``set_deal``): the cards the view's seat cannot see,
        # each seat's cards known to be there, excluded cards and cards to draw, and the order
        # the seats are filled in (most constrained first, as determinize does).
        self.unseen = 0
        self.known = [0, 0, 0, 0]
        self.excluded = [0, 0, 0, 0]
        self.need = [0, 0, 0, 0]
        self.order = [0, 0, 0, 0]
        self.fill = 0
        """Seats in ``order``: those with cards to draw."""

    def _load(self, other: KernelHand) -> None:
        """Become ``other`` again."""
        assert isinstance(other, MultiHand)
        o = other
        for i in range(4):
            self.hands[i] = o.hands[i]
            self.trick[i] = o.trick[i]
            self.points[i] = o.points[i]
            self.tricks[i] = o.tricks[i]
            self.pending[i] = o.pending[i]
        self.seats = o.seats
        self.n = o.n
        self.win = o.win
        self.leader = o.leader
        self.to_act = o.to_act
        self.trump = o.trump
        self.phase = o.phase
        self.held = o.held
        self.turn = o.turn
        self.longest = o.longest
        self.values = o.values
        self.vals8 = o.vals8
        self.above8 = o.above8
        self.shown = o.shown
        self.last_bonus = o.last_bonus
        self.trump_under = o.trump_under
        self.literal = o.literal
        self.ten_bonus = o.ten_bonus
        self.ten_side = o.ten_side
        self.ten_wins = o.ten_wins
        self.marriages = o.marriages
        self.needs_trick = o.needs_trick
        self.scoring = o.scoring
        self.tie_split = o.tie_split
        self.unit = o.unit
        self.bid = o.bid
        self.bid_side = o.bid_side
        self.size = o.size
        self.dealer = o.dealer
        self.declarer = o.declarer
        self.passed = o.passed
        self.min_bid = o.min_bid
        self.max_bid = o.max_bid
        self.dealer_forced = o.dealer_forced
        self.partners = o.partners
        self.avg = o.avg
        self.bonus = o.bonus
        self.over = o.over

    # ------------------------------------------------------------------ rules

    def _side(self, seat: int) -> int:
        return seat & 1 if self.seats == 4 else seat

    def _value(self, c: int) -> int:
        return (self.values >> (4 * (c & 7))) & 15

    def _cards(self, seat: int) -> int:
        """The cards ``seat`` may play: the strict multi-player rule of rules/index.md#what-the-games-share,
        beating
        even a partner (``legal.legal_follow`` with ``STRICT_MULTI``)."""
        h = self.hands[seat]
        if self.n == 0:
            return h
        led = self.trick[0]
        wc = self.trick[self.win]
        same = h & (_SUITS << (led & 24))
        if self.literal:  # seed 002's rule: follow (beating only a trump lead), else trump
            if same:
                if (led >> 3) & 3 == self.trump:
                    return same & (((_ONE << (wc & 7)) - 1) << (wc & 24)) or same
                return same
            return h & (_SUITS << (self.trump * 8)) or h
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

    def _queens(self) -> int:
        """The queens of the marriages the leader may declare (none while following)."""
        if self.n or not self.marriages:
            return 0
        h = self.hands[self.to_act]
        return h & ((h & _KINGS) << 1)

    def legal_actions(self) -> list[int]:
        """The actions ``State.legal_actions()`` lists, in its order: the trump choice's suits
        and ``turn``; else the cards (lowest first), then each marriage's king and queen."""
        out = []
        if self.phase == _AUCTION:
            for k in range(max(self.min_bid, self.bid + 1), self.max_bid + 1):
                out.append(_BID + k)
            if not self._forced():
                out.append(_PASS)
            return out
        if self.phase == _TRUMP_PHASE:
            for t in range(4):
                if (self.held >> t) & 1:
                    out.append(_TRUMP + t)
            if self.turn >= 0:
                out.append(_TURN)
            return out
        cards = self._cards(self.to_act)
        while cards:
            out.append(lowest(cards))
            cards &= cards - 1
        queens = self._queens()
        while queens:
            q = lowest(queens)
            queens &= queens - 1
            out.append(_MARRY + q - 1)
            out.append(_MARRY + q)
        return out

    def step(self, a: int) -> None:
        """Take legal action ``a`` (nothing is checked)."""
        self._step(a)

    def _forced(self) -> bool:
        """The dealer may not pass: every other seat passed without a bid (``dealer_forced``)."""
        others = ((1 << self.seats) - 1) & ~(1 << self.dealer)
        return bool(self.dealer_forced and self.to_act == self.dealer and not self.bid
                    and self.passed & others == others)

    def _step(self, a: int) -> None:
        if self.phase == _AUCTION:
            self._call(a)
        elif actions.is_play(a):
            self._play(a)
        elif actions.is_marriage(a):
            self._marry(actions.named_card(a))
            self._play(actions.named_card(a))
        else:  # the trump choice: forehand then leads
            self.trump = (self.turn >> 3) & 3 if a == _TURN else a - _TRUMP
            if a == _TURN:  # turned face up: seen by all
                self.shown |= _ONE << self.turn
            self.phase = _PLAY
            self.to_act = self.leader

    def _call(self, a: int) -> None:
        """A bid or a pass of the auction (``phases.auction.apply``): once every seat but the
        high bidder has passed, he names trumps and leads; with no bid the hand ends unscored."""
        seat = self.to_act
        if a == _PASS:
            self.passed |= 1 << seat
        else:
            self.bid = a - _BID
            self.declarer = seat
        p = seat + 1 if seat + 1 < self.seats else 0
        while p != seat and ((self.passed >> p) & 1 or p == self.declarer):
            p = p + 1 if p + 1 < self.seats else 0
        if p != seat:
            self.to_act = p
            return
        if self.declarer < 0:  # all passed (only under all_pass="redeal"): no score
            self.over = True
            self.phase = _OVER
            self.to_act = -1
            return
        self.bid_side = self._side(self.declarer)
        self.leader = self.to_act = self.declarer
        self.phase = _TRUMP_PHASE
        self.held = 15

    def _marry(self, card: int) -> None:
        self.shown |= _ONE << (card ^ 1)  # the other card of the pair stays in the hand, seen
        value = 40 if (card >> 3) & 3 == self.trump else 20
        side = self._side(self.to_act)
        if self.tricks[side] or not self.needs_trick:
            self.points[side] += value
        else:
            self.pending[side] += value

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
        if n + 1 < self.seats:
            self.to_act = seat + 1 if seat + 1 < self.seats else 0
            return
        winner = self.leader + self.win
        if winner >= self.seats:
            winner -= self.seats
        side = self._side(winner)
        pts = self.pending[side]
        self.pending[side] = 0
        ten = self.trump * 8 + 1
        for i in range(self.seats):
            pts += self._value(self.trick[i])
            if self.trick[i] == ten and self.ten_bonus:
                self.ten_side = side
        self.n = 0
        self.leader = self.to_act = winner
        if not self.hands[winner] or (self.ten_side == side and (self.ten_wins >> side) & 1):
            if not self.hands[winner]:
                pts += self.last_bonus
            self.over = True
            self.phase = _OVER
            self.to_act = -1
        self.points[side] += pts
        self.tricks[side] += 1

    # ------------------------------------------------------------------ the heuristic player

    def judge(self) -> int:
        """The action ``bots.heuristic.HeuristicBot`` takes for the seat to act, from what that
        seat knows: in North American's auction and trump choice its judgment of its own hand
        (``_judge_call``); in the play (``kernel_judge``) a leader's marriage, the trump one
        first, leading its queen; else its rules of thumb for the cards. (Not Three-Player's
        trump choice, which the heuristic judges by a first packet this kernel does not keep.)"""
        seat = self.to_act
        if self.phase != _PLAY:
            return self._judge_call()
        queens = self._queens()
        if queens:
            trumps = queens & (_SUITS << (self.trump * 8))
            return _MARRY + lowest(trumps or queens)
        outside = 0
        for p in range(self.seats):
            if p != seat:
                outside |= self.hands[p]
        trick = 0
        mine = 0
        p = self.leader
        for i in range(self.n):
            trick |= self.trick[i] << (6 * i)
            if self._side(p) == self._side(seat):
                mine |= 1 << i
            p = p + 1 if p + 1 < self.seats else 0
        return judge_card(self.hands[seat], self._cards(seat), outside & ~self.shown, trick,
                          self.n, mine, 1 if self.n + 1 == self.seats else 0, self.trump,
                          self.vals8, self.vals8, self.above8, self.above8, 0)

    def _judge_call(self) -> int:
        """North American's bid (``HeuristicBot.bid_units``): the least bid the hand's best
        estimate affords in units, unless a partner holds the high bid and it would overbid him
        by less than two; else pass, or the least bid where the dealer may not. The trump
        choice: the suit of the best estimate, the lowest of equals."""
        best = -1
        suit = 0
        for t in range(4):
            e = self._estimate(t)
            if e > best:
                best = e
                suit = t
        if self.phase == _TRUMP_PHASE:
            return _TRUMP + suit
        units = best // self.unit
        least = max(self.min_bid, self.bid + 1)
        partner_high = self.declarer >= 0 and self._side(self.declarer) == self._side(self.to_act)
        if least <= self.max_bid and least <= units and not (partner_high
                                                              and units < self.bid + 2):
            return _BID + least
        if not self._forced():
            return _PASS
        return _BID + least

    def _estimate(self, trump: int) -> int:
        """The points the seat to act may expect with ``trump`` (``HeuristicBot.hand_estimate``,
        the same sums in the same order): its marriages; the points of its top cards in sequence
        from the ace (of trumps, as many as its length less two, if more; of a plain suit two at
        most), and for each such winner an average card from every other seat; with a partner,
        a third of the points left."""
        hand = self.hands[self.to_act]
        n_trumps = count32((hand >> (trump * 8)) & _SUITS)
        est = 0.0
        winners = 0
        for suit in range(4):
            cards = (hand >> (suit * 8)) & _SUITS
            if (cards >> 2) & 1 and (cards >> 3) & 1:  # king and queen
                est += 40 if suit == trump else 20
            top = lowest(~cards & (cards + 1))  # the run from the ace
            top = max(top, n_trumps - 2) if suit == trump else min(top, 2)
            winners += top
            rank = 0
            while top > 0 and rank < 8:
                if (cards >> rank) & 1:
                    est += self._value(rank)
                    top -= 1
                rank += 1
        est += winners * (self.seats - 1) * self.avg
        if self.partners:
            est += max(0.0, (self.size * self.seats * self.avg - est) / 3)
        return int(est)

    def finish(self, passing: bool = False) -> None:
        """Play the hand to its end, each seat's action chosen by ``judge`` (from North
        American's auction, or the play); with ``passing``, every seat passes what is left of the
        auction where it may."""
        while not self.over:
            if passing and self.phase == _AUCTION and not self._forced():
                self._call(_PASS)
            else:
                self._step(self.judge())

    # ------------------------------------------------------------------ scoring

    def game_points(self, seat: int) -> int:
        """``seat``'s game points (Four-Hand: his side's; Three-Player: the chips he wins, less
        what he pays; North American: his side's units) in the finished hand, as the game's
        ``hand_game_points`` gives them."""
        if self.scoring == _UNITS:
            side = self._side(seat)
            units = self.points[side] // self.unit
            if side == self.bid_side and units < self.bid:
                return -self.bid
            return units
        if self.scoring == _BANDS:
            side = seat & 1
            ten = 1 if self.ten_side == side else 0
            if self.ten_side >= 0 and (self.ten_wins >> self.ten_side) & 1:
                return ten  # the trump ten won the match: that point alone
            p0 = self.points[0]
            p1 = self.points[1]
            if p0 == p1 or (p0 > p1) != (side == 0):
                return ten
            return (3 if self.tricks[side] == self.size
                    else (2 if self.points[side] >= 100 else 1)) + self.bonus + ten
        best = max(self.points[0], self.points[1], self.points[2])
        tops = 0
        for p in range(3):
            tops += self.points[p] == best
        if best < 33 or (tops > 1 and not self.tie_split):
            return 0
        if self.points[seat] == best:
            chips = 0
            for p in range(3):
                if self.points[p] != best:
                    chips += self._grade(p)
            return chips
        return -self._grade(seat) * tops

    def _grade(self, p: int) -> int:
        """What seat ``p`` pays a top scorer: 1, 2 under 33 points, 3 without a trick."""
        if self.tricks[p] == 0:
            return 3
        return 2 if self.points[p] < 33 else 1

    def leads(self) -> list[float]:
        """Per seat, its game points less the average of its opponents' (``playout.outcome``)."""
        gp = [0, 0, 0, 0]
        for p in range(self.seats):
            gp[p] = self.game_points(p)
        out = []
        for p in range(self.seats):
            opp = 0
            k = 0
            for q in range(self.seats):
                if self._side(q) != self._side(p):
                    opp += gp[q]
                    k += 1
            out.append(gp[p] - opp / k)
        return out

    # ------------------------------------------------------------------ exact play

    def cards_left(self) -> int:
        """The cards still in hand, every seat's."""
        n = 0
        for p in range(self.seats):
            n += count32(self.hands[p])
        return n

    def _new(self) -> MultiHand:
        return MultiHand()

    def _depth(self) -> int:
        """Four plies a card of the seat to act, a marriage's at most."""
        return count32(self.hands[self.to_act]) * 4 + 1

    def _legal(self) -> int:
        """The play's ``legal_actions()`` written into ``acts`` (the cards, then each marriage's
        king and queen); the count. ``solve`` searches over them: positions of two sides (Four-Hand,
        North American for two or four) with every card known."""
        k = 0
        cards = self._cards(self.to_act)
        while cards:
            self.acts[k] = lowest(cards)
            k += 1
            cards &= cards - 1
        queens = self._queens()
        while queens:
            q = lowest(queens)
            queens &= queens - 1
            self.acts[k] = _MARRY + q - 1
            self.acts[k + 1] = _MARRY + q
            k += 2
        return k

    def _terminal(self, side: int, scale: int, margin: bool) -> int:
        """A finished hand's value for ``side`` (``bots.solver.terminal_value``)."""
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
        """``bots.playout.policy_action`` for these games, drawing the same random numbers: the
        trump choice at random (North American: the longest suit); a random marriage where the
        leader has one; else a random card with chance 0.25; else lead the cheapest card; follow
        with the cheapest card that wins a trick worth 10 or more, else the cheapest card."""
        if self.phase == _TRUMP_PHASE:
            if not self.longest:
                return self._random()
            h = self.hands[self.to_act]
            best = -1
            most = -1
            for t in range(4):
                k = count32((h >> (8 * t)) & _SUITS)
                if (self.held >> t) & 1 and k > most:
                    best = t
                    most = k
            return _TRUMP + best
        queens = self._queens()
        if queens:
            self.rng = xorshift(self.rng)
            i = below(self.rng, 2 * count32(queens))
            return _MARRY + nth(queens, i >> 1) - 1 + (i & 1)
        cards = self._cards(self.to_act)
        n = count32(cards)
        if n > 1:
            self.rng = xorshift(self.rng)
        if n == 1 or (self.rng >> 11) < _EPS_BELOW:
            self.rng = xorshift(self.rng)
            return nth(cards, below(self.rng, n))
        if self.n == 0:
            return cheapest(cards, self.values, self.trump)
        stake = 0
        for i in range(self.n):
            stake += self._value(self.trick[i])
        if stake < 10:
            return cheapest(cards, self.values, self.trump)
        wc = self.trick[self.win]
        winners = cards & (((_ONE << (wc & 7)) - 1) << (wc & 24))  # higher of its suit
        if (wc >> 3) & 3 != self.trump:
            winners |= cards & (_SUITS << (self.trump * 8))
        return cheapest(winners or cards, self.values, self.trump)

    def _random(self) -> int:
        """``rng.choice(s.legal_actions())``, counted without the list."""
        self.rng = xorshift(self.rng)
        if self.phase == _TRUMP_PHASE:
            k = count32(self.held)
            i = below(self.rng, k + (1 if self.turn >= 0 else 0))
            return _TURN if i == k else _TRUMP + nth(self.held, i)
        cards = self._cards(self.to_act)
        n = count32(cards)
        queens = self._queens()
        i = below(self.rng, n + 2 * count32(queens))
        if i < n:
            return nth(cards, i)
        i -= n
        return _MARRY + nth(queens, i >> 1) - 1 + (i & 1)

    # ------------------------------------------------------------------ worlds

    def set_deal(self, unseen: int, known: list[int], excluded: list[int]) -> None:
        """Remember how ``redeal`` deals worlds from this hand for a view that cannot see
        ``unseen``: per seat the cards known to be there (the view's own hand for its seat) and
        the cards proven not to be (voids shown). Each seat draws up to its size in this hand."""
        self.unseen = unseen
        keys = []
        for p in range(self.seats):
            self.known[p] = known[p]
            self.excluded[p] = excluded[p]
            self.need[p] = count32(self.hands[p]) - count32(known[p])
            if self.need[p]:
                keys.append((count32(unseen & ~excluded[p]) - self.need[p]) * 4 + p)
        keys.sort()  # most constrained first, ties by seat: determinize's order
        self.fill = len(keys)
        for i in range(self.fill):
            self.order[i] = keys[i] & 3

    def redeal(self, origin: MultiHand) -> None:
        """Become ``origin`` (which ``set_deal`` prepared) with its hidden cards dealt again with
        this hand's generator, each seat's cards drawn from those it may hold, most constrained
        seat first, and drawn again where a later seat is left too few (after ``_TRIES``
        failures, which contradictory exclusions cause, without them): a
        determinization without building a ``State``. Before Three-Player's trump choice, the
        card ``turn`` would turn is the first that forehand draws."""
        self._load(origin)
        for attempt in range(_TRIES + 1):
            left = origin.unseen
            ok = True
            for i in range(origin.fill):
                p = origin.order[i]
                allowed = left & ~origin.excluded[p] if attempt < _TRIES else left
                k = count32(allowed)
                need = origin.need[p]
                if k < need:
                    ok = False
                    break
                pick = 0
                for j in range(need):
                    self.rng = xorshift(self.rng)
                    c = nth(allowed, below(self.rng, k))
                    allowed &= ~(_ONE << c)
                    pick |= _ONE << c
                    k -= 1
                    if j == 0 and origin.turn >= 0 and p == origin.to_act:
                        self.turn = c
                self.hands[p] = origin.known[p] | pick
                left &= ~pick
            if ok:
                return


# ---------------------------------------------------------------------- entry points

COVERAGE = RuleCoverage(
    plays=("n_seats", "sides", "pack", "values_by_rank", "hand_size", "phase1_follow",
           "phase2_follow", "must_trump_when_cannot_overtrump", "marriages",
           "marriage_needs_trick", "last_trick_bonus", "trump_must_be_held", "trick_hook",
           "min_bid", "max_bid", "all_pass", "phases"),
    # Without claims, whether a marriage must be shown to go out does not act; ``trump_choice``
    # is the phase before play (the state is packed once trumps are named).
    only={"stock": (False,), "show_marriage_to_go_out": (False, True),
          "trump_choice": (False, True)},
    at_default=("must_beat_partner", "exchange_rank", "exchange_needs_trick", "exchange_any_time",
                "exchange_min_facedown", "exchange_on_close", "exchange_from_trick",
                "marriage_credit", "marriages_after_close", "partner_marriage", "close_allowed",
                "close_requires", "close_before_draw", "close_min_facedown", "claims",
                "claim_timing", "claim_target", "auto_claim", "claim_side", "first_packet",
                "first_trick_visible", "trump_order", "trump_values", "rank_order",
                "trump_jack_free", "combinations", "loser_side_extra", "meld_phase", "openings",
                "low_rank", "melds_in_phase2", "five_low"),
)
"""The rule fields this kernel implements (``fastpath.RuleCoverage``): three or four seats
without a stock, follow-and-beat, marriages, North American's auction."""


def pack(s: State, auction: bool = False) -> MultiHand | None:
    """``s`` as a ``MultiHand``, or None where this kernel does not play it (another game,
    options it does not cover, a phase other than the trump choice, play or its end). With
    ``auction``, North American's auction too, for ``judge`` only (the searches' policy and
    random playouts do not bid)."""
    r = s.rules
    fp = s.game.fast_path
    if fp is None or fp.kernel != __name__:
        return None
    n = r.n_seats
    phases: tuple[int, ...] = ()
    if fp.auction:
        phases = (PH_AUCTION, PH_TRUMP)  # played here from the high bidder's trump choice
        bidding = auction and s.phase == PH_AUCTION
        if (s.declarer < 0 or s.phase == PH_AUCTION) and not bidding:
            return None
    follow = STRICT2 if n == 2 else STRICT_MULTI  # the same rule with two seats
    if r.phase2_follow == FOLLOW_TRUMP:  # Four-Hand's literal reading: win only when trumps are led
        follow = FOLLOW_TRUMP
    if (s.phase not in (PH_PLAY, PH_OVER, PH_TRUMP, PH_AUCTION)
            or s.phase == PH_AUCTION and (not auction or r.trump_must_be_held
                                          or s.turn_card >= 0)
            or r.pack >> 32 or r.phase2_follow != follow or r.phase1_follow != follow
            or r.trick_hook != fp.ten_bonus or r.phases != phases
            or s.contract is not None or max(r.values_by_rank) > 15):
        return None
    for p in range(n):  # play goes 0, 1, 2 ...; partners sit opposite
        if s.nxt[p] != (p + 1) % n or r.sides[p] != (p & 1 if n == 4 else p):
            return None
    h = MultiHand()
    h.seats = n
    for p in range(n):
        h.hands[p] = s.hands[p]
    for sd in range(len(s.points)):
        h.points[sd] = s.points[sd]
        h.tricks[sd] = s.tricks[sd]
        h.pending[sd] = s.pending[sd]
    for k, v in enumerate(r.values_by_rank):
        h.values |= v << (4 * k)
        h.vals8 |= v << (8 * k)
        h.above8 |= ((1 << k) - 1) << (8 * k)  # the rank order: a lower index ranks higher
    for m in s.known:
        h.shown |= m
    if s.turnup >= 0:  # seen by all where it lies face up (as a view's ``seen`` counts it)
        h.shown |= _ONE << s.turnup
    h.last_bonus = r.last_trick_bonus
    h.trump_under = int(r.must_trump_when_cannot_overtrump)
    h.marriages = int(r.marriages)
    h.needs_trick = int(r.marriage_needs_trick)
    h.literal = int(follow == FOLLOW_TRUMP)
    if fp.ten_bonus:
        h.ten_bonus = 1
        for sd in range(2):
            if (s.won[sd] >> (s.trump * 8 + 1)) & 1:
                h.ten_side = sd
            if s.match_score and s.match_score[sd] >= fp.ten_target - 1:
                h.ten_wins |= 1 << sd
    if fp.scoring == "chips":
        h.scoring = _CHIPS
        h.tie_split = int(fp.tie_split)
    elif fp.scoring == "units":
        h.scoring = _UNITS
        h.unit = fp.unit
        h.bid = s.bidding[0] if s.bidding else 0
        h.bid_side = r.sides[s.declarer] if s.declarer >= 0 else -1
        h.longest = 1
        h.dealer = s.dealer
        h.declarer = s.bidding[1] if s.bidding else -1
        h.passed = s.bidding[2] if s.bidding else 0
        h.min_bid = r.min_bid
        h.max_bid = r.max_bid
        h.dealer_forced = int(r.all_pass == "dealer_forced")
        h.partners = int(r.partnership)
        # Before trumps are named: North American's trumps are worth no more than other cards,
        # so any suit gives the average.
        h.avg = average_value(r.values_by_rank, r.trump_values, r.pack, 0)
    h.size = r.hand_size
    h.trump = s.trump
    h.phase = s.phase
    h.leader = s.leader
    h.bonus = s.bonus
    h.over = s.phase == PH_OVER
    if s.phase == PH_AUCTION:
        h.to_act = s.to_act
        return h
    if s.phase == PH_TRUMP:
        for t in range(4):
            if not r.trump_must_be_held or (s.first_packet[s.to_act] >> (8 * t)) & _SUITS:
                h.held |= 1 << t
        h.turn = s.turn_card
        h.to_act = s.to_act
        return h
    # The trick so far: replayed onto an empty trick for its winning index.
    h.to_act = s.leader
    for c in s.trick:
        h.hands[h.to_act] |= _ONE << c
        h._play(c)
    return h
