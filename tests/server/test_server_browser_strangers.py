"""Strangers in the lobby, each in a browser of his own (headless Chromium): one opens a table to
anyone, another sees it appear and sits down, and a third watches it; four press "Play now" for
Bauernschnapsen and are seated together at one table.

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from browser_util import needs_chromium, watch_errors
from server_util import ServerProcess
from test_server_invites import at_table, context

pytestmark = needs_chromium

CONFIG = {"lobby_tick_seconds": 0.2, "queue_computer_seconds": 60.0}


def stranger(browser: Any, server: ServerProcess, name: str, errors: list[str]) -> Any:
    """A new browser at the lobby, as the player ``name``."""
    page = context(browser, server).new_page()
    errors += watch_errors(page)
    page.goto(server.url + "/")
    page.fill("#player-new-name", name)
    page.click("#player-create-btn")
    page.wait_for_selector("#player-me:not([hidden])")
    # The lobby's WebSocket is this player's from now on.
    page.wait_for_function("LobbyLive.ws && LobbyLive.ws.readyState === 1")
    return page


def seat_names(page: Any) -> list[str]:
    return list(page.evaluate("Table.state.seats.map((s) => s.name)"))


def test_a_stranger_sees_an_open_table_appear_and_sits_down(
        server_factory: Callable[..., ServerProcess], browser: Any) -> None:
    server = server_factory(config=CONFIG)
    server.start()
    errors: list[str] = []
    bob = stranger(browser, server, "Bob", errors)
    assert bob.locator("#open-tables li").count() == 0
    assert bob.locator("#open-tables-none").is_visible()

    ann = stranger(browser, server, "Ann", errors)
    ann.select_option("#game-select", "schnapsen")
    ann.select_option("#seat-kind-1", "human")
    ann.check("#opt-open")
    ann.check("#opt-rated")
    with ann.expect_navigation(url="**/t/**"):
        ann.click("#create-btn")
    at_table(ann)
    table = ann.evaluate("Table.id")
    assert ann.evaluate("Table.state.seat") == 0 and ann.evaluate("Table.state.rated") is True

    # Bob's lobby shows it without a reload: Ann's name and (provisional) rating, a free seat.
    row = bob.locator(f'#open-tables li[data-table="{table}"]')
    row.wait_for(timeout=10000)
    assert "Ann (1500?)" in row.inner_text() and "free seat" in row.inner_text()
    assert "Rated" in row.inner_text() and bob.locator("#open-tables-none").is_hidden()
    with bob.expect_navigation(url=f"**/t/{table}"):
        row.locator(".sit-down").click()
    at_table(bob)
    assert bob.evaluate("Table.state.seat") == 1 and seat_names(bob) == ["Ann", "Bob"]
    ann.wait_for_function("Table.state.seats.every((s) => s.connected && !s.invited)",
                          timeout=10000)
    assert seat_names(ann) == ["Ann", "Bob"]

    # A third browser watches it from the lobby's live tables: a spectator's view, no hand.
    carl = stranger(browser, server, "Carl", errors)
    live = carl.locator(f'#live-tables li[data-table="{table}"]')
    live.wait_for(timeout=10000)
    assert carl.locator("#open-tables li").count() == 0
    with carl.expect_navigation(url=f"**/t/{table}"):
        live.locator(".watch-link").click()
    at_table(carl)
    assert carl.evaluate("Table.state.seat") is None
    assert carl.evaluate("Table.state.view.hand.length") == 0
    assert carl.locator("#hand button.card").count() == 0
    assert not errors, errors


def test_four_players_press_play_now_for_bauernschnapsen_and_sit_together(
        server_factory: Callable[..., ServerProcess], browser: Any) -> None:
    server = server_factory(config=CONFIG)
    server.start()
    errors: list[str] = []
    pages = [stranger(browser, server, name, errors) for name in ("Ann", "Bob", "Carl", "Dora")]
    for page in pages[:3]:
        page.click('.play-now-game[data-game="bauernschnapsen"]')
        page.wait_for_selector("#play-now-leave:not([hidden])")
        assert "Looking for players for Bauernschnapsen" in page.inner_text("#play-now-status")
    # Three wait; the fourth completes the table and all four go to it.
    with pages[0].expect_navigation(url="**/t/**", timeout=15000):
        pages[3].click('.play-now-game[data-game="bauernschnapsen"]')
    tables = set()
    for page in pages:
        page.wait_for_url("**/t/**", timeout=15000)
        at_table(page)
        tables.add(page.evaluate("Table.id"))
    assert len(tables) == 1
    assert sorted(p.evaluate("Table.state.seat") for p in pages) == [0, 1, 2, 3]
    assert sorted(seat_names(pages[0])) == ["Ann", "Bob", "Carl", "Dora"]
    assert pages[0].evaluate("Table.state.game") == "bauernschnapsen"
    # Back in the lobby, the pairing does not lead to the table again, and nobody waits.
    pages[0].goto(server.url + "/")
    pages[0].wait_for_function("LobbyLive.ws && LobbyLive.ws.readyState === 1")
    pages[0].wait_for_selector(f'#live-tables li[data-table="{tables.pop()}"]')
    assert pages[0].url == server.url + "/" and pages[0].inner_text("#play-now-status") == ""
    assert not errors, errors
