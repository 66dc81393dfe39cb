"""Two ``sixtysix serve`` processes on one PostgreSQL database (marker ``postgres``): a match with
one seat connected to each process, seats moving between processes, and an action sent to both
at once that is applied exactly once."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import websockets
from server_util import PG_MARKS, ServerProcess, pg_url, seat_tokens, seats
from sqlalchemy import text
from websockets.sync.client import connect

from sixtysix.server.cluster import lock_key
from sixtysix.server.storage import Storage

pytestmark = PG_MARKS


@pytest.fixture(scope="module")
def servers() -> Iterator[list[ServerProcess]]:
    """Two server processes on the test database, for all the tests here (each starts in
    seconds); each test uses tables of its own."""
    url = pg_url()
    assert url is not None
    made = [ServerProcess(url) for _ in range(2)]
    try:
        for s in made:
            s.start()
        yield made
    finally:
        for s in made:
            s.stop()


@pytest.fixture
def store() -> Any:
    url = pg_url()
    assert url is not None
    s = Storage(url)
    yield s
    s.close()


def ws_url(server: ServerProcess, tid: str, token: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/{tid}?token={token}"


async def play_seat(servers: list[ServerProcess], tid: str, token: str, seat: int,
                    seen: dict[int, dict[int, list[str]]], rng: random.Random) -> dict[str, Any]:
    """Play ``seat`` over a WebSocket to ``servers[seat]``; once the first hand is over, go on
    over a new connection to the other process. Returns the last state."""
    where = seat
    moved = False
    acted = -1  # the version this seat last acted at (a state is sent again when presence changes)
    while True:
        # Moving on, the seat is taken at the other process (which may not have heard yet that
        # the first connection closed), as a page does that reconnects.
        take = "&take=1" if moved else ""
        async with websockets.connect(ws_url(servers[where], tid, token) + take) as ws:
            everyone_here = False
            while True:
                m = json.loads(await asyncio.wait_for(ws.recv(), 20))
                assert m["type"] == "state", m
                # Each process sends each connection its own seat's view, never another's.
                assert m["seat"] == seat and m["view"]["seat"] == seat
                seen[seat][m["version"]] = m["view"]["hand"]
                if not everyone_here:
                    # The other seat is connected to the other process: this one counts it in
                    # (else the computer would take its seat over).
                    everyone_here = all(s["connected"] for s in m["seats"])
                    if not everyone_here:
                        continue
                assert not any(s["computer"] for s in m["seats"]), m["seats"]
                if m["complete"]:
                    return m  # type: ignore[no-any-return]
                if m["hand_no"] >= 2 and not moved:
                    moved = True
                    where = 1 - where
                    break  # reconnect to the other process
                v = m["view"]
                if m["version"] == acted:
                    continue
                if m["can_next"]:  # each seat asks, at its own process: then it is dealt
                    acted = m["version"]
                    await ws.send(json.dumps({"type": "next", "version": m["version"]}))
                elif v["to_act"] == seat and v["legal"]:
                    acted = m["version"]
                    await ws.send(json.dumps({"type": "act", "version": m["version"],
                                              "action": rng.choice(v["legal"])["action"]}))


def _two_people(server: ServerProcess, takeover_seconds: int) -> tuple[str, list[str]]:
    """A Sixty-Six table for two people, made at ``server``: its id and the seats' tokens."""
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "human"), "bot_delay": 0, "hints": False,
        "takeover_seconds": takeover_seconds})
    assert status == 201, t
    return t["table"], seat_tokens(server, t)


def test_a_match_with_one_seat_at_each_process(servers: list[ServerProcess], store: Storage) -> None:
    a, b = servers
    tid, toks = _two_people(a, takeover_seconds=30)
    seen: dict[int, dict[int, list[str]]] = {0: {}, 1: {}}

    async def both() -> list[dict[str, Any]]:
        return await asyncio.gather(*(play_seat(servers, tid, toks[i], i, seen, random.Random(i))
                                      for i in range(2)))

    ends = asyncio.run(asyncio.wait_for(both(), 120))
    assert all(e["complete"] for e in ends)
    assert ends[0]["version"] == ends[1]["version"] and ends[0]["score"] == ends[1]["score"]
    assert ends[0]["winner"] == ends[1]["winner"] is not None and max(ends[0]["score"]) >= 7
    # The two seats never saw the same hand: each got its own cards.
    for version in set(seen[0]) & set(seen[1]):
        assert not set(seen[0][version]) & set(seen[1][version])
    # Every action is stored once, by the person who sent it (no computer takeover).
    stored = store.load_table(tid)
    assert stored is not None
    _, events, finished = stored
    assert finished and len(events) == ends[0]["version"]
    assert all(ev["by"] == "human" for ev in events if "action" in ev)
    for server in servers:
        status, rec = server.request("GET", f"/api/tables/{tid}/record")
        assert status == 200 and rec["fairness"]["secret"]
        assert sum(len(h["actions"]) + 1 for h in rec["hands"]) == len(events)


