"""Helpers for the server tests: table creation, a real server subprocess, PostgreSQL's URL."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sixtysix.server.table import Table

HUMAN = {"kind": "human"}


def seats(*kinds: str) -> list[dict[str, Any]]:
    """Seat specs: 'human' or a bot name."""
    return [{"kind": "human", "name": f"P{i}"} if k == "human" else {"kind": "bot", "bot": k}
            for i, k in enumerate(kinds)]


def play_to_end(t: Table) -> None:
    """Play table ``t``'s match to its end in this process, without a server: each seat takes
    its first card, or its first legal action where it has no card to play."""
    while not t.match.complete:
        seat = t.match.to_act
        if seat is None:
            t.deal()
            continue
        legal = [a["action"] for a in t.message(seat)["view"]["legal"]]
        t.act(seat, next((a for a in legal if a.startswith("play")), legal[0]), version=t.version)


def table_state(client: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    """Table ``tid`` as ``token``'s seat sees it (without one, as a spectator)."""
    r = client.get(f"/api/tables/{tid}" + (f"?token={token}" if token else ""))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def new_player(client: TestClient, name: str) -> dict[str, Any]:
    """A new player ``name``: its id and its secret."""
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def auth(player: dict[str, Any]) -> dict[str, str]:
    """The headers that act as ``player``."""
    return {"Authorization": f"Bearer {player['secret']}"}


def new_table(client: TestClient, **spec: Any) -> dict[str, Any]:
    spec.setdefault("bot_delay", 0)
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``sixtysix serve`` in a subprocess on a free loopback port."""

    def __init__(self, database: str, config: str | None = None, log: Path | None = None) -> None:
        self.database = database
        self.config = config
        """A TOML file of server limits (``--config``), or None for the defaults."""
        self.log = log
        """Where the server's output goes (a file, never an unread pipe: a full pipe blocks the
        server's next write, and so the server), shown with a failed test's report."""
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [sys.executable, "-m", "sixtysix.cli", "serve", "--port", str(self.port),
               "--database", self.database]
        if self.config:
            cmd += ["--config", self.config]
        with open(self.log or os.devnull, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}: {self.output()}")
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=1).read()
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def output(self) -> str:
        """What the server wrote so far (its log), or "" when it writes nowhere."""
        try:
            return self.log.read_text(errors="replace") if self.log else ""
        except FileNotFoundError:
            return ""

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers run."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def request(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
                content_type: str = "application/json") -> tuple[int, Any]:
        """``body`` as JSON (or the bytes ``raw``); the status and the JSON answer."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": content_type})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())


def pg_url() -> str | None:
    return os.environ.get("SIXTYSIX_TEST_PG") or None


PG_MARKS = [
    pytest.mark.postgres,
    pytest.mark.skipif(pg_url() is None and not os.environ.get("CI"),
                       reason="SIXTYSIX_TEST_PG is not set (scripts/test.sh and CI start one)"),
]
"""The marks of a PostgreSQL test: it runs wherever a database is named, and under CI always
(there a missing database fails the test instead of hiding it)."""


def needs_pg(test: Any) -> Any:
    """A PostgreSQL test (``PG_MARKS``)."""
    for mark in PG_MARKS:
        test = mark(test)
    return test


def first_action(server: ServerProcess, tid: str,
                 tokens: list[str | None]) -> tuple[int, Any, int]:
    """The seat to act at table ``tid`` takes its first legal action over HTTP: the answer's
    status and body, and the seat."""
    _, s = server.request("GET", f"/api/tables/{tid}")
    seat = s["view"]["to_act"]
    _, mine = server.request("GET", f"/api/tables/{tid}?token={tokens[seat]}")
    status, after = server.request("POST", f"/api/tables/{tid}/actions", {
        "token": tokens[seat], "action": mine["view"]["legal"][0]["action"],
        "version": s["version"]})
    return status, after, seat


def finished_table(server: ServerProcess, timeout: float = 60, **spec: Any) -> dict[str, Any]:
    """A table whose match is over, played through by the computer: its people have their seats
    (every invitation claimed: an invited seat is waited for) and are away from the start, so
    taken over at once (a one-game match unless ``spec`` says otherwise). The creation's answer."""
    spec = {"game": "sixty-six", "options": {"target": 1}, "bot_delay": 0, "hints": False,
            "takeover_seconds": 0.01, **spec}
    status, t = server.request("POST", "/api/tables", spec)
    assert status == 201, t
    token = next(tok for tok in seat_tokens(server, t) if tok is not None)
    deadline = time.monotonic() + timeout
    while True:
        status, m = server.request("GET", f"/api/tables/{t['table']}?token={token}")
        assert status == 200, m
        if m["complete"]:
            return t
        assert time.monotonic() < deadline, "the computer did not finish the match"
        time.sleep(0.1)


_CLAIMED: dict[str, list[str | None]] = {}
"""Each table's seat secrets once claimed by ``seat_tokens`` (an invitation is claimed once)."""


def seat_tokens(via: TestClient | ServerProcess, created: dict[str, Any]) -> list[str | None]:
    """Each seat's secret for the API (None for a computer's seat), from a table creation's
    answer ``created``: how a test gets hold of every person's seat, whatever the way seats are
    handed out. ``via`` is the server the table was made at (an in-process client or a real one).
    The creator's secret is in the answer; every other person's seat is claimed with its
    invitation (``POST /api/tables/{id}/claim``), as its person's browser would, once per table."""
    tid = created["table"]
    if tid not in _CLAIMED:
        tokens: list[str | None] = []
        for s in created["seats"]:
            if s["kind"] != "human":
                tokens.append(None)
            elif "token" in s:
                tokens.append(s["token"])
            else:
                path, body = f"/api/tables/{tid}/claim", {"invite": s["invite"]}
                if isinstance(via, ServerProcess):
                    status, answer = via.request("POST", path, body)
                else:
                    r = via.post(path, json=body)
                    status, answer = r.status_code, r.json()
                assert status == 200 and answer["seat"] == s["seat"], answer
                tokens.append(answer["token"])
        _CLAIMED[tid] = tokens
    return list(_CLAIMED[tid])


def seat_links(via: TestClient | ServerProcess, created: dict[str, Any]) -> list[str | None]:
    """The address (a path) each person's browser opens to sit at its seat (None for a computer's
    seat), from a table creation's answer ``created``: the table's page with the seat's secret,
    which the page keeps in the browser's storage and takes out of the address."""
    return [None if tok is None else f"/t/{created['table']}?token={tok}"
            for tok in seat_tokens(via, created)]
