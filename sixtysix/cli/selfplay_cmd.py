"""``sixtysix selfplay``: computer players' decisions as training data (Parquet)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..errors import SixtySixError
from ..games import DEFAULT_GAME
from . import app, parse_option_values

__all__ = ["selfplay_command"]


@app.command("selfplay")
def selfplay_command(
    game: Annotated[str, typer.Option("--game", help="game id")] = DEFAULT_GAME,
    bots: Annotated[str, typer.Option("--bots", help="bots, comma-separated; they take turns at "
                                                     "every seat")] = "casual,random",
    hands: Annotated[int, typer.Option("--hands", help="hands to play", min=1)] = 100,
    out: Annotated[str, typer.Option("--out", help="directory for the Parquet files")] = "selfplay",
    seed: Annotated[int, typer.Option("--seed", help="seed of the deals")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="parallel processes (or Ray CPUs)",
                                         min=1)] = 1,
    backend: Annotated[str, typer.Option("--backend", help="'local' or 'ray'")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address "
                                                                  "(default: a local Ray)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", help="rule option name=value "
                                                                      "(repeatable)")] = None,
) -> None:
    """Play hands between computer players and write each decision — the seat's observation, the
    legal actions, the action, the searcher's values, the outcome — as Parquet (schema in
    sixtysix.research.selfplay)."""
    from ..research.selfplay import generate
    from ..research.tournament import split_bots
    if backend not in ("local", "ray"):
        typer.echo(f"error: --backend is 'local' or 'ray', not {backend!r}", err=True)
        raise typer.Exit(2)
    try:
        info = generate(game, split_bots(bots), hands=hands, out=out, seed=seed, workers=workers,
                        backend="ray" if backend == "ray" else "local", address=address,
                        options=parse_option_values(option, game))
    except (SixtySixError, ValueError, OSError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    from ..words import plural
    typer.echo(f"{plural(info.hands, 'hand')}, {plural(info.decisions, 'decision')} in "
               f"{plural(len(info.files), 'file')} in {out}")
