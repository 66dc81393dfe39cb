# cython: cdivision=True
"""The Bauernschnapsen kernel: a Bauernschnapsen hand (rules/bauernschnapsen.md) on machine ints, from the
deal choice to the last trick.

Before the play: the deal choice (``cut`` or ``knock``, which changes no card), forehand's
trumps (a suit of his first packet, or ``turn``), the auction of the game's contract ladder
(forehand's compulsory opening, outranking, holding with priority, passes final; a ``Ladder``
holds the contracts as ints) and doubling (kontra, rekontra, subkontra). Then strict play from
the first trick by four seats (three where the declarer plays alone), with the contract's own
rules: trumps or none, Zehnergang's rank order, marriages in the trump contracts, "Genug" claims
(``declare``, or ``declare C`` showing a marriage) in the Normal game, the contract decided after
every trick (a Bettler's first trick, a Gang's first lost trick, a Schnapser's 66), the shown
contracts at once, and the doubling factor. A position packs once into a ``BauernHand`` of plain
int fields; a playout is a loop over them. The file is ordinary Python, the reference;
``kernel.pxd`` gives the fields and locals C types, and ``setup.py`` compiles the two
like the rest of the compiled core.

As the other kernels do, it follows the engine move for move: its legal actions are the phases'
(``phases/deal_choice.py``, ``trump.py``, ``contracts.py``, ``doubling.py``, ``play.py``) in
their order; its policy is ``bots.playout.policy_action`` drawing the same random numbers, so a
playout through ``State`` with ``kernel.KernelRandom`` reaches the same end
(``tests/games/test_kernel_bauern.py``). The searches play their Bauernschnapsen playouts here, walk
their trees here and deal their worlds here (``BauernHand.redeal``), and ``master`` solves the
last tricks here (``BauernHand.solve``).

>>> from sixtysix.engine import Match
>>> from sixtysix.engine.actions import PASS
>>> from sixtysix.games import make_game
>>> from sixtysix.engine.kernel import KernelRandom, POLICY, seed_state
>>> from sixtysix.engine.phases import PH_PLAY
>>> from sixtysix.bots.playout import play_reference
>>> s = Match(make_game("bauernschnapsen"), dealer=0).deal_hand(seed=5)
>>> h = pack(s)
>>> h.legal_actions() == s.legal_actions()  # cut or knock
True
>>> while s.phase != PH_PLAY:  # cut, forehand's trumps, the Normal game, nobody doubles
...     acts = s.legal_actions()
...     a = PASS if PASS in acts else acts[0]
...     s.step(a)
...     h.step(a)
>>> s.contract.name, h.legal_actions() == s.legal_actions()
('normal', True)
>>> t = s.copy(); _ = play_reference(t, KernelRandom(seed_state(7)), POLICY)
>>> playout(h, seed_state(7), POLICY)[0] == list(t.game_points())
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import actions
from ...engine.actions import (
    BID_CONTRACT,
    CONTRACTS,
    CUT,
    DECLARE,
    DECLARE_SHOW,
    KNOCK,
    KONTRA,
    MARRY,
    PASS,
    REKONTRA,
    SUBKONTRA,
    TRUMP,
    TURN,
)
from ...engine.contract import LEAD_DECLARER
from ...engine.fastpath import RuleCoverage
from ...engine.kernel import above8, below, cheapest8, count32, lowest, nth, suit_tables, value8, xorshift
from ...engine.kernel_judge import MISERE_DECLARER, MISERE_DEFENDER, judge_card
from ...engine.kernel_search import KernelHand, play_to, playout, playouts
from ...engine.phases import PH_CONTRACTS, PH_DEAL_CHOICE, PH_DOUBLING, PH_OVER, PH_PLAY, PH_TRUMP
from ...engine.rules import STRICT_MULTI

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.state import State

__all__ = ["BauernHand", "Ladder", "pack", "play_to", "playout", "playouts"]

_ONE = 1
_SUIT = 0xFF
_EPS_BELOW = 1 << 51
"""``random() < 0.25`` on the generator's state (``kernel.EPS_BELOW``)."""
_MARRY, _SHOW, _DECLARE = MARRY, DECLARE_SHOW, DECLARE
_PLAY, _OVER = PH_PLAY, PH_OVER
_DEAL, _TRUMP_PHASE, _AUCTION, _DOUBLING = PH_DEAL_CHOICE, PH_TRUMP, PH_CONTRACTS, PH_DOUBLING
_CUT, _KNOCK, _TRUMP, _TURN, _PASS, _BID = CUT, KNOCK, TRUMP, TURN, PASS, BID_CONTRACT
_KONTRA, _REKONTRA, _SUBKONTRA = KONTRA, REKONTRA, SUBKONTRA
_MISERE_DEFENDER, _MISERE_DECLARER = MISERE_DEFENDER, MISERE_DECLARER
_NORMAL, _BETTLER, _SCHNAPSER, _ALL_TRICKS, _ONE_SUIT, _ALL_TRUMPS = 0, 1, 2, 3, 4, 5
"""How a contract is decided (``games.bauernschnapsen``'s ``decide``): by a claim or the last
trick; the declarer takes no trick; every trick and 66 within three; every trick; and the two
shown contracts, at once: five cards of one suit, all five trumps."""
_DECIDE = {"normal": _NORMAL, "bettler": _BETTLER, "schnapser": _SCHNAPSER,
           "kontraschnapser": _SCHNAPSER, "gang": _ALL_TRICKS, "zehnergang": _ALL_TRICKS,
           "bauernschnapser": _ALL_TRICKS, "kontrabauernschnapser": _ALL_TRICKS,
           "farbengang": _ONE_SUIT, "herrenschnapser": _ALL_TRUMPS}
