"""A server's limits: what one request, one client and one computer player may cost it.

The defaults suit a small public server. ``sixtysix serve --config FILE`` reads a TOML file of the
same names (any subset); an unknown name or a value of the wrong kind is refused at start-up.

>>> ServerConfig().max_bot_workers
1
>>> ServerConfig.from_mapping({"max_bot_seconds": 2, "tables_burst": 5}).max_bot_seconds
2.0
>>> ServerConfig.from_mapping({"max_bot_secs": 2})
Traceback (most recent call last):
...
sixtysix.server.config.ConfigError: unknown setting 'max_bot_secs' (known: analyses_waiting, \
analysis_samples, analysis_worlds, keep_alive_seconds, lobby_address_burst, \
lobby_address_per_minute, lobby_player_burst, lobby_player_per_minute, lobby_tick_seconds, \
max_analyses, max_body, max_bot_iterations, max_bot_seconds, max_bot_workers, max_bot_worlds, \
max_json_depth, open_table_seconds, player_changes_burst, player_changes_per_minute, \
players_burst, players_per_minute, queue_computer_seconds, sockets_burst, sockets_per_minute, \
spectators_per_table, tables_burst, tables_per_minute)

A retired setting is accepted and ignored, with a warning (a seat now has one live connection):

>>> ServerConfig.from_mapping({"sockets_per_seat": 4}) == ServerConfig()
True
"""

from __future__ import annotations

import dataclasses
import logging
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["ServerConfig", "ConfigError", "RETIRED"]

RETIRED = {"sockets_per_seat": "a seat has one live connection (a new one asks to take the seat)"}
"""Settings of earlier versions that no longer apply, and why: a configuration file naming one
still starts the server."""


class ConfigError(ValueError):
    """A configuration file or value the server cannot use."""


@dataclass(frozen=True)
class ServerConfig:
    """Per-server limits. Computer players' budgets are capped on top of each bot's own ranges."""

    max_bot_seconds: float = 5.0
    """Longest thinking time per move a table may give a computer player (and a hint)."""
    max_bot_iterations: int = 200_000
    """Most ISMCTS iterations per move."""
    max_bot_worlds: int = 2_000
    """Most worlds (PIMC determinizations, ISMCTS solved worlds) per move."""
    max_bot_workers: int = 1
    """Most processes one computer player may use (ISMCTS root parallelism)."""
    analysis_samples: int = 2_000
    """ISMCTS iterations per decision of a finished match's analysis (``analyses.py``; at most
    ``max_bot_iterations``): more find the close mistakes surer, and take longer."""
    analysis_worlds: int = 30
    """Solved worlds per decision of an analysis once the stock is closed (at most
    ``max_bot_worlds``)."""
    max_analyses: int = 1
    """Analyses worked out at once, each in a thread of its own..."""
    analyses_waiting: int = 8
    """...and queued behind them; more are refused (429) until one is done."""
    max_body: int = 16_384
    """Largest request body or WebSocket message, in bytes."""
    max_json_depth: int = 16
    """Deepest nesting of arrays and objects in a request."""
    tables_per_minute: float = 10.0
    """Tables one client (IP address) may create per minute, on average..."""
    tables_burst: int = 20
    """...and at once."""
    players_per_minute: float = 5.0
    """Players one client may create per minute, on average..."""
    players_burst: int = 10
    """...and at once."""
    player_changes_per_minute: float = 2.0
    """Renames and moves to another device (transfer codes) one player may make per minute, on
    average (the same for one client address, whichever players it acts as), and codes one
    address may try when it moves a player here..."""
    player_changes_burst: int = 5
    """...and at once."""
    sockets_per_minute: float = 60.0
    """WebSocket connections one client may open per minute, on average..."""
    sockets_burst: int = 60
    """...and at once."""
    spectators_per_table: int = 50
    """Open spectator WebSockets per table."""
    lobby_player_per_minute: float = 10.0
    """Open tables and queue requests ("Play now") one player may make per minute, on average..."""
    lobby_player_burst: int = 10
    """...and at once."""
    lobby_address_per_minute: float = 30.0
    """The same for one client (IP address), whichever players it plays as..."""
    lobby_address_burst: int = 30
    """...and at once."""
    open_table_seconds: float = 600.0
    """How long a table opened to anyone in the lobby waits for its free seats: then, if nobody
    but its creator sat down, it goes away (else it is listed no more)."""
    queue_computer_seconds: float = 30.0
    """How long a player waits in the quick-pairing queue for people before the computer takes
    the seats nobody came for."""
    lobby_tick_seconds: float = 1.0
    """How often the lobby pairs the queue, drops the open tables whose time ran out and sends
    its lists again where they changed."""
    keep_alive_seconds: float = 75.0
    """How long an idle HTTP connection stays open. Longer than the pools of HTTP clients keep
    one (httpx and requests: 5 s): a server that closes first races the client's next request,
    which then fails with a reset connection (uvicorn's own default is 5 s)."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            kind = int if f.type in ("int", int) else float
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or (kind is int and not isinstance(value, int)) or not math.isfinite(value) \
                    or value <= 0:
                what = "a whole number" if kind is int else "a number"
                raise ConfigError(f"setting {f.name} must be {what} above 0, not {value!r}")
            object.__setattr__(self, f.name, kind(value))

    @property
    def bot_limits(self) -> dict[str, float]:
        """Caps on computer players' attributes, by attribute name."""
        return {"seconds": self.max_bot_seconds, "iterations": self.max_bot_iterations,
                "worlds": self.max_bot_worlds, "particles": self.max_bot_worlds,
                "workers": self.max_bot_workers}

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> ServerConfig:
        known = {f.name for f in dataclasses.fields(cls)}
        for name in sorted(set(data) & set(RETIRED)):
            logging.getLogger("sixtysix.server").warning("setting %s no longer applies: %s",
                                                         name, RETIRED[name])
        data = {k: v for k, v in data.items() if k not in RETIRED}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown setting {unknown[0]!r} (known: {', '.join(sorted(known))})")
        return cls(**data)

    @classmethod
    def load(cls, path: str | Path) -> ServerConfig:
        """Settings from a TOML file (top-level ``name = value`` lines)."""
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except OSError as e:
            raise ConfigError(f"cannot read {path}: {e.strerror or e}") from None
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"{path} is not valid TOML: {e}") from None
        return cls.from_mapping(data)
