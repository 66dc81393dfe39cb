"""The generic trick-and-draw machine: one state of one hand, for every game of the family.

A ``State`` is mutable and cheap to copy (lists of small ints); ``apply`` checks an action and
refuses it without changing anything when the rules do not allow it. Everything a game does
differently comes from its ``Rules`` and a few hooks of its ``Game`` (deal, scoring).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import KING, QUEEN, SUIT_MASK, SUIT_NAMES, card_list, card_str, mask_str
from ..errors import IllegalActionError
from .actions import (
    CLOSE,
    DECLARE,
    DECLARE_SHOW,
    DEFER,
    DRAW,
    EXCHANGE,
    MARRY,
    PASS,
    TRUMP,
    TURN,
    action_str,
    parse_action,
)
from .legal import legal_follow, trick_winner
from .rules import FREE, STRICT2, Rules

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..games.base import Game
    from .view import View

__all__ = ["State", "Deal", "HandResult", "PH_TRUMP", "PH_PLAY", "PH_DRAW", "PH_OVER",
           "PH_DEFER"]

PH_TRUMP = 0  # forehand names trumps or turns
PH_PLAY = 1   # a seat leads or follows (leaders may also exchange, close, declare)
PH_DRAW = 2   # the trick winner chooses to draw or to close before drawing
PH_OVER = 3
PH_DEFER = 4  # the leader deferred: his partner declares a marriage ('marry C') or passes

_KINGS = sum(1 << (copy * 32 + suit * 8 + KING) for suit in range(4) for copy in range(2))


@dataclass(frozen=True, slots=True)
class Deal:
    """What each seat was dealt (in dealt order), the turn-up card and the stock, top first."""

    hands: tuple[tuple[int, ...], ...]
    turnup: int | None
    stock: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. Per-seat tuples; in partnership games each seat shows its side's value."""

    end: str
    """What happened, in a few words ('claim', 'false claim', 'closer failed', 'played out', …)."""
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
        "game", "rules", "n", "dealer", "nxt", "active", "hands", "stock", "spos", "turnup",
        "turnup_up", "turn_card", "first_packet", "trump", "phase", "leader", "to_act", "trick",
        "tseats", "won", "points", "melds", "pending", "tricks", "closed_by", "close_points",
        "close_tricks", "close_window", "claim_seat", "known", "marriages", "last_trick",
        "_result", "claimant", "history", "values", "beats", "trick_no", "bonus", "match_score",
        "pending_trick", "exchanged", "strict_from",
    )

    game: Game
    rules: Rules
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

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, game: Game, dealer: int, deal: Deal, *, active: tuple[int, ...] | None = None,
            bonus: int = 0, match_score: tuple[int, ...] = ()) -> State:
        """A fresh hand of ``game`` dealt by ``dealer``. ``active`` are the seats that play."""
        rules = game.rules
        s = cls.__new__(cls)
        s.game = game
        s.rules = rules
        n = s.n = rules.n_seats
        s.dealer = dealer
        if active is None:
            active = tuple(i for i in range(n) if deal.hands[i])
        s.active = active
        s.nxt, forehand = _seat_order(n, dealer, active)
        s.hands = [_mask(h) for h in deal.hands]
        s.stock = tuple(deal.stock)
        s.spos = 0
        s.turnup = -1 if deal.turnup is None else deal.turnup
        s.turnup_up = deal.turnup is not None and rules.stock
        s.known = [0] * n
        s.first_packet = [0] * n
        s.turn_card = -1
        if rules.trump_choice:
            s.trump = -1
            s.phase = PH_TRUMP
            packet = rules.first_packet
            for p in range(n):
                s.first_packet[p] = _mask(deal.hands[p][:packet])
            s.turn_card = deal.hands[forehand][packet]
        else:
            s.trump = (s.turnup >> 3) & 3
            s.phase = PH_PLAY
            if not rules.stock and s.turnup >= 0:
                s.known[dealer] |= 1 << s.turnup  # Four-Hand: the dealer's turned card is his
        s.leader = s.to_act = forehand
        s.trick = []
        s.tseats = []
        sides = rules.n_sides
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
        s._set_trump_tables()
        return s

    def _set_trump_tables(self) -> None:
        self.values, self.beats = self.rules.tables[self.trump if self.trump >= 0 else 0]

    def copy(self) -> State:
        """An independent copy (lists copied, immutable values shared); generated below."""
        raise AssertionError("replaced by _make_copy at import")

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.phase == PH_OVER

    @property
    def facedown(self) -> int:
        """Face-down cards left in the stock (not counting the turn-up)."""
        return len(self.stock) - self.spos

    @property
    def stock_open(self) -> bool:
        """The stock can still be drawn from: phase 1 of a game with a stock."""
        return self.turnup_up and self.closed_by < 0

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
        if self.phase == PH_PLAY:
            seat = self.to_act
            r = self.rules
            hand = self.hands[seat]
            if self.trick:
                if self.turnup_up and self.closed_by < 0:
                    mode = r.phase1_follow
                    acts = card_list(hand) if mode == FREE else card_list(legal_follow(
                        hand, self.trick, self.tseats + [seat], r.sides, self.trump, mode,
                        self.beats, r.must_beat_partner, r.must_trump_when_cannot_overtrump))
                else:
                    acts = card_list(legal_follow(
                        hand, self.trick, self.tseats + [seat], r.sides, self.trump,
                        r.phase2_follow, self.beats, r.must_beat_partner,
                        r.must_trump_when_cannot_overtrump))
                # A follower exchanges only under "any_time", or in his window at a close.
                if (r.exchange_any_time or self.close_window) and self._may_exchange(seat):
                    acts.append(EXCHANGE)
                if r.claims and r.claim_timing == "any_own_turn":
                    acts.append(DECLARE)
                if r.partner_marriage:
                    acts = self._keep_promise(seat, acts)
                return acts
            acts = card_list(hand)
            if r.partner_marriage and self._deferred():
                return acts  # one marriage per lead: the partner has had his turn
            if r.marriages and hand & (hand >> 1) & _KINGS:
                for q in self._marriage_queens(seat):
                    acts.append(MARRY + q - 1)
                    acts.append(MARRY + q)
                    if r.claims and r.show_marriage_to_go_out:
                        acts.append(DECLARE_SHOW + q)
            if r.exchange_rank is not None and self._may_exchange(seat):
                acts.append(EXCHANGE)
            if r.close_allowed and self._may_close(seat):
                acts.append(CLOSE)
            if r.claims and (seat == self.claim_seat or r.claim_timing == "any_own_turn"):
                acts.append(DECLARE)
            if r.partner_marriage:
                acts.append(DEFER)
            return acts
        if self.phase == PH_DRAW:
            return [DRAW, CLOSE]
        if self.phase == PH_DEFER:
            acts = []
            for q in self._marriage_queens(self.to_act):
                acts.append(MARRY + q - 1)
                acts.append(MARRY + q)
            acts.append(PASS)
            return acts
        if self.phase == PH_TRUMP:
            seat = self.to_act
            if self.rules.trump_must_be_held:
                held = self.first_packet[seat]
                suits = [t for t in range(4) if held & SUIT_MASK[t]]
            else:
                suits = [0, 1, 2, 3]
            return [TRUMP + t for t in suits] + [TURN]
        return []

    def partner(self, seat: int) -> int:
        """The next seat in playing order on ``seat``'s side (his partner in a partnership)."""
        p = self.nxt[seat]
        while self.rules.sides[p] != self.rules.sides[seat]:
            p = self.nxt[p]
        return p

    def _deferred(self) -> bool:
        """The leader has deferred this lead and his partner has answered (read from the history,
        which views and determinizations carry, so no extra field is needed)."""
        h = self.history
        return bool(h) and (h[-1] == PASS or (len(h) >= 2 and h[-2] == DEFER))

    def _keep_promise(self, seat: int, acts: list[int]) -> list[int]:
        """A partner who declared a marriage for the leader named the card of it he plays to this
        trick (records.md §5): he must play it, where the obligations allow it."""
        h = self.history
        k = len(self.trick)
        if len(h) >= k + 2 and h[-k - 2] == DEFER and MARRY <= h[-k - 1] < DECLARE_SHOW:
            card = h[-k - 1] - MARRY
            if seat == self.partner(self.tseats[0]) and card in acts:
                return [card]
        return acts

    def _marriage_queens(self, seat: int) -> list[int]:
        """Queens of the marriages the leader may declare now (rules.md §0.4, §1.6)."""
        r = self.rules
        if not (self.turnup_up and self.closed_by < 0) and r.stock and not r.marriages_after_close:
            return []
        if r.marriage_credit == "needs_trick_before" and not self.tricks[r.sides[seat]]:
            return []
        hand = self.hands[seat]
        out = []
        for suit in range(4):
            q = suit * 8 + QUEEN
            if (hand >> q) & 1 and (hand >> (q - 1)) & 1:
                out.append(q)
        return out

    def _may_exchange(self, seat: int) -> bool:
        r = self.rules
        if r.exchange_rank is None or self.turnup < 0 or self.trump < 0:
            return False
        low = self.trump * 8 + r.exchange_rank
        if not (self.hands[seat] >> low) & 1:
            return False
        has_trick = self.tricks[r.sides[seat]] > 0
        if self.closed_by >= 0:
            if not (self.close_window >> seat) & 1:
                return False
            return r.exchange_on_close == "opponent_any" or has_trick
        if not self.turnup_up or self.facedown < r.exchange_min_facedown:
            return False
        if r.exchange_needs_trick and not has_trick:
            return False
        return not self.trick or r.exchange_any_time

    def _may_close(self, seat: int) -> bool:
        r = self.rules
        if not r.close_allowed or not self.turnup_up or self.closed_by >= 0:
            return False
        if self.facedown < r.close_min_facedown:
            return False
        if r.close_requires == "lead_and_own_trick":
            return self.tricks[r.sides[seat]] > 0
        if r.close_requires == "lead_after_first_trick":
            return self.trick_no > 0
        return True

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
        if action < DRAW and self.phase == PH_PLAY:
            card = action & 63
            hand = self.hands[self.to_act]
            if not (hand >> card) & 1 and (hand >> (card | 32)) & 1:
                return action | 32
        return action

    def step(self, a: int) -> None:
        """Apply an action known to be legal (no check): the fast path for search."""
        self.history.append(a)
        if a < MARRY:
            self._play(a)
        elif a < DECLARE_SHOW and self.phase == PH_DEFER:
            self._marry(a - MARRY)  # the partner's marriage; he plays the card in his turn
            self.phase = PH_PLAY
            self.to_act = self.leader
        elif a < DECLARE_SHOW:
            self._marry(a - MARRY)
            if self.phase != PH_OVER:  # an automatic claim may have ended the hand
                self._play(a - MARRY)
        elif a < DRAW:
            self._declare_show(a - DECLARE_SHOW)
        elif a == DRAW:
            self.phase = PH_PLAY
            self._draw_all()
        elif a == EXCHANGE:
            self._exchange()
        elif a == CLOSE:
            self._close()
        elif a == DECLARE:
            self._claim(self.to_act)
        elif a >= TRUMP:
            self._set_trump(a - TRUMP, named=True)
        elif a == TURN:
            self._set_trump((self.turn_card >> 3) & 3, named=False)
        elif a == DEFER:
            self.phase = PH_DEFER
            self.to_act = self.partner(self.leader)
        elif a == PASS and self.phase == PH_DEFER:
            self.phase = PH_PLAY
            self.to_act = self.leader
        else:
            raise IllegalActionError(f"{action_str(a)} is not part of this game")

    def _play(self, card: int) -> None:
        seat = self.to_act
        bit = 1 << card
        self.hands[seat] ^= bit
        if self.known[seat] & bit:
            self.known[seat] ^= bit
        if self.close_window:
            self.close_window &= ~(1 << seat)
        if seat == self.claim_seat:
            self.claim_seat = -1
        trick = self.trick
        trick.append(card)
        self.tseats.append(seat)
        if len(trick) < len(self.active):
            self.to_act = self.nxt[seat]
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        r = self.rules
        trick = self.trick
        if len(trick) == 2:  # two seats: the common case, without the general loop
            c0, c1 = trick
            s1 = (c1 >> 3) & 3
            w = (self.beats[c0] >> c1) & 1 if s1 == (c0 >> 3) & 3 else int(s1 == self.trump)
        else:
            w = trick_winner(trick, self.trump, self.beats)
        winner = self.tseats[w]
        side = r.sides[winner]
        vals = self.values
        pts = 0
        mask = 0
        for c in trick:
            pts += vals[c]
            mask |= 1 << c
        self.won[side] |= mask
        self.points[side] += pts
        self.tricks[side] += 1
        pending = self.pending
        if pending[side]:
            self.points[side] += pending[side]
            self.melds[side] += pending[side]
            pending[side] = 0
        if r.marriage_credit == "same_trick_only":
            for sd in range(len(pending)):
                if pending[sd] and self.pending_trick[sd] <= self.trick_no:
                    pending[sd] = 0  # it counted only if that very trick was won
        self.last_trick = tuple(zip(self.tseats, trick))  # noqa: B905 - equal lengths by construction
        self.trick = []
        self.tseats = []
        self.trick_no += 1
        self.leader = self.to_act = winner
        self.claim_seat = winner
        # Every seat holds as many cards as the trick winner: nobody has any left. The last
        # trick's bonus counts before a game's hook may stop the hand on that same trick.
        last = not self.hands[winner] and (self.spos == len(self.stock) or not self.stock_open)
        if last and self.closed_by < 0:
            self.points[side] += r.last_trick_bonus
        if last or (r.trick_hook and self.game.trick_ends_hand(self)):
            self._end(None)
            return
        if r.auto_claim and r.claims and self.points[side] >= r.claim_target:
            self._claim(winner)
            return
        if self.stock_open:
            if r.close_before_draw and self._may_close(winner):
                self.phase = PH_DRAW
                return
            self._draw_all()

    def _draw_all(self) -> None:
        """Everyone draws, the trick winner first; the last drawer takes the turn-up card."""
        seat = self.leader
        for _ in range(len(self.active)):
            if self.spos < len(self.stock):
                self.hands[seat] |= 1 << self.stock[self.spos]
                self.spos += 1
            elif self.turnup_up:
                self.hands[seat] |= 1 << self.turnup
                self.known[seat] |= 1 << self.turnup  # everyone saw who took it
                self.turnup_up = False
                if self.strict_from < 0:
                    self.strict_from = len(self.history)
            seat = self.nxt[seat]

    def _marry(self, card: int) -> None:
        seat = self.to_act
        r = self.rules
        suit = card >> 3 & 3
        value = 40 if suit == self.trump else 20
        side = r.sides[seat]
        other = card ^ 1  # K <-> Q
        self.known[seat] |= 1 << other
        if self.tricks[side] or not r.marriage_needs_trick:
            self.points[side] += value
            self.melds[side] += value
        else:
            self.pending[side] += value
            self.pending_trick[side] = self.trick_no
        self.marriages.append((seat, suit, value))
        if r.auto_claim and r.claims and self.points[side] >= r.claim_target:
            self._claim(seat)  # will end the hand; the led card stays unplayed

    def _declare_show(self, queen: int) -> None:
        seat = self.to_act
        r = self.rules
        suit = queen >> 3 & 3
        value = 40 if suit == self.trump else 20
        side = r.sides[seat]
        self.known[seat] |= (1 << queen) | (1 << (queen - 1))
        self.marriages.append((seat, suit, value))
        if self.tricks[side] or not r.marriage_needs_trick:
            self.points[side] += value
            self.melds[side] += value
        # Without a trick the marriage stays pending, so the claim below is a false claim.
        self._claim(seat)

    def _exchange(self) -> None:
        seat = self.to_act
        low = self.trump * 8 + (self.rules.exchange_rank or 0)
        up = self.turnup
        self.hands[seat] ^= (1 << low) | (1 << up)
        self.known[seat] |= 1 << up
        self.turnup = low
        self.exchanged = True
        self.close_window &= ~(1 << seat)

    def _close(self) -> None:
        seat = self.to_act
        r = self.rules
        self.closed_by = seat
        if self.strict_from < 0:
            self.strict_from = len(self.history)
        self.close_points = tuple(self.points)
        self.close_tricks = tuple(self.tricks)
        if self.phase == PH_DRAW:
            self.phase = PH_PLAY
        if r.exchange_on_close == "opponent_any":
            self.close_window = sum(1 << p for p in self.active if p != seat)
        elif r.exchange_on_close == "either_with_trick":
            self.close_window = sum(1 << p for p in self.active)

    def _claim(self, seat: int) -> None:
        self._end(seat)

    def _set_trump(self, suit: int, named: bool) -> None:
        self.trump = suit
        self.phase = PH_PLAY
        if not named and self.turn_card >= 0:
            self.turnup = self.turn_card
            self.known[self.to_act] |= 1 << self.turn_card
        self._set_trump_tables()

    def _end(self, claimant: int | None) -> None:
        self.phase = PH_OVER
        self.to_act = -1
        self.claimant = -1 if claimant is None else claimant

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
            return str(e)
        if self.phase == PH_OVER:
            return f"the hand is over: {text} is not possible"
        if self.phase == PH_DRAW:
            return f"{text} is not possible now: choose 'draw' or 'close'"
        if self.phase == PH_TRUMP:
            return f"{text} is not possible now: name trumps ('trump S') or 'turn'"
        if self.phase == PH_DEFER:
            return (f"{text} is not possible now: your partner deferred to you; declare a "
                    f"marriage ('marry C') or 'pass'")
        if action in (DEFER, PASS):
            if not self.rules.partner_marriage:
                return f"{text} is not part of this game"
            return f"{text} is possible only for the leader, before his marriage or lead"
        seat = self.to_act
        hand = self.hands[seat]
        r = self.rules
        if action < DRAW:
            card = action & 63
            if action >= MARRY and card & 7 not in (KING, QUEEN):
                return f"a marriage is a king and a queen, not {card_str(card)}"
            if not (hand >> card) & 1:
                return f"you do not hold {card_str(card)}"
            if action < MARRY and self.trick:
                led = self.trick[0]
                suit = (led >> 3) & 3
                same = hand & SUIT_MASK[suit]
                mode = r.phase1_follow if self.stock_open else r.phase2_follow
                if same and (card >> 3) & 3 != suit:
                    return (f"must follow suit: {SUIT_NAMES[suit]} were led and you hold "
                            f"{mask_str(same)}")
                if same:
                    return f"must beat the trick if you can: play {mask_str(self._legal_cards())}"
                if mode == STRICT2 or mode > STRICT2:
                    return f"must trump: play {mask_str(self._legal_cards())}"
                return f"{text} is not allowed here"
            if action >= MARRY:
                partner = card ^ 1
                if self.trick:
                    return "a marriage can only be declared when leading"
                if not (hand >> partner) & 1:
                    return f"you need both the king and the queen: you do not hold {card_str(partner)}"
                if not r.marriages:
                    return "there are no marriages in this game"
                if r.marriage_credit == "needs_trick_before" and not self.tricks[r.sides[seat]]:
                    return "you must win a trick before declaring a marriage"
                if self.strict:
                    return "no marriages once the stock is closed or exhausted"
                if action >= DECLARE_SHOW and not (r.claims and r.show_marriage_to_go_out):
                    return "showing a marriage to go out without leading is not allowed in this game"
                return f"{text} is not allowed now"
            return f"{text} is not allowed now"
        if action == EXCHANGE:
            if r.exchange_rank is None:
                return "there is no trump exchange in this game"
            low = self.trump * 8 + r.exchange_rank
            if self.turnup == low and self.turnup_up and not self.exchanged:
                return f"the turn-up card is {card_str(low)} itself: there is nothing to exchange"
            if not (hand >> low) & 1:
                return f"you can exchange only holding {card_str(low)}"
            if r.exchange_needs_trick and not self.tricks[r.sides[seat]] and self.closed_by < 0:
                return "you must have won a trick before exchanging"
            if self.trick and not r.exchange_any_time:
                return "you may exchange only when you are about to lead"
            return "the exchange is no longer possible: the stock is closed or too small"
        if action == CLOSE:
            if not r.close_allowed:
                return "closing is not part of this game"
            if self.trick:
                return "only the player about to lead may close"
            if self.closed_by >= 0 or not self.turnup_up:
                return "the stock is already closed or exhausted"
            if r.close_requires == "lead_and_own_trick" and not self.tricks[r.sides[seat]]:
                return "you must have won a trick before closing"
            if r.close_requires == "lead_after_first_trick" and self.trick_no == 0:
                return "you may not close before the first trick"
            return "closing is not allowed now"
        if action == DECLARE or DECLARE_SHOW <= action < DRAW:
            if not r.claims:
                return "there are no claims in this game"
            return "you may claim only right after winning a trick or showing a marriage"
        if action == DRAW:
            return "there is nothing to draw now"
        return f"{text} is not allowed now"

    def _legal_cards(self) -> int:
        m = 0
        for a in self.legal_actions():
            if a < MARRY:
                m |= 1 << a
        return m

    def view(self, seat: int) -> View:
        """What ``seat`` may know now (design.md §5)."""
        from .view import make_view
        return make_view(self, seat)

    def __repr__(self) -> str:
        hands = " | ".join(mask_str(h) for h in self.hands)
        return (f"<State {self.game.id} trump={'CDHS'[self.trump] if self.trump >= 0 else '-'} "
                f"to_act={self.to_act} hands=[{hands}] points={self.points}>")


