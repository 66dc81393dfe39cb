"""Computer players: all see a seat's view only."""

from .base import (
    Bot,
    BotError,
    Limit,
    Param,
    RandomBot,
    bot_defaults,
    bot_names,
    bot_params,
    make_bot,
    parse_bot,
    register,
)

__all__ = ["Bot", "BotError", "Limit", "Param", "RandomBot", "bot_defaults", "bot_names",
           "bot_params", "make_bot", "parse_bot", "register"]
