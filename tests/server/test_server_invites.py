"""One person, one seat: the creator gets his own seat's secret and, for every other person's
seat, an invitation that the first to claim it exchanges for that seat's own secret, once. No
message gives a seat's secret to anyone else; hints are off by default where several people sit."""

from __future__ import annotations

import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from browser_util import DESKTOP, needs_chromium, watch_errors
from fastapi.testclient import TestClient
from server_util import ServerProcess, needs_pg, new_table, pg_url, seats, table_state
from test_server_a11y import axe_violations
from websockets.sync.client import connect

from sixtysix.server.app import create_app
from sixtysix.server.storage import Storage
from sixtysix.server.table import check_spec

THREE = {"game": "three-hand-sixty-six", "seats": seats("human", "human", "random")}


def claim(client: TestClient, tid: str, body: Any) -> tuple[int, dict[str, Any]]:
    r = client.post(f"/api/tables/{tid}/claim", json=body)
    return r.status_code, r.json()


def test_the_creator_gets_his_seat_and_an_invitation_for_each_other_person(
        client: TestClient) -> None:
    t = new_table(client, **THREE)
    tid = t["table"]
    ann, bob, bot = t["seats"]
    assert set(ann) == {"seat", "kind", "name", "token"}
    code = bob["invite"]
    assert "token" not in bob and bob["invite_link"] == f"/t/{tid}?invite={code}"
    assert "token" not in bot and "invite" not in bot
    assert t["spectator_link"] == f"/t/{tid}"

    # Before Bob comes: everyone sees his seat invited; only the creator's message carries the
    # invitation (to share it from any of his pages).
    mine, watching = table_state(client, tid, ann["token"]), table_state(client, tid)
    assert [s["invited"] for s in watching["seats"]] == [False, True, False]
    assert mine["invites"] == [{"seat": 1, "link": bob["invite_link"]}]
    assert watching["invites"] == [] and code not in json.dumps(watching)

    status, got = claim(client, tid, {"invite": code})
    assert status == 200 and got["seat"] == 1 and got["name"] == "P1" and got["link"] == f"/t/{tid}"
    bobs = table_state(client, tid, got["token"])
    assert bobs["seat"] == 1 and bobs["view"]["seat"] == 1  # (the dealer sits out: no hand)
    # Joined: the invitation is gone from the creator's message; no message carries a secret
    # of another seat, nor the spent invitation.
    mine, watching = table_state(client, tid, ann["token"]), table_state(client, tid)
    assert [s["invited"] for s in mine["seats"]] == [False, False, False]
    assert mine["invites"] == [] and bobs["invites"] == []
    for message, other in ((mine, got["token"]), (bobs, ann["token"]), (watching, ann["token"]),
                           (watching, got["token"])):
        assert other not in json.dumps(message) and code not in json.dumps(message)


def test_an_invited_seat_is_waited_for_not_taken_by_the_clock(client: TestClient) -> None:
    """An invitation may take a while to reach its person: the computer does not take his seat
    over by the clock before he comes (it does once he has come and gone); a player may still
    ask for the computer at once."""
    # A grace long enough for Ann's own lead on a loaded machine (with 0.01 s the clock played it
    # before her request came, and her stale version was refused).
    t = new_table(client, game="sixty-six", seats=seats("human", "human"), takeover_seconds=0.5)
    tid, ann = t["table"], t["seats"][0]["token"]
    m = table_state(client, tid, ann)
    if m["view"]["to_act"] == 0:  # Ann leads: then it is Bob's turn
        action = m["view"]["legal"][0]["action"]
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": ann, "action": action, "version": m["version"]})
        assert r.status_code == 200, r.text
    time.sleep(1.5)  # three times the table's grace
    m = table_state(client, tid, ann)
    bob = m["seats"][1]
    assert m["view"]["to_act"] == 1 and bob["invited"] and not bob["computer"]
    assert bob["takeover_in"] is None
    version = m["version"]
    r = client.post(f"/api/tables/{tid}/takeover", json={"token": ann, "seat": 1})
    assert r.status_code == 200, r.text
    deadline = time.monotonic() + 10
    while table_state(client, tid, ann)["version"] == version:
        assert time.monotonic() < deadline, "the computer asked for did not play"
        time.sleep(0.05)


