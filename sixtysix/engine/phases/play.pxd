# C types for play.py (Cython's augmenting .pxd): compiled, the state is the extension type of
# state.pxd, so its fields are read from its C struct. Seats and counters are machine ints; cards
# stay Python ints (``1 << card`` must not overflow).
cimport cython
from sixtysix.cards cimport card_list
cimport sixtysix.engine.actions as actions  # the action tests by name, inline
from sixtysix.engine.legal cimport legal_follow, trick_winner
cimport sixtysix.engine.phases.announce as _announce
from sixtysix.engine.rules cimport PlayRules
from sixtysix.engine.state cimport State

# C globals are not attributes of the compiled module: the constants this module imports are
# typed here for speed, so read them from where they are defined (actions, phases, rules).
cdef unsigned long long _KINGS, _ONE
cdef int BELLA, CLOSE, DECLARE, DECLARE_SHOW, DEFER, DRAW, EXCHANGE, MARRY, PASS
cdef int PH_DEFER, PH_DRAW, PH_OVER, PH_PLAY, FREE, STRICT_MULTI

@cython.locals(seat=cython.int, mode=cython.int, r=PlayRules, hand=cython.ulonglong)
cpdef list legal(State s)
cpdef bint stock_open(State s) except? -1
cpdef int facedown(State s) except? -1
cpdef bint deferred(State s)
@cython.locals(k=cython.int)
cpdef list keep_promise(State s, int seat, list acts)
@cython.locals(suit=cython.int, q=cython.int, r=PlayRules, hand=cython.ulonglong)
cpdef list marriage_queens(State s, int seat)
@cython.locals(low=cython.int, r=PlayRules, hand=cython.ulonglong)
cpdef bint may_exchange(State s, int seat)
@cython.locals(r=PlayRules)
cpdef bint may_close(State s, int seat)
cpdef apply(State s, int a)
@cython.locals(seat=cython.int, bit=cython.ulonglong, held=cython.ulonglong, seen=cython.ulonglong)
cpdef play(State s, int card)
@cython.locals(winner=cython.int, side=cython.int, pts=cython.int, c=cython.int, v=cython.int,
               mask=cython.ulonglong, won=cython.ulonglong)
cpdef int take_trick(State s, int w) except? -2
@cython.locals(c0=cython.int, c1=cython.int, s1=cython.int, w=cython.int, winner=cython.int,
               side=cython.int, last=bint, r=PlayRules, beats=cython.ulonglong)
cpdef finish_trick(State s)
@cython.locals(seat=cython.int, i=cython.int, card=cython.int, held=cython.ulonglong)
cpdef draw_all(State s)
@cython.locals(seat=cython.int, suit=cython.int, value=cython.int, side=cython.int, r=PlayRules)
cpdef marry(State s, card)
