"""What one seat may know (design.md §5), and determinization of that knowledge into full states.

A ``View`` holds only public facts and the seat's own hand, so two states that differ only in what
the seat cannot see give equal views. Bots, the terminal seat and the server work from views.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import card_list, shuffle
from . import actions
from .phases import PH_DEAL_CHOICE
from .phases.meld import FACE_DOWN, face_down
from .state import PH_TRUMP, State, hand_mask, seat_order

if TYPE_CHECKING:
    from .contract import Contract
    from .game import Game
    from .rules import Rules

__all__ = ["View", "make_view"]


@dataclass(frozen=True, eq=True)
class View:
    """One seat's knowledge of a hand in progress. Card sets are bitmasks."""

    game: Game
    seat: int
    dealer: int
    active: tuple[int, ...]
    phase: int
    to_act: int
    leader: int
    hand: int
    """The seat's own cards (while trumps are named from a first packet: only that packet)."""
    hand_sizes: tuple[int, ...]
    trump: int
    turnup: int
    """The turn-up card where it is known to all (-1 where there is none or it is not yet seen)."""
    turnup_up: bool
    facedown: int
    closed_by: int
    close_points: tuple[int, ...] | None
    close_tricks: tuple[int, ...] | None
    close_window: int
    claim_seat: int
    trick: tuple[tuple[int, int], ...]
    last_trick: tuple[tuple[int, int], ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    melds: tuple[int, ...]
    pending: tuple[int, ...]
    pending_trick: tuple[int, ...]
    tricks: tuple[int, ...]
    known: tuple[int, ...]
    """Cards of each seat's hand that everyone knows (shown in a marriage, taken from the table)."""
    marriages: tuple[tuple[int, int, int], ...]
    history: tuple[int, ...]
    trick_no: int
    bonus: int
    match_score: tuple[int, ...]
    exchanged: bool
    legal: tuple[int, ...]
    """The seat's legal actions, where it is to act."""
    strict_from: int = -1
    """Length of ``history`` when phase-2 (strict) play began, -1 while the stock is open."""
    # Bauernschnapsen: the rules in force, the contract, its doubling, the bidding, face-up tricks
    # (North American Sixty-Six: the declarer and the bidding). All public.
    rules: Rules | None = None
    """The play rules in force (a contract changes them), None: the game's own."""
    contract: Contract | None = None
    declarer: int = -1
    factor: int = 1
    bidding: tuple[int, ...] = ()
    first_tricks: tuple[int, ...] = ()
    """Each side's first trick (a card mask, 0 before it has one) where it stays face up
    (``rules.first_trick_visible``); empty otherwise."""
    # Terts (rules/terts.md#combinations): combinations scored and the bella (both public).
    scored: tuple[tuple[int, int], ...] = ()
    scored_at: tuple[int, ...] = ()
    """The length of the history when each of ``scored`` scored (``State.scored_at``)."""
    bella_by: int = -1
    # Gaigel (rules/gaigel.md, engine/phases/meld.py): all public.
    opening: int = -1
    melded: int = 0
    lead_flags: int = 0
    promise: int = -1

    @property
    def seen(self) -> int:
        """Every card this seat has seen played or shown, and its own hand."""
        m = self.hand
        for w in self.won:
            m |= w
        for _, c in self.trick:
            if c >= 0:  # -1: a card played face down that this seat has not seen
                m |= 1 << c
        for k in self.known:
            m |= k
        if self.turnup >= 0:
            m |= 1 << self.turnup
        return m

    def unseen(self) -> int:
        """Cards whose place this seat does not know: other hands and the face-down stock."""
        return self.game.rules.pack & ~self.seen

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unseen cards dealt at random."""
        pool = card_list(self.unseen())
        shuffle(rng, pool)
        return self.state_with(pool)

    def state_with(self, pool: list[int]) -> State:
        """The full state that places ``pool`` (the unseen cards, in order) into the hidden slots:
        each other seat's unknown cards by seat number, then the face-down stock from the top."""
        s = State.__new__(State)
        game = self.game
        s.game = game
        s.rules = r = self.rules or game.rules
        s.n = r.n_seats
        s.dealer = self.dealer
        s.active = self.active
        s.nxt, forehand = seat_order(s.n, self.dealer, self.active)
        if self.trick and self.trick[0][1] < 0:
            pool = _fit_face_down_lead(self, pool)
        i = 0
        hands = []
        s.first_packet = [0] * s.n
        s.turn_card = -1
        if (self.phase == PH_TRUMP and r.trump_choice) or self.phase == PH_DEAL_CHOICE:
            # Only first packets have been seen (before the deal choice: nothing); the rest of
            # every hand is still to come.
            for p in range(s.n):
                fp = self.hand if p == self.seat else 0
                need = (r.first_packet if p in self.active else 0) - fp.bit_count()
                for c in pool[i:i + need]:
                    fp |= 1 << c
                i += need
                rest = pool[i:i + r.hand_size - r.first_packet] if p in self.active else []
                i += len(rest)
                if p == forehand and rest:
                    s.turn_card = rest[0]
                s.first_packet[p] = fp
                hands.append(fp | hand_mask(rest))
        else:
            for p in range(s.n):
                if p == self.seat:
                    hands.append(self.hand)
                    continue
                need = self.hand_sizes[p] - self.known[p].bit_count()
                hands.append(self.known[p] | hand_mask(pool[i:i + need]))
                i += need
        s.hands = hands
        s.stock = tuple(pool[i:i + self.facedown])
        i += self.facedown
        trick = [c for _, c in self.trick]
        history = list(self.history)
        if any(c < 0 for c in trick):
            _turn_face_down(trick, history, pool[i:])
        s.spos = 0
        s.turnup = self.turnup
        s.turnup_up = self.turnup_up
        s.trump = self.trump
        s.phase = self.phase
        s.leader = self.leader
        s.to_act = self.to_act
        s.trick = trick
        s.tseats = [p for p, _ in self.trick]
        s.won = list(self.won)
        s.points = list(self.points)
        s.melds = list(self.melds)
        s.pending = list(self.pending)
        s.pending_trick = list(self.pending_trick)
        s.tricks = list(self.tricks)
        s.closed_by = self.closed_by
        s.close_points = self.close_points
        s.close_tricks = self.close_tricks
        s.close_window = self.close_window
        s.claim_seat = self.claim_seat
        s.known = list(self.known)
        s.marriages = list(self.marriages)
        s.last_trick = self.last_trick
        s._result = None
        s.claimant = -1
        s.history = history
        s.trick_no = self.trick_no
        s.bonus = self.bonus
        s.match_score = self.match_score
        s.exchanged = self.exchanged
        s.strict_from = self.strict_from
        s.contract = self.contract
        s.declarer = self.declarer
        s.factor = self.factor
        s.bidding = self.bidding
        s.scored = self.scored
        s.scored_at = self.scored_at
        s.bella_by = self.bella_by
        s.opening = self.opening
        s.melded = self.melded
        s.lead_flags = self.lead_flags
        s.promise = self.promise
        s.end_kind = 0
        s._set_trump_tables()
        return s


def _fit_face_down_lead(view: View, pool: list[int]) -> list[int]:
    """``pool`` with a card that fits the opening in the slot of forehand's face-down lead
    (Gaigel's trick 1 under Andere Alte or Höher: a non-trump ace, or a card neither ace nor
    trump). The face-down cards of the trick take the last slots of the pool, the lead first;
    the first fitting card of the (shuffled) pool moves there, so every fitting card is as
    likely, and the cards it displaces go where it was."""
    slot = len(pool) - sum(1 for _, c in view.trick if c < 0)
    if view.opening not in (0, 2) or slot < 0:
        return pool
    trumps = 0xFF << (view.trump * 8) | 0xFF << (32 + view.trump * 8)
    for j, c in enumerate(pool):
        if not (trumps >> c) & 1 and ((c & 7) == 0) == (view.opening == 0):
            pool = list(pool)
            pool[slot], pool[j] = pool[j], pool[slot]
            break
    return pool


def _turn_face_down(trick: list[int], history: list[int], rest: list[int]) -> None:
    """Place the last unseen cards (``rest``) into the trick's face-down slots (Gaigel's trick 1
    under Andere Alte or Höher), and write them into the history."""
    k = 0
    start = len(history) - len(trick)
    for j, c in enumerate(trick):
        if c < 0:
            trick[j] = rest[k]
            history[start + j] -= FACE_DOWN - rest[k]
            k += 1


def make_view(s: State, seat: int) -> View:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.n:
        raise ValueError(f"there is no seat {seat!r} in {s.game.name}: its seats are 0 to {s.n - 1}")
    # Named from a first packet (not so when the high bidder names them after an auction, holding
    # his whole hand), or before the deal choice, when nothing has been seen.
    trumping = (s.phase == PH_TRUMP and s.rules.trump_choice) or s.phase == PH_DEAL_CHOICE
    trick = tuple(zip(s.tseats, s.trick, strict=False))
    history = tuple(s.history)
    hidden = face_down(s, seat) if s.opening >= 0 else ()
    if hidden:
        # Gaigel's face-down trick 1: the other seats' cards stay unseen until it is turned.
        start = len(s.history) - len(s.trick)
        trick = tuple((p, -1 if start + j in hidden else c) for j, (p, c) in enumerate(trick))
        history = tuple(FACE_DOWN + (a & ~63) if k in hidden else a
                        for k, a in enumerate(s.history))
    if s.phase == PH_DEAL_CHOICE:  # nothing dealt yet, as far as anyone may know
        hand = 0
        sizes = (0,) * s.n
    elif trumping:
        hand = s.first_packet[seat]
        sizes = tuple([m.bit_count() for m in s.first_packet])
    else:
        hand = s.hands[seat]
        sizes = tuple([h.bit_count() for h in s.hands])
    turnup = s.turnup if (s.turnup >= 0 and not trumping) else -1
    return _view(
        game=s.game, seat=seat, dealer=s.dealer, active=s.active, phase=s.phase,
        to_act=s.to_act, leader=s.leader, hand=hand, hand_sizes=sizes, trump=s.trump,
        turnup=turnup, turnup_up=s.turnup_up, facedown=s.facedown, closed_by=s.closed_by,
        close_points=s.close_points, close_tricks=s.close_tricks, close_window=s.close_window,
        claim_seat=s.claim_seat, trick=trick, last_trick=s.last_trick,
        won=tuple(s.won), points=tuple(s.points), melds=tuple(s.melds),
        pending=tuple(s.pending), pending_trick=tuple(s.pending_trick), tricks=tuple(s.tricks),
        known=(0,) * s.n if trumping else tuple(s.known), marriages=tuple(s.marriages),
        history=history, trick_no=s.trick_no, bonus=s.bonus,
        match_score=s.match_score, exchanged=s.exchanged,
        legal=tuple(s.legal_actions()) if s.to_act == seat else (),
        strict_from=s.strict_from,
        rules=s.rules if s.rules is not s.game.rules else None, contract=s.contract,
        declarer=s.declarer, factor=s.factor, bidding=s.bidding,
        first_tricks=first_tricks(s) if s.rules.first_trick_visible else (),
        scored=s.scored,
        scored_at=s.scored_at,
        bella_by=s.bella_by,
        opening=s.opening, melded=s.melded,
        lead_flags=s.lead_flags, promise=s.promise,
    )


def _view(**fields: Any) -> View:
    """``View(**fields)`` with every field given, built in one step: a frozen dataclass's
    ``__init__`` sets its fifty fields one ``object.__setattr__`` at a time, which was half the
    cost of a view (6.5 of 12 µs). The result is the same object (a test compares the two)."""
    v: View = _NEW(View)
    v.__dict__.update(fields)
    return v


_NEW = object.__new__


def first_tricks(s: State) -> tuple[int, ...]:
    """Each side's first trick as a card mask (0 where it has none yet), read from the history:
    the plays in groups of one card per playing seat, each trick the side whose tricks hold it."""
    out = [0] * s.rules.n_sides
    size = len(s.active)
    cards = [actions.named_card(a) for a in s.history
             if actions.is_play(a) or actions.is_marriage(a)]
    for i in range(0, len(cards) - size + 1, size):
        m = 0
        for c in cards[i:i + size]:
            m |= 1 << c
        for side, won in enumerate(s.won):
            if won & m == m and not out[side]:
                out[side] = m
    return tuple(out)
