"""``sixtysix replay FILE [--legal]``: replay a record and print the result as JSON (records.md §6).

Exit status 0 with the result; 2 with ``{"error": {...}}`` for a record that cannot be replayed,
invalid JSON or an unreadable file. Never a traceback for bad input.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from ..errors import RecordError
from . import app, read_text

__all__ = ["replay_command", "replay_text"]


def replay_text(text: str, legal: bool = False) -> tuple[int, dict[str, Any]]:
    """The exit status and the JSON answer for a record given as text.

    >>> code, out = replay_text('{"game": "sixty-six", "hands": []}')
    >>> code, out["match"]["complete"]
    (0, False)
    >>> replay_text("{oops")[0]
    2
    """
    from ..records import load_record, replay
    try:
        return 0, replay(load_record(text), legal=legal)
    except RecordError as e:
        return 2, e.to_json()


@app.command("replay")
def replay_command(
    file: Annotated[str, typer.Argument(help="a record (JSON); '-' reads standard input")],
    legal: Annotated[bool, typer.Option("--legal", help="also list what may be done next")]
    = False,
) -> None:
    """Replay a match record and print the hands and the match as JSON."""
    try:
        text = read_text(file)
    except RecordError as e:
        typer.echo(json.dumps(e.to_json()))
        raise typer.Exit(2) from None
    code, out = replay_text(text, legal)
    typer.echo(json.dumps(out))
    raise typer.Exit(code)
