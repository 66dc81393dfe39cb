"""sixtysix: the Sixty-Six family of card games — engine, records, computer players, play."""

from . import _core

_core.install()  # before any compiled module loads: SIXTYSIX_PURE=1 picks the sources

# ruff: noqa: E402
from .cards import card_str, mask_str, parse_card, parse_cards
from .engine import Deal, HandResult, Match, State, View, action_str, parse_action
from .errors import IllegalActionError, OptionError, RecordError, SixtySixError
from .games import GAMES, make_game

__all__ = [
    "GAMES", "Deal", "HandResult", "IllegalActionError", "Match", "OptionError", "RecordError",
    "SixtySixError", "State", "View", "action_str", "card_str", "make_game", "mask_str",
    "parse_action", "parse_card", "parse_cards", "replay",
]

__version__ = "0.1.0"


_SUBMODULES = {"bots", "records", "analysis", "research", "games", "engine", "cards"}


def __getattr__(name: str) -> object:
    # Lazy: the outer layers load only when asked for, so the engine imports alone and fast.
    import importlib
    if name == "replay":
        return importlib.import_module(".records", __name__).replay
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'sixtysix' has no attribute {name!r}")