def at_once(posts: list[tuple[ServerProcess, str, Any]]) -> list[tuple[int, Any]]:
    """The answers to POST requests sent at the same moment from threads of their own."""
    answers: list[tuple[int, Any]] = [(0, None)] * len(posts)
    start = threading.Barrier(len(posts))

    def send(i: int) -> None:
        server, path, body = posts[i]
        start.wait()
        answers[i] = server.request("POST", path, body)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(posts))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(20)
    return answers


def test_an_action_sent_to_both_processes_at_once_is_applied_once(
        servers: list[ServerProcess], store: Storage) -> None:
    a, b = servers
    status, t = a.request("POST", "/api/tables", {"game": "sixty-six", "seats": seats("human", "human"),
                                                  "bot_delay": 0, "hints": False})
    assert status == 201, t
    tid, toks = t["table"], seat_tokens(a, t)
    rng = random.Random(3)
    for _ in range(12):
        _, s = a.request("GET", f"/api/tables/{tid}")
        version = s["version"]
        # Both processes hold the table at this version.
        for _wait in range(200):
            _, sb = b.request("GET", f"/api/tables/{tid}")
            if sb["version"] == version:
                break
            threading.Event().wait(0.02)
        assert sb["version"] == version
        if s["result"] is not None:  # the hand is over: both ask for the next one
            path, bodies = "/next", [{"token": toks[0], "version": version}] * 2
        else:
            seat = s["view"]["to_act"]
            _, mine = a.request("GET", f"/api/tables/{tid}?token={toks[seat]}")
            legal = [x["action"] for x in mine["view"]["legal"]]
            picks = rng.sample(legal, 2) if len(legal) > 1 else legal * 2
            path = "/actions"
            bodies = [{"token": toks[seat], "action": p, "version": version} for p in picks]
        answers = at_once([(srv, f"/api/tables/{tid}{path}", body)
                           for srv, body in zip(servers, bodies, strict=True)])
        codes = sorted(code for code, _ in answers)
        assert codes == [200, 409], answers
        lost = next(body for code, body in answers if code == 409)
        assert lost["error"]["code"] == "stale"
        won = next(i for i, (code, _) in enumerate(answers) if code == 200)
        stored = store.load_table(tid)
        assert stored is not None
        events = stored[1]
        assert len(events) == version + 1
        if path == "/actions":
            assert events[version]["action"] == bodies[won]["action"]
        # Both processes show the same table afterwards.
        for _wait in range(200):
            states = [srv.request("GET", f"/api/tables/{tid}?token={toks[0]}")[1] for srv in servers]
            if states[0]["version"] == states[1]["version"] == version + 1:
                break
            threading.Event().wait(0.02)
        assert states[0]["version"] == states[1]["version"] == version + 1
        assert states[0]["view"] == states[1]["view"]
    store.set_finished(tid)  # left unfinished: no later server on this database should resume it


