"""Accessibility of the lobby, the table, the end of a match and the help, in headless Chromium at a
phone's size and a desktop's: axe-core finds no violation (its bundled axe.min.js, from the
axe-playwright-python package: no network), the Tab key reaches every control, and every card
has a text label. A hand is played by keyboard.

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

from typing import Any

from browser_util import PLAY, SIZES, needs_chromium, until_a_card_to_play, watch_errors
from server_util import ServerProcess, finished_table, seat_links

pytestmark = needs_chromium

NATIVE = "a[href], button, input, select, textarea, summary"
"""Controls the keyboard reaches by nature (unless a tabindex takes them out)."""


def axe_violations(page: Any) -> list[str]:
    """What axe-core (every rule it runs by default: WCAG 2 A/AA and best practices) finds."""
    from axe_playwright_python.sync_playwright import Axe
    result = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
            for v in result.response["violations"]]


def unreached_by_tab(page: Any) -> list[str]:
    """The visible, enabled controls that pressing Tab from the top of the page never focuses:
    native controls whatever their tabindex, other elements made focusable, and any element with
    a click handler."""
    n = page.evaluate("""(native) => {
        const els = [...document.querySelectorAll('*')].filter((e) =>
          e.matches(native) || (e.matches('[tabindex]') && e.tabIndex >= 0) || e.onclick);
        const shown = els.filter((e) => !e.disabled && e.getClientRects().length > 0);
        shown.forEach((e, i) => { e.dataset.kbd = String(i); });
        document.activeElement && document.activeElement.blur();
        window.scrollTo(0, 0);
        return shown.length; }""", NATIVE)
    assert n > 0
    seen = set()
    for _ in range(n + 10):
        page.keyboard.press("Tab")
        k = page.evaluate("document.activeElement && document.activeElement.dataset "
                          "? document.activeElement.dataset.kbd ?? null : null")
        if k is not None:
            seen.add(int(k))
    return list(page.evaluate("""(seen) => [...document.querySelectorAll('[data-kbd]')]
        .filter((e) => !seen.includes(Number(e.dataset.kbd)))
        .map((e) => e.outerHTML.slice(0, 120))""", sorted(seen)))


def unlabelled_cards(page: Any) -> list[str]:
    """Cards (faces and backs, anywhere on the table) without a text label."""
    return list(page.evaluate("""() => [...document.querySelectorAll('.card')].filter((c) => {
        const own = c.getAttribute('aria-label');
        const svg = c.querySelector('svg[role=img]');
        const label = own || (svg && svg.getAttribute('aria-label'));
        return !label || !label.trim(); }).map((c) => c.outerHTML.slice(0, 120))"""))


def check(page: Any, what: str) -> None:
    assert axe_violations(page) == [], what
    assert unreached_by_tab(page) == [], what


@SIZES
def test_lobby_table_match_end_and_help_pass_axe_and_the_keyboard(
        server: ServerProcess, browser: Any, size: dict[str, int]) -> None:
    ctx = browser.new_context(viewport=size)
    page = ctx.new_page()
    errors = watch_errors(page)
    # The lobby, its rule options open, with a table in My tables.
    done = finished_table(server)
    page.goto(server.url + seat_links(server, done)[0])
    page.wait_for_selector("#match-end:not([hidden]) #rematch-btn")
    check(page, "end of the match")
    page.goto(server.url + "/")
    page.wait_for_selector("#my-tables li")
    page.click("#options-box summary")
    check(page, "lobby")
    # The check finds a control the keyboard cannot reach.
    page.evaluate("document.querySelector('.quick-game').tabIndex = -1")
    assert len(unreached_by_tab(page)) == 1
    page.evaluate("document.querySelector('.quick-game').removeAttribute('tabindex')")

    # A table against the computer, at our turn: every card labelled, a card played by keyboard.
    page.select_option("#quick-level", "casual")
    with page.expect_navigation(url="**/t/**"):
        page.click('.quick-game[data-game="sixty-six"]')
    until_a_card_to_play(page)
    assert unlabelled_cards(page) == []
    labels = page.locator("#hand button.card.legal").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    # A card that plays at once says so; one with more choices (a marriage too) says that.
    assert all((x.startswith("play ") or x.endswith("more than one choice")) and " of " in x
               for x in labels), labels
    check(page, "table")
    version = page.evaluate("Table.state.version")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches('{PLAY}')"):  # a card that plays at once
            break
    else:
        raise AssertionError("no playable card is reached with the Tab key")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Table.state.version > {version}", timeout=15000)
    assert unlabelled_cards(page) == []

    page.goto(server.url + "/help/sixty-six")
    page.wait_for_selector("#help-rules h1")
    check(page, "help")
    assert errors == []
