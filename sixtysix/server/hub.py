"""The tables a server holds, their connections, and the computer players that act at them.

The hub is the only place with asyncio: tables themselves are synchronous. Each change of a table
is followed by ``broadcast``, which sends every connection the latest state as its seat may see
it; a per-table lock keeps those messages in version order.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from ..bots.base import RandomBot
from ..engine.actions import action_str
from .storage import Storage
from .table import Table, TableError

__all__ = ["Hub"]

log = logging.getLogger("sixtysix.server")


@dataclass
class _Conn:
    ws: WebSocket
    seat: int | None
    sent: tuple[int, int] = (-1, -1)


@dataclass
class _TableRuntime:
    table: Table
    conns: list[_Conn] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None


class Hub:
    """All tables of one server process."""

    def __init__(self, storage: Storage, bot_limits: dict[str, float] | None = None) -> None:
        self.storage = storage
        self.bot_limits = bot_limits
        self.tables: dict[str, _TableRuntime] = {}

    # ------------------------------------------------------------------ tables

    def resume_all(self) -> int:
        """Load every unfinished stored table and set its computer players going again."""
        n = 0
        for tid in self.storage.table_ids(unfinished_only=True):
            try:
                if self.get(tid) is not None:
                    n += 1
            except Exception:
                # One damaged table must not keep the server (and every other table) down.
                log.exception("table %s could not be resumed", tid)
        return n

    def create(self, raw: Any) -> Table:
        t = Table.create(self.storage, raw, bot_limits=self.bot_limits)
        self.tables[t.id] = _TableRuntime(t)
        self.kick(t.id)
        return t

    def get(self, table_id: str) -> Table | None:
        rt = self.tables.get(table_id)
        if rt is None:
            if not isinstance(table_id, str) or len(table_id) > 64:
                return None
            t = Table.load(self.storage, table_id)
            if t is None:
                return None
            rt = self.tables[table_id] = _TableRuntime(t)
            self.kick(table_id)
        return rt.table

    def require(self, table_id: str) -> Table:
        t = self.get(table_id)
        if t is None:
            raise TableError("no_table", f"there is no table {table_id!r}", 404)
        return t

    # ------------------------------------------------------------------ connections

    def check_room(self, table: Table, seat: int | None, *, per_seat: int, spectators: int) -> None:
        """Refuse a connection beyond ``per_seat`` open ones for a seat (``spectators`` for the
        spectators of a table): a few tabs are fine, thousands are an attack."""
        rt = self.tables[table.id]
        open_ = sum(1 for c in rt.conns if c.seat == seat)
        limit = per_seat if seat is not None else spectators
        if open_ >= limit:
            who = f"seat {seat}" if seat is not None else "spectators at this table"
            raise TableError("too_many_connections", f"{who} already has {open_} open connection(s), "
                             f"the most allowed: close one first", 429)

    async def connect(self, table: Table, ws: WebSocket, seat: int | None) -> _Conn:
        rt = self.tables[table.id]
        conn = _Conn(ws, seat)
        rt.conns.append(conn)
        if seat is not None:
            table.came_back(seat)
        table.presence += 1
        await self.broadcast(table.id)
        return conn

    async def disconnect(self, table: Table, conn: _Conn) -> None:
        rt = self.tables[table.id]
        if conn in rt.conns:
            rt.conns.remove(conn)
        seat = conn.seat
        if seat is not None and not any(c.seat == seat for c in rt.conns):
            table.away_since[seat] = time.monotonic()
        table.presence += 1
        if table.finished and not rt.conns:
            # Nobody is looking at a finished match: free it (it reloads from storage on demand).
            self.tables.pop(table.id, None)
            return
        await self.broadcast(table.id)
        self.kick(table.id)

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
            version = t.version
            if t.spec["bot_delay"] and t.humans:
                await asyncio.sleep(t.spec["bot_delay"])
                if t.version != version:
                    continue
            if seat == -1:
                t.next_hand(-1, version=version)
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
                if t.version != version:
                    continue  # someone else acted meanwhile (a returning human)
                by = "bot" if t.seats[seat].kind == "bot" else "takeover"
                try:
                    t.act(seat, action_str(action), version=version, by=by)
                except TableError as e:
                    log.error("computer move refused at table %s: %s", t.id, e.message)
                    return
            await self.broadcast(t.id)
