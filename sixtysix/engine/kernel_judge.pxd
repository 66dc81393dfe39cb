# C types for kernel_judge.py (Cython's augmenting .pxd): the .py stays plain Python, the
# reference; compiled, the rules of thumb are C functions over machine ints.
cimport cython
from sixtysix.engine.kernel cimport count32, lowest, above8, value8

cdef unsigned long long _SUIT, _ONE
cdef int _DECLARER, _CHEAP, _STRENGTH, _VALUE_STRENGTH, _GIVE
cdef int _STRENGTH_VALUE


@cython.locals(trumps=cython.int, strength=cython.int, value=cython.int)
cdef int _key(int c, int kind, int trump, unsigned long long pvals, unsigned long long tvals,
              unsigned long long pbeats, unsigned long long tbeats) noexcept
@cython.locals(best=cython.int, best_key=cython.int, c=cython.int, k=cython.int)
cdef int _pick(unsigned long long m, int kind, int most, int trump, unsigned long long pvals,
               unsigned long long tvals, unsigned long long pbeats,
               unsigned long long tbeats) noexcept
@cython.locals(trumps=cython.ulonglong, sure=cython.ulonglong, m=cython.ulonglong, c=cython.int,
               out_trumps=cython.ulonglong, w=cython.int, wc=cython.int, i=cython.int,
               winners=cython.ulonglong, losers=cython.ulonglong, safe=cython.bint,
               pool=cython.ulonglong, exposed=cython.ulonglong)
cpdef int judge_card(unsigned long long hand, unsigned long long plays,
                     unsigned long long outside, unsigned long long trick, int n, int mine,
                     int last, int trump, unsigned long long pvals, unsigned long long tvals,
                     unsigned long long pbeats, unsigned long long tbeats, int misere) noexcept
