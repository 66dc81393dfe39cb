"""What every game shares: options as frozen dataclasses, dealing, and the hooks a game overrides.

A game is its options (field names and defaults exactly those of rules.md) plus a few hooks:
``deal_from_deck`` (how the shuffled pack is dealt), ``make_rules`` (options → engine parameters),
``score_hand`` and ``settle`` (hand and match scoring), and optionally ``hand_game_points`` (the
hand's game points without the worded result, for search). Nothing else differs between games.
"""

from __future__ import annotations

import abc
import dataclasses
import functools
import json
import random
import re
import typing
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal

from ..cards import card_str, pack_cards
from ..engine.rules import Rules
from ..engine.state import Deal, HandResult, State
from ..errors import OptionError

if typing.TYPE_CHECKING:
    from ..engine.match import Match

__all__ = ["Game", "check_options", "option_hints", "options_from_dict", "options_to_dict", "grade",
           "Range", "OptionSpec", "option_specs", "options_from_text", "option_text",
           "TwoPlayerScoring", "two_player_outcome", "two_player_game_points", "two_player_result",
           "make_result"]


def options_from_dict(cls: type[Any], values: dict[str, Any] | None) -> Any:
    """Build an options dataclass from a dict, refusing unknown names and values with OptionError.

    >>> from sixtysix.games.sixty_six import SixtySixOptions
    >>> options_from_dict(SixtySixOptions, {"target": 0})
    Traceback (most recent call last):
    ...
    sixtysix.errors.OptionError: option 'target' takes a whole number from 1 to 100, not 0
    """
    if values is not None and not isinstance(values, dict):
        raise OptionError(f"options are given as names and values, not {type(values).__name__}")
    values = dict(values or {})
    specs = option_specs(cls)
    for name, value in values.items():
        spec = specs.get(name)
        if spec is None:
            raise OptionError(f"unknown option {name!r} (this game's options: {', '.join(sorted(specs))})")
        values[name] = spec.check(value)
    return cls(**values)


def options_from_text(cls: type[Any], pairs: Iterable[str]) -> dict[str, Any]:
    """``name=value`` texts (as typed after ``--option``) into an options dict, each value read by
    the option's declared type: ``none``/``null``, ``true``/``false``, whole numbers, choices.
    OptionError, in words, for a bad pair, an unknown name or a value the option does not take.

    >>> from sixtysix.games.three_hand import ThreeHandOptions
    >>> options_from_text(ThreeHandOptions, ["target=5", "dealer_cap=None", "playoff=false"])
    {'target': 5, 'dealer_cap': None, 'playoff': False}
    >>> options_from_text(ThreeHandOptions, ["target=1e15"])
    Traceback (most recent call last):
    ...
    sixtysix.errors.OptionError: option 'target' takes a whole number from 1 to 100, not '1e15'
    """
    specs = option_specs(cls)
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        name = name.strip()
        if not eq or not name:
            raise OptionError(f"an option is given as name=value, not {pair!r}")
        spec = specs.get(name)
        if spec is None:
            raise OptionError(f"unknown option {name!r} (this game's options: {', '.join(sorted(specs))})")
        out[name] = spec.parse(text.strip())
    return out


def options_to_dict(options: Any, only_changed: bool = True) -> dict[str, Any]:
    """The options that differ from the defaults (or all of them), as plain JSON values."""
    default = type(options)()
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)
            if not only_changed or getattr(options, f.name) != getattr(default, f.name)}


_HINTS: dict[type[Any], dict[str, Any]] = {}


