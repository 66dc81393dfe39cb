"""People at one table move on together: the next hand is dealt when every person present has
asked for it (or a short countdown after the first one did runs out), so one click does not wipe
another's summary of the hand; and the score sheet lists every hand of the match."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from browser_util import TO_ACT, click_something, hand_over, needs_chromium, watch_errors
from fastapi.testclient import TestClient
from server_util import ServerProcess, finished_table, new_table, seat_links, seat_tokens, seats
from test_server_a11y import axe_violations

from sixtysix.server import table as table_module
from sixtysix.server.storage import Storage
from sixtysix.server.table import DEFAULT_NEXT_HAND_SECONDS, Table


@contextmanager
def two_at_table(client: TestClient, **spec: Any) -> Iterator[tuple[str, list[str], list[Any]]]:
    """A Sixty-Six table of two people, both connected: its id, tokens and WebSockets (each
    already past the states its connecting was told with)."""
    t = new_table(client, game="sixty-six", seats=seats("human", "human"), **spec)
    tid = t["table"]
    toks = [tok for tok in seat_tokens(client, t) if tok]
    with ExitStack() as stack:
        socks = []
        for tok in toks:
            socks.append(stack.enter_context(client.websocket_connect(f"/ws/{tid}?token={tok}")))
        for i, ws in enumerate(socks):
            for _ in range(len(socks) - i):  # sent again as each later one connected
                ws.receive_json()
        yield tid, toks, socks


def state(ws: Any) -> dict[str, Any]:
    """The table's state now, as the connection's seat sees it."""
    ws.send_json({"type": "state"})
    m: dict[str, Any] = ws.receive_json()
    assert m["type"] == "state", m
    return m


def first_choice(m: dict[str, Any]) -> str:
    """A draw, else a card to play, else the first legal action: the hand runs its course."""
    legal = [a["action"] for a in m["view"]["legal"]]
    return next((a for a in legal if a == "draw" or a.startswith("play")), legal[0])


def play_hand(socks: list[Any]) -> list[dict[str, Any]]:
    """Play the current hand to its end (cards and draws first): each seat's last state."""
    last = [state(ws) for ws in socks]
    while last[0]["result"] is None:
        m = last[last[0]["view"]["to_act"]]
        socks[m["seat"]].send_json({"type": "act", "action": first_choice(m), "version": m["version"]})
        last = [ws.receive_json() for ws in socks]
    return last


def test_the_next_hand_waits_for_every_person_present(client: TestClient) -> None:
    with two_at_table(client) as (_, _, socks):
        over = play_hand(socks)
        assert [m["can_next"] for m in over] == [True, True]
        assert over[0]["next"] == {"ready": [], "waiting": [0, 1], "deal_in": None}
        socks[0].send_json({"type": "next", "version": over[0]["version"]})
        told = [ws.receive_json() for ws in socks]
        for m in told:  # both still see the hand's result; each sees who is ready
            assert m["version"] == over[0]["version"] and m["result"] == over[0]["result"]
            assert m["next"]["ready"] == [0] and m["next"]["waiting"] == [1]
            assert 0 < m["next"]["deal_in"] <= DEFAULT_NEXT_HAND_SECONDS
        assert [m["can_next"] for m in told] == [False, True]
        # Asking again is asking once: nothing changes.
        socks[0].send_json({"type": "next", "version": over[0]["version"]})
        assert state(socks[0])["next"]["ready"] == [0]
        socks[1].send_json({"type": "next", "version": over[0]["version"]})
        dealt = [ws.receive_json() for ws in socks]
        for m in dealt:
            assert m["hand_no"] == 2 and m["result"] is None and m["next"] is None
            assert m["version"] == over[0]["version"] + 1


def test_the_countdown_deals_when_someone_does_not_ask(client: TestClient) -> None:
    with two_at_table(client, next_hand_seconds=0.5) as (_, _, socks):
        over = play_hand(socks)
        start = time.monotonic()
        socks[1].send_json({"type": "next", "version": over[1]["version"]})
        told = socks[0].receive_json()
        assert told["next"]["ready"] == [1] and told["next"]["deal_in"] <= 0.5
        dealt = socks[0].receive_json()  # nobody else asks: the server deals after 0.5 s
        assert dealt["hand_no"] == 2 and dealt["result"] is None
        assert time.monotonic() - start >= 0.4


