"""Search bots that see a view only: PIMC and single-observer ISMCTS, with the exact solver where it is exact.

Both sample *determinizations*: full states consistent with the view. Sampling respects what play
has proven — a seat that failed to follow suit, to beat or to trump under a strict follow rule
cannot hold the cards that would have obliged it (``exclusions``), and cards everyone saw (a
marriage's partner, the taken turn-up) stay where they are (``View.known``).

* ``pimc`` — Perfect Information Monte Carlo: N worlds; each is solved exactly by ``solver`` where
  that is quick (two sides, the stock closed, exhausted or nearly so), otherwise each action gets a
  few playouts; the action with the best average wins the vote.
* ``ismcts`` — single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012): one tree of
  the root seat's information sets, a new determinization every iteration, UCB1 with availability
  counts, playouts with a cheap sensible policy. It works for every game of the family and any
  number of seats. In a two-sided game whose stock is exhausted the only unknown is the opponent's
  hand, which is exactly the unseen cards: it then plays the solver's move; after a close (dead
  cards in the stock) it votes over exactly solved worlds.

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=3)
>>> bot = make_bot("ismcts:iterations=50")
>>> bot.choose(state.view(0), random.Random(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..cards import JACK, card_list, cards_of
from ..engine import kernel, kernel_bauern, kernel_gaigel, kernel_multi, kernel_terts
from ..engine.actions import (
    ANNOUNCE,
    BELLA,
    BID_CONTRACT,
    CLOSE,
    CONTRACTS,
    CUT,
    DECLARE,
    DECLARE_SHOW,
    DEFER,
    DRAW,
    EXCHANGE,
    KNOCK,
    MARRY,
    MARRY_DOUBLE,
    MELD_LOW,
    OPEN,
    PASS,
    REVERSE,
    SHOW,
    TRUMP,
)
from ..engine.contract import LEAD_DECLARER
from ..engine.fastpath import Kernel
from ..engine.kernel import Hand, KernelRandom
from ..engine.kernel_bauern import BauernHand
from ..engine.kernel_multi import MultiHand
from ..engine.legal import legal_follow, trick_winner
from ..engine.phases import PH_CONTRACTS, PH_DEAL_CHOICE, PH_DOUBLING, PH_OVER
from ..engine.phases.announce import KEY as COMBO_KEY
from ..engine.phases.meld import FACE_DOWN, opening_winner
from ..engine.rules import FREE, Rules
from ..engine.state import PH_AUCTION, PH_PLAY, PH_TRUMP, State
from ..engine.view import View
from .base import ITERATIONS, SECONDS, Limit, Param, clock, make_bot, past, register
from .match_equity import match_rewards
from .solver import SCALE, Solver, is_solvable
from .value_net import ValueNet, net_for

Rng = random.Random | kernel.KernelRandom
"""What the playouts draw from: ``random`` and ``choice`` are all they ask of it."""

_GAME_KERNELS = not kernel_terts.__file__.endswith(".py")
"""Gaigel's, Terts' and Bauernschnapsen's playouts run on their kernels in the compiled core
only: the kernels are the engine move for move, so the values are the same either way, but in
pure Python their loops over bits are slower than ``State``'s (3,800 against 5,100 Gaigel
iterations a second)."""

__all__ = ["exclusions", "determinize", "playout", "policy_action", "outcome", "exact_view",
           "meld_game_actions", "action_key", "Ismcts", "Pimc", "make_bot"]


# ---------------------------------------------------------------------- inference


def exclusions(view: View) -> list[int]:
    """Per seat, the cards that seat is proven not to hold, from the follows it made in strict play.

    A follow under a rule with obligations shows which cards the follower did not have: holding
    any card that would have made the played card illegal is impossible. Drawing from the stock
    forgets what was proven (the new card is unknown). Where the replay of the public history does
    not agree with the view (a game this reading does not cover), nothing is inferred.

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> m = Match(make_game("sixty-six"), dealer=1)
    >>> state = m.deal_hand(seed=7)
    >>> m.apply("close"); m.apply("play 9C")  # strict play: seat 1 must follow, else trump
    >>> m.apply("play TD")  # a trump (diamonds): seat 1 has no club at all
    >>> from sixtysix.cards import mask_str
    >>> mask_str(exclusions(state.view(0))[1])
    '9C JC QC KC TC AC'
    """
    r = view.rules or view.game.rules  # the contract's rules where one is played
    n = r.n_seats
    out = [0] * n
    c = view.contract
    if view.phase == PH_TRUMP or view.trump < 0 and (c is None or c.trumps):
        return out  # no trumps named yet (a contract without trumps is played: read on)
    order = [(view.dealer + k) % n for k in range(1, n + 1)]
    seq = [p for p in order if p in view.active]
    nxt = {p: seq[(i + 1) % len(seq)] for i, p in enumerate(seq)}
    beats = r.beats_table(max(view.trump, 0))  # without trumps, the engine's tables (State)
    # The first trick is led by forehand; after an auction of units by the high bidder; under a
    # contract by its first leader (rules/bauernschnapsen.md#the-auction).
    leader = view.declarer if PH_AUCTION in r.phases and view.declarer >= 0 else seq[0]
    if c is not None and (c.lead == LEAD_DECLARER or leader != order[0]):
        leader = view.declarer
    trick: list[int] = []
    seats: list[int] = []
    sf = view.strict_from
    pack = r.pack
    hist = view.history
    if any(a >= FACE_DOWN for a in hist):
        return out  # Gaigel's face-down first trick: nothing to infer in it
    tricks_done = 0
    for i, a in enumerate(hist):
        if OPEN <= a < ANNOUNCE and not (i and hist[i - 1] == DEFER):
            card = (a - OPEN) & 63  # Gaigel: an opening or a double marriage leads a card
        elif a >= DECLARE_SHOW or (a >= MARRY and i and hist[i - 1] == DEFER):
            continue  # not a card played (a partner's marriage after 'defer' is only shown)
        else:
            card = a if a < MARRY else a - MARRY
        seat = leader if not trick else nxt[seats[-1]]
        strict = 0 <= sf <= i
        if trick:
            mode = r.phase2_follow if strict else r.phase1_follow
            out[seat] |= _excluded_by(card, trick, seats + [seat], mode, view.trump, beats, r, pack)
        trick.append(card)
        seats.append(seat)
        if len(trick) == len(seq):
            if tricks_done == 0 and view.opening >= 0:  # Gaigel's first trick, opened
                leader = seats[opening_winner(view.opening, trick, view.trump, beats)]
            else:
                leader = seats[trick_winner(trick, view.trump, beats)]
            tricks_done += 1
            trick, seats = [], []
            if not strict:
                for p in seq:
                    out[p] = 0  # everyone drew a card it may not have had before
    if tuple(zip(seats, trick, strict=True)) != view.trick or (not trick and leader != view.leader):
        return [0] * n
    return out


def _excluded_by(card: int, trick: list[int], seats: list[int], mode: int, trump: int,
                 beats: tuple[int, ...], r: object, pack: int) -> int:
    """Cards whose presence in the follower's hand would have made ``card`` illegal here."""
    assert isinstance(r, Rules)
    if mode == FREE:
        return 0
    out = 0
    base = 1 << card
    # Terts: the trump jack, if he might hold it, can free any card; a card proves an absence
    # only if it would be illegal with the jack beside it too.
    jack = 1 << (trump * 8 + JACK) if r.trump_jack_free and trump >= 0 else 0
    if jack & base or any(jack >> c & 1 for c in trick):
        jack = 0
    for x in cards_of(pack & ~base):
        hand = base | (1 << x)
        if not (legal_follow(hand, trick, seats, r.sides, trump, mode, beats, r.must_beat_partner,
                             r.must_trump_when_cannot_overtrump, r.trump_jack_free) >> card) & 1:
            if jack and (legal_follow(hand | jack, trick, seats, r.sides, trump, mode, beats,
                                      r.must_beat_partner, r.must_trump_when_cannot_overtrump,
                                      True) >> card) & 1:
                continue
            out |= 1 << x
    return out


