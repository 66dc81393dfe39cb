"""A match: hands dealt one after another, scored into the match standing, and its record.

Every game of the family is played through ``Match``; records (records.md) are built from it and
replayed into it, so there is one path from actions to results.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..cards import card_str
from ..errors import IllegalActionError
from .actions import action_str
from .shapes import DealJSON, HandEntry, MatchRecord
from .state import Deal, HandResult, State

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Match"]


class Match:
    """A match of ``game``: deal hands with ``deal_hand``, act with ``apply``.

    >>> from sixtysix.games import make_game
    >>> m = Match(make_game("sixty-six"), dealer=1)
    >>> state = m.deal_hand(seed=7)
    >>> m.to_act, len(m.legal_actions()) > 0
    (0, True)
    """

    def __init__(self, game: Game, *, dealer: int = 0, players: list[str] | None = None) -> None:
        self.game = game
        self.n = game.n_seats
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.n:
            raise ValueError(f"the dealer must be a seat of {game.name}, 0 to {self.n - 1}, "
                             f"not {dealer!r}")
        if players and len(players) != self.n:
            raise ValueError(f"{game.name} has {self.n} seats: give {self.n} player names, "
                             f"not {len(players)}")
        self.players = list(players) if players else [f"Seat {i}" for i in range(self.n)]
        self.score: list[int] = game.initial_score()
        self.dealer = dealer
        self.bonus = 0
        self.hand: State | None = None
        self.results: list[HandResult] = []
        self.scores: list[list[int]] = []
        """The match score after each hand (``results``' running total, in the game's terms)."""
        self.complete = False
        self.winner: list[int] | None = None
        self.extra: dict[str, object] = {}
        """What a game notes of the match beyond the score (who has retired, the Bummerl): each
        game writes and reads its own names, which its package states as a ``TypedDict``."""
        self.seat_record: int | None = None
        """The seat whose seat record (records.md §7) this match was replayed from; None: a full
        record, or a match in play."""
        self.hand_records: list[HandEntry] = []
        self.deals: list[tuple[Deal, tuple[int, ...]]] = []
        """Each hand's deal and the seats dealt in, as they were at the time."""

    # ------------------------------------------------------------------ flow

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.over

    @property
    def to_act(self) -> int | None:
        return self.hand.to_act if self.in_hand and self.hand is not None else None

    def active_seats(self) -> tuple[int, ...]:
        return self.game.active_seats(self, self.dealer)

    def deal_hand(self, *, seed: int | None = None, deal: Deal | None = None,
                  rng: random.Random | None = None) -> State:
        """Start the next hand from an explicit ``deal``, a ``seed`` or a generator ``rng``."""
        if self.complete:
            raise IllegalActionError("the match is over")
        if self.in_hand:
            raise IllegalActionError("the current hand is not finished")
        active = self.active_seats()
        entry: HandEntry  # its keys in the order records.md writes them
        if deal is not None:
            self.game.check_deal(deal, self.dealer, active)
            entry = {"dealer": self.dealer, "deal": deal_to_json(deal, self.n), "actions": []}
        else:
            if seed is None:
                # 52 bits: too many to search for a deal that fits one's own cards (and exact
                # in JSON and JavaScript numbers).
                seed = (rng or random.Random()).getrandbits(52)
            deal = self.game.shuffled_deal(seed, self.dealer, active)
            entry = {"dealer": self.dealer, "seed": seed, "actions": []}
        self.hand = self.game.new_hand(self.dealer, deal, active, self.bonus, tuple(self.score))
        self.hand_records.append(entry)
        self.deals.append((deal, active))
        return self.hand

    def legal_actions(self) -> list[int]:
        return self.hand.legal_actions() if self.in_hand and self.hand is not None else []

    def apply(self, action: int | str) -> None:
        """Take an action in the current hand; when it ends, score it into the match."""
        if self.hand is None or self.hand.over:
            raise IllegalActionError("no hand is in progress: deal the next hand first")
        hand = self.hand
        before = len(hand.history)
        hand.apply(action)
        self.hand_records[-1]["actions"].extend(map(action_str, hand.history[before:]))
        if hand.over:
            assert hand.result is not None
            self.results.append(hand.result)
            self.game.settle(self, hand.result)
            self.scores.append(list(self.score))

    def record(self) -> MatchRecord:
        """The match as a record (records.md §3)."""
        from .options import options_to_dict
        return {"game": self.game.id, "options": options_to_dict(self.game.options),
                "players": list(self.players), "hands": [h.copy() for h in self.hand_records]}


def deal_to_json(deal: Deal, n: int) -> DealJSON:
    hands = [[card_str(c) for c in h] for h in deal.hands]
    stock = [card_str(c) for c in deal.stock]
    if deal.turnup is None:  # no turn-up card: no key (records.md §3)
        return {"hands": hands, "stock": stock}
    return {"hands": hands, "turnup": card_str(deal.turnup), "stock": stock}