def test_no_countdown_at_zero_and_a_person_gone_is_waited_for_a_moment_only(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "RECONNECT_SECONDS", 1.0)
    with two_at_table(client, next_hand_seconds=0) as (tid, _, socks):
        over = play_hand(socks)
        socks[0].send_json({"type": "next", "version": over[0]["version"]})
        told = socks[0].receive_json()
        assert told["next"] == {"ready": [0], "waiting": [1], "deal_in": None}
        start = time.monotonic()
        socks[1].close()  # the other person's connection goes: perhaps a reload, so not at once
        m = socks[0].receive_json()
        assert m["hand_no"] == 1 and not m["seats"][1]["connected"]
        assert m["next"]["waiting"] == [1] and 0 < m["next"]["deal_in"] <= 1
        while m["hand_no"] != 2:  # ... but nobody comes back: dealt without them
            m = socks[0].receive_json()
        assert m["result"] is None and time.monotonic() - start >= 0.9


def test_only_the_people_present_are_waited_for(client: TestClient) -> None:
    # Seat 0's person is connected; seat 1 plays over HTTP (no connection: not waited for).
    t = new_table(client, game="sixty-six", seats=seats("human", "human"))
    tid, toks = t["table"], seat_tokens(client, t)
    with client.websocket_connect(f"/ws/{tid}?token={toks[0]}") as ws:
        s = ws.receive_json()
        while s["result"] is None:
            if s["view"]["to_act"] == 0:
                ws.send_json({"type": "act", "action": first_choice(s), "version": s["version"]})
            else:
                mine = client.get(f"/api/tables/{tid}?token={toks[1]}").json()
                r = client.post(f"/api/tables/{tid}/actions",
                                json={"token": toks[1], "action": first_choice(mine),
                                      "version": s["version"]})
                assert r.status_code == 200, r.text
            s = ws.receive_json()
        r = client.post(f"/api/tables/{tid}/next", json={"token": toks[1], "version": s["version"]})
        assert r.status_code == 200, r.text
        assert r.json()["next"] == {"ready": [1], "waiting": [0], "deal_in": pytest.approx(30, abs=1)}
        assert r.json()["result"] is not None and r.json()["can_next"] is False
        assert ws.receive_json()["next"]["ready"] == [1]
        ws.send_json({"type": "next", "version": s["version"]})  # the one person present
        m = ws.receive_json()
        while m["hand_no"] != 2:
            m = ws.receive_json()
        assert m["result"] is None and m["next"] is None


@pytest.mark.parametrize("value", ["30", -1, 3601, True, None])
def test_next_hand_seconds_is_checked(client: TestClient, value: Any) -> None:
    r = client.post("/api/tables", json={"game": "sixty-six", "seats": seats("human", "human"),
                                         "next_hand_seconds": value})
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == "bad_table" and "'next_hand_seconds'" in err["message"] and "3600" in err["message"]


def test_bad_next_requests_change_nothing(client: TestClient) -> None:
    with two_at_table(client) as (tid, toks, socks):
        m = state(socks[0])
        socks[0].send_json({"type": "next", "version": m["version"]})
        assert socks[0].receive_json()["error"]["code"] == "hand_in_progress"
        over = play_hand(socks)
        version = over[0]["version"]
        for bad, code in (({"version": version - 1}, "stale"), ({"version": "x"}, "bad_request"),
                          ({}, "bad_request")):
            socks[0].send_json({"type": "next", **bad})
            assert socks[0].receive_json()["error"]["code"] == code
        r = client.post(f"/api/tables/{tid}/next", json={"version": version})  # no seat
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
        with client.websocket_connect(f"/ws/{tid}") as spectator:
            watched = spectator.receive_json()
            assert watched["can_next"] is False and watched["next"]["waiting"] == [0, 1]
            spectator.send_json({"type": "next", "version": version})
            assert spectator.receive_json()["error"]["code"] == "bad_token"
        again = state(socks[0])
        assert again["version"] == version and again["next"]["ready"] == []
        del toks


