"""Helpers for the browser tests: Debian's Chromium for Playwright, pages watched for errors,
where screenshots of failed tests go (``test-artifacts/``, for CI to keep), and clicking through a
hand."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(os.environ.get("SIXTYSIX_ARTIFACTS")
                 or Path(__file__).resolve().parents[2] / "test-artifacts")
"""Screenshots of every page open when a browser test fails (set SIXTYSIX_ARTIFACTS to move)."""

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
"""Run a test at a phone's size and at a desktop's (its ``size`` argument)."""

needs_chromium = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"),
                       reason="no /usr/bin/chromium here (CI installs it)"),
]
"""The marks of a browser test module (``pytestmark = needs_chromium``)."""


def watch_errors(page: Any) -> list[str]:
    """The page's script errors and console errors, collected as they happen."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def screenshot_all(browser: Any, test_id: str) -> list[Path]:
    """A full-page screenshot of every page open in ``browser``, named after the test."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_id)[-150:]
    shots = []
    for i, page in enumerate(p for ctx in browser.contexts for p in ctx.pages):
        path = ARTIFACTS / f"{stem}-{i}.png"
        try:
            page.screenshot(path=str(path), full_page=True)
            shots.append(path)
        except Exception:  # a page already closing: the others still count
            pass
    return shots


def page_states(browser: Any) -> str:
    """Each open page's address and the state its table shows (JSON), for a failure's report."""
    lines = []
    for page in (p for ctx in browser.contexts for p in ctx.pages):
        try:
            state = page.evaluate("typeof Table === 'undefined' ? null : JSON.stringify("
                                  "{ws: Table.ws && Table.ws.readyState, sent: Table.sentVersion, "
                                  "error: document.getElementById('table-error')?.textContent, "
                                  "state: Table.state})")
        except Exception as e:  # a page already closing: the others still count
            state = f"(unreadable: {e})"
        lines.append(f"{page.url}\n{state}")
    return "\n\n".join(lines)


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
        if page.locator("#confirm-dialog[open]").count():  # an action that ends the hand asks
            page.click("#confirm-yes")
        return True
    return False


def until_a_card_to_play(page: Any, seconds: float = 60) -> None:
    """Wait until a card in our hand is playable. The computer may end a hand before we play a
    card (``random`` shows a marriage and claims 66 with its first lead: a false claim), so a hand
    that ends first is followed by the next one."""
    deadline = time.monotonic() + seconds
    while True:
        page.wait_for_selector("#hand button.card.legal, #next-hand", timeout=15000)
        if page.locator("#hand button.card.legal").count():
            return
        assert time.monotonic() < deadline, "no card of ours became playable"
        version = page.evaluate("Table.state.version")
        page.click("#next-hand")
        page.wait_for_function(f"Table.state.version > {version}", timeout=15000)


def hand_over(page: Any) -> bool:
    return bool(page.locator("#summary h2").count())


def play_the_hand(page: Any, seconds: float = 90) -> int:
    """Click legal actions (``click_something``) until the hand's summary shows; how many clicks
    it took (the computer may end the hand before we act: 0)."""
    deadline = time.monotonic() + seconds
    clicks = 0
    while not hand_over(page):
        assert time.monotonic() < deadline, "the hand did not end"
        page.wait_for_selector("#hand button.card.legal, #actions button.action, #summary h2",
                               timeout=15000)
        if hand_over(page):
            break
        version = page.evaluate("Table.state.version")
        if click_something(page):
            clicks += 1
            page.wait_for_function(f"Table.state.version > {version}", timeout=15000)
    return clicks
