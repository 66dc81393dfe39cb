"""``python -m sixtysix.cli``: the same as the ``sixtysix`` command."""

from . import main

main()