def determinize(view: View, rng: random.Random, excluded: list[int] | None = None,
                tries: int = 100) -> State:
    """A full state consistent with ``view`` and with the proven ``excluded`` cards of each seat.

    Seats are filled most constrained first, and filled again where a later seat is left too few
    cards it may hold; after ``tries`` failed attempts (tight exclusions fail one try in three at
    worst in practice, contradictory ones always) the constraints are dropped rather than
    refusing to play.
    """
    if excluded is None or view.phase in (PH_TRUMP, PH_DEAL_CHOICE) or not any(excluded):
        pool = card_list(view.unseen())
        _shuffle(pool, rng.random)
        return view.state_with(pool)
    unseen = view.unseen()
    others = [p for p in range(view.game.rules.n_seats) if p != view.seat]
    need = {p: view.hand_sizes[p] - view.known[p].bit_count() for p in others}
    for _ in range(tries):
        left = unseen
        chosen: dict[int, list[int]] = {}
        ok = True
        for p in sorted(others, key=lambda q: (unseen & ~excluded[q]).bit_count() - need[q]):
            allowed = card_list(left & ~excluded[p])
            if len(allowed) < need[p]:
                ok = False
                break
            _shuffle(allowed, rng.random, need[p])
            pick = allowed[:need[p]]
            chosen[p] = pick
            for c in pick:
                left &= ~(1 << c)
        if ok:
            stock = card_list(left)
            _shuffle(stock, rng.random)
            pool = [c for p in others for c in chosen[p]] + stock
            return view.state_with(pool)
    return view.determinize(rng)


def _shuffle(cards: list[int], rnd: Callable[[], float], k: int = -1) -> None:
    """Shuffle ``cards`` in place (Fisher-Yates from the front), or only draw its first ``k`` at
    random: a world a search iteration, and ``random.Random``'s ``shuffle`` and ``sample`` spend
    a Python-level ``_randbelow`` a card where one C-level ``random()`` will do."""
    n = len(cards)
    for i in range(n - 1 if k < 0 else min(k, n - 1)):
        j = i + int(rnd() * (n - i))
        cards[i], cards[j] = cards[j], cards[i]


# ---------------------------------------------------------------------- playouts


def policy_action(s: State, acts: list[int], rng: Rng, eps: float = 0.25) -> int:
    """A cheap sensible move for playouts: claim when it holds and never falsely, show marriages,
    take the exchange, draw rather than close; follow by taking a valuable trick with the cheapest
    card that wins it, else throw the cheapest card; lead low; a random card with chance ``eps``.
    Under a contract that needs every trick (a Gang, a Schnapser: ``Contract.all_tricks``) every
    trick is valuable, and a leader leads his strongest card.
    (No lambdas or generators here: compiled, it is a typed ``cpdef``, bots/search.pxd.)"""
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
        if a < MARRY:
            plays.append(a)
        elif a < DECLARE_SHOW:
            marry.append(a)
        elif a < DRAW:
            if s.tricks[side] and s.points[side] + (40 if (a >> 3) & 3 == s.trump else 20) \
                    >= r.claim_target:
                return a
        elif a == DECLARE:
            if s.points[side] >= r.claim_target:
                return a
        elif a in (EXCHANGE, DRAW, BELLA) or a >= SHOW:
            return a  # Terts: the bella, and a show (offered only where it outranks), always pay
        elif a >= ANNOUNCE:
            announces.append(a)
        elif a == REVERSE:  # Gaigel: right when the opponents passed the target unclaimed
            if _opponents_reached(s, side, r.claim_target):
                return a
        elif a == MELD_LOW or MARRY_DOUBLE <= a < ANNOUNCE:
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
    bids = [a for a in acts if BID_CONTRACT <= a < BID_CONTRACT + len(CONTRACTS)]
    if bids and len(bids) == len(acts):
        return min(bids)  # the compulsory opening: the least bid
    opens = [a for a in acts if OPEN <= a < MARRY_DOUBLE]
    if opens:
        return _opening(opens, rng)
    rest = [a for a in acts if a not in (DECLARE, CLOSE) and not DECLARE_SHOW <= a < DRAW]
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
    return max((a for a in acts if TRUMP <= a < TRUMP + 4),
               key=lambda a: ((hand >> ((a - TRUMP) * 8)) & 0xFF).bit_count())


def _opponents_reached(s: State, side: int, target: int) -> bool:
    return any(p >= target for sd, p in enumerate(s.points) if sd != side)


def _best_announce(announces: list[int]) -> int:
    return max(announces, key=lambda x: COMBO_KEY[x - ANNOUNCE])


def _bettler_card(plays: list[int], winners: list[int], vals: tuple[int, ...]) -> int:
    """A Bettler's declarer: the highest card that does not win, else the lowest."""
    losers = [c for c in plays if c not in winners]
    return max(losers, key=lambda c: vals[c]) if losers else min(plays, key=lambda c: vals[c])


def _opening(opens: list[int], rng: Rng) -> int:
    """Gaigel's openings: Ge-Elfen (a sure trick) before Höher before Auf Dissle."""
    rank = {1: 0, 2: 1, 0: 2, 3: 3}  # by index into OPENINGS: ge-elfen, hoeher, andere-alte, …
    best = min(rank[(a - OPEN) >> 6] for a in opens)
    return rng.choice([a for a in opens if rank[(a - OPEN) >> 6] == best])


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


def _game_playout(s: State, rng: kernel.KernelRandom
                  ) -> tuple[list[float], list[int] | None] | None:
    """Gaigel, Terts, or Bauernschnapsen (from its deal choice on), played out on its own kernel
    with ``rng``'s numbers, as ``playout`` plays ``s`` through ``State``: each seat's lead
    (``outcome``) and, for Terts, the hand scores (``race_rewards`` asks for them); None where
    no such kernel plays ``s``."""
    hb = kernel_bauern.pack(s)
    if hb is not None:
        _, rng.state = kernel_bauern.playout(hb, rng.state, kernel.POLICY)
        return hb.leads(), None
    hg = kernel_gaigel.pack(s)
    if hg is not None:
        _, rng.state = kernel_gaigel.playout(hg, rng.state, kernel.POLICY)
        return hg.leads(), None
    ht = kernel_terts.pack(s)
    if ht is None:
        return None
    points, rng.state = kernel_terts.playout(ht, rng.state, kernel.POLICY)
    return ht.leads(), points


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


def _reward(d: float, scale: float = 2.0) -> float:
    """Game points → [-1, 1] for UCB: winning by 3 is better than by 1, but not three times.
    ``scale`` is the game's ``value_scale`` (Terts' hands score card points: 60)."""
    return math.tanh(d / scale)


def _rewards(leads: list[float], scale: float,
             for_match: Callable[[int, float], float] | None) -> list[float]:
    """Per seat, the reward of a hand that ends with these game-point ``leads``: by the match it
    leaves (``for_match``, from ``match_reward``), else by the lead itself."""
    if for_match is not None:
        return [for_match(p, d) for p, d in enumerate(leads)]
    return [_reward(d, scale) for d in leads]


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
    return [_reward(d, scale) for d in leads]


