# C types for cards.py (Cython's augmenting .pxd): compiled, the engine calls ``card_list`` directly.
cpdef list card_list(object mask)
