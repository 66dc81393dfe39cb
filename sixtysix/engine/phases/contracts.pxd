# C types for contracts.py (Cython's augmenting .pxd): compiled, the auction reads the state's C
# struct (state.pxd). Random play of Bauernschnapsen spends most of its steps in the auction.
cimport cython
from sixtysix.engine.state cimport State
cimport sixtysix.engine.actions as actions  # the action tests by name, inline

cpdef int position(State s, int seat)
@cython.locals(seat=cython.int, pos=cython.int, top=cython.int, high=cython.int,
               bidder=cython.int, i=cython.int)
cpdef list legal(State s)
@cython.locals(seat=cython.int, p=cython.int, high=cython.int, bidder=cython.int)
cpdef apply(State s, int a)
