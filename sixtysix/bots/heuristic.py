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
from ..engine import actions
from ..engine.actions import (
    CLOSE,
    CONTRACTS,
    CUT,
    DECLARE,
    DEFER,
    DRAW,
    EXCHANGE,
    KONTRA,
    OPEN,
    OPENINGS,
    PASS,
    REKONTRA,
    REVERSE,
    SUBKONTRA,
    TRUMP,
    TURN,
    ActionKind,
    kind,
)
from ..engine.legal import trick_winner
from ..engine.phases import PH_AUCTION
from ..engine.phases.announce import KEY as COMBO_KEY
from ..engine.phases.announce import worth
from ..engine.phases.auction import standing
from ..engine.phases.meld import ANDERE_ALTE, AUF_DISSLE, GE_ELFEN, HOEHER
from ..engine.rules import average_value
from ..engine.view import View
from .base import BotError, Limit, Param, register

__all__ = ["HeuristicBot"]

_MELD_KINDS = frozenset({ActionKind.MELD_LOW, ActionKind.ANNOUNCE, ActionKind.BELLA,
                         ActionKind.SHOW})
"""Meld-like actions that games may add: showing a scoring combination is almost always worth
doing, so the bot takes them even without knowing the game."""


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

register("heuristic", "a sensible casual player: rules of thumb, no search (forget and miss make "
                      "it weaker)", HEURISTIC_PARAMS)(HeuristicBot)