def test_a_claim_is_refused_clearly_and_changes_nothing(client: TestClient) -> None:
    t = new_table(client, **THREE)
    tid, code = t["table"], t["seats"][1]["invite"]
    status, first = claim(client, tid, {"invite": code})
    assert status == 200
    before = table_state(client, tid, first["token"])
    status, e = claim(client, tid, {"invite": code})
    assert (status, e["error"]["code"]) == (410, "invite_spent")
    assert "used already" in e["error"]["message"] and "P1" in e["error"]["message"]
    for body, want in (({"invite": "no-such-invitation"}, (404, "no_invite")),
                       ({"invite": t["seats"][0]["token"]}, (404, "no_invite")),
                       ({"invite": 7}, (400, "bad_request")), ({}, (400, "bad_request")),
                       ({"invite": ""}, (400, "bad_request")),
                       ({"invite": "x" * 5000}, (400, "bad_request"))):
        status, e = claim(client, tid, body)
        assert (status, e["error"]["code"]) == want, (body, e)
    status, e = claim(client, "nosuchtable", {"invite": code})
    assert (status, e["error"]["code"]) == (404, "no_table")
    r = client.post(f"/api/tables/{tid}/claim", content=json.dumps({"invite": code}),
                    headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    # The seat is still the first claimer's, with the same state.
    assert table_state(client, tid, first["token"]) == before


def test_of_claims_at_once_exactly_one_wins(client: TestClient) -> None:
    t = new_table(client, **THREE)
    tid, code = t["table"], t["seats"][1]["invite"]
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _: claim(client, tid, {"invite": code}), range(6)))
    assert sorted(s for s, _ in answers) == [200] + [410] * 5, answers
    token = next(a["token"] for s, a in answers if s == 200)
    assert table_state(client, tid, token)["seat"] == 1


@needs_pg
def test_two_processes_claiming_at_once_seat_one_person(server_factory: Any) -> None:
    # Two server processes on one PostgreSQL database, the invitation opened at both at once:
    # one claim wins; its secret works at the other process at once, which shows the seat joined.
    a, b = server_factory(pg_url()), server_factory(pg_url())
    a.start()
    b.start()
    status, t = a.request("POST", "/api/tables", {**THREE, "bot_delay": 0})
    assert status == 201, t
    tid, code, ann = t["table"], t["seats"][1]["invite"], t["seats"][0]["token"]
    path = f"/api/tables/{tid}/claim"
    # The creator's page is connected to b: it is told at once, whichever process seats Bob.
    with connect(f"ws://127.0.0.1:{b.port}/ws/{tid}?token={ann}") as creator:
        assert json.loads(creator.recv(10))["invites"]
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(lambda s: s.request("POST", path, {"invite": code}),
                                    [a, b, a, b]))
        assert sorted(s for s, _ in answers) == [200, 410, 410, 410], answers
        m = json.loads(creator.recv(10))
        while m["seats"][1]["invited"]:
            m = json.loads(creator.recv(10))
        assert m["invites"] == []
    token = next(r["token"] for s, r in answers if s == 200)
    for server in (a, b):
        status, m = server.request("GET", f"/api/tables/{tid}?token={token}")
        assert status == 200 and m["seat"] == 1
        status, m = server.request("GET", f"/api/tables/{tid}?token={ann}")
        assert m["invites"] == [] and not m["seats"][1]["invited"]


def test_hints_are_off_by_default_where_several_people_sit(client: TestClient) -> None:
    assert new_table(client, game="sixty-six", seats=seats("human", "human"))["hints"] is False
    assert new_table(client, game="sixty-six", seats=seats("human", "random"))["hints"] is True
    t = new_table(client, game="sixty-six", seats=seats("human", "human"), hints=True)
    assert t["hints"] is True and table_state(client, t["table"])["hints"] is True


def test_a_table_stored_before_invitations_keeps_its_seats() -> None:
    # Then every seat's token was in the table's spec, and there were no seat keys.
    store = Storage("sqlite://")
    spec = check_spec({"game": "sixty-six", "seats": seats("human", "human")})
    for i, seat in enumerate(spec["seats"]):
        seat["token"] = f"old-token-of-seat-{i}-0123456789"
    store.create_table("old", spec)
    store.append_event("old", 0, {"deal": 12345})
    with TestClient(create_app(storage=store)) as client:
        assert [table_state(client, "old", s["token"])["seat"] for s in spec["seats"]] == [0, 1]
        m = table_state(client, "old", spec["seats"][0]["token"])
        assert m["invites"] == [] and not any(s["invited"] for s in m["seats"])
        assert client.get("/api/tables/old?token=forged").status_code == 403


# ---------------------------------------------------------------------- in the browser


def in_browser(test: Any) -> Any:
    for mark in needs_chromium:
        test = mark(test)
    return test


