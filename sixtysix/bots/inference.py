"""Weighted worlds: where the hidden cards probably are, from what the play so far says.

Uniform determinization treats every placement of the unseen cards that breaks no rule as equally
likely. Play says more than the rules do. This module keeps the *hard* constraints of
``worlds.exclusions`` and ``View.known`` (proven voids, shown marriage partners, the taken turn-up)
and adds *soft* evidence, each piece a factor on one card being in one seat's hidden hand:

* ``no_marry`` — a seat led a king or queen without marrying when it could have: the partner is
  probably not in its hand;
* ``ten_lead`` — a seat led a plain ten: whether it holds that suit's ace (the fit says the bots
  do lead the ten from ace-ten: the factor is above 1);
* ``lead_cheaper`` — a seat led a plain card: cheaper plain cards are less likely in its hand;
* ``discard_cheaper`` / ``win_cheaper`` — a seat lost (won) a trick with a card: cheaper cards that
  would also have lost (won) it are less likely in its hand;
* ``under`` — a seat let the leader's ace or ten win the trick: it probably holds no card of the
  led suit that beats it, and fewer trumps than otherwise;
* ``no_exchange`` — a seat led while it could have taken the turn-up with the trump nine/jack:
  it probably does not hold that card.

Each factor comes in two strengths: the seat has drawn since (the card may have come later) or not.
The values are learned: ``FACTORS`` holds the ratio of how often the card was actually there to
how often uniform sampling over the hard constraints puts it there, measured over positions of
real play (``benchmarks/inference_fit.py`` fits them and measures the gain).

The model is a product over (seat, card) factors, so for two seats the world distribution is
exactly a conditional Poisson design: ``Sampler`` draws from it exactly, and ``log_likelihood``
normalizes it exactly (elementary symmetric polynomials). With more hidden seats each seat is drawn
in turn from what is left (an approximation that keeps every hard constraint).

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=3)
>>> view = state.view(0)
>>> world = Sampler(view)(random.Random(1))
>>> world.hands[0] == state.hands[0] and world.view(0) == view
True
"""

from __future__ import annotations

import math
import random

from ..cards import cards_of, shuffle
from ..engine.actions import (
    DEFER,
    EXCHANGE,
    is_double_marriage,
    is_marriage,
    is_opening,
    is_play,
    named_card,
)
from ..engine.legal import trick_winner
from ..engine.phases import PH_AUCTION, PH_DEAL_CHOICE
from ..engine.phases.meld import FACE_DOWN
from ..engine.state import PH_TRUMP, State
from ..engine.view import View
from .worlds import exclusions

__all__ = ["FACTORS", "soft_factors", "Sampler", "log_likelihood", "log_uniform", "evidence"]

ACE, TEN, KING, QUEEN = 0, 1, 2, 3

FACTORS: dict[str, tuple[float, float]] = {
    # (seat has not drawn since, seat has drawn since): fitted by benchmarks/inference_fit.py
    # (--train 3000 --seed 1: heuristic and ISMCTS play of Sixty-Six); 1.0 where under 5 cases.
    "no_marry": (0.62, 0.64),
    "ten_lead": (1.27, 1.1),  # the bots lead a ten from ace-ten more often than not: kept as fitted
    "under": (1.0, 0.9),
    "under_trump": (1.0, 0.95),
    "no_exchange": (0.72, 0.87),
    "lead_cheaper": (0.84, 0.92),
    "discard_cheaper": (1.0, 0.88),
    "win_cheaper": (1.0, 0.87),
}
"""Per kind of evidence, the factor on the card being in the seat's hand."""


