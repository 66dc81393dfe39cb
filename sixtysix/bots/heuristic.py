"""A sensible casual player: a few rules of thumb applied to a seat's view, no search.

It takes valuable cards cheaply, keeps its trumps for tricks worth having, declares marriages,
exchanges the low trump, claims when its credited points reach the target, closes when the cards
it is sure to win carry it there, and in strict play wins with cards it could lose later and dumps
its cheapest otherwise. It reads only the generic fields of a ``View`` (hand, trick, trump, what
has been seen), so it plays every game of the family; actions it has no rule for fall back to a
cheap legal choice.

Two parameters make it weaker, for a beginner level: ``forget`` is the chance, at each decision,
of ignoring the cards already played (it then trusts fewer of its cards to be winners), and
``miss`` the chance of overlooking a marriage, an exchange or a claim.

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=3)
>>> bot = HeuristicBot()
>>> bot.choose(state.view(state.to_act), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from ..cards import KING, QUEEN, SUIT_MASK, cards_of
from ..engine.actions import (
    CLOSE,
    DECLARE,
    DECLARE_SHOW,
    DEFER,
    DRAW,
    EXCHANGE,
    MARRY,
    PASS,
    TRUMP,
    TURN,
    action_str,
)
from ..engine.legal import trick_winner
from ..engine.view import View
from .base import BotError, Limit, Param, register

__all__ = ["HeuristicBot"]

_MELD_VERBS = ("meld", "announce", "bella", "show")
"""Verbs of meld-like actions that games may add: showing a scoring combination is almost always
worth doing, so the bot takes them even without knowing the game."""


class HeuristicBot:
    """Rules of thumb over the view; ``forget`` and ``miss`` (0..1) make it play worse."""

    name = "heuristic"

    def __init__(self, forget: float = 0.0, miss: float = 0.0) -> None:
        self.forget = float(HEURISTIC_PARAMS[0].check("heuristic", forget))
        self.miss = float(HEURISTIC_PARAMS[1].check("heuristic", miss))

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        legal = list(view.legal)
        if not legal:
            raise BotError("heuristic: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        return _Turn(view, rng, self.forget, self.miss).decide(legal)


HEURISTIC_PARAMS = (
    Param("forget", float, 0, 1, "how often a played card is forgotten"),
    Param("miss", float, 0, 1, "how often a marriage, exchange or claim is overlooked"),
)
"""The heuristic's parameters and their ranges."""

register("heuristic", "a sensible casual player: rules of thumb, no search "
                      "(forget=0..1, miss=0..1 make it weaker)", HEURISTIC_PARAMS)(HeuristicBot)


