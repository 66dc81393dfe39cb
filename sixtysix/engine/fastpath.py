"""A game's optional fast path: which playout kernel may stand in for ``State`` on its hands, and
what that kernel needs to know of the game beyond its ``Rules``. A game declares it
(``Game.make_fast_path``), naming the kernel by its module: the engine's own (``PAIR``,
``MULTI``), shared by several games, or one in the game's package (``games/gaigel/kernel.py``),
so that the engine names no game. A kernel plays only the games that name it, and the search and
the bidding players ask the declaration (``kernel_module``), never the game's id.

The kernels re-implement the play that the phases define, so each states what it implements
(``RuleCoverage``): the fields of ``Rules`` it plays, and for some of them the only values it
plays. The engine offers a game to its kernel only where the coverage holds for every rules the
game plays under (``offered``): a rule field the kernel does not name, a new one included, makes
the kernel refuse the game, which the phases then play, rather than the kernel playing it wrong.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["PAIR", "MULTI", "FastPath", "GameHand", "RuleCoverage", "offered", "coverage", "kernel_module"]

PAIR = "sixtysix.engine.kernel"
"""The pair kernel (``engine/kernel.py``): two seats; the solver's bitmask search once the stock
is gone."""
MULTI = "sixtysix.engine.kernel_multi"
"""The multi-seat kernel (``engine/kernel_multi.py``): three or four seats without a stock."""


class RuleCoverage:
    """The fields of ``Rules`` a kernel implements: ``plays``, under any value its ``pack``
    accepts; ``only``, under the values listed alone; ``at_default``, under the field's default
    value alone (mostly features the kernel does not have, off by default). A field that does not
    act in the phases the kernel plays is restricted to the values the games give it, so that
    another value is refused rather than assumed harmless. Every field of the rules must be
    named in one of the three: nothing is implemented by default."""

    __slots__ = ("plays", "only")

    def __init__(self, plays: Iterable[str], only: Mapping[str, Iterable[object]],
                 at_default: Iterable[str] = ()) -> None:
        from .rules import Rules  # the kernels make their coverage once the rules exist

        defaults = {f.name: f.default for f in dataclasses.fields(Rules)}
        self.plays = frozenset(plays)
        self.only = {name: frozenset(values) for name, values in only.items()}
        unknown = (self.plays | self.only.keys() | set(at_default)) - defaults.keys()
        if unknown:
            raise ValueError(f"not rule fields: {sorted(unknown)}")
        for name in at_default:
            if name in self.only:
                raise ValueError(f"rule field {name!r} restricted twice")
            self.only[name] = frozenset((defaults[name],))
        both = self.plays & self.only.keys()
        if both:
            raise ValueError(f"rule fields both played and restricted: {sorted(both)}")

    def refusal(self, rules: Rules) -> str | None:
        """Why the kernel does not play ``rules`` (the first field it does not cover, or a
        value it does not play), or None where it plays them."""
        for f in dataclasses.fields(rules):
            name = f.name
            if name in self.plays:
                continue
            allowed = self.only.get(name)
            if allowed is None:
                return f"the kernel does not implement the rule field {name!r}"
            if getattr(rules, name) not in allowed:
                return f"the kernel does not play {name}={getattr(rules, name)!r}"
        return None


@functools.cache
def kernel_module(kernel: str) -> ModuleType:
    """The kernel module named ``kernel`` (a ``FastPath.kernel``), imported when first asked: the
    kernels import the state, which imports the games' engine. (The declaration holds the name,
    not the module: games and their fast paths are pickled to the search's worker processes.)"""
    return importlib.import_module(kernel)


def coverage(kernel: str) -> RuleCoverage:
    """What the kernel module named ``kernel`` implements (its ``COVERAGE``)."""
    cov: RuleCoverage = kernel_module(kernel).COVERAGE
    return cov


def offered(fast_path: FastPath | None, rules: Iterable[Rules]) -> FastPath | None:
    """``fast_path`` where its kernel covers every one of ``rules`` (a game's, and those of the
    contracts it may play), else None: the game's hands are then played by the phases."""
    if fast_path is None:
        return None
    cov = coverage(fast_path.kernel)
    if any(cov.refusal(r) is not None for r in rules):
        return None
    return fast_path


