"""Worlds weighted by the opponent's play: a particle filter over whole deals.

``inference.Sampler`` weighs one card at a time; what a player did says more than that, because
each of its moves was chosen from the whole hand it held *then*. Here a world is a whole deal of
the hand so far — both first hands and every card drawn, in the order drawn — that explains the
public history, and it is weighted by how likely a model of the opponent would have made each of
the opponent's moves with the hand that world gives it at that moment.

The model is a conditional logit: each legal action scores ``WEIGHTS`` times its ``features``
(the card's value and suit, whether it breaks a marriage or leads a ten from ace-ten, whether it
takes the trick and with what, a marriage, the exchange, a close), the probability of a move is
its softmax over the legal actions, mixed with a move at random (chance ``EPS``) so that no
move is ruled out. The weights are fitted by maximum likelihood to the moves of ``strong``
(``benchmarks/opponent_model.py``). Worlds are proposed by dealing the opponent's hidden cards
uniformly within the proven exclusions and placing each seat's draws at random among the cards
that could have come then, and weighted by the likelihood times how many placements each draw
had (importance sampling: before the play is looked at, every deal that explains the history is
as likely as any other). ``hidden_cards`` then draws the opponent's hand from the weighted
worlds, the stock anew each time.

For two seats whose hands fill from a stock (Sixty-Six, Schnapsen and their options); elsewhere,
or where no proposed world explains the history, ``PolicySampler`` falls back to uniform worlds
within the proven exclusions (``inference.Sampler`` without soft evidence).

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=3)
>>> state.apply(state.legal_actions()[0])
>>> view = state.view(1)
>>> sampler = PolicySampler(view, random.Random(1), particles=50)
>>> world = sampler(random.Random(2))
>>> world.hands[1] == state.hands[1] and world.view(1) == view
True
"""

from __future__ import annotations

import bisect
import math
import random

from ..cards import cards_of
from ..engine.actions import CLOSE, DECLARE, DRAW, EXCHANGE, is_marriage, is_play, named_card
from ..engine.legal import trick_winner
from ..engine.state import PH_PLAY, Deal, State
from ..engine.view import View
from .base import past
from .inference import Sampler, keep_cost
from .worlds import exclusions

__all__ = ["PolicySampler", "timeline", "EPS"]

EPS = 0.05
"""How often the opponent is taken to choose at random instead of as the model says."""

PLAY, SHOW, SWAP, DRAWN, TAKE = range(5)
"""Kinds of event: a card played, a marriage partner shown, the trump exchange, a card drawn
face down, the turn-up taken by the last drawer."""

Event = tuple[int, int, int]  # kind, seat, card (-1 where the event names none)


N_FEATURES = 34


