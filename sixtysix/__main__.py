"""``python -m sixtysix``: the ``sixtysix`` command, for when the script is not on the PATH.

The ``sixtysix`` script starts here too (``pyproject.toml``), so that an install without the
``cli`` extra says which extra to install instead of failing on ``import typer``."""

import sys


def main() -> None:
    """Run the ``sixtysix`` command (``sixtysix.cli.main``)."""
    from .extras import missing_extra
    try:
        from .cli import main as cli_main
    except ModuleNotFoundError as e:
        error = missing_extra("the sixtysix command", e)
        if error is None:
            raise
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    cli_main()


if __name__ == "__main__":
    main()
