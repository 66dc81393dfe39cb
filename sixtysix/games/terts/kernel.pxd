# C types for kernel.py (Cython's augmenting .pxd): the .py stays plain Python, the
# reference; compiled, every field and local below is a machine int and every method a direct C
# call. Card 31 needs 64-bit sets: every mask is unsigned long long.
cimport cython
cimport sixtysix.engine.actions as actions  # the action tests by name, inline
from sixtysix.engine.kernel cimport (xorshift, below, count64, lowest64, nth64, above8, cheapest8,
                                     suit_tables, value8)
from sixtysix.engine.kernel_search cimport KernelHand, killer_first
from sixtysix.engine.state cimport State

cdef unsigned long long _EPS_BELOW, _ONE, _SUIT, _KQ
cdef int _ANNOUNCE, _SHOW, _BELLA, _EXCHANGE, _PASS, _PLAY, _ANSWER, _OVER, _N_RUNS
cdef long long _INF
cdef int _BELLA_VALUE, _SEVEN, _JACK, _KING, _SCORED
cdef int PH_PLAY, PH_ANSWER, PH_OVER, FREE, FOLLOW_OR_TRUMP, STRICT2, JACK, KING, N_RUNS
cdef unsigned long long _COMBO[92]
cdef int _KEY[92]
cdef int _VALUE[92]
cdef int _LEN[92]
cdef int _TOP[92]
cdef int _QUAD_RANKS[4]

@cython.locals(i=cython.int, m=cython.ulonglong, n=cython.int)
cdef void _fill() except *
cdef bint _better(int i, int j) noexcept


@cython.final
cdef class TertsHand(KernelHand):
    cdef unsigned long long played[2]
    cdef int trick[2]
    cdef int stock[16]
    cdef int points[2]
    cdef int tricks[2]
    cdef int pending[2]
    cdef int sc_seat[32]
    cdef int sc_idx[32]
    cdef int tmp[64]
    cdef public int n, leader, trump, phase, spos, slen, turnup, turnup_up, trick_no
    cdef public int bella_by, nscored, announced, turn_announced, follow1, jack_free, ex_from
    cdef public int needs_trick, extra, last_bonus
    cdef public unsigned long long pvals, tvals, pbeats, tbeats

    @cython.locals(i=cython.int, o=TertsHand)
    cdef int _load(self, KernelHand other) noexcept
    cdef TertsHand _new(self)
    cdef int _enter(self, KernelHand parent, int a) noexcept
    @cython.locals(steps=cython.int)
    cdef int _run(self, int policy, int cards) noexcept
    cdef int _depth(self) noexcept
    cdef inline int _value(self, int c) noexcept
    cdef inline unsigned long long _above(self, int c) noexcept
    @cython.locals(h=cython.ulonglong, mode=cython.int, led=cython.int, same=cython.ulonglong,
                   trumps=cython.ulonglong, allowed=cython.ulonglong, jack=cython.ulonglong)
    cdef unsigned long long _follows(self, int seat) noexcept
    cdef bint _may_exchange(self, int seat) noexcept
    @cython.locals(i=cython.int, j=cython.int)
    cdef int _held(self, unsigned long long hand, int k) noexcept
    @cython.locals(k=cython.int, j=cython.int)
    cdef bint _eligible(self, int i) noexcept
    @cython.locals(k=cython.int, hk=cython.int, hq=cython.int, other=cython.int)
    cdef bint _may_bella(self, int seat) noexcept
    @cython.locals(n=cython.int, t=cython.int)
    cdef int _turn_actions(self, int seat, int k) noexcept
    @cython.locals(seat=cython.int, k=cython.int, n=cython.int, best=cython.int, t=cython.int,
                   key=cython.int, m=cython.ulonglong)
    cdef int _legal(self) noexcept
    @cython.locals(k=cython.int, i=cython.int)
    cpdef list legal_actions(self)
    cpdef void step(self, int a)
    @cython.locals(seat=cython.int, low=cython.int)
    cdef int _step(self, int a) noexcept
    cdef void _credit(self, int seat, int value) noexcept
    cdef void _score(self, int seat, int i) noexcept
    @cython.locals(used=cython.ulonglong, n=cython.int, t=cython.int, j=cython.int, u=cython.int)
    cdef void _win(self, int seat, int i, bint extra) noexcept
    @cython.locals(seat=cython.int, c0=cython.int, w=cython.int, winner=cython.int, p=cython.int)
    cdef void _play(self, int card) noexcept
    cpdef int game_points(self, int seat) noexcept
    @cython.locals(d=cython.double)
    cpdef list leads(self)
    cpdef int cards_left(self) noexcept
    @cython.locals(v=cython.longlong)
    cdef long long _terminal(self, int side, long long scale, bint margin) noexcept
    @cython.locals(mult=cython.longlong, me=cython.int)
    cpdef long long value(self, long long scale, bint margin, dict tt=*)
    @cython.locals(low=cython.ulonglong, high=cython.ulonglong, k=cython.int, i=cython.int,
                   kq=cython.ulonglong)
    cdef tuple _key(self)
    @cython.locals(lo=cython.longlong, hi=cython.longlong, a0=cython.longlong, me=cython.int,
                   now=cython.longlong, k=cython.int, i=cython.int, a=cython.int,
                   best=cython.longlong, child=TertsHand, gain=cython.longlong, v=cython.longlong)
    cdef long long _future(self, list stack, int d, long long alpha, long long beta,
                           long long mult, dict tt)
    @cython.locals(k=cython.int, plays=cython.ulonglong, best=cython.int, best_key=cython.int,
                   i=cython.int, a=cython.int, n=cython.int, wc=cython.int,
                   winners=cython.ulonglong)
    cdef int _policy(self) noexcept
    @cython.locals(k=cython.int)
    cdef int _random(self) noexcept


@cython.locals(h=TertsHand, p=cython.int, k=cython.int, t=cython.int, i=cython.int, c=cython.int,
               seat=cython.int, kq=cython.ulonglong, gone=cython.ulonglong)
cpdef TertsHand pack(State s)
