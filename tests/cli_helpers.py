"""Running the ``sixtysix`` command inside the test process, for the CLI tests."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from sixtysix.cli import app

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> Any:
    """Run ``sixtysix ARGS``: never a traceback, and any exception is an exit status."""
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result
