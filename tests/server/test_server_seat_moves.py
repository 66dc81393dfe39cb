"""One live connection per seat: a second one is asked before it takes the seat, the first is
told and plays no more, a person may leave a seat to the computer, and the countdown to the
computer's takeover counts down in the page."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from browser_util import PLAY, TO_ACT, click_something, needs_chromium, until_a_card_to_play, watch_errors
from fastapi.testclient import TestClient
from server_util import ServerProcess, new_table, seat_links, seat_tokens, seats
from starlette.websockets import WebSocketDisconnect
from test_server_a11y import axe_violations

from sixtysix.server.hub import LEFT, MOVED
from sixtysix.server.table import Table


def table_obj(client: TestClient, tid: str) -> Table:
    t: Table = client.app.state.hub.tables[tid].table  # type: ignore[attr-defined]
    return t


def until(ws: Any, pred: Any) -> dict[str, Any]:
    """The first message from ``ws`` that ``pred`` accepts."""
    for _ in range(200):
        m: dict[str, Any] = ws.receive_json()
        if pred(m):
            return m
    raise AssertionError("no such message")


def closed_with(ws: Any) -> int:
    """The close code of a connection the server closed (after any messages still queued)."""
    with pytest.raises(WebSocketDisconnect) as e:
        for _ in range(200):
            ws.receive_json()
    return int(e.value.code)


def two_people(client: TestClient, **spec: Any) -> tuple[str, list[str]]:
    t = new_table(client, game="sixty-six", seats=seats("human", "human"), hints=False, **spec)
    toks = seat_tokens(client, t)
    assert toks[0] and toks[1]
    return t["table"], [toks[0], toks[1]]


# ---------------------------------------------------------------------- the WebSocket protocol


def test_a_second_connection_is_refused_unless_it_takes_the_seat_which_moves_it(
        client: TestClient) -> None:
    tid, toks = two_people(client)
    table = table_obj(client, tid)
    seat = table.match.to_act
    url = f"/ws/{tid}?token={toks[seat]}"
    with client.websocket_connect(url) as first:
        m = first.receive_json()
        assert m["type"] == "state" and m["seat"] == seat
        # The same seat again (another tab, a phone): refused, and the first one plays on.
        with client.websocket_connect(url) as second:
            err = second.receive_json()
            assert err["type"] == "error" and err["error"]["code"] == "seat_in_use"
            assert "open in another window or device" in err["error"]["message"]
            assert closed_with(second) == 4409
        first.send_json({"type": "ping"})
        assert until(first, lambda x: x["type"] == "pong")["version"] == m["version"]
        with client.websocket_connect(url + "&take=2") as bad:
            assert bad.receive_json()["error"]["code"] == "bad_request"
        # Asked to take the seat: the seat moves; the first is told, then closed.
        with client.websocket_connect(url + "&take=1") as third:
            mine = third.receive_json()
            assert mine["type"] == "state" and mine["seat"] == seat and mine["view"] == m["view"]
            # An action the first sends now (it has not read the news yet) is not played.
            first.send_json({"type": "act", "action": m["view"]["legal"][0]["action"],
                             "version": m["version"]})
            moved = until(first, lambda x: x["type"] != "state")
            assert moved["type"] == "moved" and "another window or device" in moved["message"]
            assert closed_with(first) == MOVED
            assert table.version == m["version"]
            assert mine["seats"][seat]["connected"]
            # The seat is held: HTTP cannot play it either (a copied secret cannot play beside).
            r = client.post(f"/api/tables/{tid}/actions", json={
                "token": toks[seat], "action": m["view"]["legal"][0]["action"],
                "version": m["version"]})
            assert r.status_code == 409 and r.json()["error"]["code"] == "seat_in_use"
            r = client.post(f"/api/tables/{tid}/takeover", json={"token": toks[seat], "seat": 1 - seat})
            assert r.status_code == 409 and r.json()["error"]["code"] == "seat_in_use"
            # The one holding the seat plays it.
            third.send_json({"type": "act", "action": m["view"]["legal"][0]["action"],
                             "version": m["version"]})
            after = until(third, lambda x: x["type"] == "state" and x["version"] > m["version"])
            assert after["version"] == m["version"] + 1 == table.version
    # Nobody holds the seat now: a connection without take=1 gets it, HTTP works again.
    with client.websocket_connect(url) as again:
        assert again.receive_json()["type"] == "state"
    for _ in range(100):
        r = client.get(f"/api/tables/{tid}")
        if not r.json()["seats"][seat]["connected"]:
            break
        time.sleep(0.01)
    r = client.post(f"/api/tables/{tid}/next", json={"token": toks[seat], "version": table.version})
    assert r.json()["error"]["code"] == "hand_in_progress"  # refused for the rules, not the seat


def test_leaving_gives_the_seat_to_the_computer_at_once_until_the_person_comes_back(
        client: TestClient) -> None:
    tid, toks = two_people(client)  # the default grace period: a minute
    table = table_obj(client, tid)
    with client.websocket_connect(f"/ws/{tid}?token={toks[0]}") as ann:
        until(ann, lambda m: m["type"] == "state")
        with client.websocket_connect(f"/ws/{tid}?token={toks[1]}") as bob:
            until(bob, lambda m: m["type"] == "state")
            bob.send_json({"type": "leave"})
            left = until(bob, lambda m: m["type"] != "state")
            assert left["type"] == "left" and "the computer plays for it" in left["message"]
            assert closed_with(bob) == LEFT
        m = until(ann, lambda m: m["type"] == "state" and m["seats"][1]["computer"])
        assert not m["seats"][1]["connected"]
        # The computer plays seat 1's turns at once, not after a minute.
        for _ in range(6):
            if m["view"]["to_act"] == 0 and not m["can_next"]:
                ann.send_json({"type": "act", "action": m["view"]["legal"][0]["action"],
                               "version": m["version"]})
            elif m["can_next"]:
                ann.send_json({"type": "next", "version": m["version"]})
            m = until(ann, lambda x, v=m["version"]: x["type"] == "state" and x["version"] > v)
        assert any(e.get("by") == "takeover" and e["seat"] == 1 for e in table.events)
        # Bob opens the table again: the seat is his.
        with client.websocket_connect(f"/ws/{tid}?token={toks[1]}") as back:
            mb = back.receive_json()
            assert mb["seats"][1]["connected"] and not mb["seats"][1]["computer"]
            assert 1 not in table.taken_over
        # A spectator has no seat to leave.
        with client.websocket_connect(f"/ws/{tid}") as spectator:
            spectator.receive_json()
            spectator.send_json({"type": "leave"})
            err = until(spectator, lambda x: x["type"] == "error")
            assert err["error"]["code"] == "bad_token"


class OtherProcesses:
    """Stands for the cluster of a hub on a shared database: what the hub tells the others."""

    node = "b"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def publish(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def leads(self, table_id: str) -> bool:
        return True

    def release(self, table_id: str) -> None:
        pass

    async def stop(self) -> None:
        pass


def test_one_seat_connected_at_two_processes_at_once_keeps_the_earlier_connection(
        client: TestClient) -> None:
    """Two connections made at two processes before either heard of the other: the later one is
    refused after all; a take at another process moves only an earlier connection."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    cluster = hub.cluster = OtherProcesses()
    tid, toks = two_people(client)

    def hear(message: dict[str, Any]) -> None:
        client.portal.call(hub._on_message, {"n": "a", "t": tid, **message})  # type: ignore[union-attr]

    with client.websocket_connect(f"/ws/{tid}?token={toks[0]}") as mine:
        mine.receive_json()
        conn = next(c for c in hub.tables[tid].conns if c.seat == 0)
        told = next(m for m in cluster.sent if "h" in m)
        assert told["h"] == {"0": conn.since}  # the others learn since when it holds seat 0
        hear({"c": {"0": 1}, "k": [], "h": {"0": conn.since + 1}})  # theirs came later
        hear({"m": 0, "s": conn.since - 1})  # a take there, older than this connection
        mine.send_json({"type": "ping"})
        assert until(mine, lambda m: m["type"] != "state")["type"] == "pong"
        hear({"c": {"0": 1}, "k": [], "h": {"0": conn.since - 1}})  # theirs came first
        err = until(mine, lambda m: m["type"] != "state")
        assert err["type"] == "error" and err["error"]["code"] == "seat_in_use"
        assert closed_with(mine) == 4409
    with client.websocket_connect(f"/ws/{tid}?token={toks[1]}&take=1") as taker:
        taker.receive_json()
        hear({"c": {"1": 1}, "k": [], "h": {"1": time.time() - 60}})  # this one took: it stays
        taker.send_json({"type": "ping"})
        assert until(taker, lambda m: m["type"] != "state")["type"] == "pong"
        hear({"m": 1, "s": time.time()})  # taken there, after: the seat moves there
        assert until(taker, lambda m: m["type"] != "state")["type"] == "moved"
        assert closed_with(taker) == MOVED


