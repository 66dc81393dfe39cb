# C types for base.py (Cython's augmenting .pxd): compiled, the two-player scoring that search
# reads at every leaf takes the state as its C struct (state.pxd).
cimport cython
from sixtysix.engine.state cimport State

cpdef int grade(int loser_points, int loser_tricks) except? -1
@cython.locals(a=cython.int, b=cython.int, closer=cython.int, target=cython.int, o=cython.int,
               w=cython.int, last=cython.int, pa=cython.int, pb=cython.int, at_close=bint)
cpdef tuple two_player_outcome(State state, object claimant, bint closed_measured_at_close,
                               bint false_claim_trickless_3, bint closer_beaten_flat_2,
                               str played_out)
@cython.locals(a=cython.int, b=cython.int)
cpdef tuple _two_sides(State state)
@cython.locals(o=cython.int)
cpdef tuple _loser_counts(State state, int loser, bint at_close)
@cython.locals(o=cython.int)
cpdef int _closer_beaten_points(State state, int winner, bint flat_2) except? -1
@cython.locals(seat=cython.int, points=cython.int, p=cython.int)
cpdef list two_player_game_points(State state, tuple outcome)
