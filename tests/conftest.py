"""Shared test set-up. The deal helpers live in ``deal_helpers`` (import them from there); they are
re-exported here for tests written against the earlier location."""

import os
from pathlib import Path

import pytest
from deal_helpers import act, cards, deal66, hand_str, legal, match66
from hypothesis import settings

# The property tests draw the same examples in every run, so that a run passes or fails the same
# way everywhere (a random draw once failed a run on a case never seen before). To look for new
# cases, set SIXTYSIX_EXPLORE=1 (and SIXTYSIX_SEAT_EXAMPLES for more seat records): every example
# found failing goes into the suite as an explicit test.
settings.register_profile("fixed", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("SIXTYSIX_EXPLORE") else "fixed")

__all__ = ["act", "cards", "deal66", "hand_str", "legal", "match66"]


SURFACES = ("server", "research", "test_cli.py", "test_docs.py", "test_plugins.py",
            "test_seat_record_cmd.py", "test_extras.py", "test_rule_citations.py")
"""The tests of what is built on the core (the play server, the research tools, the CLI, the docs,
plugins), by their first part of the path below ``tests/``: marked ``surface``. The pure core's
pass of scripts/test.sh leaves them out: they import the core but test none of it, and the core's
own tests run on both cores (where they agree, tests/test_core.py says so position by position)."""

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:  # all of the session's (the package's doctests too): only ours are marked
        path = item.path.resolve()
        if path.is_relative_to(_HERE) and path.relative_to(_HERE).parts[0] in SURFACES:
            item.add_marker(pytest.mark.surface)
    # The checks marked ``release`` are a developer's before a release, not every run's: they are
    # left out (deselected, not skipped) unless SIXTYSIX_RELEASE=1 or ``-m`` names the marker.
    if os.environ.get("SIXTYSIX_RELEASE") != "1" and "release" not in (config.option.markexpr or ""):
        kept = [i for i in items if i.get_closest_marker("release") is None]
        if len(kept) < len(items):
            config.hook.pytest_deselected(items=[i for i in items if i not in kept])
            items[:] = kept
