"""sixtysix: the Sixty-Six family of card games — engine, records, computer players, play."""

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


def __getattr__(name: str) -> object:
    if name == "replay":
        from .records import replay
        return replay
    raise AttributeError(name)
