"""No request can hurt the server: each bad request is answered with a clear 4xx message, against
a real server process (``sixtysix serve --config FILE``), and the server goes on serving."""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from server_util import ServerProcess, seat_tokens, seats
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

LIMITS = {"max_bot_seconds": 2.0, "max_bot_iterations": 50_000, "max_bot_workers": 1,
          "max_bot_worlds": 500, "tables_burst": 200, "sockets_burst": 200,
          "spectators_per_table": 3}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module: every test leaves it serving for the next."""
    d = tmp_path_factory.mktemp("limits")
    config = d / "limits.toml"
    config.write_text("".join(f"{k} = {v!r}\n" for k, v in LIMITS.items()))
    s = ServerProcess(f"sqlite:///{d / 'tables.db'}", str(config))
    s.start()
    yield s
    s.stop()


def create(server: ServerProcess, **spec: Any) -> tuple[int, Any]:
    spec.setdefault("game", "sixty-six")
    spec.setdefault("bot_delay", 0)
    return server.request("POST", "/api/tables", spec)


def refused(server: ServerProcess, status: int, code: str, words: str, **spec: Any) -> None:
    got, body = create(server, **spec)
    assert got == status, body
    assert body["error"]["code"] == code and words in body["error"]["message"], body


def still_serving(server: ServerProcess) -> None:
    status, body = create(server, seats=seats("human", "random"))
    assert status == 201, body


def ws(server: ServerProcess, path: str) -> ClientConnection:
    return connect(server.url.replace("http", "ws") + path, open_timeout=10)


def recv(conn: ClientConnection) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(conn.recv(timeout=10))
    return out


def recv_until(conn: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        m = recv(conn)
        if m["type"] == kind:
            return m


# ---------------------------------------------------------------------- computer players


@pytest.mark.parametrize(("bot", "words"), [
    ("ismcts:iterations=0", "ismcts: iterations must be a whole number from 1 to 10,000,000, not 0"),
    ("ismcts:iterations=-1", "ismcts: iterations must be a whole number from 1 to 10,000,000, not -1"),
    ("ismcts:seconds=-2", "ismcts: seconds must be a number from 0.001 to 3600, not -2"),
    ("pimc:worlds=0", "pimc: worlds must be a whole number from 1 to 100,000, not 0"),
    ("pimc:worlds=-3", "pimc: worlds must be a whole number from 1 to 100,000, not -3"),
    ("ismcts:bogus=1", "ismcts: unknown parameter 'bogus'"),
    # Within the bot's own ranges, over this server's configured maxima:
    ("ismcts:workers=64", "ismcts: workers=64 is over this server's limit of 1"),
    ("ismcts:iterations=1000000", "ismcts: iterations=1e+06 is over this server's limit of 50000"),
    ("ismcts:seconds=30", "ismcts: seconds=30 is over this server's limit of 2"),
    ("master:seconds=5", "master: seconds=5 is over this server's limit of 2"),
    ("pimc:worlds=5000", "pimc: worlds=5000 is over this server's limit of 500"),
    ("ismcts:particles=5000", "ismcts: particles=5000 is over this server's limit of 500"),
    ("ismcts:particles=30000", "ismcts: particles must be a whole number from 0 to 20,000, not 30000"),
])
def test_bad_bot_specifications_are_refused(server: ServerProcess, bot: str, words: str) -> None:
    refused(server, 400, "bad_table", f"seat 1: {words}", seats=seats("human", bot))
    refused(server, 400, "bad_table", f"takeover_bot: {words}", seats=seats("human", "human"),
            takeover_bot=bot)
    still_serving(server)


def test_bots_within_the_limits_are_taken(server: ServerProcess) -> None:
    status, body = create(server, seats=seats("ismcts:iterations=50,workers=1", "pimc:worlds=3"))
    assert status == 201, body
    status, body = create(server, seats=seats("human", "human"), hints=True, hint_seconds=3)
    assert status == 400 and "'hint_seconds' is over this server's limit of 2" in body["error"]["message"]


# ---------------------------------------------------------------------- options and JSON


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(server: ServerProcess, text: str) -> None:
    raw = b'{"game": "sixty-six", "options": {"target": ' + text.encode() + b"}}"
    status, body = server.request("POST", "/api/tables", raw=raw)
    assert status == 400 and body["error"]["code"] == "bad_json"
    assert f"{text} is not a JSON number" in body["error"]["message"]
    still_serving(server)


def test_a_fractional_target_is_refused(server: ServerProcess) -> None:
    refused(server, 400, "bad_table", "option 'target' takes a whole number, not 1000000000000000.0",
            options={"target": 1e15})


@pytest.mark.parametrize(("raw", "words"), [
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "must be a JSON object"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b'{"game": "sixty-six", "game": "schnapsen"}', "the key 'game' is given twice"),
    (b'{"a":' * 40 + b"1" + b"}" * 40, "nested more than 16 levels deep"),
    (b"[" * 8000 + b"]" * 8000, "nested more than 16 levels deep"),
    (b'{"hints": 1' + b"0" * 5000 + b"}", "not valid JSON"),
])
def test_malformed_bodies_are_a_400_not_a_500(server: ServerProcess, raw: bytes, words: str) -> None:
    status, body = server.request("POST", "/api/tables", raw=raw)
    assert status == 400, body
    assert body["error"]["code"] == "bad_json" and words in body["error"]["message"], body
    still_serving(server)


def test_oversized_bodies_are_refused_unread(server: ServerProcess) -> None:
    # A declared megabyte is refused before any of it is sent: the server does not wait for it.
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest("POST", "/api/tables")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", "1000000")
    conn.endheaders()
    r = conn.getresponse()
    assert r.status == 413 and "over 16384 bytes" in json.loads(r.read())["error"]["message"]
    conn.close()
    # Without a Content-Length (chunked), the body is cut off at the limit all the same.
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest("POST", "/api/tables")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    chunk = b" " * 8192
    for _ in range(3):  # one chunk past the limit, and no end: the server answers at the limit
        conn.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
    r = conn.getresponse()
    assert r.status == 413 and b"over 16384 bytes" in r.read()
    conn.close()
    still_serving(server)


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded",
                                   "multipart/form-data; boundary=x", ""])
def test_a_cross_site_form_cannot_create_a_table(server: ServerProcess, ctype: str) -> None:
    raw = json.dumps({"game": "sixty-six"}).encode()
    status, body = server.request("POST", "/api/tables", raw=raw, content_type=ctype)
    assert status == 415 and body["error"]["code"] == "unsupported_media_type", body
    assert "Content-Type: application/json" in body["error"]["message"]
    # Nor act at one.
    _, t = create(server, seats=seats("human", "human"))
    tid, tok = t["table"], seat_tokens(server, t)[0]
    action = json.dumps({"token": tok, "action": "play AS", "version": 1}).encode()
    status, body = server.request("POST", f"/api/tables/{tid}/actions", raw=action, content_type=ctype)
    assert status == 415
    status, state = server.request("GET", f"/api/tables/{tid}?token={tok}")
    assert status == 200 and state["version"] == 1


def test_a_charset_parameter_is_fine(server: ServerProcess) -> None:
    raw = json.dumps({"game": "sixty-six", "bot_delay": 0}).encode()
    status, _ = server.request("POST", "/api/tables", raw=raw,
                               content_type="application/json; charset=utf-8")
    assert status == 201


# ---------------------------------------------------------------------- rate limits


def test_table_creation_is_rate_limited_per_client(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(config={**LIMITS, "tables_burst": 3, "tables_per_minute": 1})
    server.start()
    for _ in range(3):
        assert create(server)[0] == 201
    status, body = create(server)
    assert status == 429 and body["error"]["code"] == "rate_limited"
    assert "too many new tables from your address: try again in" in body["error"]["message"]
    # Reading is not limited.
    assert server.request("GET", "/api/games")[0] == 200


def test_websocket_connections_are_rate_limited_per_client(
        server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(config={**LIMITS, "sockets_burst": 3, "sockets_per_minute": 1,
                                    "spectators_per_table": 50})
    server.start()
    _, t = create(server, seats=seats("human", "human"))
    for _ in range(3):
        with ws(server, f"/ws/{t['table']}") as c:
            assert recv(c)["type"] == "state"
    with ws(server, f"/ws/{t['table']}") as c:
        m = recv(c)
        assert m["type"] == "error" and m["error"]["code"] == "rate_limited"
        assert "too many connections from your address" in m["error"]["message"]
        with pytest.raises(ConnectionClosed) as e:
            c.recv(timeout=10)
        assert e.value.rcvd is not None and e.value.rcvd.code == 4429


def test_a_seat_holds_one_websocket(server: ServerProcess) -> None:
    _, t = create(server, seats=seats("human", "human"))
    toks = seat_tokens(server, t)
    path = f"/ws/{t['table']}?token={toks[0]}"
    stack = ExitStack()
    first = stack.enter_context(ws(server, path))
    assert recv(first)["type"] == "state"
    with ws(server, path) as second:
        m = recv(second)
        assert m["type"] == "error" and m["error"]["code"] == "seat_in_use"
        assert "seat 0 is open in another window or device" in m["error"]["message"]
    # The other seat is not affected, and a closed connection frees the seat.
    with ws(server, f"/ws/{t['table']}?token={toks[1]}") as other:
        assert recv(other)["type"] == "state"
    first.close()
    deadline = time.monotonic() + 10
    while True:
        with ws(server, path) as again:
            m = recv(again)
        if m["type"] == "state" or time.monotonic() > deadline:
            break
        time.sleep(0.1)  # the server notices the close a moment later
    assert m["type"] == "state"
    stack.close()


def test_spectators_are_limited_per_table(server: ServerProcess) -> None:
    _, t = create(server, seats=seats("human", "human"))
    with ExitStack() as stack:
        for _ in range(3):
            assert recv(stack.enter_context(ws(server, f"/ws/{t['table']}")))["type"] == "state"
        with ws(server, f"/ws/{t['table']}") as extra:
            m = recv(extra)
            assert m["error"]["code"] == "too_many_connections" and "spectators" in m["error"]["message"]


# ---------------------------------------------------------------------- WebSocket messages


@pytest.mark.parametrize(("message", "code", "words"), [
    ('{"type": "act", "action": "play AS", "version": NaN}', "bad_json", "NaN is not a JSON number"),
    ("{oops", "bad_json", "not valid JSON"),
    ("[" * 50 + "]" * 50, "bad_json", "nested more than 16 levels deep"),
    ('{"type": "ping", "type": "act"}', "bad_json", "given twice"),
    ("[]", "bad_json", "a message must be a JSON object"),
    ('{"type": "dance"}', "bad_request", "unknown message type 'dance'"),
    ('{"type": "act", "action": "play AS", "version": "one"}', "bad_request", "'version'"),
    ('{"type": "act", "action": ' + '"x"' + ', "version": 1' + ' ' * 20_000 + "}", "too_large",
     "limited to 16384 bytes"),
    (b"\x00\x01binary", "bad_json", "not binary"),
])
def test_a_bad_message_is_answered_and_the_socket_stays_open(
        server: ServerProcess, message: str | bytes, code: str, words: str) -> None:
    _, t = create(server, seats=seats("human", "human"))
    with ws(server, f"/ws/{t['table']}?token={seat_tokens(server, t)[0]}") as c:
        before = recv(c)
        c.send(message)
        m = recv_until(c, "error")
        assert m["error"]["code"] == code and words in m["error"]["message"], m
        c.send('{"type": "ping"}')
        assert recv_until(c, "pong")["version"] == before["version"]


@pytest.mark.parametrize(("options", "words"), [
    ({"target": 0}, "option 'target'"),
    ({"target": 1000000000000000}, "option 'target'"),
    ({"close_min_stock": 999}, "option 'close_min_stock'"),
])
def test_option_values_out_of_range_are_refused(server: ServerProcess, options: dict[str, Any],
                                                words: str) -> None:
    """Option values outside the ranges the game declares get a 400 naming the option."""
    refused(server, 400, "bad_table", words, options=options)
    still_serving(server)


def _get_twice(server: ServerProcess, pause: float) -> int:
    """GET /api/games twice on one HTTP connection, ``pause`` seconds apart: the second status."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request("GET", "/api/games")
        assert conn.getresponse().read()
        time.sleep(pause)
        conn.request("GET", "/api/games")
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_an_idle_connection_outlives_http_clients_pools(server: ServerProcess) -> None:
    # Clients' pools (httpx, requests) reuse a connection idle for up to 5 s. A server that closed
    # it at 5 s (uvicorn's default) raced their next request, which failed with a reset.
    assert _get_twice(server, 6.0) == 200


def test_the_keep_alive_is_a_setting(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(config={**LIMITS, "keep_alive_seconds": 1.0})
    server.start()
    with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
        _get_twice(server, 2.5)
