# C types for meld.py (Cython's augmenting .pxd): compiled, the meld games' play phase takes the
# state as its C struct (state.pxd). Seats and counters are machine ints; cards and card sets stay
# Python ints.
cimport cython
from sixtysix.cards cimport card_list
cimport sixtysix.engine.actions as actions  # the action tests by name, inline
from sixtysix.engine.legal cimport legal_follow, trick_winner
from sixtysix.engine.phases.play cimport draw_all, stock_open, take_trick
from sixtysix.engine.state cimport State

cpdef object low_mask(State s)
cpdef int forehand(State s) except? -2
cpdef bint _five_low(State s, int seat) except? -1
cpdef bint holds_five_low(State s, object hand) except? -1
@cython.locals(seat=cython.int)
cpdef list legal(State s)
cpdef bint may_meld(State s) except? -1
@cython.locals(suit=cython.int)
cpdef list _marriages(State s, int seat)
@cython.locals(low=cython.int)
cpdef int _held_low_trump(State s, int seat) except? -2
cpdef bint may_rob(State s, int seat) except? -1
cpdef apply(State s, int a)
@cython.locals(seat=cython.int)
cpdef play(State s, card)
cpdef int trick1_winner(State s) except? -2
@cython.locals(w=cython.int, winner=cython.int, side=cython.int, last=bint)
cpdef finish_trick(State s)
