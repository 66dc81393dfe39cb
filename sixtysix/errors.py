"""One exception family with messages a player understands (design.md §7)."""

from __future__ import annotations

__all__ = ["SixtySixError", "IllegalActionError", "RecordError", "OptionError"]


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
