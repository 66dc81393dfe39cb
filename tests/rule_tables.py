"""The options tables of the rules pages (docs/rules/), read for the tests that hold the code's
options to them (defaults, English and German meanings)."""

from __future__ import annotations

import pathlib
import re

RULES = pathlib.Path(__file__).resolve().parent.parent / "docs" / "rules"

DEFAULT, MEANING = 1, 3
"""The columns of an options table after the name: | name | default | values | meaning |."""


def option_column(page: pathlib.Path, column: int) -> dict[str, str]:
    """Option name -> its ``column`` (``DEFAULT`` or ``MEANING``) in the options tables of
    ``page``: the rows whose first cell is an option's name in backticks."""
    row = re.compile(r"\| `([a-z0-9_]+)` \|" + r"[^|]*\|" * (column - 1) + r"([^|]*)\|")
    rows = {}
    for line in page.read_text(encoding="utf-8").splitlines():
        m = row.match(line)
        if m:
            rows[m.group(1)] = m.group(2).strip()
    return rows
