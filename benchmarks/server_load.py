"""Load test of the play server: many concurrent tables played over WebSockets on loopback.

Starts ``sixtysix serve`` as a subprocess (a fresh SQLite file unless --database is given), then
keeps ``--tables`` tables busy for ``--seconds``: at each table two clients, one per seat, play
random legal actions (a computer-vs-computer game driven from outside, through the real server).
When a match ends its slot starts a new table. Reports actions/s and the action latency: the time
from sending an action to receiving the state that includes it, on the same connection; and the
delivery latency: the time until the other seat has that state. (Asking for the next hand is not
timed: the first to ask waits for the other person, by the rules.)

With ``--processes N`` (PostgreSQL only) it starts N server processes on one database; each table
is created at one process and its two seats connect to two different processes, so that every
action reaches the other seat through the database (``sixtysix/server/cluster.py``). On
PostgreSQL the run uses a schema of its own in the given database, dropped at the end.

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20             # flat out
    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20 --think 0.5 # paced
    .venv/bin/python benchmarks/server_load.py --tables 100 --think 0.5 \
        --database postgresql://u:p@host/db --processes 2                             # two processes

Client and server share the machine, so the figures include the client's own CPU time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Stats:
    def __init__(self) -> None:
        self.measure_from = 0.0
        """perf_counter time after which actions count (the warm-up is left out)."""
        self.latencies: list[float] = []
        self.deliveries: list[float] = []
        """Seconds from an action being sent to the other seat having its state."""
        self.tables_opened = 0
        self.actions = 0
        self.matches = 0
        self.errors: list[str] = []
        self.cpu_start: float | None = None
        self.cpu_end: float | None = None
        """Server CPU seconds (all processes) at the start and the end of the measured time."""
        self.actions_at_end = 0


async def seat_client(url: str, tid: str, token: str, seat: int, rng: random.Random, stats: Stats,
                      stop_at: float, done: asyncio.Event, think: float,
                      sent: dict[int, tuple[int, float]]) -> None:
    """One seat's player. ``sent`` maps a version to the seat that acted at it and when: shared
    by the table's two players, for the delivery latency."""
    async with websockets.connect(f"{url}/ws/{tid}?token={token}", max_size=2**20,
                                  open_timeout=60) as ws:
        sent_version = -1
        sent_at = 0.0
        asked = -1
        """The version at which this seat asked for the next hand."""
        while not done.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop_at - time.monotonic() + 5))
            except TimeoutError:
                break
            m = json.loads(raw)
            if m.get("type") == "error":
                stats.errors.append(m["error"]["message"])
                sent_version = -1
                continue
            if m.get("type") != "state":
                continue
            v = m["version"]
            for at in [x for x, (by, _) in sent.items() if x < v and by != seat]:
                _, when = sent.pop(at)  # the other seat's action, now here
                if when >= stats.measure_from:
                    stats.deliveries.append(time.perf_counter() - when)
            if sent_version >= 0 and v > sent_version:
                if sent_at >= stats.measure_from:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    stats.actions += 1
                sent_version = -1
            if m["complete"]:
                if seat == 0:
                    stats.matches += 1
                done.set()
                break
            if time.monotonic() > stop_at:
                done.set()
                break
            view = m["view"]
            if sent_version >= 0 or (m["can_next"] and asked == v):
                continue  # our action is still on its way, or we wait for the other to ask
            if think and (view["to_act"] == seat or m["can_next"]):
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)  # a player thinking
            # Both people ask for the next hand: it is dealt once each has (or after the
            # table's countdown, which would measure the countdown instead of the server). The
            # first to ask waits for the other's thinking, not the server: asking is not timed
            # (timed, one action in twenty waited up to 1.5 think for the other seat, and that was
            # the p99).
            if m["can_next"]:
                asked = v
                await ws.send(json.dumps({"type": "next", "version": v}))
            elif view["to_act"] == seat and view["legal"]:
                action = rng.choice(view["legal"])["action"]
                sent_version, sent_at = v, time.perf_counter()
                sent[v] = (seat, sent_at)
                await ws.send(json.dumps({"type": "act", "action": action, "version": v}))


