"""The generic trick-and-draw machine: one state of one hand, for every game of the family.

A ``State`` is mutable and cheap to copy (lists of small ints); ``apply`` checks an action and
refuses it without changing anything when the rules do not allow it. What may be done and what it
does depend on the phase the hand is in (``engine/phases/``: naming trumps, play, …), looked up in
one table; everything a game does differently comes from its ``Rules``, the phases it goes
through and a few hooks of its ``Game`` (deal, scoring).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import card_str, mask_str
from ..errors import IllegalActionError
from . import actions
from .actions import N_ACTIONS, action_str, parse_action
from .phases import APPLY as _APPLY
from .phases import LEGAL as _LEGAL
from .phases import (
    PH_AUCTION,
    PH_DEAL_CHOICE,
    PH_DEFER,
    PH_DRAW,
    PH_MELD,
    PH_MELD_DEFER,
    PH_OVER,
    PH_PLAY,
    PH_TRUMP,
    PHASES,
)
from .phases import announce as _announce_phase
from .phases import auction as _auction_phase
from .phases import contracts as _contracts_phase
from .phases import deal_choice as _deal_choice_phase
from .phases import doubling as _doubling_phase
from .phases import meld as _meld_phase
from .phases import play as _play_phase
from .phases import trump as _trump_phase
from .rules import PlayRules, Rules

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .contract import Contract
    from .ends import End
    from .game import Game
    from .view import View

__all__ = ["State", "Deal", "HandResult", "PH_TRUMP", "PH_PLAY", "PH_DRAW", "PH_OVER",
           "PH_DEFER", "PH_AUCTION"]

# Imported for their registration in PHASES.
_PHASE_MODULES = (_play_phase, _trump_phase, _auction_phase,  # North American Sixty-Six: auction
                  _deal_choice_phase, _contracts_phase, _doubling_phase,  # Bauernschnapsen
                  _announce_phase,  # Terts
                  _meld_phase)  # Gaigel
_CARD_PHASES = (PH_PLAY, PH_DEFER, PH_MELD, PH_MELD_DEFER)
"""Phases whose actions name cards that the seat to act holds (``_resolve_copy``)."""


@dataclass(frozen=True)  # no slots=True: compiled, Cython makes it an extension type (state.pxd)
class Deal:
    """What each seat was dealt (in dealt order), the turn-up card and the stock, top first."""

    hands: tuple[tuple[int, ...], ...]
    turnup: int | None
    stock: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. Per-seat tuples; in partnership games each seat shows its side's value."""

    end: End
    """What happened, in a few words (engine/ends.py): a ``HandEnd`` ('claim', 'closer failed', …),
    a game's own ``GameEnd``, or a ``ContractEnd`` ('bettler made'). Records keep its text."""
    winners: tuple[int, ...]
    """The seats that won the hand (empty for a draw)."""
    game_points: tuple[int, ...]
    """Game points (or chips) this hand awarded to each seat, any carried bonus included."""
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    detail: str = ""
    """How the game points came about, for people."""