def test_results_carry_the_match_score_after_each_hand_and_rematches_keep_the_countdown() -> None:
    t = Table.create(Storage("sqlite://"), {"game": "schnapsen", "next_hand_seconds": 12,
                                            "seats": seats("human", "human")})
    for _ in range(3):
        while t.match.in_hand:
            seat = t.match.to_act
            t.act(seat, first_choice(t.message(seat)), version=t.version)
        if t.match.complete:
            break
        t.next_hand(0, version=t.version)  # nobody is connected: dealt at once
    results = t.message(0)["results"]
    assert len(results) >= 2
    left = [7, 7]  # Schnapsen counts down from 7: the score is what each has to go
    for r in results:
        left = [s - g for s, g in zip(left, r["game_points"], strict=True)]
        assert r["score"] == left
    assert results[-1]["score"] == t.message(0)["score"]
    while not t.match.complete:
        if t.match.in_hand:
            seat = t.match.to_act
            t.act(seat, t.message(seat)["view"]["legal"][0]["action"], version=t.version)
        else:
            t.next_hand(1, version=t.version)
    assert t.rematch_request(0)["next_hand_seconds"] == 12


# ---------------------------------------------------------------------- in two browsers


def open_seat(browser: Any, server: ServerProcess, link: str, errors: list[str]) -> Any:
    page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    errors += watch_errors(page)
    page.goto(server.url + link)
    page.wait_for_function("Table.state !== null && Table.ws.readyState === 1")
    return page


def play_to_the_end_of_the_hand(pages: list[Any]) -> None:
    deadline = time.monotonic() + 90
    while not all(hand_over(p) for p in pages):
        assert time.monotonic() < deadline, "the hand did not end"
        for p in pages:
            if p.locator(TO_ACT).count():
                version = p.evaluate("Table.state.version")
                if click_something(p):
                    for q in pages:
                        q.wait_for_function(f"Table.state.version > {version}", timeout=15000)
                break
        else:
            time.sleep(0.05)


def countdown(page: Any, where: str) -> int:
    found = re.search(r"dealing in (\d+) s", page.inner_text(where))
    assert found, page.inner_text(where)
    return int(found.group(1))


def browser_test(test: Any) -> Any:
    for mark in needs_chromium:
        test = mark(test)
    return test


