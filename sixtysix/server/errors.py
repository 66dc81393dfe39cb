"""The server's one refusal: ``TableError``, the code, message and HTTP status of a request it
turns down (every module of the server raises it; the app answers it as JSON)."""

from __future__ import annotations

from typing import NotRequired, TypeAlias, TypedDict

__all__ = ["TableError", "ErrorJSON", "ErrorBody", "ErrorParams"]

ErrorParams: TypeAlias = dict[str, str | int | float]
"""The values a refusal's message names, by name ('seconds', 'retry_after', …)."""


class ErrorBody(TypedDict):
    code: str
    message: str
    params: NotRequired[ErrorParams]


class ErrorJSON(TypedDict):
    """A refusal as the server answers it: ``{"error": {"code", "message", "params"?}}``."""

    error: ErrorBody


class TableError(Exception):
    """A refused request: ``code`` names the reason, ``status`` is the HTTP status to answer;
    ``params``, the values the message names, lets a client say it in its person's language."""

    def __init__(self, code: str, message: str, status: int = 400,
                 params: ErrorParams | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.params = params or {}

    def to_json(self) -> ErrorJSON:
        error: ErrorBody = {"code": self.code, "message": self.message}
        if self.params:
            error["params"] = self.params
        return {"error": error}
