"""Determinizations: full states consistent with a seat's view, for the searches to play in.

Sampling respects what play has proven: a seat that failed to follow suit, to beat or to trump
under a strict follow rule cannot hold the cards that would have obliged it (``exclusions``), and
cards everyone saw (a marriage's partner, the taken turn-up) stay where they are (``View.known``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import JACK, card_list, cards_of
from ..engine import actions
from ..engine.actions import DEFER
from ..engine.contract import LEAD_DECLARER
from ..engine.legal import legal_follow, trick_winner
from ..engine.phases import PH_DEAL_CHOICE
from ..engine.phases.meld import FACE_DOWN, opening_winner
from ..engine.rules import FREE, Rules
from ..engine.state import PH_AUCTION, PH_TRUMP, State
from ..engine.view import View

__all__ = ["exclusions", "determinize"]


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
        # A card played: a play, or a marriage, opening (Gaigel) or double marriage (Gaigel) that
        # leads one; a partner's marriage after 'defer' is only shown.
        if not (actions.is_play(a) or (actions.lays_card(a) and not (i and hist[i - 1] == DEFER))):
            continue
        card = actions.named_card(a)
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