class _Turn:
    """One decision: the view with the tables and card sets the rules of thumb need."""

    def __init__(self, view: View, rng: random.Random, forget: float, miss: float) -> None:
        self.v = view
        self.rng = rng
        self.miss = miss
        r = view.game.rules
        self.rules = r
        self.trump = view.trump
        t = view.trump if view.trump >= 0 else 0
        self.values = r.value_table(t)
        self.beats = r.beats_table(t)
        self.trumps = SUIT_MASK[view.trump] if view.trump >= 0 else 0
        self.side = r.sides[view.seat]
        trick_cards = 0
        for _, c in view.trick:
            trick_cards |= 1 << c
        if rng.random() < forget:
            # Forgetting: only what is on the table now, shown melds and the turn-up are known.
            seen = view.hand | trick_cards
            for k in view.known:
                seen |= k
            if view.turnup >= 0:
                seen |= 1 << view.turnup
        else:
            seen = view.seen
        self.outside = r.pack & ~seen
        """Cards that may be in another seat's hand (or the stock), as far as this seat recalls."""

    # ------------------------------------------------------------------ the decision

    def decide(self, legal: list[int]) -> int:
        v = self.v
        plays = [a for a in legal if a < MARRY]
        if any(TRUMP <= a < TRUMP + 4 for a in legal) or TURN in legal:
            return self.name_trumps(legal)
        if DRAW in legal:
            # With the points already in, draw and claim at the lead; closing would gain nothing.
            if v.points[self.side] >= self.rules.claim_target:
                return DRAW
            return CLOSE if CLOSE in legal and self.clearly_winning() else DRAW
        claim = self.claim(legal)
        if claim is not None:
            return claim
        if EXCHANGE in legal and not self.missed():
            return EXCHANGE
        meld = self.meld(legal)
        if meld is not None:
            return meld
        if not v.trick:
            if CLOSE in legal and self.clearly_winning():
                return CLOSE
            marriage = self.marriage(legal)
            if marriage is not None:
                return marriage
            if DEFER in legal:
                return DEFER  # no marriage of our own: let the partner show one
            if plays:
                return self.lead(plays)
        elif plays:
            return self.follow(plays)
        if any(MARRY <= a < DECLARE_SHOW for a in legal) and not self.missed():
            return max((a for a in legal if MARRY <= a < DECLARE_SHOW), key=self.marriage_value)
        if PASS in legal:
            return PASS  # bids, doublings, a deferred marriage we cannot show: a casual player passes
        return min(legal)

    def missed(self) -> bool:
        return self.miss > 0 and self.rng.random() < self.miss

    # ------------------------------------------------------------------ claims, melds, trumps

    def claim(self, legal: list[int]) -> int | None:
        v = self.v
        target = self.rules.claim_target
        points = v.points[self.side]
        if DECLARE in legal and points >= target and not self.missed():
            return DECLARE
        has_trick = v.tricks[self.side] > 0 or not self.rules.marriage_needs_trick
        shows = [a for a in legal if DECLARE_SHOW <= a < DRAW]
        if shows and has_trick:
            best = max(shows, key=lambda a: self.suit_marriage_value((a - DECLARE_SHOW) >> 3 & 3))
            if points + self.suit_marriage_value((best - DECLARE_SHOW) >> 3 & 3) >= target \
                    and not self.missed():
                return best
        return None

    def meld(self, legal: list[int]) -> int | None:
        for a in legal:
            if a < N_KNOWN:
                continue
            try:
                verb = action_str(a).split()[0]
            except (KeyError, IndexError, ValueError):
                continue
            if verb in _MELD_VERBS and not self.missed():
                return a
        return None

    def suit_marriage_value(self, suit: int) -> int:
        return 40 if suit == self.trump else 20

    def marriage_value(self, action: int) -> int:
        return self.suit_marriage_value((action - MARRY) >> 3 & 3)

    def marriage(self, legal: list[int]) -> int | None:
        marries = [a for a in legal if MARRY <= a < DECLARE_SHOW]
        if not marries or self.missed():
            return None
        # The 40 before a 20; lead the queen, keeping the king, which wins more tricks.
        return max(marries, key=lambda a: (self.marriage_value(a), (a - MARRY) & 7 == QUEEN))

    def name_trumps(self, legal: list[int]) -> int:
        """Name the longest, then strongest suit of the first packet; turn with nothing to name."""
        hand = self.v.hand
        best, best_key = -1, (0, 0)
        for a in legal:
            if not TRUMP <= a < TRUMP + 4:
                continue
            cards = hand & SUIT_MASK[a - TRUMP]
            key = (cards.bit_count(), sum(self.values[c] for c in cards_of(cards)))
            if key > best_key:
                best, best_key = a, key
        if best >= 0 and (best_key[0] >= 2 or best_key[1] >= 10 or TURN not in legal):
            return best
        return TURN if TURN in legal else min(legal)

    # ------------------------------------------------------------------ judging cards

    def beats_now(self, card: int) -> bool:
        """``card`` would win the trick on the table if played now."""
        cards = [c for _, c in self.v.trick] + [card]
        return trick_winner(cards, self.trump, self.beats) == len(cards) - 1

    def is_trump(self, card: int) -> bool:
        return bool(self.trumps >> card & 1)

    def strength(self, card: int) -> int:
        """Higher for better cards: trumps above every plain card, then rank within the suit."""
        return (16 if self.is_trump(card) else 0) + 8 - self.beats[card].bit_count()

    def top_of_suit(self, card: int) -> bool:
        """No card that may be out there ranks above ``card`` in its suit."""
        return not self.beats[card] & self.outside

    def sure_cards(self) -> int:
        """Cards of our hand that win whenever we lead them, top trumps first (strict play)."""
        hand = self.v.hand
        sure = 0
        for c in cards_of(hand & self.trumps):
            if self.top_of_suit(c):
                sure |= 1 << c
        out_trumps = self.outside & self.trumps
        if sure.bit_count() >= out_trumps.bit_count():
            # Leading the sure trumps draws every trump that is out, so top plain cards then win.
            for c in cards_of(hand & ~self.trumps):
                if self.top_of_suit(c):
                    sure |= 1 << c
        return sure

    def clearly_winning(self) -> bool:
        """Credited points plus the points of our sure winners reach the target."""
        sure = self.sure_cards()
        gain = sum(self.values[c] for c in cards_of(sure))
        return self.v.tricks[self.side] + sure.bit_count() > 0 and \
            self.v.points[self.side] + gain >= self.rules.claim_target

    def marriage_card(self, card: int) -> bool:
        """A K or Q whose partner is in our hand or may still come to us (phase 1)."""
        if card & 7 not in (KING, QUEEN):
            return False
        if not self.rules.marriages or not self.v.turnup_up:
            return False
        partner = card ^ 1  # K <-> Q of the same suit (same copy)
        partners = (1 << partner) | (1 << (partner ^ 32))
        return bool((self.v.hand | self.outside) & partners)

    def cheap_key(self, card: int) -> tuple[int, int, int, int]:
        """Order for giving a card away: plain before trump, spare before a marriage card,
        low value before high, weak before strong."""
        return (self.is_trump(card), self.marriage_card(card), self.values[card],
                self.strength(card))

    # ------------------------------------------------------------------ leading and following

    def lead(self, plays: list[int]) -> int:
        if self.v.turnup_up and self.v.closed_by < 0:
            # Open stock, free play: lead a cheap plain card, keep trumps and marriage cards.
            return min(plays, key=self.cheap_key)
        sure = self.sure_cards()
        out_trumps = self.outside & self.trumps
        sure_trumps = [c for c in plays if sure >> c & 1 and self.is_trump(c)]
        if sure_trumps and out_trumps:
            return max(sure_trumps, key=self.strength)  # draw the trumps that are out
        sure_plain = [c for c in plays if sure >> c & 1]
        if sure_plain:
            return max(sure_plain, key=lambda c: (self.values[c], self.strength(c)))
        return min(plays, key=self.cheap_key)

    def follow(self, plays: list[int]) -> int:
        v = self.v
        r = self.rules
        cards = [c for _, c in v.trick]
        w = trick_winner(cards, self.trump, self.beats)
        win_seat, win_card = v.trick[w]
        last = len(v.trick) + 1 == len(v.active)
        trick_value = sum(self.values[c] for c in cards)
        winners = [c for c in plays if self.beats_now(c)]
        losers = [c for c in plays if c not in winners]
        if r.sides[win_seat] == self.side:
            # The partner is winning: give him points if the trick is safe, else stay cheap.
            safe = last or (self.top_of_suit(win_card)
                            and (self.is_trump(win_card) or not self.outside & self.trumps))
            pool = losers or plays
            if safe:
                return max(pool, key=lambda c: (not self.is_trump(c), self.values[c],
                                                -self.strength(c)))
            return min(pool, key=self.cheap_key)
        if not winners:
            return min(plays, key=self.cheap_key)
        if v.turnup_up and v.closed_by < 0:
            return self.follow_free(winners, losers, trick_value)
        # Strict play: win with a card we might lose later; else keep the highest for later.
        if last:
            exposed = [c for c in winners if not self.top_of_suit(c)]
            if exposed:
                return max(exposed, key=lambda c: (self.values[c], self.strength(c)))
            return min(winners, key=lambda c: (self.values[c], self.strength(c)))
        return max(winners, key=self.strength)

    def follow_free(self, winners: list[int], losers: list[int], trick_value: int) -> int:
        plain = [c for c in winners if not self.is_trump(c)]
        if plain:
            # Beat in suit with the card worth most: its points are banked with the trick.
            return max(plain, key=lambda c: (not self.marriage_card(c), self.values[c]))
        trumps = sorted(winners, key=self.cheap_key)
        cheapest = trumps[0]
        points = self.v.points[self.side]
        worth_it = trick_value >= 10 or \
            points + trick_value + self.values[cheapest] >= self.rules.claim_target
        if worth_it or not losers:
            return cheapest
        return min(losers, key=self.cheap_key)


N_KNOWN = TRUMP + 4
"""Action ids from here on belong to verbs that games add (bids, melds)."""
