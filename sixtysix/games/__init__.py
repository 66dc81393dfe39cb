"""The games of the family, by id (records.md §2): the registry.

>>> make_game("sixty-six", {"target": 5}).options.target
5
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import OptionError
from .base import Game, options_from_dict
from .bauernschnapsen import Bauernschnapsen
from .dreierschnapsen import Dreierschnapsen
from .four_hand import FourHandSixtySix
from .gaigel import Gaigel
from .north_american import NorthAmericanSixtySix
from .schnapsen import Schnapsen
from .sixty_six import SixtySix
from .terts import Terts
from .three_hand import ThreeHandSixtySix
from .three_player import ThreePlayerSixtySix

__all__ = ["GAMES", "DEFAULT_GAME", "make_game", "Game"]

GAMES: dict[str, type[Game]] = {g.id: g for g in (
    SixtySix, Schnapsen, ThreeHandSixtySix, ThreePlayerSixtySix, FourHandSixtySix,
    NorthAmericanSixtySix, Bauernschnapsen, Gaigel, Terts, Dreierschnapsen)}
"""Every game, by id: the one place that lists them (each is a package of this directory)."""

DEFAULT_GAME = SixtySix.id
"""The game played where none is named (the commands, the research environments, the server)."""


def make_game(game_id: str, options: Mapping[str, object] | None = None) -> Game:
    """The game ``game_id`` with ``options`` (names and values as in rules.md)."""
    cls = GAMES.get(game_id)
    if cls is None:
        known = ", ".join(sorted(GAMES))
        raise OptionError(f"unknown game {game_id!r} (implemented: {known})")
    return cls(options_from_dict(cls.Options, options))
