# C types for legal.py (Cython's augmenting .pxd): compiled, the phases call these directly and
# card sets are 64-bit machine words (a double pack's second copies are bits 32 to 63). Only &, |,
# >> and comparisons touch them here, which mean the same on Python ints and on unsigned words.
cimport cython

cdef tuple SUIT_MASK

@cython.locals(led=cython.int, led_suit=cython.int, w=cython.int, win_card=cython.int,
               same=cython.ulonglong, trumps=cython.ulonglong, jack=cython.ulonglong,
               allowed=cython.ulonglong, suit_led=cython.ulonglong, trump_suit=cython.ulonglong,
               above=cython.ulonglong)
cpdef unsigned long long legal_follow(
    unsigned long long hand, object trick, object seats, object sides, int trump, int mode,
    object beats, bint must_beat_partner=*, bint must_trump_when_cannot_overtrump=*,
    bint trump_jack_free=*) except? 0xFFFFFFFFFFFFFFFF
@cython.locals(over=cython.ulonglong)
cdef unsigned long long _strict_multi(
    unsigned long long hand, unsigned long long same, unsigned long long trumps, int led_suit,
    int win_card, int win_suit, int trump, object beats, bint must_trump_when_cannot_overtrump
) except? 0xFFFFFFFFFFFFFFFF
@cython.locals(w=cython.int, i=cython.int, wc=cython.int, c=cython.int)
cpdef int trick_winner(object trick, int trump, object beats) except? -1