def context(browser: Any, server: ServerProcess) -> Any:
    """Another person's browser (its own storage); Share copies (no system share sheet here)."""
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    ctx.add_init_script("delete Navigator.prototype.share")
    return ctx


def at_table(page: Any) -> None:
    page.wait_for_function("typeof Table !== 'undefined' && Table.state !== null && Table.ws "
                           "&& Table.ws.readyState === 1", timeout=15000)


def shared(page: Any, button: str) -> str:
    """What a Share button gives (on the clipboard here)."""
    page.click(button)
    page.wait_for_function("document.getElementById('announce').textContent === 'Link copied'")
    text: str = page.evaluate("navigator.clipboard.readText()")
    page.evaluate("document.getElementById('announce').textContent = ''")
    return text


def everything(page: Any) -> list[str]:
    """All a page gives its person: its address, text, every attribute's and input's value, its
    browser's storage and clipboard."""
    return list(page.evaluate("""async () => {
        const out = [location.href, document.body.innerText];
        for (const el of document.querySelectorAll('*')) {
            for (const a of el.attributes) out.push(a.value);
            if ('value' in el && typeof el.value === 'string') out.push(el.value);
        }
        for (let i = 0; i < localStorage.length; i++) {
            out.push(localStorage.key(i), localStorage.getItem(localStorage.key(i)));
        }
        out.push(await navigator.clipboard.readText().catch(() => ''));
        return out; }"""))


