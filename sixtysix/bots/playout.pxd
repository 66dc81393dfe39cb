# C types for playout.py (Cython's augmenting .pxd): compiled, the playout policy that every
# non-kernel playout calls at each move reads the state as its C struct (engine/state.pxd).
cimport cython
from libc cimport math
cimport sixtysix.engine.actions as actions  # the action tests by name, inline
from sixtysix.engine.legal cimport trick_winner
from sixtysix.engine.state cimport State

@cython.locals(side=cython.int, a=cython.int, n=cython.int, at_stake=cython.int, c=cython.int,
               trump=cython.int, partner_card=cython.int, wc=cython.int, ws=cython.int,
               cs=cython.int, over=cython.ulonglong)
cpdef int policy_action(State s, list acts, object rng, double eps=*) except? -1
@cython.locals(best=cython.int, best_key=cython.int, c=cython.int, k=cython.int)
cpdef int _cheapest(list cards, tuple vals, int trump) except? -1
@cython.locals(best=cython.int, best_key=cython.int, c=cython.int, k=cython.int)
cpdef int _strongest(list cards, tuple beats, int trump) except? -1
cpdef playout(State s, object rng)
cpdef double scaled_reward(double d, double scale=*)