@browser_test
def test_two_people_read_the_summary_move_on_together_and_keep_a_score_sheet(
        server: ServerProcess, browser: Any) -> None:
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        "bot_delay": 0, "hints": False, "next_hand_seconds": 8})
    assert status == 201, t
    errors: list[str] = []
    links = seat_links(server, t)
    ann, bob = (open_seat(browser, server, str(link), errors) for link in links)
    ann.wait_for_function("Table.state.seats[1].connected")

    # Hand 1: both see its summary. Ann asks for the next hand: Bob's summary stays, and Ann
    # sees that she waits for him, counted down; Bob sees that she is ready.
    play_to_the_end_of_the_hand([ann, bob])
    summary = bob.inner_text("#summary")
    # Under it, the hand face up for both: every card of the deal, every trick, why it scored.
    for p in (ann, bob):
        check_the_hand_face_up(p)
    # The score pad has hand 1's line: beside the table on a wide screen, behind a button on a
    # narrower one (Ann's, 1000 px) that opens it over the table and Escape closes.
    bob.set_viewport_size({"width": 1280, "height": 800})
    pad_line = 'tbody tr[data-hand="1"] .pad-score'
    score = bob.evaluate("Table.state.results[0].score")
    assert bob.locator("#score-pad").is_visible() and bob.locator("#score-pad-btn").is_hidden()
    assert bob.locator(f"#score-pad {pad_line}").all_inner_texts() == [str(x) for x in score]
    assert ann.locator("#score-pad").is_hidden()
    ann.click("#score-pad-btn")
    assert ann.locator("#score-pad").is_visible()
    assert ann.locator(f"#score-pad {pad_line}").all_inner_texts() == [str(x) for x in score]
    ann.keyboard.press("Escape")
    assert ann.locator("#score-pad").is_hidden()
    ann.set_viewport_size({"width": 1280, "height": 800})  # from here on the pad is in view
    version = ann.evaluate("Table.state.version")
    ann.click("#next-hand")
    ann.wait_for_selector("#next-waiting")
    assert "Waiting for Bob" in ann.inner_text("#next-waiting")
    first = countdown(ann, "#next-waiting")
    assert 0 < first <= 8 and ann.locator("#next-hand").count() == 0
    bob.wait_for_selector("#next-ready")
    assert "Ann is ready for the next hand" in bob.inner_text("#next-ready")
    assert bob.inner_text("#summary h2") in summary and bob.locator("#next-hand").is_enabled()
    assert bob.evaluate("Table.state.version") == version
    ann.wait_for_function(f"/dealing in ([0-{first - 1}]) s/.test("
                          "document.getElementById('next-waiting').textContent)", timeout=5000)
    assert ann.evaluate("Table.state.version") == version and hand_over(ann)
    # Bob asks too: the next hand is dealt for both.
    bob.click("#next-hand")
    for p in (ann, bob):
        p.wait_for_function("Table.state.hand_no === 2 && Table.state.result === null", timeout=15000)
        assert p.locator("#summary").is_hidden() and p.locator("#hand .card").count() == 6

    # Hand 2: Bob asks, Ann does not: the countdown deals hand 3 by itself.
    play_to_the_end_of_the_hand([ann, bob])
    bob.click("#next-hand")
    ann.wait_for_selector("#next-ready")
    assert "Bob is ready" in ann.inner_text("#next-ready") and countdown(ann, "#next-ready") <= 8
    for p in (ann, bob):
        p.wait_for_function("Table.state.hand_no === 3", timeout=20000)

    # The pad's hand numbers open a hand over face up: hand 1, all 24 cards, its every trick.
    first = ann.evaluate("fetch(`/api/tables/${Table.id}/hands/1`).then((r) => r.json())")
    ann.click('#score-pad .pad-hand[data-hand="1"]')
    hand = ann.locator("#hand-dialog")
    hand.locator(".reveal-trick-list").wait_for()
    assert hand.locator(".reveal-trick-list li").count() == len(first["reveal"]["tricks"])
    assert len(set(hand.locator(".card[data-card]").evaluate_all(
        "els => els.map((e) => e.dataset.card)"))) == 24
    assert hand.locator(".hand-analysis-link").count() == 0  # not while the match runs
    assert axe_violations(ann) == []
    ann.keyboard.press("Escape")
    assert hand.is_hidden()

    # The score sheet, one click away: both hands with the message's numbers; Escape closes it.
    results = ann.evaluate("Table.state.results")
    assert len(results) == 2
    ann.click("#score-sheet-btn")
    sheet = ann.locator("#score-sheet")
    assert sheet.is_visible()
    rows = sheet.locator("tbody tr")
    assert rows.count() == 2
    for k, r in enumerate(results):
        row = rows.nth(k)
        won = " and ".join(["Ann", "Bob"][i] for i in r["winners"]) or "Nobody"
        assert row.locator("th").inner_text() == str(k + 1)
        assert row.locator(".sheet-won").inner_text() == won
        assert r["end"] in row.locator(".sheet-how").inner_text()
        for seat in (0, 1):
            hand = row.locator(f'.sheet-hand[data-seat="{seat}"]').inner_text()
            gp = r["game_points"][seat]
            assert hand.startswith(f"+{gp}" if gp > 0 else str(gp))
            assert f"{r['points'][seat]} pt" in hand and f"{r['tricks'][seat]} trick" in hand
            assert row.locator(f'.sheet-score[data-seat="{seat}"]').inner_text() == str(r["score"][seat])
    assert "Game points" in sheet.inner_text()
    assert axe_violations(ann) == []
    ann.keyboard.press("Escape")
    assert sheet.is_hidden()
    # From the keyboard: the button opens it, Close closes it.
    ann.focus("#score-sheet-btn")
    ann.keyboard.press("Enter")
    assert sheet.is_visible()
    ann.focus("#score-sheet-close")
    ann.keyboard.press("Enter")
    assert sheet.is_hidden()

    # After the match too (one the computer played out): every hand, the last with the final score.
    done = finished_table(server)
    ann.goto(server.url + str(next(link for link in seat_links(server, done) if link)))
    ann.wait_for_selector("#match-end:not([hidden])")
    final = ann.evaluate("[Table.state.results.length, Table.state.score]")
    ann.click("#score-sheet-btn")
    assert sheet.locator("tbody tr").count() == final[0] >= 1
    last = sheet.locator("tbody tr").last
    assert [last.locator(f'.sheet-score[data-seat="{i}"]').inner_text() for i in (0, 1)] == \
        [str(x) for x in final[1]]
    assert errors == []


