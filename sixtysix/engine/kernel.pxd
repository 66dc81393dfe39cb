# C types for kernel.py (Cython's augmenting .pxd): the .py stays plain Python, the reference;
# compiled, every field and local below is a machine int and every method a direct C call.
cimport cython
cimport sixtysix.engine.actions as actions  # the action tests by name, inline

cdef unsigned long long MASK64, EPS_BELOW, _SUITS
cdef int _PLAY, _DRAW_PHASE, _OVER, _MARRY, _SHOW, _DRAW, _EXCHANGE, _CLOSE, _DECLARE
cdef int _CLOSE_NONE, _CLOSE_OPPONENT, _CLOSE_EITHER, _DEPTH, _WIDTH
cdef long long _INF
cdef unsigned long long _M64, _H1, _H2, _B1, _B2, _B4, _B8
cdef int _SLOTS_MAX

cpdef unsigned long long xorshift(unsigned long long x) noexcept
cpdef int below(unsigned long long x, unsigned long long n) noexcept
cpdef int lowest(unsigned long long m) noexcept
cpdef int count32(unsigned long long m) noexcept
cpdef int nth(unsigned long long m, int i) noexcept
cpdef int count64(unsigned long long m) noexcept
cpdef int lowest64(unsigned long long m) noexcept
cpdef int nth64(unsigned long long m, int i) noexcept
@cython.locals(best=cython.int, best_key=cython.int, c=cython.int, k=cython.int)
cpdef int cheapest(unsigned long long m, unsigned long long values, int trump) noexcept
@cython.locals(p=cython.int, t=cython.int, k=cython.int, pvals=cython.ulonglong,
               tvals=cython.ulonglong, pbeats=cython.ulonglong, tbeats=cython.ulonglong)
cpdef tuple suit_tables(tuple values, tuple beats, int trump)
cpdef int value8(unsigned long long pvals, unsigned long long tvals, int trump, int c) noexcept
cpdef unsigned long long above8(unsigned long long pbeats, unsigned long long tbeats, int trump,
                                int c) noexcept
@cython.locals(best=cython.int, best_key=cython.int, c=cython.int, k=cython.int)
cpdef int cheapest8(unsigned long long m, unsigned long long pvals, unsigned long long tvals,
                    int trump) noexcept
cdef int _local(int seat, int a, int b) noexcept
cdef int _local_bits(int bits, int a, int b) noexcept


@cython.final
cdef class Table:
    cdef public int target, last_bonus, strict2, ex_rank, ex_needs_trick, ex_any_time
    cdef public int ex_min_facedown, ex_on_close, ex_from_trick, marriages, credit, needs_trick
    cdef public int after_close, show_go_out, close_allowed, close_req, close_before_draw
    cdef public int close_min_facedown, claims, claim_any, auto_claim, at_close, trickless_3
    cdef public int flat_2, played_out
    cdef public unsigned long long values


@cython.final
cdef class Hand:
    cdef public Table t
    cdef public unsigned long long hand0, hand1, rng
    cdef int stock[16]
    cdef public int slen, spos, turnup, turnup_up, trump, phase, leader, to_act, led
    cdef public int points0, points1, pending0, pending1, ptrick0, ptrick1, tricks0, tricks1
    cdef public int trick_no, closed_by, cpoints0, cpoints1, ctricks0, ctricks1, close_window
    cdef public int claim_seat, claimant, bonus

    cdef void _load(self, Hand o) noexcept
    @cython.locals(seat=cython.int, t=Table, cards=cython.ulonglong, queens=cython.ulonglong,
                   q=cython.int)
    cpdef list legal_actions(self)
    cpdef void step(self, int a)
    @cython.locals(i=cython.int)
    cpdef list face_down(self)
    @cython.locals(size=cython.int, pick=cython.ulonglong, n=cython.int, c=cython.int,
                   rest=cython.ulonglong, i=cython.int)
    cpdef void redeal(self, Hand origin, int other, unsigned long long known,
                      unsigned long long allowed, unsigned long long unseen)
    cdef inline unsigned long long _hand(self, int seat) noexcept
    cdef inline int _points(self, int seat) noexcept
    cdef inline int _tricks(self, int seat) noexcept
    cdef inline void _add_points(self, int seat, int v) noexcept
    cdef inline int _value(self, int c) noexcept
    @cython.locals(h=cython.ulonglong)
    cdef unsigned long long _queens(self, int seat) noexcept
    @cython.locals(has_trick=cython.bint)
    cdef int _may_exchange(self, int seat) noexcept
    cdef int _may_close(self, int seat) noexcept
    @cython.locals(t=Table, most=cython.int, cards=cython.ulonglong, h=cython.ulonglong,
                   queens=cython.ulonglong, shift=cython.int, mine=cython.ulonglong,
                   theirs=cython.ulonglong)
    cdef int _short(self, int seat) noexcept
    cdef int _may_declare(self, int seat) noexcept
    @cython.locals(h=cython.ulonglong, same=cython.ulonglong, led=cython.int)
    cdef unsigned long long _cards(self, int seat) noexcept
    @cython.locals(seat=cython.int, t=Table, cards=cython.ulonglong, n=cython.int,
                   per=cython.int, queens=cython.ulonglong, ex=cython.int, close=cython.int,
                   declare=cython.int, m=cython.int, i=cython.int, q=cython.int, k=cython.int)
    cdef int _random(self) noexcept
    @cython.locals(seat=cython.int, t=Table, cards=cython.ulonglong, queens=cython.ulonglong,
                   q=cython.ulonglong, c=cython.int, i=cython.int, n=cython.int, led=cython.int,
                   ls=cython.int, winners=cython.ulonglong)
    cdef int _policy(self) noexcept
    cdef void _step(self, int a) noexcept
    cdef inline void _end(self, int claimant) noexcept
    @cython.locals(seat=cython.int, led=cython.int, second_wins=cython.bint, same_suit=cython.bint, winner=cython.int,
                   stock_open=cython.bint)
    cdef void _play(self, int card) noexcept
    @cython.locals(seat=cython.int, card=cython.int)
    cdef void _draw_all(self) noexcept
    cdef int _credit(self, int seat, int value) noexcept
    @cython.locals(seat=cython.int, value=cython.int)
    cdef void _marry(self, int card) noexcept
    @cython.locals(seat=cython.int)
    cdef void _show(self, int queen) noexcept
    @cython.locals(seat=cython.int, low=cython.int, swap=cython.ulonglong)
    cdef void _exchange(self) noexcept
    @cython.locals(seat=cython.int)
    cdef void _close(self) noexcept
    @cython.locals(p=cython.int, n=cython.int)
    cdef int _loser_grade(self, int loser, int at_close) noexcept
    @cython.locals(had=cython.int)
    cdef int _beaten(self, int winner) noexcept
    cdef int _most(self, int seat) noexcept
    @cython.locals(t=Table, closer=cython.int, c=cython.int, o=cython.int, last=cython.int,
                   pa=cython.int, pb=cython.int, a_wins=cython.bint, b_wins=cython.bint)
    cdef int _outcome(self) noexcept