def features(s: State, legal: list[int]) -> list[list[float]]:
    """What the opponent model sees of each legal action of the seat to act in ``s``: the card's
    value and suit, what it keeps or breaks in the hand (a marriage, ace-ten, a suit's length, a
    singleton), whether it is the suit's best card still out, the cheapest card or the cheapest
    that takes the trick, whether it takes the trick and with what, and what other kind of
    action it is (a marriage, the exchange, a close, a claim, a draw)."""
    hand = s.hands[s.to_act]
    trump = s.trump
    values = s.values
    trick = s.trick
    lead = trick[0] if trick else -1
    stake = values[lead] / 11 if trick else 0.0
    open_ = s.turnup_up and s.closed_by < 0
    gone = hand
    for w in s.won:
        gone |= w
    for c in trick:
        gone |= 1 << c
    out_there = s.rules.pack & ~gone  # cards neither in this hand nor played: the others'
    held = list(cards_of(hand))
    trumps = sum(1 for x in held if x >> 3 == trump) / 6
    plays = [a for a in legal if is_play(a)]
    winners = [a for a in plays if lead >= 0 and trick_winner([lead, a], trump, s.beats) == 1]
    cheapest = min(plays, key=lambda c: (keep_cost(c, trump, values), c)) if plays else -1
    cheapest_win = min(winners, key=lambda c: (keep_cost(c, trump, values), c)) if winners else -1
    out = []
    for a in legal:
        f = [0.0] * N_FEATURES
        if is_play(a) or is_marriage(a):
            c = named_card(a)  # a play's or a marriage's
            suit, rank = c >> 3, c & 7
            v = values[c] / 11
            is_trump = float(suit == trump)
            same = [x for x in held if x >> 3 == suit]
            f[0] = 1.0
            f[1] = v
            f[2] = is_trump
            f[3] = float(rank in (2, 3) and hand >> (c ^ 1) & 1 and is_play(a))
            f[4] = len(same) / 6
            f[5] = float(any(values[x] > values[c] for x in same))
            if is_marriage(a):
                f[6] = 1.0
                f[7] = is_trump
            elif lead < 0:
                best = not any(x >> 3 == suit and values[x] > values[c] for x in cards_of(out_there))
                f[8] = v
                f[9] = is_trump
                f[10] = float(rank == 1 and hand >> (suit << 3) & 1)
                f[24] = float(best)
                f[25] = float(best) * v
                f[26] = float(len(same) == 1)
                f[27] = float(all(values[x] >= values[c] for x in same))
                f[28] = is_trump * trumps
                f[29] = float(c == cheapest)
            else:
                wins = c in winners
                f[11] = float(wins)
                f[12] = float(wins) * stake
                f[13] = float(wins) * is_trump
                f[14] = v
                f[15] = float(suit == lead >> 3)
                f[16] = is_trump * float(lead >> 3 != trump)
                f[17] = stake * v
                f[30] = float(c == cheapest)
                f[31] = float(c == cheapest_win)
                f[32] = float(wins and suit == trump and any(x >> 3 == lead >> 3 for x in winners))
                f[33] = float(c == cheapest and not winners)
            if not open_:
                f[18] = v
                f[19] = f[11]
        elif a == EXCHANGE:
            f[20] = 1.0
        elif a == CLOSE:
            f[21] = 1.0
        elif a == DECLARE:
            f[22] = 1.0
        elif a == DRAW:
            f[23] = 1.0
        out.append(f)
    return out


WEIGHTS: tuple[float, ...] = (
    -1.0, -1.56, -1.45, -1.55, 0.28, -0.06, 3.3, 1.88, -0.55, 2.55, -0.6, 5.51, 2.53, 0.61, 0.66,
    0.2, -2.06, -1.39, 1.82, -2.0, 2.38, -1.88, -1.54, 0.57, 1.25, 1.06, -0.22, 0.01, -0.66, 0.38,
    0.8, -1.25, -1.55, 0.3)
"""The opponent model's weight on each of ``features``: fitted by maximum likelihood to 4,313
decisions of ``strong`` in 200 hands of Sixty-Six against itself (benchmarks/opponent_model.py)."""


def log_choice(s: State, legal: list[int], a: int, eps: float = EPS) -> float:
    """Log probability that the seat to act in ``s`` chooses ``a``: the model's softmax over
    ``legal``, mixed with a move at random (chance ``eps``) so that no move is ruled out."""
    zs = [sum(w * x for w, x in zip(WEIGHTS, f, strict=True)) for f in features(s, legal)]
    top = max(zs)
    total = sum(math.exp(z - top) for z in zs)
    p = math.exp(zs[legal.index(a)] - top) / total
    return math.log((1 - eps) * p + eps / len(legal))


