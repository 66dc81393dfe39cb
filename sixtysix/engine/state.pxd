# C types for state.py (Cython's augmenting .pxd): compiled, ``State`` is an extension type whose
# fields sit in a C struct, so the phases read them without a dictionary or descriptor lookup.
# Seats, phases and counters are C ints; cards and masks stay Python ints, so that ``1 << card``
# never overflows (cards run to 63 in a double pack).
cimport cython
from sixtysix.engine.rules cimport PlayRules
# The play phase, called directly from ``step`` and ``legal_actions`` (the other phases through
# the phase table): a cimport cycle (play.pxd cimports State) that Cython resolves.
cimport sixtysix.engine.phases.play as _play_phase
# The action tests by name, inline (actions.pxd).
cimport sixtysix.engine.actions as actions


# A frozen dataclass that Cython builds as an extension type with read-only fields: a deal is
# made for every hand a search or a benchmark plays, and the dataclass's __init__ cost ten times
# as much (390 ns against 33).
cdef class Deal:
    cdef readonly object hands, turnup, stock  # any sequences, as the pure dataclass takes


cdef class State:
    cdef public PlayRules play_rules
    cdef public object game, _rules, turnup, turn_card
    cdef public int n, dealer, spos, trump, phase, leader, to_act
    cdef public bint turnup_up, exchanged
    cdef public tuple nxt, active, stock, last_trick, values, beats, match_score, bidding, scored
    cdef public tuple scored_at
    cdef public list hands, first_packet, trick, tseats, won, points, melds, pending, tricks
    cdef public list known, marriages, history, pending_trick
    cdef public int closed_by, close_window, claim_seat, claimant, trick_no, bonus, strict_from
    cdef public object close_points, close_tricks, _result, contract
    cdef public int declarer, factor, bella_by, opening, melded, lead_flags, promise, end_kind

    # The copy typed, so that its fields are set in the C struct, not by name (670 → 254 ns).
    @cython.locals(s=State)
    cpdef State copy(self)


@cython.locals(s=State, r=PlayRules, d=Deal, n=cython.int, p=cython.int, sides=cython.int,
               forehand=cython.int)
cpdef State _new(object game, int dealer, object deal, object active, object bonus,
                 object match_score)
cdef unsigned long long _ONE
cdef int _PH_PLAY
@cython.locals(m=cython.ulonglong, c=cython.int)
cpdef object hand_mask(object cards)
