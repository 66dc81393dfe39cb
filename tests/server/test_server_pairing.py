"""Quick pairing ("Play now"): two or four players of about the same rating seated together within
seconds, the computer in the seats nobody came for after the chosen wait, leaving the queue; and
the queue and the open tables kept through a server restart and shared by two server processes
on one PostgreSQL database."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import ServerProcess, auth, needs_pg, new_player, pg_url
from test_server_open_tables import lobby_client, open_table, until
from websockets.sync.client import connect

from sixtysix.server.pairing import Waiting, pair
from sixtysix.server.storage import Storage


def queue(client: TestClient, p: dict[str, Any], game: str, **more: Any) -> dict[str, Any]:
    r = client.post("/api/lobby/queue", json={"game": game, **more}, headers=auth(p))
    assert r.status_code == 202, r.text
    out: dict[str, Any] = r.json()
    return out


def status(client: TestClient, p: dict[str, Any]) -> dict[str, Any]:
    r = client.get("/api/lobby/queue", headers=auth(p))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def paired(client: TestClient, people: list[dict[str, Any]], seconds: float = 5) -> list[dict[str, Any]]:
    """Each player's pairing, once all are paired."""
    def check() -> list[dict[str, Any]] | None:
        out = [status(client, p) for p in people]
        return out if all(s["state"] == "paired" for s in out) else None
    return until(check, seconds)  # type: ignore[no-any-return]


def test_two_players_are_seated_together_within_seconds() -> None:
    store = Storage("sqlite://")
    with lobby_client(store, queue_computer_seconds=60) as client:
        ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
        waiting = queue(client, ann, "schnapsen", rated=True)
        assert waiting["state"] == "waiting" and waiting["game"] == "schnapsen"
        assert 59 <= waiting["computer_in"] <= 60
        assert client.get("/api/lobby").json()["waiting"] == {"schnapsen": 1}
        started = time.monotonic()
        queue(client, bob, "schnapsen", rated=True)
        a, b = paired(client, [ann, bob])
        assert time.monotonic() - started < 5  # (the computer would come after 60 s)
        assert a["table"] == b["table"] and {a["seat"], b["seat"]} == {0, 1}
        # Each seat's secret is its own; the table is rated, between the two people.
        state = client.get(f"/api/tables/{a['table']}?token={a['token']}").json()
        assert state["seat"] == a["seat"] and state["hints"] is False
        assert sorted(s["name"] for s in state["seats"]) == ["Ann", "Bob"]
        assert all(s["kind"] == "human" for s in state["seats"])
        assert client.get(f"/api/tables/{b['table']}?token={b['token']}").json()["seat"] == b["seat"]
        live = client.get("/api/lobby").json()
        assert live["waiting"] == {} and [e["rated"] for e in live["live"]] == [True]
        # Once the match is over the pairing is old news: nobody is sent back to it.
        store.set_finished(a["table"])
        assert status(client, ann) == {"state": "idle"}


def test_four_players_of_bauernschnapsen_are_seated_together() -> None:
    with lobby_client(queue_computer_seconds=60) as client:
        people = [new_player(client, n) for n in ("Ann", "Bob", "Carl", "Dora", "Emil")]
        queue(client, people[4], "schnapsen")  # another game: not at their table
        for p in people[:4]:
            queue(client, p, "bauernschnapsen")
        out = paired(client, people[:4])
        assert len({s["table"] for s in out}) == 1 and sorted(s["seat"] for s in out) == [0, 1, 2, 3]
        state = client.get(f"/api/tables/{out[0]['table']}?token={out[0]['token']}").json()
        assert state["game"] == "bauernschnapsen"
        assert sorted(s["name"] for s in state["seats"]) == ["Ann", "Bob", "Carl", "Dora"]
        assert status(client, people[4])["state"] == "waiting"


def test_the_computer_takes_the_seats_nobody_came_for_at_a_level_near_the_players() -> None:
    with lobby_client(queue_computer_seconds=0.5) as client:
        ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
        started = time.monotonic()
        assert queue(client, ann, "schnapsen", rated=True)["state"] == "waiting"
        queue(client, bob, "three-hand-sixty-six")
        a, b = paired(client, [ann, bob], 5)
        assert time.monotonic() - started >= 0.5  # not before the wait was over
        state = client.get(f"/api/tables/{a['table']}?token={a['token']}").json()
        assert [s["kind"] for s in state["seats"]] == ["human", "bot"]
        assert state["seats"][1]["bot"] == "casual"  # a new player's 1500: the casual level
        three = client.get(f"/api/tables/{b['table']}?token={b['token']}").json()
        assert [s["kind"] for s in three["seats"]] == ["human", "bot", "bot"]
        # With a computer at the table it is not rated, whatever was asked.
        assert [e["rated"] for e in client.get("/api/lobby?game=schnapsen").json()["live"]] == [False]


