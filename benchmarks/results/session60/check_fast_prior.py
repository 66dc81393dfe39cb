"""The opponent's prior computed from a node's first layer (``PolicyNet.base`` and
``fill_from``) against the whole network (``fill``), and the time of each (session 60).

Run from a copy of the tree with ``opponent_prior.patch`` applied and built, and session 54's
``sixty_six.pol`` in its ``sixtysix/bots/`` (``cd /tmp && PYTHONPATH=COPY python
check_fast_prior.py``): the positions compared, the largest difference of a prior, and the
microseconds a call at the last position.
"""

import random
import time
from array import array

from sixtysix.bots.value_net import SLOTS, policy_for
from sixtysix.engine import Match
from sixtysix.engine.kernel import pack
from sixtysix.games import make_game

game = make_game("sixty-six")
pol = policy_for(game)
assert pol is not None
worst = 0.0
n = 0
rng = random.Random(3)
for seed in range(300):
    st = Match(game, dealer=seed % 2).deal_hand(seed=seed)
    for _ in range(rng.randrange(0, 10)):
        if st.over:
            break
        st.apply(rng.choice(st.legal_actions()))
    if st.over:
        continue
    h = pack(st)
    if h is None or not (h.turnup_up and h.closed_by < 0):
        continue
    acts = h.legal_actions()
    if acts[0] >= 32 or len(acts) < 2:
        continue
    whole = array("d", bytes(8 * SLOTS))
    fast = array("d", bytes(8 * SLOTS))
    base = array("d", bytes(8 * pol.n1))
    pol.fill(h, acts, whole)
    pol.base(h, base)
    pol.fill_from(h, acts, base, fast)
    worst = max(worst, max(abs(x - y) for x, y in zip(whole, fast, strict=True)))
    n += 1
print(n, "positions, largest difference", worst)
t = time.perf_counter()
for _ in range(20000):
    pol.fill(h, acts, whole)
t1 = time.perf_counter()
for _ in range(20000):
    pol.fill_from(h, acts, base, fast)
t2 = time.perf_counter()
print(f"fill {(t1 - t) / 20000 * 1e6:.2f} us, fill_from {(t2 - t1) / 20000 * 1e6:.2f} us")
