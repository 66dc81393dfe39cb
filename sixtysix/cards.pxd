# C types for cards.py (Cython's augmenting .pxd): compiled, the engine calls ``card_list``
# directly with a 64-bit card set.
cimport cython

cdef bint _COMPILED

@cython.locals(c=cython.int, out=list)
cpdef list card_list(unsigned long long mask)
