"""The lobby: tables open to anyone, quick pairing ("Play now") and the live tables to watch.

Everything the lobby knows is in the database (``sixtysix_lobby_tables``, ``sixtysix_queue``), so
it survives a restart and is the same at every server process sharing a PostgreSQL database. Each
process sends its lobby WebSockets the lists when they change: at once for what it did itself, on
the other processes' ``{"lobby": 1}`` news (``cluster.py``), and every ``lobby_tick_seconds``,
when it also drops the open tables whose time ran out. The queue is paired each time, by one
process at a time (the holder of the ``PAIRING`` lock): a player queued at any process is seated
as soon as his partners are there.

* An **open table** is a table whose first human seat is its creator's (a player) and whose other
  human seats have invitations that the lobby, not the creator, hands out: ``sit`` claims the
  first one left for the player who asks (the same claim as an invitation link's), and the seat's
  secret goes to his browser. Full, the table is live. Its creator may ``close`` it while nobody
  else sat down; after ``open_table_seconds`` it goes away by itself if nobody did (else it is
  only listed no more).
* **Quick pairing** seats the players waiting for a game together (``pairing.pair``) at a new
  table whose seats are held from the start by secrets made for them; each player's browser
  fetches its own (``status``, or the lobby WebSocket's ``queue`` message). Nobody is waited for
  there: a seat whose person does not come is played by the computer after the table's takeover
  time, as at any table.
* **Live tables** (the lobby's tables whose seats are full and whose match is not over) are listed
  for spectators: a table's page without a seat's secret shows what a spectator may see, never a
  hidden card (``views.view_to_json(spectator=True)``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, TypedDict

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from ..engine.options import OptionValues
from ..games import DEFAULT_GAME, GAMES
from .config import ServerConfig
from .guard import TokenBuckets, parse_json
from .hub import Hub
from .pairing import Group, Waiting, pair
from .players import Players
from .ratings import DEFAULT_RATING, MODEL, Rating, Ratings
from .storage import QueueEntry, Storage
from .table import FORMER_PLAYER, TableError, secret_hash, shared_game

__all__ = ["Lobby", "lobby_routes", "PAIRING", "PAIRED_SECONDS", "MAX_LISTED"]

log = logging.getLogger("sixtysix.server")

PAIRING = "#pairing"
"""The name of the advisory lock whose holder pairs the queue (a table id never has '#')."""
PAIRED_SECONDS = 600.0
"""How long a pairing waits for its player's browser to fetch his seat's secret."""
MAX_LISTED = 100
"""The most open tables (the oldest) and live ones (the newest) the lists show."""


def _n_seats(game: str) -> int:
    return shared_game(game, {}).n_seats


class ListedSeat(TypedDict):
    """A seat of a listed table: a person's (with his rating), the computer's, or free."""

    seat: int
    kind: str
    free: bool
    name: str
    player: str | None
    rating: int | None
    provisional: bool | None


class ListedTable(TypedDict):
    """A table in the lobby's lists: its game, options, seats and link."""

    table: str
    game: str
    game_name: str
    options: OptionValues
    rated: bool
    creator: str | None
    seats: list[ListedSeat]
    free: int
    link: str


class OpenTable(ListedTable):
    """An open table, with the seconds until it closes to newcomers."""

    closes_in: int


class LobbyLists(TypedDict):
    """``GET /api/lobby`` and the lobby page's ``lobby`` message: the open tables, the live ones
    and how many players wait for each game."""

    open: list[OpenTable]
    live: list[ListedTable]
    waiting: dict[str, int]