_TARGET = 66
_BETTLER_BID, _SCHNAPSER_BID, _GANG, _ZEHNERGANG, _KONTRASCHNAPSER, _BAUERNSCHNAPSER, \
    _FARBENGANG, _KONTRABAUERNSCHNAPSER, _HERRENSCHNAPSER = (CONTRACTS.index(name) for name in (
        "bettler", "schnapser", "gang", "zehnergang", "kontraschnapser", "bauernschnapser",
        "farbengang", "kontrabauernschnapser", "herrenschnapser"))
"""The contracts' bids (``BID_CONTRACT`` + the index in ``actions.CONTRACTS``)."""
_BOTTOMS = 0x18181818
"""The queens and jacks: a Bettler hand holds nothing else."""
_ACES = 0x01010101
_TRIES = 200
"""Deals ``redeal`` tries before it drops the exclusions (``kernel_multi._TRIES``)."""
_KINGS = 0x04040404
"""The kings (rank 2 of each suit); a queen is its king's bit << 1."""


class Ladder:
    """A Bauernschnapsen game's contracts (``Game.contracts``) as ints, for the kernel's auction
    and the set-up of the contract it ends in (``phases.contracts.set_contract``): per contract
    who may bid it (by bidding position), its value, how it is decided, trumps or none, solo,
    who leads, doubling; its play rules by the declarer's side; its rank and value words by
    trump suit. ``ladder`` builds one per game."""

    def __init__(self) -> None:
        self.n = 0
        self.bidders = [0] * 16
        self.value = [0] * 16
        self.decide = [0] * 16
        self.trumps = [0] * 16
        self.solo = [0] * 16
        self.partner_open = [0] * 16
        """A solo's partner lays his cards face up (``solo_partner_open``)."""
        self.lead_declarer = [0] * 16
        self.doubling = [0] * 16
        self.shown = [0] * 16
        self.misere = [0] * 16
        self.marriages = [0] * 32
        self.claims = [0] * 32
        self.claim_side = [0] * 32
        self.beat_partner = [0] * 32
        """By contract * 2 + the declarer's side."""
        self.words = [0] * 320
        """``suit_tables``' four words by (contract * 5 + trump + 1) * 4: the rank order and
        values under that trump (Zehnergang's differ)."""


COVERAGE = RuleCoverage(
    # The rank orders and card values come with each contract's tables (Zehnergang's differ).
    plays=("pack", "values_by_rank", "trump_order", "trump_values", "rank_order",
           "must_beat_partner", "marriages", "claims", "claim_side"),
    only={"n_seats": (4,), "sides": ((0, 1, 0, 1),), "hand_size": (5,), "stock": (False,),
          "phase1_follow": (STRICT_MULTI,), "phase2_follow": (STRICT_MULTI,),
          "last_trick_bonus": (0,), "trump_choice": (True,), "trump_must_be_held": (True,),
          "trick_hook": (True,),
          "phases": ((PH_TRUMP, PH_CONTRACTS, PH_DOUBLING),
                     (PH_DEAL_CHOICE, PH_TRUMP, PH_CONTRACTS, PH_DOUBLING)),
          # Only views differ by whether the first tricks stay face up.
          "first_trick_visible": (False, True)},
    at_default=("must_trump_when_cannot_overtrump", "exchange_rank", "exchange_needs_trick",
                "exchange_any_time", "exchange_min_facedown", "exchange_on_close",
                "exchange_from_trick", "marriage_credit", "marriages_after_close",
                "marriage_needs_trick", "show_marriage_to_go_out", "close_allowed",
                "close_requires", "close_before_draw", "close_min_facedown", "claim_timing",
                "claim_target", "auto_claim", "partner_marriage", "first_packet", "min_bid",
                "max_bid", "all_pass", "trump_jack_free", "combinations", "loser_side_extra",
                "meld_phase", "openings", "low_rank", "melds_in_phase2", "five_low"),
)
"""The rule fields this kernel implements (``fastpath.RuleCoverage``), under the game's rules
and every contract's: four seats in partnerships, no stock, the contracts' marriages and
claims."""

WALKED = True
"""The searches deal their worlds into this kernel's hands (``set_deal``, ``redeal``) and walk
their trees on them (``fastpath.GameHand``)."""
RACE = False
"""A hand's game points do not go to a race to a target (``bots.playout.race_rewards``)."""
JUDGED: tuple[int, ...] = (PH_CONTRACTS, PH_DOUBLING, PH_PLAY)
"""The phases from which the bidding players' judge plays a hand out here."""
TABLED = False
"""``bots.solver.Solver`` values this kernel's positions through ``State``, not on it."""

_LADDERS: dict[Game, Ladder | None] = {}


def ladder(game: Game) -> Ladder | None:
    """``game``'s contracts as a ``Ladder`` (made once per game), or None where the kernel does
    not play one of them."""
    if game not in _LADDERS:
        _LADDERS[game] = _build_ladder(game)
    return _LADDERS[game]