@dataclass(frozen=True, slots=True)
class FastPath:
    """The kernel that plays a game's hands, and what it needs of the game's options."""

    kernel: str
    """The kernel's module, dotted (``PAIR``, ``MULTI``, or the game's own: ``kernel_module``)."""
    solve_from: int = 0
    """With ``endgame``, the cards left in the hands from which a search solves a playout on the
    game's own kernel by default (0: not by default)."""
    exact_cards: int = 0
    """The cards in the hands up to which an open view is solved at every move (0: the search's
    own bound, ``SOLVE_CARDS``)."""
    auction: bool = False
    """``MULTI``: the kernel also plays the auction and the high bidder's trump choice."""
    scoring: Literal["sides", "chips", "units"] = "sides"
    """``MULTI``: game points 1/2/3 to a side, chips between players, or units of card points."""
    ten_bonus: bool = False
    """``MULTI``: the side that wins the ten of trumps scores a game point."""
    ten_target: int = 0
    """``MULTI``: the game points that win the match (the ten of trumps can end it)."""
    tie_split: bool = False
    """``MULTI``: tied top scorers each collect from the others."""
    unit: int = 33
    """``MULTI``: card points in a unit."""
    # How a hand ends in points where the kernel scores it itself (the game's scoring declares
    # them here, so that a kernel reads no game's options or scoring tables).
    played_out: str = ""
    """``PAIR``: how a played-out hand is scored (``games.base.two_player_outcome``); empty:
    the game's scoring is not the shared two-player one, and the kernel refuses it."""
    closed_measured_at_close: bool = False
    """``PAIR``: a closed hand's loser is graded by his points and tricks at the close."""
    false_claim_trickless_3: bool = False
    """``PAIR``: a false claim against a side without a trick costs 3."""
    closer_beaten_flat_2: bool = False
    """``PAIR``: a beaten closer loses 2 however many tricks the other side has."""
    false_enough_flat: bool = False
    """Bauernschnapsen's kernel: a false claim of enough costs a flat 2 (``false_enough="flat2"``)."""
    knock_needs_no_trick: bool = False
    """Gaigel's kernel: the Gaigel test is the opponents' having no trick (``gaigel_test``)."""
    overplayed_loses: bool = False
    """Gaigel's kernel: a side that plays past 101 without knocking loses (``overplayed_loses``)."""
    auf_dissle_award: int = 0
    """Gaigel's kernel: what winning by Auf-Dissle scores (``auf_dissle_award``)."""


class GameHand(Protocol):
    """What the searches and the bidding players use of a hand packed by a game's own kernel
    (``games/<game>/kernel.py``, a ``kernel_search.KernelHand``): for typing only, since each
    such kernel's hand is its own class. Such a kernel module also declares how the searches use
    it: ``WALKED`` (True: worlds are dealt into its hands, ``set_deal`` and ``redeal``, and the
    search's tree walked on them; False: its worlds are played out and solved on it, ``play_to``
    and ``solve``, from the fast path's ``solve_from`` cards), ``RACE`` (a hand's game points go
    to the match's race, ``bots.playout.race_rewards``: its playouts' points are kept) and
    ``JUDGED`` (the phases from which the bidding players' judge plays a hand out on it)."""

    over: bool
    to_act: int
    rng: int
    fin0: int
    fin1: int
    declarer: int

    def legal_actions(self) -> list[int]: ...
    def step(self, a: int) -> None: ...
    def leads(self) -> list[float]: ...
    def spread(self, v: float, side: int) -> list[float]: ...
    def solve(self, scale: int, margin: bool) -> int: ...
    def cards_left(self) -> int: ...
    def game_points(self, seat: int) -> int: ...
    def set_deal(self, unseen: int, known: list[int], excluded: list[int]) -> None: ...
    def redeal(self, origin: GameHand) -> None: ...
    def finish(self, passing: bool) -> None: ...