def evidence(view: View) -> list[tuple[str, int, int, bool]]:
    """The soft evidence in the public history: (kind, seat, card, drawn since) for every card that
    is still unseen by ``view.seat``. Empty where the history cannot be read (openings, auctions
    of other games' shapes): the hard constraints still apply.
    """
    r = view.rules or view.game.rules
    n = r.n_seats
    if view.phase in (PH_TRUMP, PH_DEAL_CHOICE) or view.trump < 0 or PH_AUCTION in r.phases:
        return []
    if view.contract is not None or r.pack >> 32 or r.combinations:
        return []  # contracts, double packs and Terts' ranks: not modelled, hard constraints only
    hist = view.history
    if any(a >= FACE_DOWN for a in hist):
        return []
    order = [(view.dealer + k) % n for k in range(1, n + 1)]
    seq = [p for p in order if p in view.active]
    nxt = {p: seq[(i + 1) % len(seq)] for i, p in enumerate(seq)}
    beats = r.beats_table(view.trump)
    trump = view.trump
    values = r.tables[trump][0]
    leader = seq[0]
    unseen = view.unseen()
    found: list[tuple[str, int, int, int]] = []  # kind, seat, card, draw round when seen
    trick: list[int] = []
    seats: list[int] = []
    won = dict.fromkeys(seq, 0)
    rounds = 0  # draw rounds so far (a completed trick with the stock open)
    sf = view.strict_from
    exchanged_at = -1
    married = False
    for i, a in enumerate(hist):
        if a == EXCHANGE:
            exchanged_at = i
            continue
        if (is_opening(a) or is_double_marriage(a)) and not (i and hist[i - 1] == DEFER):
            return []
        if not (is_play(a) or is_marriage(a)):  # declarations, and the rest of the verbs
            continue
        married = is_marriage(a)
        card = named_card(a)
        seat = leader if not trick else nxt[seats[-1]]
        strict = 0 <= sf <= i
        suit, rank = card >> 3, card & 7
        if seat != view.seat:
            if not trick:
                if not married and r.marriages and rank in (KING, QUEEN) \
                        and (won[seat] or not r.marriage_needs_trick):
                    partner = (suit << 3) | (QUEEN if rank == KING else KING)
                    if unseen >> partner & 1:
                        found.append(("no_marry", seat, partner, rounds))
                if not strict and not married and suit != trump:
                    for x in cards_of(unseen):
                        if x >> 3 != trump and values[x] < values[card]:
                            found.append(("lead_cheaper", seat, x, rounds))
                if not strict and rank == TEN and suit != trump:
                    ace = suit << 3
                    if unseen >> ace & 1:
                        found.append(("ten_lead", seat, ace, rounds))
                if r.exchange_rank is not None and not strict and view.turnup >= 0 \
                        and exchanged_at < 0 and (won[seat] or not r.exchange_needs_trick) \
                        and view.turnup_up and not view.exchanged:
                    low = (trump << 3) | r.exchange_rank
                    if unseen >> low & 1:
                        found.append(("no_exchange", seat, low, rounds))
            elif not strict and len(seq) == 2:
                lead = trick[0]
                wins = trick_winner(trick + [card], trump, beats) == 1
                cost = keep_cost(card, trump, values)
                for x in cards_of(unseen):
                    if keep_cost(x, trump, values) < cost and \
                            (trick_winner([lead, x], trump, beats) == 1) == wins:
                        found.append(("win_cheaper" if wins else "discard_cheaper", seat, x, rounds))
                if values[lead] >= 10 and trick_winner(trick + [card], trump, beats) == 0:
                    for x in cards_of(unseen):
                        if trick_winner([lead, x], trump, beats) == 1:
                            kind = "under_trump" if x >> 3 == trump and lead >> 3 != trump \
                                else "under"
                            found.append((kind, seat, x, rounds))
        trick.append(card)
        seats.append(seat)
        if len(trick) == len(seq):
            leader = seats[trick_winner(trick, trump, beats)]
            won[leader] += 1
            if not strict:
                rounds += 1
            trick, seats = [], []
    if tuple(zip(seats, trick, strict=True)) != view.trick:
        return []
    n_seq = len(seq)
    # An exchange was open to the leader only while enough cards were face down then.
    return [(k, p, c, rounds > at) for k, p, c, at in found
            if k != "no_exchange" or r.exchange_rank is None
            or view.facedown + n_seq * (rounds - at) >= r.exchange_min_facedown]


def keep_cost(card: int, trump: int, values: tuple[int, ...]) -> int:
    """What a card is worth keeping, as the playout policy sees it: its points, trumps dearer."""
    return values[card] + (12 if card >> 3 == trump else 0)


def soft_factors(view: View) -> list[dict[int, float]]:
    """Per seat, the product of the evidence factors on each card (cards absent: factor 1)."""
    out: list[dict[int, float]] = [{} for _ in range(view.game.rules.n_seats)]
    for kind, p, c, drawn in evidence(view):
        f = FACTORS[kind][drawn]
        out[p][c] = out[p].get(c, 1.0) * f
    return out


def _esp_table(w: list[float], k: int) -> list[list[float]]:
    """E[i][j]: the elementary symmetric polynomial of degree j of w[i:], for j <= k."""
    n = len(w)
    e = [[0.0] * (k + 1) for _ in range(n + 1)]
    e[n][0] = 1.0
    for i in range(n - 1, -1, -1):
        nxt, row, wi = e[i + 1], e[i], w[i]
        row[0] = 1.0
        for j in range(1, k + 1):
            row[j] = nxt[j] + wi * nxt[j - 1]
    return e