def check_the_hand_face_up(page: Any) -> None:
    """The hand just over, face up under its summary: each of the pack's cards shown (dealt or
    in the talon), one line per trick with its winner marked, and why it scored, by name."""
    reveal, result = page.evaluate("[Table.state.reveal, Table.state.result]")
    box = page.locator("#reveal")
    assert box.is_visible()
    shown = box.locator(".card[data-card]").evaluate_all("els => els.map((e) => e.dataset.card)")
    assert len({c for h in reveal["dealt"] for c in h} | set(reveal["stock"]) | {reveal["turnup"]}) == 24
    assert set(shown) == {f"{r}{s}" for r in "AKQJT9" for s in "CDHS"}
    box.locator(".reveal-tricks summary").click()
    lines = box.locator(".reveal-trick-list li")
    assert lines.count() == len(reveal["tricks"])
    names = ["Ann", "Bob"]
    for k, t in enumerate(reveal["tricks"]):
        assert lines.nth(k).locator(".reveal-play.winner .who").inner_text() == names[t["winner"]]
    why = box.locator(".reveal-why").inner_text()
    # Why it scored names who won it; a drawn hand (65-65, the deal's chance) names nobody.
    assert any(n in why or "You" in why for n in names) or result["end"] == "draw", why
    assert str(result["points"][0]) in box.inner_text()


def play_hand_over_http(server: ServerProcess, tid: str, toks: list[str | None]) -> dict[str, Any]:
    """Play the current hand to its end over HTTP (nobody connected): the state after it."""
    while True:
        _, s = server.request("GET", f"/api/tables/{tid}")
        if s["result"] is not None:
            return s  # type: ignore[no-any-return]
        seat = s["view"]["to_act"]
        _, mine = server.request("GET", f"/api/tables/{tid}?token={toks[seat]}")
        status, answer = server.request("POST", f"/api/tables/{tid}/actions", {
            "token": toks[seat], "action": first_choice(mine), "version": s["version"]})
        assert status == 200, answer


@browser_test
def test_a_restart_forgets_nobody_who_asked_for_the_next_hand(
        server_factory: Any, browser: Any) -> None:
    server = server_factory()
    server.start()
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        "bot_delay": 0, "hints": False, "next_hand_seconds": 0})
    assert status == 201, t
    over = play_hand_over_http(server, t["table"], seat_tokens(server, t))
    errors: list[str] = []
    ann, bob = (open_seat(browser, server, str(link), errors) for link in seat_links(server, t))
    ann.wait_for_function("Table.state.seats[1].connected")
    ann.click("#next-hand")
    bob.wait_for_selector("#next-ready")
    server.kill()
    # Bob's page counts the states it is sent from now on (by the server started again).
    bob.evaluate("() => { window.fresh = 0; const take = Table.receive.bind(Table); "
                 "Table.receive = (m) => { window.fresh += m.type === 'state'; take(m); }; }")
    server.start()
    # Both pages connect again; the server forgot who was ready, Ann's page tells it again.
    bob.wait_for_function("window.fresh && Table.state.next.ready.includes(0)", timeout=20000)
    assert "Ann is ready" in bob.inner_text("#next-ready")
    assert "Waiting for Bob" in ann.inner_text("#next-waiting")
    assert bob.evaluate("Table.state.version") == over["version"]
    bob.click("#next-hand")
    for p in (ann, bob):
        p.wait_for_function("Table.state.hand_no === 2", timeout=15000)
    # Connection errors while the server was down are expected; nothing else.
    assert [e for e in errors if "WebSocket" not in e and "ERR_CONNECTION" not in e] == []


@browser_test
def test_the_lobby_sets_the_next_hand_countdown(server: ServerProcess, browser: Any) -> None:
    page = browser.new_context().new_page()
    errors = watch_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#game-select option", state="attached")
    assert page.input_value("#opt-next") == str(DEFAULT_NEXT_HAND_SECONDS)
    page.fill("#opt-next", "12")
    with page.expect_request("**/api/tables") as asked:
        page.click("#create-btn")
    assert asked.value.post_data_json["next_hand_seconds"] == 12
    page.wait_for_selector("#created:not([hidden])")
    assert errors == []
