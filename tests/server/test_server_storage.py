"""Storage: the same tests on SQLite and on a real PostgreSQL server (marker ``postgres``, run
when ``SIXTYSIX_TEST_PG`` names one, as CI does)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import PG_MARKS, first_action, needs_pg, new_table, pg_url, seat_tokens, seats

from sixtysix.server import create_app
from sixtysix.server.storage import Storage, StorageError
from sixtysix.server.table import Table


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=PG_MARKS)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    u = pg_url()
    assert u is not None
    return u


@pytest.fixture
def storage(url: str) -> Iterator[Storage]:
    s = Storage(url)
    yield s
    s.close()


def uid() -> str:
    return "t-" + uuid.uuid4().hex[:12]


def test_tables_and_events_round_trip(storage: Storage) -> None:
    tid = uid()
    spec: dict[str, Any] = {"game": "sixty-six", "seats": [{"kind": "human", "name": "Ann ♥"}]}
    storage.create_table(tid, spec)
    for i, ev in enumerate([{"deal": 7}, {"seat": 0, "action": "play AS"}, {"seat": 1, "action": "draw"}]):
        storage.append_event(tid, i, ev)
    assert storage.load_table(tid) == (spec, [{"deal": 7}, {"seat": 0, "action": "play AS"},
                                              {"seat": 1, "action": "draw"}], False)
    assert storage.load_table(uid()) is None
    assert tid in storage.table_ids(unfinished_only=True)
    storage.set_finished(tid)  # not a real table: a server on this database must not resume it


def test_an_event_number_is_stored_once(storage: Storage) -> None:
    tid = uid()
    storage.create_table(tid, {})
    storage.append_event(tid, 0, {"deal": 1})
    with pytest.raises(StorageError):
        storage.append_event(tid, 0, {"deal": 2})
    assert storage.load_table(tid) == ({}, [{"deal": 1}], False)
    storage.append_event(tid, 1, {"deal": 3})  # the storage still works after the refusal
    assert storage.load_table(tid) == ({}, [{"deal": 1}, {"deal": 3}], False)
    storage.set_finished(tid)


def test_a_match_analysis_is_stored_once(storage: Storage) -> None:
    tid = uid()
    storage.create_table(tid, {})
    storage.set_finished(tid)
    assert storage.analysis(tid) is None
    storage.save_analysis(tid, {"mistakes": [{"played": "play 10♥"}]})
    # A second process that worked it out too keeps the first (the same record and seed).
    storage.save_analysis(tid, {"mistakes": []})
    assert storage.analysis(tid) == {"mistakes": [{"played": "play 10♥"}]}


def test_finished_tables_are_not_resumed(storage: Storage) -> None:
    a, b = uid(), uid()
    storage.create_table(a, {})
    storage.create_table(b, {})
    storage.set_finished(a)
    assert a not in storage.table_ids(unfinished_only=True)
    assert b in storage.table_ids(unfinished_only=True)
    assert {a, b} <= set(storage.table_ids())
    assert storage.load_table(a) == ({}, [], True)
    storage.set_finished(b)


def test_a_damaged_table_does_not_stop_the_server(url: str) -> None:
    store = Storage(url)
    bad = uid()
    store.create_table(bad, {"game": "no-such-game"})
    try:
        with TestClient(create_app(storage=store), raise_server_exceptions=False) as client:
            assert client.get("/api/games").status_code == 200
            r = client.get(f"/api/tables/{bad}")
            assert r.status_code == 500 and r.json()["error"]["code"] == "server_error"
            t = new_table(client, game="sixty-six", seats=seats("human", "human"))
            assert client.get(f"/api/tables/{t['table']}").status_code == 200
    finally:
        store.set_finished(bad)
        store.close()


def test_a_played_table_reloads_exactly(url: str) -> None:
    """Play through the app on this database; a second storage on the same URL rebuilds the table."""
    store = Storage(url)
    app = create_app(storage=store)
    with TestClient(app) as client:
        t = new_table(client, game="sixty-six", seats=seats("human", "human"))
        tid = t["table"]
        toks = seat_tokens(client, t)
        for _ in range(9):
            s = client.get(f"/api/tables/{tid}").json()
            seat = s["view"]["to_act"]
            if seat is None:
                break
            mine = client.get(f"/api/tables/{tid}?token={toks[seat]}").json()
            r = client.post(f"/api/tables/{tid}/actions", json={
                "token": toks[seat], "action": mine["view"]["legal"][-1]["action"],
                "version": s["version"]})
            assert r.status_code == 200
        live = app.state.hub.tables[tid].table
        expected = {seat: live.message(seat) for seat in (0, 1, None)}
    store.close()
    other = Storage(url)
    try:
        again = Table.load(other, tid)
        assert again is not None and again.version == live.version
        for seat, msg in expected.items():
            got = again.message(seat)
            assert got["view"] == msg["view"] and got["score"] == msg["score"]
        assert again.record_of(again.events) == live.record_of(live.events)
    finally:
        other.set_finished(tid)  # a shared database: later servers need not resume this table
        other.close()


@pytest.mark.postgres
@needs_pg
def test_server_on_postgres_survives_a_kill(server_factory: Any) -> None:
    server = server_factory(pg_url())
    server.start()
    status, t = server.request("POST", "/api/tables", {"game": "sixty-six",
                                                       "seats": seats("human", "human")})
    assert status == 201
    tid, toks = t["table"], seat_tokens(server, t)
    status, after, seat = first_action(server, tid, toks)
    assert status == 200
    server.kill()
    server.start()
    _, back = server.request("GET", f"/api/tables/{tid}?token={toks[seat]}")
    assert back["version"] == after["version"] and back["view"] == after["view"]
    server.stop()
    store = Storage(pg_url() or "")
    store.set_finished(tid)  # a shared database: later servers need not resume this table
    store.close()
