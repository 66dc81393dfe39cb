"""End to end in headless Chromium: the lobby, a hand against the computer, two people playing.

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import time
from typing import Any

from browser_util import (
    PLAY,
    TO_ACT,
    click_something,
    hand_over,
    needs_chromium,
    play_the_hand,
    until_a_card_to_play,
    watch_errors,
)
from server_util import ServerProcess, seat_links, seats

pytestmark = needs_chromium


def test_lobby_then_a_whole_hand_against_the_computer(server: ServerProcess, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone
    errors = watch_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.select_option("#game-select", "sixty-six")
    page.select_option("#seat-kind-1", "bot:heuristic")
    page.fill("#seat-name-0", "Ann")
    page.click("#create-btn")
    link = page.locator('.seat-link[data-seat="0"]')
    link.wait_for()
    assert "token=" not in (link.get_attribute("href") or "")  # the secret stays in the browser
    link.click()
    page.wait_for_selector("#hand .card")
    assert page.locator("#hand .card").count() == 6
    # The computer's cards (five if it has led already: the dealer is drawn at random), face down
    # but for those it has shown: a marriage's other card stays face up (CI's stop 41 drew one).
    page.wait_for_function("Table.state.view.to_act === 0")  # nothing changes until we play
    view = page.evaluate("Table.state.view")
    shown = len(view["known"][1])
    assert page.locator("#scoreboard .card.known").count() == shown
    assert page.locator("#scoreboard .card.back").count() + shown == view["hand_sizes"][1] in (5, 6)
    # Whatever this deal drew, render the shown case too: four backs and the king of diamonds.
    page.evaluate("""() => { const v = Table.state.view, saved = [v.known[1], v.hand_sizes[1]];
        v.known[1] = ["KD"]; v.hand_sizes[1] = 5; Table.render();
        [v.known[1], v.hand_sizes[1]] = saved; }""")
    assert page.locator("#scoreboard .card.back").count() == 4
    assert page.locator("#scoreboard .card.known").get_attribute("data-card") == "KD"
    page.evaluate("Table.render()")
    assert page.locator("#stock-area .turnup").count() == 1
    # German suits are a setting: the cards are redrawn.
    page.check("#german-suits")
    labels = " ".join(page.locator("#hand svg.card-svg").evaluate_all("els => els.map(e => e.ariaLabel)"))
    assert any(w in labels for w in ("acorns", "leaves", "bells", "hearts"))
    page.uncheck("#german-suits")
    # A hint when it is our turn (the table allows hints by default).
    page.wait_for_selector("#hint-btn", timeout=15000)
    page.click("#hint-btn")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=15000)
    assert page.inner_text("#hint-box").startswith("Hint: ")
    clicks = play_the_hand(page)
    # The deal is the server's secret, so how long the hand lasts is not known in advance: the
    # computer may claim 66 after two or three tricks of its own. We played at least a card.
    assert clicks >= 1
    summary = page.locator("#summary").inner_text()
    assert "won" in summary and "points" in summary
    assert page.locator("#next-hand").count() == 1 or "match is over" in page.inner_text("#status")
    # Usable on a phone: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []


def test_a_numeric_choice_creates_its_table(server: ServerProcess, browser: Any) -> None:
    # North American Sixty-Six for three: 'players' is a choice of numbers, sent as the number.
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.select_option("#game-select", "north-american-sixty-six")
    assert page.locator("#seat-kind-3").count() == 1  # four players by default
    page.click("#options-box summary")
    page.select_option("#opt-players", "3")
    page.wait_for_selector("#seat-kind-2")
    assert page.locator("#seat-kind-3").count() == 0
    page.select_option("#seat-kind-1", "human")
    page.select_option("#seat-kind-2", "human")
    page.click("#create-btn")
    page.locator('.seat-link[data-seat="0"]').wait_for()
    # The creator's seat, an invitation for each of the two other people, the watching link.
    assert page.locator(".seat-link").count() == 1 and not page.inner_text("#lobby-error")
    assert page.locator("#links .share-btn").count() == 3
    assert not errors
    page.close()


def test_two_people_play_each_other_in_two_browsers(server: ServerProcess, browser: Any) -> None:
    status, t = server.request("POST", "/api/tables", {"game": "sixty-six",
                                                      "seats": seats("human", "human")})
    assert status == 201
    pages = []
    errors: list[str] = []
    for link in seat_links(server, t):
        ctx = browser.new_context(viewport={"width": 1000, "height": 800})
        page = ctx.new_page()
        errors += watch_errors(page)
        page.goto(server.url + link)
        page.wait_for_selector("#hand .card")
        pages.append(page)
    # Each sees its own six cards and the other's six backs; the hands differ.
    hands = [set(p.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
             for p in pages]
    assert len(hands[0]) == len(hands[1]) == 6 and not hands[0] & hands[1]
    deadline = time.monotonic() + 90
    clicks = 0
    while not all(hand_over(p) for p in pages):
        assert time.monotonic() < deadline, "the hand did not end"
        acted = False
        for p in pages:
            if p.locator(TO_ACT).count():
                version = p.evaluate("Table.state.version")
                if click_something(p):
                    clicks += 1
                    acted = True
                    for q in pages:  # both browsers see the move
                        q.wait_for_function(f"Table.state && Table.state.version > {version}",
                                            timeout=15000)
                break
        if not acted:
            time.sleep(0.05)
    assert clicks >= 6
    # Both show the same result, each in its own words: a winner's own page says "You won".
    texts = [p.locator("#summary h2").inner_text() for p in pages]
    names = [p.evaluate("Table.name(Table.state.seat)") for p in pages]
    assert texts[0].replace("You ", f"{names[0]} ", 1) == texts[1].replace("You ", f"{names[1]} ", 1)
    assert any(t.startswith(("You won", "You and")) for t in texts) or texts[0].startswith("Nobody")
    # Both people ask for the next hand (tests/server/test_server_next_hand.py: one waits for
    # the other); both get new cards.
    for p in pages:
        p.click("#next-hand")
    for p in pages:
        p.wait_for_function("Table.state.hand_no === 2", timeout=15000)
        assert p.locator("#hand .card").count() == 6
    assert errors == []


# ---------------------------------------------------------------------- nobody gets stuck


def open_seat(browser: Any, server: ServerProcess, link: str, errors: list[str]) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    page = ctx.new_page()
    errors += watch_errors(page)
    page.goto(server.url + link)
    page.wait_for_function("Table.state !== null && Table.ws.readyState === 1")
    return ctx, page


def until_to_act(page: Any, seat: int, deadline: float) -> int:
    """Play ``page``'s seat (clicking, next hand too) until ``seat`` is to act: the version then.
    Not at a draw after a trick, which that seat's browser does by itself at once."""
    while True:
        to_act, version, phase = page.evaluate(
            "[Table.state.view.to_act, Table.state.version, Table.state.view.phase]")
        if to_act == seat and phase != "draw":
            return int(version)
        assert time.monotonic() < deadline, f"seat {seat} never came to act"
        if page.locator("#next-hand").count():
            v = page.evaluate("Table.state.version")
            page.click("#next-hand")
            page.wait_for_function(f"Table.state.version > {v}", timeout=15000)
        elif page.locator(TO_ACT).count():
            v = page.evaluate("Table.state.version")
            click_something(page)
            page.wait_for_function(f"Table.state.version > {v}", timeout=15000)
        else:
            time.sleep(0.05)


