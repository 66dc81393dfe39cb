"""Several server processes behind one address, sharing one PostgreSQL database.

The database is the authority on every table: an action is stored as the next event number of its
table, which one process only can do (``Storage.append_event``); the loser of a race catches up
and refuses with ``stale``, as for any out-of-date action. What the processes tell each other goes
over PostgreSQL's ``LISTEN``/``NOTIFY`` on ``storage.CHANNEL`` (no broker to run beside the
database), as small JSON messages naming the sending process (``n``):

* ``{"t": table, "v": version, "e": event}``: the table has a new event (sent by the database
  transaction that stored it). A process that holds the table applies it (reading the events
  it missed, if any, from the database) and sends each of its connections the new state as that
  connection's seat may see it.
* ``{"t": table, "c": {seat: open connections}, "k": [seats], "h": {seat: since}}``: who is
  connected to the table at the sending process (and since when, wall-clock time), and which away
  seats the computer was asked to play for at once. A process that connected the same seat at
  the same moment, later, refuses its connection after all (``seat_in_use``).
  Sent when that changes, and in answer to ``{"t": table, "ask": 1}``, which a process sends
  when it loads a table that others may hold.
* ``{"t": table, "m": seat, "s": since}``: a connection at the sending process took the seat
  (``take=1``) at ``since``; a process with an earlier connection holding that seat tells it the
  seat moved and closes it.
* ``{"t": table, "keys": 1}``: an invitation of the table was claimed; a process holding the
  table reads its seats' keys again (and, until this comes, looks in the database when a seat's
  secret is not known to it).
* ``{"t": table, "gone": 1}``: an open table was closed before its match began (deleted from
  the database); a process holding it closes its connections and forgets it.
* ``{"lobby": 1}``: the lobby changed (a table opened, a seat taken, a player queued or paired):
  each process reads the lobby's lists from the database again and sends them where they changed
  (``lobby.py``). Each process also reads them every ``lobby_tick_seconds``, so a lost message
  only delays. The queue is paired by one process at a time: the one holding the advisory lock of
  ``PAIRING`` (as for a table's computer players).
* ``{"alive": 1}``: every ``HEARTBEAT`` seconds. A process not heard of for ``3 * HEARTBEAT``
  seconds is taken to be gone, and its connections with it (their seats become away).

Computer players (and the computer playing for an away seat) act at a table in one process only:
the one holding the table's session-level advisory lock. Whichever process first needs a computer
to act takes it; the lock goes with the process's database session, so when that process dies
another one takes the table over. Even if two processes did act at once, the event number would
let only one action in.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg

from .storage import CHANNEL, ClusterNote, Storage

__all__ = ["Cluster", "HEARTBEAT"]

log = logging.getLogger("sixtysix.server")

HEARTBEAT = 5.0
"""Seconds between a process's ``alive`` messages."""

Handler = Callable[[ClusterNote], Awaitable[None]]


def lock_key(table_id: str) -> int:
    """The advisory lock key (a signed 64-bit number) of a table.

    >>> lock_key("abc") == lock_key("abc") and -2**63 <= lock_key("abc") < 2**63
    True
    """
    digest = hashlib.blake2b(f"sixtysix:{table_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class Cluster:
    """This process's link to the others on the same PostgreSQL database."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.node = storage.node
        self.dsn = storage.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._locks: psycopg.Connection[Any] | None = None
        self._held: set[str] = set()
        self.seen: dict[str, float] = {}
        """Other processes, and when this one last heard from each (``time.monotonic``)."""
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, on_message: Handler, on_resync: Callable[[], Awaitable[None]],
                    on_gone: Callable[[str], Awaitable[None]]) -> None:
        """Listen for the others' messages (``on_message``), ``on_resync`` after the listening
        connection was lost and made again (messages may have been missed), ``on_gone`` with a
        process not heard of for too long."""
        self._locks = psycopg.connect(self.dsn, autocommit=True)
        listener = await self._listen()
        self._tasks = [asyncio.create_task(self._receive(listener, on_message, on_resync)),
                       asyncio.create_task(self._beat(on_gone))]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._locks is not None:
            self._locks.close()  # releases the advisory locks
            self._locks = None
        self._held.clear()

    async def _listen(self) -> psycopg.AsyncConnection[Any]:
        conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        await conn.execute(f"LISTEN {CHANNEL}")
        return conn

    async def _receive(self, conn: psycopg.AsyncConnection[Any], on_message: Handler,
                       on_resync: Callable[[], Awaitable[None]]) -> None:
        while True:
            try:
                async for note in conn.notifies():
                    msg = json.loads(note.payload)
                    node = msg.get("n")
                    if not isinstance(node, str) or node == self.node:
                        continue
                    self.seen[node] = time.monotonic()
                    try:
                        await on_message(msg)
                    except Exception:  # one bad message must not stop the listening
                        log.exception("cluster message %r failed", note.payload)
            except psycopg.OperationalError:
                log.warning("lost the connection listening to the other processes; reconnecting")
            await conn.close()
            while True:
                await asyncio.sleep(1)
                try:
                    conn = await self._listen()
                    break
                except psycopg.OperationalError:
                    continue
            await on_resync()

    async def _beat(self, on_gone: Callable[[str], Awaitable[None]]) -> None:
        while True:
            try:
                self.storage.notify({"alive": 1})
            except Exception:
                log.warning("could not tell the other processes this one is alive", exc_info=True)
            now = time.monotonic()
            for node, when in list(self.seen.items()):
                if now - when > 3 * HEARTBEAT:
                    del self.seen[node]
                    await on_gone(node)
            await asyncio.sleep(HEARTBEAT)

    def publish(self, message: ClusterNote) -> None:
        """Send ``message`` to the other processes."""
        try:
            self.storage.notify(message)
        except Exception:  # the database gone: the actions will fail loudly, this need not
            log.warning("could not send %r to the other processes", message, exc_info=True)

    def leads(self, table_id: str) -> bool:
        """Whether this process plays the computer players at ``table_id``: it holds the table's
        advisory lock, taken now if no other process holds it."""
        if table_id in self._held:
            return True
        try:
            if self._locks is None or self._locks.closed:
                # The locks went with a lost session: other processes may hold them by now.
                self._held.clear()
                self._locks = psycopg.connect(self.dsn, autocommit=True)
            row = self._locks.execute("SELECT pg_try_advisory_lock(%s)",
                                      (lock_key(table_id),)).fetchone()
        except psycopg.OperationalError:
            log.warning("could not take the lock of table %s", table_id, exc_info=True)
            return False
        if row is not None and row[0]:
            self._held.add(table_id)
            return True
        return False

    def release(self, table_id: str) -> None:
        """Give up driving ``table_id`` (this process no longer holds it)."""
        if table_id in self._held and self._locks is not None:
            self._held.discard(table_id)
            # If the session is gone, its locks went with it.
            with contextlib.suppress(psycopg.OperationalError):
                self._locks.execute("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))
