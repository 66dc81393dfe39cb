"""Quick pairing: who of the players waiting for a game sits down together, and when the computer
fills the seats nobody came for.

Ratings are ``ratings.Ratings.rating_of``'s (1500 before a player's first rated match). A player
waiting is matched with the players of the same game (and the same ``rated`` choice)
whose rating is within a window of his: ``WINDOW`` points at once, ``WIDEN`` more for each second
either of them has waited. The player who has waited longest is seated first, with the closest
ratings in his window; once he has waited ``computer_after`` seconds (``ServerConfig.
queue_computer_seconds``), whoever is in his window sits down with him and the computer takes the
other seats, at the level nearest the people's mean rating (``level_for``). A table with a computer
at it is not rated: ratings are between people.

>>> a, b = Waiting("a", "schnapsen", False, 1500, since=0), Waiting("b", "schnapsen", False, 1540, 0)
>>> pair([a, b], lambda game: 2, now=1, computer_after=30)
[Group(game='schnapsen', rated=False, players=('a', 'b'), computers=0, level=None)]
>>> far = Waiting("c", "schnapsen", False, 1900, since=0)
>>> pair([a, far], lambda game: 2, now=1, computer_after=30)  # 400 points apart, not yet
[]
>>> pair([a, far], lambda game: 2, now=16, computer_after=30)  # the window grew to 420
[Group(game='schnapsen', rated=False, players=('a', 'c'), computers=0, level=None)]
>>> pair([a], lambda game: 2, now=30, computer_after=30)
[Group(game='schnapsen', rated=False, players=('a',), computers=1, level='casual')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Waiting", "Group", "pair", "window", "level_for", "seat_order", "WINDOW", "WIDEN"]

WINDOW = 100.0
"""Rating points two players may be apart and be paired at once..."""
WIDEN = 20.0
"""...and how many more for each second waited: after 30 s anyone within 700 points."""
LEVEL_FLOORS = (("master", 1800.0), ("strong", 1600.0), ("casual", 1400.0), ("beginner", -1e9))
"""The computer's level for the people's mean rating: a new player (1500) meets ``casual``."""


@dataclass(frozen=True)
class Waiting:
    """A player in the queue: for which game, rated or not, his rating then, since when."""

    player: str
    game: str
    rated: bool
    rating: float
    since: float


@dataclass(frozen=True)
class Group:
    """Players to seat together, and how many seats the computer (at ``level``) takes."""

    game: str
    rated: bool
    players: tuple[str, ...]
    computers: int
    level: str | None


def window(waited: float) -> float:
    """How far apart in rating a player who waited ``waited`` seconds accepts a partner or foe.

    >>> window(0), window(10)
    (100.0, 300.0)
    """
    return WINDOW + WIDEN * max(0.0, waited)


def level_for(rating: float) -> str:
    """The computer's level nearest a rating.

    >>> level_for(1500), level_for(1350), level_for(2000)
    ('casual', 'beginner', 'master')
    """
    return next(level for level, floor in LEVEL_FLOORS if rating >= floor)


def seat_order(group: Sequence[Waiting]) -> list[Waiting]:
    """The players in seat order. Four players sit strongest and weakest together against the two
    in between (partners are seats 0 and 2 in the partnership games), so that the sides are even.

    >>> [w.player for w in seat_order([Waiting(p, "g", False, r, 0) for p, r in
    ...                                (("a", 1900), ("b", 1500), ("c", 1700), ("d", 1600))])]
    ['a', 'c', 'b', 'd']
    """
    if len(group) != 4:
        return list(group)
    a, b, c, d = sorted(group, key=lambda w: -w.rating)
    return [a, b, d, c]


def pair(waiting: Sequence[Waiting], n_seats: Callable[[str], int], now: float,
         computer_after: float) -> list[Group]:
    """The groups to seat now from the players ``waiting`` (each at most once); ``n_seats``
    gives a game's number of seats."""
    order = sorted(waiting, key=lambda w: (w.since, w.player))
    used: set[str] = set()
    groups = []
    for first in order:
        if first.player in used:
            continue
        n = n_seats(first.game)
        mates = sorted((w for w in order if w.player not in used and w.player != first.player
                        and w.game == first.game and w.rated == first.rated
                        and abs(w.rating - first.rating)
                        <= max(window(now - first.since), window(now - w.since))),
                       key=lambda w: (abs(w.rating - first.rating), w.since))
        if len(mates) >= n - 1:
            chosen = [first, *mates[:n - 1]]
        elif now - first.since >= computer_after:
            chosen = [first, *mates]
        else:
            continue  # still waiting for people; those after him may pair meanwhile
        used.update(w.player for w in chosen)
        chosen = seat_order(chosen)
        computers = n - len(chosen)
        mean = sum(w.rating for w in chosen) / len(chosen)
        groups.append(Group(first.game, first.rated and not computers,
                            tuple(w.player for w in chosen), computers,
                            level_for(mean) if computers else None))
    return groups
