"""``sixtysix games``, ``sixtysix options GAME`` and ``sixtysix bots``: what can be played, with which
rule options, against which computer players.

>>> from sixtysix.games import GAMES
>>> rows = option_rows(GAMES["sixty-six"])
>>> [r for r in rows if r[0] == "target"]
[('target', '7', 'a whole number')]
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Annotated, Any

import typer

from ..bots import bot_names
from ..engine.options import option_range, range_words
from ..games import GAMES, Game
from ..games.base import option_hints
from . import app

__all__ = ["games_command", "options_command", "bots_command", "option_rows", "allowed_values",
           "seats_text"]


def _json_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def allowed_values(hint: Any, bounds: tuple[int, int | None] | None = None,
                   null: str = "") -> str:
    """The values an option takes, in words, from its type annotation (and declared range)."""
    args = typing.get_args(hint)
    if type(None) in args and len(args) == 2:  # optional: null leaves it to the other options
        rest = next(a for a in args if a is not type(None))
        return allowed_values(rest, bounds) + f", or null ({null or 'the default'})"
    if typing.get_origin(hint) is typing.Literal:
        return ", ".join(_json_text(v) for v in typing.get_args(hint))
    if hint is bool:
        return "true, false"
    if hint is int:
        return "a whole number" + (f" {range_words(*bounds)}" if bounds is not None else "")
    return getattr(hint, "__name__", str(hint))


def option_rows(game: type[Game]) -> list[tuple[str, str, str]]:
    """(name, default, allowed values) for each option of ``game``, in declaration order."""
    hints = option_hints(game.Options)
    rows = []
    for f in dataclasses.fields(game.Options):
        if f.default is not dataclasses.MISSING:
            default = _json_text(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            default = _json_text(f.default_factory())
        else:
            default = "(required)"
        bounds = option_range(game.Options, f.name)
        rows.append((f.name, "null" if default == "None" else default,
                     allowed_values(hints[f.name], bounds, f.metadata.get("null", ""))))
    return rows


def _columns(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return ["  ".join(c.ljust(w) for c, w in zip(r[:-1], widths, strict=True)) + "  " + r[-1]
            for r in rows]


def seats_text(game: type[Game]) -> str:
    """'2', or '2-4' where the options choose the number of seats."""
    counts = game.seat_counts
    return f"{min(counts)}-{max(counts)}" if counts else str(game.n_seats)


@app.command("games")
def games_command() -> None:
    """List the games that can be played (their ids are what --game takes)."""
    rows = [(gid, cls.name, f"{seats_text(cls)} seats") for gid, cls in sorted(GAMES.items())]
    for line in _columns([("id", "name", "seats"), *rows]):
        typer.echo(line.rstrip())


@app.command("options")
def options_command(
    game: Annotated[str, typer.Argument(help="a game id (see 'sixtysix games')")],
) -> None:
    """List a game's rule options with their defaults and allowed values (for --option)."""
    cls = GAMES.get(game)
    if cls is None:
        typer.echo(f"error: unknown game {game!r} (games: {', '.join(sorted(GAMES))})", err=True)
        raise typer.Exit(2)
    typer.echo(f"{cls.name} ({game}): --option name=value")
    if cls.note:
        typer.echo(f"  Note: {cls.note}")
    for line in _columns([("option", "default", "allowed"), *option_rows(cls)]):
        typer.echo("  " + line.rstrip())


@app.command("bots")
def bots_command() -> None:
    """List the computer players (what --opponent and --bot take; parameters as name:key=value)."""
    names = bot_names()
    width = max(len(n) for n in names)
    for name, help_text in names.items():
        typer.echo(f"{name.ljust(width)}  {help_text}".rstrip())
