# C types for kernel_multi.py (Cython's augmenting .pxd): the .py stays plain Python, the
# reference; compiled, every field and local below is a machine int and every method a direct C
# call.
cimport cython
cimport sixtysix.engine.actions as actions  # the action tests by name, inline
from sixtysix.engine.kernel cimport xorshift, below, lowest, count32, nth, cheapest
from sixtysix.engine.kernel_judge cimport judge_card
from sixtysix.engine.kernel_search cimport KernelHand
from sixtysix.engine.state cimport State

cdef unsigned long long _EPS_BELOW, _ONE, _SUITS, _KINGS
cdef int _TRIES
cdef int _MARRY, _TRUMP, _TURN, _PLAY, _TRUMP_PHASE, _OVER, _BANDS, _CHIPS, _UNITS
cdef int PH_PLAY, PH_OVER, PH_TRUMP, PH_AUCTION, STRICT_MULTI, STRICT2, FOLLOW_TRUMP


@cython.final
cdef class MultiHand(KernelHand):
    cdef int trick[4]
    cdef int points[4]
    cdef int tricks[4]
    cdef int pending[4]
    cdef public int n, win, leader, trump, phase, held, turn, last_bonus
    cdef public int trump_under, marriages, needs_trick, scoring, tie_split, size, bonus
    cdef public int longest, unit, bid, bid_side, literal, ten_bonus, ten_side, ten_wins
    cdef public int dealer, declarer, passed, min_bid, max_bid, dealer_forced, partners
    cdef public double avg
    cdef public unsigned long long values, unseen, vals8, above8, shown
    cdef unsigned long long known[4]
    cdef unsigned long long excluded[4]
    cdef int need[4]
    cdef int order[4]
    cdef int fill

    @cython.locals(i=cython.int, o=MultiHand)
    cdef int _load(self, KernelHand other) noexcept
    cdef MultiHand _new(self)
    cdef int _enter(self, KernelHand parent, int a) noexcept
    @cython.locals(steps=cython.int)
    cdef int _run(self, int policy, int cards) noexcept
    cdef int _depth(self) noexcept
    @cython.locals(k=cython.int, cards=cython.ulonglong, queens=cython.ulonglong, q=cython.int)
    cdef int _legal(self) noexcept
    cdef inline int _side(self, int seat) noexcept
    cdef inline int _value(self, int c) noexcept
    @cython.locals(h=cython.ulonglong, led=cython.int, wc=cython.int, same=cython.ulonglong,
                   trumps=cython.ulonglong, over=cython.ulonglong)
    cdef unsigned long long _cards(self, int seat) noexcept
    @cython.locals(h=cython.ulonglong)
    cdef unsigned long long _queens(self) noexcept
    @cython.locals(cards=cython.ulonglong, queens=cython.ulonglong, q=cython.int, t=cython.int)
    cpdef list legal_actions(self)
    cpdef void step(self, int a)
    @cython.locals(others=cython.int)
    cdef bint _forced(self) noexcept
    cdef int _step(self, int a) noexcept
    @cython.locals(seat=cython.int, p=cython.int)
    cdef void _call(self, int a) noexcept
    @cython.locals(value=cython.int, side=cython.int)
    cdef void _marry(self, int card) noexcept
    @cython.locals(seat=cython.int, n=cython.int, wc=cython.int, winner=cython.int,
                   side=cython.int, pts=cython.int, i=cython.int, ten=cython.int)
    cdef void _play(self, int card) noexcept
    @cython.locals(p0=cython.int, p1=cython.int, sd=cython.int, best=cython.int, tops=cython.int,
                   p=cython.int, chips=cython.int, side=cython.int, units=cython.int,
                   ten=cython.int)
    cpdef int game_points(self, int seat) noexcept
    cdef int _grade(self, int p) noexcept
    @cython.locals(p=cython.int, q=cython.int, k=cython.int, opp=cython.double)
    cpdef list leads(self)
    @cython.locals(n=cython.int, p=cython.int)
    cpdef int cards_left(self) noexcept
    @cython.locals(v=cython.longlong)
    cdef long long _terminal(self, int side, long long scale, bint margin) noexcept
    @cython.locals(cards=cython.ulonglong, queens=cython.ulonglong, n=cython.int,
                   stake=cython.int, i=cython.int, wc=cython.int, winners=cython.ulonglong,
                   h=cython.ulonglong, best=cython.int, most=cython.int, t=cython.int,
                   k=cython.int)
    cdef int _policy(self) noexcept
    @cython.locals(seat=cython.int, queens=cython.ulonglong, trumps=cython.ulonglong,
                   outside=cython.ulonglong, trick=cython.ulonglong, mine=cython.int, p=cython.int,
                   i=cython.int)
    cpdef int judge(self) noexcept
    cpdef void finish(self, bint passing=*) noexcept
    @cython.locals(best=cython.int, suit=cython.int, t=cython.int, e=cython.int,
                   units=cython.int, least=cython.int, partner_high=cython.bint)
    cdef int _judge_call(self) noexcept
    @cython.locals(hand=cython.ulonglong, n_trumps=cython.int, est=cython.double,
                   winners=cython.int, suit=cython.int, cards=cython.ulonglong, top=cython.int,
                   rank=cython.int)
    cdef int _estimate(self, int trump) noexcept
    @cython.locals(cards=cython.ulonglong, queens=cython.ulonglong, n=cython.int, k=cython.int,
                   i=cython.int)
    cdef int _random(self) noexcept
    @cython.locals(p=cython.int, i=cython.int)
    cpdef void set_deal(self, unsigned long long unseen, list known, list excluded) except *
    @cython.locals(attempt=cython.int, left=cython.ulonglong, ok=cython.bint, i=cython.int,
                   p=cython.int, allowed=cython.ulonglong, k=cython.int, need=cython.int,
                   pick=cython.ulonglong, c=cython.int, j=cython.int)
    cpdef void redeal(self, MultiHand origin)


@cython.locals(h=MultiHand, p=cython.int, n=cython.int, sd=cython.int, t=cython.int)
cpdef MultiHand pack(State s, bint auction=*)
