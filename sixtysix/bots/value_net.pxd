# C types for value_net.py (Cython's augmenting .pxd): compiled, a world is valued in a few
# microseconds, less than the playout it replaces. The indices of the loops over the units are
# Py_ssize_t, so that the C compiler vectorizes them (setup.py's VECTORIZED).
cimport cython
from sixtysix.engine.kernel cimport Hand

cdef class ValueNet:
    cdef public int n1, n2
    cdef public double b3
    cdef int channels, stock
    cdef double[::1] w1, b1, w2, b2, w3, a1, a2, wd
    @cython.locals(base=cython.Py_ssize_t, j=cython.Py_ssize_t)
    cdef void _row(self, int r, double v) noexcept
    @cython.locals(base=cython.Py_ssize_t, u=cython.Py_ssize_t)
    cdef void _face_down(self, int card, int j) noexcept
    cdef int _card(self, int c, int trump) except -1
    @cython.locals(j=cython.Py_ssize_t, k=cython.Py_ssize_t, t=cython.int, p=cython.int, c=cython.int,
                   s=cython.int, r=cython.int, base=cython.Py_ssize_t, g=cython.int, fd=cython.int,
                   own=cython.int, other=cython.int, mine=cython.ulonglong,
                   theirs=cython.ulonglong, placed=cython.ulonglong, one=cython.ulonglong,
                   v=cython.double, out=cython.double, down=list)
    cpdef double lead(self, Hand h)
