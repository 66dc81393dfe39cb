"""The ``sixtysix`` command: play at the terminal, replay records, list games, options and bots.

Each command module registers its commands on the shared ``app`` when it is imported; the loop
below imports them all, skipping only a module that is not there (yet) in this install, so the
command works while optional parts are missing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Annotated

from ..extras import needs

if TYPE_CHECKING:
    from ..engine.options import OptionValues

with needs("the sixtysix command"):
    import typer

__all__ = ["app", "main", "COMMAND_MODULES", "read_text", "parse_option_values"]

app = typer.Typer(
    name="sixtysix",
    help="The Sixty-Six family of card games: play, replay, analyse.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__, _core
        typer.echo(f"sixtysix {__version__}, core: {_core.core_name()}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_show_version,
                                          help="Show the version and which core runs (compiled "
                                               "or pure Python), then exit.")] = False,
) -> None:
    """The Sixty-Six family of card games: play, replay, analyse."""


def parse_option_values(pairs: list[str] | None, game: str) -> OptionValues:
    """``--option name=value`` pairs for ``game``, each value read by the option's declared type
    (``null``, ``true``/``false``, whole numbers, choices): the one parser of every command that
    takes ``--option``. OptionError, in words, for an unknown game, option or value.

    >>> parse_option_values(["target=5", "dealer_cap=none"], "three-hand-sixty-six")
    {'target': 5, 'dealer_cap': None}
    """
    from ..errors import OptionError
    from ..games import GAMES
    from ..games.base import options_from_text
    cls = GAMES.get(game)
    if cls is None:
        raise OptionError(f"unknown game {game!r} (games: {', '.join(sorted(GAMES))})")
    for pair in pairs or []:
        if not pair.partition("=")[0].strip() or "=" not in pair:
            raise OptionError(f"--option takes name=value, not {pair!r}")
    return options_from_text(cls.Options, pairs or [])


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


COMMAND_MODULES = ("play", "replay_cmd", "info", "bots_cmd", "serve", "selfplay_cmd", "fuzz_cmd",
                   "engine_cmd", "verify_cmd")


def _load_commands() -> None:
    for mod in COMMAND_MODULES:
        full = f"{__name__}.{mod}"
        try:
            importlib.import_module(full)
        except ModuleNotFoundError as e:
            if e.name != full:
                raise  # a missing dependency inside a present module is a real error
    # The list of commands shows each docstring's first paragraph with its line breaks kept:
    # joined into one line, the terminal wraps it instead.
    for info in app.registered_commands:
        doc = getattr(info.callback, "__doc__", None)
        if info.short_help is None and doc:
            info.short_help = " ".join(doc.split("\n\n")[0].split())


_load_commands()


def main() -> None:
    """Entry point of the ``sixtysix`` script. A command that needs an extra not installed (the
    server, the research tools) says which to install, in one line: no traceback."""
    import sys

    from ..extras import missing_extra
    try:
        app()
    except ModuleNotFoundError as e:
        command = next((a for a in sys.argv[1:] if not a.startswith("-")), "")
        error = missing_extra(f"sixtysix {command}".strip(), e)
        if error is None:
            raise
        typer.echo(f"error: {error}", err=True)
        sys.exit(2)