def option_hints(cls: type[Any]) -> dict[str, Any]:
    """The type of each option of an options class, without its ``Range`` (resolved once: it
    is slow)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def check_options(options: Any) -> None:
    """Refuse, with OptionError, an options object holding a value one of its options does not
    take (one built directly, bypassing ``options_from_dict``)."""
    for name, spec in option_specs(type(options)).items():
        spec.check(getattr(options, name))


@dataclasses.dataclass(frozen=True)
class Range:
    """The whole numbers an integer option takes, ``lo`` to ``hi`` inclusive.

    Declared on the option itself, as data that the checks, ``sixtysix options`` and the server
    read: ``target: Annotated[int, Range(1, 100)] = 7``. A bound that depends on another option
    (Three-Hand's ``dealer_cap`` below the ``target``) is checked by the game's ``make_rules``.
    """

    lo: int
    hi: int


UNDECLARED_RANGE = Range(0, 1_000_000)
"""What an integer option without its own ``Range`` takes (the tests insist every game declares
one; this only keeps absurd values out meanwhile)."""

_NONE_WORDS = ("none", "null")
_BOOL_WORDS = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """What one option takes, read from its annotation: ``kind`` is ``"choice"`` (``choices``),
    ``"bool"``, ``"int"`` (``lo`` to ``hi``), ``"text"``, or ``"other"`` (a type these checks do
    not know: any JSON value passes, the game checks it); ``nullable`` when None is allowed."""

    name: str
    kind: Literal["choice", "bool", "int", "text", "other"]
    default: Any
    choices: tuple[Any, ...] = ()
    lo: int | None = None
    hi: int | None = None
    nullable: bool = False
    declared: bool = True
    """False for an integer option without a ``Range`` of its own."""

    def describe(self, quoted: bool = False) -> str:
        """The values in words, as ``sixtysix options`` shows them (``quoted``: choices as
        Python/JSON values, as errors show them).

        >>> from sixtysix.games.three_hand import ThreeHandOptions
        >>> option_specs(ThreeHandOptions)["dealer_cap"].describe()
        'a whole number from 0 to 99, or none'
        """
        if self.kind == "choice":
            text = ", ".join(repr(c) if quoted else option_text(c) for c in self.choices)
        elif self.kind == "bool":
            text = "true or false"
        elif self.kind == "int":
            text = f"a whole number from {self.lo} to {self.hi}"
        elif self.kind == "text":
            text = "text"
        else:
            text = "a JSON value"
        return text + (", or none" if self.nullable else "")

    def _refuse(self, shown: Any) -> OptionError:
        return OptionError(f"option {self.name!r} takes {self.describe(quoted=True)}, not {shown!r}")

    def check(self, value: Any) -> Any:
        """``value`` if the option takes it (a JSON value: bools are not numbers, floats are not
        whole numbers, however integral), else OptionError."""
        if value is None:
            if self.nullable:
                return None
            raise self._refuse(value)
        if self.kind == "choice":
            # By type and value: True is not 1, and 1 is not "1".
            if not any(type(c) is type(value) and c == value for c in self.choices):
                raise self._refuse(value)
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise self._refuse(value)
        elif self.kind == "int":
            if type(value) is not int:
                raise self._refuse(value)
            assert self.lo is not None and self.hi is not None
            if not self.lo <= value <= self.hi:
                raise self._refuse(value)
        elif self.kind == "text" and not isinstance(value, str):
            raise self._refuse(value)
        return value

    def parse(self, text: str) -> Any:
        """The value that ``text`` (as typed on a command line) names, checked."""
        low = text.strip().lower()
        if self.nullable and low in _NONE_WORDS:
            return None
        value: Any = text
        if self.kind == "bool":
            value = _BOOL_WORDS.get(low, text)
        elif self.kind == "int":
            if re.fullmatch(r"[+-]?[0-9]+", text.strip()) is None:
                raise self._refuse(text)
            value = int(text)
        elif self.kind == "choice":
            value = next((c for c in self.choices if option_text(c) == text.strip()), text)
        elif self.kind == "other":
            try:
                value = json.loads(text)
            except ValueError:
                value = text
        return self.check(value)


def option_text(value: Any) -> str:
    """A value as it is typed: true/false for booleans, none for None."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


_SPECS: dict[type[Any], dict[str, OptionSpec]] = {}


def option_specs(cls: type[Any]) -> dict[str, OptionSpec]:
    """Each option of an options class (or of an options object) with what it takes, in
    declaration order (resolved once per class)."""
    if not isinstance(cls, type):
        cls = type(cls)
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        specs = _SPECS[cls] = {f.name: _spec(f, hints[f.name]) for f in dataclasses.fields(cls)}
    return specs


def _spec(f: dataclasses.Field[Any], hint: Any) -> OptionSpec:
    default: Any = f.default
    factory: Any = f.default_factory
    if default is dataclasses.MISSING and factory is not dataclasses.MISSING:
        default = factory()
    ranges: list[Range] = []
    if typing.get_origin(hint) is typing.Annotated:
        ranges = [m for m in hint.__metadata__ if isinstance(m, Range)]
        hint = hint.__origin__
    nullable = False
    args = typing.get_args(hint)
    if type(None) in args and typing.get_origin(hint) is not Literal:  # X | None, Optional[X]
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            nullable, hint = True, rest[0]
    if typing.get_origin(hint) is Literal:
        return OptionSpec(f.name, "choice", default, choices=typing.get_args(hint), nullable=nullable)
    if hint is bool:
        return OptionSpec(f.name, "bool", default, nullable=nullable)
    if hint is int:
        r = ranges[0] if ranges else UNDECLARED_RANGE
        return OptionSpec(f.name, "int", default, lo=r.lo, hi=r.hi, nullable=nullable,
                          declared=bool(ranges))
    if hint is str:
        return OptionSpec(f.name, "text", default, nullable=nullable)
    return OptionSpec(f.name, "other", default, nullable=nullable)


def grade(loser_points: int, loser_tricks: int) -> int:
    """1, 2 (schneider: loser below 33) or 3 (schwarz: loser without a trick)."""
    if loser_tricks == 0:
        return 3
    return 2 if loser_points < 33 else 1


class Game(abc.ABC):
    """A game of the family with its options. Equal when the game and the options are equal."""

    id: ClassVar[str]
    name: ClassVar[str]
    Options: ClassVar[type[Any]]
    n_seats: ClassVar[int] = 2

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        if options is None:
            options = options_from_dict(self.Options, kwargs)
        elif kwargs:
            options = dataclasses.replace(options, **kwargs)
        if not isinstance(options, self.Options):
            raise OptionError(f"{self.name} takes {self.Options.__name__}, not {options!r}")
        check_options(options)
        self.options = options
        self.rules: Rules = self.make_rules()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.id == self.id and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.id, self.options))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"

    # ------------------------------------------------------------------ hooks

    @abc.abstractmethod
    def make_rules(self) -> Rules:
        """The engine parameters these options mean."""

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
        rng.shuffle(deck)
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
        if not r.stock and not r.trump_choice and deal.turnup is None:
            raise ValueError("the deal needs 'turnup' (the card that fixes trumps)")

    def new_hand(self, dealer: int, deal: Deal, active: tuple[int, ...], bonus: int = 0,
                 match_score: tuple[int, ...] = ()) -> State:
        return State.new(self, dealer, deal, active=active, bonus=bonus, match_score=match_score)


