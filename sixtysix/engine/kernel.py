# cython: cdivision=True
"""The playout kernel: whole hands of the two-player trick-and-draw games played on machine ints.

Search spends most of its time playing determinized worlds to the end of the hand. Through the
``State`` API every card is a list append and every step a phase lookup; here a two-player hand
(Sixty-Six and Schnapsen under all their options, and Three-Hand Sixty-Six's two players) is
packed once into a ``Hand`` of plain int fields and played out by a loop that touches nothing
else: hands, tricks and the stock are bitmasks and small ints, the random choices come from a
64-bit xorshift generator kept in an int. The file is ordinary Python, the reference;
``kernel.pxd`` beside it gives the fields and locals C types, and ``setup.py`` compiles the two
into an extension like the rest of the compiled core (``sixtysix/_core.py``).

The kernel follows the engine move for move: its legal actions are the engine's, in the engine's
order, so a playout that picks the i-th legal action with the same random numbers reaches the same
end. ``KernelRandom`` draws those numbers for code that plays through ``State`` (the differential
test, ``tests/test_kernel.py``, through ``bots.playout.play_reference``): ``random`` picks
``rng.choice(s.legal_actions())`` and ``policy`` is the searches' ``policy_action``.

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> s = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=3)
>>> h = pack(s)
>>> g0, g1, steps, x = playouts(h, 1, seed_state(7), POLICY)
>>> from sixtysix.bots.playout import play_reference
>>> t = s.copy(); _ = play_reference(t, KernelRandom(seed_state(7)), POLICY)
>>> (g0, g1) == tuple(t.game_points()) and steps == len(t.history) - len(s.history)
True
"""

from __future__ import annotations

from array import array
from itertools import islice
from typing import TYPE_CHECKING, Any

from . import actions
from .actions import CLOSE, DECLARE, DECLARE_SHOW, DRAW, EXCHANGE, MARRY
from .fastpath import FastPath, RuleCoverage
from .phases import PH_DRAW, PH_OVER, PH_PLAY
from .rules import FOLLOW_ONLY, STRICT2

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .rules import Rules
    from .state import State

__all__ = ["Hand", "KernelRandom", "Search", "pack", "playouts", "seed_state", "trim_oldest", "RANDOM",
           "POLICY"]

RANDOM = 0
"""Playouts pick uniformly among the legal actions (``rng.choice(s.legal_actions())``)."""
POLICY = 1
"""Playouts follow the searches' cheap policy (``bots.playout.policy_action``, eps 0.25)."""

# The action and phase ids the loop compares with, as module constants that kernel.pxd types.
_PLAY, _DRAW_PHASE, _OVER = PH_PLAY, PH_DRAW, PH_OVER
_MARRY, _SHOW, _DRAW, _EXCHANGE, _CLOSE, _DECLARE = MARRY, DECLARE_SHOW, DRAW, EXCHANGE, CLOSE, DECLARE
MASK64 = 0xFFFFFFFFFFFFFFFF
EPS_BELOW = 1 << 51
"""``random() < 0.25`` with ``random() = (x >> 11) / 2**53``: exactly ``x >> 11 < 2**51``."""
_SUITS = 0xFF
_CLOSE_NONE, _CLOSE_OPPONENT, _CLOSE_EITHER = 0, 1, 2
_CREDIT = {"any_later_trick": 0, "same_trick_only": 1, "needs_trick_before": 2}
_CLOSE_REQ = {"lead": 0, "lead_and_own_trick": 1, "lead_after_first_trick": 2}
_PLAYED_OUT = {"seed": 0, "pagat": 1, "one_point": 2, "graded": 3}


# ---------------------------------------------------------------------- bits and random numbers


def xorshift(x: int) -> int:
    """One step of xorshift64 (Marsaglia 2003): never 0 from a state that is not 0."""
    x ^= (x << 13) & MASK64
    x ^= x >> 7
    x ^= (x << 17) & MASK64
    return x


def below(x: int, n: int) -> int:
    """An index below ``n`` (< 2**32) from the high 32 bits of a generator state."""
    return ((x >> 32) * n) >> 32


def lowest(m: int) -> int:
    """The lowest card of a non-empty set of cards below 32: the bits below its lowest bit."""
    return count32((m ^ (m - 1)) >> 1)


