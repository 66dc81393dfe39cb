"""Computer players: all see a seat's view only."""

from .base import (
    ITERATIONS,
    SECONDS,
    Bot,
    BotError,
    Limit,
    Param,
    RandomBot,
    register,
)
from .registry import bot_defaults, bot_names, bot_params, make_bot, parse_bot

__all__ = ["Bot", "BotError", "ITERATIONS", "Limit", "Param", "RandomBot", "SECONDS",
           "bot_defaults", "bot_names", "bot_params", "make_bot", "parse_bot", "register"]