def _build_ladder(game: Game) -> Ladder | None:
    contracts = game.contracts
    if len(contracts) > 16:
        return None
    lad = Ladder()
    for c in contracts:
        if c.name not in _DECIDE:
            return None
        i = c.index
        lad.n = max(lad.n, i + 1)
        lad.bidders[i] = c.bidders
        lad.value[i] = c.value
        lad.decide[i] = _DECIDE[c.name]
        lad.trumps[i] = int(c.trumps)
        lad.solo[i] = int(c.solo)
        lad.partner_open[i] = int(c.partner_open)
        lad.lead_declarer[i] = int(c.lead == LEAD_DECLARER)
        lad.doubling[i] = int(c.doubling)
        lad.shown[i] = int(c.shown)
        lad.misere[i] = int(c.misere)
        for side in range(2):
            r = c.rules[side]
            lad.marriages[i * 2 + side] = int(r.marriages)
            lad.claims[i * 2 + side] = int(r.claims)
            lad.claim_side[i * 2 + side] = r.claim_side
            lad.beat_partner[i * 2 + side] = int(r.must_beat_partner)
        for trump in range(-1, 4):
            values, beats = c.rules[0].tables[trump if trump >= 0 else 0]
            w = suit_tables(values, beats, trump)
            for k in range(4):
                lad.words[(i * 5 + trump + 1) * 4 + k] = w[k]
    return lad