# ---------------------------------------------------------------------- in the browser


def in_browser(test: Any) -> Any:
    """A browser test (``needs_chromium``'s marks)."""
    for mark in needs_chromium:
        test = mark(test)
    return test


def open_page(browser: Any, server: ServerProcess, link: str, errors: list[str]) -> Any:
    """``link`` in a browser context of its own (another browser, as far as the server knows)."""
    page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    errors += watch_errors(page)
    page.goto(server.url + link)
    return page


def holding(page: Any) -> None:
    page.wait_for_function("Table.state !== null && Table.held && Table.ws && Table.ws.readyState === 1",
                           timeout=15000)


@in_browser
def test_the_same_seat_opened_twice_is_asked_before_it_moves_and_the_old_page_plays_no_more(
        server: ServerProcess, browser: Any) -> None:
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "random"), "bot_delay": 0, "hints": False})
    assert status == 201
    link, token = seat_links(server, t)[0], seat_tokens(server, t)[0]
    assert link and token
    errors: list[str] = []
    first = open_page(browser, server, link, errors)
    holding(first)
    until_a_card_to_play(first)
    version = first.evaluate("Table.state.version")
    # The same person opens the seat in a second browser: asked, not seated.
    second = open_page(browser, server, link, errors)
    notice = second.locator("#seat-notice")
    notice.wait_for(timeout=15000)
    assert "This seat is open in another window or device. Move it here?" in notice.inner_text()
    assert second.locator("#hand .card").count() == 0
    assert axe_violations(second) == []
    assert first.evaluate("Table.held && Table.ws.readyState === 1")
    assert first.locator("#seat-notice").is_hidden()
    # "Move it here": the second plays the seat, the first is told and plays no more.
    second.get_by_role("button", name="Move it here").click()
    holding(second)
    second.wait_for_selector("#hand button.card.legal")
    first.locator("#seat-notice").get_by_text("Your seat moved to another window or device").wait_for(
        timeout=15000)
    assert first.locator("#hand button.card.legal").count() == 0
    assert first.locator("#hand .card").count()  # its last view stays, with nothing to click
    first.locator("#hand .card").first.click()
    first.evaluate("Table.act(Table.state.view.hand[0] && 'play ' + Table.state.view.hand[0])")
    assert "does not hold your seat" in first.inner_text("#table-error")
    assert first.locator("#seat-bar button").count() == 0
    assert axe_violations(first) == []
    # The server refuses the seat to any other connection, and its actions over HTTP.
    refusal = first.evaluate("""(url) => new Promise((done) => {
        const ws = new WebSocket(url);
        ws.onmessage = (ev) => done(JSON.parse(ev.data));
    })""", f"{server.url.replace('http', 'ws')}/ws/{t['table']}?token={token}")
    assert refusal["type"] == "error" and refusal["error"]["code"] == "seat_in_use"
    legal = second.evaluate("Table.state.view.legal[0].action")
    status, body = server.request("POST", f"/api/tables/{t['table']}/actions",
                                  {"token": token, "action": legal, "version": version})
    assert status == 409 and body["error"]["code"] == "seat_in_use"
    assert second.evaluate("Table.state.version") == version
    # The first takes the seat back: now the second is told, and the first plays.
    first.get_by_role("button", name="Take the seat back here").click()
    holding(first)
    second.locator("#seat-notice").get_by_text("Your seat moved").wait_for(timeout=15000)
    assert click_something(first)  # a card (its first choice where a marriage gives a menu)
    first.wait_for_function(f"Table.state.version > {version}", timeout=15000)
    # A reload is the same page: it takes its seat back without asking.
    first.reload()
    holding(first)
    assert first.locator("#seat-notice").is_hidden()
    assert errors == []


