"""Each player checks each deal alone, in headless Chromium against ``sixtysix serve``: the seat's
browser keeps the full commitment shown at the hand's start, and when the hand is over it hashes
the revealed key itself and says "deal checked", or, when the server's reveal was tampered with
(a WebSocket routed through Playwright changes it), that the deal does NOT match. The browser's
own SHA-256 (for plain-http origins, which have no crypto.subtle) agrees with Python's hashlib.

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

from browser_util import needs_chromium, play_the_hand, watch_errors
from server_util import ServerProcess, seat_links, seat_tokens, seats

from sixtysix.cli.verify_cmd import verify_text

pytestmark = needs_chromium


def open_table(server: ServerProcess, browser: Any, tamper: Any = None,
               target: int = 7) -> tuple[Any, dict[str, Any]]:
    """A Sixty-Six table of a person and the computer (a match to ``target``), opened at the
    person's seat (with the WebSocket routed through ``tamper`` when given); the page and the
    creation's answer."""
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "random"), "bot_delay": 0, "hints": False,
        "options": {"target": target}})
    assert status == 201, t
    page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    if tamper is not None:
        page.route_web_socket(re.compile(r"/ws/"), tamper)
    page.goto(server.url + str(seat_links(server, t)[0]))
    page.wait_for_function("Table.state !== null && Table.state.commitment")
    return page, t


def test_the_browser_checks_each_deal_and_saves_its_commitments(
        server: ServerProcess, browser: Any) -> None:
    page, t = open_table(server, browser)
    errors = watch_errors(page)
    # The browser's SHA-256 against hashlib: the empty string, the padding's edges, a long input.
    rng = random.Random(76)
    inputs = [b"", b"abc", *(rng.randbytes(n) for n in (31, 32, 36, 55, 56, 63, 64, 65, 119, 1000))]
    got = page.evaluate("(xs) => xs.map((x) => sha256Hex(hexBytes(x)))", [x.hex() for x in inputs])
    assert got == [hashlib.sha256(x).hexdigest() for x in inputs]
    # The full commitment is kept at the hand's start, before any key is out.
    shown = page.evaluate("Table.state.commitment")
    assert re.fullmatch(r"[0-9a-f]{64}", shown) and page.evaluate("Table.state.deal_keys") == []
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('sixtysix.commitments.{t['table']}'))")
    assert kept["commitments"] == {"1": shown}
    assert page.locator("#deal-check").count() == 0  # nothing to check yet
    play_the_hand(page)
    # The hand is over: its key is revealed (the match, to 7, runs on: no secret yet), the
    # browser hashes it and says so.
    page.wait_for_selector("#deal-check.ok", timeout=15000)
    assert page.inner_text("#deal-check") == "Hand 1: deal checked ✓"
    assert page.evaluate("Table.state.secret") is None
    key = page.evaluate("Table.state.deal_keys[0]")
    assert hashlib.sha256(bytes.fromhex(key)).hexdigest() == shown
    # A browser that opens the table only now (a spectator here) never saw hand 1's commitment
    # before its key: it says so rather than "checked".
    late = browser.new_context().new_page()
    late.goto(f"{server.url}/t/{t['table']}")
    late.wait_for_selector("#deal-check", timeout=15000)
    assert late.inner_text("#deal-check").startswith("Hand 1: not checked here")
    late.context.close()
    # "Save my commitments": the file sixtysix verify --commitments reads, the record's too.
    with page.expect_download() as d:
        page.click("#save-commitments")
    saved = json.loads(Path(d.value.path()).read_text())
    assert saved == {"table": t["table"], "scheme": "sha256-v2", "commitments": {"1": shown}}
    token = seat_tokens(server, t)[0]
    status, record = server.request("GET", f"/api/tables/{t['table']}/record?token={token}")
    assert status == 200 and record["fairness"]["commitments"][0] == shown
    # A server that shows this browser another commitment for a hand it kept is caught too.
    page.evaluate("Table.receive({...Table.state, commitment: 'ab'.repeat(32)})")
    assert "Hand 1: the deal does NOT match" in page.inner_text("#deal-check.bad")
    assert "another commitment" in page.inner_text("#deal-check.bad")
    assert errors == []


def test_a_tampered_reveal_is_reported(server: ServerProcess, browser: Any) -> None:
    def tamper(ws: Any) -> None:
        # Between the page and the server: hand 1's key, once revealed, is replaced.
        upstream = ws.connect_to_server()
        ws.on_message(upstream.send)

        def down(text: str | bytes) -> None:
            msg = json.loads(text)
            if msg.get("type") == "state" and msg.get("deal_keys"):
                msg["deal_keys"][0] = hashlib.sha256(b"another deal").hexdigest()
            ws.send(json.dumps(msg))
        upstream.on_message(down)

    page, _ = open_table(server, browser, tamper)
    errors = watch_errors(page)
    play_the_hand(page)
    page.wait_for_selector("#deal-check.bad", timeout=15000)
    text = page.inner_text("#deal-check")
    assert text.startswith("Hand 1: the deal does NOT match the commitment shown before it was played")
    assert "does not hash to the commitment" in text
    assert page.get_attribute("#deal-check", "role") == "alert"
    assert errors == []


def test_the_commitments_saved_verify_the_finished_match(server: ServerProcess, browser: Any) -> None:
    # A one-game match: when its hand is over the match is over, and the record, the file the
    # browser saved and sixtysix verify fit together.
    page, t = open_table(server, browser, target=1)
    errors = watch_errors(page)
    play_the_hand(page)
    page.wait_for_function("Table.state.complete && Table.state.secret !== null", timeout=15000)
    page.wait_for_selector("#deal-check.ok", timeout=15000)
    with page.expect_download() as d:
        page.click("#save-commitments")
    saved = Path(d.value.path()).read_text()
    status, record = server.request("GET", f"/api/tables/{t['table']}/record")
    assert status == 200
    code, lines = verify_text(json.dumps(record), saved)
    assert code == 0, lines
    assert lines[0].startswith("checked against the commitments you saved (hands 1")
    # The server wrote another commitment into the record than it showed: verify names it.
    record["fairness"]["commitments"][0] = "cd" * 32
    code, lines = verify_text(json.dumps(record), saved)
    assert code == 1 and lines[-1].startswith("THE DEALS DO NOT MATCH: first at hand 1: ")
    assert errors == []
