"""Dreierschnapsen's rule options (rules/dreierschnapsen.md#options): each field's docstring is
its meaning, as ``sixtysix options`` prints it and the rules page's table says it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.options import ranged

__all__ = ["DreierschnapsenOptions"]


@dataclass(frozen=True, kw_only=True)
class DreierschnapsenOptions:
    """The options of rules/dreierschnapsen.md#options, by name, with their defaults."""

    kontra_by: Literal["dealer_side", "dealer"] = "dealer_side"
    """who may bid the Kontra contracts: the dealer or his partner (middlehand), or the dealer
    alone"""
    talon: Literal["optional", "compulsory", "none"] = "optional"
    """the declarer may take the talon and lay two cards away, must, or the talon stays out"""
    enough_by_defenders: bool = True
    """either side may claim Genug in the Normal game, or only the declarer"""
    false_enough: Literal["graded", "flat2"] = "graded"
    """a false Genug gives the other side 1–3 on the claimant's count, or 2"""
    must_beat_partner: bool = True
    """a defender beats his partner's winning card too, or only follows suit and trumps"""
    retourschneider: bool = True
    """losing at 23 to a winner who had no point counts four Bummerl"""
    target: int = ranged(24, 1, 100)
    """game points that win the match"""
    score_direction: Literal["up", "down"] = "up"
    """count game points up to the target, or down from it"""
    first_trick_visible: bool = True
    """each side's first trick stays face up"""
