"""Finding tables again, in headless Chromium at a phone's size and a desktop's: "My tables" in
the lobby (invitations and seats' secrets: test_server_invites.py), one click to play the computer at a
level, Rematch and Back to lobby at the end of a match, the help pages; and accessibility
(axe-core, every control reached by the keyboard, cards with text labels).

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import time
from typing import Any

from browser_util import DESKTOP, SIZES, needs_chromium, watch_errors
from server_util import ServerProcess, finished_table, seat_links, seat_tokens, seats

from sixtysix.games import GAMES

pytestmark = needs_chromium


def new_page(browser: Any, server: ServerProcess, size: dict[str, int], errors: list[str],
             path: str = "/") -> Any:
    """A page in a browser context of its own (its own localStorage: another person's browser)."""
    ctx = browser.new_context(viewport=size)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = ctx.new_page()
    errors += watch_errors(page)
    page.goto(server.url + path)
    return page


def at_table(page: Any) -> None:
    # (While a page is replaced by the next, its scripts may not have run yet: no Table then.)
    page.wait_for_function("typeof Table !== 'undefined' && Table.state !== null && Table.ws "
                           "&& Table.ws.readyState === 1", timeout=15000)


def quick_play(page: Any, game: str) -> None:
    """One click on the lobby's button for ``game``: the table opens once the server made it."""
    with page.expect_navigation(url="**/t/**"):
        page.click(f'.quick-game[data-game="{game}"]')
    at_table(page)


def fits(page: Any, size: dict[str, int]) -> None:
    """Nothing wider than the screen (a phone must not scroll sideways)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def my_tables(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("MyTables.all()"))


# ---------------------------------------------------------------------- my tables


@SIZES
def test_my_tables_lists_resumes_marks_finished_and_removes(server: ServerProcess, browser: Any,
                                                            size: dict[str, int]) -> None:
    errors: list[str] = []
    page = new_page(browser, server, size, errors)
    page.wait_for_selector(".quick-game")
    assert page.locator("#my-tables-box").is_hidden()  # a new browser knows no table

    # A table played against the computer, and one whose match is over (this browser joined it
    # with its seat's link).
    quick_play(page, "schnapsen")
    playing = page.evaluate("Table.id")
    own = page.evaluate("location.pathname + location.search")
    done = finished_table(server)
    page.goto(server.url + seat_links(server, done)[0])
    at_table(page)
    page.wait_for_selector("#match-end:not([hidden])")
    # Its analysis is one click away once the match is over.
    assert page.get_attribute("#analysis-link", "href") == f"/a/{done['table']}"

    page.goto(server.url + "/")
    page.wait_for_selector("#my-tables li")
    rows = page.locator("#my-tables li")
    assert rows.count() == 2
    assert [e["id"] for e in my_tables(page)] == [done["table"], playing]  # newest first
    finished_row = page.locator(f'#my-tables li[data-table="{done["table"]}"]')
    assert "finished" in finished_row.inner_text() and "Sixty-Six" in finished_row.inner_text()
    playing_row = page.locator(f'#my-tables li[data-table="{playing}"]')
    assert "finished" not in playing_row.inner_text() and "Schnapsen" in playing_row.inner_text()
    assert playing_row.locator(".resume-link").get_attribute("href") == own
    fits(page, size)

    # Resume: back at the table, in the same seat.
    playing_row.locator(".resume-link").click()
    at_table(page)
    assert page.evaluate("[Table.id, Table.state.seat]") == [playing, 0]

    # Remove: gone from the list, and still gone after a reload.
    page.goto(server.url + "/")
    page.locator(f'#my-tables li[data-table="{done["table"]}"] .forget-btn').click()
    assert page.locator("#my-tables li").count() == 1
    page.reload()
    page.wait_for_selector("#my-tables li")
    assert [e["id"] for e in my_tables(page)] == [playing]
    assert errors == []


def test_my_tables_learns_that_a_match_ended_while_away(server: ServerProcess, browser: Any) -> None:
    # Remembered while it runs; the person leaves and the computer plays out the match; the
    # lobby, opened again, asks the server and marks the table finished.
    errors: list[str] = []
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "human"), "options": {"target": 1},
        "bot_delay": 0, "takeover_seconds": 600, "hints": False})
    assert status == 201
    tid, ann, bob = t["table"], seat_tokens(server, t)[0], seat_tokens(server, t)[1]
    page = new_page(browser, server, DESKTOP, errors, seat_links(server, t)[0])
    at_table(page)
    assert [(e["id"], e["finished"]) for e in my_tables(page)] == [(tid, False)]
    page.goto("about:blank")
    deadline = time.monotonic() + 60
    while server.request("GET", f"/api/tables/{tid}")[1]["seats"][0]["connected"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    # Each seat lets the computer play the other's at once.
    for token, seat in ((bob, 0), (ann, 1)):
        status, e = server.request("POST", f"/api/tables/{tid}/takeover", {"token": token, "seat": seat})
        assert status == 200, e
    while not server.request("GET", f"/api/tables/{tid}")[1]["complete"]:
        assert time.monotonic() < deadline, "the computer did not finish the match"
        time.sleep(0.1)
    page.goto(server.url + "/")
    row = page.locator(f'#my-tables li[data-table="{t["table"]}"]')
    row.locator(".finished-mark").wait_for(timeout=15000)
    assert "finished" in row.inner_text() and "Open" in row.locator(".resume-link").inner_text()
    assert [(e["id"], e["finished"]) for e in my_tables(page)] == [(t["table"], True)]
    assert errors == []


# ---------------------------------------------------------------------- against the computer


@SIZES
def test_one_click_plays_the_computer_at_the_chosen_level_in_every_game(
        server: ServerProcess, browser: Any, size: dict[str, int]) -> None:
    errors: list[str] = []
    page = new_page(browser, server, size, errors)
    page.wait_for_selector(".quick-game")
    levels = page.locator("#quick-level option").evaluate_all("els => els.map(e => e.value)")
    assert levels == ["beginner", "casual", "strong", "master"]
    # The seat selector lists the levels apart from the engines they are made of.
    groups = page.locator("#seat-kind-1 optgroup").evaluate_all(
        "gs => gs.map(g => [g.label, [...g.children].map(o => o.value.slice(4))])")
    assert groups[0] == ["Computer: levels", levels]
    assert groups[1][0] == "Engines (for experts)" and {"heuristic", "ismcts", "random"} <= set(groups[1][1])
    # A level is named and told in a player's words; the engine's own words are the engines'.
    assert page.locator("#seat-kind-1 option[value='bot:casual']").text_content() == "Casual"
    assert "rules of thumb, no search" not in page.inner_text("#quick-level-help")
    assert not set(levels) & set(groups[1][1])
    assert page.locator("#seat-kind-1").input_value() == "bot:casual"

    games = page.locator(".quick-game").evaluate_all("els => els.map(e => e.dataset.game)")
    assert sorted(games) == sorted(GAMES)
    for i, game in enumerate(games):
        level = levels[i % len(levels)]
        page.goto(server.url + "/")
        page.wait_for_selector(".quick-game")
        page.select_option("#quick-level", level)
        assert page.inner_text("#quick-level-help")  # what the level means
        quick_play(page, game)
        m = page.evaluate("Table.state")
        assert m["game"] == game and m["seat"] == 0
        assert m["seats"][0]["kind"] == "human"
        assert [(s["kind"], s["bot"]) for s in m["seats"][1:]] == [("bot", level)] * (len(m["seats"]) - 1)
        assert "token=" not in page.url and page.evaluate("Seats.get(Table.id)") == \
            page.evaluate("Table.token")
        fits(page, size)
    # The level chosen last is remembered for next time.
    page.goto(server.url + "/")
    page.wait_for_selector(".quick-game")
    assert page.locator("#quick-level").input_value() == levels[(len(games) - 1) % len(levels)]
    assert errors == []


# ---------------------------------------------------------------------- rematch


@SIZES
def test_rematch_keeps_every_seat_its_own_and_back_to_lobby(
        server: ServerProcess, browser: Any, size: dict[str, int]) -> None:
    errors: list[str] = []
    # Played out by the computer after a grace period of 2 s; the rematch keeps that grace
    # period, so it waits for Ann, who is there at once.
    t = finished_table(server, seats=[{"kind": "human", "name": "Ann"},
                                      {"kind": "human", "name": "Bob"}], takeover_seconds=2)
    ann = new_page(browser, server, size, errors, seat_links(server, t)[0])
    bob = new_page(browser, server, size, errors, seat_links(server, t)[1])
    for p in (ann, bob):
        at_table(p)
        p.wait_for_selector("#match-end:not([hidden]) #rematch-btn")
        assert p.locator("#match-end #lobby-link").get_attribute("href") == "/"
        fits(p, size)
    ann.click("#rematch-btn")
    # Ann goes to the new table, in her seat there, which her browser holds with its secret of
    # the old table (no address carries it).
    ann.wait_for_url(f"**/t/{t['table']}.2")
    at_table(ann)
    assert ann.evaluate("Table.state.seat") == 0 and ann.evaluate("Table.state.hand_no") == 1
    assert ann.evaluate("Table.token") == seat_tokens(server, t)[0]
    # Its score pad tallies the match before it (Sixty-Six: the matches each side won).
    won = ann.evaluate("Table.state.series[0].winner")
    assert ann.locator("#score-pad .pad-tally").text_content() == "Matches won so far: " + \
        " · ".join(f"{name} {int(i in won)}" for i, name in enumerate(("Ann", "Bob")))
    # Bob is told on the old table; the link is the table's plain one, his browser holds his seat.
    join = bob.locator("#rematch-link")
    join.wait_for(timeout=15000)
    assert join.get_attribute("href") == f"/t/{t['table']}.2"
    assert seat_tokens(server, t)[0] not in bob.content()
    with bob.expect_navigation(url=f"**/t/{t['table']}.2"):
        join.click()
    at_table(bob)
    assert bob.evaluate("[Table.state.seat, Table.state.seats[1].name]") == [1, "Bob"]
    ann.wait_for_function("Table.state.seats[1].connected", timeout=15000)
    # Back to the lobby: both tables are in My tables, the first one finished.
    bob.go_back()
    at_table(bob)
    bob.click("#lobby-link")
    bob.wait_for_selector("#my-tables li")
    mine = {e["id"]: e["finished"] for e in my_tables(bob)}
    assert mine == {t["table"]: True, f"{t['table']}.2": False}
    assert errors == []


# ---------------------------------------------------------------------- help


@SIZES
def test_help_pages_from_the_lobby_and_the_table(server: ServerProcess, browser: Any,
                                                 size: dict[str, int]) -> None:
    errors: list[str] = []
    page = new_page(browser, server, size, errors)
    page.wait_for_selector("#game-select option", state="attached")
    # The lobby's options: readable labels, the meaning read with each control.
    page.select_option("#game-select", "schnapsen")
    page.click("#options-box summary")
    box = page.locator("#opt-start_score")
    assert page.locator('label:has(#opt-start_score)').inner_text().startswith("Start score")
    assert page.inner_text("#" + (box.get_attribute("aria-describedby") or "")) == \
        "where each player's count starts"
    assert "_" not in page.locator("#options label").all_inner_texts()[0]
    page.click("#game-rules-link")
    page.wait_for_selector("#help-rules h1")
    assert page.url.endswith("/help/schnapsen")
    assert page.inner_text("#help-rules h1").startswith("Schnapsen")
    # Option names in the rules text come with a label and their meaning.
    opt = page.locator("#help-rules .opt", has_text="start_score").first
    assert opt.inner_text().startswith("Start score")
    assert opt.get_attribute("title") == "where each player's count starts"
    assert page.locator("#opt-help-start_score").inner_text().startswith("Start score")
    fits(page, size)
    # Links between the rules pages stay in the help.
    page.click('#help-nav a[href="/help/index"]')
    page.wait_for_selector("#help-rules h1")
    assert page.inner_text("#help-rules h1") == "The rules"
    page.locator('#help-rules a[href="/help/gaigel"]').click()
    page.wait_for_function("document.querySelector('#help-rules h1') && "
                           "document.querySelector('#help-rules h1').textContent.startsWith('Gaigel')")
    # From a table: its game's rules.
    page.goto(server.url + "/")
    quick_play(page, "terts")
    page.click("#rules-link")
    page.wait_for_selector("#help-rules h1")
    assert page.url.endswith("/help/terts") and page.inner_text("#help-rules h1").startswith("Terts")
    assert errors == []
