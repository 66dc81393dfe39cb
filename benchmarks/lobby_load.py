"""Load test of the lobby: many players queueing, being paired and playing, on loopback.

Starts ``sixtysix serve`` as a subprocess (a fresh SQLite file unless --database is given), makes
``--players`` players (``POST /api/players``), and for ``--seconds`` each of them, over and over,
does what his browser would: opens the lobby's WebSocket (``/ws/lobby``, made his with ``me``),
asks to play (``POST /api/lobby/queue``), waits there for the ``paired`` status, plays his seat
over its WebSocket at a computer's pace (``--think`` seconds a move on average) until the match is
over, and goes back to the lobby. The matches are rated by default (``--unrated``: not), so every
finished one also settles ratings.

Reports the pairing time (from opening the lobby to being told the table), the action latency
(from sending an action to receiving the state that includes it, on the same connection; asking
for the next hand is not timed, as the first to ask waits for the other), and what
was lost: after the run every table is read back and must hold every action its players were
answered for, and every rated match that finished must have moved each of its players' ratings.

    .venv/bin/python benchmarks/lobby_load.py --players 500 --seconds 600          # the issue's
    .venv/bin/python benchmarks/lobby_load.py --players 100 --seconds 60           # shorter

Client and server share the machine, so the figures include the client's own CPU time.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import random
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import websockets
from server_load import percentiles, psql, start_server, total_cpu, with_schema


@dataclasses.dataclass
class Stats:
    pairing: list[float] = dataclasses.field(default_factory=list)
    """Seconds from asking to play to knowing the table."""
    latencies: list[float] = dataclasses.field(default_factory=list)
    actions: int = 0
    matches_started: int = 0
    matches_finished: int = 0
    rated_finished: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    """Each finished rated match's table: its players."""
    seen: dict[str, int] = dataclasses.field(default_factory=dict)
    """Each table's highest version a player was answered with."""
    errors: list[str] = dataclasses.field(default_factory=list)
    never_paired: int = 0


def auth(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


async def play_seat(ws_url: str, table: str, token: str, seat: int, think: float,
                    rng: random.Random, stats: Stats, stop_at: float) -> bool:
    """Play one seat until the match is over (True) or the time is up (False)."""
    async with websockets.connect(f"{ws_url}/ws/{table}?token={token}", max_size=2**20,
                                  open_timeout=60) as ws:
        sent_version, sent_at = -1, 0.0
        asked = -1  # the version at which this seat asked for the next hand
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(1.0, stop_at - time.monotonic()))
            except TimeoutError:
                return False
            m = json.loads(raw)
            if m.get("type") == "error":
                if m["error"]["code"] != "stale":  # a next-hand race with the other seat
                    stats.errors.append(f"{table}: {m['error']['message']}")
                sent_version = -1
                continue
            if m.get("type") != "state":
                continue
            v = m["version"]
            stats.seen[table] = max(stats.seen.get(table, 0), v)
            if sent_version >= 0 and v > sent_version:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.actions += 1
                sent_version = -1
            if m["complete"]:
                if seat == 0:
                    stats.matches_finished += 1
                    if m.get("rated"):
                        stats.rated_finished[table] = [s["player"] for s in m["seats"]]
                return True
            if time.monotonic() > stop_at:
                return False
            if sent_version >= 0 or (m["can_next"] and asked == v):
                continue  # our action is on its way, or we wait for the other to ask too
            view = m["view"]
            mine = view["to_act"] == seat and view["legal"]
            if mine or m["can_next"]:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                if time.monotonic() > stop_at:
                    return False
                if m["can_next"]:
                    # Not timed: the first of the two to ask waits for the other's thinking, by
                    # the rules (timed, that wait was the action latency's p99).
                    asked = v
                    await ws.send(json.dumps({"type": "next", "version": v}))
                else:
                    sent_version, sent_at = v, time.perf_counter()
                    action = rng.choice(view["legal"])["action"]
                    await ws.send(json.dumps({"type": "act", "action": action, "version": v}))


