"""``sixtysix verify RECORD``: check a finished server match's deals against its commitments.

The server publishes a commitment to each hand before it is played and reveals its secret when the
match is over (``sixtysix.fairness`` gives the exact bytes). This command recomputes every
commitment and every deal from the revealed secret and compares them with the record: exit status
0 when all hands check out, 1 when one does not, 2 when the record cannot be checked (unreadable,
not a record, no revealed secret).
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..errors import RecordError
from . import app, read_text

__all__ = ["verify_command", "verify_text"]


def verify_text(text: str) -> tuple[int, list[str]]:
    """The exit status and the lines to print for a record given as text.

    >>> verify_text('{"game": "sixty-six", "hands": []}')
    (2, ["error: the record has no 'fairness' entry: it was not dealt by a committing server"])
    """
    from ..fairness import verify_record
    from ..records import load_record
    try:
        result = verify_record(load_record(text))
    except RecordError as e:
        return 2, [f"error: {e}"]
    verdict = "every deal matches its commitment" if result.ok else "THE DEALS DO NOT MATCH"
    return (0 if result.ok else 1), [*result.lines, verdict]


@app.command("verify")
def verify_command(
    record: Annotated[str, typer.Argument(help="a finished match's record (JSON); '-' reads "
                                               "standard input")],
) -> None:
    """Check that every hand of a server's match was dealt as committed before it was played."""
    try:
        text = read_text(record)
    except RecordError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    code, lines = verify_text(text)
    for line in lines:
        typer.echo(line, err=code == 2)
    raise typer.Exit(code)
