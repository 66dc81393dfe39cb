"""``sixtysix fuzz``: random matches that check the rules hold (``sixtysix.research.fuzz``).

Exit status 0 when every check held, 1 when a violation was found (each written as a record
that reproduces it), 2 for bad arguments.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SixtySixError
from . import app

if TYPE_CHECKING:
    from ..research.fuzz import FuzzSummary

__all__ = ["fuzz_command"]


@app.command("fuzz")
def fuzz_command(
    game: Annotated[list[str] | None, typer.Option(
        "--game", help="game id (repeat it, or separate ids by commas; default: every game)")]
    = None,
    hands: Annotated[int, typer.Option("--hands", help="hands to play per game", min=1)] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="seed of the whole run")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="parallel processes", min=1)] = 1,
    seconds: Annotated[float | None, typer.Option(
        "--time", help="stop starting new work after this many seconds (0.1 or more)")] = None,
    out: Annotated[str, typer.Option(
        "--out", help="directory for the records of violations")] = "fuzz-violations",
    check: Annotated[str | None, typer.Option(
        "--check", help="instead: check one record (a file, '-' for stdin) action by action")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
) -> None:
    """Play random matches with random rule options and check the rules after every action.

    Checked: every card in one place; points = cards won + credited melds (+ last trick); legal
    actions never empty during a hand and all accepted; illegal actions refused with the match
    unchanged; the record replays to the same state; each seat's view holds only what it may
    know; game points within the game's table.
    """
    from ..research.fuzz import run_fuzz, write_found
    if check is not None:
        _check_one(check, as_json)
        return
    games = _games(game)
    try:
        if seconds is not None:  # NaN would never stop it: checked as every budget is
            from ..bots import Param
            Param("time", float, 0.1).check("", seconds, "--time")
        if as_json:
            summary = run_fuzz(games, hands, seed=seed, workers=workers, seconds=seconds)
        else:
            summary = _with_bar(games, hands, seed, workers, seconds)
    except (SixtySixError, ValueError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    files = []
    for tally in summary.games.values():
        for i, found in enumerate(tally.found, 1):
            files.append(str(write_found(found, out, i)))
    if as_json:
        data = summary.to_json()
        data["files"] = files
        typer.echo(json.dumps(data))
    else:
        typer.echo(summary.text())
        for f in files:
            typer.echo(f"record written: {f} (check it again: sixtysix fuzz --check {f})")
    if summary.violations:
        raise typer.Exit(1)


def _games(given: list[str] | None) -> list[str]:
    from ..games import GAMES
    if not given:
        return sorted(GAMES)
    out = [g.strip() for part in given for g in part.split(",") if g.strip()]
    unknown = [g for g in out if g not in GAMES]
    if unknown:
        typer.echo(f"error: unknown game {unknown[0]!r} (implemented: {', '.join(sorted(GAMES))})",
                   err=True)
        raise typer.Exit(2)
    return out


def _with_bar(games: list[str], hands: int, seed: int, workers: int,
              seconds: float | None) -> FuzzSummary:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..research.fuzz import GameTally, run_fuzz
    with Progress(TextColumn("{task.description:<26}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("hands {task.fields[bad]}"), TimeElapsedColumn()) as bar:
        jobs = {g: bar.add_task(g, total=hands, bad="") for g in games}

        def advance(tally: GameTally, done: int) -> None:
            bad = f"[red]{len(tally.found)} violation(s)" if tally.found else ""
            bar.update(jobs[tally.game], advance=done, bad=bad)

        return run_fuzz(games, hands, seed=seed, workers=workers, seconds=seconds,
                        progress=advance)


def _check_one(file: str, as_json: bool) -> None:
    from ..records import load_record
    from ..research.fuzz import check_record
    from . import read_text
    try:
        record = load_record(read_text(file))
        record.pop("fuzz", None)
        v = check_record(record)
    except (SixtySixError, ValueError) as e:
        if as_json:
            typer.echo(json.dumps({"error": {"message": str(e)}}))
        else:
            typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps({"violation": None if v is None else
                               {"check": v.check, "message": v.message}}))
    else:
        typer.echo("every check holds" if v is None else f"VIOLATION [{v.check}] {v.message}")
    if v is not None:
        raise typer.Exit(1)