async def wait_paired(ws_url: str, http: httpx.AsyncClient, secret: str, game: str,
                      rated: bool, stop_at: float, stats: Stats,
                      last: str | None) -> dict[str, Any] | None:
    """In the lobby as a browser is: its WebSocket made this player's (``me``), then ask to play
    and wait for the ``paired`` status it pushes (not the one of his ``last`` table, which the
    server keeps a while and may send first). The status, or None when the time ran out."""
    async with websockets.connect(f"{ws_url}/ws/lobby", max_size=2**24, open_timeout=60) as lobby:
        await lobby.send(json.dumps({"type": "me", "secret": secret}))
        r = await http.post("/api/lobby/queue", json={"game": game, "rated": rated},
                            headers=auth(secret))
        if r.status_code >= 400:
            stats.errors.append(f"queue: {r.status_code} {r.text[:200]}")
            return None
        status = r.json()
        while status.get("state") != "paired" or status.get("table") == last:
            try:
                raw = await asyncio.wait_for(lobby.recv(), timeout=max(0.1, stop_at - time.monotonic()))
            except TimeoutError:
                return None
            # The lists, sent to every lobby page at each change, are not read here: parsing
            # them for 500 pages would take the client's whole CPU.
            if isinstance(raw, str) and raw.startswith('{"type":"queue"'):
                status = json.loads(raw)
        return status


async def player(k: int, http: httpx.AsyncClient, ws_url: str, secret: str, game: str,
                 rated: bool, think: float, stats: Stats, stop_at: float) -> None:
    """One player: to the lobby, play now, play the match, again, until ``stop_at``."""
    rng = random.Random(k)
    await asyncio.sleep(rng.uniform(0, 2))  # players arrive over two seconds, not at once
    last = None
    while time.monotonic() < stop_at:
        asked = time.perf_counter()
        try:
            status = await wait_paired(ws_url, http, secret, game, rated, stop_at, stats, last)
            if status is None:
                stats.never_paired += 1
                await http.delete("/api/lobby/queue", headers=auth(secret))
                return
            stats.pairing.append(time.perf_counter() - asked)
            last = status["table"]
            if status["seat"] == 0:
                stats.matches_started += 1
            if not await play_seat(ws_url, status["table"], status["token"], status["seat"], think,
                                   random.Random(rng.random()), stats, stop_at):
                return
        except (httpx.HTTPError, OSError, websockets.WebSocketException) as e:
            # Counted, and the player goes on: one failure must not end the run.
            stats.errors.append(f"player {k}: {type(e).__name__}: {e}")
            await asyncio.sleep(1)


async def check_nothing_lost(http: httpx.AsyncClient, stats: Stats,
                             secrets: dict[str, str]) -> dict[str, int]:
    """Read every table back: it must hold every version its players were answered with; and
    each player's rated matches counted must be the finished rated matches he played. Read at
    once, before the computer takes over the seats the players left mid-match."""
    gate = asyncio.Semaphore(16)
    unread = 0

    async def get(path: str) -> dict[str, Any] | None:
        nonlocal unread
        async with gate:
            try:
                r = await http.get(path)
                if r.status_code == 200:
                    return r.json()  # type: ignore[no-any-return]
            except httpx.HTTPError:
                pass
            unread += 1
            return None

    tables = list(stats.seen.items())
    states = await asyncio.gather(*(get(f"/api/tables/{t}") for t, _ in tables))
    lost_actions = sum(1 for (_, v), st in zip(tables, states, strict=True)
                       if st is not None and st["version"] < v)
    expected: dict[str, int] = {}
    for players in stats.rated_finished.values():
        for p in players:
            if p is not None:
                expected[p] = expected.get(p, 0) + 1
    ids = list(secrets)
    pages = await asyncio.gather(*(get(f"/api/players/{pid}") for pid in ids))
    # Matches a player was still finishing when the clients stopped may count too: fewer is lost.
    lost_ratings = sum(1 for pid, page in zip(ids, pages, strict=True) if page is not None
                       and sum(g["matches"] for g in page["ratings"]) < expected.get(pid, 0))
    return {"tables_missing_actions": lost_actions, "players_missing_ratings": lost_ratings,
            "tables_checked": len(tables), "unread": unread}


def report_of(stats: Stats, elapsed: float) -> dict[str, Any]:
    return {"seconds": round(elapsed, 1), "matches_started": stats.matches_started,
            "matches_finished": stats.matches_finished,
            "rated_matches_finished": len(stats.rated_finished), "actions": stats.actions,
            "actions_per_s": round(stats.actions / max(elapsed, 1e-9), 1),
            "pairing_ms": percentiles(stats.pairing) if stats.pairing else None,
            "pairings": len(stats.pairing),
            "latency_ms": percentiles(stats.latencies) if stats.latencies else None,
            "never_paired": stats.never_paired, "errors": len(stats.errors),
            "first_errors": stats.errors[:5]}


