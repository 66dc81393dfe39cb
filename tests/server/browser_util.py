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
LAPTOP = {"width": 1280, "height": 800}
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


CARD_OF = """(action) => { const a = Table.state.view.legal.find((x) => x.action === action);
    return a ? namedCards(a)[0] || null : null; }"""
"""Run in the page: the card of the hand that a card action is taken with (None for the rest)."""


def take(page: Any, action: str) -> None:
    """Take ``action`` as a player does: touch its card (and pick it in the card's menu where the
    card has several choices), the trump card (exchange), the talon (close), or its button in
    the action bar. A question asked first is left open."""
    direct = page.locator(f'#table [data-action="{action}"]')
    if direct.count():
        direct.first.click()
        return
    card = page.evaluate(CARD_OF, action)
    assert card, f"{action} is not offered"
    page.click(f'#hand button.card.legal[data-card="{card}"]')
    page.click(f'#card-menu button[data-action="{action}"]')


def offered(page: Any, action: str) -> bool:
    """Whether the table offers ``action`` now: a control for it, or its card lit for a menu."""
    if page.locator(f'#table [data-action="{action}"]').count():
        return True
    card = page.evaluate(CARD_OF, action)
    return bool(card) and page.locator(f'#hand button.card.legal[data-card="{card}"]').count() > 0


def click_something(page: Any) -> bool:
    """Take one legal action by clicking: a playable card (its first choice where it has a
    menu), else draw, else another button (or the trump card, or the talon)."""
    cards = page.locator("#hand button.card.legal")
    if cards.count():
        cards.first.click()
        if page.locator("#card-menu:not([hidden])").count():
            page.locator("#card-menu button.choice").first.click()
    elif page.locator('#actions button[data-action="draw"]').count():
        page.click('#actions button[data-action="draw"]')
    elif page.locator(ACTIONS).count():
        page.locator(ACTIONS).first.click()
    else:
        return False
    if page.locator("#confirm-dialog[open]").count():  # an action that ends the hand asks
        page.click("#confirm-yes")
    return True


PLAY = '#hand button.card.legal[data-action^="play "]'
"""A card of the hand that a touch plays at once (no menu of choices)."""
ACTIONS = "#actions button.action, #stock-area [data-action]"
"""What is acted on besides the cards of the hand: the action bar, the trump card, the talon."""
TO_ACT = f"#hand button.card.legal, {ACTIONS}"
"""Anything the seat may act on now."""


def until_a_card_to_play(page: Any, seconds: float = 60) -> None:
    """Wait until a card in our hand is playable. The computer may end a hand before we play a
    card (``random`` shows a marriage and claims 66 with its first lead: a false claim), so a hand
    that ends first is followed by the next one."""
    deadline = time.monotonic() + seconds
    while True:
        page.wait_for_selector(f"{PLAY}, #next-hand", timeout=15000)
        if page.locator(PLAY).count():
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
        page.wait_for_selector(f"{TO_ACT}, #summary h2", timeout=15000)
        if hand_over(page):
            break
        version = page.evaluate("Table.state.version")
        if click_something(page):
            clicks += 1
            page.wait_for_function(f"Table.state.version > {version}", timeout=15000)
    return clicks


OUT_OF_SIGHT = """() => {
  const out = (e) => { const r = e.getBoundingClientRect();
    return r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1; };
  // A card's left edge shows in a fan (the next card lies on its right part; 12 px in, past the
  // tilt of the outermost); a button shows whole.
  const cover = (e, xs) => { const r = e.getBoundingClientRect();
    for (const x of xs(r)) { const top = document.elementFromPoint(x, r.top + r.height / 2);
      if (!top) return 'nothing';
      if (!e.contains(top)) return top.id || top.getAttribute('class') || top.tagName; }
    return null; };
  const cards = [...document.querySelectorAll('#hand .card')];
  const buttons = [...document.querySelectorAll('#actions button')];
  return [...cards, document.getElementById('actions')].filter(out).map((e) => e.dataset.card || e.id)
    .concat(cards.filter((e) => cover(e, (r) => [r.left + 12]))
      .map((e) => `${e.dataset.card} under ${cover(e, (r) => [r.left + 12])}`))
    .concat(buttons.filter((e) => cover(e, (r) => [r.left + 4, r.right - 4]))
      .map((e) => `${e.textContent.trim()} under ${cover(e, (r) => [r.left + 4, r.right - 4])}`)); }"""
"""Run in the page: the own cards and the action bar's buttons that are not wholly on the screen,
or are covered by something else (a card: its left edge)."""


def out_of_sight(page: Any) -> list[str]:
    """What of the own hand and the action bar is off the screen or covered (OUT_OF_SIGHT), with
    the pointer moved off the hand first (a card under it rises over its neighbour)."""
    page.mouse.move(0, 0)
    return list(page.evaluate(OUT_OF_SIGHT))