def test_a_click_while_disconnected_does_not_freeze_the_seat(server: ServerProcess, browser: Any) -> None:
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "random"), "bot_delay": 0})
    assert status == 201
    errors: list[str] = []
    _, page = open_seat(browser, server, seat_links(server, t)[0], errors)
    until_a_card_to_play(page)
    version = page.evaluate("Table.state.version")
    # The connection drops; the player clicks a card before it is back. (The page retries after
    # 0.6 s, sooner than a click may take on a loaded machine: the retry is held back until the
    # click is done, then let go.)
    page.evaluate("Table.realConnect = Table.connect; Table.connect = () => { Table.retried = true; };"
                  "Table.ws.close()")
    page.locator(PLAY).first.click()
    assert "Not connected" in page.inner_text("#table-error")
    assert page.evaluate("Table.sentVersion") == -1  # the state was not used up
    page.wait_for_function("Table.retried === true", timeout=15000)
    page.evaluate("Table.connect = Table.realConnect; Table.connect()")
    # Reconnected, the server resends the state; the same state takes a click again.
    page.wait_for_function("Table.ws.readyState === 1 && document.getElementById('table-error')"
                           ".textContent === ''", timeout=15000)
    assert page.evaluate("Table.state.version") == version
    click_something(page)
    page.wait_for_function(f"Table.state.version > {version}", timeout=15000)
    assert errors == []


