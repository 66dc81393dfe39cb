"""``python -m sixtysix``: the ``sixtysix`` command, for when the script is not on the PATH."""

import sys

try:
    from .cli import main
except ModuleNotFoundError as e:
    if e.name not in ("typer", "rich", "click"):
        raise
    sys.exit(f"the sixtysix command needs the 'cli' extra (pip install 'sixtysix[cli]'): {e}")

main()
