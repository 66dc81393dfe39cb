"""Computer players: all see a seat's view only."""

from .base import Bot, BotError, Limit, RandomBot, bot_names, make_bot, register

__all__ = ["Bot", "BotError", "Limit", "RandomBot", "bot_names", "make_bot", "register"]
