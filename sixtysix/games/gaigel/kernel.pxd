# C types for kernel.py (Cython's augmenting .pxd): the .py stays plain Python, the
# reference; compiled, every field and local below is a machine int and every method a direct C
# call. Card sets of the double pack take all 64 bits: every mask is unsigned long long.
cimport cython
cimport sixtysix.engine.actions as actions  # the action tests by name, inline
from sixtysix.engine.kernel cimport xorshift, below, count64, lowest64, nth64, cheapest
from sixtysix.engine.kernel_search cimport KernelHand
from sixtysix.engine.state cimport State

cdef unsigned long long _EPS_BELOW, _ONE, _KINGS, _ACES, _SUIT0
cdef int _MARRY, _DOUBLE, _OPEN, _MELD_LOW, _DEFER, _PASS, _DECLARE, _REVERSE, _EXCHANGE
cdef int _MELD, _MELD_DEFER, _OVER, _ANDERE_ALTE, _GE_ELFEN, _HOEHER, _AUF_DISSLE
cdef int _MELD_USED, _LOW_SHOWN, _PLAYED_OUT, _KNOCK, _REVERSE_KNOCK, _DISSLE_LOST
cdef int _DISSLE_WON, _FIVE_LOW, _TARGET, _FIVE_LOW_POINTS
cdef int PH_MELD, PH_MELD_DEFER, PH_OVER, FREE, STRICT_MULTI

cdef unsigned long long _suit(int s) noexcept
@cython.locals(m=cython.ulonglong)
cdef unsigned long long _above(int c) noexcept


@cython.final
cdef class GaigelHand(KernelHand):
    cdef int trick[4]
    cdef int stock[28]
    cdef int points[2]
    cdef int tricks[2]
    cdef public int n, leader, forehand, trump, phase, spos, slen, turnup, turnup_up
    cdef public int exchanged, trick_no, opening, melded, lead_flags, promise, end_kind
    cdef public int claimant, low, openings, partner_meld, phase2_melds, instant_five
    cdef public int rob_needs_trick, last_bonus, no_trick_test, overplayed, award
    cdef public unsigned long long values, low_mask

    @cython.locals(i=cython.int, o=GaigelHand)
    cdef int _load(self, KernelHand other) noexcept
    cdef GaigelHand _new(self)
    cdef int _enter(self, KernelHand parent, int a) noexcept
    @cython.locals(steps=cython.int)
    cdef int _run(self, int policy, int cards) noexcept
    cdef int _depth(self) noexcept
    cdef inline int _value(self, int c) noexcept
    @cython.locals(w=cython.int, wc=cython.int, i=cython.int, c=cython.int)
    cdef int _winner(self, int trump) noexcept
    @cython.locals(i=cython.int)
    cdef int _trick1_winner(self) noexcept
    @cython.locals(h=cython.ulonglong, led=cython.int, wc=cython.int, same=cython.ulonglong,
                   trumps=cython.ulonglong)
    cdef unsigned long long _cards(self, int seat) noexcept
    @cython.locals(h=cython.ulonglong)
    cdef bint _five_low(self, int seat) noexcept
    @cython.locals(low=cython.int, h=cython.ulonglong)
    cdef int _held_low_trump(self, int seat) noexcept
    cdef bint _may_rob(self, int seat) noexcept
    @cython.locals(h=cython.ulonglong, suit=cython.int, sm=cython.ulonglong, ks=cython.ulonglong,
                   qs=cython.ulonglong, both=cython.ulonglong, m=cython.ulonglong)
    cdef int _marriages(self, int seat, int k) noexcept
    @cython.locals(seat=cython.int, h=cython.ulonglong, k=cython.int, m=cython.ulonglong,
                   trumps=cython.ulonglong, aces=cython.ulonglong, o=cython.int)
    cdef int _legal(self) noexcept
    @cython.locals(k=cython.int, i=cython.int)
    cpdef list legal_actions(self)
    cpdef void step(self, int a)
    @cython.locals(both=cython.bint, card=cython.int, seat=cython.int, low=cython.int)
    cdef int _step(self, int a) noexcept
    @cython.locals(suit=cython.int, value=cython.int)
    cdef void _meld(self, int seat, int card, bint both) noexcept
    cdef void _finish(self, int kind, int claimant) noexcept
    @cython.locals(seat=cython.int, w=cython.int, winner=cython.int, side=cython.int,
                   pts=cython.int, i=cython.int, last=cython.bint, p=cython.int)
    cdef void _play(self, int card) noexcept
    @cython.locals(side=cython.int, kind=cython.int, a=cython.int, b=cython.int,
                   gaigel=cython.bint, p0=cython.int, p1=cython.int)
    cpdef int game_points(self, int seat) noexcept
    @cython.locals(g0=cython.int, g1=cython.int, d=cython.double)
    cpdef list leads(self)
    @cython.locals(n=cython.int, p=cython.int)
    cpdef int cards_left(self) noexcept
    @cython.locals(v=cython.longlong)
    cdef long long _terminal(self, int side, long long scale, bint margin) noexcept
    @cython.locals(k=cython.int, side=cython.int, marry=cython.int, plays=cython.ulonglong,
                   opens=cython.int, i=cython.int, a=cython.int, n=cython.int)
    cdef int _policy(self) noexcept
    @cython.locals(best=cython.int, i=cython.int, a=cython.int, o=cython.int, r=cython.int,
                   chosen=cython.int, n=cython.int)
    cdef int _opening(self, int k) noexcept
    @cython.locals(stake=cython.int, i=cython.int, w=cython.int, wc=cython.int,
                   keep=cython.ulonglong, best=cython.int, best_key=cython.int, c=cython.int,
                   key=cython.int, winners=cython.ulonglong)
    cdef int _follow(self, unsigned long long plays, int side) noexcept
    @cython.locals(k=cython.int)
    cdef int _random(self) noexcept


@cython.locals(h=GaigelHand, p=cython.int, sd=cython.int, k=cython.int, suit=cython.int,
               i=cython.int, c=cython.int)
cpdef GaigelHand pack(State s)
