# C types for ismcts.py (Cython's augmenting .pxd): compiled, the tree's nodes are an extension
# type and the walk down the tree on the kernel's packed hand is C calls end to end; the policy,
# the playouts and the reward are playout.pxd's, called as C functions.
cimport cython
from libc cimport math
from sixtysix.engine.kernel cimport Hand
from sixtysix.engine.kernel_multi cimport MultiHand  # a C type test, not a global's lookup and a call
cimport sixtysix.engine.kernel_search as kernel_search  # its playout a C call
from sixtysix.bots.value_net cimport ValueNet
from sixtysix.bots.playout cimport scaled_reward, playout, policy_action


cdef class _Node:
    cdef public dict children
    cdef public long long n, avail
    cdef public double w, g
    cdef public int mover

@cython.locals(first=cython.longlong, second=cython.longlong, n=cython.longlong, ch=_Node)
cpdef bint _decided(_Node root, double left) except? -1
@cython.locals(i=cython.Py_ssize_t, nd=_Node)
cpdef void _backup(list path, list result, list rewards) except *
@cython.locals(ch=_Node, best_child=_Node, best_a=cython.int, best_score=cython.double,
               score=cython.double, a=cython.int, k=cython.int)
cpdef tuple _select(_Node node, list acts, double c, bint even, bint double_pack, object rng)
@cython.locals(node=_Node, child=_Node, a=cython.int, path=list, over=cython.int)
cpdef list _walk_hand(_Node root, Hand h, double c, object rng)
@cython.locals(v=cython.double, valued=cython.bint, g0=cython.longlong, g1=cython.longlong,
               lead=cython.longlong)
cpdef tuple _hand_lead(Hand h, bint endgame, ValueNet net, double share, object solver,
                       int stock, unsigned long long kx)

cdef class _HandWalk:
    cdef double c, share, scale
    cdef object rng, solver, for_match
    cdef bint endgame
    cdef ValueNet net
    cdef int stock
    @cython.locals(path=list, lead=cython.double, r0=cython.double, r1=cython.double,
                   i=cython.Py_ssize_t, nd=_Node)
    cpdef unsigned long long iterate(self, _Node root, Hand h, unsigned long long kx,
                                     Hand origin=*, int other=*, unsigned long long known=*,
                                     unsigned long long allowed=*, unsigned long long unseen=*)
