"""The tables a server holds, their connections, and the computer players that act at them.

The hub is the only place with asyncio: tables themselves are synchronous. Each change of a table
is followed by ``broadcast``, which sends every connection the latest state as its seat may see
it; a per-table lock keeps those messages in version order.

On PostgreSQL the hub is one of several processes that may share the database (``cluster.py``):
it catches up with the tables it holds when another process stores an event, counts the seats
connected to the others as present, and plays the computer players only at the tables whose lock
it holds.

A seat has one live connection, at whichever process: the seat's browser or device. Another
connection for it is refused (``seat_in_use``) unless it asks to take the seat (``take``); then the
connection holding it is told ``{"type": "moved"}`` and closed with ``MOVED`` (at another process,
through the cluster), and nothing it sends is played any more.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from ..bots.base import RandomBot
from ..engine.actions import action_str
from .cluster import Cluster
from .storage import ClusterNote, Storage
from .table import Table, TableError

__all__ = ["Hub", "Conn", "MOVED", "LEFT", "CLOSED"]

log = logging.getLogger("sixtysix.server")


MOVED = 4001
"""The close code of a connection whose seat moved to another one: its page must not reconnect."""
LEFT = 4002
"""The close code of a connection whose person left the seat."""
CLOSED = 4410
"""The close code of a connection to a table closed before its match began (it is gone)."""


@dataclass
class Conn:
    ws: WebSocket
    seat: int | None
    sent: tuple[int, int] = (-1, -1)
    holds: bool = True
    """False once the seat moved to another connection or was left: nothing it sends counts."""
    took: bool = False
    """It asked to take the seat (``take=1``)."""
    since: float = field(default_factory=time.time)
    """When it connected (wall-clock time, compared between processes): of two connections for
    one seat made at two processes at once, before either heard of the other, the later one
    goes."""


@dataclass
class _TableRuntime:
    table: Table
    conns: list[Conn] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None
    remote: dict[str, dict[int, int]] = field(default_factory=dict)
    """Other processes sharing the database: the open connections per seat at each."""


LEAD_RETRY = 2.0
"""Seconds before a process looks again whether the computer's turn at a table that another
process plays the computer at was taken (that process may be gone)."""


class Hub:
    """All tables of one server process."""

    def __init__(self, storage: Storage, bot_limits: dict[str, float] | None = None) -> None:
        self.storage = storage
        self.bot_limits = bot_limits
        self.tables: dict[str, _TableRuntime] = {}
        self.cluster = Cluster(storage) if storage.shared else None
        self.lobby_news: Callable[[], Awaitable[None]] | None = None
        """Called when another process says the lobby changed (``{"lobby": 1}``)."""

    async def start(self) -> None:
        """Join the other processes on a shared database (nothing to do on SQLite)."""
        if self.cluster is not None:
            await self.cluster.start(self._on_message, self._resync, self._gone)

    async def stop(self) -> None:
        for rt in self.tables.values():
            if rt.driver is not None:
                rt.driver.cancel()
        if self.cluster is not None:
            await self.cluster.stop()

    # ------------------------------------------------------------------ tables

    def resume_all(self) -> int:
        """Load every unfinished stored table and set its computer players going again."""
        n = 0
        for tid in self.storage.table_ids(unfinished_only=True):
            try:
                t = self.get(tid, ask=False)
                if t is not None:
                    # Its people may have been connected a moment ago: waited for while they
                    # connect again (Table.left_at).
                    t.left_at = dict.fromkeys(t.humans, time.monotonic())
                    n += 1
            except Exception:
                # One damaged table must not keep the server (and every other table) down.
                log.exception("table %s could not be resumed", tid)
        if self.cluster is not None:
            self.cluster.publish({"ask": 1})  # one question for all: who is connected where?
        return n

    def create(self, raw: Any, **how: Any) -> Table:
        """A new table (``Table.create``; ``how``: its ``table_id``, ``token_hashes``)."""
        t = Table.create(self.storage, raw, bot_limits=self.bot_limits, **how)
        self.tables[t.id] = _TableRuntime(t)
        self.kick(t.id)
        return t

    def get(self, table_id: str, *, ask: bool = True) -> Table | None:
        """The table (loaded from storage if not held yet); None if there is none. ``ask``: on a
        shared database, ask the other processes who is connected to a table loaded now."""
        rt = self.tables.get(table_id)
        if rt is None:
            if not isinstance(table_id, str) or len(table_id) > 64:
                return None
            t = Table.load(self.storage, table_id)
            if t is None:
                return None
            rt = self.tables[table_id] = _TableRuntime(t)
            if ask and self.cluster is not None:
                self.cluster.publish({"t": table_id, "ask": 1})  # who is connected elsewhere?
            self.kick(table_id)
        return rt.table

    def require(self, table_id: str) -> Table:
        t = self.get(table_id)
        if t is None:
            raise TableError("no_table", f"there is no table {table_id!r}", 404)
        return t

    # ------------------------------------------------------------------ connections

    def check_room(self, table: Table, seat: int | None, *, take: bool, spectators: int) -> None:
        """Refuse a connection for a seat that another live connection holds, unless it asks to
        ``take`` the seat; and one beyond ``spectators`` open ones for a table's spectators."""
        rt = self.tables[table.id]
        if seat is None:
            open_ = sum(1 for c in rt.conns if c.seat is None)
            if open_ >= spectators:
                raise TableError("too_many_connections", f"spectators at this table already have "
                                 f"{open_} open connection(s), the most allowed: close one first", 429)
        elif not take and self._present(rt, seat):
            raise TableError("seat_in_use", f"seat {seat} is open in another window or device: "
                             "connect with take=1 to move it here", 409)

    def check_free(self, table: Table, seat: int | None) -> None:
        """Refuse an action over HTTP for a seat that a live connection holds: only that
        connection plays the seat (a leaked or copied secret cannot play beside it)."""
        if seat is not None and self._present(self.tables[table.id], seat):
            raise TableError("seat_in_use", f"seat {seat} is open in a window or device (a live "
                             "WebSocket): its actions are taken there only", 409)

    async def connect(self, table: Table, ws: WebSocket, seat: int | None, *,
                      take: bool = False) -> Conn:
        """A connection for ``seat`` (None: a spectator); it takes the seat from any other (the
        caller checked with ``check_room`` that it may)."""
        rt = self.tables[table.id]
        conn = Conn(ws, seat, took=take)
        if seat is not None:
            old = [c for c in rt.conns if c.seat == seat]
            if self.cluster is not None and any(n.get(seat) for n in rt.remote.values()):
                self.cluster.publish({"t": table.id, "m": seat, "s": conn.since})
            table.came_back(seat)
        rt.conns.append(conn)
        table.presence += 1
        self._publish_presence(rt)
        if seat is not None:
            await self._move_away(rt, old)
        await self.broadcast(table.id)
        return conn

    async def _move_away(self, rt: _TableRuntime, conns: list[Conn], *,
                         late: bool = False) -> None:
        """Tell ``conns`` their seat moved to another connection, and close them (``late``: they
        are refused after all, as if the other connection had been there first)."""
        for c in conns:
            c.holds = False
            if c in rt.conns:
                rt.conns.remove(c)
        for c in conns:
            try:
                if late:
                    e = TableError("seat_in_use", f"seat {c.seat} is open in another window or "
                                   "device: connect with take=1 to move it here", 409)
                    await c.ws.send_json({"type": "error", **e.to_json()})
                    await c.ws.close(code=4000 + e.status)
                    continue
                await c.ws.send_json({"type": "moved", "message": "this seat moved to another "
                                      "window or device"})
                await c.ws.close(code=MOVED)
            except Exception:  # a peer gone already: its handler cleans up
                log.debug("telling a moved connection at table %s failed", rt.table.id,
                          exc_info=True)

    async def leave(self, table: Table, conn: Conn) -> None:
        """The person of ``conn``'s seat leaves it: the seat is away, and the computer plays for
        it at once until the person opens the table again."""
        table.leave(conn.seat)
        rt = self.tables[table.id]
        conn.holds = False
        if conn in rt.conns:
            rt.conns.remove(conn)
        self._publish_presence(rt)
        await self.broadcast(table.id)
        self.kick(table.id)

    async def disconnect(self, table: Table, conn: Conn) -> None:
        rt = self.tables.get(table.id)
        if rt is None or rt.table is not table:
            return  # the table was closed (``drop``)
        if conn in rt.conns:
            rt.conns.remove(conn)
        seat = conn.seat
        # (A connection moved away or left does not make its seat away: it was not its holder.)
        if seat is not None and conn.holds and not self._present(rt, seat):
            table.away_since[seat] = table.left_at[seat] = time.monotonic()
        table.presence += 1
        self._publish_presence(rt)
        if table.finished and not rt.conns:
            # Nobody is looking at a finished match: free it (it reloads from storage on demand).
            self.tables.pop(table.id, None)
            if self.cluster is not None:
                self.cluster.release(table.id)
            return
        await self.broadcast(table.id)
        self.kick(table.id)

    def next_hand(self, table: Table, seat: int | None, version: Any) -> None:
        """``Table.next_hand``, told to the other processes (where the others may have asked)."""
        table.next_hand(seat, version=version)
        self._publish_presence(self.tables[table.id])

    def claimed(self, table: Table) -> None:
        """An invitation of ``table`` was claimed here: the other processes read its keys again,
        and the computer players look again (a claimed seat is no longer waited for by its
        invitation: its person, away, is taken over by the clock)."""
        if self.cluster is not None:
            self.cluster.publish({"t": table.id, "keys": 1})
        self.kick(table.id)

    def take_over(self, table: Table, asker: int | None, seat: Any) -> None:
        """``Table.take_over``, told to the other processes."""
        table.take_over(asker, seat)
        self._publish_presence(self.tables[table.id])

    @staticmethod
    def _present(rt: _TableRuntime, seat: int) -> bool:
        """Whether ``seat`` has a connection open here or at another process."""
        return any(c.seat == seat for c in rt.conns) \
            or any(counts.get(seat) for counts in rt.remote.values())

    def _publish_presence(self, rt: _TableRuntime, *, if_any: bool = False) -> None:
        """Tell the other processes who is connected to the table here, and who asked for the
        next hand (``if_any``: only if someone is, or did, or the computer was asked to play for
        a seat)."""
        if self.cluster is None:
            return
        t = rt.table
        counts = Counter(c.seat for c in rt.conns if c.seat is not None)
        if if_any and not counts and not t.taken_over and not t.ready:
            return
        self.cluster.publish({"t": t.id, "c": {str(s): k for s, k in counts.items()},
                              "k": sorted(t.taken_over), "r": sorted(t.ready), "rv": t.version,
                              "h": {str(c.seat): c.since for c in rt.conns if c.seat is not None}})

    def _later(self, conn: Conn, since: float, node: str) -> bool:
        """Whether ``conn`` came after another process's connection ``since`` (ties broken by
        the processes' names, the same way at both)."""
        assert self.cluster is not None
        return (conn.since, self.cluster.node) > (since, node)

    async def drop(self, table_id: str, *, tell: bool = True) -> None:
        """Forget a table deleted from storage (an open table closed before it started): its
        connections are told and closed, and (``tell``) so are the other processes'."""
        if tell and self.cluster is not None:
            self.cluster.publish({"t": table_id, "gone": 1})
        rt = self.tables.pop(table_id, None)
        if rt is None:
            return
        if rt.driver is not None:
            rt.driver.cancel()
        if rt.timer is not None:
            rt.timer.cancel()
        if self.cluster is not None:
            self.cluster.release(table_id)
        e = TableError("closed", "this table was closed before its match began", 410)
        for c in rt.conns:
            c.holds = False
            try:
                await c.ws.send_json({"type": "error", **e.to_json()})
                await c.ws.close(code=CLOSED)
            except Exception:  # a peer gone already
                log.debug("telling a connection table %s closed failed", table_id, exc_info=True)

    # ------------------------------------------------------------------ other processes

    async def _on_message(self, msg: ClusterNote) -> None:
        if "lobby" in msg:
            if self.lobby_news is not None:
                await self.lobby_news()
            return
        if "gone" in msg:
            await self.drop(str(msg.get("t")), tell=False)
            return
        if "ask" in msg and "t" not in msg:
            for held in list(self.tables.values()):
                self._publish_presence(held, if_any=True)
            return
        rt = self.tables.get(msg.get("t", ""))
        if rt is None:
            return  # a table not held here: it is read from the database when asked for
        t = rt.table
        if "v" in msg:
            if not t.refresh(int(msg["v"]) - 1, msg.get("e")):
                return  # this process stored it itself, or caught up already
        elif "ask" in msg:
            self._publish_presence(rt, if_any=True)
            return
        elif "m" in msg:
            # The seat was taken at another process: the connection holding it here lets go
            # (unless it took the seat itself, after that one).
            moved = [c for c in rt.conns if c.seat == int(msg["m"])
                     and not self._later(c, float(msg["s"]), msg["n"])]
            if not moved:
                return
            await self._move_away(rt, moved)
            t.presence += 1
            self._publish_presence(rt)
        elif "keys" in msg:
            if not t.reload_keys():
                return
        elif "c" in msg:
            counts = {int(s): int(k) for s, k in msg["c"].items()}
            if counts:
                rt.remote[msg["n"]] = counts
            else:
                rt.remote.pop(msg["n"], None)
            t.taken_over = {int(s) for s in msg["k"]}
            t.join_ready([int(s) for s in msg.get("r", ())], msg.get("rv"))
            # Connected at both processes at once, neither asking to take the seat: the later
            # connection is refused after all.
            since = msg.get("h", {})  # each seat's connection there, since when
            late = [c for c in rt.conns if str(c.seat) in since and not c.took
                    and self._later(c, float(since[str(c.seat)]), msg["n"])]
            if late:
                await self._move_away(rt, late, late=True)
                self._publish_presence(rt)
            self._settle_presence(rt)
        else:
            return
        await self.broadcast(t.id)
        self.kick(t.id)

    def _settle_presence(self, rt: _TableRuntime) -> None:
        """Mark each human seat away (since now, if it was not) or present, all processes
        counted; presence changed."""
        t = rt.table
        now = time.monotonic()
        for seat in t.humans:
            if self._present(rt, seat):
                t.away_since.pop(seat, None)
            else:
                t.away_since.setdefault(seat, now)
        t.taken_over &= set(t.away_since)
        t.presence += 1

    async def _gone(self, node: str) -> None:
        """Process ``node`` went silent: its connections count no more."""
        log.warning("server process %s went silent: its connections are dropped", node)
        for rt in list(self.tables.values()):
            if rt.remote.pop(node, None) is not None:
                self._settle_presence(rt)
                await self.broadcast(rt.table.id)
                self.kick(rt.table.id)

    async def _resync(self) -> None:
        """After messages may have been lost: catch up with every table held here."""
        assert self.cluster is not None
        self.cluster.publish({"ask": 1})
        for rt in list(self.tables.values()):
            rt.table.refresh()
            self._publish_presence(rt, if_any=True)
            await self.broadcast(rt.table.id)
            self.kick(rt.table.id)

    async def broadcast(self, table_id: str) -> None:
        """Send every connection the table's latest state (once per version)."""
        rt = self.tables.get(table_id)
        if rt is None:
            return
        async with rt.lock:
            t = rt.table
            key = (t.version, t.presence)
            for conn in list(rt.conns):
                if conn.sent == key:
                    continue
                try:
                    if conn.ws.application_state == WebSocketState.CONNECTED:
                        await conn.ws.send_text(t.message_text(conn.seat))
                        conn.sent = key
                except Exception:  # a peer gone mid-send: its handler will clean up
                    log.debug("send to table %s failed", table_id, exc_info=True)

    # ------------------------------------------------------------------ computer players

    def kick(self, table_id: str) -> None:
        """Make sure computer players act at the table if it is their turn."""
        rt = self.tables.get(table_id)
        if rt is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet (table loaded at start-up): resumed when the server starts
        if rt.driver is None or rt.driver.done():
            rt.driver = loop.create_task(self._drive(rt))

    async def _drive(self, rt: _TableRuntime) -> None:
        t = rt.table
        while True:
            seat, wait = t.computer_seat(time.monotonic())
            if seat is None:
                if wait is not None:
                    loop = asyncio.get_running_loop()
                    if rt.timer is not None:
                        rt.timer.cancel()
                    rt.timer = loop.call_later(wait + 0.01, self.kick, t.id)
                return
            if self.cluster is not None and not self.cluster.leads(t.id):
                # Another process plays the computer here; look again later in case it is gone.
                if rt.timer is not None:
                    rt.timer.cancel()
                rt.timer = asyncio.get_running_loop().call_later(LEAD_RETRY, self.kick, t.id)
                return
            version = t.version
            if t.spec["bot_delay"] and t.humans:
                await asyncio.sleep(t.spec["bot_delay"])
                if t.version != version:
                    continue
            if seat == -1:
                # Every person present asked for the next hand, or its countdown ran out.
                try:
                    t.deal_next(version)
                except TableError as e:
                    if e.code == "stale":
                        continue
                    raise
            else:
                hand = t.match.hand
                assert hand is not None
                view = hand.view(seat)
                rng = t.bot_rng()
                bot = t.bot_for(seat)
                try:
                    action = await asyncio.to_thread(bot.choose, view, rng)
                except Exception:
                    # A failing computer player must not stall the table: play on at random.
                    log.exception("computer player %s failed at table %s", bot, t.id)
                    action = RandomBot().choose(view, rng)
                if t.version != version or t.computer_seat(time.monotonic())[0] != seat:
                    # Someone acted meanwhile, or the seat's person came back while the computer
                    # thought (in a cluster the news of a return at another process may come
                    # after the event that made it the seat's turn).
                    continue
                by = "bot" if t.seats[seat].kind == "bot" else "takeover"
                try:
                    t.act(seat, action_str(action), version=version, by=by)
                except TableError as e:
                    if e.code == "stale":
                        continue  # another process stored an event first: the table caught up
                    log.error("computer move refused at table %s: %s", t.id, e.message)
                    return
            await self.broadcast(t.id)