class BauernHand(KernelHand):
    """The play of one Bauernschnapsen contract packed into ints: sides 0 & 2 against 1 & 3, play
    going round ``nxt`` (which skips a solo declarer's partner). ``pack`` builds one from a
    state."""

    def __init__(self) -> None:
        self._start(4)
        self.nxt = [1, 2, 3, 0]
        self.trick = [0, 0, 0, 0]
        self.tseat = [0, 0, 0, 0]
        """The cards of the trick so far, the leader's first, and who played each."""
        self.n = 0
        self.playing = 4
        """Seats that play (3 where the declarer plays alone)."""
        self.leader = 0
        self.trump = -1
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.pending = [0, 0]
        self.trick_no = 0
        self.claim_seat = -1
        """The seat that may claim before it plays (the last trick's winner), or -1."""
        self.claimant = -1
        self.decide = _NORMAL
        self.value = 1
        self.factor = 1
        self.declarer = 0
        self.misere = 0
        self.marriages = 1
        self.claims = 0
        self.claim_side = -1
        """The side that may claim (-1: either)."""
        self.beat_partner = 1
        self.false_flat = 0
        """``false_enough="flat2"``: a false claim gives 2, not graded."""
        self.pvals = self.tvals = 0
        """Card points by rank, 8 bits a rank (the lowest: the ace), plain suits and trumps."""
        self.pbeats = self.tbeats = 0
        """The cards of its suit above a card, by rank, 8 bits a rank: plain suits and trumps."""
        self.phase = _PLAY
        """The engine's phase: the deal choice, trumps, the auction, doubling, play, over."""
        self.dealer = 3
        self.forehand = 0
        self.first3 = 0
        """Forehand's first packet, of which he names trumps; and the card he would turn."""
        self.turn_card = -1
        self.high = self.bidder = -1
        self.passed = 0
        """The auction: the high contract's index, its bidder, the seats that passed."""
        self.kontra_by = -1
        self.queue = [0, 0, 0]
        self.qn = 0
        """Doubling: who said kontra, and the seats still to answer."""
        self.ci = -1
        """The contract's index, once set."""
        self.ladder: Ladder | None = None
        self.shown = 0
        """Cards in a hand that every seat has seen (a marriage's other card, a solo partner's
        open hand): no seat counts them as out of its sight (``judge``)."""
        self.unseen = 0
        self.known = [0, 0, 0, 0]
        self.excluded = [0, 0, 0, 0]
        self.need = [0, 0, 0, 0]
        self.order = [0, 0, 0, 0]
        self.fill = 0
        """How ``redeal`` deals worlds from this hand (``set_deal``)."""

    def _load(self, other: KernelHand) -> None:
        """Become ``other`` again."""
        assert isinstance(other, BauernHand)
        o = other
        for i in range(4):
            self.hands[i] = o.hands[i]
            self.nxt[i] = o.nxt[i]
            self.trick[i] = o.trick[i]
            self.tseat[i] = o.tseat[i]
        for i in range(2):
            self.points[i] = o.points[i]
            self.tricks[i] = o.tricks[i]
            self.pending[i] = o.pending[i]
        self.n = o.n
        self.playing = o.playing
        self.leader = o.leader
        self.to_act = o.to_act
        self.trump = o.trump
        self.trick_no = o.trick_no
        self.claim_seat = o.claim_seat
        self.claimant = o.claimant
        self.over = o.over
        self.decide = o.decide
        self.value = o.value
        self.factor = o.factor
        self.declarer = o.declarer
        self.misere = o.misere
        self.marriages = o.marriages
        self.claims = o.claims
        self.claim_side = o.claim_side
        self.beat_partner = o.beat_partner
        self.false_flat = o.false_flat
        self.pvals = o.pvals
        self.tvals = o.tvals
        self.pbeats = o.pbeats
        self.tbeats = o.tbeats
        self.phase = o.phase
        self.dealer = o.dealer
        self.forehand = o.forehand
        self.first3 = o.first3
        self.turn_card = o.turn_card
        self.high = o.high
        self.bidder = o.bidder
        self.passed = o.passed
        self.kontra_by = o.kontra_by
        for i in range(3):
            self.queue[i] = o.queue[i]
        self.qn = o.qn
        self.ci = o.ci
        self.ladder = o.ladder
        self.shown = o.shown

    # ------------------------------------------------------------------ cards

    def _value(self, c: int) -> int:
        return value8(self.pvals, self.tvals, self.trump, c)

    def _above(self, c: int) -> int:
        """The cards of ``c``'s suit that beat it (``State.beats``)."""
        return above8(self.pbeats, self.tbeats, self.trump, c)

    def _winner(self) -> int:
        """Index of the card winning the trick so far (``legal.trick_winner``)."""
        w = 0
        wc = self.trick[0]
        for i in range(1, self.n):
            c = self.trick[i]
            if (c >> 3) & 3 == (wc >> 3) & 3:
                if (self._above(wc) >> c) & 1:
                    w = i
                    wc = c
            elif (c >> 3) & 3 == self.trump:
                w = i
                wc = c
        return w

    def _trumps(self) -> int:
        return _SUIT << (self.trump * 8) if self.trump >= 0 else 0

    def _follows(self, seat: int) -> int:
        """The strict multi-player rule of rules/index.md#what-the-games-share (``legal.legal_follow``,
        STRICT_MULTI):
        follow and beat the winning card, else trump and over-trump; a partner winning need not
        be beaten without ``must_beat_partner``."""
        h = self.hands[seat]
        led = self.trick[0]
        same = h & (_SUIT << (led & 24))
        trumps = h & self._trumps()
        w = self._winner()
        wc = self.trick[w]
        if not self.beat_partner and self.tseat[w] & 1 == seat & 1:
            return same or trumps or h
        if same:
            if (wc >> 3) & 3 == (led >> 3) & 3:
                return same & self._above(wc) or same
            return same
        if trumps:
            if (wc >> 3) & 3 == self.trump:
                return trumps & self._above(wc) or trumps
            return trumps
        return h

    def _queens(self, seat: int) -> int:
        """The queens of the marriages the leader may show (trump contracts only)."""
        if not self.marriages:
            return 0
        h = self.hands[seat]
        return h & ((h & _KINGS) << 1)

    def _may_claim(self, seat: int) -> bool:
        return bool(self.claims) and (self.claim_side < 0 or seat & 1 == self.claim_side)

    def legal_actions(self) -> list[int]:
        """The actions ``State.legal_actions()`` lists, in its order: the cards (lowest first);
        a leader's marriages (king, queen, and ``declare C`` where he may claim) and ``declare``;
        before the play, ``_before_play``'s."""
        out: list[int] = []
        if self.over:
            return out
        if self.phase != _PLAY:
            self._before_play(out)
            return out
        seat = self.to_act
        if self.n:
            m = self._follows(seat)
            while m:
                out.append(lowest(m))
                m &= m - 1
            return out
        m = self.hands[seat]
        while m:
            out.append(lowest(m))
            m &= m - 1
        queens = self._queens(seat)
        while queens:
            q = lowest(queens)
            queens &= queens - 1
            out.append(_MARRY + q - 1)
            out.append(_MARRY + q)
            if self._may_claim(seat):
                out.append(_SHOW + q)
        if seat == self.claim_seat and self._may_claim(seat):
            out.append(_DECLARE)
        return out

    def step(self, a: int) -> None:
        """Take legal action ``a`` (nothing is checked)."""
        self._step(a)

    def _step(self, a: int) -> None:
        seat = self.to_act
        if self.phase != _PLAY:
            self._step_before_play(a)
        elif actions.is_play(a):
            self._play(a)
        elif actions.is_marriage(a):
            self._marry(seat, actions.named_card(a), True)
            self._play(actions.named_card(a))
        elif actions.is_declaration(a):  # "Genug", showing a marriage: credited only with a trick
            self._marry(seat, actions.named_card(a), False)
            self._end(seat)
        else:
            self._end(seat)

    # ------------------------------------------------------------------ before the play

    def _position(self, seat: int) -> int:
        """0 for forehand, … 3 for the dealer: bidding order and priority."""
        return (seat - self.dealer + 3) & 3

    def _before_play(self, out: list[int]) -> None:
        """The actions of the phases before the play, in the engine's order: ``cut`` and
        ``knock``; a suit of forehand's first packet, or ``turn``; the contracts the seat may
        bid (outranking the high bid, or holding it with priority), then ``pass`` once there is
        a high bid; the doubling word the factor calls for, then ``pass``."""
        ph = self.phase
        if ph == _DEAL:
            out.append(_CUT)
            out.append(_KNOCK)
        elif ph == _TRUMP_PHASE:
            for t in range(4):
                if self.first3 & (_SUIT << (8 * t)):
                    out.append(_TRUMP + t)
            if self.turn_card >= 0:
                out.append(_TURN)
        elif ph == _AUCTION:
            lad = self.ladder
            assert lad is not None
            pos = self._position(self.to_act)
            top = self._position(self.bidder) if self.bidder >= 0 else 99
            for i in range(lad.n):
                if (lad.bidders[i] >> pos) & 1 and (i > self.high or i == self.high and pos < top):
                    out.append(_BID + i)
            if self.high >= 0:
                out.append(_PASS)
        else:
            out.append(_KONTRA if self.factor == 1 else _REKONTRA if self.factor == 2
                       else _SUBKONTRA)
            out.append(_PASS)

    def _step_before_play(self, a: int) -> None:
        """A deal choice, trumps, a bid or a doubling word: ``phases.deal_choice``, ``trump``,
        ``contracts`` and ``doubling``'s ``apply``."""
        ph = self.phase
        seat = self.to_act
        if ph == _DEAL:  # the choice changes no card
            self.phase = _TRUMP_PHASE
            self.to_act = self.leader
        elif ph == _TRUMP_PHASE:
            self.trump = (self.turn_card >> 3) & 3 if a == _TURN else a - _TRUMP
            if a == _TURN:  # turned face up: seen by all
                self.shown |= _ONE << self.turn_card
            self.phase = _AUCTION
            self.to_act = self.leader
        elif ph == _AUCTION:
            if a == _PASS:
                self.passed |= 1 << seat
            else:
                self.high = a - _BID
                self.bidder = seat
            if count32(self.passed) == 3:  # all but the high bidder have passed
                self._set_contract(self.high, self.bidder)
                return
            p = self.nxt[seat]
            while (self.passed >> p) & 1:
                p = self.nxt[p]
            self.to_act = p
        else:
            if a == _PASS:
                self.qn -= 1
                for i in range(self.qn):
                    self.queue[i] = self.queue[i + 1]
            else:
                self.factor *= 2
                if self.factor == 2:  # the declaring side answers, the declarer first
                    self.kontra_by = seat
                    self.queue[0] = self.declarer
                    self.qn = 1
                    partner = (self.declarer + 2) & 3
                    if self.nxt[partner] >= 0:
                        self.queue[1] = partner
                        self.qn = 2
                elif self.factor == 4:  # then the opponents, kontra's sayer first
                    self.queue[0] = self.kontra_by
                    self.queue[1] = (self.kontra_by + 2) & 3
                    self.qn = 2
                else:
                    self.qn = 0
            if self.qn:
                self.to_act = self.queue[0]
            else:
                self.phase = _PLAY
                self.to_act = self.leader

    def _set_contract(self, ci: int, declarer: int) -> None:
        """Set the hand up for contract ``ci`` bid by ``declarer``, as
        ``phases.contracts.set_contract`` does: a shown one ends the hand; else its rules,
        trumps or none, the partner out of a solo, the leader; then doubling, or the play."""
        lad = self.ladder
        assert lad is not None
        side = declarer & 1
        k = ci * 2 + side
        self.ci = ci
        self.declarer = declarer
        self.decide = lad.decide[ci]
        self.value = lad.value[ci]
        self.misere = lad.misere[ci]
        self.marriages = lad.marriages[k]
        self.claims = lad.claims[k]
        self.claim_side = lad.claim_side[k]
        self.beat_partner = lad.beat_partner[k]
        if lad.shown[ci]:
            self._end(-1)
            return
        if not lad.trumps[ci]:
            self.trump = -1
        w = (ci * 5 + self.trump + 1) * 4
        self.pvals = lad.words[w]
        self.tvals = lad.words[w + 1]
        self.pbeats = lad.words[w + 2]
        self.tbeats = lad.words[w + 3]
        if lad.solo[ci]:  # the partner lays his cards down: tricks of three
            partner = (declarer + 2) & 3
            self.nxt[(partner + 3) & 3] = (partner + 1) & 3
            self.nxt[partner] = -1
            self.playing = 3
            if lad.partner_open[ci]:
                self.shown |= self.hands[partner]
        fh = self.forehand
        self.leader = declarer if lad.lead_declarer[ci] or self.nxt[fh] < 0 else fh
        if not lad.doubling[ci]:
            self.phase = _PLAY
            self.to_act = self.leader
            return
        self.qn = 0  # the opponents, in playing order from the declarer's left, may say kontra
        p = self.nxt[declarer]
        while p != declarer:
            if p & 1 != side:
                self.queue[self.qn] = p
                self.qn += 1
            p = self.nxt[p]
        self.kontra_by = -1
        self.phase = _DOUBLING
        self.to_act = self.queue[0]

    def _marry(self, seat: int, card: int, pend: bool) -> None:
        self.shown |= _ONE << (card ^ 1)  # the other card of the pair stays in the hand, seen
        value = 40 if (card >> 3) & 3 == self.trump else 20
        if self.tricks[seat & 1]:
            self.points[seat & 1] += value
        elif pend:
            self.pending[seat & 1] += value

    def _end(self, claimant: int) -> None:
        self.claimant = claimant
        self.over = True
        self.to_act = -1

    def _play(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat] ^= _ONE << card
        if seat == self.claim_seat:
            self.claim_seat = -1
        self.trick[self.n] = card
        self.tseat[self.n] = seat
        self.n += 1
        if self.n < self.playing:
            self.to_act = self.nxt[seat]
            return
        w = self._winner()
        winner = self.tseat[w]
        side = winner & 1
        pts = 0
        for i in range(self.n):
            pts += self._value(self.trick[i])
        self.points[side] += pts + self.pending[side]
        self.pending[side] = 0
        self.tricks[side] += 1
        self.n = 0
        self.trick_no += 1
        self.leader = self.to_act = self.claim_seat = winner
        if not self.hands[winner] or self._decided() >= 0:
            self._end(-1)

    def _decided(self) -> int:
        """Whether the declaring side has made the contract (1), failed (0), or it is open (-1):
        the contract's ``decide``."""
        if self.decide == _ONE_SUIT:  # shown at once: decided by the declarer's cards
            h = self.hands[self.declarer]
            for t in range(4):
                if h & (_SUIT << (8 * t)) == h:
                    return 1
            return 0
        if self.decide == _ALL_TRUMPS:
            return 1 if self.trump >= 0 and count32(self.hands[self.declarer] & self._trumps()) == 5 \
                else 0
        d = self.declarer & 1
        if self.decide == _NORMAL:
            return -1
        if self.decide == _BETTLER:
            if self.tricks[d]:
                return 0
            return 1 if self.trick_no == 5 else -1
        if self.tricks[1 - d]:
            return 0
        if self.decide == _SCHNAPSER:
            if self.points[d] >= _TARGET:
                return 1
            return 0 if self.trick_no >= 3 else -1
        return 1 if self.trick_no == 5 else -1

    # ------------------------------------------------------------------ the heuristic player

    def judge(self) -> int:
        """The action ``bots.heuristic.HeuristicBot`` takes for the seat to act, from the auction
        on, from what that seat knows: in the auction and the doubling its judgment of its own
        hand (``_judge_call``); in the play (``kernel_judge``) a Bettler played as such; "Genug"
        where its side's points reach 66, or showing a marriage that brings them there; a
        leader's marriage, the trump one first, leading its queen; else its rules of thumb for
        the cards."""
        if self.phase != _PLAY:
            return self._judge_call()
        seat = self.to_act
        side = seat & 1
        if self.n == 0 and seat == self.claim_seat and self._may_claim(seat) \
                and self.points[side] >= _TARGET:
            return _DECLARE
        queens = self._queens(seat) if self.n == 0 and not self.misere else 0
        if queens:
            q = lowest(queens & self._trumps() or queens)
            if self._may_claim(seat) and self.tricks[side] and \
                    self.points[side] + (40 if (q >> 3) & 3 == self.trump else 20) >= _TARGET:
                return _SHOW + q
            return _MARRY + q
        outside = 0
        for p in range(4):
            if p != seat:
                outside |= self.hands[p]
        trick = 0
        mine = 0
        for i in range(self.n):
            trick |= self.trick[i] << (6 * i)
            if self.tseat[i] & 1 == side:
                mine |= 1 << i
        role = 0
        if self.misere:
            role = _MISERE_DECLARER if seat == self.declarer else _MISERE_DEFENDER
        plays = self._follows(seat) if self.n else self.hands[seat]
        return judge_card(self.hands[seat], plays, outside & ~self.shown, trick, self.n, mine,
                          1 if self.n + 1 == self.playing else 0, self.trump, self.pvals,
                          self.tvals, self.pbeats, self.tbeats, role)

    def _judge_call(self) -> int:
        """The heuristic's bid or doubling word: the highest contract the hand clearly makes
        (``HeuristicBot.bid_contract``), else pass, or the least bid where it may not; kontra on
        a trump contract of every trick (or a Schnapser) that its trumps can spoil — a top
        trump, or three — and never rekontra or subkontra."""
        hand = self.hands[self.to_act]
        trump = self.trump
        trumps = hand & (_SUIT << (trump * 8)) if trump >= 0 else 0
        run = (trumps >> (trump * 8)) & _SUIT if trump >= 0 else 0
        top = lowest(~run & (run + 1))  # its trumps from the ace without a gap
        if self.phase == _DOUBLING:
            lad = self.ladder
            assert lad is not None
            if self.factor == 1 and not self.misere and trump >= 0 and lad.trumps[self.ci] \
                    and self.decide in (_SCHNAPSER, _ALL_TRICKS) \
                    and (top >= 1 or count32(trumps) >= 3):
                return _KONTRA
            return _PASS
        ok = 0  # the contracts the hand makes, a bit each (``CONTRACTS``' order)
        if trump >= 0 and trumps == hand:
            ok |= 1 << _HERRENSCHNAPSER
        tops = zehner = 1
        bottoms = hand & _BOTTOMS == hand
        for t in range(4):
            cards = (hand >> (8 * t)) & _SUIT
            if hand == cards << (8 * t):
                ok |= 1 << _FARBENGANG
            if cards & (cards + 1):  # its ranks are not the top ones from the ace
                tops = 0
            order = (cards >> 1) | ((cards & 1) << 4)  # from the ten: T K Q J A
            if order & (order + 1):
                zehner = 0
            if (cards >> 3) & 1 and not (cards >> 4) & 1:
                bottoms = False  # a queen without its jack wins where the jack alone is led
        if tops:
            ok |= 1 << _GANG
        if zehner:
            ok |= 1 << _ZEHNERGANG
        if bottoms:
            ok |= 1 << _BETTLER_BID
        if trump >= 0:
            aces = count32(hand & ~trumps & _ACES)
            if top >= 3 and top + aces >= 4:
                ok |= (1 << _SCHNAPSER_BID) | (1 << _KONTRASCHNAPSER)
            if top == count32(trumps) and top + aces == 5 and top >= 3:
                ok |= (1 << _BAUERNSCHNAPSER) | (1 << _KONTRABAUERNSCHNAPSER)
        lad = self.ladder
        assert lad is not None
        pos = self._position(self.to_act)
        top_bidder = self._position(self.bidder) if self.bidder >= 0 else 99
        least = best = -1
        for i in range(lad.n):
            if (lad.bidders[i] >> pos) & 1 and (i > self.high or i == self.high
                                                 and pos < top_bidder):
                if least < 0:
                    least = i
                if (ok >> i) & 1:
                    best = i
        if best >= 0:
            return _BID + best
        return _PASS if self.high >= 0 else _BID + least

    def finish(self, passing: bool = False) -> None:
        """Play the hand to its end, each seat's action chosen by ``judge`` (from the auction
        on); with ``passing``, every seat passes what is left of the auction and the doubling
        where it may."""
        while not self.over:
            if passing and (self.phase == _AUCTION and self.high >= 0 or self.phase == _DOUBLING):
                self._step(_PASS)
            else:
                self._step(self.judge())

    # ------------------------------------------------------------------ scoring

    def _grade(self, side: int) -> int:
        """What a side that lost scores its winners: 3 without a trick, 2 under 33, else 1."""
        if self.tricks[side] == 0:
            return 3
        return 2 if self.points[side] < 33 else 1

    def game_points(self, seat: int) -> int:
        """``seat``'s game points (his side's, doubled as said) in the finished hand, as
        ``Bauernschnapsen.hand_game_points`` gives them."""
        if self.decide == _NORMAL:
            if self.claimant >= 0:
                cs = self.claimant & 1
                if self.points[cs] >= _TARGET:
                    win = cs
                    g = self._grade(1 - cs)
                else:
                    win = 1 - cs
                    g = 2 if self.false_flat else self._grade(cs)
            else:
                win = self.leader & 1  # nobody claimed: the last trick wins 1
                g = 1
        else:
            d = self.declarer & 1
            win = d if self._decided() == 1 else 1 - d
            g = self.value
        return g * self.factor if seat & 1 == win else 0

    def leads(self) -> list[float]:
        """Per seat, its side's game points less the other side's (``playout.outcome``); 0 for a
        seat that sits out."""
        return self.spread(float(self.game_points(0) - self.game_points(1)), 0)

    def spread(self, v: float, side: int) -> list[float]:
        """Per seat: ``v`` for the seats of ``side``, ``-v`` for the others, 0 for a seat that
        sits out."""
        out = [0.0, 0.0, 0.0, 0.0]
        for p in range(4):
            if self.nxt[p] >= 0:
                out[p] = v if p & 1 == side else -v
        return out

    # ------------------------------------------------------------------ the solver

    def cards_left(self) -> int:
        """The cards left to play: in the hands of the seats that play (a solo declarer's
        partner's, face down, are never played; ``exact.SOLVE_CARDS`` counts cards to solve)."""
        n = 0
        for p in range(4):
            if self.nxt[p] >= 0:
                n += count32(self.hands[p])
        return n

    def _new(self) -> BauernHand:
        return BauernHand()

    def _depth(self) -> int:
        """``solve`` searches the legal actions, claims included: a card is a ply."""
        return self.cards_left() + 2

    def _legal(self) -> int:
        """``legal_actions()`` written into ``acts``; the count."""
        acts = self.legal_actions()
        for i, a in enumerate(acts):
            self.acts[i] = a
        return len(acts)

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
        """``bots.playout.policy_action`` for a Bauernschnapsen hand, drawing the same random
        numbers: the deal choice and trumps at random; forehand opens the least contract, every
        other bid and doubling word is ``pass``; then claim where it holds (showing a marriage
        that makes 66 with a trick, or with 66), show a marriage at random where the leader has
        one; else a random card with chance 0.25; else lead the cheapest card (the strongest
        under a contract of every trick, ``playout._strongest``); a Bettler's declarer keeps below
        the trick; follow with the cheapest card that wins a trick worth 10 or more (any trick
        under a contract of every trick), else the cheapest card."""
        if self.phase != _PLAY:  # a playout bids the least and passes; deals and trumps at random
            if self.phase == _DOUBLING or self.phase == _AUCTION and self.high >= 0:
                return _PASS
            if self.phase == _AUCTION:
                return self.legal_actions()[0]  # forehand's compulsory opening: the least
            return self._random()
        seat = self.to_act
        side = seat & 1
        plays = self._follows(seat) if self.n else self.hands[seat]
        queens = 0 if self.n else self._queens(seat)
        if queens and self._may_claim(seat) and self.tricks[side]:
            m = queens
            while m:
                q = lowest(m)
                m &= m - 1
                if self.points[side] + (40 if (q >> 3) & 3 == self.trump else 20) >= _TARGET:
                    return _SHOW + q
        if not self.n and seat == self.claim_seat and self._may_claim(seat) \
                and self.points[side] >= _TARGET:
            return _DECLARE
        if queens:
            self.rng = xorshift(self.rng)
            i = below(self.rng, 2 * count32(queens))
            return _MARRY + nth(queens, i >> 1) - 1 + (i & 1)
        n = count32(plays)
        if n > 1:
            self.rng = xorshift(self.rng)
        if n == 1 or (self.rng >> 11) < _EPS_BELOW:
            self.rng = xorshift(self.rng)
            return nth(plays, below(self.rng, n))
        every = self.decide == _SCHNAPSER or self.decide == _ALL_TRICKS
        if self.n == 0:
            if every:  # every trick counts: lead the card likeliest to take it
                return self._strongest(plays)
            return cheapest8(plays, self.pvals, self.tvals, self.trump)
        stake = 0
        for i in range(self.n):
            stake += self._value(self.trick[i])
        wc = self.trick[self._winner()]
        winners = plays & self._above(wc)
        if (wc >> 3) & 3 != self.trump:
            winners |= plays & self._trumps()
        if self.misere and seat == self.declarer:  # the highest card that does not win
            losers = plays & ~winners
            best = -1
            best_v = -1
            if losers:
                while losers:
                    c = lowest(losers)
                    losers &= losers - 1
                    if self._value(c) > best_v:
                        best = c
                        best_v = self._value(c)
                return best
            best_v = 1 << 20
            while plays:
                c = lowest(plays)
                plays &= plays - 1
                if self._value(c) < best_v:
                    best = c
                    best_v = self._value(c)
            return best
        if winners and (stake >= 10 or every):
            return cheapest8(winners, self.pvals, self.tvals, self.trump)
        return cheapest8(plays, self.pvals, self.tvals, self.trump)

    def _strongest(self, m: int) -> int:
        """The card of ``m`` likeliest to take a trick: a trump before a plain card, then the
        fewest cards of its suit above it; the lowest among equals (``playout._strongest``)."""
        best = -1
        best_key = -1
        while m:
            c = lowest(m)
            m &= m - 1
            k = (16 if (c >> 3) & 3 == self.trump else 0) + 8 - count32(self._above(c))
            if k > best_key:
                best = c
                best_key = k
        return best

    def _random(self) -> int:
        """``rng.choice(s.legal_actions())``, counted without the list where no marriage or claim
        is offered."""
        acts = self.legal_actions()
        self.rng = xorshift(self.rng)
        return acts[below(self.rng, len(acts))]

    # ------------------------------------------------------------------ worlds

    def set_deal(self, unseen: int, known: list[int], excluded: list[int]) -> None:
        """Remember how ``redeal`` deals worlds from this hand for a view that cannot see
        ``unseen``: per seat the cards known to be there (the view's own hand for its seat) and
        those proven not to be (voids shown). A seat that sits out holds its cards face down:
        they are dealt like any other's."""
        self.unseen = unseen
        keys = []
        for p in range(4):
            self.known[p] = known[p]
            self.excluded[p] = excluded[p]
            self.need[p] = count32(self.hands[p]) - count32(known[p])
            if self.need[p]:
                keys.append((count32(unseen & ~excluded[p]) - self.need[p]) * 4 + p)
        keys.sort()  # most constrained first, ties by seat: determinize's order
        self.fill = len(keys)
        for i in range(self.fill):
            self.order[i] = keys[i] & 3

    def redeal(self, origin: BauernHand) -> None:
        """Become ``origin`` (which ``set_deal`` prepared) with its hidden cards dealt again with
        this hand's generator, most constrained seat first, and again where a later seat is left
        too few (after ``_TRIES`` failures, which only contradictory exclusions cause, without
        them): a determinization without building a ``State``. Before trumps are named,
        forehand's cards are listed in the order drawn after those he knows (his first packet):
        the first three drawn of a whole hand are his first packet, the fourth listed is the card
        he would turn."""
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
                early = p == origin.forehand and (origin.phase == _DEAL
                                                  or origin.phase == _TRUMP_PHASE)
                if early and need == 5:
                    self.first3 = 0
                for j in range(need):
                    self.rng = xorshift(self.rng)
                    c = nth(allowed, below(self.rng, k))
                    allowed &= ~(_ONE << c)
                    pick |= _ONE << c
                    k -= 1
                    if early:  # forehand's cards as listed: his first packet, then the fourth
                        if 5 - need + j < 3:
                            self.first3 |= _ONE << c
                        elif 5 - need + j == 3:
                            self.turn_card = c
                self.hands[p] = origin.known[p] | pick
                left &= ~pick
            if ok:
                return


