# C for worlds.py (Cython's augmenting .pxd): compiled, the action tests by name are inline C
# (the rest of the module is plain Python compiled).
cimport sixtysix.engine.actions as actions
