"""Bids and doublings for the search bots, judged by playing the hand out from every seat's view.

A tree search values a bid by the playouts below it, and playouts cannot bid or double sensibly:
they pass (``playout.policy_action``), and they play the cards with a cheap policy that sees the
whole world, so a contract's chances come out wrong — the searches bid Bettler on hands that lose
it, because random-ish defenders rarely force the declarer to take a trick. Here, for a decision
of the auction or of doubling, each legal action is valued over sampled worlds consistent with the
view: the action is taken in the world, and the rest of the hand — the rest of the auction, the
doubling, the card play — is decided by ``heuristic`` for every seat *from that seat's own view*
(its hand judgment for bids and doubles, its rules of thumb for the cards). All actions are tried
on the same worlds, so the differences between them are not drowned by the luck of the deal. The
value of an action is the seat's mean game-point lead for the hand (``playout.outcome``).

A play-out runs on the game's kernel from the first position one plays (North American
Sixty-Six's auction, Bauernschnapsen's auction or doubling; the card play of the others):
``judge`` there makes the heuristic's choices from each seat's knowledge, without building views
(``engine/kernel_judge.py``; the same choices, ``tests/test_kernel_judge.py``).

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("bauernschnapsen"), dealer=3)
>>> state = m.deal_hand(seed=5)
>>> m.apply("cut"); m.apply(m.hand.legal_actions()[0])  # forehand names trumps: the auction
>>> is_bidding(state.view(0))
True
>>> values = bid_values(state.view(0), random.Random(1), worlds=4)
>>> sorted(values) == sorted(state.legal_actions())
True
"""

from __future__ import annotations

import math
import random

from ..engine import kernel_multi
from ..engine.actions import (
    KONTRA,
    PASS,
    REKONTRA,
    SUBKONTRA,
    is_bid,
    is_contract_bid,
)
from ..engine.fastpath import MULTI, PAIR, GameHand, kernel_module
from ..engine.kernel_multi import MultiHand
from ..engine.phases import PH_AUCTION, PH_CONTRACTS, PH_DOUBLING, PH_PLAY
from ..engine.state import State
from ..engine.view import View
from .base import past
from .heuristic import HeuristicBot
from .playout import outcome

__all__ = ["is_bidding", "bid_values", "bid_decision", "MIN_WORLDS"]

MIN_WORLDS = 12
"""Worlds tried even when the time is up: fewer say little about a contract, and the best of a
few noisy values is mostly the luckiest (with 4, ``strong`` still bid Bettler in a quarter of its
auctions and made only half)."""

_DOUBLES = (KONTRA, REKONTRA, SUBKONTRA)


def is_bidding(view: View) -> bool:
    """The seat decides a bid or a doubling: an auction of contracts or of units, or kontra and
    its answers."""
    if view.phase not in (PH_CONTRACTS, PH_AUCTION, PH_DOUBLING):
        return False
    return any(is_contract_bid(a) or is_bid(a)
               or a in _DOUBLES for a in view.legal)


