"""``sixtysix games``, ``sixtysix options GAME`` and ``sixtysix bots``: what can be played, with which
rule options, against which computer players.

>>> from sixtysix.games import GAMES
>>> rows = option_rows(GAMES["sixty-six"])
>>> [r for r in rows if r[0] == "target"]
[('target', '7', 'a whole number from 1 to 100')]
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..bots import bot_defaults, bot_names, bot_params
from ..games import GAMES, Game
from ..games.base import option_specs, option_text
from . import app

__all__ = ["games_command", "options_command", "bots_command", "option_rows", "seats_text"]


def option_rows(game: type[Game]) -> list[tuple[str, str, str]]:
    """(name, default, allowed values) for each option of ``game``, in declaration order: what
    each option declares (its type, and for a whole number its range)."""
    return [(spec.name, option_text(spec.default), spec.describe())
            for spec in option_specs(game.Options).values()]


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
    rows = option_rows(cls)
    lines = _columns([("option", "default", "allowed"), *rows])
    typer.echo("  " + lines[0].rstrip())
    for line, row in zip(lines[1:], rows, strict=True):
        typer.echo("  " + line.rstrip())
        what = option_specs(cls.Options)[row[0]].meaning
        if what:
            typer.echo("      " + what)


@app.command("bots")
def bots_command() -> None:
    """List the computer players (what --opponent and --bot take; parameters as name:key=value)."""
    names = bot_names()
    width = max(len(n) for n in names)
    for name, help_text in names.items():
        typer.echo(f"{name.ljust(width)}  {help_text}".rstrip())
        params = bot_params(name)
        if not params:
            continue
        defaults = bot_defaults(name)
        shown = [(f"{p.name}={_param_text(defaults[p.name])}", p) for p in params]
        key = max(len(k) for k, _ in shown)
        for k, p in shown:
            what = f"{p.help}: {p.describe()}" if p.help else p.describe()
            typer.echo(f"{'':{width + 4}}{k.ljust(key)}  {what}")


def _param_text(value: Any) -> str:
    """A parameter's default as one writes it after 'key=' (nothing where it is unset)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)
