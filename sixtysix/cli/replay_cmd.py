"""``sixtysix replay FILE [--legal]``: replay a record and print the result as JSON (records.md §6);
``sixtysix seat-record FILE --seat N``: the record as seat N knows it (records.md §7).

Exit status 0 with the answer; 2 with ``{"error": {...}}`` for a record that cannot be replayed,
invalid JSON or an unreadable file. Never a traceback for bad input.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Annotated, NoReturn

import typer

from ..errors import RecordError
from . import app, read_text

__all__ = ["replay_command", "replay_text", "seat_record_command", "seat_record_text"]

Answer = Mapping[str, object]
"""What a command prints as JSON: a replay's result, a seat record, or ``{"error": …}``."""


def replay_text(text: str, legal: bool = False) -> tuple[int, Answer]:
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
    _answer(file, lambda text: replay_text(text, legal))


def seat_record_text(text: str, seat: int) -> tuple[int, Answer]:
    """The exit status and the JSON answer (the seat record, or the error) for a record given as
    text.

    >>> code, out = seat_record_text('{"game": "sixty-six", "hands": []}', 1)
    >>> code, out["seat"]
    (0, 1)
    >>> seat_record_text('{"game": "sixty-six", "hands": []}', 2)[1]["error"]["message"]
    'there is no seat 2'
    """
    from ..records import load_record, seat_record
    try:
        return 0, seat_record(load_record(text), seat)
    except RecordError as e:
        return 2, e.to_json()


@app.command("seat-record")
def seat_record_command(
    file: Annotated[str, typer.Argument(help="a full record (JSON); '-' reads standard input")],
    seat: Annotated[int, typer.Option("--seat", help="the seat whose view to write, from 0")],
) -> None:
    """Print the record as one seat knows it: every card it cannot see written '??'."""
    _answer(file, lambda text: seat_record_text(text, seat))


def _answer(file: str, answer: Callable[[str], tuple[int, Answer]]) -> NoReturn:
    """Print the JSON answer for the record in ``file`` and exit with its status (2 where the
    file cannot be read)."""
    try:
        code, out = answer(read_text(file))
    except RecordError as e:
        code, out = 2, e.to_json()
    typer.echo(json.dumps(out))
    raise typer.Exit(code)
