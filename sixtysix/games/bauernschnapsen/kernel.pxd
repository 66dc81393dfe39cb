# C types for kernel.py (Cython's augmenting .pxd): the .py stays plain Python, the
# reference; compiled, every field and local below is a machine int and every method a direct C
# call.
cimport cython
cimport sixtysix.engine.actions as actions  # the action tests by name, inline
from sixtysix.engine.kernel cimport (xorshift, below, lowest, count32, nth, above8, cheapest8,
                                     suit_tables, value8)
from sixtysix.engine.kernel_judge cimport judge_card
from sixtysix.engine.kernel_search cimport KernelHand
from sixtysix.engine.state cimport State

cdef unsigned long long _EPS_BELOW, _ONE, _SUIT, _KINGS
cdef int _MARRY, _SHOW, _DECLARE, _PLAY, _OVER, _NORMAL, _BETTLER, _SCHNAPSER, _ALL_TRICKS
cdef int _TARGET, _TRIES, PH_OVER, PH_PLAY, STRICT_MULTI
cdef int _DEAL, _TRUMP_PHASE, _AUCTION, _DOUBLING, _CUT, _KNOCK, _TRUMP, _TURN, _PASS, _BID
cdef int _MISERE_DEFENDER, _MISERE_DECLARER, _BETTLER_BID, _SCHNAPSER_BID, _GANG, _ZEHNERGANG
cdef int _KONTRASCHNAPSER, _BAUERNSCHNAPSER, _FARBENGANG, _KONTRABAUERNSCHNAPSER
cdef int _HERRENSCHNAPSER
cdef unsigned long long _BOTTOMS, _ACES
cdef int _KONTRA, _REKONTRA, _SUBKONTRA, _ONE_SUIT, _ALL_TRUMPS, LEAD_DECLARER
cdef dict _DECIDE, _LADDERS


@cython.final
cdef class Ladder:
    cdef public int n
    cdef int bidders[16]
    cdef int value[16]
    cdef int decide[16]
    cdef int trumps[16]
    cdef int solo[16]
    cdef int partner_open[16]
    cdef int lead_declarer[16]
    cdef int doubling[16]
    cdef int shown[16]
    cdef int misere[16]
    cdef int marriages[32]
    cdef int claims[32]
    cdef int claim_side[32]
    cdef int beat_partner[32]
    cdef unsigned long long words[320]


cpdef Ladder ladder(object game)
@cython.locals(lad=Ladder, i=cython.int, side=cython.int, trump=cython.int, k=cython.int)
cpdef Ladder _build_ladder(object game)