async def slot(http: list[httpx.AsyncClient], urls: list[str], game: str, k: int, stats: Stats,
               stop_at: float, think: float) -> None:
    """Table after table in slot ``k``: created at process ``k``, seat i connected to process
    ``k + i`` (modulo the number of processes)."""
    rng = random.Random(k)
    await asyncio.sleep(rng.uniform(0, 1))  # tables open over a second, not all at once
    n = len(urls)
    while time.monotonic() < stop_at:
        r = await http[k % n].post("/api/tables", json={
            "game": game, "hints": False,
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
        r.raise_for_status()
        t = r.json()
        stats.tables_opened += 1
        # The creator's seat has its secret; the other person claims the invitation to his.
        tokens = []
        for s in t["seats"]:
            if "token" in s:
                tokens.append(s["token"])
            else:
                c = await http[(k + s["seat"]) % n].post(f"/api/tables/{t['table']}/claim",
                                                         json={"invite": s["invite"]})
                c.raise_for_status()
                tokens.append(c.json()["token"])
        done = asyncio.Event()
        sent: dict[int, tuple[int, float]] = {}
        await asyncio.gather(*(seat_client(urls[(k + i) % n].replace("http", "ws", 1), t["table"],
                                           token, i, random.Random(rng.random()), stats,
                                           stop_at, done, think, sent)
                               for i, token in enumerate(tokens)))


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU time of a process so far (Linux /proc), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def total_cpu(pids: list[int]) -> float | None:
    """CPU seconds of all the server processes, or None if one cannot be read."""
    used = [cpu_seconds(pid) for pid in pids]
    return None if not used or None in used else sum(u for u in used if u is not None)


async def run(urls: list[str], tables: int, seconds: float, game: str, think: float,
              warmup: float, server_pids: list[int]) -> Stats:
    stats = Stats()
    stats.measure_from = time.perf_counter() + warmup

    async def sample_cpu() -> None:
        await asyncio.sleep(warmup)
        stats.cpu_start = total_cpu(server_pids)
        await asyncio.sleep(seconds)
        stats.cpu_end = total_cpu(server_pids)
        stats.actions_at_end = stats.actions

    sampler = asyncio.ensure_future(sample_cpu())
    limits = httpx.Limits(max_connections=64, keepalive_expiry=1.0)  # under uvicorn's 5 s
    clients = [httpx.AsyncClient(base_url=url, limits=limits, timeout=60) for url in urls]
    try:
        stop_at = time.monotonic() + warmup + seconds
        await asyncio.gather(*(slot(clients, urls, game, k, stats, stop_at, think)
                               for k in range(tables)))
    finally:
        for c in clients:
            await c.aclose()
    await sampler
    return stats


def start_server(db: str, config: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "sixtysix.cli", "serve", "--port", str(port),
                             "--database", db, "--config", str(config)], stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(url + "/api/games", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc, url


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``schema`` first on PostgreSQL's search path (the servers' tables go there).

    >>> with_schema("postgresql://u@h/db", "s1")
    'postgresql://u@h/db?options=-csearch_path%3Ds1'
    """
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


def percentiles(xs: list[float]) -> dict[str, float]:
    """p50, p99 and max of seconds, in milliseconds."""
    lat = sorted(xs)
    return {"p50": round(statistics.median(lat) * 1000, 1),
            "p99": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000, 1),
            "max": round(lat[-1] * 1000, 1)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--game", default="sixty-six")
    p.add_argument("--think", type=float, default=0.0,
                   help="mean seconds a player waits before acting (0: as fast as possible)")
    p.add_argument("--warmup", type=float, default=3.0,
                   help="seconds of play before measuring (tables opening, connections)")
    p.add_argument("--database", default=None, help="default: a new SQLite file in a temp dir")
    p.add_argument("--url", default=None, help="use a server already running there")
    p.add_argument("--processes", type=int, default=1,
                   help="server processes sharing the --database (PostgreSQL for more than 1)")
    a = p.parse_args()
    postgres = (a.database or "").startswith(("postgresql:", "postgres:"))
    if a.processes > 1 and not postgres:
        p.error("--processes above 1 needs a PostgreSQL --database (processes share only that)")
    procs: list[subprocess.Popen[bytes]] = []
    tmp = tempfile.TemporaryDirectory()
    schema = None
    urls = [a.url] if a.url else []
    if not urls:
        db = a.database or f"sqlite:///{Path(tmp.name) / 'load.db'}"
        if postgres:
            schema = f"sixtysix_load_{uuid.uuid4().hex[:8]}"
            psql(a.database, f"CREATE SCHEMA {schema}")
            db = with_schema(a.database, schema)
        # Every table comes from this one client: lift the per-client rate limits.
        config = Path(tmp.name) / "limits.toml"
        config.write_text("tables_burst = 1000000\ntables_per_minute = 1000000\n"
                          "sockets_burst = 1000000\nsockets_per_minute = 1000000\n")
        for _ in range(a.processes):
            proc, url = start_server(db, config)
            procs.append(proc)
            urls.append(url)
    try:
        stats = asyncio.run(run(urls, a.tables, a.seconds, a.game, a.think, a.warmup,
                                [proc.pid for proc in procs]))
        elapsed = a.seconds
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(10)
        if schema is not None:
            psql(a.database, f"DROP SCHEMA {schema} CASCADE")
        tmp.cleanup()
    if not stats.latencies:
        print("no actions completed", stats.errors[:5])
        sys.exit(1)
    report: dict[str, Any] = {
        "processes": len(urls), "database": "postgresql" if postgres else "sqlite",
        "tables": a.tables, "tables_opened": stats.tables_opened, "think_s": a.think,
        "seconds": round(elapsed, 1), "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1), "matches_finished": stats.matches,
        "latency_ms": percentiles(stats.latencies),
        "delivery_ms": percentiles(stats.deliveries) if stats.deliveries else None,
        "errors": len(stats.errors),
    }
    if stats.cpu_start is not None and stats.cpu_end is not None and stats.actions_at_end:
        used = stats.cpu_end - stats.cpu_start
        report["server_cpu"] = {"share_of_one_core": round(used / a.seconds, 2),
                                "ms_per_action": round(1000 * used / stats.actions_at_end, 3)}
    print(json.dumps(report, indent=2))


def psql(url: str, statement: str) -> None:
    """Run one statement on the PostgreSQL database ``url`` (psycopg, autocommit)."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(statement)


if __name__ == "__main__":
    main()
