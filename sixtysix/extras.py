"""The optional parts of the package and the extra that installs each (``pyproject.toml``).

The engine, the bots and the records need nothing beyond Python; the command line, the server and
the research tools each need their extra. Where one is missing, the import that needs it fails
with an ``ImportError`` (a ``ModuleNotFoundError``) that says which extra to install, and the
``sixtysix`` command prints that line instead of a traceback:

>>> with needs("sixtysix.research.gym"):
...     import no_such_module_anywhere  # not an optional dependency: the error is left as it is
Traceback (most recent call last):
...
ModuleNotFoundError: No module named 'no_such_module_anywhere'
>>> print(missing_extra("sixtysix tournament", ModuleNotFoundError(name="openskill")))
sixtysix tournament needs the research extra: pip install 'sixtysix[research]' (no module named 'openskill')

This module imports nothing beyond the standard library, so it works in any install.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

__all__ = ["EXTRAS", "MissingExtra", "missing_extra", "needs"]

EXTRAS: dict[str, str] = {
    # typer needs pydantic and rich needs markdown-it (which the server's help pages use too)
    **dict.fromkeys(("typer", "rich", "click", "pydantic", "markdown_it"), "cli"),
    **dict.fromkeys(("fastapi", "starlette", "uvicorn", "sqlalchemy", "psycopg"), "server"),
    **dict.fromkeys(("numpy", "gymnasium", "pettingzoo", "pyspiel", "shimmy", "pyarrow", "ray",
                     "matplotlib", "openskill"), "research"),
}
"""The top-level module of each optional dependency and the extra that brings it."""


class MissingExtra(ModuleNotFoundError):
    """An optional dependency is not installed; the message names the extra that installs it.
    ``name`` is the missing module, as in the ``ModuleNotFoundError`` it replaces."""


def missing_extra(what: str, error: ModuleNotFoundError) -> MissingExtra | None:
    """The error saying that ``what`` needs the extra that brings the module ``error`` did not
    find, or None when that module is none of the optional dependencies (a real error)."""
    module = (error.name or "").partition(".")[0]
    extra = EXTRAS.get(module)
    if extra is None:
        return None
    return MissingExtra(f"{what} needs the {extra} extra: pip install 'sixtysix[{extra}]' "
                        f"(no module named {module!r})", name=module)


@contextlib.contextmanager
def needs(what: str) -> Iterator[None]:
    """Imports in this block that fail for a missing optional dependency raise ``MissingExtra``
    (saying that ``what`` needs its extra); every other error passes unchanged."""
    try:
        yield
    except ModuleNotFoundError as e:
        error = missing_extra(what, e)
        if error is None:
            raise
        raise error from None