@in_browser
def test_the_creator_reaches_no_other_seat_by_anything_his_pages_give_him(
        server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    ann_ctx = context(browser, server)
    ann = ann_ctx.new_page()
    errors += watch_errors(ann)
    ann.goto(server.url + "/")
    ann.wait_for_selector("#game-select option", state="attached")
    ann.select_option("#game-select", "sixty-six")
    ann.click("#options-box summary")
    ann.fill("#opt-target", "1")
    assert ann.is_checked("#opt-hints")  # against the computer: hints on
    ann.select_option("#seat-kind-1", "human")
    assert not ann.is_checked("#opt-hints")  # two people: off unless they want them
    ann.check("#opt-hints")
    ann.fill("#seat-name-0", "Ann")
    ann.fill("#seat-name-1", "Bob")
    ann.click("#create-btn")
    ann.locator('.seat-link[data-seat="0"]').wait_for()
    tid = ann.inner_text("#created-id")
    invite = shared(ann, "#share-created-1-row .share-btn")
    assert invite.startswith(f"{server.url}/t/{tid}?invite=")
    assert shared(ann, "#share-created-watch-row .share-btn") == f"{server.url}/t/{tid}"
    seen = everything(ann)
    ann.click('.seat-link[data-seat="0"]')
    at_table(ann)
    assert ann.url == f"{server.url}/t/{tid}" and ann.evaluate("Table.state.seat") == 0
    # Ann's table shows Bob's seat invited, with the invitation to share again.
    assert ann.get_attribute("#seat-state-1", "data-state") == "invited"
    assert shared(ann, "#share-seat-1-row .share-btn") == invite
    assert axe_violations(ann) == []
    seen += everything(ann)

    # Bob opens the invitation in his browser: his seat, the address clean, the secret kept.
    bob = context(browser, server).new_page()
    errors += watch_errors(bob)
    bob.goto(invite)
    at_table(bob)
    assert bob.url == f"{server.url}/t/{tid}" and bob.evaluate("Table.state.seat") == 1
    bob_token = bob.evaluate(f"localStorage.getItem('sixtysix.seat.{tid}')")
    assert bob_token and bob.evaluate("Table.token") == bob_token
    assert bob_token not in bob.content() and "invite" not in bob.content()
    bob_hand = set(bob.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert len(bob_hand) == 6
    # A link with another secret (mistyped, or sent to push him off) does not replace his.
    bob.goto(f"{server.url}/t/{tid}?token=sent-by-someone-else")
    at_table(bob)
    assert bob.evaluate("[Table.state.seat, Seats.get(Table.id)]") == [1, bob_token]
    # Ann sees him joined; her page offers his seat no more.
    ann.wait_for_selector('#seat-state-1[data-state="joined"]')
    assert ann.locator("#share-seat-1-row").count() == 0
    # Both see that hints are allowed.
    assert "Hints are allowed" in ann.inner_text("#hints-note")
    assert "Hints are allowed" in bob.inner_text("#hints-note")
    assert ann.locator("#analysis-link").count() == 0  # no analysis while the match runs
    # The record comes as a file made in the page: no link carries Ann's secret.
    with ann.expect_download() as download:
        ann.click("#record-btn")
    record = json.loads(Path(download.value.path()).read_text())
    assert record["seat"] == 0 and record["players"] == ["Ann", "Bob"]
    seen += everything(ann)
    # Where the browser can neither share nor copy, Share shows the link selected, to copy.
    ann.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    ann.click("#share-watch-row .share-btn")
    ann.wait_for_selector("#share-watch:visible")
    assert ann.input_value("#share-watch") == f"{server.url}/t/{tid}"
    selected = ann.evaluate("(e => [e.id, e.value.slice(e.selectionStart, e.selectionEnd)])"
                            "(document.activeElement)")
    assert selected == ["share-watch", f"{server.url}/t/{tid}"]

    # My tables holds this browser's own seat only (no link, no secret, nobody else's seat).
    ann_token = ann.evaluate("Table.token")
    for page, seat in ((ann, 0), (bob, 1)):
        mine = page.evaluate("MyTables.all()")
        assert [(e["id"], e["seat"]) for e in mine] == [(tid, seat)]
        assert set(mine[0]) <= {"id", "game", "game_name", "seat", "when", "finished", "gone"}

    # Nothing Ann's pages gave her is Bob's secret, and nothing of it seats her at Bob's place:
    # every word of it as a secret (the API), every address in a fresh browser.
    text = "\n".join(seen)
    assert bob_token not in text
    words = set(re.findall(r"[A-Za-z0-9_-]{16,}", text))
    assert ann_token in words and invite.split("=")[1] in words
    addresses = {x for x in seen if x.startswith(server.url)}
    for word in words:
        status, m = server.request("GET", f"/api/tables/{tid}?token={word}")
        assert status == 403 or m["seat"] == 0, word
        if status == 200:  # Ann's own: tried in a browser too
            addresses.add(f"{server.url}/t/{tid}?token={word}")
    assert len(addresses) < 12, addresses
    for address in sorted(addresses):
        probe = context(browser, server)
        page = probe.new_page()
        page.goto(address)
        if "/t/" in address:  # the table; refused; open elsewhere (Ann's); the invitation refused
            page.wait_for_function("Table.state !== null || Table.ws && Table.ws.readyState === 3 "
                                   "|| Table.away || !document.getElementById('invitation').hidden")
            cards = page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
            assert page.evaluate("Table.state && Table.state.seat") != 1, address
            assert not set(cards) & bob_hand, address
            assert page.url == f"{server.url}/t/{tid}", address  # no secret left in the address
        probe.close()

    # A browser that kept My tables the old way (its seat's link with the secret, and for the
    # creator every seat's link) keeps its own seat's secret apart and forgets the links.
    old = context(browser, server).new_page()
    old.goto(server.url + "/")
    old.evaluate("""([tid, own]) => localStorage.setItem('sixtysix.tables', JSON.stringify([{
        id: tid, game: 'sixty-six', seat: 0, when: Date.now(), finished: false,
        link: `/t/${tid}?token=${own}`,
        links: [{seat: 0, name: 'Ann', link: `/t/${tid}?token=${own}`},
                {seat: 1, name: 'Bob', link: `/t/${tid}?token=bobs-old`}]}]))""",
                 [tid, ann_token])
    old.reload()
    resume = old.locator(f'#my-tables li[data-table="{tid}"] .resume-link')
    assert resume.get_attribute("href") == f"/t/{tid}"
    assert old.evaluate(f"Seats.get('{tid}')") == ann_token
    assert "bobs-old" not in json.dumps(everything(old))
    assert [(e["id"], e["seat"], "link" in e) for e in old.evaluate("MyTables.all()")] == \
        [(tid, 0, False)]
    old.context.close()

    # A browser with no seat here, given a link whose secret holds none, watches and says why.
    late = context(browser, server).new_page()
    late.goto(f"{server.url}/t/{tid}?token=forged")
    late.wait_for_selector("#bad-key")
    assert late.evaluate("[Table.state.seat, Seats.get(Table.id)]") == [None, None]
    assert "not valid" in late.inner_text("#bad-key")

    # The invitation, spent: another browser gets a clear page with the way to the lobby.
    late.goto(invite)
    late.wait_for_selector("#invitation:not([hidden])")
    assert "used already" in late.inner_text("#invitation-message")
    assert late.get_attribute("#invitation-lobby", "href") == "/"
    assert late.evaluate("Table.state") is None and late.url == f"{server.url}/t/{tid}"
    assert axe_violations(late) == []
    late.goto(f"{server.url}/t/{tid}?invite=no-such-invitation")
    late.wait_for_selector("#invitation:not([hidden])")
    assert "no such invitation" in late.inner_text("#invitation-message")
    assert errors == []
