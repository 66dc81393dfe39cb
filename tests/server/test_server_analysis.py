"""A finished match's analysis over HTTP (``analyses.py``): refused while the match runs (it
shows every seat's cards), worked out in the background once asked, stored and served from the
database, the same for the same record, and queued within the server's limits."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import play_to_end, seats
from test_server_ratings import play_out

from sixtysix import analysis as analysis_module
from sixtysix.analysis import analyze
from sixtysix.server import create_app
from sixtysix.server.analyses import SEED
from sixtysix.server.config import ServerConfig
from sixtysix.server.storage import Storage
from sixtysix.server.table import Table

ONE_HAND = {"game": "sixty-six", "options": {"target": 1}, "seats": seats("human", "human"),
            "bot_delay": 0}
"""A match of one hand between two people: a few dozen decisions to value."""

FAST = ServerConfig(analysis_samples=60, analysis_worlds=4, max_analyses=1, analyses_waiting=1)
"""Budgets small enough that a hand's analysis takes well under a second."""


@pytest.fixture
def store() -> Iterator[Storage]:
    s = Storage("sqlite://")
    yield s
    s.close()


def make_client(store: Storage) -> TestClient:
    return TestClient(create_app(storage=store, config=FAST))


def table(client: TestClient) -> tuple[str, list[str | None]]:
    r = client.post("/api/tables", json=ONE_HAND)
    assert r.status_code == 201, r.text
    t = r.json()
    claim = client.post(f"/api/tables/{t['table']}/claim", json={"invite": t["seats"][1]["invite"]})
    assert claim.status_code == 200, claim.text
    return t["table"], [t["seats"][0]["token"], claim.json()["token"]]


def finished(store: Storage) -> str:
    """A match played to its end in ``store``, before a server opens it (quicker than HTTP)."""
    t = Table.create(store, ONE_HAND)
    play_to_end(t)
    return t.id


def wait_done(client: TestClient, tid: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        r = client.get(f"/api/tables/{tid}/analysis")
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        assert body["status"] in ("queued", "running", "done"), body
        if body["status"] == "done":
            return body
        time.sleep(0.05)
    raise AssertionError("the analysis did not end")


def test_a_running_match_is_not_analysed_and_a_finished_one_is_once(store: Storage) -> None:
    with make_client(store) as client:
        tid, tokens = table(client)
        # While the match runs its analysis would show every seat's cards: refused to anyone,
        # the seats too, and nothing is queued.
        for r in (client.post(f"/api/tables/{tid}/analysis"),
                  client.get(f"/api/tables/{tid}/analysis"),
                  client.post(f"/api/tables/{tid}/analysis?token={tokens[0]}")):
            assert r.status_code == 409, r.text
            assert r.json()["error"]["code"] == "match_running"
        play_out(client, tid, tokens)
        assert client.get(f"/api/tables/{tid}/analysis").json() == {"status": "none", "table": tid}
        t0 = time.monotonic()
        r = client.post(f"/api/tables/{tid}/analysis")
        assert r.status_code == 202, r.text
        assert r.json()["status"] in ("queued", "running")
        again = client.post(f"/api/tables/{tid}/analysis")  # asked twice: still one analysis
        assert again.status_code in (200, 202), again.text
        done = wait_done(client, tid)
        took = time.monotonic() - t0
        record = client.get(f"/api/tables/{tid}/record").json()
    a = done["analysis"]
    assert done["players"] == record["players"]
    assert a["game"] == "sixty-six" and a["seats"] == [0, 1] and a["hands"] == 1
    assert a["decisions_checked"] > 10
    assert took < 10, took
    # Each mistake in the players' words, with the better move, and its position face up: the
    # seat's own hand holds the card it played and the better one.
    assert len(a["positions"]) == len(a["mistakes"])
    for d, pos in zip(a["mistakes"], a["positions"], strict=True):
        assert d["loss"] >= 0.1 and d["played"] != d["best"]
        assert d["best"] == d["values"][0][0]
        assert len(pos["hands"]) == 2 and pos["table"] == d["table"]
        for move in (d["played"], d["best"]):
            if move.startswith("play "):
                assert move.removeprefix("play ") in pos["hands"][d["seat"]]
    # Deterministic: the report is sixtysix analyze's on the record, with the server's budget
    # and its fixed seed, whoever works it out again.
    again_here = analyze(record, samples=FAST.analysis_samples, worlds=FAST.analysis_worlds,
                         seed=SEED).to_json()
    assert {k: v for k, v in a.items() if k not in ("hands", "positions")} == again_here
    # Stored: a server started afresh on the same database has it at once, and asking again
    # works nothing out.
    with make_client(store) as client:
        r = client.post(f"/api/tables/{tid}/analysis")
        assert r.status_code == 200, r.text
        assert r.json() == done


def test_analyses_queue_within_the_limits(store: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each analysis waits for the test's word before valuing, so which are running, queued or
    # refused does not hang on how fast the machine values a hand.
    go = threading.Event()

    def held(*args: Any, **kwargs: Any) -> Any:
        assert go.wait(30), "the test never let the analysis run"
        return analyze(*args, **kwargs)

    monkeypatch.setattr(analysis_module, "analyze", held)
    tids = [finished(store) for _ in range(3)]
    with make_client(store) as client:
        # One at a time (max_analyses) and one waiting (analyses_waiting): the third is told to
        # come back, and when.
        assert [client.post(f"/api/tables/{t}/analysis").status_code for t in tids[:2]] == [202, 202]
        r = client.post(f"/api/tables/{tids[2]}/analysis")
        assert r.status_code == 429, r.text
        assert r.json()["error"]["code"] == "analyses_busy" and int(r.headers["Retry-After"]) > 0
        assert client.get(f"/api/tables/{tids[2]}/analysis").json()["status"] == "none"
        # The server answers meanwhile: the analysis values in a thread of its own.
        while client.get(f"/api/tables/{tids[0]}/analysis").json()["status"] != "running":
            time.sleep(0.01)
        assert client.get(f"/api/tables/{tids[1]}/analysis").json()["status"] == "queued"
        start = time.perf_counter()
        r = client.get(f"/api/tables/{tids[2]}")
        took = time.perf_counter() - start
        assert r.status_code == 200 and took < 0.5, f"the request waited {took:.2f} s"
        # Once the queue has room the third is taken.
        go.set()
        for t in tids[:2]:
            wait_done(client, t)
        assert client.post(f"/api/tables/{tids[2]}/analysis").status_code == 202
        wait_done(client, tids[2])


def test_no_analysis_of_a_table_that_is_not_there(client: TestClient) -> None:
    for r in (client.post("/api/tables/nope/analysis"), client.get("/api/tables/nope/analysis")):
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_table"
