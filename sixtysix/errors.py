"""One exception family with messages a player understands (design.md §7)."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["SixtySixError", "IllegalActionError", "RecordError", "OptionError", "shown"]


class SixtySixError(ValueError):
    """Base of every error the library raises on bad input."""


class IllegalActionError(SixtySixError):
    """An action that the rules do not allow now; the state is unchanged."""


class OptionError(SixtySixError):
    """An unknown rule option, or a value the option does not take."""


class RecordError(SixtySixError):
    """A record that cannot be replayed. ``hand`` and ``action`` locate the fault (zero-based)."""

    def __init__(self, message: str, hand: int | None = None, action: int | None = None,
                 text: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.action = action
        self.text = text

    def to_json(self) -> dict[str, object]:
        return {"error": {"hand": self.hand, "action": self.action, "text": self.text,
                          "message": self.message}}


def shown(value: Any, limit: int = 60) -> str:
    """A refused value as an error message echoes it: text quoted (``'x'``), anything else as
    JSON writes it (``true``, ``null``, ``NaN``, ``[1, 2]``), since the values come from JSON
    records and requests; cut to ``limit`` characters.

    >>> shown(True), shown(None), shown(float("nan")), shown("x"), shown([1, None])
    ('true', 'null', 'NaN', "'x'", '[1, null]')
    """
    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):  # not JSON's: a set, a deep nesting
            text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."