def count32(m: int) -> int:
    """Cards in a set of cards below 32 (SWAR popcount)."""
    m = m - ((m >> 1) & 0x55555555)
    m = (m & 0x33333333) + ((m >> 2) & 0x33333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F
    # (Shifted, then masked with a small literal: Cython makes 0xFFFFFFFF a Python int, and
    # masking with it took every count through Python objects, a fifth of the solver's time.)
    return ((m * 0x01010101) >> 24) & 0xFF


def nth(m: int, i: int) -> int:
    """The ``i``-th lowest card of a set."""
    while i:
        m &= m - 1
        i -= 1
    return lowest(m)


_B1, _B2, _B4, _B8 = 0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F, 0x0101010101010101


def count64(m: int) -> int:
    """Cards in a set of up to 64 (SWAR popcount): Terts' card 31, Gaigel's double pack."""
    m = m - ((m >> 1) & _B1)
    m = (m & _B2) + ((m >> 2) & _B2)
    m = (m + (m >> 4)) & _B4
    return ((m * _B8) & MASK64) >> 56


def lowest64(m: int) -> int:
    """The lowest card of a non-empty set of up to 64."""
    return count64((m ^ (m - 1)) >> 1)


def nth64(m: int, i: int) -> int:
    """The ``i``-th lowest card of a set of up to 64."""
    while i:
        m &= m - 1
        i -= 1
    return lowest64(m)


def cheapest(m: int, values: int, trump: int) -> int:
    """``policy_action``'s cheapest card of the set ``m`` (of up to 64 cards): the fewest card
    points (``values``: 4 bits a rank, the ace lowest), a trump counting 12 more, then the lowest
    card."""
    best = -1
    best_key = 1 << 20
    while m:
        c = lowest64(m)
        m &= m - 1
        k = (((values >> (4 * (c & 7))) & 15) + (12 if (c >> 3) & 3 == trump else 0)) * 64 + c
        if k < best_key:
            best = c
            best_key = k
    return best


def suit_tables(values: Sequence[int], beats: Sequence[int], trump: int
                ) -> tuple[int, int, int, int]:
    """A state's per-card tables (``State.values``, ``State.beats``) as four ints of 8 bits a
    rank (the ace lowest), for kernels whose trumps rank or count otherwise (Terts) or whose
    contracts change the order (Bauernschnapsen): a plain suit's card points, the trumps', and
    the cards of its suit above a card, plain and trumps. Without trumps any suit serves both."""
    p = (trump + 1) & 3  # a plain suit
    t = trump if trump >= 0 else p
    pvals = tvals = pbeats = tbeats = 0
    for k in range(8):
        pvals |= values[p * 8 + k] << (8 * k)
        tvals |= values[t * 8 + k] << (8 * k)
        pbeats |= ((beats[p * 8 + k] >> (p * 8)) & 255) << (8 * k)
        tbeats |= ((beats[t * 8 + k] >> (t * 8)) & 255) << (8 * k)
    return pvals, tvals, pbeats, tbeats


def value8(pvals: int, tvals: int, trump: int, c: int) -> int:
    """Card ``c``'s points from ``suit_tables``' two value words."""
    return ((tvals if (c >> 3) & 3 == trump else pvals) >> (8 * (c & 7))) & 255


def above8(pbeats: int, tbeats: int, trump: int, c: int) -> int:
    """The cards of ``c``'s suit that beat it, from ``suit_tables``' two order words."""
    return (((tbeats if (c >> 3) & 3 == trump else pbeats) >> (8 * (c & 7))) & 255) << (c & 24)


def cheapest8(m: int, pvals: int, tvals: int, trump: int) -> int:
    """``cheapest`` with ``suit_tables``' value words (Terts' trump jack counts 20)."""
    best = -1
    best_key = 1 << 20
    while m:
        c = lowest64(m)
        m &= m - 1
        k = (value8(pvals, tvals, trump, c) + (12 if (c >> 3) & 3 == trump else 0)) * 64 + c
        if k < best_key:
            best = c
            best_key = k
    return best


def seed_state(seed: int) -> int:
    """A generator state (not 0) from any int seed (splitmix64's finaliser)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) or 1


class KernelRandom:
    """The kernel's random numbers behind ``random.Random``'s ``choice`` and ``random``, for code
    that plays through ``State`` and must draw what the kernel draws."""

    def __init__(self, state: int) -> None:
        self.state = state

    def random(self) -> float:
        self.state = xorshift(self.state)
        return (self.state >> 11) / 9007199254740992.0

    def choice(self, seq: Sequence[int]) -> int:
        self.state = xorshift(self.state)
        return seq[below(self.state, len(seq))]


# ---------------------------------------------------------------------- the packed hand


class Table:
    """A game's rules and hand scoring as small ints (``_table``), shared by its hands."""

    def __init__(self) -> None:
        self.target = 66
        self.last_bonus = 0
        self.values = 0
        """Card points by rank, 4 bits a rank (the lowest bits: the ace)."""
        self.strict2 = 1
        """Phase-2 follow: 1 STRICT2, 0 FOLLOW_ONLY (phase 1 is free)."""
        self.ex_rank = -1
        self.ex_needs_trick = 0
        self.ex_any_time = 0
        self.ex_min_facedown = 0
        self.ex_on_close = 0
        self.ex_from_trick = 0
        self.marriages = 0
        self.credit = 0
        self.needs_trick = 0
        self.after_close = 0
        self.show_go_out = 0
        self.close_allowed = 0
        self.close_req = 0
        self.close_before_draw = 0
        self.close_min_facedown = 0
        self.claims = 0
        self.claim_any = 0
        self.auto_claim = 0
        self.at_close = 0
        self.trickless_3 = 0
        self.flat_2 = 0
        self.played_out = 0


COVERAGE = RuleCoverage(
    plays=("n_seats", "sides", "pack", "values_by_rank", "exchange_rank", "exchange_needs_trick",
           "exchange_any_time", "exchange_min_facedown", "exchange_on_close", "exchange_from_trick",
           "marriages", "marriage_credit", "marriages_after_close", "marriage_needs_trick",
           "show_marriage_to_go_out", "close_allowed", "close_requires", "close_before_draw",
           "close_min_facedown", "claims", "claim_timing", "claim_target", "auto_claim",
           "last_trick_bonus"),
    only={"phase2_follow": (STRICT2, FOLLOW_ONLY), "hand_size": (5, 6)},
    at_default=("stock", "phase1_follow", "must_beat_partner", "must_trump_when_cannot_overtrump",
                "trump_order", "trump_values", "rank_order", "trump_choice", "trump_must_be_held",
                "first_packet", "partner_marriage", "trick_hook", "min_bid", "max_bid", "all_pass",
                "phases", "first_trick_visible", "claim_side", "trump_jack_free", "combinations",
                "loser_side_extra", "meld_phase", "openings", "low_rank", "melds_in_phase2",
                "five_low"),
)
"""The rule fields this kernel implements (``fastpath.RuleCoverage``): two seats drawing from a
stock, with the exchange, marriages, the close and claims of Sixty-Six and Schnapsen."""

_TABLES: dict[tuple[object, ...], Table | None] = {}
"""One ``Table`` (or None) per distinct rules and scoring: as many as option sets in use, however
many games are made (a tournament makes one per match)."""
_LAST: list[object] = [None, None, None]
"""The game, rules and table of the last call: every state of one search hits it."""


def _table(s: State) -> Table | None:
    """The game's ``Table``, or None where the kernel does not play its hands."""
    game = s.game
    if _LAST[0] is game and _LAST[1] is s.rules:
        return _LAST[2]  # type: ignore[return-value]
    fp = game.fast_path
    key = (s.rules, fp)
    if key not in _TABLES:
        _TABLES[key] = _make_table(s.rules, fp)
    _LAST[:] = [game, s.rules, _TABLES[key]]
    return _TABLES[key]


def _make_table(r: Rules, fp: FastPath | None) -> Table | None:
    # The fields ``COVERAGE`` restricts are checked once per game (``fastpath.offered``); these
    # are the values of the fields it plays that it does not play after all.
    # ``pack >> 31``: compiled, the kernel writes ``1 << card`` with a C int card, exact below
    # bit 31 only (the games it plays use cards 0 to 29).
    # Two seats play each hand, each its own side (Three-Hand: the dealer sits out; pack
    # refuses a hand that more seats play).
    if (fp is None or fp.kernel != __name__ or r.n_seats > 3
            or r.sides != tuple(range(r.n_seats))
            or r.pack >> 31 or max(r.values_by_rank) > 15 or fp.played_out not in _PLAYED_OUT):
        return None
    t = Table()
    t.target = r.claim_target
    t.last_bonus = r.last_trick_bonus
    t.values = sum(v << (4 * k) for k, v in enumerate(r.values_by_rank))
    t.strict2 = int(r.phase2_follow == STRICT2)
    t.ex_rank = -1 if r.exchange_rank is None else r.exchange_rank
    t.ex_needs_trick = int(r.exchange_needs_trick)
    t.ex_any_time = int(r.exchange_any_time)
    t.ex_min_facedown = r.exchange_min_facedown
    t.ex_on_close = {"none": _CLOSE_NONE, "opponent_any": _CLOSE_OPPONENT,
                     "either_with_trick": _CLOSE_EITHER}[r.exchange_on_close]
    t.ex_from_trick = r.exchange_from_trick
    t.marriages = int(r.marriages)
    t.credit = _CREDIT[r.marriage_credit]
    t.needs_trick = int(r.marriage_needs_trick)
    t.after_close = int(r.marriages_after_close)
    t.show_go_out = int(r.claims and r.show_marriage_to_go_out)
    t.close_allowed = int(r.close_allowed)
    t.close_req = _CLOSE_REQ[r.close_requires]
    t.close_before_draw = int(r.close_before_draw)
    t.close_min_facedown = r.close_min_facedown
    t.claims = int(r.claims)
    t.claim_any = int(r.claim_timing == "any_own_turn")
    t.auto_claim = int(r.auto_claim)
    t.at_close = int(fp.closed_measured_at_close)
    t.trickless_3 = int(fp.false_claim_trickless_3)
    t.flat_2 = int(fp.closer_beaten_flat_2)
    t.played_out = _PLAYED_OUT[fp.played_out]
    return t


class Hand:
    """One two-player hand packed into ints: the fields of ``State`` a playout reads and writes
    (seat and side are the same: sides are ``(0, 1)``). ``pack`` builds one from a state."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.hand0 = self.hand1 = 0
        self.stock = [0] * 16
        self.slen = self.spos = 0
        self.turnup = -1
        self.turnup_up = 0
        self.trump = 0
        self.phase = _PLAY
        self.leader = self.to_act = 0
        self.led = -1
        """The card led to the current trick, -1 before the lead."""
        self.points0 = self.points1 = 0
        self.pending0 = self.pending1 = 0
        self.ptrick0 = self.ptrick1 = -1
        self.tricks0 = self.tricks1 = 0
        self.trick_no = 0
        self.closed_by = -1
        self.cpoints0 = self.cpoints1 = 0
        self.ctricks0 = self.ctricks1 = 0
        self.close_window = 0
        self.claim_seat = -1
        self.claimant = -1
        self.bonus = 0
        self.rng = 1

    def _load(self, o: Hand) -> None:
        """Become ``o`` again (the stock, which play only reads, was copied once)."""
        self.hand0 = o.hand0
        self.hand1 = o.hand1
        self.spos = o.spos
        self.turnup = o.turnup
        self.turnup_up = o.turnup_up
        self.trump = o.trump
        self.phase = o.phase
        self.leader = o.leader
        self.to_act = o.to_act
        self.led = o.led
        self.points0 = o.points0
        self.points1 = o.points1
        self.pending0 = o.pending0
        self.pending1 = o.pending1
        self.ptrick0 = o.ptrick0
        self.ptrick1 = o.ptrick1
        self.tricks0 = o.tricks0
        self.tricks1 = o.tricks1
        self.trick_no = o.trick_no
        self.closed_by = o.closed_by
        self.cpoints0 = o.cpoints0
        self.cpoints1 = o.cpoints1
        self.ctricks0 = o.ctricks0
        self.ctricks1 = o.ctricks1
        self.close_window = o.close_window
        self.claim_seat = o.claim_seat
        self.claimant = o.claimant
        self.bonus = o.bonus

    # ------------------------------------------------------------------ per-seat fields

    def _hand(self, seat: int) -> int:
        return self.hand1 if seat else self.hand0

    def _points(self, seat: int) -> int:
        return self.points1 if seat else self.points0

    def _tricks(self, seat: int) -> int:
        return self.tricks1 if seat else self.tricks0

    def _add_points(self, seat: int, v: int) -> None:
        if seat:
            self.points1 += v
        else:
            self.points0 += v

    def _value(self, c: int) -> int:
        return (self.t.values >> ((c & 7) * 4)) & 15

    # ------------------------------------------------------------------ legal actions

    def _queens(self, seat: int) -> int:
        """The queens of the marriages the leader may declare now (play.marriage_queens)."""
        t = self.t
        if not t.marriages:
            return 0
        if not (self.turnup_up and self.closed_by < 0) and not t.after_close:
            return 0
        if t.credit == 2 and not self._tricks(seat):
            return 0
        h = self._hand(seat)
        return h & (h << 1) & 0x08080808  # a queen (rank 3) whose king (rank 2) is held too

    def _may_exchange(self, seat: int) -> int:
        t = self.t
        if t.ex_rank < 0 or self.turnup < 0:
            return 0
        if not (self._hand(seat) >> (self.trump * 8 + t.ex_rank)) & 1:
            return 0
        if self.trick_no < t.ex_from_trick:
            return 0
        has_trick = self._tricks(seat) > 0
        if self.closed_by >= 0:
            if not (self.close_window >> seat) & 1:
                return 0
            return 1 if t.ex_on_close == _CLOSE_OPPONENT or has_trick else 0
        if not self.turnup_up or self.slen - self.spos < t.ex_min_facedown:
            return 0
        if t.ex_needs_trick and not has_trick:
            return 0
        return 1 if self.led < 0 or t.ex_any_time else 0

    def _may_close(self, seat: int) -> int:
        t = self.t
        if not t.close_allowed or not self.turnup_up or self.closed_by >= 0:
            return 0
        if self.slen - self.spos < t.close_min_facedown:
            return 0
        if t.close_req == 1:
            return 1 if self._tricks(seat) > 0 else 0
        if t.close_req == 2:
            return 1 if self.trick_no > 0 else 0
        return 1

    def _short(self, seat: int) -> int:
        """1 when ``seat`` cannot reach the target in this hand whatever is played: its points,
        its pending marriage, every card still to be played (in the hands, on the table, the
        turn-up an exchange might bring in) and every marriage it holds add up to less. Only
        for a closed hand, where the stock no longer comes in.

        Once no exchange can come, the turn-up stays out of play, and the other side's trumps
        above the best trump ``seat`` has (in hand, or led to this trick) win their tricks
        whenever they are played: their points never reach ``seat`` either."""
        t = self.t
        most = self._points(seat) + (self.pending1 if seat else self.pending0)
        cards = self.hand0 | self.hand1
        if self.close_window == 0:
            shift = self.trump * 8
            mine = (self._hand(seat) >> shift) & 0xFF
            if self.led >= 0 and self.leader == seat and (self.led >> 3) & 3 == self.trump:
                mine |= 1 << (self.led & 7)
            theirs = (self._hand(1 - seat) >> shift) & 0xFF
            if mine:
                theirs &= (mine & (~mine + 1)) - 1  # the ranks above its best trump
            cards &= ~(theirs << shift)
        elif self.turnup_up:
            most += self._value(self.turnup)
        while cards:
            most += self._value(lowest(cards))
            cards &= cards - 1
        if self.led >= 0:
            most += self._value(self.led)
        if t.marriages:
            h = self._hand(seat)
            queens = h & (h << 1) & 0x08080808
            while queens:
                most += 40 if (lowest(queens) >> 3) & 3 == self.trump else 20
                queens &= queens - 1
        return 1 if most < t.target else 0

    def _may_declare(self, seat: int) -> int:
        return 1 if self.t.claims and (seat == self.claim_seat or self.t.claim_any) else 0

    def _cards(self, seat: int) -> int:
        """The cards ``seat`` may play now (engine/legal.py's rule for two players)."""
        h = self._hand(seat)
        led = self.led
        if led < 0 or (self.turnup_up and self.closed_by < 0):
            return h
        same = h & (_SUITS << (led & 24))
        if same:
            if self.t.strict2:
                return same & (((1 << (led & 7)) - 1) << (led & 24)) or same
            return same
        if not self.t.strict2:
            return h
        return h & (_SUITS << (self.trump * 8)) or h

    def _random(self) -> int:
        """A legal action drawn as ``rng.choice(s.legal_actions())`` draws it: the legal list is
        counted by parts (cards, marriages, exchange, close, claim, in the engine's order) and
        the drawn index decoded, without building it."""
        self.rng = xorshift(self.rng)
        if self.phase == _DRAW_PHASE:
            return _DRAW if below(self.rng, 2) == 0 else _CLOSE
        seat = self.to_act
        t = self.t
        cards = self._cards(seat)
        n = count32(cards)
        per = 1
        queens = ex = close = 0
        if self.led >= 0:  # a follower: his cards, the exchange, a claim
            if t.ex_any_time or self.close_window:
                ex = self._may_exchange(seat)
            declare = 1 if t.claims and t.claim_any else 0
        else:
            per = 3 if t.show_go_out else 2  # king, queen, and showing it to go out
            queens = self._queens(seat)
            ex = self._may_exchange(seat)
            close = self._may_close(seat)
            declare = self._may_declare(seat)
        m = per * count32(queens)
        i = below(self.rng, n + m + ex + close + declare)
        if i < n:
            return nth(cards, i)
        i -= n
        if i < m:
            q = nth(queens, i // per)
            k = i % per
            return _MARRY + q - 1 if k == 0 else (_MARRY + q if k == 1 else _SHOW + q)
        i -= m
        if i < ex:
            return _EXCHANGE
        return _CLOSE if i - ex < close else _DECLARE

    @property
    def over(self) -> bool:
        return self.phase == _OVER

    def legal_actions(self) -> list[int]:
        """The legal actions as ``State.legal_actions()`` lists them (the order ``_random``
        counts them in): cards, then each marriage's king, queen and showing, the exchange,
        closing and the claim."""
        if self.phase == _DRAW_PHASE:
            return [_DRAW, _CLOSE]
        seat = self.to_act
        t = self.t
        out = []
        cards = self._cards(seat)
        while cards:
            out.append(lowest(cards))
            cards &= cards - 1
        if self.led >= 0:
            if (t.ex_any_time or self.close_window) and self._may_exchange(seat):
                out.append(_EXCHANGE)
            if t.claims and t.claim_any:
                out.append(_DECLARE)
            return out
        queens = self._queens(seat)
        while queens:
            q = lowest(queens)
            queens &= queens - 1
            out.append(_MARRY + q - 1)
            out.append(_MARRY + q)
            if t.show_go_out:
                out.append(_SHOW + q)
        if self._may_exchange(seat):
            out.append(_EXCHANGE)
        if self._may_close(seat):
            out.append(_CLOSE)
        if self._may_declare(seat):
            out.append(_DECLARE)
        return out

    def redeal(self, origin: Hand, other: int, known: int, allowed: int, unseen: int) -> None:
        """Become ``origin`` with the cards the other seat's opponent cannot see dealt again with
        this hand's generator: seat ``other`` keeps ``known`` and fills the rest of its hand
        from ``allowed`` (uniformly), the face-down stock takes the remaining ``unseen`` cards in
        random order. A determinization without building a ``State``: ISMCTS deals every world
        of a search this way from one packed world."""
        self._load(origin)
        self.slen = origin.slen
        size = count32(origin._hand(other))
        pick = 0
        n = count32(allowed)
        for _ in range(size - count32(known)):
            self.rng = xorshift(self.rng)
            c = nth(allowed, below(self.rng, n))
            allowed &= ~(1 << c)
            pick |= 1 << c
            n -= 1
        if other:
            self.hand1 = known | pick
        else:
            self.hand0 = known | pick
        rest = unseen & ~pick
        n = count32(rest)
        for i in range(origin.spos, origin.slen):
            self.rng = xorshift(self.rng)
            c = nth(rest, below(self.rng, n))
            rest &= ~(1 << c)
            n -= 1
            self.stock[i] = c

    def face_down(self) -> list[int]:
        """The cards of the stock still face down, top first."""
        return [self.stock[i] for i in range(self.spos, self.slen)]

    def step(self, a: int) -> None:
        """Take legal action ``a`` (``State.step`` on the packed hand; nothing is checked)."""
        self._step(a)

    # ------------------------------------------------------------------ the policy

    def _policy(self) -> int:
        """``bots.playout.policy_action`` for these games, drawing the same random numbers."""
        seat = self.to_act
        if self.phase == _DRAW_PHASE:
            return _DRAW
        t = self.t
        cards = self._cards(seat)
        queens = 0
        if self.led < 0:
            queens = self._queens(seat)
            if t.show_go_out and self._tricks(seat):
                q = queens
                while q:
                    c = lowest(q)
                    q &= q - 1
                    if self._points(seat) + (40 if (c >> 3) & 3 == self.trump else 20) >= t.target:
                        return _SHOW + c
            if self._may_exchange(seat):
                return _EXCHANGE
            if self._may_declare(seat) and self._points(seat) >= t.target:
                return _DECLARE
        else:
            if (t.ex_any_time or self.close_window) and self._may_exchange(seat):
                return _EXCHANGE
            if t.claims and t.claim_any and self._points(seat) >= t.target:
                return _DECLARE
        if queens:
            self.rng = xorshift(self.rng)
            i = below(self.rng, 2 * count32(queens))
            q = nth(queens, i >> 1)
            return _MARRY + q - 1 + (i & 1)
        n = count32(cards)
        if n > 1:
            self.rng = xorshift(self.rng)
        if n == 1 or (self.rng >> 11) < EPS_BELOW:
            self.rng = xorshift(self.rng)
            return nth(cards, below(self.rng, n))
        if self.led < 0:
            return cheapest(cards, self.t.values, self.trump)
        led = self.led
        ls = led & 24
        winners = cards & (((1 << (led & 7)) - 1) << ls)  # higher of the suit led
        if (led >> 3) & 3 != self.trump:
            winners |= cards & (_SUITS << (self.trump * 8))
        if winners and (self._value(led) >= 10 or not (self.turnup_up and self.closed_by < 0)):
            return cheapest(winners, self.t.values, self.trump)
        return cheapest(cards, self.t.values, self.trump)

    # ------------------------------------------------------------------ acting

    def _step(self, a: int) -> None:
        """``State.step`` for the actions of the play and draw phases."""
        if self.phase == _DRAW_PHASE:
            if a == _DRAW:
                self.phase = _PLAY
                self._draw_all()
            else:
                self._close()
        elif actions.is_play(a):
            self._play(a)
        elif actions.is_marriage(a):
            self._marry(actions.named_card(a))
            if self.phase != _OVER:
                self._play(actions.named_card(a))
        elif actions.is_declaration(a):
            self._show(actions.named_card(a))
        elif a == _EXCHANGE:
            self._exchange()
        elif a == _CLOSE:
            self._close()
        else:
            self._end(self.to_act)

    def _end(self, claimant: int) -> None:
        self.phase = _OVER
        self.claimant = claimant

    def _play(self, card: int) -> None:
        seat = self.to_act
        if seat:
            self.hand1 ^= 1 << card
        else:
            self.hand0 ^= 1 << card
        self.close_window &= ~(1 << seat)
        if seat == self.claim_seat:
            self.claim_seat = -1
        if self.led < 0:
            self.led = card
            self.to_act = 1 - seat
            return
        led = self.led
        self.led = -1
        same_suit = (card >> 3) & 3 == (led >> 3) & 3
        second_wins = (card & 7) < (led & 7) if same_suit else (card >> 3) & 3 == self.trump
        winner = seat if second_wins else 1 - seat
        self._add_points(winner, self._value(led) + self._value(card))
        if winner:
            self.tricks1 += 1
            if self.pending1:
                self.points1 += self.pending1
                self.pending1 = 0
        else:
            self.tricks0 += 1
            if self.pending0:
                self.points0 += self.pending0
                self.pending0 = 0
        if self.t.credit == 1:  # a marriage counts only if that very trick was won
            if self.pending0 and self.ptrick0 <= self.trick_no:
                self.pending0 = 0
            if self.pending1 and self.ptrick1 <= self.trick_no:
                self.pending1 = 0
        self.trick_no += 1
        self.leader = self.to_act = winner
        self.claim_seat = winner
        stock_open = self.turnup_up and self.closed_by < 0
        if not self._hand(winner) and (self.spos == self.slen or not stock_open):
            if self.closed_by < 0:
                self._add_points(winner, self.t.last_bonus)
            self._end(-1)
            return
        if self.t.auto_claim and self.t.claims and self._points(winner) >= self.t.target:
            self._end(winner)
            return
        if stock_open:
            if self.t.close_before_draw and self._may_close(winner):
                self.phase = _DRAW_PHASE
                return
            self._draw_all()

    def _draw_all(self) -> None:
        seat = self.leader
        for _ in range(2):
            card = -1
            if self.spos < self.slen:
                card = self.stock[self.spos]
                self.spos += 1
            elif self.turnup_up:
                card = self.turnup
                self.turnup_up = 0
            if card >= 0:
                if seat:
                    self.hand1 |= 1 << card
                else:
                    self.hand0 |= 1 << card
            seat = 1 - seat

    def _credit(self, seat: int, value: int) -> int:
        """Credit a marriage now (1) where the side has a trick or needs none, else 0."""
        if self._tricks(seat) or not self.t.needs_trick:
            self._add_points(seat, value)
            return 1
        return 0

    def _marry(self, card: int) -> None:
        seat = self.to_act
        value = 40 if (card >> 3) & 3 == self.trump else 20
        if not self._credit(seat, value):
            if seat:
                self.pending1 += value
                self.ptrick1 = self.trick_no
            else:
                self.pending0 += value
                self.ptrick0 = self.trick_no
        if self.t.auto_claim and self.t.claims and self._points(seat) >= self.t.target:
            self._end(seat)

    def _show(self, queen: int) -> None:
        seat = self.to_act
        self._credit(seat, 40 if (queen >> 3) & 3 == self.trump else 20)
        self._end(seat)  # without a trick the marriage stays pending: a false claim

    def _exchange(self) -> None:
        seat = self.to_act
        low = self.trump * 8 + self.t.ex_rank
        swap = (1 << low) | (1 << self.turnup)
        if seat:
            self.hand1 ^= swap
        else:
            self.hand0 ^= swap
        self.turnup = low
        self.close_window &= ~(1 << seat)

    def _close(self) -> None:
        seat = self.to_act
        self.closed_by = seat
        self.cpoints0, self.cpoints1 = self.points0, self.points1
        self.ctricks0, self.ctricks1 = self.tricks0, self.tricks1
        self.phase = _PLAY
        if self.t.ex_on_close == _CLOSE_OPPONENT:
            self.close_window = 1 << (1 - seat)
        elif self.t.ex_on_close == _CLOSE_EITHER:
            self.close_window = 3

    # ------------------------------------------------------------------ scoring

    def _loser_grade(self, loser: int, at_close: int) -> int:
        """games/base.grade of the loser's points and tricks, at the close or at the end."""
        if at_close:
            p = self.cpoints1 if loser else self.cpoints0
            n = self.ctricks1 if loser else self.ctricks0
        else:
            p = self._points(loser)
            n = self._tricks(loser)
        return 3 if n == 0 else (2 if p < 33 else 1)

    def _beaten(self, winner: int) -> int:
        """The closer's opponent's game points: 2, or 3 without a trick at the close."""
        had = self.ctricks1 if winner else self.ctricks0
        return 2 if (self.t.flat_2 or had) else 3

    def _most(self, seat: int) -> int:
        """The most game points (before the bonus) ``seat`` can win from here when its opponent
        never closes and never claims falsely: those moves are the opponent's to make, and taking
        options away from the opponent never lowers a seat's value, so this bounds it from above.
        Every other way to win is graded on the opponent's points and tricks, which only grow
        (1 once it holds 33 and a trick), or is a failed close of the opponent's, worth ``_beaten``."""
        other = 1 - seat
        if self.closed_by == other:
            return self._beaten(seat)
        return self._loser_grade(other, 1 if self.closed_by == seat and self.t.at_close else 0)

    def _outcome(self) -> int:
        """games/base.two_player_outcome as ``winner * 8 + game points``, -1 for a draw."""
        t = self.t
        closer = self.closed_by
        c = self.claimant
        if c >= 0:
            o = 1 - c
            if self._points(c) < t.target:
                return o * 8 + (3 if t.trickless_3 and not self._tricks(o) else 2)
            if closer >= 0 and c != closer:
                return c * 8 + self._beaten(c)
            return c * 8 + self._loser_grade(o, 1 if t.at_close and closer >= 0 else 0)
        if closer >= 0:
            o = 1 - closer
            if self._points(closer) >= t.target:
                return closer * 8 + self._loser_grade(o, t.at_close)
            return o * 8 + self._beaten(o)
        last = self.leader
        if t.played_out == 2:
            return last * 8 + 1
        if t.played_out == 3:
            return last * 8 + self._loser_grade(1 - last, 0)
        pa, pb = self.points0, self.points1
        if t.played_out == 1:
            a_wins, b_wins = pa > pb, pb > pa
        else:
            a_wins, b_wins = pa >= t.target > pb, pb >= t.target > pa
        if a_wins:
            return self._loser_grade(1, 0)
        if b_wins:
            return 8 + self._loser_grade(0, 0)
        return -1


# ---------------------------------------------------------------------- entry points


def pack(s: State) -> Hand | None:
    """``s`` as a ``Hand``, or None where the kernel does not play it (another game, options it
    does not cover, or a phase other than play and draw). The hand's seats 0 and 1 are the two
    seats that play, ``s.active`` in order (in Three-Hand the dealer sits out)."""
    if s.phase not in (PH_PLAY, PH_DRAW, PH_OVER) or s.contract is not None or s.trump < 0:
        return None
    t = _table(s)
    if t is None or len(s.active) != 2:
        return None
    a, b = s.active
    h = Hand(t)
    h.hand0, h.hand1 = s.hands[a], s.hands[b]
    for i, c in enumerate(s.stock):
        h.stock[i] = c
    h.slen = len(s.stock)
    h.spos = s.spos
    h.turnup = s.turnup
    h.turnup_up = int(s.turnup_up)
    h.trump = s.trump
    h.phase = s.phase
    h.leader = _local(s.leader, a, b)
    h.to_act = _local(s.to_act, a, b)
    h.led = s.trick[0] if s.trick else -1
    h.points0, h.points1 = s.points[a], s.points[b]
    h.pending0, h.pending1 = s.pending[a], s.pending[b]
    h.ptrick0, h.ptrick1 = s.pending_trick[a], s.pending_trick[b]
    h.tricks0, h.tricks1 = s.tricks[a], s.tricks[b]
    h.trick_no = s.trick_no
    h.closed_by = _local(s.closed_by, a, b)
    if s.close_points is not None and s.close_tricks is not None:
        h.cpoints0, h.cpoints1 = s.close_points[a], s.close_points[b]
        h.ctricks0, h.ctricks1 = s.close_tricks[a], s.close_tricks[b]
    h.close_window = _local_bits(s.close_window, a, b)
    h.claim_seat = _local(s.claim_seat, a, b)
    h.claimant = _local(s.claimant, a, b)
    h.bonus = s.bonus
    return h


def _local(seat: int, a: int, b: int) -> int:
    """The packed hand's seat (0 or 1) of the state's ``seat`` (``a`` or ``b``); -1 stays."""
    return -1 if seat < 0 else (0 if seat == a else 1)


def _local_bits(bits: int, a: int, b: int) -> int:
    """A per-seat bit set (``1 << seat``) in the packed hand's seats."""
    return ((bits >> a) & 1) | ((bits >> b) & 1) << 1


def _copy_stock(origin: Hand) -> Hand:
    """A new hand of ``origin``'s table holding its stock (which play only reads: copied once,
    then ``_load`` resets the rest for each playout)."""
    h = Hand(origin.t)
    for i in range(origin.slen):
        h.stock[i] = origin.stock[i]
    h.slen = origin.slen
    return h


def playouts(origin: Hand, n: int, rng: int, policy: int) -> tuple[int, int, int, int]:
    """Play ``origin`` to the end ``n`` times (``RANDOM`` or ``POLICY`` choices) from generator
    state ``rng``: the summed game points of seat 0 and seat 1, the actions taken, and the
    generator's state after (to go on with)."""
    h = _copy_stock(origin)
    g0 = g1 = steps = 0
    for _ in range(n):
        h._load(origin)
        h.rng = rng
        while h.phase != _OVER:
            h._step(h._policy() if policy else h._random())
            steps += 1
        rng = h.rng
        w = h._outcome()
        if w >= 0:
            if w >= 8:
                g1 += (w & 7) + h.bonus
            else:
                g0 += (w & 7) + h.bonus
    return g0, g1, steps, rng


def solved_playout(origin: Hand, rng: int, policy: int, search: Search, stock: int = 0
                   ) -> tuple[int, int]:
    """Play ``origin`` on by ``policy`` while its stock is open and holds more than ``stock``
    cards (the turn-up counted), then solve the rest exactly (game points only): seat 0's game
    points less seat 1's, and the generator's state after. Once the stock is exhausted both
    seats know every card, so the solved value is the world's true value, not a guess at how two
    random players would finish it; with a few cards left in the stock, the solver also knows
    the world's order of them (a small clairvoyance, traded for exact play of the rest)."""
    h = _copy_stock(origin)
    h._load(origin)
    h.rng = rng
    while (h.phase != _OVER and h.turnup_up and h.closed_by < 0
           and h.slen - h.spos + 1 > stock):
        h._step(h._policy() if policy else h._random())
    rng = h.rng
    if h.phase == _OVER:
        w = h._outcome()
        if w < 0:
            return 0, rng
        g = (w & 7) + h.bonus
        return (-g if w >= 8 else g), rng
    v = search.value(h, -_INF, _INF, 0) // search.scale
    return (v if h.to_act == 0 else -v), rng


# ---------------------------------------------------------------------- exact search

_DEPTH = 64
"""Actions in one hand at most, with room: 24 cards, marriages, draws, the exchange, a close."""
_WIDTH = 32
"""Legal actions at one node at most, with room: 6 cards, 4 queens × 3, exchange, close, claim."""
_INF = 1 << 30
_SLOTS_MAX = 1 << 16
"""Slots of a ``Search``'s table at most (52 bytes each: 3.4 MB). Small on purpose: a table that
stays in the cache beats one that keeps more. On 40 whole Sixty-Six deals, from 2**19 slots (27 MB)
down to 2**16 the nodes grow by a third (84.7 to 112 million) and the time a node falls from 95 to
54 ns: median 65 to 40 ms a deal, p90 597 to 363 ms, the hardest 1.74 to 1.94 s; 2**15 is a little
faster on the median and slower on the hardest."""
_M64 = 0xFFFFFFFFFFFFFFFF
_H1 = 0x9E3779B97F4A7C15
_H2 = 0xC2B2AE3D27D4EB4F


def _hash(k1: int, k2: int, k3: int, k4: int) -> int:
    """A key's four words mixed by multiplication into one: its bits from 40 up pick the bucket,
    bits 8 to 30 are its fingerprint (``Search._holds``)."""
    x = (k1 * _H1 + k2) & _M64
    x = (x * _H2 + k3) & _M64
    x = (x * _H1 + k4) & _M64
    return (x * _H2) & _M64


class Search:
    """Alpha-beta (negamax, fail-soft) over a packed hand with every card known: the exact value of
    perfect play by both seats under the hand's own scoring (``_outcome``), from the side of the
    seat to act, as ``(game points - the other's) * scale`` plus the card-point margin when
    ``margin``. ``bots.solver.Solver`` enters it wherever ``pack`` takes the state.

    Its transposition table holds positions at a lead (``_ab``) in an array of slots in buckets of
    two (``_store``), grown by doubling up to the largest power of two within ``cap`` (and
    ``_SLOTS_MAX``), after which new entries replace old ones: each slot holds a key (four 64-bit
    words that decide the rest of the hand: the hands, the scores and turn, the close and bonus,
    the stock's order while it is open), the fail-soft bounds found and the best move with the
    key's fingerprint. No Python object is made per position.

    One ``Search`` serves any number of positions of one ``Table``: ``value`` loads the root into
    the first of a stack of hands, one per ply, so a move is a copy into the next one, never an
    undo and never an allocation.
    """

    def __init__(self, t: Table, cap: int, scale: int) -> None:
        self.t = t
        self.scale = scale
        self.margin = 1
        self.nodes = 0
        self.stack = [Hand(t) for _ in range(_DEPTH)]
        self.moves = [0] * 2048  # _DEPTH * _WIDTH, spelt out: Cython sizes the C array from it
        self.keys = [0] * 2048
        self.kk = [0] * 256  # _DEPTH * 4: each ply's key words
        self.kf = [0] * 64  # _DEPTH: each ply's key fingerprint
        self.most = 2
        while self.most * 2 <= min(cap, _SLOTS_MAX):
            self.most *= 2
        self.used = 0
        self._alloc(min(self.most, 1 << 10))

    def _alloc(self, size: int) -> None:
        """An empty table of ``size`` slots (a power of two)."""
        self.mask = size - 1
        self.tk1 = array("Q", bytes(8 * size))
        self.tk2 = array("Q", bytes(8 * size))
        self.tk3 = array("Q", bytes(8 * size))
        self.tk4 = array("Q", bytes(8 * size))
        self.tlo = array("q", bytes(8 * size))
        self.thi = array("q", bytes(8 * size))
        # The key's fingerprint above the best move + 2 (8 bits): 0 marks an empty slot.
        self.tmove = array("i", bytes(4 * size))

    def _grow(self) -> None:
        """Twice the slots, the entries moved over (a solve that needs few positions never pays
        for a big table: allocating the largest takes milliseconds)."""
        k1, k2, k3, k4 = self.tk1, self.tk2, self.tk3, self.tk4
        lo, hi, move = self.tlo, self.thi, self.tmove
        n = self.mask + 1
        self._alloc(2 * n)
        self.used = 0
        for i in range(n):
            if move[i]:
                j = (_hash(k1[i], k2[i], k3[i], k4[i]) >> 40) & self.mask & ~1
                if self.tmove[j]:
                    j += 1
                self._enter(j, k1[i], k2[i], k3[i], k4[i], lo[i], hi[i], move[i])

    def _holds(self, i: int, kb: int) -> bool:
        """Whether slot ``i`` holds the key at ``kk[kb]``. The fingerprint beside the move is
        read first: most probes find another key there, and so touch one array, not two."""
        m = self.tmove[i]
        return m != 0 and m >> 8 == self.kf[kb >> 2] and self.tk1[i] == self.kk[kb] and \
            self.tk2[i] == self.kk[kb + 1] and self.tk3[i] == self.kk[kb + 2] and \
            self.tk4[i] == self.kk[kb + 3]

    def _enter(self, j: int, k1: int, k2: int, k3: int, k4: int, lo: int, hi: int, move: int
               ) -> None:
        """Write an entry into slot ``j`` (``move``: the fingerprint and the best move + 2),
        counting a slot filled."""
        if not self.tmove[j]:
            self.used += 1
        self.tk1[j] = k1
        self.tk2[j] = k2
        self.tk3[j] = k3
        self.tk4[j] = k4
        self.tlo[j] = lo
        self.thi[j] = hi
        self.tmove[j] = move

    def _store(self, h: Hand, d: int, b: int, lo: int, hi: int, move: int) -> None:
        """Enter ply ``d``'s position ``h`` (bucket ``b``). A bucket is two slots: the first keeps
        the position with the most cards left (the biggest subtree: the most work saved), the
        second the latest one pushed aside, so a lone collision loses nothing."""
        kb = d * 4
        if self._holds(b, kb):
            s = b
        elif self._holds(b + 1, kb):
            s = b + 1
        else:
            if self.used * 2 > self.mask + 1 and self.mask + 1 < self.most:
                self._grow()
                b = self._slot(h, d)
            s = b
            if self.tmove[b]:
                if count32(self.tk1[b]) > count32(self.kk[kb]):
                    s = b + 1
                else:  # the old entry moves to the second slot
                    self._enter(b + 1, self.tk1[b], self.tk2[b], self.tk3[b], self.tk4[b],
                                self.tlo[b], self.thi[b], self.tmove[b])
        self._enter(s, self.kk[kb], self.kk[kb + 1], self.kk[kb + 2], self.kk[kb + 3], lo, hi,
                    self.kf[d] << 8 | (move + 2))

    def clear(self) -> None:
        """Empty the table (keeping its size)."""
        for i in range(self.mask + 1):
            self.tmove[i] = 0
        self.used = 0

    def value(self, root: Hand, alpha: int, beta: int, margin: int) -> int:
        """The value of ``root`` for the seat to act, exact within (alpha, beta) (fail-soft).

        Searched as a bisection of null windows (MTD-bi): each probe asks only "is the value at
        least x?", which prunes far more than one wide window, and the table keeps every bound
        found for the next probe. The first probes find the game points (x halfway between two
        levels), the rest the card-point margin within them.
        """
        self.margin = margin
        for h in self.stack:
            for i in range(root.slen):
                h.stock[i] = root.stock[i]
            h.slen = root.slen
        first: Hand = self.stack[0]
        scale = self.scale
        # The value is within 3 game points and the bonus a side, plus a margin under 256 card
        # points; lower0 is a multiple of scale below every value.
        lower = -(4 + root.bonus) * scale - (256 if margin else 0)
        upper = -lower
        lower0 = -(5 + root.bonus) * scale
        while lower < upper:
            if lower >= beta or upper <= alpha:
                break
            # (Divisions of positive numbers only: C and Python round them alike.)
            if upper - lower > scale:
                mid = lower + (upper - lower) // 2 - lower0
                x = (mid // scale) * scale + lower0 - (scale // 2 if margin else 0)
                if x <= lower:
                    x += scale
                if x > upper:
                    x = upper
            elif margin:
                x = lower + (upper - lower + 1) // 2
            else:
                x = upper  # levels only: the one left to ask about
            first._load(root)
            r = self._ab(0, x - 1, x)
            if r >= x:
                lower = r
            else:
                upper = r
        return lower if lower >= beta or lower >= upper else upper

    def _terminal(self, h: Hand, me: int) -> int:
        w = h._outcome()
        g = 0
        if w >= 0:
            g = (w & 7) + h.bonus
            if (w >> 3) != me:
                g = -g
        v = g * self.scale
        if self.margin:
            v += h._points(me) - h._points(1 - me)
        return v

    def _slot(self, h: Hand, d: int) -> int:
        """The table bucket of ``h``, its key written into ply ``d``'s four words: what decides the
        rest of the hand and no more (the trick count follows from the cards left in the hands,
        the stock and the trick; the stock below ``spos`` is gone; its order above matters while
        it is open; of the tricks and the scores at a close only what the grades ask); -1 where
        more than twelve face-down cards are left (no deal of these games leaves that many:
        their order would not fit a word)."""
        k4 = 0
        if h.turnup_up and h.closed_by < 0:
            if h.slen - h.spos > 12:
                return -1
            for i in range(h.spos, h.slen):
                k4 = k4 << 5 | h.stock[i]
        k1 = h.hand0 | (h.hand1 << 32)
        # Packed from the top down, so that a compiled build shifts 64-bit ints, never C ints
        # (field widths: points 8 bits, pending marriages 7, tricks and trick numbers 5).
        # Tricks count only as some or none (every rule asks that); how many were played
        # follows from the cards left in the hands and the stock.
        k2 = 1 if h.tricks1 else 0
        k2 = k2 << 1 | (1 if h.tricks0 else 0)
        k2 = k2 << 7 | h.pending1
        k2 = k2 << 7 | h.pending0
        k2 = k2 << 8 | h.points1
        k2 = k2 << 8 | h.points0
        k2 = k2 << 6 | (h.led + 1)
        k2 = k2 << 1 | h.to_act
        k2 = k2 << 2 | h.phase
        k2 = k2 << 1 | h.turnup_up
        k2 = k2 << 6 | ((h.turnup + 1) if h.turnup_up else 0)  # drawn, it is in a hand
        k2 = k2 << 5 | h.spos
        k3 = self.margin
        k3 = k3 << 6 | h.bonus
        # (Not the trick a marriage waits from: a marriage pending under credit="same_trick_only"
        # was declared in this very trick, and under the other rules that trick does not count.)
        # Of the scores at the close only the grade's questions count (``_loser_grade``,
        # ``_beaten``): a trick or none, 33 or not. Keyed so, a closed position reached by
        # closes at other moments shares its entry.
        k3 = k3 << 1 | (1 if h.ctricks1 else 0)
        k3 = k3 << 1 | (1 if h.ctricks0 else 0)
        k3 = k3 << 1 | (1 if h.cpoints1 >= 33 else 0)
        k3 = k3 << 1 | (1 if h.cpoints0 >= 33 else 0)
        k3 = k3 << 2 | (h.claim_seat + 1)
        k3 = k3 << 2 | h.close_window
        k3 = k3 << 2 | (h.closed_by + 1)
        base = d * 4
        self.kk[base] = k1
        self.kk[base + 1] = k2
        self.kk[base + 2] = k3
        self.kk[base + 3] = k4
        x = _hash(k1, k2, k3, k4)
        self.kf[d] = (x >> 8) & 0x7FFFFF
        return (x >> 40) & self.mask & ~1

    def _order(self, h: Hand, d: int, hint: int) -> int:
        """Fill the moves of ply ``d`` with ``h``'s legal actions, the likely best first (the
        table's move, a claim or show that holds, marriages, drawing or the exchange, closing,
        then cards: high leads first, the cheapest winning follow first, trumps kept); the count."""
        t = self.t
        base = d * _WIDTH
        n = 0
        seat = h.to_act
        own = h._points(seat)
        if h.phase == _DRAW_PHASE:
            n = self._put(base, n, _DRAW, -100, hint)
            return self._put(base, n, _CLOSE, -200, hint)
        cards = h._cards(seat)
        led = h.led
        while cards:
            c = lowest(cards)
            cards &= cards - 1
            v = h._value(c)
            if led < 0:
                k = -v
            else:
                wins = ((c >> 3) & 3 == (led >> 3) & 3 and (c & 7) < (led & 7)) or \
                    ((c >> 3) & 3 == h.trump and (led >> 3) & 3 != h.trump)
                k = v - 100 if wins else v
                if (c >> 3) & 3 == h.trump:
                    k += 15
            n = self._put(base, n, c, k, hint)
        if led < 0:
            queens = h._queens(seat)
            while queens:
                q = lowest(queens)
                queens &= queens - 1
                n = self._put(base, n, _MARRY + q - 1, -500, hint)
                n = self._put(base, n, _MARRY + q, -500, hint)
                if t.show_go_out:
                    sure = h._tricks(seat) and own + (40 if (q >> 3) & 3 == h.trump else 20) >= t.target
                    n = self._put(base, n, _SHOW + q, -5000 if sure else 900, hint)
            if h._may_exchange(seat):
                n = self._put(base, n, _EXCHANGE, -200, hint)
            if h._may_close(seat):
                n = self._put(base, n, _CLOSE, -1000, hint)
            if h._may_declare(seat):
                n = self._put(base, n, _DECLARE, -5000 if own >= t.target else 1000, hint)
        else:
            if (t.ex_any_time or h.close_window) and h._may_exchange(seat):
                n = self._put(base, n, _EXCHANGE, -200, hint)
            if t.claims and t.claim_any:
                n = self._put(base, n, _DECLARE, -5000 if own >= t.target else 1000, hint)
        return n

    def _put(self, base: int, n: int, a: int, k: int, hint: int) -> int:
        """Insert action ``a`` with order key ``k`` among the first ``n`` moves at ``base``."""
        if a == hint:
            k = -10_000
        i = base + n
        while i > base and self.keys[i - 1] > k:
            self.keys[i] = self.keys[i - 1]
            self.moves[i] = self.moves[i - 1]
            i -= 1
        self.keys[i] = k
        self.moves[i] = a
        return n + 1

    def _ab(self, d: int, alpha: int, beta: int) -> int:
        h: Hand = self.stack[d]
        self.nodes += 1
        if h.closed_by >= 0 and h._short(h.closed_by):
            # A closer who cannot reach the target has lost: played out, the other side scores 2
            # or 3 (the close failed); a claim by either side, true or false, gives it 2 or 3 as
            # well, and it never has to make a false one. So the closer's opponent gets 2 or 3
            # game points (and the bonus), whatever else is played: a cut wherever the window
            # lies outside.
            lo = (2 + h.bonus) * self.scale
            hi = lo + self.scale
            if self.margin:
                lo -= 256
                hi += 256
            if h.to_act == h.closed_by:
                lo, hi = -hi, -lo
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
        # Neither side can win more than _most gives it: a cut wherever the window lies outside.
        me = h.to_act
        hi = (h._most(me) + h.bonus) * self.scale
        lo = -(h._most(1 - me) + h.bonus) * self.scale
        if self.margin:
            lo -= 256
            hi += 256
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        # Only positions at a lead (or a draw) are kept. A half-played trick is one move from
        # its lead, whose entry holds the bounds and the move that matter, and its follows,
        # half the nodes, cost more in cache misses probed and stored than the searches they
        # spare: on 40 whole Sixty-Six deals a tenth more nodes, a third less time.
        b = self._slot(h, d) if h.led < 0 else -1
        lo, hi, hint = -_INF, _INF, -1
        slot = -1
        if b >= 0:
            if self._holds(b, d * 4):
                slot = b
            elif self._holds(b + 1, d * 4):
                slot = b + 1
        if slot >= 0:
            lo = self.tlo[slot]
            hi = self.thi[slot]
            hint = (self.tmove[slot] & 255) - 2
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        n = self._order(h, d, hint)
        child: Hand = self.stack[d + 1]
        best = -_INF
        best_move = -1
        base = d * _WIDTH
        for i in range(n):
            a = self.moves[base + i]
            child._load(h)
            child._step(a)
            if child.phase == _OVER:
                v = self._terminal(child, me)
            elif child.to_act == me:
                v = self._ab(d + 1, alpha, beta)
            else:
                v = -self._ab(d + 1, -beta, -alpha)
            if v > best:
                best = v
                best_move = a
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        # Fail-soft bounds stay valid whatever window they were found with.
        if b < 0:
            return best
        if best <= a0:
            if best < hi:
                hi = best
        elif best >= beta:
            if best > lo:
                lo = best
        else:
            lo = hi = best
        self._store(h, d, b, lo, hi, best_move)
        return best


def trim_oldest(table: dict[Any, Any], cap: int) -> None:
    """Drop the older half of a full table (dicts keep insertion order: the lines searched first,
    furthest from the current one, go); the table only saves work, so no value changes."""
    for key in list(islice(table, len(table) - cap // 2)):
        del table[key]
