# C types for kernel_search.py (Cython's augmenting .pxd): the .py stays plain Python, the
# reference; compiled, KernelHand is a C type whose hooks are C methods each kernel's final
# subclass overrides, and the search and the playouts call them through its vtable.
cimport cython

cdef long long _INF
cdef int _WIDTH


# The hooks' exception specifications are wider here than in the kernels (except? -1 against
# their noexcept, or Bauernschnapsen's except -1): Cython 3.3 refuses a final subclass whose .pxd
# redeclares an inherited C method with the identical signature ("Overriding final methods is
# not allowed"). Every hook returns a value, so a call through the base checks that value, not
# PyErr_Occurred().
cdef class KernelHand:
    cdef int acts[64]
    cdef unsigned long long hands[4]
    cdef public int seats, to_act, killer, fin0, fin1
    cdef public unsigned long long rng
    cdef public bint over

    cdef void _start(self, int seats) noexcept
    cdef int _load(self, KernelHand other) except? -1
    cdef KernelHand _new(self)
    cdef int _depth(self) except? -1
    cdef int _legal(self) except? -1
    cdef int _enter(self, KernelHand parent, int a) except? -1
    cdef int _run(self, int policy, int cards) except? -1
    cdef long long _terminal(self, int side, long long scale, bint margin) except? -1
    cpdef int game_points(self, int seat)
    cpdef int cards_left(self)
    cpdef unsigned long long hand(self, int seat)
    cpdef KernelHand copy(self)
    cpdef long long solve(self, long long scale, bint margin)


@cython.locals(me=cython.int, k=cython.int, i=cython.int, best=cython.longlong,
               child=KernelHand, v=cython.longlong, a=cython.int)
cdef long long _ab(KernelHand h, list stack, int d, long long alpha, long long beta,
                   long long scale, bint margin) except? -1
@cython.locals(i=cython.int)
cpdef void killer_first(KernelHand h, int k, int killer) noexcept


@cython.locals(p=cython.int)
cpdef tuple playout(KernelHand h, unsigned long long rng, int policy)
cpdef unsigned long long play_to(KernelHand h, unsigned long long rng, int cards)
@cython.locals(h=KernelHand, steps=cython.longlong, p=cython.int)
cpdef tuple playouts(KernelHand origin, int n, unsigned long long rng, int policy)