def test_a_seat_left_is_seen_taken_over_after_the_grace_period_and_taken_back(
        server: ServerProcess, browser: Any) -> None:
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "human"), "bot_delay": 0,
        "takeover_seconds": 4})
    assert status == 201
    errors: list[str] = []
    _, ann = open_seat(browser, server, seat_links(server, t)[0], errors)
    bob_ctx, bob = open_seat(browser, server, seat_links(server, t)[1], errors)
    ann.wait_for_function("Table.state.seats[1].connected")
    deadline = time.monotonic() + 90
    version = until_to_act(ann, 1, deadline)
    bob_ctx.close()  # Bob leaves at his turn
    ann.wait_for_function("!Table.state.seats[1].connected", timeout=15000)
    assert "away" in ann.inner_text('#scoreboard .seat-box[data-seat="1"]')
    assert ann.evaluate("Table.state.version") == version  # the grace period runs first
    # After the grace period (4 s at this table) the computer plays for him.
    ann.wait_for_function(f"Table.state.version > {version}", timeout=15000)
    assert ann.evaluate("Table.state.seats[1].computer")
    # Bob comes back with his link: the seat is his again, and the computer waits for him.
    _, bob = open_seat(browser, server, seat_links(server, t)[1], errors)
    ann.wait_for_function("Table.state.seats[1].connected && !Table.state.seats[1].computer",
                          timeout=15000)
    version = until_to_act(ann, 1, deadline)
    time.sleep(5)  # past the grace period: nobody plays for a seat whose person is here
    assert ann.evaluate("Table.state.version") == version
    bob.wait_for_function(f"Table.state.version === {version}")
    assert click_something(bob)
    ann.wait_for_function(f"Table.state.version > {version}", timeout=15000)
    assert errors == []


def test_any_player_may_let_the_computer_play_at_once(server: ServerProcess, browser: Any) -> None:
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "human"), "bot_delay": 0})
    assert status == 201  # the default grace period: a minute
    errors: list[str] = []
    _, ann = open_seat(browser, server, seat_links(server, t)[0], errors)
    bob_ctx, _ = open_seat(browser, server, seat_links(server, t)[1], errors)
    ann.wait_for_function("Table.state.seats[1].connected")
    assert ann.locator(".takeover-btn").count() == 0  # nobody to replace while Bob is here
    version = until_to_act(ann, 1, time.monotonic() + 60)
    bob_ctx.close()  # Bob leaves at his turn; the table would wait a minute for him
    button = ann.locator('.takeover-btn[data-seat="1"]')
    button.wait_for(timeout=15000)
    assert "the computer plays in" in ann.inner_text('#scoreboard .seat-box[data-seat="1"]')
    button.click()
    # The computer plays Bob's turn at once, not after a minute.
    ann.wait_for_function(f"Table.state.version > {version}", timeout=10000)
    assert ann.evaluate("Table.state.seats[1].computer")
    assert ann.locator(".takeover-btn").count() == 0
    assert errors == []