def test_pairing_and_the_lists_go_by_the_players_ratings() -> None:
    store = Storage("sqlite://")
    with lobby_client(store, queue_computer_seconds=60) as client:
        ann, bob, carl, dora = (new_player(client, n) for n in ("Ann", "Bob", "Carl", "Dora"))
        t = open_table(client, dora)
        # Ann won rated matches: 1900, established (a rating as the ratings module stores it).
        assert store.settle_ratings(t["table"], "schnapsen", [ann["id"]],
                                    lambda now: {ann["id"]: (1500.0, 1900.0, 90.0, "won")})
        queue(client, ann, "schnapsen")
        queue(client, bob, "schnapsen")
        queue(client, carl, "schnapsen")
        b, c = paired(client, [bob, carl])  # 1500 and 1500, not 1900 and 1500
        assert b["table"] == c["table"] and status(client, ann)["state"] == "waiting"
        client.post(f"/api/lobby/tables/{t['table']}/sit", json={}, headers=auth(ann))
        live = {e["table"]: e for e in client.get("/api/lobby").json()["live"]}
        assert [(s["name"], s["rating"], s["provisional"]) for s in live[t["table"]]["seats"]] \
            == [("Dora", 1500, True), ("Ann", 1900, False)]


def test_leaving_the_queue_and_bad_requests() -> None:
    with lobby_client(queue_computer_seconds=60) as client:
        ann, bob, carl = (new_player(client, n) for n in ("Ann", "Bob", "Carl"))
        queue(client, ann, "schnapsen")
        r = client.delete("/api/lobby/queue", headers=auth(ann))
        assert r.status_code == 200 and r.json() == {"state": "idle", "left": True}
        assert status(client, ann) == {"state": "idle"}
        queue(client, bob, "schnapsen")
        queue(client, carl, "schnapsen")
        paired(client, [bob, carl])
        assert status(client, ann) == {"state": "idle"}  # Ann left: not seated
        for body, headers, code in [({"game": "chess"}, auth(ann), 400),
                                    ({"game": "schnapsen", "rated": 1}, auth(ann), 400),
                                    ({"game": "schnapsen", "seats": 2}, auth(ann), 400),
                                    ({"game": "schnapsen"}, {}, 401)]:
            r = client.post("/api/lobby/queue", json=body, headers=headers)
            assert r.status_code == code, r.text
        assert status(client, ann) == {"state": "idle"}
        assert client.get("/api/lobby/queue").status_code == 401


def test_the_lobby_websocket_tells_a_player_he_is_paired() -> None:
    with lobby_client(queue_computer_seconds=60) as client:
        ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
        with client.websocket_connect("/ws/lobby?game=schnapsen") as ws:
            ws.receive_json()
            ws.send_json({"type": "me", "secret": ann["secret"]})
            assert ws.receive_json() == {"type": "queue", "state": "idle"}
            queue(client, ann, "schnapsen")
            seen = [ws.receive_json() for _ in range(2)]  # the waiting count and her place
            assert {"lobby", "queue"} == {m["type"] for m in seen}
            assert next(m for m in seen if m["type"] == "queue")["state"] == "waiting"
            queue(client, bob, "schnapsen")
            for _ in range(10):
                m = ws.receive_json()
                if m["type"] == "queue" and m["state"] == "paired":
                    break
            assert m["state"] == "paired" and m["token"]
            ws.send_json({"type": "me", "secret": "not a secret"})
            assert ws.receive_json()["error"]["code"] == "bad_secret"


def test_the_window_widens_with_the_wait_and_rated_players_meet_rated_ones() -> None:
    def seats(game: str) -> int:
        return 4 if game == "bauernschnapsen" else 2

    near, far = Waiting("a", "schnapsen", False, 1500, 0), Waiting("b", "schnapsen", False, 1750, 0)
    assert pair([near, far], seats, now=1, computer_after=60) == []
    assert pair([near, far], seats, now=8, computer_after=60)[0].players == ("a", "b")
    rated = Waiting("c", "schnapsen", True, 1500, 0)
    assert pair([near, rated], seats, now=1, computer_after=60) == []
    # Four of Bauernschnapsen: the closest three to the longest waiting, and sides even.
    four = [Waiting(p, "bauernschnapsen", False, r, t) for p, r, t in
            [("a", 1500, 0), ("b", 1560, 1), ("c", 1450, 2), ("d", 1900, 0.5), ("e", 1520, 3)]]
    (group,) = pair(four, seats, now=3, computer_after=60)
    assert sorted(group.players) == ["a", "b", "c", "e"] and group.computers == 0
    assert group.players == ("b", "e", "c", "a")  # 1560 and 1450 partners (seats 0, 2)


# ---------------------------------------------------------------------- real servers

FAST = {"lobby_tick_seconds": 0.1, "queue_computer_seconds": 60.0}