# ---------------------------------------------------------------------- the meld games by rule


def meld_game_actions(s: State, acts: list[int]) -> list[int]:
    """The actions of ``acts`` a search weighs in the meld games, where rules.md settles some
    choices: the one right action where there is one, else ``acts`` less those always wrong.

    Gaigel (rules/gaigel.md#before-the-lead-robbing-melds-knocking): the reverse knock when the opponents have
    passed 101 (2 game points, more
    than a knock's 1), else the knock when one's team has 101 (waiting can only lose it: a
    Gaigel needs opponents at 0 points, which they cannot fall back to); a knock or reverse
    knock below 101 is never right (2 to the opponents). Robbing the turn-up
    (rules/gaigel.md#before-the-lead-robbing-melds-knocking) and the
    dix (rules/terts.md#play) trade the low trump for a better one. A Gaigel leader who can meld melds (the
    search chooses which meld and which of its cards to lead): a meld is shown only at a lead
    after a won trick, so one passed up may never come again. Terts (rules/terts.md#combinations): the bella
    is absolute, 20
    that nothing can take away; a show always outranks (else it is not offered), so it beats
    passing; and at a turn with a combination that could score, some announcement is made (the
    search chooses which): it scores now or is outranked by what the opponent would have shown
    anyway. Other games: ``acts`` as they are.

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> s = Match(make_game("gaigel"), dealer=3).deal_hand(seed=1)
    >>> s.points = [101, 30]; s.trick_no = 2; s.to_act = s.leader = 0; s.trick = []
    >>> meld_game_actions(s, [3, 7, DECLARE, REVERSE])
    [195]
    """
    r = s.rules
    if r.meld_phase:
        side = r.sides[s.to_act]
        if DECLARE in acts or REVERSE in acts:
            if REVERSE in acts and any(p >= r.claim_target for sd, p in enumerate(s.points)
                                       if sd != side):
                return [REVERSE]
            if DECLARE in acts and s.points[side] >= r.claim_target:
                return [DECLARE]
            acts = [a for a in acts if a != DECLARE and a != REVERSE]
        if EXCHANGE in acts:
            return [EXCHANGE]
        melds = [a for a in acts if MARRY <= a < DECLARE_SHOW or MARRY_DOUBLE <= a < ANNOUNCE
                 or a == MELD_LOW]
        return melds or acts
    if r.combinations:
        if BELLA in acts:
            return [BELLA]
        if EXCHANGE in acts:
            return [EXCHANGE]
        shows = [a for a in acts if a >= SHOW]
        if shows:
            return shows
        announces = [a for a in acts if ANNOUNCE <= a < SHOW]
        if announces:
            return announces
    return acts


def action_key(a: int, double_pack: bool) -> int:
    """The tree's key of action ``a``: in the double pack (Gaigel) the two copies of a card are
    one choice (whoever holds either plays the same card: the first played of two identical
    cards wins), so actions naming a card key by its first copy; Bauernschnapsen's ``knock``
    deals the cards as ``cut`` does (rules/bauernschnapsen.md#cards-and-deal), so it keys as ``cut``: one
    node, one value
    for both; other actions are themselves.

    >>> action_key(32 + 5, True), action_key(MARRY + 32 + 2, True), action_key(37, False)
    (5, 66, 37)
    >>> action_key(KNOCK, False) == CUT
    True
    """
    if double_pack and a < ANNOUNCE and not DRAW <= a < OPEN:
        return a & ~32  # card ids 32..63 are the second copies; verbs sit at multiples of 64
    return CUT if a == KNOCK else a


# ---------------------------------------------------------------------- exact where possible


SOLVE_CARDS = 12
"""The solver is used only with at most this many cards in hand (6 each, Sixty-Six's phase 2):
North American Sixty-Six for two deals 12 each, too many to solve at every move."""
_OWN_SOLVERS: dict[Kernel, ModuleType] = {Kernel.TERTS: kernel_terts, Kernel.GAIGEL: kernel_gaigel}
"""The kernels that solve their own game's playouts (``_solved_own``); with ``endgame``, from
the cards left in the hands that the game's fast path declares (``FastPath.solve_from``) by
default (``Ismcts.cards``)."""
EXACT_MAX_CARDS = 6
"""The solver stands in for the search only once the seat holds at most this many cards: every
position of Sixty-Six and Schnapsen, the last six tricks of Terts (nine cards a side with
announcements take seconds to solve). An open view (``exact_view``) is solved up to
the cards its game's fast path declares instead (``FastPath.exact_cards``)."""


def _live_cards(s: State) -> int:
    """The cards left to play: in the hands of the seats that play (a solo declarer's partner
    holds his, face down, to the end: they cost a solve nothing)."""
    n = 0
    for p in s.active:
        n += s.hands[p].bit_count()
    return n


_NOT_PLAY = (PH_TRUMP, PH_AUCTION, PH_DEAL_CHOICE, PH_CONTRACTS, PH_DOUBLING, PH_OVER)
"""The phases in which no card is played: no open view (the solver values play only)."""


def exact_view(view: View) -> bool:
    """True when the view's position is open, so that the solver's value is the true value: two
    sides play, no card is face down, the cards the seat has not seen are the hidden cards of
    one other seat alone (two seats once the stock is gone; any game where every hand is known
    to the seat), and the hands hold at most the cards the game's fast path declares
    (``FastPath.exact_cards``; by default ``SOLVE_CARDS``)."""
    r = view.rules or view.game.rules
    if view.phase in _NOT_PLAY or view.turnup_up or view.facedown \
            or len({r.sides[p] for p in view.active}) != 2 or any(c < 0 for _, c in view.trick):
        return False
    hidden = [p for p, n in enumerate(view.hand_sizes)
              if p != view.seat and n > view.known[p].bit_count()]
    live = sum(view.hand_sizes[p] for p in view.active)
    fp = view.game.fast_path
    return len(hidden) <= 1 and live <= (fp.exact_cards if fp is not None and fp.exact_cards
                                         else SOLVE_CARDS)


def _closed_open(view: View) -> bool:
    """The view open (``exact_view``), or two seats and the stock closed or exhausted, or the last
    tricks of two sides of more seats with every card dealt (``_dealt_out``): each world is
    solved exactly and quickly; only the dead cards of a closed stock (if any) and, with more
    seats, the cards' places among the other hands make the worlds differ from the truth."""
    return exact_view(view) or _dealt_out(view) or (
        view.phase == PH_PLAY and (not view.turnup_up or view.closed_by >= 0)
        and len(view.active) == 2 and len({view.game.rules.sides[p] for p in view.active}) == 2
        and sum(view.hand_sizes) <= SOLVE_CARDS and view.hand.bit_count() <= EXACT_MAX_CARDS)


def _dealt_out(view: View) -> bool:
    """Two sides of three or four seats play their last tricks: no card face down, at most
    ``SOLVE_CARDS`` in the hands that play (Bauernschnapsen from its second trick, or its third
    under a partnership contract; Four-Hand's and North American's last three). Each world then
    solves as quickly as a two-seat one, and its value is the contract's or the hand's exactly,
    where playouts under a contract of every trick or none misjudge the sure leads (a Gang's
    K♣, the highest club left, valued 1 to 2 game points below the ace it equals)."""
    r = view.rules or view.game.rules
    return (view.phase == PH_PLAY and len(view.active) > 2 and not view.turnup_up
            and view.facedown == 0 and len({r.sides[p] for p in view.active}) == 2
            and not any(c < 0 for _, c in view.trick)
            and sum(view.hand_sizes[p] for p in view.active) <= SOLVE_CARDS)


