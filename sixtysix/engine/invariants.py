"""What a game declares of its hands' results for the fuzzer (``research.fuzz``) to check: its
game-point table, the ranges it draws whole-number options from, its pack's card points, and
how the match counts. Each game holds its own ``GameSpec`` (``Game.fuzz_spec``); the tables
several games share are here.

>>> from sixtysix.games import GAMES
>>> spec = GAMES["gaigel"].fuzz_spec
>>> spec.marriage_melds, spec.pack_points(GAMES["gaigel"]())
(False, 240)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .state import HandResult, State

__all__ = ["GamePoints", "GameSpec", "side_values", "one_winner_table", "grades_123",
           "natural_120", "counts_down", "no_table"]

GamePoints = Callable[["Game", "State", "HandResult"], "str | None"]
"""A game's table: what is wrong with a hand result's game points (None when within it)."""


def no_table(game: Game, state: State, res: HandResult) -> str | None:
    """No bounds on the game points (a game that declares no table)."""
    return None


def _no_points(game: Game) -> int | None:
    return None


def _adds(game: Game) -> int:
    return 1


def _named(game: Game) -> bool:
    return False


@dataclass(frozen=True)
class GameSpec:
    """What the fuzzer needs to know of one game beyond the generic engine API."""

    game_points: GamePoints = no_table
    int_ranges: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Inclusive ranges for whole-number options (others: 1..10)."""
    pack_points: Callable[[Game], int | None] = _no_points
    """The card points of the whole pack once trumps are known (None: not checked)."""
    score_sign: Callable[[Game], int] = _adds
    """+1 when the match score adds the hands' game points, -1 when it counts down."""
    marriage_melds: bool = True
    """Every meld is a declared marriage (20, 40 in trumps) recorded in ``state.marriages``."""
    unnamed_reveals: Callable[[Game], bool] = _named
    """Some action shows cards without naming them (Gaigel's five low cards, Bauernschnapsen's solo
    partner under ``solo_partner_open``): the seen-cards check then accepts what the engine marks
    as shown."""


def side_values(state: State, gp: tuple[int, ...]) -> str | None:
    """Partners show their side's value: a side's seats must agree."""
    r = state.rules
    by_side: dict[int, int] = {}
    for p, g in enumerate(gp):
        if by_side.setdefault(r.sides[p], g) != g:
            return f"partners show different game points {list(gp)}"
    return None


def one_winner_table(grades: Callable[[Game, State], set[int]]) -> GamePoints:
    """One side wins a graded award plus the carried bonus, the others 0; a drawn hand 0 all."""
    def check(game: Game, state: State, res: HandResult) -> str | None:
        gp = res.game_points
        bad = side_values(state, gp)
        if bad:
            return bad
        r = state.rules
        playing = [p for p in range(len(gp)) if p in state.active or r.partnership]
        scorers = {r.sides[p] for p in playing if gp[p]}
        if not res.winners:
            return None if not scorers else f"a drawn hand awards {list(gp)}"
        if len(scorers) != 1:
            return f"{len(scorers)} sides score in one hand: {list(gp)}"
        w = res.winners[0]
        allowed = {g + state.bonus for g in grades(game, state)}
        if gp[w] not in allowed:
            return (f"seat {w} wins {gp[w]} game points; the table allows {sorted(allowed)} "
                    f"(carried bonus {state.bonus})")
        if any(r.sides[p] != r.sides[w] for p in playing if gp[p]):
            return f"a seat other than the winner's side scores: {list(gp)}"
        return None
    return check


def grades_123(game: Game, state: State) -> set[int]:
    """The 1/2/3 grades of a won hand (rules/sixty-six.md#scoring-a-hand)."""
    return {1, 2, 3}


def natural_120(game: Game) -> int:
    """A pack of 20 or 24 cards: 120 card points (the nines count 0)."""
    return 120


def counts_down(option: str, value: str | None = None) -> Callable[[Game], int]:
    """A ``score_sign``: the match counts down under ``option`` (set to ``value``, where given)."""
    def sign(game: Game) -> int:
        v = getattr(game.options, option, None)
        return -1 if (value is None or v == value) else 1
    return sign
