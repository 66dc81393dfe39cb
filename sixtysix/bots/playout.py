"""The searches' playouts: a cheap sensible policy (``policy_action``), a hand played out with it,
and what a finished hand is worth to each seat (``outcome``, the rewards a tree counts).

The playout kernels (``engine.kernel`` and the games' own) play the same policy move for move,
drawing the same random numbers (``play_reference`` is what they must reproduce).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ..engine import actions, kernel
from ..engine.actions import (
    BELLA,
    CLOSE,
    DECLARE,
    DRAW,
    EXCHANGE,
    MELD_LOW,
    PASS,
    REVERSE,
)
from ..engine.legal import trick_winner
from ..engine.phases.announce import KEY as COMBO_KEY
from ..engine.state import PH_AUCTION, PH_TRUMP, State
from ..engine.view import View
from .match_equity import match_rewards

Rng = random.Random | kernel.KernelRandom
"""What the playouts draw from: ``random`` and ``choice`` are all they ask of it."""

__all__ = ["Rng", "policy_action", "play_reference", "playout", "outcome", "match_reward",
           "race_rewards"]


def policy_action(s: State, acts: list[int], rng: Rng, eps: float = 0.25) -> int:
    """A cheap sensible move for playouts: claim when it holds and never falsely, show marriages,
    take the exchange, draw rather than close; follow by taking a valuable trick with the cheapest
    card that wins it, else throw the cheapest card; lead low; a random card with chance ``eps``.
    Under a contract that needs every trick (a Gang, a Schnapser: ``Contract.all_tricks``) every
    trick is valuable, and a leader leads his strongest card.
    (No lambdas or generators here: compiled, it is a typed ``cpdef``, bots/playout.pxd.)"""
    r = s.rules
    side = r.sides[s.to_act]
    if s.phase == PH_AUCTION:
        # Playouts of an auction: the others pass; a dealer who may not pass bids the least.
        return PASS if PASS in acts else min(acts)
    if s.phase == PH_TRUMP and PH_AUCTION in r.phases:
        return _longest_suit(s, acts)
    plays = []
    marry = []
    announces = []
    for a in acts:
        if actions.is_play(a):
            plays.append(a)
        elif actions.is_marriage(a):
            marry.append(a)
        elif actions.is_declaration(a):
            if s.tricks[side] and s.points[side] + (
                    40 if (actions.named_card(a) >> 3) & 3 == s.trump else 20) >= r.claim_target:
                return a
        elif a == DECLARE:
            if s.points[side] >= r.claim_target:
                return a
        elif a in (EXCHANGE, DRAW, BELLA) or actions.is_show(a):
            return a  # Terts: the bella, and a show (offered only where it outranks), always pay
        elif actions.is_announcement(a):
            announces.append(a)
        elif a == REVERSE:  # Gaigel: right when the opponents passed the target unclaimed
            if _opponents_reached(s, side, r.claim_target):
                return a
        elif a == MELD_LOW or actions.is_double_marriage(a):
            marry.append(a)  # Gaigel's five low cards and double marriages: shown like marriages
    if announces:  # Terts: announce the highest-ranked combination
        return _best_announce(announces)
    if marry:
        return rng.choice(marry)
    if plays:
        if len(plays) == 1 or rng.random() < eps:
            return rng.choice(plays)
        vals = s.values
        trump = s.trump
        trick = s.trick
        every = s.contract is not None and s.contract.all_tricks
        if not trick:
            if every:  # every trick counts: lead the card likeliest to take it
                return _strongest(plays, s.beats, trump)
            return _cheapest(plays, vals, trump)  # lead the cheapest card, plain before trumps
        at_stake = 0
        for c in trick:
            at_stake += vals[c]
        n = len(trick)
        if r.meld_phase and n >= 2:
            partner_card = _partner_winning(s, side)
            if partner_card >= 0:
                return _smear(s, plays, partner_card, n)
        # The cards that would take the trick: those beating its winning card so far (the last
        # step of trick_winner, without a list per card).
        wc = trick[trick_winner(trick, trump, s.beats)]
        ws = (wc >> 3) & 3
        over = s.beats[wc]
        winners = []
        for c in plays:
            cs = (c >> 3) & 3
            if (cs == ws and (over >> c) & 1) or (cs == trump and ws != trump):
                winners.append(c)
        if s.contract is not None and s.contract.misere and s.to_act == s.declarer:
            return _bettler_card(plays, winners, vals)
        if winners and (at_stake >= 10 or every or len(s.active) == 2 and not s.stock_open):
            return _cheapest(winners, vals, trump)
        return _cheapest(plays, vals, trump)
    if PASS in acts:
        return PASS  # bids and doublings: a playout does not gamble on them
    bids = [a for a in acts if actions.is_contract_bid(a)]
    if bids and len(bids) == len(acts):
        return min(bids)  # the compulsory opening: the least bid
    opens = [a for a in acts if actions.is_opening(a)]
    if opens:
        return _opening(opens, rng)
    rest = [a for a in acts if a not in (DECLARE, CLOSE) and not actions.is_declaration(a)]
    return rng.choice(rest or acts)


def _cheapest(cards: list[int], vals: tuple[int, ...], trump: int) -> int:
    """The card worth least, a trump counting 12 more; the lowest id among equals."""
    best = -1
    best_key = 1 << 30
    for c in cards:
        k = (vals[c] + (12 if (c >> 3) & 3 == trump else 0)) * 64 + c
        if k < best_key:
            best, best_key = c, k
    return best


def _strongest(cards: list[int], beats: tuple[int, ...], trump: int) -> int:
    """The card likeliest to take a trick: a trump before a plain card, then the fewest cards of
    its suit above it (the contract's rank order); the lowest id among equals."""
    best = -1
    best_key = -1
    for c in cards:
        k = (16 if (c >> 3) & 3 == trump else 0) + 8 - beats[c].bit_count()
        if k > best_key:
            best, best_key = c, k
    return best


def _longest_suit(s: State, acts: list[int]) -> int:
    """North American Sixty-Six's high bidder names the suit he holds most of."""
    hand = s.hands[s.to_act]
    return max((a for a in acts if actions.is_trump_choice(a)),
               key=lambda a: ((hand >> (actions.trump_suit(a) * 8)) & 0xFF).bit_count())


def _opponents_reached(s: State, side: int, target: int) -> bool:
    return any(p >= target for sd, p in enumerate(s.points) if sd != side)


def _best_announce(announces: list[int]) -> int:
    return max(announces, key=lambda x: COMBO_KEY[actions.combo_index(x)])


def _bettler_card(plays: list[int], winners: list[int], vals: tuple[int, ...]) -> int:
    """A Bettler's declarer: the highest card that does not win, else the lowest."""
    losers = [c for c in plays if c not in winners]
    return max(losers, key=lambda c: vals[c]) if losers else min(plays, key=lambda c: vals[c])


def _opening(opens: list[int], rng: Rng) -> int:
    """Gaigel's openings: Ge-Elfen (a sure trick) before Höher before Auf Dissle."""
    rank = {1: 0, 2: 1, 0: 2, 3: 3}  # by index into OPENINGS: ge-elfen, hoeher, andere-alte, …
    best = min(rank[actions.opening_index(a)] for a in opens)
    return rng.choice([a for a in opens if rank[actions.opening_index(a)] == best])


def play_reference(s: State, rng: kernel.KernelRandom, policy: int) -> int:
    """Play ``s`` to the end through the ``State`` API with the kernel's random numbers: what
    ``playouts`` must reproduce. Returns the actions taken."""
    steps = 0
    while not s.over:
        acts = s.legal_actions()
        s.step(policy_action(s, acts, rng) if policy else rng.choice(acts))
        steps += 1
    return steps


def _partner_winning(s: State, side: int) -> int:
    """The card of the trick that wins it so far where the follower's partner played it, else
    -1 (Gaigel's partnerships: 0 & 2 against 1 & 3)."""
    w = trick_winner(s.trick, s.trump, s.beats)
    return s.trick[w] if s.rules.sides[s.tseats[w]] == side else -1


def _smear(s: State, plays: list[int], winning: int, n: int) -> int:
    """A playout's follow to a trick the partner is winning: where it is safe (the follower
    plays last, or the partner's card is a trump or an ace), the most valuable plain card that
    does not take it from him; else the cheapest card."""
    vals = s.values
    trump = s.trump
    if n == len(s.active) - 1 or (winning >> 3) & 3 == trump or winning & 7 == 0:
        keep = [c for c in plays if (c >> 3) & 3 != trump
                and trick_winner(s.trick + [c], trump, s.beats) != n]
        if keep:
            return max(keep, key=lambda c: (vals[c], c))
    return _cheapest(plays, vals, trump)


def playout(s: State, rng: Rng) -> None:
    """Play ``s`` to the end of the hand with ``policy_action``."""
    while not s.over:
        s.step(policy_action(s, s.legal_actions(), rng))


def outcome(s: State) -> list[float]:
    """Per seat, the finished hand's game-point lead over the average opponent seat."""
    gp = s.game_points()
    sides = s.rules.sides
    out = [0.0] * s.n
    for p in s.active:
        opp = [gp[q] for q in s.active if sides[q] != sides[p]]
        out[p] = gp[p] - (sum(opp) / len(opp) if opp else 0.0)
    return out


def scaled_reward(d: float, scale: float = 2.0) -> float:
    """Game points → [-1, 1] for UCB: winning by 3 is better than by 1, but not three times.
    ``scale`` is the game's ``value_scale`` (Terts' hands score card points: 60)."""
    return math.tanh(d / scale)


def seat_rewards(leads: list[float], scale: float,
             for_match: Callable[[int, float], float] | None) -> list[float]:
    """Per seat, the reward of a hand that ends with these game-point ``leads``: by the match it
    leaves (``for_match``, from ``match_reward``), else by the lead itself."""
    if for_match is not None:
        return [for_match(p, d) for p, d in enumerate(leads)]
    return [scaled_reward(d, scale) for d in leads]


def match_reward(view: View) -> Callable[[int, float], float] | None:
    """``match_equity.match_rewards`` for the match of ``view``: where the game has a model of
    its hands' game points, two seats and a match score that leaves both short of the target."""
    game = view.game
    to_go = game.points_to_go(view.match_score) if game.hand_points else None
    if not to_go or min(to_go) <= 0:
        return None
    return match_rewards(to_go, game.hand_points)


def race_rewards(s: State, leads: list[float], scale: float,
                 points: Sequence[int] | None = None) -> list[float]:
    """Per seat, the reward of a finished hand whose game-point leads are ``leads`` (and game
    points ``points``: by default those of ``s``, finished; a kernel's playout leaves ``s`` as it
    was):
    ``tanh(lead / scale)``; but in Terts, where each hand's points go to running totals and the
    first to the target wins (rules/terts.md#scoring), a hand that ends the match is worth the match: 1 to its
    winner, -1 to the loser, 0 for a tie at or above the target (another hand is played).

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> m = Match(make_game("terts"), dealer=1)
    >>> s = m.deal_hand(seed=2)
    >>> s.match_score = (450, 470)
    >>> s.points = [70, 40]  # the hand's points are its game points: 520 against 510
    >>> race_rewards(s, [20.0, -20.0], 60.0)
    [1.0, -1.0]
    """
    if s.rules.combinations and s.match_score:
        target = s.game.options.target
        gp = s.game_points() if points is None else points
        totals = [m + g for m, g in zip(s.match_score, gp, strict=True)]
        if max(totals) >= target:
            top = max(totals)
            won = [t == top for t in totals]
            if sum(won) == 1:
                return [1.0 if w else -1.0 for w in won]
            return [0.0] * len(totals)
    return [scaled_reward(d, scale) for d in leads]
