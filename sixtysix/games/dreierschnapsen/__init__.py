"""Dreierschnapsen: three players, one against two, 20 cards, a talon of two and the auction of
Bauernschnapsen — rules/dreierschnapsen.md.

The package is the whole game: its rule options with their meanings (``options.py``), its deal,
contracts, scoring and match (``game.py``) and the one phase it adds, the declarer's talon
(``talon.py``). Its rules page is docs/rules/dreierschnapsen.md.
"""

from __future__ import annotations

from .game import Dreierschnapsen
from .options import DreierschnapsenOptions

__all__ = ["Dreierschnapsen", "DreierschnapsenOptions"]