@in_browser
def test_the_countdown_counts_down_and_a_person_may_leave_the_seat(
        server: ServerProcess, browser: Any) -> None:
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "human"), "bot_delay": 0, "hints": False,
        "takeover_seconds": 8})
    assert status == 201
    links = seat_links(server, t)
    errors: list[str] = []
    ann = open_page(browser, server, links[0] or "", errors)
    bob = open_page(browser, server, links[1] or "", errors)
    holding(ann)
    holding(bob)
    ann.wait_for_function("Table.state.seats[1].connected", timeout=15000)
    if ann.evaluate("Table.state.view.to_act") == 0:  # Ann leads: then it is Bob's turn
        until_a_card_to_play(ann)
        v = ann.evaluate("Table.state.version")
        ann.locator(PLAY).first.click()
        ann.wait_for_function(f"Table.state.version > {v}", timeout=15000)
    assert ann.evaluate("Table.state.view.to_act") == 1
    version = ann.evaluate("Table.state.version")
    bob.context.close()  # Bob goes, at his turn
    box = ann.locator('#scoreboard .seat-box[data-seat="1"]')
    box.get_by_text("the computer plays in").wait_for(timeout=15000)
    came = ann.evaluate("Table.state")

    def seconds() -> int:
        found = re.search(r"the computer plays in (\d+) s", box.inner_text())
        assert found, box.inner_text()
        return int(found.group(1))

    before = seconds()
    time.sleep(2.5)
    after = seconds()
    assert after <= before - 2, (before, after)
    assert ann.evaluate("Table.state") == came  # counted in the page, no message since
    # At zero the computer takes the seat, and Ann sees it.
    ann.wait_for_function(f"Table.state.version > {version} && Table.state.seats[1].computer",
                          timeout=15000)
    assert "🤖" in ann.inner_text('#scoreboard .seat-box[data-seat="1"]')
    # Ann leaves her seat: the computer plays it at once, until she takes it back.
    ann.get_by_role("button", name="Leave the seat").click()
    ann.locator("#seat-notice").get_by_text("You left the seat: the computer plays for it").wait_for(
        timeout=15000)
    state = server.request("GET", f"/api/tables/{t['table']}")[1]
    assert state["seats"][0]["computer"] and not state["seats"][0]["connected"]
    assert ann.locator(TO_ACT).count() == 0
    ann.get_by_role("button", name="Take the seat back").click()
    holding(ann)
    ann.wait_for_function("Table.state.seats[0].connected && !Table.state.seats[0].computer",
                          timeout=15000)
    assert errors == []