def timeline(view: View) -> list[Event] | None:
    """The hand's public events in order, the draws included (who drew when, not what), or None
    where this is not a two-seat hand that fills from a stock (then no world is rebuilt)."""
    r = view.rules or view.game.rules
    if len(view.active) != 2 or r.n_seats != 2 or view.contract is not None or r.pack >> 32 \
            or r.combinations or r.meld_phase or view.trump < 0:
        return None
    hist = view.history
    a0, a1 = view.active
    other = {a0: a1, a1: a0}
    leader = other.get(view.dealer, a0)
    beats = r.beats_table(view.trump)
    stock = r.pack.bit_count() - 2 * r.hand_size - 1
    turnup = True
    closed = False
    events: list[Event] = []
    trick: list[int] = []
    seats: list[int] = []
    pending = -1  # a trick's winner who may still close before the draw

    def draw(winner: int) -> None:
        nonlocal stock, turnup
        for seat in (winner, other[winner]):
            if stock:
                events.append((DRAWN, seat, -1))
                stock -= 1
            elif turnup:
                events.append((TAKE, seat, -1))
                turnup = False

    for i, a in enumerate(hist):
        if a == DRAW:
            if pending < 0:
                return None
            draw(pending)
            pending = -1
            continue
        if a == CLOSE:
            closed = True
            pending = -1
            continue
        if pending >= 0:
            return None  # a play where the draw's choice should have come
        if a == EXCHANGE:
            events.append((SWAP, leader, -1))
            continue
        if not (is_play(a) or is_marriage(a)):
            return None
        seat = leader if not trick else other[seats[-1]]
        card = named_card(a)
        if is_marriage(a):
            events.append((SHOW, seat, card ^ 1))
        events.append((PLAY, seat, card))
        trick.append(card)
        seats.append(seat)
        if len(trick) == 2:
            leader = seats[trick_winner(trick, view.trump, beats)]
            trick, seats = [], []
            if not closed and (stock or turnup):
                nxt = hist[i + 1] if i + 1 < len(hist) else -1
                if r.close_before_draw and (nxt in (DRAW, CLOSE) or
                                            nxt < 0 and view.phase != PH_PLAY):
                    pending = leader
                else:
                    draw(leader)
    return events


def _placements(events: list[Event], seat: int, now: int, first: int, t0: int, low: int,
                rng: random.Random) -> tuple[int, dict[int, int], float] | None:
    """Walk ``seat``'s events back from the hand it holds ``now``: its first hand, the card it
    drew at each draw (event index -> card), chosen at random among those it could have drawn
    then, and the log of how many choices there were; None where the events cannot be explained
    (the hand at the start must be ``first`` cards)."""
    shown_at: dict[int, int] = {}
    for i, (kind, p, c) in enumerate(events):
        if kind == SHOW and p == seat and c not in shown_at:
            shown_at[c] = i
    held = now
    drawn: dict[int, int] = {}
    log_choices = 0.0
    swapped = False
    for i in range(len(events) - 1, -1, -1):
        kind, p, c = events[i]
        if p != seat:
            continue
        if kind == PLAY:
            held |= 1 << c
        elif kind == SHOW:
            if not held >> c & 1:
                return None
        elif kind == SWAP:
            if not held >> t0 & 1 or held >> low & 1:
                return None
            held ^= (1 << t0) | (1 << low)
            swapped = True
        elif kind == TAKE:
            # The turn-up taken is the exchanged trump if the exchange came before (by anyone).
            card = low if any(k == SWAP for k, _, _ in events[:i]) else t0
            if not held >> card & 1:
                return None
            held ^= 1 << card
        elif kind == DRAWN:
            could = [x for x in cards_of(held) if x != t0 and shown_at.get(x, 1 << 30) > i
                     and not (swapped and x == low)]
            if not could:
                return None
            x = could[int(rng.random() * len(could))]
            held ^= 1 << x
            drawn[i] = x
            log_choices += math.log(len(could))
    if held.bit_count() != first:
        return None
    return held, drawn, log_choices