class TwoPlayerScoring(Game):
    """A game scored by ``two_player_outcome``, whose options ``scoring`` maps to its keywords."""

    @abc.abstractmethod
    def scoring(self) -> dict[str, Any]:
        """``two_player_outcome``'s keyword arguments under these options."""

    @functools.cached_property
    def _scoring(self) -> dict[str, Any]:
        return self.scoring()

    def score_hand(self, state: State, claimant: int | None) -> HandResult:
        return two_player_result(state, claimant, **self._scoring)

    def hand_game_points(self, state: State, claimant: int | None) -> Sequence[int]:
        return two_player_game_points(state, two_player_outcome(state, claimant, **self._scoring))


@functools.cache
def _pack_order(pack: int) -> tuple[int, ...]:
    """The pack's fixed order, computed once per pack (dealing is on the hot path of playouts)."""
    return tuple(pack_cards(pack))


def two_player_outcome(state: State, claimant: int | None, *, closed_measured_at_close: bool,
                       false_claim_trickless_3: bool, closer_beaten_flat_2: bool,
                       played_out: str) -> tuple[int, int, str]:
    """The 1/2/3 game-point scoring shared by Sixty-Six and Schnapsen (rules.md §1.9, §2.8), and
    by two partnerships (pagat's Four-Hand Sixty-Six), as ``(winning seat or -1 for a drawn hand,
    game points before any carried bonus, how the hand ended)``. No text is built: search calls
    this on every leaf, and ``two_player_result`` words it for people.

    ``played_out`` says how a hand whose stock ran out and that nobody claimed is scored:
    ``'seed'`` (exactly one player at 66+ wins, else a draw), ``'pagat'`` (higher total wins),
    ``'one_point'`` (last trick wins 1) or ``'graded'`` (last trick wins 1/2/3).
    """
    r = state.rules
    sides = r.sides
    a, b = _two_sides(state)
    pts = state.points
    tr = state.tricks
    closer = state.closed_by
    target = r.claim_target
    if claimant is not None:
        o = b if sides[claimant] == sides[a] else a
        if pts[sides[claimant]] < target:
            return o, 3 if false_claim_trickless_3 and tr[sides[o]] == 0 else 2, "false claim"
        if closer >= 0 and claimant != closer:
            w = b if sides[closer] == sides[a] else a
            return w, _closer_beaten_points(state, w, closer_beaten_flat_2), "closer beaten"
        at_close = closed_measured_at_close and closer >= 0
        return claimant, grade(*_loser_counts(state, o, at_close)), "claim"
    if closer >= 0:
        o = b if sides[closer] == sides[a] else a
        if pts[sides[closer]] >= target:
            return closer, grade(*_loser_counts(state, o, closed_measured_at_close)), \
                "closed and made"
        return o, _closer_beaten_points(state, o, closer_beaten_flat_2), "closer failed"
    # Played out: the stock ran out and nobody claimed.
    last = state.leader  # the last trick's winner would lead next
    if played_out == "one_point":
        return last, 1, "last trick"
    if played_out == "graded":
        return last, grade(*_loser_counts(state, b if sides[last] == sides[a] else a, False)), \
            "last trick"
    pa, pb = pts[sides[a]], pts[sides[b]]
    if played_out == "pagat":
        a_wins, b_wins = pa > pb, pb > pa
    else:
        a_wins, b_wins = pa >= target > pb, pb >= target > pa
    if a_wins:
        return a, grade(pb, tr[sides[b]]), "played out"
    if b_wins:
        return b, grade(pa, tr[sides[a]]), "played out"
    return -1, 0, "draw"


