# C for trump.py (Cython's augmenting .pxd): compiled, the action tests by name are inline C.
cimport sixtysix.engine.actions as actions
