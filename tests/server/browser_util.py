"""What the browser tests share: headless Debian Chromium, a real server, and clicking helpers.

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from server_util import ServerProcess

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"),
                       reason="no /usr/bin/chromium here (CI installs it)"),
]
"""The marks of a browser test module (``pytestmark = BROWSER_MARKS``)."""


@pytest.fixture
def server(server_factory: Any) -> ServerProcess:
    s: ServerProcess = server_factory()
    s.start()
    return s


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def click_something(page: Any) -> bool:
    """Take one legal action by clicking: a playable card, else draw, else another button."""
    cards = page.locator("#hand button.card.legal")
    if cards.count():
        cards.first.click()
        return True
    draw = page.locator('#actions button[data-action="draw"]')
    if draw.count():
        draw.click()
        return True
    others = page.locator("#actions button.action")
    if others.count():
        others.first.click()
        return True
    return False


def hand_over(page: Any) -> bool:
    return bool(page.locator("#summary h2").count())