def _two_sides(state: State) -> tuple[int, int]:
    """A seat of each side: the first active seat, and the first active seat not its partner."""
    r = state.rules
    a = state.active[0]
    b = state.active[1]
    if r.sides[b] == r.sides[a]:
        b = next(p for p in state.active if r.sides[p] != r.sides[a])
    return a, b


def _loser_counts(state: State, loser: int, at_close: bool) -> tuple[int, int]:
    """The loser's card points and tricks that grade the win: at the close or at the end."""
    o = state.rules.sides[loser]
    if at_close and state.close_points is not None and state.close_tricks is not None:
        return state.close_points[o], state.close_tricks[o]
    return state.points[o], state.tricks[o]


def _closer_beaten_points(state: State, winner: int, flat_2: bool) -> int:
    """2, or 3 when the closer's opponent had no trick when the stock was closed."""
    o = state.rules.sides[winner]
    had = state.close_tricks[o] if state.close_tricks else state.tricks[o]
    return 2 if (flat_2 or had) else 3


def two_player_game_points(state: State, outcome: tuple[int, int, str]) -> list[int]:
    """Game points per seat of a ``two_player_outcome``, the carried bonus included."""
    gp = [0] * state.n
    seat, points, _ = outcome
    if seat >= 0:
        r = state.rules
        for p in (state.active if r.partnership else (seat,)):
            if r.sides[p] == r.sides[seat]:
                gp[p] = points + state.bonus
    return gp


