# C types for sixty_six.py (Cython's augmenting .pxd): compiled, the deal that every playout makes
# indexes its shuffled pack with C ints.
cimport cython

@cython.locals(order=list, hands=list, m=cython.int, k=cython.int, p=cython.int, i=cython.int,
               j=cython.int)
cpdef object deal_two_packets(list deck, int dealer, tuple active, int n)
