"""Time a search's iterations at one Sixty-Six position (session 60).

Run from a copy of the tree with ``opponent_prior.patch`` applied and built, from a folder
other than the checkout's (``cd /tmp && PYTHONPATH=COPY python iteration_cost.py SPEC...``),
e.g. ``ismcts:iterations=20000,endgame=true,net=1`` and the same with ``prior=4,cp=1.5``:
each spec's move and the fastest of three searches, in seconds.
"""

import random
import sys
import time

from sixtysix.bots.base import make_bot
from sixtysix.engine import Match
from sixtysix.games import make_game

state = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=5)
for _ in range(3):
    state.apply(state.legal_actions()[0])
view = state.view(state.to_act)
for spec in sys.argv[1:]:
    bot = make_bot(spec)
    times = []
    for r in range(3):
        t = time.perf_counter()
        action = bot.choose(view, random.Random(r))
        times.append(time.perf_counter() - t)
    print(spec, action, round(min(times), 3))
