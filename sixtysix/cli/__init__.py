"""The ``sixtysix`` command: play at the terminal, replay records, list games, options and bots.

Each command module registers its commands on the shared ``app`` when it is imported; the loop
below imports them all, skipping only a module that is not there (yet) in this install, so the
command works while optional parts are missing.
"""

from __future__ import annotations

import importlib

import typer

__all__ = ["app", "main", "COMMAND_MODULES", "read_text"]

app = typer.Typer(
    name="sixtysix",
    help="The Sixty-Six family of card games: play, replay, analyse.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

def read_text(file: str) -> str:
    """The text of ``file`` ('-' reads standard input); RecordError, in words, if unreadable."""
    import sys

    from ..errors import RecordError
    try:
        if file == "-":
            return sys.stdin.read()
        with open(file, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"cannot read {file}: {getattr(e, 'strerror', None) or e}") from None


COMMAND_MODULES = ("play", "replay_cmd", "info", "bots_cmd", "serve", "selfplay_cmd", "verify_cmd")


def _load_commands() -> None:
    for mod in COMMAND_MODULES:
        full = f"{__name__}.{mod}"
        try:
            importlib.import_module(full)
        except ModuleNotFoundError as e:
            if e.name != full:
                raise  # a missing dependency inside a present module is a real error


_load_commands()


def main() -> None:
    """Entry point of the ``sixtysix`` script."""
    app()
