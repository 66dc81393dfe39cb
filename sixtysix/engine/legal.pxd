# C types for legal.py (Cython's augmenting .pxd): compiled, the phases call these directly. Cards
# and masks stay Python ints; the trump suit, the follow rule and trick positions are C ints.
cimport cython

@cython.locals(led_suit=cython.int, w=cython.int)
cpdef object legal_follow(object hand, object trick, object seats, object sides, int trump,
                          int mode, object beats, bint must_beat_partner=*,
                          bint must_trump_when_cannot_overtrump=*, bint trump_jack_free=*)
@cython.locals(w=cython.int, i=cython.int, wc=cython.int, c=cython.int)
cpdef int trick_winner(object trick, int trump, object beats) except? -1
