# C types for rules.py (Cython's augmenting .pxd): compiled, ``PlayRules`` is a C struct that the
# play phase reads without a lookup.
cdef class PlayRules:
    cdef public tuple sides
    cdef public int phase1_follow, phase2_follow, exchange_rank, exchange_min_facedown
    cdef public int exchange_on_close, exchange_from_trick, close_requires, close_min_facedown
    cdef public int claim_target, claim_side, last_trick_bonus
    cdef public bint must_beat_partner, must_trump_when_cannot_overtrump, trump_jack_free, stock
    cdef public bint exchange_needs_trick, exchange_any_time, marriages, credit_needs_trick_before
    cdef public bint credit_same_trick_only, marriages_after_close, marriage_needs_trick
    cdef public bint show_marriage_to_go_out, close_allowed, close_before_draw, claims
    cdef public bint claim_any_own_turn, auto_claim, partner_marriage, trick_hook, combinations
    cdef public int n_seats, n_sides, first_packet
    cdef public bint trump_choice, meld_phase
    cdef public tuple phases, tables
