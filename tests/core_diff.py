"""Differential run of one core: a digest of what the engine, the solver and the playouts do on
seeded random positions of every game (tests/test_core.py runs it under both cores and compares).

Usage: ``python tests/core_diff.py POSITIONS [GAME_ID ...]``; prints one JSON object: per game id,
the positions visited and the SHA-256 of everything seen there. ``SIXTYSIX_PURE=1`` picks the pure
core. At every position: the legal actions, every field of the state, and after a random legal
action the next state; at the end of each hand its game points and result; from one position of
each hand a seeded playout's outcome, and where a playout kernel plays the game its own playouts
(random and policy) and a world it deals for ISMCTS (``Hand.redeal``, ``MultiHand.redeal``,
``BauernHand.redeal`` and, from 12 cards, its solver; the Gaigel and Terts kernels their
playouts, and their solvers from 10 cards in Terts, 12 in Gaigel); in Sixty-Six, the learned
value of every position whose stock is open (``ValueNet.lead``, to the bit: setup.py compiles the
network vectorized); and, for two-sided games, the solver's value of every position with at most
six cards in hand and no stock to draw, and (where the kernel plays the game) of one position a
hand, every fourth hand, with one card face down; and where a kernel judges the play as the
heuristic player does (``bots.bidding._judged``), its choice, and from one position of each hand
its play-out to the end.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from sixtysix import _core
from sixtysix.bots.bidding import _judged
from sixtysix.bots.packed import multi_dealer, packed_dealer
from sixtysix.bots.playout import outcome, playout
from sixtysix.bots.solver import Solver, is_solvable
from sixtysix.bots.value_net import net_for
from sixtysix.bots.worlds import exclusions
from sixtysix.engine import kernel_multi
from sixtysix.engine.kernel import POLICY, RANDOM, pack, playouts, seed_state
from sixtysix.engine.match import Match
from sixtysix.engine.state import State
from sixtysix.games import GAMES, make_game
from sixtysix.games.bauernschnapsen import kernel as kernel_bauern
from sixtysix.games.gaigel import kernel as kernel_gaigel
from sixtysix.games.terts import kernel as kernel_terts

_SKIP = {"game", "_rules", "play_rules", "_result"}
"""Objects shared by every state of a game (and the lazily built result): not state."""


def fingerprint(s: State) -> str:
    return repr([getattr(s, name) for name in State.__slots__ if name not in _SKIP])


def digest(game_id: str, positions: int, seed: int = 66) -> tuple[int, str]:
    game = make_game(game_id)
    rng = random.Random(f"{seed}:{game_id}")
    h = hashlib.sha256()
    net = net_for(game)
    seen = 0
    while seen < positions:
        m = Match(game, dealer=rng.randrange(game.n_seats))
        s = m.deal_hand(seed=rng.randrange(2**31))
        playout_at = rng.randrange(12)
        phase1_solve = rng.randrange(4) == 0
        k = 0
        while not s.over and seen < positions:
            acts = s.legal_actions()
            h.update(f"{acts}|{fingerprint(s)}\n".encode())
            if net is not None and s.stock_open and s.turnup_up:
                valued = pack(s)
                if valued is not None:
                    h.update(f"net {net.lead(valued)!r}\n".encode())
            judged = _judged(s)
            if judged is not None:  # the heuristic's choice on a kernel (and once, its play-out)
                h.update(f"judge {judged.judge()}\n".encode())
                if k == playout_at:
                    judged.finish(rng.randrange(2) == 0)
                    h.update(f"judged {judged.leads()}\n".encode())
            if k == playout_at:
                p = s.copy()
                playout(p, random.Random(rng.randrange(2**31)))
                h.update(f"playout {outcome(p)} {p.history}\n".encode())
                packed = pack(s)
                if packed is not None:
                    x = seed_state(rng.randrange(2**31))
                    runs = [playouts(packed, 3, x, policy) for policy in (RANDOM, POLICY)]
                    view = s.view(s.to_act)
                    deal = packed_dealer(view, random.Random(rng.randrange(2**31)),
                                          exclusions(view))
                    assert deal is not None
                    world, origin, other, known, allowed, unseen = deal
                    world.rng = x
                    world.redeal(origin, other, known, allowed, unseen)
                    h.update(f"kernel {runs} {world.hand0} {world.hand1} {world.face_down()}\n"
                             .encode())
                multi = kernel_multi.pack(s)
                if multi is not None:  # Four-Hand's and Three-Player's kernel
                    x = seed_state(rng.randrange(2**31))
                    runs_multi = [kernel_multi.playouts(multi, 3, x, policy)
                                  for policy in (RANDOM, POLICY)]
                    view = s.view(s.to_act)
                    deal_multi = multi_dealer(view, random.Random(rng.randrange(2**31)),
                                               exclusions(view))
                    assert deal_multi is not None
                    world_m, origin_m = deal_multi
                    world_m.rng = x
                    world_m.redeal(origin_m)
                    hands = [world_m.hand(p) for p in range(world_m.seats)]
                    h.update(f"multi {runs_multi} {hands} {world_m.turn}\n".encode())
                for name, own in (("gaigel", kernel_gaigel), ("bauern", kernel_bauern),
                                  ("terts", kernel_terts)):  # the games' own kernels
                    packed_own = own.pack(s)
                    if packed_own is not None:
                        x = seed_state(rng.randrange(2**31))
                        runs_own = [own.playouts(packed_own, 3, x, policy)
                                    for policy in (RANDOM, POLICY)]
                        h.update(f"{name} {runs_own}\n".encode())
                        if own is kernel_bauern:  # and a world ISMCTS deals on it
                            view = s.view(s.to_act)
                            known = list(view.known)
                            known[view.seat] = view.hand
                            packed_own.set_deal(view.unseen(), known, exclusions(view))
                            world_b = type(packed_own)()
                            world_b.rng = x
                            world_b.redeal(packed_own)
                            h.update(f"{[world_b.hand(p) for p in range(4)]}\n".encode())
                            if packed_own.cards_left() <= 12:  # and its solver
                                h.update(f"{packed_own.solve(100, True)}\n".encode())
                        if own is kernel_terts and packed_own.cards_left() <= 10:  # its solver
                            v = packed_own.solve(100, True)
                            h.update(f"{v} {packed_own.fin0} {packed_own.fin1}\n".encode())
                        if own is kernel_gaigel and packed_own.cards_left() <= 12:  # its solver
                            h.update(f"{packed_own.solve(100, True)}\n".encode())
            if is_solvable(s) and not s.stock_open and sum(x.bit_count() for x in s.hands) <= 6:
                h.update(f"solve {Solver().value(s)}\n".encode())
            if phase1_solve and s.stock_open and s.facedown == 1 and pack(s) is not None:
                h.update(f"solve {Solver().value(s)}\n".encode())
                phase1_solve = False
            s.step(rng.choice(acts))
            seen += 1
            k += 1
        if s.over:
            r = s.result
            h.update(f"end {list(s.game_points())} {r}\n".encode())
    return seen, h.hexdigest()


def main() -> None:
    positions = int(sys.argv[1])
    games = sys.argv[2:] or list(GAMES)
    out = {"core": _core.core_name(), "games": {g: digest(g, positions) for g in games}}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