def solved_values(view: View, rng: random.Random, solver: Solver, deadline: float | None,
                  worlds: int, excluded: list[int] | None = None,
                  sample: Callable[[random.Random], State] | None = None
                  ) -> tuple[dict[int, float], int]:
    """Average exact value (game points, margin as the fraction) of each legal action over worlds.

    With an exhausted stock there is one world and the values are exact. ``sample`` draws the
    worlds where given (``inference.Sampler``: weighted worlds), else uniformly within ``excluded``.
    """
    if exact_view(view):
        worlds = 1
    totals = {a: 0.0 for a in view.legal}
    done = 0
    for _ in range(worlds):
        s = sample(rng) if sample is not None else determinize(view, rng, excluded)
        for a, v in solver.action_values(s).items():
            totals[a] += v / SCALE
        done += 1
        if past(deadline):
            break
    return {a: t / done for a, t in totals.items()}, done


# ---------------------------------------------------------------------- ISMCTS


class _Node:
    __slots__ = ("children", "n", "w", "g", "avail", "mover")

    def __init__(self, mover: int) -> None:
        self.children: dict[int, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.g = 0.0
        self.avail = 0
        self.mover = mover


def _packed_dealer(view: View, rng: random.Random, excluded: list[int]
                   ) -> tuple[Hand, Hand, int, int, int, int] | None:
    """For a two-seat game the kernel plays: a hand to deal worlds into and the arguments of
    its ``redeal`` (a packed world of ``view``, the other seat as the packed hand numbers it,
    the cards it is known to hold, those it may hold, the cards ``view``'s seat cannot see); None
    where the kernel does not."""
    origin = kernel.pack(determinize(view, rng, excluded))
    if origin is None:
        return None
    a, b = view.active
    other = a if view.seat == b else b
    unseen = view.unseen()
    known = view.known[other]
    allowed = unseen & ~excluded[other] if excluded else unseen
    if allowed.bit_count() < view.hand_sizes[other] - known.bit_count():
        allowed = unseen  # contradictory exclusions: dropped, as determinize drops them
    return kernel.Hand(origin.t), origin, int(other == b), known, allowed, unseen


def _multi_dealer(view: View, rng: random.Random, excluded: list[int]
                  ) -> tuple[MultiHand, MultiHand] | tuple[BauernHand, BauernHand] | None:
    """For the games ``engine.kernel_multi`` plays (Four-Hand, Three-Player, North American),
    and Bauernschnapsen on its own kernel: a hand to deal worlds into and the packed world of
    ``view`` it deals them from (``redeal``: the hidden cards again, within the proven
    exclusions), None where no such kernel plays."""
    w = determinize(view, rng, excluded)
    origin: MultiHand | BauernHand | None = kernel_multi.pack(w)
    if origin is None:
        origin = _bauern_pack(w)
        if origin is None:
            return None
    known = list(view.known)
    known[view.seat] = view.hand
    origin.set_deal(view.unseen(), known, list(excluded) if excluded else [0] * len(known))
    if isinstance(origin, MultiHand):
        return MultiHand(), origin
    return BauernHand(), origin


def _bauern_pack(s: State) -> BauernHand | None:
    """A Bauernschnapsen hand on its kernel (from the deal choice on), in the compiled core (in
    pure Python its loops over bits are slower than ``State``'s), else None."""
    return kernel_bauern.pack(s) if _GAME_KERNELS else None


def _pack(s: State) -> Hand | MultiHand | BauernHand | None:
    """``s`` on the kernel that walks its tree (two seats, three or four, or Bauernschnapsen's
    own, from its deal choice on), or None."""
    h = kernel.pack(s)
    if h is not None:
        return h
    hm = kernel_multi.pack(s)
    return hm if hm is not None else _bauern_pack(s)


_SAFETY = 1.5
"""How many times the iterations the rate so far promises ``_decided`` assumes may still come:
measured over 60 Sixty-Six trees at 0.5 s a move, the iterations that came were at most 1.6
times the promise in 99% of the checks (the rate rises as the tree's leaves near the hand's
end), 1.8 in 99.9%."""


ROOT_FLOOR = 0.25
"""The least share of an even split of the visits that each root action is given where the
values are shown (``Ismcts.estimates``, ``master2``'s values; ``Ismcts._search``'s ``floor``):
UCB alone leaves an action it judged poor early with a visit or two, and a mean of two playouts
is no value (a Gang's sound lead was shown as a sure loss, -9.00, on two lost playouts)."""


def _lagging(root: _Node, keys: int) -> bool:
    """Whether one of the ``keys`` root actions (distinct ``action_key``s) is untried, or some
    child of ``root`` has fewer than ``ROOT_FLOOR`` of an even share of the visits of all."""
    if len(root.children) < keys:
        return True
    total = 0
    least = -1
    for ch in root.children.values():
        total += ch.n
        if least < 0 or ch.n < least:
            least = ch.n
    return least >= 0 and least * len(root.children) < ROOT_FLOOR * total


def _decided(root: _Node, left: float) -> bool:
    """Whether the most visited child of ``root`` leads the next by more than ``left`` visits."""
    first = second = 0
    for ch in root.children.values():
        n = ch.n
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > left


def _backup(path: list[_Node], result: list[float], rewards: list[float]) -> None:
    """Count an iteration's outcome into the nodes of its path below the root, each from the
    side of the seat that moved into it."""
    for i in range(1, len(path)):
        nd = path[i]
        nd.n += 1
        nd.w += rewards[nd.mover]
        nd.g += result[nd.mover]


def _select(node: _Node, acts: list[int], c: float, even: bool, double_pack: bool,
            rng: Rng) -> tuple[int, _Node | None]:
    """The action to take at ``node``: an untried one at random (and None: the caller adds its
    node), else the best by UCB over the tried ones, each counted available once more (``even``:
    the least visited, so that every root action is as well estimated)."""
    keys: set[int] | None = set() if double_pack else None  # the pack's copies already weighed
    untried = []
    best_child = None
    best_a = -1
    best_score = -1e18
    for a in acts:
        if a == KNOCK:
            continue  # cut's equal (action_key), offered only beside it: one choice
        k = a
        if keys is not None:
            k = action_key(a, True)
            if k in keys:
                continue  # the other copy of a card already weighed
            keys.add(k)
        ch = node.children.get(k)
        if ch is None:
            untried.append(a)
            continue
        ch.avail += 1
        score = -float(ch.n) if even else ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
        if score > best_score:
            best_score, best_child, best_a = score, ch, a
    if untried:
        return rng.choice(untried), None
    assert best_child is not None
    return best_a, best_child


def _walk_hand(root: _Node, h: Hand, c: float, rng: KernelRandom) -> list[_Node]:
    """``Ismcts._descend`` on a world in the kernel's two-seat packed hand, UCB at every node
    (no ``even_root``): typed, so that compiled each step of the walk is a C call."""
    node = root
    path = [root]
    over = PH_OVER  # typed (search.pxd): compiled, the module global is a Python int
    while h.phase != over:
        a, child = _select(node, h.legal_actions(), c, False, False, rng)
        if child is None:
            child = node.children[a] = _Node(h.to_act)
            child.avail = 1
            h.step(a)
            path.append(child)
            break
        h.step(a)
        node = child
        path.append(node)
    return path


def _hand_lead(h: Hand, endgame: bool, net: ValueNet | None, share: float, solver: Solver,
               stock: int, kx: int) -> tuple[float, int]:
    """Seat 0's game points less seat 1's at the end of packed world ``h``, and the kernel
    generator's state after (``kx`` before): a playout by the policy; with ``endgame`` one to
    the stock's end (or ``stock`` cards left) and the solver's value after, and while the stock
    is open the network ``net`` for ``share`` of the value (all of it at 1: no playout)."""
    if not endgame:
        g0, g1, _, kx = kernel.playouts(h, 1, kx, kernel.POLICY)
        return float(g0 - g1), kx
    v = 0.0
    valued = net is not None and h.turnup_up and h.closed_by < 0 and h.phase != PH_OVER
    if valued:
        assert net is not None
        v = net.lead(h)
        if share >= 1.0:
            return v, kx
    lead, kx = kernel.solved_playout(h, kx, kernel.POLICY, solver.search_for(h.t), stock)
    return (share * v + (1.0 - share) * lead if valued else float(lead)), kx


class _HandWalk:
    """What the iterations of one search on a kernel's two-seat packed hand share, where every
    node is chosen by UCB (``Ismcts._search`` but with ``even_root``): ``iterate`` is one
    iteration, typed end to end (compiled, every step of it a C call)."""

    def __init__(self, c: float, rng: KernelRandom, endgame: bool, net: ValueNet | None,
                 share: float, solver: Solver, stock: int, scale: float,
                 for_match: Callable[[int, float], float] | None) -> None:
        self.c, self.rng, self.endgame, self.net, self.share = c, rng, endgame, net, share
        self.solver, self.stock, self.scale, self.for_match = solver, stock, scale, for_match

    def iterate(self, root: _Node, h: Hand, kx: int, origin: Hand | None = None, other: int = 0,
                known: int = 0, allowed: int = 0, unseen: int = 0) -> int:
        """One iteration from ``root``: world ``h`` (dealt anew from ``origin`` by ``redeal``
        with the other arguments, where given) walked down the tree (``_walk_hand``), valued
        (``_hand_lead``) and counted into the nodes of its path (``_backup``); the kernel
        generator's state after (``kx`` before)."""
        if origin is not None:
            h.rng = kx
            h.redeal(origin, other, known, allowed, unseen)
            kx = h.rng
        path = _walk_hand(root, h, self.c, self.rng)
        lead, kx = _hand_lead(h, self.endgame, self.net, self.share, self.solver, self.stock, kx)
        if self.for_match is None:
            r0, r1 = _reward(lead, self.scale), _reward(-lead, self.scale)
        else:
            r0, r1 = self.for_match(0, lead), self.for_match(1, -lead)
        for i in range(1, len(path)):
            nd = path[i]
            nd.n += 1
            if nd.mover == 0:
                nd.w += r0
                nd.g += lead
            else:
                nd.w += r1
                nd.g += -lead
        return kx


@dataclass
class Ismcts:
    """Single-observer ISMCTS. ``seconds`` or ``iterations`` bound a move (``iterations`` wins when
    both are given); ``c`` is the exploration constant; ``endgame`` values a playout by the exact
    solver once its world's stock is gone (two-sided games); ``exact`` plays the solver's move at
    the root when the position is open; ``workers`` > 1 grows that many trees in parallel
    processes, each on its own determinizations, and adds up their root statistics (root
    parallelism: the pool starts on the first move and is kept)."""

    seconds: float | None = 0.2
    iterations: int | None = None
    c: float = 0.7
    endgame: bool = False
    stock: int = 0
    """With ``endgame``, solve a playout's world already once its stock is down to this many
    cards (the turn-up counted), its order as the world dealt it."""
    net: float = 0.0
    """With ``endgame``, the share of the learned value (``value_net``) in the value of a world
    reached while its stock is open, the rest the playout's: 1 values it by the network alone.
    Only where the package has a network for the game (``value_net.net_for``: Sixty-Six under
    its default rules of play) and on the kernel's packed hand; elsewhere the playouts alone."""
    exact: bool = True
    worlds: int = 30
    workers: int = 1
    match: bool = False
    """Value a hand by the chance of winning the match it leaves (``match_equity``) where the
    game has a model of it, instead of by its game points alone."""
    particles: int = 0
    """Where above 0, draw the worlds from that many whole deals weighted by how likely the
    opponent's play was with each (``particles.PolicySampler``; two seats drawing from a
    stock), instead of uniformly within the proven exclusions."""
    cards: int | None = None
    """With ``endgame``, solve a Terts or Gaigel playout once this many cards are left in the
    hands (its kernel's solver), the policy playing it until then; by default what the game's
    fast path declares (``FastPath.solve_from``: Gaigel 12, Terts 0, not solved before the last
    12 cards reach the tree)."""
    even_root: bool = False
    """Visit every root action equally instead of by UCB (analysis: the root values are then
    equally well estimated and can be compared; play keeps UCB)."""
    name: str = "ismcts"
    solver: Solver = field(default_factory=Solver, repr=False)
    sample: Callable[[random.Random], State] | None = field(default=None, repr=False)
    """Where set, draws the determinizations of one tree (``inference.Sampler``: weighted
    worlds) instead of uniform sampling within the proven exclusions."""
    kernel: bool = True
    """Play the playouts of the games it covers in ``engine.kernel`` (the same policy, on
    machine ints; its own random numbers, drawn from a seed the search's ``rng`` gives)."""
    packed: bool = True
    """Walk the tree on the kernel's packed hand where the kernel plays the game: the same
    actions in the same order as through ``State``, so the same tree, faster (False: through
    ``State``, the reference the tests compare with)."""
    _kx: int = field(default=1, init=False, repr=False)
    """The kernel's generator state, seeded at each search."""
    _net: ValueNet | None = field(default=None, init=False, repr=False)
    """The network that values this search's phase-1 worlds (``net``), where it fits."""

    def __post_init__(self) -> None:
        _check_fields(self, "ismcts", ISMCTS_PARAMS)

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        return best_action(self._values(view, rng, limit, decisive=True))

    def action_values(self, view: View, rng: random.Random,
                      limit: Limit | None = None) -> dict[int, float]:
        """A score for each legal action of the view's seat, the best highest: the mean game
        points over solved worlds where the position is open or closed, else the visit count of
        the search (the robust child), with the mean game points as a tie break. ``estimates``
        gives the values themselves."""
        return self._values(view, rng, limit, decisive=False)

    def _values(self, view: View, rng: random.Random, limit: Limit | None, decisive: bool
                ) -> dict[int, float]:
        """``action_values``; ``decisive``: only the best matters (``choose``), so a search
        against the clock may stop once no other action can catch up (``_search``)."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not to act")
        seconds: float | None = self.seconds
        iterations = self.iterations
        if limit is not None:
            seconds, iterations = limit.seconds, limit.iterations
        if len(view.legal) == 1:
            return {view.legal[0]: 0.0}
        deadline = None if iterations is not None or seconds is None else \
            time.perf_counter() + seconds
        bids = _bid_values(view, rng, deadline, iterations)
        if bids is not None:
            return bids
        excluded = exclusions(view)
        sample = self.sample or self._particles(view, rng, deadline)  # this tree's worlds
        if self.exact and _closed_open(view):
            self.solver.clear()
            return solved_values(view, rng, self.solver, deadline,
                                 self.worlds if iterations is None else max(1, iterations // 20),
                                 excluded, sample)[0]
        rules = view.rules or view.game.rules
        if rules.meld_phase or rules.combinations:
            ruled = meld_game_actions(determinize(view, rng, excluded), list(view.legal))
            if len(ruled) == 1:
                return {a: float(a == ruled[0]) for a in view.legal}
        stats = self._root_stats(view, rng, deadline, iterations or 10**9, excluded, decisive,
                                 sample)
        double_pack = rules.pack >> 32 != 0
        out = {}
        for a in view.legal:
            n, g = stats.get(action_key(a, double_pack), (0, 0.0))
            # Rank by visits (robust child); the mean game points break ties and inform hints.
            out[a] = (n + (g / n) * 1e-3) if n else -1e9
        return out

    def estimates(self, view: View, rng: random.Random, limit: Limit | None = None
                  ) -> dict[int, tuple[float, int]]:
        """Mean game points and visit count of each legal action (for hints and analysis)."""
        if self.exact and _closed_open(view) or len(view.legal) == 1:
            vals = self.action_values(view, rng, limit)
            return {a: (v, 0) for a, v in vals.items()}
        seconds, iterations = self.seconds, self.iterations
        if limit is not None:
            seconds, iterations = limit.seconds, limit.iterations
        deadline = None if iterations is not None or seconds is None else \
            time.perf_counter() + seconds
        bids = _bid_values(view, rng, deadline, iterations)
        if bids is not None:
            return {a: (v, 0) for a, v in bids.items()}
        stats = self._root_stats(view, rng, deadline, iterations or 10**9, exclusions(view),
                                 sample=self._particles(view, rng, deadline), floor=True)
        double_pack = (view.rules or view.game.rules).pack >> 32 != 0
        out = {}
        for a in view.legal:
            n, g = stats.get(action_key(a, double_pack), (0, 0.0))
            out[a] = (g / n, n) if n else (float("-inf"), 0)
        return out

    def _particles(self, view: View, rng: random.Random, deadline: float | None
                   ) -> Callable[[random.Random], State] | None:
        """With ``particles``, the worlds of this decision: whole deals weighted by the
        opponent's play, built in at most half the time left (None: uniform worlds)."""
        if not self.particles or self.sample is not None or self.workers > 1 or exact_view(view):
            return None
        from .particles import PolicySampler  # it builds on this module
        return PolicySampler(view, rng, self.particles, deadline=None if deadline is None
                             else time.perf_counter() + (deadline - time.perf_counter()) / 2)

    def _root_stats(self, view: View, rng: random.Random, deadline: float | None,
                    iterations: int, excluded: list[int], decisive: bool = False,
                    sample: Callable[[random.Random], State] | None = None, floor: bool = False
                    ) -> dict[int, tuple[int, float]]:
        """Visits and summed game points of each root action: from one tree, or from
        ``workers`` trees grown in parallel processes and added up (root parallelism; these
        always run to the clock: one tree's lead says nothing about the sum). ``floor``: every
        root action gets ``ROOT_FLOOR`` of an even share of one tree's iterations."""
        k = self.workers
        if k <= 1:
            root = self._search(view, rng, deadline, iterations, excluded, decisive,
                                sample=sample, floor=floor)
            return {a: (ch.n, ch.g) for a, ch in root.children.items()}
        seconds = None if deadline is None else max(0.0, deadline - time.perf_counter())
        pool = _pool(k)
        jobs = [pool.submit(_grow, self.c, self.endgame, self.match, view, rng.randrange(2**63), seconds,
                            iterations // k + (i < iterations % k), excluded, self.stock,
                            self.cards, self.net)
                for i in range(k)]
        total: dict[int, tuple[int, float]] = {}
        for job in jobs:  # in a fixed order, so that the sums do not depend on timing
            for a, (n, g) in job.result().items():
                n0, g0 = total.get(a, (0, 0.0))
                total[a] = (n0 + n, g0 + g)
        return total

    def _search(self, view: View, rng: random.Random, deadline: float | None, iterations: int,
                excluded: list[int], decisive: bool = False, root: _Node | None = None,
                sample: Callable[[random.Random], State] | None = None,
                floor: bool = False) -> _Node:
        """Grow a tree until ``iterations`` or ``deadline``. ``decisive`` (a deadline, and only
        the most visited root action matters): stop as soon as the second most visited could not
        catch up with the first even if every iteration left before the deadline went to it
        (``_SAFETY`` times as many as the rate so far promises). The move is the one the
        deadline would have found; the time left is saved. ``root``: a tree to grow on;
        ``sample``: this search's worlds (else ``self.sample``'s); ``floor``: once the budget is
        spent, iterations go on into the least visited root action while one has fewer than
        ``ROOT_FLOOR`` of an even share of the visits, so that each one's mean is measured (values
        to show, not only a move to choose). Those come on top of the budget (at most a quarter
        more) and leave the most visited action as it was: the move is the same."""
        if sample is None:
            sample = self.sample
        if root is None:
            root = _Node(-1)
        start = time.perf_counter()
        self.solver.clear()
        self._kx = kernel.seed_state(rng.getrandbits(64))
        rules = view.rules or view.game.rules
        by_rule = rules.meld_phase or rules.combinations
        double_pack = rules.pack >> 32 != 0
        scale = view.game.value_scale
        for_match = match_reward(view) if self.match else None
        # Worlds of the games the kernel plays are walked down the tree on its packed hand (the
        # same actions in the same order, so the same tree); the others through State. Whether
        # one packs is asked of a world dealt with a generator of its own: dealing it from
        # ``rng`` where none packs (Bauernschnapsen, an auction) would make the tree another
        # than the one grown without the kernels.
        packable = self.kernel and self.packed and not by_rule and not double_pack \
            and _pack(determinize(view, random.Random(0), excluded)) is not None
        # Uniform worlds (no sampler of their own) of those games are dealt on the packed hand
        # itself, from one packed world: no State is built per iteration. So are weighted ones
        # where one seat's cards are hidden: the sampler draws them, the kernel deals the stock.
        weighted: Callable[[random.Random], int] | None = None
        if packable and sample is not None and getattr(sample, "single", None):
            weighted = sample.hidden_cards  # type: ignore[attr-defined]
            excluded = sample.excluded  # type: ignore[attr-defined]
        deal = _packed_dealer(view, rng, excluded) \
            if packable and (sample is None or weighted is not None) else None
        # The worlds of the games that deal every card (Four-Hand, Three-Player, North American)
        # on their own kernel.
        deal_multi = _multi_dealer(view, rng, excluded) \
            if packable and deal is None and sample is None else None
        # Worlds are dealt with ``rng``; the tree's and the playouts' choices take the kernel's
        # generator, a tenth of the cost of ``random.Random.choice`` (a third of a playout's time).
        fast = kernel.KernelRandom(kernel.seed_state(rng.getrandbits(64)))
        self._net = net_for(view.game) if self.net and self.endgame and packable else None
        # A packed Hand's walk by UCB alone, the common case, runs typed end to end.
        walk = None if self.even_root else _HandWalk(self.c, fast, self.endgame, self._net,
                                                     self.net, self.solver, self.stock, scale,
                                                     for_match)
        it = keys = cap = 0
        topping = False  # past the budget, topping the lagging root actions up (``floor``)
        while True:
            if not topping:
                done = it >= iterations
                if not done and it & 15 == 0 and it:
                    now = clock()  # lets other threads run, with an iteration limit too
                    done = deadline is not None and (
                        now > deadline or decisive and it & 127 == 0
                        and _decided(root, _SAFETY * it * (deadline - now) / (now - start)))
                if done:
                    if not floor:
                        break
                    topping = True
                    keys = len({action_key(a, double_pack) for a in view.legal})
                    cap = 2 * it + 4 * keys  # (a bound: each topping iteration fills one gap)
            if topping and (not _lagging(root, keys) or it > cap):
                break
            it += 1
            h: Hand | MultiHand | BauernHand | None = None
            if deal_multi is not None:
                h, origin_multi = deal_multi
                h.rng = self._kx
                h.redeal(origin_multi)  # type: ignore[arg-type]  # a pair of one kind
                self._kx = h.rng
            elif deal is not None:
                h, origin, other, known, allowed, unseen = deal
                drawn = weighted(rng) if weighted is not None else 0
                if drawn:  # the hidden hand drawn: nothing left to pick, the rest is the stock
                    known, allowed, unseen = known | drawn, 0, unseen & ~drawn
                if walk is not None and not topping:
                    self._kx = walk.iterate(root, h, self._kx, origin, other, known, allowed,
                                            unseen)
                    continue
                h.rng = self._kx
                h.redeal(origin, other, known, allowed, unseen)
                self._kx = h.rng
            else:
                s = sample(rng) if sample is not None else \
                    determinize(view, rng, excluded)
                h = _pack(s) if packable else None
            if walk is not None and not topping and type(h) is Hand:
                self._kx = walk.iterate(root, h, self._kx)
                continue
            if h is not None:
                path = self._descend(root, h, fast, False, False, topping)
                result = self._packed_result(h, fast)
                rewards = _rewards(result, scale, for_match)
            else:
                path = self._descend(root, s, fast, by_rule, double_pack, topping)
                result, points = self._finish(s, fast)
                rewards = race_rewards(s, result, scale, points) if points is not None else \
                    _rewards(result, scale, for_match)
            _backup(path, result, rewards)
        return root

    def _descend(self, root: _Node, s: State | Hand | MultiHand | BauernHand, rng: Rng, by_rule: bool,
                 double_pack: bool, least: bool = False) -> list[_Node]:
        """Walk world ``s`` (a state, or the kernel's packed hand: the same actions in the same
        order) down the tree by UCB to a new leaf (or the hand's end): the path. At the root the
        least visited action is taken instead (``_select``'s ``even``) with ``even_root`` or
        ``least``."""
        node = root
        path = [root]
        even = self.even_root or least
        while not s.over:
            acts = s.legal_actions()
            if by_rule and not (node is root and even):
                # (At a root whose values are shown, every legal action is searched: the ones
                # the rules settle too, else they would have no value at all.)
                assert isinstance(s, State)
                acts = meld_game_actions(s, acts)
            a, child = _select(node, acts, self.c, node is root and even, double_pack, rng)
            if child is None:
                child = node.children[action_key(a, double_pack)] = _Node(s.to_act)
                child.avail = 1
                s.step(a)
                path.append(child)
                break
            s.step(a)
            node = child
            path.append(node)
        return path

    def _packed_result(self, h: Hand | MultiHand | BauernHand, rng: Rng) -> list[float]:
        """Per seat of packed world ``h``, the game-point lead at its end: ``_packed_lead`` for
        the two seats of a ``Hand``; a ``MultiHand`` or ``BauernHand`` played out in place, then
        ``outcome``. With ``endgame``, two sides' hands are solved instead from ``SOLVE_CARDS``
        cards, as ``_finish`` solves a state. A ``BauernHand``'s playout draws ``rng``'s
        numbers, as ``_finish`` plays out its state."""
        if isinstance(h, BauernHand):
            if self.endgame and not h.over and h.cards_left() <= SOLVE_CARDS:
                return h.spread(h.solve(SCALE, self.solver.margin) / SCALE, h.to_act & 1)
            assert isinstance(rng, KernelRandom)  # the searches' own generator
            _, rng.state = kernel_bauern.playout(h, rng.state, kernel.POLICY)
            return h.leads()
        if isinstance(h, MultiHand):
            if self.endgame and h.seats != 3 and not h.over and h.cards_left() <= SOLVE_CARDS:
                v = h.solve(SCALE, self.solver.margin) / SCALE
                side = h.to_act & 1
                return [v if p & 1 == side else -v for p in range(h.seats)]
            _, self._kx = kernel_multi.playout(h, self._kx, kernel.POLICY)
            return h.leads()
        lead = self._packed_lead(h)
        return [lead, -lead]

    def _packed_lead(self, h: Hand) -> float:
        """Seat 0's game points less seat 1's at the end of packed world ``h``: a playout, or
        with ``endgame`` a playout while the stock is open and the solver's value after
        (``_hand_lead``)."""
        lead, self._kx = _hand_lead(h, self.endgame, self._net, self.net, self.solver,
                                    self.stock, self._kx)
        return lead

    def _solved_own(self, s: State, rng: Rng) -> tuple[list[float], list[int] | None] | None:
        """A Terts or Gaigel world played on by the policy until ``cards`` cards are left in
        the hands (the game's ``FastPath.solve_from`` by default), then solved on its kernel (``solve``): each
        seat's lead, and in Terts the hand scores at the end of the solved line
        (``race_rewards`` needs them); None where no such kernel plays ``s`` (another game, or
        rule options it does not cover) or ``cards`` is 0. The policy's steps run on the
        kernel where ``_game_playout`` would, else through ``State``: the same numbers drawn,
        the same world solved."""
        fp = s.game.fast_path
        if fp is None:
            return None
        cards = self.cards if self.cards is not None else fp.solve_from
        own = _OWN_SOLVERS.get(fp.kernel)
        h = own.pack(s) if own is not None and cards else None
        if own is None or h is None:
            return None
        if self.kernel and _GAME_KERNELS and isinstance(rng, kernel.KernelRandom):
            rng.state = own.play_to(h, rng.state, cards)
        else:
            while not s.over and sum(c.bit_count() for c in s.hands) > cards:
                s.step(policy_action(s, s.legal_actions(), rng))
            h = own.pack(s)
            assert h is not None  # the same rules, a later position
        terts = own is kernel_terts
        if h.over:
            return h.leads(), [h.game_points(0), h.game_points(1)] if terts else None
        v = h.solve(SCALE, self.solver.margin) / SCALE
        side = h.to_act & 1
        leads = [v if p & 1 == side else -v for p in range(s.n)]
        return leads, [h.fin0, h.fin1] if terts else None

    def _finish(self, s: State, rng: Rng) -> tuple[list[float], Sequence[int] | None]:
        """Per-seat game-point leads at the end of this world: playout, or exact once solvable;
        and the hand's game points where it was played to its end (``race_rewards`` needs
        them), else None."""
        h = kernel.pack(s) if self.kernel else None
        if h is not None:  # two seats: each seat's lead is its game points less the other's
            lead = self._packed_lead(h)
            out = [0.0] * s.n
            a, b = s.active
            out[a], out[b] = lead, -lead
            return out, None
        hm = kernel_multi.pack(s) if self.kernel else None
        if hm is not None:  # Four-Hand, Three-Player: every seat's lead
            return self._packed_result(hm, rng), None
        # Gaigel, Terts and Bauernschnapsen play out on their kernels with the numbers the
        # State path would draw: the same tree either way. (Short of the last tricks no stock
        # step below makes the hand solvable, so the playout is the whole of what that path does.)
        if self.endgame:
            solved = self._solved_own(s, rng)
            if solved is not None:
                return solved
        if self.kernel and _GAME_KERNELS and isinstance(rng, kernel.KernelRandom) and not (
                self.endgame and is_solvable(s) and _live_cards(s) <= SOLVE_CARDS):
            played = _game_playout(s, rng)
            if played is not None:
                return played
        if self.endgame:
            while not s.over and s.stock_open and s.facedown + 1 > self.stock:
                s.step(policy_action(s, s.legal_actions(), rng))
            if not s.over and is_solvable(s) and _live_cards(s) <= SOLVE_CARDS:
                v = self.solver.value(s) / SCALE
                side = s.rules.sides[s.to_act]
                out = [0.0] * s.n
                for p in s.active:
                    out[p] = v if s.rules.sides[p] == side else -v
                return out, None
        playout(s, rng)
        return outcome(s), s.game_points()


def _bid_values(view: View, rng: random.Random, deadline: float | None,
                iterations: int | None) -> dict[int, float] | None:
    """The values of a bid or doubling decision (``bidding.bid_values``: the rest of the hand
    played out from each seat's view, which the tree's passing playouts cannot judge), None for
    any other decision. ``iterations`` buys a twentieth as many worlds; without either limit,
    40."""
    from .bidding import bid_values, is_bidding  # bidding imports this module
    if not is_bidding(view):
        return None
    worlds = 40 if deadline is None else 10**9  # the deadline ends it
    if iterations is not None:
        worlds = max(1, iterations // 20)
    values = bid_values(view, rng, deadline, worlds)
    if PASS in values:  # on a tie, pass: a bid or a double must earn its risk
        values[PASS] += 1e-9
    return values


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, started on first use and kept for later moves. Forked
    where the system can (a spawned worker would re-run a caller's script without a main guard)."""
    pool = _POOLS.get(workers)
    if pool is None:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        pool = _POOLS[workers] = ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context(method))
    return pool


def _grow(c: float, endgame: bool, match: bool, view: View, seed: int, seconds: float | None,
          iterations: int, excluded: list[int], stock: int = 0, cards: int | None = None,
          net: float = 0.0) -> dict[int, tuple[int, float]]:
    """One worker's tree for root parallelism: visits and summed game points per root action."""
    bot = Ismcts(seconds=None, c=c, endgame=endgame, match=match, stock=stock, cards=cards,
                 net=net)
    deadline = None if seconds is None else time.perf_counter() + seconds
    root = bot._search(view, random.Random(seed), deadline, iterations, excluded)
    return {a: (ch.n, ch.g) for a, ch in root.children.items()}


# ---------------------------------------------------------------------- PIMC


@dataclass
class Pimc:
    """Perfect Information Monte Carlo over ``worlds`` determinizations (or ``seconds``).

    Each world is solved exactly when two sides play and at most ``solve_facedown`` face-down cards
    are left (or the stock is closed); otherwise each action is valued by ``playouts`` playouts.
    """

    worlds: int = 20
    seconds: float | None = None
    playouts: int = 8
    solve_facedown: int = 2
    name: str = "pimc"
    solver: Solver = field(default_factory=Solver, repr=False)
    kernel: bool = True
    """Play the playouts of the games a kernel plays on it (the same policy and random numbers
    as through ``State``: the same values, faster)."""

    def __post_init__(self) -> None:
        _check_fields(self, "pimc", PIMC_PARAMS)

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        return best_action(self.action_values(view, rng, limit))

    def action_values(self, view: View, rng: random.Random,
                      limit: Limit | None = None) -> dict[int, float]:
        """Average game-point value of each legal action over the sampled worlds."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not to act")
        worlds, seconds = self.worlds, self.seconds
        if limit is not None:
            worlds = limit.iterations or worlds
            seconds = limit.seconds
        deadline = None if seconds is None else time.perf_counter() + seconds
        if len(view.legal) == 1:
            return {view.legal[0]: 0.0}
        excluded = exclusions(view)
        self.solver.clear()
        two = len(view.active) == 2 and len({view.game.rules.sides[p] for p in view.active}) == 2 \
            and sum(view.hand_sizes) <= SOLVE_CARDS
        if _closed_open(view) or two and (view.facedown <= self.solve_facedown
                                          and view.hand.bit_count() <= EXACT_MAX_CARDS):
            return solved_values(view, rng, self.solver, deadline, worlds, excluded)[0]
        # Equivalent actions (``action_key``: cut and knock) are one choice, played out once.
        keys = {a: action_key(a, False) for a in view.legal}
        tried = [a for a in view.legal if keys[a] == a or keys[a] not in keys]
        totals = {a: 0.0 for a in tried}
        done = 0
        fast = kernel.KernelRandom(kernel.seed_state(rng.getrandbits(64)))  # see Ismcts._search
        for _ in range(worlds):
            world = determinize(view, rng, excluded)
            for a in tried:
                for _ in range(self.playouts):
                    s = world.copy()
                    s.step(a)
                    totals[a] += self._playout(s, fast, view.seat)
            done += 1
            if past(deadline):
                break
        return {a: totals[a if a in totals else keys[a]] / (done * self.playouts)
                for a in view.legal}

    def _playout(self, s: State, rng: KernelRandom, seat: int) -> float:
        """``seat``'s game-point lead at the end of a policy playout of ``s`` (``outcome``), on
        the kernel that plays the game where there is one, drawing ``rng``'s numbers."""
        h = _pack(s) if self.kernel else None
        if isinstance(h, MultiHand):
            _, rng.state = kernel_multi.playout(h, rng.state, kernel.POLICY)
            return h.leads()[seat]
        if isinstance(h, Hand):
            g0, g1, _, rng.state = kernel.playouts(h, 1, rng.state, kernel.POLICY)
            return float(g0 - g1 if seat == s.active[0] else g1 - g0)
        played = _game_playout(s, rng) if self.kernel and _GAME_KERNELS else None
        if played is not None:
            return played[0][seat]
        playout(s, rng)
        return outcome(s)[seat]


ISMCTS_PARAMS = (
    SECONDS,
    ITERATIONS,
    Param("c", float, 0, 100, "exploration constant"),
    Param("endgame", bool, help="value playouts exactly once the stock is gone"),
    Param("match", bool, help="value a hand by the chance of winning the match it leaves"),
    Param("stock", int, 0, 32, "with endgame, solve from this many stock cards left"),
    Param("net", float, 0, 1, "with endgame, the learned value's share in a phase-1 world's "
          "value (Sixty-Six)"),
    Param("exact", bool, help="play the solver's move when the position is open"),
    Param("worlds", int, 1, 100_000, "worlds solved when the position is open"),
    Param("workers", int, 1, 256, "processes growing trees in parallel"),
    Param("particles", int, 0, 20_000, "worlds weighted by the opponent's play (0: off)"),
    Param("cards", int, 0, 12, "with endgame, solve Terts and Gaigel playouts from this many cards"),
)
"""ISMCTS's parameters and their ranges (a server applies its own, lower maxima on top)."""
PIMC_PARAMS = (
    Param("worlds", int, 1, 100_000, "determinizations per move"),
    SECONDS,
    Param("playouts", int, 1, 10_000, "playouts per action and world"),
    Param("solve_facedown", int, 0, 32, "solve worlds exactly from this many face-down cards"),
)
"""PIMC's parameters and their ranges."""


def _check_fields(bot: Any, name: str, params: tuple[Param, ...]) -> None:
    # Built directly from Python, a bot is held to the same ranges as from its text form.
    for p in params:
        value = getattr(bot, p.name)
        if value is not None:
            setattr(bot, p.name, p.check(name, value))


register("ismcts", "information-set MCTS", ISMCTS_PARAMS)(Ismcts)
register("pimc", "determinize and solve or sample each world", PIMC_PARAMS)(Pimc)


def best_action(values: dict[int, float]) -> int:
    """The action of highest value; ties go to the lowest action id, so choices are reproducible."""
    best = max(values.values())
    return min(a for a, v in values.items() if v == best)
