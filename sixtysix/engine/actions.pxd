# The named tests of actions.py as C, for the compiled modules (issue 78): a compiled module's
# .pxd says ``cimport sixtysix.engine.actions as actions`` and its source calls
# ``actions.is_marriage(a)``; compiled, that is an inline comparison with constants, as fast as
# the bounds written out; pure, it is the function of actions.py. actions.py itself is not
# compiled (it is no hot path): this file is a header, with no module of its own.
#
# The values below are actions.py's (its table is the one source): tests/test_actions.py checks
# that every constant here equals the one there and that every function here gives what the one
# there does for every action id. Only valid action ids are asked about, as there.

cdef enum:
    PLAY = 0
    MARRY = 64
    DECLARE_SHOW = 128
    DRAW = 192
    TRUMP = 200
    BID = 256
    MAX_BID = 63
    BID_CONTRACT = 320
    N_CONTRACTS = 10
    OPEN = 384
    MARRY_DOUBLE = 640
    ANNOUNCE = 704
    SHOW = 796
    N_COMBOS = 92
    N_ACTIONS = 888

cdef inline bint is_play(long action) noexcept:
    return action < MARRY

cdef inline bint is_marriage(long action) noexcept:
    return MARRY <= action < DECLARE_SHOW

cdef inline bint is_declaration(long action) noexcept:
    return DECLARE_SHOW <= action < DRAW

cdef inline bint names_card(long action) noexcept:
    return action < DRAW or OPEN <= action < ANNOUNCE

cdef inline bint lays_card(long action) noexcept:
    return action < DECLARE_SHOW or OPEN <= action < ANNOUNCE

cdef inline bint is_trump_choice(long action) noexcept:
    return TRUMP <= action < TRUMP + 4

cdef inline bint is_bid(long action) noexcept:
    return BID < action <= BID + MAX_BID

cdef inline bint is_contract_bid(long action) noexcept:
    return BID_CONTRACT <= action < BID_CONTRACT + N_CONTRACTS

cdef inline bint is_opening(long action) noexcept:
    return OPEN <= action < MARRY_DOUBLE

cdef inline bint is_double_marriage(long action) noexcept:
    return MARRY_DOUBLE <= action < ANNOUNCE

cdef inline bint is_announcement(long action) noexcept:
    return ANNOUNCE <= action < SHOW

cdef inline bint is_show(long action) noexcept:
    return SHOW <= action < N_ACTIONS

cdef inline bint is_combination(long action) noexcept:
    return ANNOUNCE <= action < N_ACTIONS

cdef inline long named_card(long action) noexcept:
    return action & 63

cdef inline long trump_suit(long action) noexcept:
    return action - TRUMP

cdef inline long bid_units(long action) noexcept:
    return action - BID

cdef inline long contract_index(long action) noexcept:
    return action - BID_CONTRACT

cdef inline long opening_index(long action) noexcept:
    return (action - OPEN) >> 6

cdef inline long combo_index(long action) noexcept:
    return action - ANNOUNCE if action < SHOW else action - SHOW