def bid_values(view: View, rng: random.Random, deadline: float | None = None,
               worlds: int = 40, evidence: bool = True) -> dict[int, float]:
    """Mean game-point lead of the hand for the view's seat after each legal action, over up to
    ``worlds`` sampled worlds that fit the auction (at least ``MIN_WORLDS``; fewer where
    ``deadline`` passes), the rest of the hand decided by ``heuristic`` from each seat's view;
    each action but the safe one less ``CAUTION`` standard errors of its gain over the safe one.

    A bid or a double is evidence: a seat that bid Zehnergang holds a hand that makes it more
    often than a random one. Worlds are drawn at random and then kept with the chance that the
    latest such commitment pays off as its seat could judge it (``_fits``); without this, the
    opponents of every contract would double it, judging it on hands its declarer would never
    have bid. Where no world fits (or ``evidence`` is off), every world is kept."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} is not to act")
    judge = HeuristicBot()
    bet = _commitment(view) if evidence else None
    got: dict[int, list[float]] = {a: [] for a in view.legal}
    done = tries = 0
    while done < worlds:
        late = past(deadline)
        if late and (done >= MIN_WORLDS or tries >= _TRIES * MIN_WORLDS):
            break
        if tries >= _TRIES * worlds:
            break
        tries += 1
        world = view.determinize(rng)
        if bet is not None and not all(_fits(world, bet, judge, rng) for _ in range(_POWER)):
            continue
        for a in view.legal:
            s = world.copy()
            s.step(a)
            got[a].append(_play_out(s, judge, rng)[0][view.seat])
        done += 1
    if not done:  # nothing fits the evidence (or no time): judge on worlds as they come
        return bid_values(view, rng, None, MIN_WORLDS, evidence=False)
    # The safe call (pass, else the least bid) at its mean; every other at its mean less CAUTION
    # standard errors of its lead over the safe call on the same worlds. Taking the best of a few
    # noisy means picks the luckiest: a bid must beat passing by more than its noise.
    safe = got[PASS if PASS in got else min(got)]
    return {a: _mean(xs) if xs is safe else _mean(xs) - CAUTION * _stderr(xs, safe)
            for a, xs in got.items()}


def bid_decision(view: View, rng: random.Random, deadline: float | None,
                 iterations: int | None) -> dict[int, float] | None:
    """The values a search gives a bid or doubling decision (``bid_values``: the rest of the hand
    played out from each seat's view, which a tree's passing playouts cannot judge), None for
    any other decision. ``iterations`` buys a twentieth as many worlds; without either limit,
    40."""
    if not is_bidding(view):
        return None
    worlds = 40 if deadline is None else 10**9  # the deadline ends it
    if iterations is not None:
        worlds = max(1, iterations // 20)
    values = bid_values(view, rng, deadline, worlds)
    if PASS in values:  # on a tie, pass: a bid or a double must earn its risk
        values[PASS] += 1e-9
    return values


CAUTION = 1.0
"""Standard errors by which a bid or double must beat the safe call (``bid_values``)."""


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def _stderr(xs: list[float], base: list[float]) -> float:
    """The standard error of the mean of ``xs - base`` (paired by world); 0 from one world."""
    n = len(xs)
    if n < 2:
        return 0.0
    d = [x - b for x, b in zip(xs, base, strict=True)]
    m = sum(d) / n
    return math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)


_TRIES = 25
"""Worlds drawn per world kept, at most: beyond that the evidence is taken to be misread."""
_POWER = 2
"""Independent play-outs a world must pass to be kept: the chance a seat bids grows faster than
the chance that the bid pays (a bidder wants it likely, not merely possible), so a kept world
is weighted by that chance squared."""


def _commitment(view: View) -> tuple[int, bool] | None:
    """The latest voluntary commitment of another seat that the worlds should fit: (the seat,
    True where it bet that the contract is made, False where it bet on its failure). None where
    there is none: no high bid yet, forehand's compulsory opening (the least contract), or a
    commitment of the view's own seat."""
    if view.phase == PH_DOUBLING and view.contract is not None:
        if view.factor == 2:  # kontra: bet on failure
            return (view.bidding[0], False) if view.bidding and view.bidding[0] >= 0 else None
        if view.factor == 1 and view.contract.index == 0:
            return None  # the Normal game is forehand's compulsory opening
        seat = view.declarer
        made = True
    elif view.phase in (PH_CONTRACTS, PH_AUCTION) and view.bidding:
        high, seat, _ = view.bidding
        if seat < 0 or (view.phase == PH_CONTRACTS and high <= 0):
            return None
        made = True
    else:
        return None
    return None if seat == view.seat else (seat, made)


def _fits(world: State, bet: tuple[int, bool], judge: HeuristicBot, rng: random.Random) -> bool:
    """Whether the committed seat's bet pays off in one play-out as that seat could have judged
    it: its hand from ``world``, the other hands dealt anew from its view (its bid depended on its
    own cards only), every seat passing what is left of the auction and of the doubling."""
    s = world.view(bet[0]).determinize(rng)
    made = _play_out(s, judge, rng, passing=True)[1] > 0
    return made == bet[1]


def _play_out(s: State, judge: HeuristicBot, rng: random.Random, passing: bool = False
              ) -> tuple[list[float], int]:
    """Finish the hand, each seat choosing from its own view (a forced move needs none: the
    judge takes it without a look or a random number); with ``passing``, every seat passes
    what is left of the auction and the doubling. The seats' game-point leads
    (``playout.outcome``) and the declarer's game points.

    Where a kernel plays the game from there (``_judged``), it takes over: its ``judge``
    chooses what the heuristic would from each seat's knowledge, without a view or a random
    number."""
    tried = -1
    while not s.over:
        if s.phase != tried:
            tried = s.phase  # (a phase the kernel does not judge is asked about once)
            h = _judged(s)
            if h is not None:
                h.finish(passing)  # (the declarer may be named there: North American's high bidder)
                return h.leads(), h.game_points(h.declarer)
        acts = s.legal_actions()
        if passing and PASS in acts and s.phase in (PH_CONTRACTS, PH_AUCTION, PH_DOUBLING):
            s.step(PASS)
        else:
            s.step(acts[0] if len(acts) == 1 else judge.choose(s.view(s.to_act), rng))
    return outcome(s), s.game_points()[s.declarer]


def _judged(s: State) -> MultiHand | GameHand | None:
    """The rest of ``s`` on its game's kernel, for ``judge`` (in both cores: the play-outs then
    draw the same random numbers in either), as the game's fast path declares: the contracts'
    kernel from the auction on (Bauernschnapsen), the multi-seat kernel from the auction where it
    plays the auction (North American), else from the play; or None where none plays it."""
    fp = s.game.fast_path
    if fp is not None and fp.kernel != PAIR and fp.kernel != MULTI:
        own = kernel_module(fp.kernel)  # the game's own: from the phases it declares (JUDGED)
        h: GameHand | None = own.pack(s) if s.phase in own.JUDGED else None
        return h
    if s.phase == PH_PLAY or fp is not None and fp.auction:
        return kernel_multi.pack(s, auction=True)
    return None