# ---------------------------------------------------------------------- entry points


def pack(s: State) -> BauernHand | None:
    """``s`` as a ``BauernHand``, from the deal choice to the end, or None where this kernel
    does not play it (another game, or options whose play it does not cover)."""
    fp = s.game.fast_path
    if fp is None or fp.kernel != __name__:
        return None
    lad = ladder(s.game)
    c = s.contract
    if lad is None:
        return None
    h = BauernHand()
    h.ladder = lad
    h.phase = s.phase
    h.dealer = s.dealer
    h.forehand = (s.dealer + 1) & 3
    h.first3 = s.first_packet[h.forehand]
    h.turn_card = s.turn_card
    for m in s.known:
        h.shown |= m
    if s.turnup >= 0:  # seen by all where it lies face up (as a view's ``seen`` counts it)
        h.shown |= _ONE << s.turnup
    for p in range(4):
        h.hands[p] = s.hands[p]
        h.nxt[p] = s.nxt[p] if p in s.active else -1
    h.playing = len(s.active)
    for sd in range(2):
        h.points[sd] = s.points[sd]
        h.tricks[sd] = s.tricks[sd]
        h.pending[sd] = s.pending[sd]
    h.trump = s.trump
    h.factor = s.factor
    h.false_flat = int(fp.false_enough_flat)
    h.trick_no = s.trick_no
    h.claim_seat = s.claim_seat
    h.claimant = s.claimant
    h.leader = s.leader
    h.to_act = s.to_act
    h.over = s.phase == PH_OVER
    if c is None:  # the deal choice, trumps or the auction
        if s.phase == _AUCTION and s.bidding:
            h.high, h.bidder, h.passed = s.bidding
        return h
    r = s.rules
    h.ci = c.index
    h.decide = _DECIDE[c.name]
    h.value = c.value
    h.declarer = s.declarer
    h.misere = int(c.misere)
    h.marriages = int(r.marriages)
    h.claims = int(r.claims)
    h.claim_side = r.claim_side
    h.beat_partner = int(r.must_beat_partner)
    h.pvals, h.tvals, h.pbeats, h.tbeats = suit_tables(s.values, s.beats, s.trump)
    if s.phase == _DOUBLING:
        h.kontra_by = s.bidding[0]
        h.qn = len(s.bidding) - 1
        for i in range(h.qn):
            h.queue[i] = s.bidding[i + 1]
    h.n = len(s.trick)
    for i in range(h.n):
        h.trick[i] = s.trick[i]
        h.tseat[i] = s.tseats[i]
    return h
