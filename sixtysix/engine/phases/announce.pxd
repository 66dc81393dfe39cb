# C types for announce.py (Cython's augmenting .pxd): compiled, the announcements that Terts
# offers at every turn are looked up on the typed state (state.pxd) with the hand as a 64-bit word
# (only &, >> and comparisons touch it, which mean the same on Python ints).
cimport cython
cimport sixtysix.engine.actions as actions  # the action tests by name, inline
from sixtysix.engine.legal cimport trick_winner
from sixtysix.engine.state cimport State

# Only private names become C globals: a C global is not an attribute of the compiled module.
cdef tuple _RUNS_OF, _QUADS

@cython.locals(i=cython.int, m=cython.ulonglong)
cpdef list held(unsigned long long hand)
@cython.locals(a=cython.int)
cpdef bint announced_this_turn(State s) except? -1
@cython.locals(leader=cython.int, first=cython.int)
cpdef object played_by(State s, int seat)
@cython.locals(k=cython.int, q=cython.int, other=cython.int)
cpdef bint may_bella(State s, int seat) except? -1
@cython.locals(i=cython.int)
cpdef list turn_actions(State s, int seat)
cpdef bint eligible(State s, int i) except? -1
