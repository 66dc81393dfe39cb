"""The HTTP and WebSocket API (FastAPI) and the web client's static files.

HTTP: ``GET /api/games``, ``POST /api/tables``, ``POST /api/tables/{id}/claim`` (an invitation
exchanged for its seat's secret, once), ``GET /api/tables/{id}?token=``,
``POST /api/tables/{id}/actions``, ``POST /api/tables/{id}/next``,
``POST /api/tables/{id}/takeover``, ``POST /api/tables/{id}/rematch``, ``GET /api/tables/{id}/record``,
``GET /api/tables/{id}/hands/{n}`` (a hand over, face up), ``GET /api/tables/{id}/hint``,
``POST``/``GET /api/tables/{id}/analysis`` (a finished match's mistakes, ``analyses.py``),
``GET /api/rules/{game}?lang=`` (a game's rules page for the help, in English or German);
players under ``/api/players`` (``players.py``; a player's secret goes in ``Authorization:
Bearer``, and creating or claiming a seat with it ties the seat to him); the lobby (open tables,
quick pairing, live tables) under ``/api/lobby`` and ``/ws/lobby`` (``lobby.py``).
WebSocket ``/ws/{id}?token=``: the server sends ``state`` messages; the client sends
``{"type": "act", "action": "play AS", "version": 7}``, ``{"type": "next", "version": 9}`` (ready
for the next hand: it is dealt once every person present is, or ``next_hand_seconds`` after the
first one was),
``{"type": "takeover", "seat": 1}`` (the computer plays at once for a seat whose person is away,
until that person connects again), ``{"type": "leave"}`` (the person leaves the seat: the computer
plays for it at once; answered ``{"type": "left"}``, then the connection closes with code 4002),
``{"type": "hint"}``, ``{"type": "state"}`` or ``{"type": "ping"}``. Every refusal is
``{"error": {"code", "message"}}`` (on the WebSocket wrapped as ``{"type": "error", ...}``) and
changes nothing.

One seat, one live connection: a second WebSocket for a seat that one holds (at this process or
another) is refused with ``seat_in_use`` (close code 4409) unless it asks ``&take=1``; then the
old connection gets ``{"type": "moved"}`` and is closed with code 4001, and nothing it sends counts
any more. While a WebSocket holds a seat, the HTTP actions (``actions``, ``next``, ``takeover``)
for that seat are refused with 409 ``seat_in_use``: only the connection holding a seat plays it.

No request can hurt the server (limits in ``ServerConfig``): a body is read only up to its size
limit, parsed strictly (``guard.parse_json``), and a state-changing POST must say it is
``application/json`` (a cross-site form cannot create tables); table creation and WebSocket
connections are rate-limited per client address, and a table has a limited number of spectators.
A bad WebSocket message gets an error reply and the connection stays open.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import math
import random
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import IntegrityError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from ..bots.levels import LEVELS
from ..bots.registry import bot_names
from ..engine.actions import action_str
from ..games import DEFAULT_GAME
from .analyses import Analyses
from .config import ServerConfig
from .guard import TokenBuckets, parse_json
from .hub import LEFT, Conn, Hub
from .lobby import Lobby, lobby_routes
from .players import Players
from .ratings import Ratings, leaderboard, player_page
from .rulepages import choose_lang, rules_page
from .storage import Storage
from .table import Table, TableError, game_catalog, rematch_id

__all__ = ["create_app", "WEB_DIR"]

log = logging.getLogger("sixtysix.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


class _CardFaces(StaticFiles):
    """The card faces (web/cards/): they change only with a release, so a browser keeps them a
    week without asking again; the table's first load then costs no face at all."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "public, max-age=604800"
        return response