def two_player_result(state: State, claimant: int | None, *, closed_measured_at_close: bool,
                      false_claim_trickless_3: bool, closer_beaten_flat_2: bool,
                      played_out: str) -> HandResult:
    """``two_player_outcome`` as a ``HandResult``, with the detail worded for people."""
    seat, gp, end = two_player_outcome(
        state, claimant, closed_measured_at_close=closed_measured_at_close,
        false_claim_trickless_3=false_claim_trickless_3,
        closer_beaten_flat_2=closer_beaten_flat_2, played_out=played_out)
    r = state.rules
    pts = state.points
    if seat < 0:
        a, b = _two_sides(state)
        pa, pb = pts[r.sides[a]], pts[r.sides[b]]
        detail = (f"{pa}–{pb}: drawn hand" if played_out == "pagat" else
                  f"{pa}–{pb}: nobody wins; a bonus game point goes to the next hand's winner")
        return make_result(state, "draw", (), [0] * state.n, detail)
    loser = next(p for p in state.active if r.sides[p] != r.sides[seat])
    if end == "false claim":
        detail = f"false claim at {pts[r.sides[loser]]}: opponent scores {gp}"
    elif end in ("closer beaten", "closer failed"):
        had = _closer_beaten_points(state, seat, False) == 2
        detail = f"closer made {pts[r.sides[loser]]}; opponent scores {gp}" + (
            "" if had else " (no trick at the close)")
    elif end == "last trick" and played_out == "one_point":
        detail = "last trick wins the hand: 1"
    else:
        at_close = closed_measured_at_close and state.closed_by >= 0 and end != "last trick"
        lp, lt = _loser_counts(state, loser, at_close)
        when = " at the close" if at_close and state.close_points is not None else ""
        how = {1: "", 2: " (schneider)", 3: " (schwarz)"}[gp]
        detail = (f"{pts[r.sides[seat]]} points; loser had {lp} points and {lt} tricks{when}"
                  f" → {gp}{how}")
    if state.bonus:
        detail += f" + {state.bonus} carried"
    game_points = [0] * state.n
    game_points[seat] = gp + state.bonus
    return make_result(state, end, (seat,), game_points, detail)


def make_result(state: State, end: str, winners: tuple[int, ...], game_points: list[int],
            detail: str) -> HandResult:
    r = state.rules
    n = state.n
    shared = r.partnership
    if shared:
        # Partnerships: each seat shows its side's value.
        by_side: dict[int, int] = {}
        for p, g in enumerate(game_points):
            by_side[r.sides[p]] = by_side.get(r.sides[p], 0) + g
        game_points = [by_side.get(r.sides[p], 0) for p in range(n)]
        winners = tuple(p for p in range(n) if r.sides[p] in {r.sides[w] for w in winners})
    if shared:
        points = tuple(state.points[r.sides[p]] for p in range(n))
        tricks = tuple(state.tricks[r.sides[p]] for p in range(n))
    elif len(state.active) == n:  # one side per seat, everybody playing
        points = tuple(state.points)
        tricks = tuple(state.tricks)
    else:  # seats out of the hand (Three-Hand's dealer) show zeros
        active = state.active
        points = tuple(state.points[p] if p in active else 0 for p in range(n))
        tricks = tuple(state.tricks[p] if p in active else 0 for p in range(n))
    return HandResult(end=end, winners=winners, game_points=tuple(game_points), points=points,
                      tricks=tricks, detail=detail)