def request(server: ServerProcess, method: str, path: str, p: dict[str, Any] | None = None,
            body: Any = None) -> tuple[int, Any]:
    import urllib.error
    import urllib.request
    req = urllib.request.Request(server.url + path, method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json",
                                          **(auth(p) if p else {})})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def server_player(server: ServerProcess, name: str) -> dict[str, Any]:
    """A player at ``server``, named ``name`` and a number (a shared database keeps the names
    of earlier runs, and names are unique)."""
    code, p = request(server, "POST", "/api/players",
                      body={"name": f"{name} {secrets.randbelow(10**9)}"})
    assert code == 201, p
    return p  # type: ignore[no-any-return]


def until_paired(server: ServerProcess, p: dict[str, Any], seconds: float = 10) -> dict[str, Any]:
    def check() -> Any:
        code, s = request(server, "GET", "/api/lobby/queue", p)
        assert code == 200, s
        return s if s["state"] == "paired" else None
    return until(check, seconds)  # type: ignore[no-any-return]


def test_the_queue_and_open_tables_survive_a_restart(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(config=FAST)
    server.start()
    ann, bob, carl = (server_player(server, n) for n in ("Ann", "Bob", "Carl"))
    assert request(server, "POST", "/api/lobby/queue", ann, {"game": "schnapsen"})[0] == 202
    code, t = request(server, "POST", "/api/lobby/tables", carl, {"game": "sixty-six"})
    assert code == 201, t
    server.kill()
    server.start()  # the same database: Ann still waits, Carl's table is still open
    assert request(server, "GET", "/api/lobby/queue", ann)[1]["state"] == "waiting"
    assert [e["table"] for e in request(server, "GET", "/api/lobby")[1]["open"]] == [t["table"]]
    assert request(server, "POST", "/api/lobby/queue", bob, {"game": "schnapsen"})[0] == 202
    a, b = until_paired(server, ann), until_paired(server, bob)
    assert a["table"] == b["table"] and a["seat"] != b["seat"]
    code, sat = request(server, "POST", f"/api/lobby/tables/{t['table']}/sit", ann, {})
    assert code == 200 and sat["seat"] == 1, sat


@pytest.fixture
def two(server_factory: Callable[..., ServerProcess]) -> list[ServerProcess]:
    """Two processes on the test database, whose lobbies look by themselves only every 30 s:
    what they do here is told to each other at once."""
    url = pg_url()
    assert url is not None
    made = [server_factory(url, {**FAST, "lobby_tick_seconds": 30.0}) for _ in range(2)]
    for s in made:
        s.start()
    return made


@needs_pg
def test_two_processes_share_the_queue_and_the_open_tables(two: list[ServerProcess]) -> None:
    a, b = two
    ann, bob = server_player(a, "Ann"), server_player(b, "Bob")
    carl = server_player(a, "Carl")
    # Players queued at different processes sit together.
    assert request(a, "POST", "/api/lobby/queue", ann, {"game": "terts"})[0] == 202
    assert request(b, "POST", "/api/lobby/queue", bob, {"game": "terts"})[0] == 202
    x, y = until_paired(a, ann), until_paired(b, bob)
    assert x["table"] == y["table"] and {x["seat"], y["seat"]} == {0, 1}
    # A table opened at one process appears at once on the other's lobby WebSocket; a seat
    # taken there fills it. (Other tests may share the database: only this table is looked at.)
    with connect(f"ws://127.0.0.1:{b.port}/ws/lobby?game=gaigel", open_timeout=10) as ws:
        json.loads(ws.recv(timeout=10))
        code, t = request(a, "POST", "/api/lobby/tables", carl, {"game": "gaigel"})
        assert code == 201, t

        def free_seats(before: int | None) -> int:
            """Our table's free seats in the next list that shows them changed."""
            while True:
                m = json.loads(ws.recv(timeout=5))
                free = next((e["free"] for e in m["open"] if e["table"] == t["table"]), None)
                if free is not None and free != before:
                    return free

        assert free_seats(None) == 3
        code, sat = request(b, "POST", f"/api/lobby/tables/{t['table']}/sit", bob, {})
        assert code == 200, sat
        assert free_seats(3) == 2
    # The creator's page at the other process is told when he closes another table.
    code, t2 = request(a, "POST", "/api/lobby/tables", carl, {"game": "schnapsen"})
    with connect(f"ws://127.0.0.1:{b.port}/ws/{t2['table']}?token={t2['token']}",
                 open_timeout=10) as page:
        assert json.loads(page.recv(timeout=10))["type"] == "state"
        assert request(a, "DELETE", f"/api/lobby/tables/{t2['table']}", carl)[0] == 200
        m = json.loads(page.recv(timeout=5))
        assert m["type"] == "error" and m["error"]["code"] == "closed"
    assert request(b, "GET", f"/api/tables/{t2['table']}")[0] == 404
