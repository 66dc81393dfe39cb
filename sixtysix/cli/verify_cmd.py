"""``sixtysix verify RECORD [--commitments FILE]``: check a finished server match's deals.

The server publishes a commitment to each hand before it is played, reveals the hand's key when
the hand is over and its secret when the match is over (``sixtysix.fairness`` gives the exact
bytes). This command checks every commitment against the revealed secret first (against the
commitments a player's browser saved, when given: those are what that player was shown), then
every hand's deal, and names the first hand that does not match and why. Exit status 0 when all
hands check out, 1 when one does not, 2 when nothing can be checked (unreadable, not a record, no
revealed secret, a bad commitments file).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..errors import RecordError
from . import app, read_text

__all__ = ["verify_command", "verify_text"]


def verify_text(text: str, saved_text: str | None = None) -> tuple[int, list[str]]:
    """The exit status and the lines to print for a record given as text (and the commitments
    a player saved, as text).

    >>> verify_text('{"game": "sixty-six", "hands": []}')
    (2, ["error: the record has no 'fairness' entry: it was not dealt by a committing server"])
    """
    from ..fairness import verify_record
    from ..records import load_record
    try:
        saved = None
        if saved_text is not None:
            try:
                saved = json.loads(saved_text)
            except (json.JSONDecodeError, RecursionError, ValueError):
                raise RecordError("the commitments file is not valid JSON") from None
        result = verify_record(load_record(text), saved)
    except RecordError as e:
        return 2, [f"error: {e}"]
    if result.ok:
        verdict = "every deal matches its commitment"
    else:
        verdict = f"THE DEALS DO NOT MATCH: first at {result.first_failure}"
    return (0 if result.ok else 1), [*result.notes, *result.lines, verdict]


@app.command("verify")
def verify_command(
    record: Annotated[str, typer.Argument(help="a finished match's record (JSON); '-' reads "
                                               "standard input")],
    commitments: Annotated[str | None, typer.Option(
        "--commitments", metavar="FILE",
        help="the commitments your browser kept at the table ('Save my commitments'): check "
             "against them instead of the record's own")] = None,
) -> None:
    """Check that every hand of a server's match was dealt as committed before it was played."""
    try:
        text = read_text(record)
        saved = read_text(commitments) if commitments is not None else None
    except RecordError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    code, lines = verify_text(text, saved)
    for line in lines:
        typer.echo(line, err=code == 2)
    raise typer.Exit(code)