class State:
    """One hand in progress. Build it with ``State.new``; act with ``apply``."""

    __slots__ = (
        "game", "_rules", "play_rules", "n", "dealer", "nxt", "active", "hands", "stock", "spos",
        "turnup", "turnup_up", "turn_card", "first_packet", "trump", "phase", "leader", "to_act", "trick",
        "tseats", "won", "points", "melds", "pending", "tricks", "closed_by", "close_points",
        "close_tricks", "close_window", "claim_seat", "known", "marriages", "last_trick",
        "_result", "claimant", "history", "values", "beats", "trick_no", "bonus", "match_score",
        "pending_trick", "exchanged", "strict_from",
        # Bauernschnapsen: the contract in force, its declarer and doubling, the bidding so far
        # (also North American Sixty-Six's auction of units: declarer and bidding).
        "contract", "declarer", "factor", "bidding",
        # Terts (rules/terts.md#combinations): the combinations scored, and who declared the bella.
        "scored", "scored_at", "bella_by",
        # Gaigel (rules/gaigel.md, engine/phases/meld.py): the opening of trick 1, the suits each
        # seat has melded, what the leader has used of this lead, the partner's promised card,
        # and how the hand ended.
        "opening", "melded", "lead_flags", "promise", "end_kind",
    )

    game: Game
    _rules: Rules
    play_rules: PlayRules
    """``rules.play``: what the play phase reads at every node, as small ints (set with ``rules``)."""
    n: int
    dealer: int
    nxt: tuple[int, ...]
    active: tuple[int, ...]
    hands: list[int]
    stock: tuple[int, ...]
    spos: int
    turnup: int
    turnup_up: bool
    turn_card: int
    first_packet: list[int]
    trump: int
    phase: int
    leader: int
    to_act: int
    trick: list[int]
    tseats: list[int]
    won: list[int]
    points: list[int]
    melds: list[int]
    pending: list[int]
    tricks: list[int]
    closed_by: int
    close_points: tuple[int, ...] | None
    close_tricks: tuple[int, ...] | None
    close_window: int
    claim_seat: int
    known: list[int]
    marriages: list[tuple[int, int, int]]
    last_trick: tuple[tuple[int, int], ...]
    _result: HandResult | None
    claimant: int
    """The seat whose claim ended the hand, -1 when none did (or the hand runs)."""
    history: list[int]
    values: tuple[int, ...]
    beats: tuple[int, ...]
    trick_no: int
    bonus: int
    match_score: tuple[int, ...]
    pending_trick: list[int]
    exchanged: bool
    strict_from: int
    """Length of ``history`` when phase-2 play began (stock closed or exhausted; 0 without a
    stock), -1 while the stock is open: lets a seat infer voids from the plays it saw."""
    # Bauernschnapsen (contracts, engine/contract.py and phases/contracts.py, doubling.py) and
    # North American Sixty-Six (phases/auction.py: declarer and bidding).
    contract: Contract | None
    """The contract being played, None before the auction ends (and in games without one)."""
    declarer: int
    """The seat whose bid won the auction, -1 before."""
    factor: int
    """The doubling factor: 1, 2 (kontra), 4 (rekontra), 8 (subkontra)."""
    bidding: tuple[int, ...]
    """The auction: (high contract index or -1, its bidder or -1, mask of seats that passed);
    while doubling: the seat that said kontra or -1, then the seats still to answer, in order.
    North American Sixty-Six: (high bid in units or 0, its bidder or -1, mask of seats that
    passed), kept after the auction for the scoring (phases/auction.py)."""
    # Terts (rules/terts.md#combinations)
    scored: tuple[tuple[int, int], ...]
    """(seat, index into ``actions.COMBOS``) of every combination scored this hand, in order."""
    scored_at: tuple[int, ...]
    """The length of ``history`` when each of ``scored`` was scored (and shown,
    rules/terts.md#combinations)."""
    bella_by: int
    """The seat that declared the bella (trump K and Q), -1 while nobody has."""
    # Gaigel (rules/gaigel.md): see engine/phases/meld.py.
    opening: int
    """Index into OPENINGS of forehand's opening of trick 1, -1 for none (not yet, or 'free')."""
    melded: int
    """Bit ``seat * 4 + suit``: the seat has melded that suit; bit ``16 + seat``: five low shown."""
    lead_flags: int
    """What the leader has used of this lead (meld.MELD_USED, meld.LOW_SHOWN); 0 at each lead."""
    promise: int
    """``seat << 6 | card``: the card a partner who melded for the leader must play, -1 none."""
    end_kind: int
    """How a Gaigel hand ended (meld.END_*), 0 while it runs or when it was played out."""

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, game: Game, dealer: int, deal: Deal, *, active: tuple[int, ...] | None = None,
            bonus: int = 0, match_score: tuple[int, ...] = ()) -> State:
        """A fresh hand of ``game`` dealt by ``dealer``. ``active`` are the seats that play."""
        return _new(game, dealer, deal, active, bonus, match_score)

    def _set_trump_tables(self) -> None:
        self.values, self.beats = self.rules.tables[self.trump if self.trump >= 0 else 0]

    def copy(self) -> State:
        """An independent copy: lists copied, immutable values shared. Written out field by field
        (a loop of getattr/setattr is several times slower); a test checks it misses none."""
        s = State.__new__(State)
        s.game = self.game
        s._rules = self._rules
        s.play_rules = self.play_rules
        s.n = self.n
        s.dealer = self.dealer
        s.nxt = self.nxt
        s.active = self.active
        s.hands = self.hands[:]
        s.stock = self.stock
        s.spos = self.spos
        s.turnup = self.turnup
        s.turnup_up = self.turnup_up
        s.turn_card = self.turn_card
        s.first_packet = self.first_packet[:]
        s.trump = self.trump
        s.phase = self.phase
        s.leader = self.leader
        s.to_act = self.to_act
        s.trick = self.trick[:]
        s.tseats = self.tseats[:]
        s.won = self.won[:]
        s.points = self.points[:]
        s.melds = self.melds[:]
        s.pending = self.pending[:]
        s.tricks = self.tricks[:]
        s.closed_by = self.closed_by
        s.close_points = self.close_points
        s.close_tricks = self.close_tricks
        s.close_window = self.close_window
        s.claim_seat = self.claim_seat
        s.known = self.known[:]
        s.marriages = self.marriages[:]
        s.last_trick = self.last_trick
        s._result = self._result
        s.claimant = self.claimant
        s.history = self.history[:]
        s.values = self.values
        s.beats = self.beats
        s.trick_no = self.trick_no
        s.bonus = self.bonus
        s.match_score = self.match_score
        s.pending_trick = self.pending_trick[:]
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
        s.end_kind = self.end_kind
        return s

    # ------------------------------------------------------------------ queries

    @property
    def rules(self) -> Rules:
        """The rules in force (a contract may change them during the auction)."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._rules = rules
        self.play_rules = rules.play

    @property
    def over(self) -> bool:
        return self.phase == PH_OVER

    @property
    def facedown(self) -> int:
        """Face-down cards left in the stock (not counting the turn-up)."""
        return _play_phase.facedown(self)

    @property
    def stock_open(self) -> bool:
        """The stock can still be drawn from: phase 1 of a game with a stock."""
        return _play_phase.stock_open(self)

    @property
    def strict(self) -> bool:
        """Phase 2: strict following (stock closed or exhausted, or a game without a stock)."""
        return not self.stock_open

    def side(self, seat: int) -> int:
        return self.rules.sides[seat]

    def side_points(self, seat: int) -> int:
        """Credited points of the seat's side (pending marriages excluded)."""
        return self.points[self.rules.sides[seat]]

    def legal_actions(self) -> list[int]:
        """Every action the seat to act may take now; empty when the hand is over."""
        if self.play_rules is None:
            raise _not_set_up()
        if self.phase == _PH_PLAY:  # the common case, a direct call when compiled (state.pxd)
            return _play_phase.legal(self)
        return _LEGAL[self.phase](self)

    # ------------------------------------------------------------------ acting

    def apply(self, action: int | str) -> None:
        """Take ``action`` (an id or its text) for the seat to act.

        Raises IllegalActionError, with the state unchanged, when the rules do not allow it.
        """
        if isinstance(action, str):
            action = self.parse(action)
        elif action not in self.legal_actions():
            raise IllegalActionError(self.explain_illegal(action))
        self.step(action)

    def parse(self, text: str) -> int:
        """The legal action meant by ``text``, or IllegalActionError explaining why it is not one."""
        try:
            action = parse_action(text)
        except ValueError as e:
            raise IllegalActionError(str(e)) from None
        action = self._resolve_copy(action)
        if action not in self.legal_actions():
            raise IllegalActionError(self.explain_illegal(action))
        return action

    def _resolve_copy(self, action: int) -> int:
        """Text names the first copy of a card; in a double pack pick the copy the seat holds."""
        if actions.names_card(action) and self.phase in _CARD_PHASES:
            card = actions.named_card(action)
            hand = self.hands[self.to_act]
            if (hand >> (card | 32)) & 1:
                if not (hand >> card) & 1:
                    return action | 32
                # Both copies held: the one the rules allow (the card a partner's meld promised
                # may be the second copy).
                legal = self.legal_actions()
                if action not in legal and action | 32 in legal:
                    return action | 32
        return action

    def step(self, a: int) -> None:
        """Apply an action known to be legal (no check): the fast path for search."""
        if self.play_rules is None:
            raise _not_set_up()
        self.history.append(a)
        if self.phase == _PH_PLAY:  # the common case, a direct call when compiled (state.pxd)
            _play_phase.apply(self, a)
        else:
            _APPLY[self.phase](self, a)

    @property
    def result(self) -> HandResult | None:
        """How the hand ended, None while it runs. Scored when first asked for: search and
        playouts read ``game_points()`` instead and never build the result's text."""
        if self._result is None and self.phase == PH_OVER:
            self._result = self.game.score_hand(self, None if self.claimant < 0 else self.claimant)
        return self._result

    def game_points(self) -> Sequence[int]:
        """Game points per seat of the finished hand: ``result.game_points`` without the text."""
        if self._result is not None:
            return self._result.game_points
        return self.game.hand_game_points(self, None if self.claimant < 0 else self.claimant)

    # ------------------------------------------------------------------ people

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not allowed now, in a player's words."""
        try:
            text = action_str(action)
        except ValueError as e:  # an int that names no action at all
            if 0 <= action < N_ACTIONS and (actions.is_marriage(action)
                                            or actions.is_declaration(action)):
                return f"a marriage is a king and a queen, not {card_str(actions.named_card(action))}"
            return str(e)
        phase = PHASES[self.phase]
        assert phase is not None
        return phase.explain(self, action, text)

    def view(self, seat: int) -> View:
        """What ``seat`` may know now (design.md §5)."""
        from .view import make_view
        return make_view(self, seat)

    def __repr__(self) -> str:
        hands = " | ".join(mask_str(h) for h in self.hands)
        return (f"<State {self.game.id} trump={'CDHS'[self.trump] if self.trump >= 0 else '-'} "
                f"to_act={self.to_act} hands=[{hands}] points={self.points}>")


