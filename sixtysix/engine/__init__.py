"""The generic trick-and-draw machine shared by every game of the family."""

from .actions import action_str, parse_action
from .match import Match
from .rules import Rules
from .state import Deal, HandResult, State
from .view import View

__all__ = ["Match", "State", "Deal", "HandResult", "Rules", "View", "action_str", "parse_action"]
