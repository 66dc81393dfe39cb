# C types for kernel4.py (Cython's augmenting .pxd): the .py stays plain Python, the reference;
# compiled, every field and local below is a machine int and every method a direct C call.
cimport cython
from sixtysix.engine.kernel cimport _next, _below, _low, _count, _nth
from sixtysix.engine.state cimport State

cdef unsigned long long _EPS_BELOW, _ONE, _SUITS
cdef int PH_PLAY, PH_OVER, STRICT_MULTI


@cython.final
cdef class Hand4:
    cdef unsigned long long hands[4]
    cdef int trick[4]
    cdef public int n, win, leader, to_act, trump, last_bonus, trump_under, size, bonus
    cdef public int points0, points1, tricks0, tricks1
    cdef public unsigned long long values, rng, unseen
    cdef public bint over
    cdef public int me
    cdef unsigned long long known[4]
    cdef unsigned long long excluded[4]
    cdef int need[4]
    cdef int order[3]

    @cython.locals(i=cython.int)
    cdef void _load(self, Hand4 o) noexcept
    cpdef Hand4 copy(self)
    cpdef unsigned long long hand(self, int seat)
    cdef inline int _value(self, int c) noexcept
    @cython.locals(h=cython.ulonglong, led=cython.int, wc=cython.int, same=cython.ulonglong,
                   trumps=cython.ulonglong, over=cython.ulonglong)
    cdef unsigned long long _cards(self, int seat) noexcept
    @cython.locals(cards=cython.ulonglong)
    cpdef list legal_actions(self)
    cpdef void step(self, int a)
    @cython.locals(seat=cython.int, n=cython.int, wc=cython.int, winner=cython.int,
                   pts=cython.int, i=cython.int)
    cdef void _play(self, int card) noexcept
    @cython.locals(p0=cython.int, p1=cython.int)
    cpdef int lead(self)
    cdef inline int _key(self, int c) noexcept
    @cython.locals(best=cython.int, best_key=cython.int, c=cython.int, k=cython.int)
    cdef int _cheapest(self, unsigned long long m) noexcept
    @cython.locals(cards=cython.ulonglong, n=cython.int, stake=cython.int, i=cython.int,
                   wc=cython.int, winners=cython.ulonglong)
    cdef int _policy(self) noexcept
    @cython.locals(cards=cython.ulonglong)
    cdef int _random(self) noexcept
    @cython.locals(p=cython.int, i=cython.int)
    cpdef void set_deal(self, int me, unsigned long long unseen, list known, list excluded,
                        list sizes) except *
    @cython.locals(attempt=cython.int, left=cython.ulonglong, ok=cython.bint, i=cython.int,
                   p=cython.int, allowed=cython.ulonglong, k=cython.int, need=cython.int,
                   pick=cython.ulonglong, c=cython.int)
    cpdef void redeal(self, Hand4 origin)


@cython.locals(h=Hand4, p=cython.int)
cpdef Hand4 pack(State s)
cpdef tuple playout(Hand4 h, unsigned long long rng, int policy)
@cython.locals(h=Hand4, total=cython.longlong, steps=cython.longlong)
cpdef tuple playouts(Hand4 origin, int n, unsigned long long rng, int policy)