def _not_set_up() -> ValueError:
    # Compiled, the phases read the rules from the state's struct without a check: a state made
    # with State.__new__ and never given its rules would crash the process, not raise.
    return ValueError("this state has no rules: make states with State.new (or copy one)")


def _new(game: Game, dealer: int, deal: Deal, active: tuple[int, ...] | None, bonus: int,
         match_score: tuple[int, ...]) -> State:
    """``State.new``, as a function so that the compiled core types the new state (state.pxd)."""
    if not isinstance(deal, Deal):  # the same error on both cores (compiled, ``d`` is typed)
        raise TypeError(f"a hand is dealt from a Deal, not {type(deal).__name__}")
    d = deal
    rules = game.rules
    r = rules.play  # what follows reads its copies of the rules' fields, without a lookup
    s = State.__new__(State)
    s.game = game
    s._rules = rules  # what the ``rules`` setter does, without a call through Python
    s.play_rules = r
    n = s.n = r.n_seats
    s.dealer = dealer
    if active is None:
        active = tuple([i for i in range(n) if d.hands[i]])  # no generator: cpdef (state.pxd)
    s.active = active
    s.nxt, forehand = seat_order(n, dealer, active)
    s.hands = [hand_mask(h) for h in d.hands]
    s.stock = tuple(d.stock)
    s.spos = 0
    s.turnup = -1 if d.turnup is None else d.turnup
    s.turnup_up = d.turnup is not None and r.stock
    s.known = [0] * n
    s.first_packet = [0] * n
    s.turn_card = -1
    if r.trump_choice:
        s.trump = -1
        s.phase = PH_TRUMP
        packet = r.first_packet
        for p in range(n):
            s.first_packet[p] = hand_mask(d.hands[p][:packet])
        s.turn_card = d.hands[forehand][packet]
    elif r.phases:  # trumps are named in a phase before play (North American: the
        s.trump = -1    # high bidder names them after the auction)
    else:
        s.trump = (s.turnup >> 3) & 3
        s.phase = PH_MELD if r.meld_phase else PH_PLAY
        if not r.stock and s.turnup >= 0:
            s.known[dealer] |= 1 << s.turnup  # Four-Hand: the dealer's turned card is his
    s.leader = s.to_act = forehand
    if r.phases:  # the game's phases before play, as data (rules/bauernschnapsen.md#cards-and-deal: deal
                  # choice …)
        s.phase = r.phases[0]
        if s.phase == PH_DEAL_CHOICE:
            s.to_act = s.nxt.index(dealer)  # the dealer's right: the seat before him
    s.trick = []
    s.tseats = []
    sides = r.n_sides
    s.won = [0] * sides
    s.points = [0] * sides
    s.melds = [0] * sides
    s.pending = [0] * sides
    s.pending_trick = [-1] * sides
    s.tricks = [0] * sides
    s.closed_by = -1
    s.close_points = s.close_tricks = None
    s.close_window = 0
    s.claim_seat = -1
    s.marriages = []
    s.last_trick = ()
    s._result = None
    s.claimant = -1
    s.history = []
    s.trick_no = 0
    s.bonus = bonus
    s.match_score = match_score
    s.exchanged = False
    s.strict_from = -1 if s.turnup_up else 0
    s.contract = None
    s.declarer = -1
    s.factor = 1
    s.bidding = ()
    s.scored = s.scored_at = ()
    s.bella_by = -1
    s.opening = -1
    s.melded = 0
    s.lead_flags = 0
    s.promise = -1
    s.end_kind = 0
    s.values, s.beats = r.tables[s.trump if s.trump >= 0 else 0]  # as _set_trump_tables
    return s