class _Turn:
    """One decision: the view with the tables and card sets the rules of thumb need."""

    def __init__(self, view: View, rng: random.Random, forget: float, miss: float) -> None:
        self.v = view
        self.rng = rng
        self.miss = miss
        r = view.rules or view.game.rules  # a contract may change them (Zehnergang's order)
        self.rules = r
        self.trump = view.trump
        t = view.trump if view.trump >= 0 else 0
        self.values = r.value_table(t)
        self.beats = r.beats_table(t)
        self.trumps = SUIT_MASK[view.trump] if view.trump >= 0 else 0
        self.side = r.sides[view.seat]
        trick_cards = 0
        for _, c in view.trick:
            if c >= 0:  # -1: a card played face down (Gaigel's trick 1), not seen
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
        plays = [a for a in legal if actions.is_play(a)]
        bids = [a for a in legal if actions.is_bid(a)]
        if bids:
            return self.bid_units(bids, legal)
        if PH_AUCTION in self.rules.phases and any(actions.is_trump_choice(a) for a in legal):
            return TRUMP + max(range(4), key=lambda t: (self.hand_estimate(t), -t))
        if any(actions.is_trump_choice(a) for a in legal) or TURN in legal:
            return self.name_trumps(legal)
        if CUT in legal:
            return CUT  # how the cards come changes nothing the player can know
        if any(actions.is_contract_bid(a) for a in legal):
            return self.bid_contract(legal)
        if KONTRA in legal or REKONTRA in legal or SUBKONTRA in legal:
            return self.double(legal)
        if v.contract is not None and v.contract.misere and plays:
            return self.misere(plays)
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
        opening = self.opening(legal)
        if opening is not None:
            return opening
        if plays and v.trick and self.rules.openings:
            special = self.follow_meld_game(plays)
            if special is not None:
                return special
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
        if any(actions.is_marriage(a) for a in legal) and not self.missed():
            return max((a for a in legal if actions.is_marriage(a)), key=self.marriage_value)
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
        if REVERSE in legal and not self.missed() and any(
                p >= target for sd, p in enumerate(v.points) if sd != self.side):
            return REVERSE  # Gaigel: the opponents passed 101 without knocking (2, a knock 1)
        if DECLARE in legal and points >= target and not self.missed():
            return DECLARE
        has_trick = v.tricks[self.side] > 0 or not self.rules.marriage_needs_trick
        shows = [a for a in legal if actions.is_declaration(a)]
        if shows and has_trick:
            best = max(shows, key=self.marriage_value)
            if points + self.marriage_value(best) >= target \
                    and not self.missed():
                return best
        return None

    def meld(self, legal: list[int]) -> int | None:
        announces = [a for a in legal if actions.is_announcement(a)]
        if announces and not self.missed():
            # Terts: the announcement worth most with what it brings besides; the higher-ranked
            # of equal worth, which the opponent is less likely to outrank.
            hand, scored = self.v.hand, self.v.scored
            return max(announces, key=lambda a: (worth(hand, scored, actions.combo_index(a)),
                                                 COMBO_KEY[actions.combo_index(a)]))
        doubles = [a for a in legal if actions.is_double_marriage(a)]
        if doubles and not self.missed():
            # Both pairs at once (40, 80 in trumps); lead a queen, keeping the kings.
            return max(doubles, key=lambda a: (self.marriage_value(a),
                                              actions.named_card(a) & 7 == QUEEN))
        for a in legal:
            if kind(a) in _MELD_KINDS and not self.missed():
                return a
        return None

    def suit_marriage_value(self, suit: int) -> int:
        return 40 if suit == self.trump else 20

    def marriage_value(self, action: int) -> int:
        """What the marriage of ``action`` (led, shown or double) is worth for its suit."""
        return self.suit_marriage_value(actions.named_card(action) >> 3 & 3)

    def marriage(self, legal: list[int]) -> int | None:
        marries = [a for a in legal if actions.is_marriage(a)]
        if not marries or self.missed():
            return None
        # The 40 before a 20; lead the queen, keeping the king, which wins more tricks.
        return max(marries, key=lambda a: (self.marriage_value(a), actions.named_card(a) & 7 == QUEEN))

    # ------------------------------------------------------------------ the meld games (Gaigel)

    def opening(self, legal: list[int]) -> int | None:
        """Forehand's opening of trick 1: Ge-Elfen with a plain ace wins the trick for sure;
        else Höher with the highest card that may win it; Auf Dissle only when nothing else is
        allowed, with the cheapest card."""
        opens = [a for a in legal if actions.is_opening(a)]
        if not opens:
            return None
        by = {k: [actions.named_card(a) for a in opens if actions.opening_index(a) == k]
              for k in range(len(OPENINGS))}
        if by[GE_ELFEN]:
            return OPEN + GE_ELFEN * 64 + by[GE_ELFEN][0]
        if by[HOEHER]:
            card = max(by[HOEHER], key=self.strength)
            return OPEN + HOEHER * 64 + card
        return OPEN + AUF_DISSLE * 64 + min(by[AUF_DISSLE], key=self.cheap_key)

    def follow_meld_game(self, plays: list[int]) -> int | None:
        """Gaigel's trick 1 under an opening, and Auf Dissle's forehand, who must lose tricks."""
        v = self.v
        forehand = (v.dealer + 1) % len(v.active)
        if v.opening == AUF_DISSLE and v.seat == forehand:
            losers = [c for c in plays if not self.beats_now(c)]
            low = self.rules.low_rank
            if losers:  # shed the points and keep the low cards he collects
                return max(losers, key=lambda c: (c & 7 != low, self.values[c]))
            return min(plays, key=self.cheap_key)
        if v.trick_no or v.opening not in (ANDERE_ALTE, GE_ELFEN, HOEHER):
            return None
        partner_opened = self.rules.sides[forehand] == self.side
        if v.opening == ANDERE_ALTE and not partner_opened:
            aces = [c for c in plays if c & 7 == 0 and not self.is_trump(c)]
            if aces:
                return aces[0]  # it may be the other ace: then it takes the trick
        if v.opening == GE_ELFEN and partner_opened:
            # The partner wins for sure: give him points, but no trumps.
            return max(plays, key=lambda c: (not self.is_trump(c), self.values[c]))
        return min(plays, key=self.cheap_key)

    def name_trumps(self, legal: list[int]) -> int:
        """Name the longest, then strongest suit of the first packet; turn with nothing to name."""
        hand = self.v.hand
        best, best_key = -1, (0, 0)
        for a in legal:
            if not actions.is_trump_choice(a):
                continue
            cards = hand & SUIT_MASK[actions.trump_suit(a)]
            key = (cards.bit_count(), sum(self.values[c] for c in cards_of(cards)))
            if key > best_key:
                best, best_key = a, key
        if best >= 0 and (best_key[0] >= 2 or best_key[1] >= 10 or TURN not in legal):
            return best
        return TURN if TURN in legal else min(legal)

    # ------------------------------------------------------------------ bidding (units)

    def hand_estimate(self, trump: int) -> int:
        """Points our side may expect with ``trump`` as trumps, from our hand alone: the
        marriages we can lead, and for each trick our cards should win, the card and an average
        share of what the others play to it; a partner is counted for an average share of the
        rest (North American Sixty-Six; rough, as a casual player reckons)."""
        v = self.v
        r = self.rules
        hand = v.hand
        others = len(v.active) - 1
        values = r.value_table(trump)
        avg = average_value(r.values_by_rank, r.trump_values, r.pack, trump)  # 24 cards: 5
        n_trumps = ((hand >> (trump * 8)) & 0xFF).bit_count()
        est = 0.0
        winners = 0
        for suit in range(4):
            cards = (hand >> (suit * 8)) & 0xFF  # a bit per rank, the ace lowest
            if (cards >> KING) & 1 and (cards >> QUEEN) & 1:
                est += 40 if suit == trump else 20
            # Top cards in sequence from the ace win; with trumps, the length wins as well.
            top = (~cards & (cards + 1)).bit_length() - 1
            # Trumps: the length wins too; plain suits are ruffed after a round or two.
            top = max(top, n_trumps - 2) if suit == trump else min(top, 2)
            winners += top
            rank = 0
            while top > 0 and rank < 8:  # the points of the top cards held, highest first
                if (cards >> rank) & 1:
                    est += values[suit * 8 + rank]
                    top -= 1
                rank += 1
        est += winners * others * avg
        if r.partnership:
            # The partner's share: what he should take of the points our hand leaves open.
            est += max(0.0, (r.pack_size * avg - est) / 3)
        return int(est)

    def bid_units(self, bids: list[int], legal: list[int]) -> int:
        """Bid the lowest level our estimate supports (overbidding a partner only when that
        estimate is ours); pass otherwise, or bid the least when the dealer may not pass."""
        r = self.rules
        unit = getattr(self.v.game.options, "unit", 33) or 33
        best = max(self.hand_estimate(t) for t in range(4))
        if self.missed():
            best -= unit
        units = best // unit
        affordable = [a for a in bids if actions.bid_units(a) <= units]
        high, bidder, _ = standing(self.v.bidding)
        partner_high = bidder >= 0 and r.sides[bidder] == self.side
        if affordable and not (partner_high and units < high + 2):
            return min(affordable)
        if PASS in legal:
            return PASS
        return min(bids)

    # ------------------------------------------------------------------ contracts

    def bid_contract(self, legal: list[int]) -> int:
        """The highest contract the hand clearly makes (Bauernschnapsen), else the least bid
        (forehand's compulsory opening) or pass."""
        hand = self.v.hand
        trump = self.v.trump
        ok = set()
        if trump >= 0 and hand & SUIT_MASK[trump] == hand:
            ok.add("herrenschnapser")
        if any(hand & SUIT_MASK[t] == hand for t in range(4)):
            ok.add("farbengang")
        if _tops_only(hand, (0, 1, 2, 3, 4)):
            ok.add("gang")
        if _tops_only(hand, (1, 2, 3, 4, 0)):
            ok.add("zehnergang")
        if all(c & 7 in (3, 4) for c in cards_of(hand)) and not _bottoms_exposed(hand):
            ok.add("bettler")
        if trump >= 0:
            trumps = hand & SUIT_MASK[trump]
            top = _top_run(trumps, trump)
            aces = sum(1 for c in cards_of(hand & ~trumps) if c & 7 == 0)
            if top >= 3 and top + aces >= 4:
                ok |= {"schnapser", "kontraschnapser"}
            if top == trumps.bit_count() and top + aces == 5 and top >= 3:
                ok |= {"bauernschnapser", "kontrabauernschnapser"}
        bids = [a for a in legal if actions.is_contract_bid(a)]
        good = [a for a in bids if CONTRACTS[actions.contract_index(a)] in ok]
        if good and not self.missed():
            return max(good)
        if PASS in legal:
            return PASS
        return min(bids)

    def double(self, legal: list[int]) -> int:
        """Kontra a trump contract our trumps can spoil; never a no-trump Gang (whose declarer
        bid it holding winners only: our top card of a suit wins only if he holds that suit,
        which nothing tells us), never rekontra or subkontra on a hunch."""
        c = self.v.contract
        if KONTRA not in legal or c is None or c.misere:
            return PASS
        hand = self.v.hand
        if c.all_tricks and c.trumps and self.trump >= 0:
            trumps = hand & SUIT_MASK[self.trump]
            spoil = _top_run(trumps, self.trump) >= 1 or trumps.bit_count() >= 3
            if spoil and not self.missed():
                return KONTRA
        return PASS

    def misere(self, plays: list[int]) -> int:
        """The declarer of a Bettler: never win a trick if it can be helped; his opponents play
        as usual (they must beat where they can anyway)."""
        if self.v.seat != self.v.declarer:
            if not self.v.trick:
                return min(plays, key=self.strength)
            return self.follow(plays)
        if not self.v.trick:
            return min(plays, key=self.strength)
        losers = [c for c in plays if not self.beats_now(c)]
        if losers:
            return max(losers, key=lambda c: (self.strength(c), self.values[c]))
        return min(plays, key=self.strength)

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


def _tops_only(hand: int, order: tuple[int, ...]) -> bool:
    """Each suit of ``hand`` is the top of that suit in ``order`` (rank indices from the highest):
    leading them one after another wins every trick without trumps."""
    for suit in range(4):
        held = [c & 7 for c in cards_of(hand & SUIT_MASK[suit])]
        if sorted(order.index(r) for r in held) != list(range(len(held))):
            return False
    return True


def _bottoms_exposed(hand: int) -> bool:
    """A queen without the jack of its suit: it would win a trick where only the jack is led."""
    return any((hand >> (s * 8 + 3)) & 1 and not (hand >> (s * 8 + 4)) & 1 for s in range(4))


def _top_run(cards: int, suit: int) -> int:
    """How many of the top cards of ``suit`` (A, T, K, …) ``cards`` holds without a gap."""
    k = 0
    while k < 8 and (cards >> (suit * 8 + k)) & 1:
        k += 1
    return k