@cython.locals(h=Hand, i=cython.int)
cdef Hand _copy_stock(Hand origin)
@cython.locals(h=Hand, g0=cython.longlong, g1=cython.longlong, steps=cython.longlong,
               w=cython.int)
cpdef tuple playouts(Hand origin, long long n, unsigned long long rng, int policy)


@cython.locals(x=cython.ulonglong)
cdef inline unsigned long long _hash(unsigned long long k1, unsigned long long k2,
                                     unsigned long long k3, unsigned long long k4) noexcept

@cython.final
cdef class Search:
    cdef public Table t
    cdef public long long nodes, used
    cdef int scale, margin, mask, most
    cdef list stack
    cdef int moves[2048]
    cdef int keys[2048]
    cdef unsigned long long kk[256]
    cdef int kf[64]
    cdef unsigned long long[::1] tk1, tk2, tk3, tk4
    cdef long long[::1] tlo, thi
    cdef int[::1] tmove

    cdef void _alloc(self, int size)
    @cython.locals(k1="unsigned long long[::1]", k2="unsigned long long[::1]",
                   k3="unsigned long long[::1]", k4="unsigned long long[::1]",
                   lo="long long[::1]", hi="long long[::1]", move="int[::1]", n=cython.int,
                   i=cython.int, j=cython.int)
    cdef void _grow(self)
    @cython.locals(m=cython.int)
    cdef bint _holds(self, int i, int kb) noexcept
    cdef void _enter(self, int j, unsigned long long k1, unsigned long long k2,
                     unsigned long long k3, unsigned long long k4, long long lo, long long hi,
                     int move) noexcept
    @cython.locals(kb=cython.int, s=cython.int)
    cdef void _store(self, Hand h, int d, int b, long long lo, long long hi, int move)
    @cython.locals(i=cython.int)
    cpdef void clear(self)

    @cython.locals(h=Hand, first=Hand, i=cython.int, scale=cython.longlong, lower=cython.longlong,
                   upper=cython.longlong, mid=cython.longlong, lower0=cython.longlong, x=cython.longlong,
                   r=cython.longlong)
    cpdef long long value(self, Hand root, long long alpha, long long beta, int margin)
    @cython.locals(w=cython.int, g=cython.longlong, v=cython.longlong)
    cdef long long _terminal(self, Hand h, int me)
    @cython.locals(k1=cython.ulonglong, k2=cython.ulonglong, k3=cython.ulonglong,
                   k4=cython.ulonglong, x=cython.ulonglong, i=cython.int, base=cython.int)
    cdef int _slot(self, Hand h, int d) noexcept
    @cython.locals(t=Table, base=cython.int, n=cython.int, seat=cython.int, own=cython.int,
                   cards=cython.ulonglong, queens=cython.ulonglong, c=cython.int, q=cython.int,
                   v=cython.int, k=cython.int, led=cython.int, wins=cython.bint, sure=cython.bint)
    cdef int _order(self, Hand h, int d, int hint)
    @cython.locals(i=cython.int)
    cdef int _put(self, int base, int n, int a, int k, int hint) noexcept
    @cython.locals(h=Hand, child=Hand, lo=cython.longlong, hi=cython.longlong, hint=cython.int,
                   a0=cython.longlong, n=cython.int, me=cython.int, best=cython.longlong,
                   best_move=cython.int, base=cython.int, i=cython.int, a=cython.int,
                   v=cython.longlong, slot=cython.int, b=cython.int)
    cdef long long _ab(self, int d, long long alpha, long long beta)

@cython.locals(h=Hand, w=cython.int, g=cython.int, v=cython.longlong)
cpdef tuple solved_playout(Hand origin, unsigned long long rng, int policy, Search search,
                           int stock=*)
