"""Players: a display name and a secret the browser keeps, with no password to forget.

``POST /api/players {"name"}`` answers ``{"id", "name", "secret"}``: the secret is shown only
there; the server keeps its SHA-256. A call made as a player carries the secret in the header
``Authorization: Bearer <secret>``. ``GET /api/players/{id}``: ``{"id", "name", "since"}``.
``PATCH /api/players/{id} {"name"}`` renames; ``POST /api/players/{id}/transfer`` gives a code
valid ``TRANSFER_SECONDS``, which ``POST /api/players/claim {"code"}`` spends once for a new
secret (the old one stops working); ``DELETE /api/players/{id}`` removes the player, whose seats
then show ``FORMER_PLAYER``.

>>> check_name("  Ann  ")
'Ann'
>>> check_name("Computer 2")
Traceback (most recent call last):
...
sixtysix.server.errors.TableError: a name may not start with 'Computer'
"""

from __future__ import annotations

import re
import secrets
import time
from typing import Any

from ..bots.levels import LEVELS
from .table import TableError, secret_hash

__all__ = ["check_name", "Players", "TRANSFER_SECONDS", "MAX_NAME"]

MAX_NAME = 24
TRANSFER_SECONDS = 600
_NAME = re.compile(r"[A-Za-z0-9À-ÖØ-öø-ÿ _.'\-]+")
_RESERVED = ("computer", "a former player", *LEVELS)


def check_name(name: Any) -> str:
    """A display name, trimmed: 1-24 letters, digits, spaces and - _ . ' ; not the computer's
    names (a level, anything starting with 'Computer')."""
    if not isinstance(name, str):
        raise TableError("bad_name", "'name' must be text", 400)
    text = " ".join(name.split())
    if not 1 <= len(text) <= MAX_NAME:
        raise TableError("bad_name", f"a name has 1 to {MAX_NAME} characters", 400)
    if not _NAME.fullmatch(text):
        raise TableError("bad_name", "a name may have letters, digits, spaces and - _ . ' only",
                         400)
    key = text.casefold()
    if key.startswith("computer"):
        raise TableError("bad_name", "a name may not start with 'Computer'", 400)
    if key in _RESERVED:
        raise TableError("bad_name", f"{text!r} is the computer's name", 400)
    return text


def _taken(name: str) -> TableError:
    return TableError("name_taken", f"another player is called {name!r}: choose another name", 409)


class Players:
    """The players' operations on a ``Storage``."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def create(self, name: Any) -> dict[str, Any]:
        name = check_name(name)
        pid = secrets.token_urlsafe(9)
        secret = secrets.token_urlsafe(24)
        if not self.storage.create_player(pid, name, secret_hash(secret)):
            raise _taken(name)
        return {"id": pid, "name": name, "secret": secret}

    def public(self, player_id: str) -> dict[str, Any]:
        row = self.storage.player(player_id) if len(player_id) <= 32 else None
        if row is None:
            raise TableError("no_player", f"there is no player {player_id!r}", 404)
        return {"id": row["id"], "name": row["name"], "since": row["since"]}

    def who(self, authorization: str | None) -> str | None:
        """The player an ``Authorization: Bearer`` header names; None without one. A secret
        that names nobody is refused (401)."""
        if not authorization:
            return None
        scheme, _, secret = authorization.partition(" ")
        if scheme.lower() != "bearer" or not secret.strip():
            raise TableError("bad_secret", "send 'Authorization: Bearer <your secret>'", 401)
        pid = self.storage.player_by_secret(secret_hash(secret.strip()[:200]))
        if pid is None:
            raise TableError("bad_secret", "this secret holds no player (it was moved to "
                             "another browser, or the player deleted)", 401)
        return pid  # type: ignore[no-any-return]

    def require(self, player_id: str, authorization: str | None) -> str:
        """``player_id`` when the header's secret is his; refused otherwise."""
        pid = self.who(authorization)
        if pid is None:
            raise TableError("bad_secret", "send 'Authorization: Bearer <your secret>'", 401)
        if pid != player_id:
            raise TableError("forbidden", "you may change only your own player", 403)
        return pid

    def rename(self, player_id: str, name: Any) -> dict[str, Any]:
        name = check_name(name)
        if not self.storage.rename_player(player_id, name):
            raise _taken(name)
        return self.public(player_id)

    def transfer(self, player_id: str) -> dict[str, Any]:
        code = secrets.token_urlsafe(12)
        self.storage.set_transfer(player_id, secret_hash(code), time.time() + TRANSFER_SECONDS)
        return {"code": code, "link": f"/?transfer={code}", "expires_in": TRANSFER_SECONDS}

    def claim(self, code: Any) -> dict[str, Any]:
        if not isinstance(code, str) or not code or len(code) > 64:
            raise TableError("bad_code", "'code' must be a transfer code", 400)
        secret = secrets.token_urlsafe(24)
        pid = self.storage.claim_transfer(secret_hash(code), secret_hash(secret), time.time())
        if pid is None:
            raise TableError("bad_code", "this transfer code is unknown, used or expired: ask "
                             "for a new one on your other device", 404)
        return {**self.public(pid), "secret": secret}