def seat_order(n: int, dealer: int, active: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Next seat of each playing seat (clockwise, skipping seats out of the hand) and forehand."""
    key = (n, dealer, active)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = _make_seat_order(n, dealer, active)
    return order


_ORDERS: dict[tuple[int, int, tuple[int, ...]], tuple[tuple[int, ...], int]] = {}
"""``seat_order`` by its arguments: a few dozen entries, and every new hand asks."""


def _make_seat_order(n: int, dealer: int, active: tuple[int, ...]
                     ) -> tuple[tuple[int, ...], int]:
    nxt = [-1] * n
    seq = [p for p in ((dealer + k) % n for k in range(1, n + 1)) if p in active]
    for i, p in enumerate(seq):
        nxt[p] = seq[(i + 1) % len(seq)]
    return tuple(nxt), seq[0]


def hand_mask(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= _ONE << c
    return m


_PH_PLAY = PH_PLAY
"""The phase that ``step`` and ``legal_actions`` call directly, not through the phase tables: the
play phase's id, a C int when compiled (state.pxd; ``PH_PLAY`` stays importable)."""


def _dispatch_by_table(on: bool) -> None:
    """Send every phase through the tables ``_APPLY`` and ``_LEGAL`` (``on``), or the play phase
    by its direct call again: the fuzzer's tests plant bugs in the tables, which the compiled
    core's direct call would pass by."""
    global _PH_PLAY
    _PH_PLAY = -1 if on else PH_PLAY

_ONE = 1
"""A one that is 64 bits wide when compiled (state.pxd): ``hand_mask`` sets bits up to 63 in a C
word, where a plain ``1 << c`` would shift a 32-bit int."""