_SCALARS = tuple(n for n in State.__slots__ if n not in {
    "hands", "first_packet", "trick", "tseats", "won", "points", "melds", "pending",
    "pending_trick", "tricks", "known", "marriages", "history"})


def _make_copy() -> None:
    """Generate ``State.copy`` as straight-line assignments: several times faster than a loop of
    getattr/setattr, and it follows ``__slots__`` by itself when a field is added."""
    lines = ["def copy(self):", "    s = _new(State)"]
    for name in State.__slots__:
        tail = "[:]" if name not in _SCALARS else ""
        lines.append(f"    s.{name} = self.{name}{tail}")
    lines.append("    return s")
    env: dict[str, object] = {"_new": object.__new__, "State": State}
    exec("\n".join(lines), env)  # noqa: S102 - code generated from our own slot names
    copy = env["copy"]
    assert callable(copy)
    copy.__doc__ = State.copy.__doc__
    setattr(State, "copy", copy)  # noqa: B010 - replacing the method with the generated one


_make_copy()


@functools.lru_cache(maxsize=256)
def _seat_order(n: int, dealer: int, active: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Next seat of each playing seat (clockwise, skipping seats out of the hand) and forehand."""
    nxt = [-1] * n
    seq = [p for p in ((dealer + k) % n for k in range(1, n + 1)) if p in active]
    for i, p in enumerate(seq):
        nxt[p] = seq[(i + 1) % len(seq)]
    return tuple(nxt), seq[0]


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
