"""Dreierschnapsen: three players, one against two, 20 cards, a talon of two and the auction of
Bauernschnapsen — rules/dreierschnapsen.md.

The package is the whole game: its options and rules (``game.py``) and the one phase it adds,
the declarer's talon (``talon.py``).
"""

from __future__ import annotations

from .game import Dreierschnapsen, DreierschnapsenOptions

__all__ = ["Dreierschnapsen", "DreierschnapsenOptions"]
