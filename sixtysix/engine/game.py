"""The abstract game that the machine plays: a game's options, its ``Rules`` and its hooks.

A game of ``games/`` subclasses ``Game`` and fills in the hooks (deal, rules, scoring, settling);
the engine calls only what is declared here, so no module of ``engine/`` imports from ``games/``.
"""

from __future__ import annotations

import abc
import dataclasses
import functools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import card_str, pack_cards, shuffle
from ..errors import OptionError
from .fastpath import offered
from .invariants import GameSpec
from .options import OptionValue, check_options, checked_values, options_from_dict
from .rules import Rules
from .state import PH_TRUMP, Deal, HandResult, State

if TYPE_CHECKING:
    from .contract import Contract
    from .fastpath import FastPath
    from .match import Match
    from .view import View

__all__ = ["Game"]


class Game(abc.ABC):
    """A game of the family with its options. Equal when the game and the options are equal.

    Everything the rest of the package needs to know of one game is declared here, by the game:
    its rules (``make_rules``), its scoring, its rules page, its fast path (``make_fast_path``),
    its fuzzer's table (``fuzz_spec``), its value network, what the server's confirm dialog
    states (``false_claim_cost``, ``close_cost``, ``opening_cost``) and the words of its scores
    (``score_unit``).
    No other module names a game."""

    id: ClassVar[str]
    name: ClassVar[str]
    Options: ClassVar[type[Any]]
    n_seats: int = 2
    """Seats at the table. The class value is the number under the default options (what
    listings show); an instance takes its own from its rules, where an option may change it
    (North American Sixty-Six's ``players``)."""
    seat_counts: ClassVar[tuple[int, ...]] = ()
    """The numbers of seats the options allow, where there is a choice."""
    note: ClassVar[str] = ""
    """A line for ``sixtysix options`` (e.g. that the rules are a reconstruction)."""
    rule_page: ClassVar[str] = ""
    """The game's rules page, a file of docs/rules/ (the server's help reads it, and the code's
    rule citations point into it)."""
    score_unit: ClassVar[str] = "game point"
    """What a hand's result is counted in, in words (chips, units, points; game points by
    default)."""
    claim_word: ClassVar[str] = "claim"
    """What a claim of the hand is called at the table ("knock" where it is a knock)."""
    fuzz_spec: ClassVar[GameSpec] = GameSpec()
    """What the fuzzer checks of the game's results beyond the engine's invariants."""
    value_net: ClassVar[tuple[str, tuple[str, ...]] | None] = None
    """A learned value of the game's hands for the search: its file, in the directory of the
    game's module, and the options that act on the match alone (the network values a hand alike
    under any of them); None where the game has none."""
    contracts: tuple[Contract, ...] = ()
    """The contracts an auction of contracts chooses from, lowest first (Bauernschnapsen)."""
    value_scale: ClassVar[float] = 2.0
    """The lead in game points by which a hand counts as clearly won: a search's reward for a
    lead ``d`` is ``tanh(d / value_scale)``. Game points of 1 to 3 a hand take 2; games whose
    hands score their card points (Terts) take a scale of such points."""
    hand_points: ClassVar[tuple[float, ...]] = ()
    """In a two-seat match won by game points, the shares of hands won by 1, 2, 3… game points
    (measured in play) from which a search values a hand by the chance of winning the match
    (``bots.match_equity``); empty where the game has no such model."""

    def __init__(self, options: Any = None, **kwargs: OptionValue) -> None:
        if options is None:
            options = options_from_dict(self.Options, kwargs)
        if not isinstance(options, self.Options):
            raise OptionError(f"{self.name} takes {self.Options.__name__}, not {options!r}")
        if kwargs:
            options = dataclasses.replace(options, **checked_values(self.Options, kwargs))
        check_options(options)
        self.options = options
        self.rules: Rules = self.make_rules()
        self.n_seats = self.rules.n_seats
        # Offered to its kernel only where the kernel covers every rule it plays under (the
        # contracts' too): a field the kernel does not know makes the phases play the game.
        self.fast_path: FastPath | None = offered(
            self.make_fast_path(), (self.rules, *(r for c in self.contracts for r in c.rules)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.id == self.id and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.id, self.options))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"

    @functools.cached_property
    def biddable(self) -> tuple[tuple[int, ...], ...]:
        """For each bidding position (0 forehand, 1 the next seat, … the dealer last), the indices
        of the contracts it may bid, lowest first: the auction's legal bids are read from here
        rather than from every contract's row.

        >>> from sixtysix.games import make_game
        >>> g = make_game("bauernschnapsen")
        >>> [g.contracts[i].name for i in g.biddable[3]]  # the dealer's
        ['bettler', 'gang', 'zehnergang', 'kontraschnapser', 'farbengang', 'kontrabauernschnapser']
        """
        return tuple(tuple(c.index for c in self.contracts if (c.bidders >> pos) & 1)
                     for pos in range(self.n_seats))

    # ------------------------------------------------------------------ hooks

    @abc.abstractmethod
    def make_rules(self) -> Rules:
        """The engine parameters these options mean."""

    def make_fast_path(self) -> FastPath | None:
        """The kernel that may play these options' hands in place of ``State``, if any."""
        return None

    def counts_down(self) -> bool:
        """Whether the match score counts down to 0 (``fuzz_spec.score_sign``, which the fuzzer
        checks)."""
        return self.fuzz_spec.score_sign(self) < 0

    def race_target(self) -> int | None:
        """The score whose reaching wins the match, where the match is such a race (the
        ``target`` option of the games that have one); None where it is not (a number of deals,
        chips)."""
        target = getattr(self.options, "target", None)
        return target if isinstance(target, int) else None

    def false_claim_cost(self, view: View, points: int) -> int | None:
        """The game points that a false claim (or knock) made now with ``points`` gives the other
        side, from ``view``'s knowledge alone; None where the game does not fix them."""
        return None

    def close_cost(self, view: View) -> int | None:
        """The game points the other side scores if ``view``'s seat closes now and fails; None
        where the game has no close or does not fix them."""
        return None

    def opening_cost(self, view: View, opening: str) -> int | None:
        """The game points an opening named ``opening`` (``OPENINGS``: "auf-dissle") stakes, won
        or lost, from ``view``'s knowledge alone; None where it stakes none of its own."""
        return None

    @abc.abstractmethod
    def deal_from_deck(self, deck: list[int], dealer: int, active: tuple[int, ...]) -> Deal:
        """Deal a shuffled pack (top card first) to the ``active`` seats."""

    @abc.abstractmethod
    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        """How the finished hand scores (``claimant``: the seat that claimed, if any)."""

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        """Game points per seat of the hand ending now, as ``score_hand`` gives them but without
        building a result: search asks this at every leaf. Override it with a lean path where
        the scoring is hot; the tests check that it agrees with ``score_hand``."""
        return self.score_hand(state, claimant).game_points

    def points_to_go(self, match_score: Sequence[int]) -> tuple[int, ...] | None:
        """The game points each seat still needs to win the match at ``match_score``, where the
        game has ``hand_points``; None elsewhere."""
        return None

    def initial_score(self) -> list[int]:
        return [0] * self.n_seats

    def active_seats(self, match: Match, dealer: int) -> tuple[int, ...]:
        """The seats dealt in for the next hand."""
        return tuple(range(self.n_seats))

    def trick_ends_hand(self, state: State) -> bool:
        """Whether the trick just completed stops the hand (asked only when ``rules.trick_hook``)."""
        return False

    @abc.abstractmethod
    def settle(self, match: Match, result: HandResult) -> None:
        """Add the hand's result to the match: score, carried bonus, next dealer, the end."""

    def first_dealer(self, rng: random.Random) -> int:
        """The first dealer, chosen by lot."""
        return rng.randrange(self.n_seats)

    # ------------------------------------------------------------------ shared

    def shuffled_deal(self, seed: int | random.Random, dealer: int,
                      active: tuple[int, ...]) -> Deal:
        """The engine's own seeded deal: the pack in its fixed order, shuffled, then dealt."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = list(_pack_order(self.rules.pack))
        shuffle(rng, deck)  # rng.shuffle's order, in C when compiled
        return self.deal_from_deck(deck, dealer, active)

    def check_deal(self, deal: Deal, dealer: int, active: tuple[int, ...]) -> None:
        """Refuse a deal that is not a permutation of the pack or gives wrong counts (ValueError)."""
        r = self.rules
        seen: dict[int, int] = {}
        cards = [c for h in deal.hands for c in h] + list(deal.stock)
        if deal.turnup is not None and r.stock:
            cards.append(deal.turnup)
        for c in cards:
            seen[c] = seen.get(c, 0) + 1
        expected: dict[int, int] = {}
        for c in pack_cards(r.pack):
            expected[c & 31] = expected.get(c & 31, 0) + 1
        got: dict[int, int] = {}
        for c, k in seen.items():
            got[c & 31] = got.get(c & 31, 0) + k
        if got != expected:
            extra = sorted(card_str(c) for c in got if got[c] > expected.get(c, 0))
            missing = sorted(card_str(c) for c in expected if got.get(c, 0) < expected[c])
            parts = []
            if extra:
                parts.append("too many " + " ".join(extra))
            if missing:
                parts.append("missing " + " ".join(missing))
            raise ValueError(f"the deal is not the {r.pack_size}-card pack: " + "; ".join(parts))
        for p, h in enumerate(deal.hands):
            want = r.hand_size if p in active else 0
            if len(h) != want:
                raise ValueError(f"seat {p} must be dealt {want} cards, not {len(h)}")
        if r.stock and deal.turnup is None:
            raise ValueError("this game turns up a trump card: the deal needs 'turnup'")
        if (r.trump_choice or PH_TRUMP in r.phases) and deal.turnup is not None:
            raise ValueError(f"{self.name} has no turn-up card (trumps are named): "
                             f"the deal must not give 'turnup'")
        if not r.stock and not (r.trump_choice or PH_TRUMP in r.phases) and deal.turnup is None:
            raise ValueError("the deal needs 'turnup' (the card that fixes trumps)")

    def new_hand(self, dealer: int, deal: Deal, active: tuple[int, ...], bonus: int = 0,
                 match_score: tuple[int, ...] = ()) -> State:
        return State.new(self, dealer, deal, active=active, bonus=bonus, match_score=match_score)


@functools.cache
def _pack_order(pack: int) -> tuple[int, ...]:
    """The pack's fixed order, computed once per pack (dealing is on the hot path of playouts)."""
    return tuple(pack_cards(pack))