class PolicySampler:
    """Draws worlds for ``view`` from ``particles`` whole deals weighted by the opponent's play
    (see the module's text), or as many as are proposed before ``deadline``. Has ``Sampler``'s
    interface: call it for a ``State``; ``single``, ``excluded`` and ``hidden_cards`` let ISMCTS
    deal only the hidden hand on its packed kernel."""

    def __init__(self, view: View, rng: random.Random, particles: int = 200,
                 eps: float = EPS, deadline: float | None = None) -> None:
        self.view = view
        self.excluded = exclusions(view)
        self.fallback = Sampler(view, soft=False, excluded=self.excluded)
        self.single = self.fallback.single
        self.hands: list[int] = []
        self.cumulative: list[float] = []
        self.effective = 0.0
        events = timeline(view) if self.single is not None else None
        if events is None:
            return
        weights: list[float] = []
        logs: list[float] = []
        for k in range(particles):
            if k & 7 == 7 and past(deadline):
                break  # what the clock allows: fewer worlds, as many as were weighed
            got = self._particle(events, rng, eps)
            if got is not None:
                self.hands.append(got[0])
                logs.append(got[1])
        if not logs:
            return
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        total = 0.0
        for w in weights:
            total += w
            self.cumulative.append(total)
        self.effective = total * total / sum(w * w for w in weights)

    def _particle(self, events: list[Event], rng: random.Random, eps: float
                  ) -> tuple[int, float] | None:
        """One proposed deal: the opponent's hidden cards, and the log of its weight."""
        view = self.view
        assert self.single is not None
        opp = self.single[0]
        me = view.seat
        r = view.rules or view.game.rules
        hidden = self.fallback.hidden_cards(rng)
        if not hidden:
            return None
        low = view.trump * 8 + (r.exchange_rank or 0)
        t0 = view.turnup
        log_pick = 0.0
        if view.exchanged:
            # The first turn-up went to the exchanger's hand: still held (known) or played since.
            who = next(p for k, p, _ in events if k == SWAP)
            held = (view.known[who] | (hidden if who == opp else view.hand)) & ~(1 << low)
            trumps = [c for c in cards_of(held) if c >> 3 == view.trump]
            played = [c for k, p, c in events if k == PLAY and p == who and c >> 3 == view.trump
                      and c != low]
            pick = trumps or played
            if not pick:
                return None
            t0 = pick[int(rng.random() * len(pick))]
            log_pick = math.log(len(pick))
        now = {opp: view.known[opp] | hidden, me: view.hand}
        placed = {p: _placements(events, p, now[p], r.hand_size, t0, low, rng) for p in now}
        mine, theirs = placed[me], placed[opp]
        if mine is None or theirs is None:
            return None
        drawn = {**mine[1], **theirs[1]}
        stock = [drawn[i] for i in sorted(drawn)]
        rest = view.unseen() & ~hidden
        for c in stock:
            rest &= ~(1 << c)
        tail = list(cards_of(rest))
        rng.shuffle(tail)
        full = stock + tail
        n_stock = r.pack.bit_count() - 2 * r.hand_size - 1
        if len(full) != n_stock:
            return None
        hands = [(), ()]  # type: list[tuple[int, ...]]
        hands[me] = tuple(cards_of(mine[0]))
        hands[opp] = tuple(cards_of(theirs[0]))
        s = State.new(view.game, view.dealer, Deal(tuple(hands), t0, tuple(full)),
                      active=view.active, bonus=view.bonus, match_score=view.match_score)
        log_w = theirs[2] + mine[2] + log_pick
        for a in view.history:
            if s.over:
                return None
            legal = s.legal_actions()
            if a not in legal:
                return None
            if s.to_act == opp and len(legal) > 1:
                log_w += log_choice(s, legal, a, eps)
            s.step(a)
        if s.hands[opp] != now[opp] or s.hands[me] != view.hand:
            return None
        return hidden, log_w

    def hidden_cards(self, rng: random.Random) -> int:
        """The opponent's hidden cards in a world drawn by weight (``Sampler.hidden_cards``)."""
        if not self.cumulative:
            return self.fallback.hidden_cards(rng)
        x = rng.random() * self.cumulative[-1]
        return self.hands[bisect.bisect_left(self.cumulative, x)]

    def __call__(self, rng: random.Random) -> State:
        if not self.cumulative:
            return self.fallback(rng)
        hidden = self.hidden_cards(rng)
        rest = list(cards_of(self.view.unseen() & ~hidden))
        rng.shuffle(rest)
        return self.view.state_with(list(cards_of(hidden)) + rest)
