# C types for pimc.py (Cython's augmenting .pxd): compiled, a playout through State is
# playout.pxd's, called as a C function.
from sixtysix.bots.playout cimport playout