def lock_holders(store: Storage, table_id: str) -> int:
    """Database sessions holding the table's advisory lock (the process playing its computer)."""
    key = lock_key(table_id) & (2**64 - 1)
    with store.engine.connect() as conn:
        return int(conn.execute(text(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND classid::bigint = :hi AND objid::bigint = :lo AND objsubid = 1"),
            {"hi": key >> 32, "lo": key & 0xFFFFFFFF}).scalar_one())


def receive_until(ws: Any, pred: Any, timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        m = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        assert m["type"] == "state", m
        if pred(m):
            return m  # type: ignore[no-any-return]


def everyone(m: dict[str, Any]) -> bool:
    """Whether every seat is connected (to one process or the other), by state ``m``."""
    return all(s["connected"] for s in m["seats"])


def test_an_away_seat_is_played_by_one_process_and_taken_back_at_another(
        servers: list[ServerProcess], store: Storage) -> None:
    a, b = servers
    tid, toks = _two_people(a, takeover_seconds=1)
    with connect(ws_url(a, tid, toks[0])) as w0:
        with connect(ws_url(b, tid, toks[1])) as w1:
            receive_until(w0, everyone)
            receive_until(w1, everyone)
            # Longer than the grace: a seat connected to the other process is not away.
            time.sleep(1.5)
            for w in (w0, w1):
                w.send(json.dumps({"type": "state"}))
                m = receive_until(w, lambda m: True)
                assert everyone(m) and not any(s["computer"] for s in m["seats"]), m["seats"]
        # Seat 1 left process B: a second later the computer plays for it, while seat 0 plays on
        # at process A, until the computer has played for seat 1 a few times.
        m = receive_until(w0, lambda m: not m["seats"][1]["connected"])
        played = 0
        acted = -1
        while played < 4:
            if m["version"] == acted:
                m = receive_until(w0, lambda m, seen=acted: m["version"] != seen)
            assert not m["complete"]
            if m["view"]["to_act"] == 1:
                assert not m["seats"][1]["connected"]
            acted = m["version"]
            if m["can_next"]:
                w0.send(json.dumps({"type": "next", "version": m["version"]}))
            elif m["view"]["to_act"] == 0:
                w0.send(json.dumps({"type": "act", "version": m["version"],
                                    "action": m["view"]["legal"][0]["action"]}))
            events = store.load_events(tid, 0)
            played = sum(ev.get("by") == "takeover" for ev in events)
        # One process plays the computer at this table, the other leaves it alone.
        assert lock_holders(store, tid) == 1
        assert all(ev["seat"] == 1 for ev in events if ev.get("by") == "takeover")
        # The person comes back with the seat's link, at the other process: the seat is theirs.
        with connect(ws_url(a, tid, toks[1])) as w1:
            m = receive_until(w1, lambda m: m["seats"][1]["connected"])
            assert not m["seats"][1]["computer"]
            # The news reaches the other process a moment later: a computer move it was thinking
            # about meanwhile may still land (as at a real table, when someone sits down just as
            # their stand-in plays). Once every process knows, no move is made for seat 1.
            path = f"/api/tables/{tid}?token={toks[0]}"
            deadline = time.monotonic() + 10
            while not all(s.request("GET", path)[1]["seats"][1]["connected"] for s in servers):
                assert time.monotonic() < deadline, "the return never reached every process"
                time.sleep(0.05)
            # Seat 0 plays on (over its WebSocket at process A) until it is seat 1's turn...
            for _ in range(100):
                _, m = a.request("GET", path)
                if m["view"]["to_act"] == 1 and m["result"] is None:
                    break
                if m["can_next"]:  # both people ask for the next hand (seat 1 is here)
                    for w in (w0, w1):
                        w.send(json.dumps({"type": "next", "version": m["version"]}))
                elif m["view"]["to_act"] == 0:
                    w0.send(json.dumps({"type": "act", "version": m["version"],
                                        "action": m["view"]["legal"][0]["action"]}))
                for _wait in range(100):  # until the table moved on
                    if a.request("GET", path)[1]["version"] != m["version"]:
                        break
                    time.sleep(0.02)
            assert m["view"]["to_act"] == 1 and m["seats"][1]["connected"], m
            # ...and nobody plays for seat 1 any more: its person is back.
            time.sleep(1.5)
            for server in servers:
                _, again = server.request("GET", path)
                assert again["version"] == m["version"] and not again["seats"][1]["computer"]
    store.set_finished(tid)  # left unfinished: no later server on this database should resume it


def test_a_seat_moves_from_one_process_to_the_other(servers: list[ServerProcess],
                                                   store: Storage) -> None:
    a, b = servers
    tid, toks = _two_people(a, takeover_seconds=30)
    with connect(ws_url(a, tid, toks[0])) as old:
        first = receive_until(old, lambda m: True)
        deadline = time.monotonic() + 10
        while not b.request("GET", f"/api/tables/{tid}")[1]["seats"][0]["connected"]:
            assert time.monotonic() < deadline, "process B never heard of seat 0's connection"
            time.sleep(0.05)
        # Process B knows the seat is held at A: a connection there is refused...
        with connect(ws_url(b, tid, toks[0])) as refused:
            m = json.loads(refused.recv(timeout=10))
            assert m["type"] == "error" and m["error"]["code"] == "seat_in_use"
        # ...unless it takes the seat: A tells its connection the seat moved, and closes it.
        with connect(ws_url(b, tid, toks[0]) + "&take=1") as new:
            mine = receive_until(new, lambda m: True)
            assert mine["seat"] == 0 and mine["view"]["hand"] == first["view"]["hand"]
            while True:
                m = json.loads(old.recv(timeout=10))
                if m["type"] != "state":
                    break
            assert m["type"] == "moved"
            with pytest.raises(websockets.ConnectionClosed) as e:
                old.recv(timeout=10)
            assert e.value.rcvd is not None and e.value.rcvd.code == 4001
            # Nor can A play the seat over HTTP: B holds it.
            deadline = time.monotonic() + 10
            while True:
                # (An out-of-date version: refused as stale, changing nothing, until A knows.)
                status, body = a.request("POST", f"/api/tables/{tid}/actions",
                                         {"token": toks[0], "action": "draw", "version": -1})
                if body["error"]["code"] == "seat_in_use" or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            assert status == 409 and body["error"]["code"] == "seat_in_use", body
            assert a.request("GET", f"/api/tables/{tid}")[1]["seats"][0]["connected"]
    store.set_finished(tid)  # left unfinished: no later server on this database should resume it
