# Cython declarations for legal.py (the compiled core, setup.py): the same functions with C types.
# Card sets fit 64 bits (cards 0..63); the source stays plain Python and is the reference.

cpdef unsigned long long legal_follow(
    unsigned long long hand, list trick, list seats, tuple sides, int trump, int mode, tuple beats,
    bint must_beat_partner=*, bint must_trump_when_cannot_overtrump=*, bint trump_jack_free=*)

cdef unsigned long long _strict_multi(
    unsigned long long hand, unsigned long long same, unsigned long long trumps, int led_suit,
    int win_card, int win_suit, int trump, tuple beats, bint must_trump_when_cannot_overtrump)

cpdef int trick_winner(list trick, int trump, tuple beats)