async def progress(stats: Stats, started: float, stop_at: float) -> None:
    """A line a minute on standard error: how the run goes, should it not get to its end."""
    while time.monotonic() < stop_at - 30:
        await asyncio.sleep(60)
        r = report_of(stats, time.monotonic() - started)
        print(json.dumps({k: r[k] for k in ("seconds", "actions", "pairings", "matches_finished",
                                            "pairing_ms", "latency_ms", "errors",
                                            "first_errors")}),
              file=sys.stderr, flush=True)


async def run(url: str, n: int, seconds: float, game: str, rated: bool, think: float,
              pids: list[int]) -> dict[str, Any]:
    stats = Stats()
    limits = httpx.Limits(max_connections=200, keepalive_expiry=1.0)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as http:
        secrets: dict[str, str] = {}
        run_tag = uuid.uuid4().hex[:4]
        for k in range(n):
            r = await http.post("/api/players", json={"name": f"Load {run_tag} {k}"})
            r.raise_for_status()
            secrets[r.json()["id"]] = r.json()["secret"]
        cpu_start, own_start = total_cpu(pids), time.process_time()
        started = time.monotonic()
        stop_at = started + seconds
        ws_url = url.replace("http", "ws", 1)
        watch = asyncio.ensure_future(progress(stats, started, stop_at))
        await asyncio.gather(*(player(k, http, ws_url, secret, game, rated, think, stats, stop_at)
                               for k, secret in enumerate(secrets.values())))
        watch.cancel()
        elapsed = time.monotonic() - started
        cpu_end, own_end = total_cpu(pids), time.process_time()
        report: dict[str, Any] = {"players": n, "game": game, "rated": rated, "think_s": think,
                                  **report_of(stats, elapsed)}
        if cpu_start is not None and cpu_end is not None:
            report["server_cpu_share_of_one_core"] = round((cpu_end - cpu_start) / elapsed, 2)
        report["client_cpu_share_of_one_core"] = round((own_end - own_start) / elapsed, 2)
        print(json.dumps(report), file=sys.stderr, flush=True)  # kept should the check fail
        report["lost"] = await check_nothing_lost(http, stats, secrets)
    return report


def server_config(path: Path, computer_after: float | None) -> None:
    """Every rate limit lifted (all the players come from this one address, and each queues
    again and again); the computer's turn in the queue, where given."""
    from sixtysix.server.config import ServerConfig
    lines = []
    for f in dataclasses.fields(ServerConfig):
        if f.name.endswith(("_burst", "_per_minute")):
            lines.append(f"{f.name} = 1000000")
        elif f.name == "queue_computer_seconds" and computer_after is not None:
            lines.append(f"{f.name} = {computer_after}")
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, default=500)
    p.add_argument("--seconds", type=float, default=600)
    p.add_argument("--game", default="sixty-six")
    p.add_argument("--unrated", action="store_true", help="queue for unrated matches")
    p.add_argument("--think", type=float, default=1.0,
                   help="mean seconds a player takes for a move (a computer's pace)")
    p.add_argument("--computer-after", type=float, default=None,
                   help="the server's queue_computer_seconds (default: the server's own)")
    p.add_argument("--database", default=None, help="default: a new SQLite file in a temp dir")
    a = p.parse_args()
    tmp = tempfile.TemporaryDirectory()
    postgres = (a.database or "").startswith(("postgresql:", "postgres:"))
    schema = None
    db = a.database or f"sqlite:///{Path(tmp.name) / 'lobby.db'}"
    if postgres:
        schema = f"sixtysix_lobby_{uuid.uuid4().hex[:8]}"
        psql(a.database, f"CREATE SCHEMA {schema}")
        db = with_schema(a.database, schema)
    config = Path(tmp.name) / "limits.toml"
    server_config(config, a.computer_after)
    proc: subprocess.Popen[bytes] | None = None
    try:
        proc, url = start_server(db, config)
        report = asyncio.run(run(url, a.players, a.seconds, a.game, not a.unrated, a.think,
                                 [proc.pid]))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        if schema is not None:
            psql(a.database, f"DROP SCHEMA {schema} CASCADE")
        tmp.cleanup()
    report["database"] = "postgresql" if postgres else "sqlite"
    print(json.dumps(report, indent=2))
    if report["pairing_ms"] is None:
        sys.exit(1)


if __name__ == "__main__":
    main()