@cython.final
cdef class BauernHand(KernelHand):
    cdef int nxt[4]
    cdef int trick[4]
    cdef int tseat[4]
    cdef int points[2]
    cdef int tricks[2]
    cdef int pending[2]
    cdef public int n, playing, leader, trump, trick_no, claim_seat, claimant, decide
    cdef public int value, factor, declarer, misere, marriages, claims, claim_side
    cdef public int beat_partner, false_flat
    cdef public unsigned long long pvals, tvals, pbeats, tbeats
    cdef public unsigned long long unseen, shown
    cdef unsigned long long known[4]
    cdef unsigned long long excluded[4]
    cdef int need[4]
    cdef int order[4]
    cdef int fill
    cdef public int phase, dealer, forehand, turn_card, high, bidder, passed, kontra_by, qn, ci
    cdef public unsigned long long first3
    cdef int queue[3]
    cdef public Ladder ladder

    @cython.locals(i=cython.int, o=BauernHand)
    cdef int _load(self, KernelHand other) noexcept
    cdef BauernHand _new(self)
    cdef int _enter(self, KernelHand parent, int a) except -1
    @cython.locals(steps=cython.int)
    cdef int _run(self, int policy, int cards) except -1
    cdef int _depth(self) noexcept
    @cython.locals(i=cython.int, a=cython.int)
    cdef int _legal(self) except -1
    cdef inline int _value(self, int c) noexcept
    cdef inline unsigned long long _above(self, int c) noexcept
    @cython.locals(w=cython.int, wc=cython.int, i=cython.int, c=cython.int)
    cdef int _winner(self) noexcept
    cdef inline unsigned long long _trumps(self) noexcept
    @cython.locals(h=cython.ulonglong, led=cython.int, same=cython.ulonglong,
                   trumps=cython.ulonglong, w=cython.int, wc=cython.int)
    cdef unsigned long long _follows(self, int seat) noexcept
    @cython.locals(h=cython.ulonglong)
    cdef unsigned long long _queens(self, int seat) noexcept
    cdef bint _may_claim(self, int seat) noexcept
    cdef inline int _position(self, int seat) noexcept
    @cython.locals(ph=cython.int, t=cython.int, lad=Ladder, pos=cython.int, top=cython.int,
                   i=cython.int)
    cdef void _before_play(self, list out) except *
    @cython.locals(ph=cython.int, seat=cython.int, p=cython.int, i=cython.int,
                   partner=cython.int)
    cdef void _step_before_play(self, int a) except *
    @cython.locals(lad=Ladder, side=cython.int, k=cython.int, w=cython.int, partner=cython.int,
                   fh=cython.int, p=cython.int)
    cdef void _set_contract(self, int ci, int declarer) except *
    @cython.locals(seat=cython.int, m=cython.ulonglong, queens=cython.ulonglong, q=cython.int)
    cpdef list legal_actions(self)
    cpdef void step(self, int a)
    @cython.locals(seat=cython.int)
    cdef int _step(self, int a) except -1
    @cython.locals(value=cython.int)
    cdef void _marry(self, int seat, int card, bint pend) noexcept
    cdef void _end(self, int claimant) noexcept
    @cython.locals(seat=cython.int, w=cython.int, winner=cython.int, side=cython.int,
                   pts=cython.int, i=cython.int)
    cdef void _play(self, int card) noexcept
    @cython.locals(d=cython.int, h=cython.ulonglong, t=cython.int)
    cdef int _decided(self) noexcept
    cdef int _grade(self, int side) noexcept
    @cython.locals(cs=cython.int, win=cython.int, g=cython.int, d=cython.int)
    cpdef int game_points(self, int seat) noexcept
    cpdef list leads(self)
    @cython.locals(p=cython.int)
    cpdef list spread(self, double v, int side)
    @cython.locals(n=cython.int, p=cython.int)
    cpdef int cards_left(self) noexcept
    @cython.locals(v=cython.longlong)
    cdef long long _terminal(self, int side, long long scale, bint margin) noexcept
    @cython.locals(seat=cython.int, side=cython.int, plays=cython.ulonglong,
                   queens=cython.ulonglong, m=cython.ulonglong, q=cython.int, i=cython.int,
                   n=cython.int, stake=cython.int, wc=cython.int, winners=cython.ulonglong,
                   losers=cython.ulonglong, best=cython.int, best_v=cython.int, c=cython.int,
                   every=cython.bint)
    cdef int _policy(self) except -1
    @cython.locals(best=cython.int, best_key=cython.int, c=cython.int, k=cython.int)
    cdef int _strongest(self, unsigned long long m) noexcept
    @cython.locals(seat=cython.int, side=cython.int, queens=cython.ulonglong, q=cython.int,
                   outside=cython.ulonglong, p=cython.int, trick=cython.ulonglong,
                   mine=cython.int, i=cython.int, role=cython.int, plays=cython.ulonglong)
    cpdef int judge(self) except? -1
    @cython.locals(hand=cython.ulonglong, trump=cython.int, trumps=cython.ulonglong,
                   run=cython.ulonglong, top=cython.int, lad=Ladder, ok=cython.int, tops=cython.bint,
                   zehner=cython.bint, bottoms=cython.bint, t=cython.int, cards=cython.ulonglong,
                   order=cython.ulonglong, aces=cython.int, pos=cython.int,
                   top_bidder=cython.int, least=cython.int, best=cython.int, i=cython.int)
    cdef int _judge_call(self) except? -1
    cpdef void finish(self, bint passing=*) except *
    cdef int _random(self) except -1
    @cython.locals(p=cython.int, i=cython.int)
    cpdef void set_deal(self, unsigned long long unseen, list known, list excluded) except *
    @cython.locals(attempt=cython.int, left=cython.ulonglong, ok=cython.bint, i=cython.int,
                   p=cython.int, allowed=cython.ulonglong, k=cython.int, need=cython.int,
                   pick=cython.ulonglong, c=cython.int, early=cython.bint, j=cython.int)
    cpdef void redeal(self, BauernHand origin)


@cython.locals(h=BauernHand, p=cython.int, sd=cython.int, i=cython.int)
cpdef BauernHand pack(State s)
