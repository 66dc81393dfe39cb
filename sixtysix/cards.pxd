# C types for cards.py (Cython's augmenting .pxd): compiled, the engine calls ``card_list``
# directly with a 64-bit card set.
cimport cython

cdef bint _COMPILED

@cython.locals(c=cython.int, out=list)
cpdef list card_list(unsigned long long mask)
@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, n=cython.Py_ssize_t, k=cython.int)
cpdef shuffle(object rng, list cards)