def _draw(cards: list[int], w: list[float], k: int, table: list[list[float]],
          rng: random.Random) -> list[int]:
    """k of ``cards`` with probability proportional to the product of their weights (exact)."""
    out = []
    j = k
    for i, c in enumerate(cards):
        if j == 0:
            break
        tot = table[i][j]
        if tot <= 0.0:
            break
        if rng.random() * tot < w[i] * table[i + 1][j - 1]:
            out.append(c)
            j -= 1
    return out


class Sampler:
    """Draws full states consistent with ``view`` from the weighted world model (built once per
    decision: the tables are shared by every draw). ``soft=False`` keeps the hard constraints only.
    """

    def __init__(self, view: View, soft: bool = True, excluded: list[int] | None = None) -> None:
        self.view = view
        self.plain = view.phase in (PH_TRUMP, PH_DEAL_CHOICE)
        if self.plain:
            return
        n = view.game.rules.n_seats
        self.excluded = exclusions(view) if excluded is None else excluded
        self.factors = soft_factors(view) if soft else [{} for _ in range(n)]
        self.unseen = view.unseen()
        others = [p for p in range(n) if p != view.seat]
        self.need = {p: view.hand_sizes[p] - view.known[p].bit_count() for p in others}
        self.hidden = [p for p in others if self.need[p] > 0]
        self.order = sorted(self.hidden, key=lambda q: (self.unseen & ~self.excluded[q]).bit_count()
                            - self.need[q])
        self.single = None
        if len(self.hidden) == 1:
            p = self.hidden[0]
            cards = list(cards_of(self.unseen & ~self.excluded[p]))
            w = [self.factors[p].get(c, 1.0) for c in cards]
            if len(cards) >= self.need[p]:
                self.single = (p, cards, w, _esp_table(w, self.need[p]))

    def hidden_cards(self, rng: random.Random) -> int:
        """Where one seat's cards are hidden (two players): a weighted draw of its hidden cards
        alone, as a bitmask, exactly as ``__call__`` draws them (the rest of the unseen cards
        are the stock); 0 where the weights leave no such draw. ISMCTS deals the world on the
        kernel's packed hand from it (``Hand.redeal``), without building a ``State``."""
        assert self.single is not None
        p, cards, w, table = self.single
        drawn = _draw(cards, w, self.need[p], table, rng)
        if len(drawn) < self.need[p]:
            return 0
        mask = 0
        for c in drawn:
            mask |= 1 << c
        return mask

    def __call__(self, rng: random.Random) -> State:
        view = self.view
        if self.plain:
            return view.determinize(rng)
        for _ in range(20):
            left = self.unseen
            chosen: dict[int, list[int]] = {}
            if self.single is not None:
                p, cards, w, table = self.single
                chosen[p] = _draw(cards, w, self.need[p], table, rng)
            else:
                for p in self.order:
                    cards = list(cards_of(left & ~self.excluded[p]))
                    if len(cards) < self.need[p]:
                        break
                    w = [self.factors[p].get(c, 1.0) for c in cards]
                    chosen[p] = _draw(cards, w, self.need[p], _esp_table(w, self.need[p]), rng)
                    for c in chosen[p]:
                        left &= ~(1 << c)
            if all(len(chosen.get(p, ())) == self.need[p] for p in self.hidden):
                for pick in chosen.values():
                    for c in pick:
                        left &= ~(1 << c)
                stock = list(cards_of(left))
                shuffle(rng, stock)
                pool = []
                for p in range(view.game.rules.n_seats):
                    if p != view.seat:
                        pool += chosen.get(p, [])
                return view.state_with(pool + stock)
        return view.determinize(rng)  # contradictory constraints: play on rather than refuse


def log_uniform(view: View, seat: int) -> float:
    """Log probability of any one placement of ``seat``'s hidden cards under uniform sampling of
    the unseen cards."""
    need = view.hand_sizes[seat] - view.known[seat].bit_count()
    return -math.log(math.comb(view.unseen().bit_count(), need))


def log_likelihood(view: View, seat: int, hidden: int, soft: bool = True) -> float:
    """Log probability, under the model, that ``seat``'s hidden cards (its hand less the cards
    everyone knows) are exactly ``hidden``: ``-inf`` where a hard constraint rules it out. Exact
    for two seats (the other cards are the stock)."""
    excluded = exclusions(view)[seat]
    allowed = view.unseen() & ~excluded
    if hidden & ~allowed:
        return -math.inf
    f = soft_factors(view)[seat] if soft else {}
    cards = list(cards_of(allowed))
    w = [f.get(c, 1.0) for c in cards]
    k = hidden.bit_count()
    z = _esp_table(w, k)[0][k]
    num = 1.0
    for c in cards_of(hidden):
        num *= f.get(c, 1.0)
    return math.log(num / z)