@dataclass
class _Watcher:
    """A lobby WebSocket: the game it shows (None: all) and, once it said so, its player."""

    ws: WebSocket
    game: str | None = None
    player: str | None = None
    sent: str = ""
    """The last lists sent (their JSON), not sent again."""
    queue_key: tuple[Any, ...] = ()
    """What its player's last ``queue`` message said (state and table), not sent again."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Lobby:
    """The lobby of one server process."""

    def __init__(self, hub: Hub, storage: Storage, players: Players, config: ServerConfig) -> None:
        self.hub = hub
        self.storage = storage
        self.players = players
        self.config = config
        self.ratings = Ratings(storage)
        self.watchers: list[_Watcher] = []
        self._task: asyncio.Task[None] | None = None
        self._lists: LobbyLists | None = None
        self._refreshing = False
        self._dirty = False
        self.player_buckets = TokenBuckets(config.lobby_player_per_minute, config.lobby_player_burst)
        self.address_buckets = TokenBuckets(config.lobby_address_per_minute,
                                            config.lobby_address_burst)

    async def start(self) -> None:
        self.hub.lobby_news = self.refresh
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with suppress(asyncio.CancelledError):
                await self._task

    # ------------------------------------------------------------------ limits

    def limit(self, player: str, address: str, what: str) -> None:
        """One more request to open a table or to queue, for ``player`` at ``address``."""
        for buckets, key, whose in ((self.player_buckets, player, "you"),
                                    (self.address_buckets, address, "your address")):
            wait = buckets.take(key)
            if wait:
                raise TableError("rate_limited", f"too many {what} from {whose}: try again in "
                                 f"{math.ceil(wait)} s", 429, {"seconds": math.ceil(wait)})

    def check_cooldown(self, player: str) -> None:
        """A player who keeps leaving matches waits before his next one (``Ratings.cooldown_for``)."""
        wait = self.ratings.cooldown_for(player)
        if wait > 0:
            raise TableError("cooldown", "you left several matches lately: your next one can "
                             f"start in {math.ceil(wait)} s", 429, {"seconds": math.ceil(wait)})

    # ------------------------------------------------------------------ lists

    def lists(self, game: str | None = None) -> LobbyLists:
        """The open tables, the live ones and how many players wait for each game (``game``:
        that game's only), as ``GET /api/lobby`` answers."""
        if self._lists is None:
            self._lists = self._read_lists()
        data = self._lists
        if game is None:
            return data
        return {"open": [t for t in data["open"] if t["game"] == game],
                "live": [t for t in data["live"] if t["game"] == game],
                "waiting": {g: n for g, n in data["waiting"].items() if g == game}}

    def _read_lists(self) -> LobbyLists:
        now = time.time()
        open_: list[OpenTable] = []
        live: list[ListedTable] = []
        # Not every table: the lists go to every lobby page at each change.
        rows = self.storage.lobby_tables(MAX_LISTED)
        held = {(s["player"], r["game"]) for r in rows for s in r["seats"] if s["player_name"]}
        rated = self.storage.ratings_in(held) if held else {}
        for row in rows:
            game = row["game"]
            seats: list[ListedSeat] = []
            for i, s in enumerate(row["seats"]):
                pid = s["player"] if s["player_name"] else None  # (None: a deleted player's)
                got = rated.get((pid, game)) if pid else None
                mine = Rating(game, *got) if got else Rating(game, DEFAULT_RATING,
                                                             float(MODEL.sigma), 0)
                seats.append({"seat": i, "kind": s["kind"], "free": s["free"],
                              "name": s["player_name"] if pid else
                              (FORMER_PLAYER if s["player"] else "" if s["free"] else s["name"]),
                              "player": pid, "rating": round(mine.mu) if pid else None,
                              "provisional": mine.provisional if pid else None})
            entry: ListedTable = {"table": row["table"], "game": game, "game_name": GAMES[game].name,
                     "options": row["options"], "rated": row["rated"], "creator": row["creator"],
                     "seats": seats, "free": sum(s["free"] for s in seats),
                     "link": f"/t/{row['table']}"}
            # (Full though still marked open: a seat was taken with an invitation link the
            # opener shared from his table, not in the lobby.)
            if row["open_until"] is not None and entry["free"]:
                open_.append({**entry, "closes_in": max(0, round(row["open_until"] - now))})
            else:
                live.append(entry)
        waiting: dict[str, int] = {}
        for w in self.storage.queue_waiting():
            waiting[w["game"]] = waiting.get(w["game"], 0) + 1
        return {"open": open_, "live": live, "waiting": waiting}

    async def changed(self) -> None:
        """Something this process did changed the lobby: every process sends its lists again."""
        if self.hub.cluster is not None:
            self.hub.cluster.publish({"lobby": 1})
        await self.refresh()

    async def refresh(self) -> None:
        """Pair the queue (at the one process that pairs: a player who just queued, here or at
        another process, is seated at once), read the lists again and send them (and each
        player's queue news) where they changed. Asked for again while it runs, it runs once
        more after: many changes at once cost one round, not one each."""
        self._dirty = True
        if self._refreshing:
            return
        self._refreshing = True
        try:
            while self._dirty:
                self._dirty = False
                await self._refresh_once()
        finally:
            self._refreshing = False

    async def _refresh_once(self) -> None:
        cluster = self.hub.cluster
        if (cluster is None or cluster.leads(PAIRING)) and self.pair_now(time.time()) \
                and cluster is not None:
            cluster.publish({"lobby": 1})
        self._lists = self._read_lists()
        players = [w.player for w in self.watchers if w.player is not None]
        entries = self.storage.queue_entries(players) if players else {}
        texts: dict[str | None, str] = {}  # each game's lists made once for every page showing it
        for w in list(self.watchers):
            await self._send(w, entries, texts)

    async def _send(self, w: _Watcher, entries: dict[str, QueueEntry],
                    texts: dict[str | None, str] | None = None) -> None:
        texts = {} if texts is None else texts
        if w.game not in texts:
            texts[w.game] = json.dumps({"type": "lobby", **self.lists(w.game)}, separators=(",", ":"))
        text = texts[w.game]
        async with w.lock:
            try:
                if w.ws.application_state != WebSocketState.CONNECTED:
                    return
                if text != w.sent:
                    await w.ws.send_text(text)
                    w.sent = text
                if w.player is not None:
                    status = self._status(entries.get(w.player))
                    key = (status["state"], status.get("table"), status.get("game"))
                    if key != w.queue_key:
                        await w.ws.send_json({"type": "queue", **status})
                        w.queue_key = key
            except Exception:  # a peer gone mid-send: its handler cleans up
                log.debug("sending the lobby failed", exc_info=True)

    # ------------------------------------------------------------------ open tables

    async def open_table(self, player: str, raw: Any) -> dict[str, Any]:
        """A table opened to anyone by ``player``, who holds its first human seat; its other
        human seats are free for whoever sits down (``sit``). ``raw``: a table request
        (``POST /api/tables``'s), ``seats`` by default all people."""
        if not isinstance(raw, dict):
            raise TableError("bad_table", "the table request must be a JSON object", 400)
        game_id = raw.get("game", DEFAULT_GAME)
        if not isinstance(game_id, str) or game_id not in GAMES:
            raise TableError("bad_table", f"unknown game {game_id!r} (choose from "
                             f"{', '.join(sorted(GAMES))})", 400)
        request = dict(raw)
        if "seats" not in request:
            try:
                n = shared_game(game_id, request.get("options") or {}).n_seats
            except Exception:
                n = 0  # bad options: the table's own check says why
            request["seats"] = [{"kind": "human"} for _ in range(n)] or None
        seats = request.get("seats")
        if isinstance(seats, list) and sum(isinstance(s, dict) and s.get("kind") == "human"
                                           for s in seats) < 2:
            raise TableError("bad_table", "an open table has a seat for someone else: make at "
                             "least two seats 'human' (yours is the first)", 400)
        self.check_cooldown(player)
        t = self.hub.create(request)
        assert t.creator is not None
        t.set_player(t.creator, player)
        self.storage.add_lobby_table(t.id, t.game.id, bool(t.spec.get("rated")), player,
                                     time.time() + self.config.open_table_seconds)
        token, t.new_token = t.new_token, None
        await self.changed()
        return {"table": t.id, "seat": t.creator, "token": token, "link": f"/t/{t.id}",
                "game": t.game.id, "rated": bool(t.spec.get("rated")),
                "closes_in": self.config.open_table_seconds}

    async def sit(self, player: str, table_id: str) -> dict[str, Any]:
        """``player`` takes a free seat at an open table: its seat and secret."""
        row = self.storage.lobby_table(table_id) if len(table_id) <= 64 else None
        if row is None:
            raise TableError("no_table", f"the lobby has no table {table_id!r}", 404)
        if row["open_until"] is None:
            raise TableError("not_open", "this table is not open any more: its seats are taken "
                             "(watch it from the lobby's live tables)", 409)
        if table_id in self.storage.tables_of_player(player):
            raise TableError("already_seated", "you have a seat at this table already", 409)
        self.check_cooldown(player)
        t = self.hub.require(table_id)
        t.reload_keys()  # claimed at another process meanwhile?
        for invite in [s.invite for s in t.seats if s.invite]:
            try:
                seat, token = t.claim(invite)
                break
            except TableError as e:
                if e.code not in ("invite_spent", "no_invite"):
                    raise
        else:
            raise TableError("table_full", "somebody took the last free seat a moment ago", 409)
        t.set_player(seat, player)
        self.hub.claimed(t)
        if not any(s.invite for s in t.seats):
            self.storage.set_lobby_live(table_id)
        await self.hub.broadcast(t.id)
        await self.changed()
        return {"table": t.id, "seat": seat, "name": t.seat_name(seat), "token": token,
                "link": f"/t/{t.id}"}

    async def close(self, player: str, table_id: str) -> dict[str, Any]:
        """The creator takes his open table away, while nobody else sat down."""
        row = self.storage.lobby_table(table_id) if len(table_id) <= 64 else None
        if row is None:
            raise TableError("no_table", f"the lobby has no table {table_id!r}", 404)
        if row["creator"] != player:
            raise TableError("forbidden", "only the player who opened a table may close it", 403)
        if row["open_until"] is None or not self.storage.delete_unjoined(table_id):
            raise TableError("started", "somebody sat down at this table already: it is theirs "
                             "too now (leave your seat at the table instead)", 409)
        await self.hub.drop(table_id)
        await self.changed()
        return {"closed": table_id}

    async def expire(self, now: float) -> None:
        """Open tables whose time ran out: gone if nobody but the creator sat, else unlisted."""
        for table_id in self.storage.expired_open_tables(now):
            if self.storage.delete_unjoined(table_id):
                await self.hub.drop(table_id)
            else:
                self.storage.set_lobby_live(table_id)

    # ------------------------------------------------------------------ quick pairing

    def join(self, player: str, body: dict[str, Any]) -> dict[str, Any]:
        """``player`` waits for a game (``{"game", "rated"}``), in place of anything before."""
        unknown = sorted(set(body) - {"game", "rated"})
        if unknown:
            raise TableError("bad_request", f"unknown field(s) {', '.join(unknown)} (known: "
                             "game, rated)", 400)
        game = body.get("game")
        if not isinstance(game, str) or game not in GAMES:
            raise TableError("bad_request", f"unknown game {game!r} (choose from "
                             f"{', '.join(sorted(GAMES))})", 400)
        rated = body.get("rated", False)
        if not isinstance(rated, bool):
            raise TableError("bad_request", "'rated' must be true or false", 400)
        self.check_cooldown(player)
        self.storage.queue_join(player, game, rated, self.ratings.rating_of(player, game),
                                time.time())
        return self.status(player)

    def leave(self, player: str) -> dict[str, Any]:
        was = self.storage.queue_leave(player)
        return {"state": "idle", "left": was}

    def status(self, player: str) -> dict[str, Any]:
        return self._status(self.storage.queue_entries([player]).get(player))

    def _status(self, entry: QueueEntry | None) -> dict[str, Any]:
        """A player's place in the queue: ``idle``; ``waiting`` (for ``game``, ``waited``
        seconds, the computer in ``computer_in``); or ``paired`` with his seat's secret."""
        if entry is None:
            return {"state": "idle"}
        if entry["table"] is None:
            waited = max(0.0, time.time() - entry["since"])
            return {"state": "waiting", "game": entry["game"], "rated": entry["rated"],
                    "waited": round(waited, 1),
                    "computer_in": round(max(0.0, self.config.queue_computer_seconds - waited), 1)}
        return {"state": "paired", "game": entry["game"], "table": entry["table"],
                "seat": entry["seat"], "token": entry["token"], "link": f"/t/{entry['table']}"}

    def pair_now(self, now: float) -> list[str]:
        """Seat the groups the queue makes now (``pairing.pair``); the new tables' ids."""
        waiting = [Waiting(w["player"], w["game"], w["rated"], w["rating"], w["since"])
                   for w in self.storage.queue_waiting()]
        made = []
        for group in pair(waiting, _n_seats, now, self.config.queue_computer_seconds):
            table_id = self._seat(group, now)
            if table_id is not None:
                made.append(table_id)
        return made

    def _seat(self, group: Group, now: float) -> str | None:
        table_id = secrets.token_urlsafe(6)
        tokens = {p: secrets.token_urlsafe(16) for p in group.players}
        # Reserved first: a player who left the queue meanwhile is not seated.
        if not self.storage.queue_reserve(table_id, {p: (i, tokens[p])
                                                     for i, p in enumerate(group.players)}, now):
            return None
        seats: list[dict[str, Any]] = [{"kind": "human", "name": f"Seat {i}"}
                                       for i in range(len(group.players))]
        seats += [{"kind": "bot", "bot": group.level} for _ in range(group.computers)]
        try:
            t = self.hub.create({"game": group.game, "seats": seats, "rated": group.rated},
                                table_id=table_id,
                                token_hashes={i: secret_hash(tokens[p])
                                              for i, p in enumerate(group.players)})
            for i, p in enumerate(group.players):
                t.set_player(i, p)
            self.storage.add_lobby_table(table_id, group.game, group.rated, None, None)
        except Exception:
            log.exception("a table for players %s could not be made", group.players)
            self.storage.queue_release(table_id)
            return None
        return table_id

    async def tick(self) -> None:
        """Drop the open tables whose time ran out, forget the pairings nobody fetched, pair
        the queue and send the lists (``refresh``)."""
        now = time.time()
        await self.expire(now)
        self.storage.queue_forget_paired(now - PAIRED_SECONDS)
        await self.refresh()

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:  # the database away for a moment: try again next time
                log.exception("the lobby's round failed")
            await asyncio.sleep(self.config.lobby_tick_seconds)

    # ------------------------------------------------------------------ WebSocket

    async def watch(self, ws: WebSocket, game: str | None) -> None:
        """A lobby WebSocket: the lists now and whenever they change (of ``game`` only, if
        given); ``{"type": "me", "secret"}`` makes it its player's (``queue`` messages follow),
        ``{"type": "game", "game"}`` changes the game shown, ``{"type": "ping"}``."""
        w = _Watcher(ws, game if game in GAMES else None)
        self.watchers.append(w)
        try:
            await self._send(w, {})
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                try:
                    reply = await self._message(w, frame.get("text"))
                except TableError as e:
                    reply = {"type": "error", **e.to_json()}
                if reply is not None:
                    async with w.lock:
                        await ws.send_json(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.watchers.remove(w)

    async def _message(self, w: _Watcher, text: str | None) -> dict[str, Any] | None:
        if text is None or len(text) > self.config.max_body:
            raise TableError("bad_json", "send JSON text messages of at most "
                             f"{self.config.max_body} bytes", 400)
        msg = parse_json(text, max_depth=self.config.max_json_depth)
        if not isinstance(msg, dict):
            raise TableError("bad_json", "a message must be a JSON object with a 'type'", 400)
        kind = msg.get("type")
        if kind == "me":
            secret = msg.get("secret")
            if not isinstance(secret, str):
                raise TableError("bad_secret", "'secret' must be your player's secret", 401)
            w.player = self.players.who(f"Bearer {secret}")
            w.queue_key = ()
        elif kind == "game":
            game = msg.get("game")
            if game is not None and game not in GAMES:
                raise TableError("bad_request", f"unknown game {game!r}", 400)
            w.game = game
        elif kind == "ping":
            return {"type": "pong"}
        else:
            raise TableError("bad_request", f"unknown message type {kind!r} (me, game, ping)", 400)
        player = w.player
        await self._send(w, self.storage.queue_entries([player]) if player else {})
        return None


def lobby_routes(lobby: Lobby, players: Players,
                 json_body: Callable[[Request], Awaitable[dict[str, Any]]],
                 address: Callable[[Any], str],
                 socket_limit: Callable[[Any], None]) -> APIRouter:
    """The lobby's HTTP and WebSocket routes (``docs/api.md``, "Lobby")."""
    router = APIRouter()

    def me(request: Request) -> str:
        pid = players.who(request.headers.get("authorization"))
        if pid is None:
            raise TableError("bad_secret", "the lobby is for players: send 'Authorization: "
                             "Bearer <your secret>' (POST /api/players makes one)", 401)
        return pid

    @router.get("/api/lobby")
    async def get_lobby(game: str | None = None) -> dict[str, Any]:
        if game is not None and game not in GAMES:
            raise TableError("bad_request", f"unknown game {game!r} (choose from "
                             f"{', '.join(sorted(GAMES))})", 400)
        return dict(lobby.lists(game))  # a plain dict: the route's return type is its response model

    @router.post("/api/lobby/tables", status_code=201)
    async def open_table(request: Request) -> dict[str, Any]:
        body = await json_body(request)
        player = me(request)
        lobby.limit(player, address(request.client), "open tables")
        return await lobby.open_table(player, body)

    @router.post("/api/lobby/tables/{table_id}/sit")
    async def sit(table_id: str, request: Request) -> dict[str, Any]:
        await json_body(request)
        return await lobby.sit(me(request), table_id)

    @router.delete("/api/lobby/tables/{table_id}")
    async def close(table_id: str, request: Request) -> dict[str, Any]:
        return await lobby.close(me(request), table_id)

    @router.post("/api/lobby/queue", status_code=202)
    async def join(request: Request) -> dict[str, Any]:
        body = await json_body(request)
        player = me(request)
        lobby.limit(player, address(request.client), "requests to play")
        out = lobby.join(player, body)
        await lobby.changed()
        return out

    @router.get("/api/lobby/queue")
    async def status(request: Request) -> dict[str, Any]:
        return lobby.status(me(request))

    @router.delete("/api/lobby/queue")
    async def leave(request: Request) -> dict[str, Any]:
        out = lobby.leave(me(request))
        await lobby.changed()
        return out

    @router.websocket("/ws/lobby")
    async def watch(ws: WebSocket, game: str | None = None) -> None:
        await ws.accept()
        try:
            socket_limit(ws.client)
        except TableError as e:
            await ws.send_json({"type": "error", **e.to_json()})
            await ws.close(code=4000 + e.status)
            return
        await lobby.watch(ws, game)

    return router