@functools.cache
def _faces_version() -> str:
    """A hash of the card faces' files: the page asks for each face with it (``?v=``), so a
    browser that keeps the old faces a week still fetches a release's changed ones at once."""
    digest = hashlib.sha256()
    for path in sorted((WEB_DIR / "cards").rglob("*.svg")):
        digest.update(path.relative_to(WEB_DIR).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def _index_page() -> HTMLResponse:
    """The page (every route of the web client is this one page), with the faces' version in."""
    html = (WEB_DIR / "index.html").read_text(encoding="utf-8")
    return HTMLResponse(html.replace('name="sixtysix-faces" content=""',
                                     f'name="sixtysix-faces" content="{_faces_version()}"', 1))


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _client(host: Any) -> str:
    """The key a client is rate-limited by: its address (behind a proxy, configure the proxy to
    limit, or run uvicorn with --forwarded-allow-ips so that this is the real address)."""
    return str(host.host) if host is not None else "unknown"


def _limit(buckets: TokenBuckets, host: Any, what: str, player: str | None = None) -> None:
    """Take one of ``host``'s tokens for ``what`` (e.g. "new tables"), and one of ``player``'s
    where a player acts (the key ``player:ID``, so that moving between addresses does not help);
    TableError 429 with the seconds to wait when either has none left."""
    for key, whose in ((_client(host), "your address"), (f"player:{player}", "you")):
        if whose == "you" and player is None:
            continue
        wait = buckets.take(key)
        if wait:
            raise TableError("rate_limited", f"too many {what} from {whose}: try again in "
                             f"{math.ceil(wait)} s", 429, {"seconds": math.ceil(wait)})


async def _json_body(request: Request, config: ServerConfig) -> dict[str, Any]:
    """The request's JSON object: only ``application/json``, read up to ``max_body`` bytes (a
    longer body is refused without reading the rest), parsed strictly."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        raise TableError("unsupported_media_type", "send the request as JSON with the header "
                         f"'Content-Type: application/json' (not {ctype or 'none'!r})", 415)
    limit = config.max_body
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise TableError("too_large", f"the request body is over {limit} bytes", 413)
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError("too_large", f"the request body is over {limit} bytes", 413)
        chunks.append(chunk)
    data = parse_json(b"".join(chunks) or b"{}", max_depth=config.max_json_depth)
    if not isinstance(data, dict):
        raise TableError("bad_json", "the request body must be a JSON object", 400)
    return data


def _hint_view(table: Table, seat: int | None) -> Any:
    """The view a hint is computed from: the asking seat's own, when it is to act."""
    if not table.spec["hints"]:
        raise TableError("no_hints", "this table does not allow hints", 403)
    hand = table.match.hand
    if seat is None or hand is None or hand.over or hand.to_act != seat:
        raise TableError("not_your_turn", "a hint is given to the seat that is to act", 409)
    return hand.view(seat)


_HINTING: set[str] = set()
"""Tables with a hint being worked out."""
_HINTING_LOCK = threading.Lock()
"""Claims a table for a hint: the test client (and a server with several loops) runs
connections in threads of their own, where a check and then an add can interleave."""


async def _hint(table: Table, seat: int | None) -> dict[str, Any]:
    """Advice for the seat to act from ``sixtysix.analysis.hint``, computed on that seat's view
    only: every legal action with its estimated value in game points, best first."""
    view = _hint_view(table, seat)  # taken now, in the loop: the table may move on meanwhile
    version = table.version
    rng = random.Random(f"{table.spec.get('bot_seed', table.spec.get('seed'))}:hint:{version}")
    seconds = float(table.spec.get("hint_seconds", 1.0))
    # One hint at a time per table: asked over many connections at once, hints would take
    # the server's CPU. Claimed before anything that may wait (the first import of the
    # analysis module holds back every other asker until it is done).
    with _HINTING_LOCK:
        if table.id in _HINTING:
            raise TableError("busy", "a hint is being worked out at this table: wait for it", 429)
        _HINTING.add(table.id)
    try:
        try:
            from ..analysis import hint
        except ImportError:
            raise TableError("unavailable", "hints are not available in this version",
                             501) from None
        values = await asyncio.to_thread(hint, view, rng, seconds)
    finally:
        _HINTING.discard(table.id)
    ranked = [{"action": action_str(a), "value": round(float(v), 3)} for a, v in values]
    return {"type": "hint", "version": version, "best": ranked[0]["action"], "values": ranked}


def create_app(database: str = "sqlite:///sixtysix.db", *, storage: Storage | None = None,
               config: ServerConfig | None = None) -> FastAPI:
    """The server application storing its tables in ``database`` (a SQLAlchemy URL), within the
    limits of ``config`` (defaults: ``ServerConfig()``)."""
    store = storage or Storage(database)
    cfg = config or ServerConfig()
    hub = Hub(store, bot_limits=cfg.bot_limits)
    table_buckets = TokenBuckets(cfg.tables_per_minute, cfg.tables_burst)
    socket_buckets = TokenBuckets(cfg.sockets_per_minute, cfg.sockets_burst)
    player_buckets = TokenBuckets(cfg.players_per_minute, cfg.players_burst)
    change_buckets = TokenBuckets(cfg.player_changes_per_minute, cfg.player_changes_burst)
    players = Players(store)
    lobby_ = Lobby(hub, store, players, cfg)
    analyses = Analyses(store, cfg)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        n = hub.resume_all()
        if n:
            log.info("resumed %d table(s)", n)
        await lobby_.start()
        yield
        await lobby_.stop()
        await analyses.stop()
        await hub.stop()
        if storage is None:
            store.close()

    app = FastAPI(title="sixtysix", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    app.state.config = cfg
    app.state.ratings = Ratings(store)  # rating_of, cooldown_for: for the lobby's pairing

    @app.exception_handler(TableError)
    async def _table_error(_request: Request, exc: TableError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = "not_found" if exc.status_code == 404 else "http_error"
        return _error(code, str(exc.detail), exc.status_code)

    @app.exception_handler(Exception)
    async def _server_error(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("request failed", exc_info=exc)
        return _error("server_error", "the server failed to answer this request", 500)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = ["{}: {}".format(".".join(str(x) for x in e.get("loc", ())), e.get("msg", ""))
                 for e in exc.errors()]
        return _error("bad_request", "; ".join(parts) or "bad request", 400)

    # ------------------------------------------------------------------ pages

    @app.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        return _index_page()

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        return _index_page()

    @app.get("/p/{player_id}", include_in_schema=False)
    async def player_web_page(player_id: str) -> HTMLResponse:
        return _index_page()

    @app.get("/a/{table_id}", include_in_schema=False)
    async def analysis_web_page(table_id: str) -> HTMLResponse:
        return _index_page()

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard_web_page() -> HTMLResponse:
        return _index_page()

    @app.get("/help/{page}", include_in_schema=False)
    async def help_page(page: str) -> HTMLResponse:
        return _index_page()

    # Gzipped on the way: a deck's 32 faces are about 0.6-0.8 MB of SVG text, 0.1-0.2 MB gzipped.
    app.mount("/static/cards", GZipMiddleware(_CardFaces(directory=WEB_DIR / "cards"), minimum_size=1024),
              name="cards")
    # The client's scripts and styles too: text that gzip shrinks to about a quarter, so the
    # table's first load stays well inside its budget (docs/performance.md).
    app.mount("/static", GZipMiddleware(StaticFiles(directory=WEB_DIR), minimum_size=1024),
              name="static")

    # ------------------------------------------------------------------ API

    @app.get("/api/games")
    async def games(request: Request, lang: str | None = None) -> dict[str, Any]:
        # Levels (beginner ... master) are for people choosing an opponent; the other bots are
        # the engines they are made of, listed apart. Options' labels and meanings in ?lang=.
        return {"games": game_catalog(choose_lang(lang, request.headers.get("accept-language"))),
                "bots": bot_names(), "levels": list(LEVELS)}

    @app.get("/api/rules/{page}")
    async def rules(page: str, request: Request, lang: str | None = None) -> dict[str, Any]:
        """In ``?lang=`` (en, de), else in the best of the browser's Accept-Language."""
        return rules_page(page, choose_lang(lang, request.headers.get("accept-language")))

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        body = await _json_body(request, cfg)
        _limit(table_buckets, request.client, "new tables")
        player = players.who(request.headers.get("authorization"))
        if body.get("rated") is True and player is None:
            raise _player_needed("a rated table")
        t = hub.create(body)
        if player is not None and t.creator is not None:
            t.set_player(t.creator, player)
        # The creator's own secret, once; for every other person's seat an invitation to pass on.
        seats = []
        for i, s in enumerate(t.seats):
            entry: dict[str, Any] = {"seat": i, "kind": s.kind, "name": s.name}
            if s.kind == "bot":
                entry["bot"] = s.bot
            elif i == t.creator:
                entry["token"] = t.new_token
            else:
                entry["invite"] = s.invite
                entry["invite_link"] = f"/t/{t.id}?invite={s.invite}"
            seats.append(entry)
        t.new_token = None
        return {"table": t.id, "seats": seats, "spectator_link": f"/t/{t.id}",
                "game": t.game.id, "options": t.spec["options"], "hints": t.spec["hints"]}

    @app.post("/api/tables/{table_id}/claim")
    async def claim_seat(table_id: str, request: Request) -> dict[str, Any]:
        """An invitation exchanged for its seat's own secret: once, by whoever comes first."""
        t = hub.require(table_id)
        body = await _json_body(request, cfg)
        player = players.who(request.headers.get("authorization"))
        if t.rated and player is None:
            raise _player_needed("a seat at a rated table")
        seat, token = t.claim(body.get("invite"))
        if player is not None:
            t.set_player(seat, player)
        hub.claimed(t)
        await hub.broadcast(t.id)
        return {"table": t.id, "seat": seat, "name": t.seat_name(seat), "token": token,
                "link": f"/t/{t.id}"}

    # ------------------------------------------------------------------ lobby

    # (Before the tables' WebSocket route: /ws/lobby is the lobby's, not a table's.)
    app.include_router(lobby_routes(
        lobby_, players, lambda request: _json_body(request, cfg), _client,
        lambda host: _limit(socket_buckets, host, "connections")))

    # ------------------------------------------------------------------ players

    async def _names_changed(player_id: str) -> None:
        """Tables held here where the player sits show his new name (or a former player)."""
        for table_id in store.tables_of_player(player_id):
            rt = hub.tables.get(table_id)
            if rt is not None:
                rt.table.reload_players()
                await hub.broadcast(table_id)

    @app.post("/api/players", status_code=201)
    async def create_player(request: Request) -> dict[str, Any]:
        body = await _json_body(request, cfg)
        _limit(player_buckets, request.client, "new players")
        return players.create(body.get("name"))

    @app.post("/api/players/claim")
    async def claim_player(request: Request) -> dict[str, Any]:
        body = await _json_body(request, cfg)
        _limit(change_buckets, request.client, "tries of transfer codes")
        return players.claim(body.get("code"))

    @app.get("/api/players/me")
    async def get_me(request: Request) -> dict[str, Any]:
        """The player whose secret the request carries (a browser checks that its secret still
        holds its player)."""
        pid = players.who(request.headers.get("authorization"))
        if pid is None:
            raise TableError("bad_secret", "send 'Authorization: Bearer <your secret>'", 401)
        return players.public(pid)

    @app.get("/api/players/{player_id}")
    async def get_player(player_id: str) -> dict[str, Any]:
        """The player's name, ratings per game with their history, and his recent matches."""
        return {**players.public(player_id), **player_page(store, player_id)}

    @app.get("/api/leaderboard")
    async def get_leaderboard(game: str = DEFAULT_GAME, limit: int = 50) -> dict[str, Any]:
        return dict(leaderboard(store, game, limit))  # a plain dict: the route's response model

    @app.patch("/api/players/{player_id}")
    async def rename_player(player_id: str, request: Request) -> dict[str, Any]:
        players.require(player_id, request.headers.get("authorization"))
        body = await _json_body(request, cfg)
        _limit(change_buckets, request.client, "renames and moves", player_id)
        out = players.rename(player_id, body.get("name"))
        await _names_changed(player_id)
        return out

    @app.post("/api/players/{player_id}/transfer")
    async def transfer_player(player_id: str, request: Request) -> dict[str, Any]:
        players.require(player_id, request.headers.get("authorization"))
        await _json_body(request, cfg)
        _limit(change_buckets, request.client, "renames and moves", player_id)
        return players.transfer(player_id)

    @app.delete("/api/players/{player_id}")
    async def delete_player(player_id: str, request: Request) -> dict[str, Any]:
        players.require(player_id, request.headers.get("authorization"))
        store.delete_player(player_id)
        await _names_changed(player_id)
        return {"deleted": player_id}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, token: str | None = None) -> JSONResponse:
        t = hub.require(table_id)
        seat = t.seat_of(token)
        return JSONResponse(json.loads(t.message_text(seat)))

    async def seat_move(table_id: str, request: Request, kind: str) -> JSONResponse:
        """A seat's move by HTTP (``_seat_move``), told to every seat; answered with the
        table as the seat sees it."""
        t = hub.require(table_id)
        body = await _json_body(request, cfg)
        seat = t.seat_of(_token(body))
        hub.check_free(t, seat)
        _seat_move(hub, t, seat, kind, body)
        await hub.broadcast(t.id)
        hub.kick(t.id)
        return JSONResponse(json.loads(t.message_text(seat)))

    @app.post("/api/tables/{table_id}/actions")
    async def post_action(table_id: str, request: Request) -> JSONResponse:
        return await seat_move(table_id, request, "act")

    @app.post("/api/tables/{table_id}/next")
    async def post_next(table_id: str, request: Request) -> JSONResponse:
        return await seat_move(table_id, request, "next")

    @app.post("/api/tables/{table_id}/takeover")
    async def post_takeover(table_id: str, request: Request) -> JSONResponse:
        return await seat_move(table_id, request, "takeover")

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def post_rematch(table_id: str, request: Request) -> dict[str, Any]:
        """A new match with the same seats and options, asked for by a seat once the match is
        over. Every seat learns of it on the old table and holds its seat there with the secret
        it holds here; asked for again (by any seat), the same rematch is answered."""
        t = hub.require(table_id)
        body = await _json_body(request, cfg)
        seat = t.seat_of(_token(body))
        raw = t.rematch_request(seat)
        new_id = rematch_id(t.id)
        # Only the stored spec is read here: a rematch another process is making may not have
        # dealt yet, and must not be loaded half-made into this one.
        stored = store.load_table(new_id)
        if stored is None:
            _limit(table_buckets, request.client, "new tables")
            # Asked for at once in another process, the id is taken: that table is the rematch.
            with suppress(IntegrityError):
                new = Table.create(store, raw, table_id=new_id, bot_limits=cfg.bot_limits,
                                   token_hashes=t.rematch_keys())
                # The same players hold the same seats (a rated rematch rates them).
                for i, pid in store.seat_player_ids(t.id).items():
                    new.set_player(i, pid)
                hub.get(new_id)  # dealt: its computer players start
        t.set_rematch(new_id)
        await hub.broadcast(t.id)
        mine = t.rematch_for(seat)
        assert mine is not None
        return dict(mine)  # a plain dict: the route's return type is its response model

    @app.get("/api/tables/{table_id}/record")
    async def get_record(table_id: str, token: str | None = None) -> dict[str, Any]:
        t = hub.require(table_id)
        return t.record_for(t.seat_of(token))

    @app.get("/api/tables/{table_id}/hands/{number}")
    async def get_hand(table_id: str, number: int) -> dict[str, Any]:
        """A hand that is over, face up (``Table.past_hand``): to anyone, as its key is."""
        # As a plain dict: FastAPI reads a route's return type as its response model, and these
        # routes answer JSON as it is (the TypedDict is the table's).
        return dict(hub.require(table_id).past_hand(number))

    @app.get("/api/tables/{table_id}/hint")
    async def get_hint(table_id: str, token: str | None = None) -> dict[str, Any]:
        t = hub.require(table_id)
        return await _hint(t, t.seat_of(token))

    @app.post("/api/tables/{table_id}/analysis")
    async def post_analysis(table_id: str) -> JSONResponse:
        """Ask for a finished match's analysis: 202 while it is worked out, 200 once it is."""
        t = hub.require(table_id)
        try:
            status, body = analyses.start(t)
        except TableError as e:
            headers = {"Retry-After": str(e.params["retry_after"])} if e.code == "analyses_busy" else None
            return JSONResponse(e.to_json(), status_code=e.status, headers=headers)
        return JSONResponse(body, status_code=status)

    @app.get("/api/tables/{table_id}/analysis")
    async def get_analysis(table_id: str) -> dict[str, Any]:
        """Where a finished match's analysis stands, or the analysis."""
        return analyses.status(hub.require(table_id))

    # ------------------------------------------------------------------ WebSocket

    @app.websocket("/ws/{table_id}")
    async def play(ws: WebSocket, table_id: str, token: str | None = None,
                   take: str | None = None) -> None:
        await ws.accept()
        try:
            _limit(socket_buckets, ws.client, "connections")
            t = hub.require(table_id)
            seat = t.seat_of(token)
            if take not in (None, "0", "1"):
                raise TableError("bad_request", "'take' is 1 (move the seat to this connection) "
                                 "or 0", 400)
            hub.check_room(t, seat, take=take == "1", spectators=cfg.spectators_per_table)
        except TableError as e:
            await ws.send_json({"type": "error", **e.to_json()})
            await ws.close(code=4000 + e.status)
            return
        conn = await hub.connect(t, ws, seat, take=take == "1")
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                try:
                    if text is None:
                        raise TableError("bad_json", "send JSON text messages, not binary ones", 400)
                    reply = await _ws_request(hub, t, conn, text, cfg)
                except TableError as e:
                    reply = {"type": "error", **e.to_json()}
                except Exception:
                    # A message the server fails on is answered; the connection stays open.
                    log.exception("message failed at table %s", t.id)
                    reply = {"type": "error", "error": {
                        "code": "server_error", "message": "the server failed to answer this message"}}
                if reply is not None:
                    await ws.send_json(reply)
                    if reply["type"] == "left":
                        await ws.close(code=LEFT)
                        break
        except (WebSocketDisconnect, RuntimeError):
            # RuntimeError: Starlette's "not connected" once the peer vanished during a broadcast.
            pass
        finally:
            await hub.disconnect(t, conn)

    return app


def _player_needed(what: str) -> TableError:
    return TableError("player_needed", f"{what} is for players: send your player's secret as "
                      "'Authorization: Bearer <secret>' (make a player with POST /api/players)", 401)


def _token(body: dict[str, Any]) -> str | None:
    token = body.get("token")
    if token is not None and not isinstance(token, str):
        raise TableError("bad_token", "'token' must be text", 400)
    return token


SEAT_MOVES = ("act", "next", "takeover")
"""The moves a seat makes at its table, by WebSocket message type (and HTTP path): a game
action, the next hand, taking over a seat the computer plays."""


def _seat_move(hub: Hub, t: Table, seat: int | None, kind: str, msg: dict[str, Any]) -> None:
    """Move ``kind`` of ``SEAT_MOVES`` by ``seat``, its words read from ``msg`` (a WebSocket
    message or an HTTP body: the same keys)."""
    if kind == "act":
        t.act(seat, msg.get("action"), version=msg.get("version"))
    elif kind == "next":
        hub.next_hand(t, seat, msg.get("version"))
    else:
        hub.take_over(t, seat, msg.get("seat"))


async def _ws_request(hub: Hub, t: Table, conn: Conn, text: str,
                      cfg: ServerConfig) -> dict[str, Any] | None:
    if not conn.holds:
        # Checked here, before anything is read or done: the seat went to another connection
        # (or was left) while this message was on its way.
        raise TableError("moved", "this connection no longer holds the seat: it moved to "
                         "another window or device", 409)
    seat = conn.seat
    if len(text) > cfg.max_body:
        raise TableError("too_large", f"messages are limited to {cfg.max_body} bytes", 413)
    msg = parse_json(text, max_depth=cfg.max_json_depth)
    if not isinstance(msg, dict):
        raise TableError("bad_json", "a message must be a JSON object with a 'type'", 400)
    kind = msg.get("type")
    if kind in SEAT_MOVES:
        _seat_move(hub, t, seat, kind, msg)
    elif kind == "leave":
        await hub.leave(t, conn)
        return {"type": "left", "message": "you left the seat: the computer plays for it until "
                "you open the table again"}
    elif kind == "hint":
        return await _hint(t, seat)
    elif kind == "ping":
        return {"type": "pong", "version": t.version}
    elif kind == "state":
        return json.loads(t.message_text(seat))  # type: ignore[no-any-return]
    else:
        raise TableError("bad_request", f"unknown message type {kind!r} "
                         "(act, next, takeover, leave, hint, state, ping)", 400)
    await hub.broadcast(t.id)
    hub.kick(t.id)
    return None
