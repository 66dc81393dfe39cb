"""Persistence of tables behind a small interface: SQLite by default, PostgreSQL by URL.

A table is its spec (game, options, seats, table settings), the list of events that happened at
it (a hand dealt from a seed, an action taken), and its seats' keys: for each human seat the hash
of the secret its person holds, or an invitation not yet claimed (``claim_invite``). Each event is
committed before the server acknowledges it, so replaying the events rebuilds every table exactly.
Tables stored before seat keys keep their seats' tokens in the spec.
Players (``sixtysix_players``: a name and the hash of his secret) and which player holds which
seat (``sixtysix_seat_players``) are kept beside them, and so are the players' ratings per game
(``sixtysix_ratings``), each rated match's change of them (``sixtysix_rating_history``) and the
seats their players left before the match was over (``sixtysix_leaves``): ``ratings.py``; and
the lobby's (``lobby.py``): the tables it lists (``sixtysix_lobby_tables``) and the players
waiting for quick pairing (``sixtysix_queue``); and each finished match's analysis, worked out
once (``sixtysix_analyses``: ``analyses.py``).

On PostgreSQL several server processes may share one database (``cluster.py``): the pair (table,
event number) is the primary key, so of two processes storing the same event number of a table
only one succeeds, and each stored event is announced in its own transaction with ``NOTIFY`` on
``CHANNEL``, so that the others catch up.

>>> s = Storage("sqlite://")
>>> s.create_table("t1", {"game": "sixty-six"})
>>> s.append_event("t1", 0, {"deal": 42})
>>> s.load_table("t1")
({'game': 'sixty-six'}, [{'deal': 42}], False)
>>> s.close()
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, final

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, ProgrammingError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

from ..engine.options import OptionValues

__all__ = ["Storage", "StorageError", "normalize_url", "CHANNEL", "PlayerInfo", "PlayerTable",
           "RatedPlayer", "QueueEntry", "TableEvent", "DealEvent", "ActionEvent", "ClusterNote",
           "SeatSpec", "TableSpec"]

CHANNEL = "sixtysix"
"""The PostgreSQL notification channel the server processes sharing a database talk on."""


class SeatSpec(TypedDict):
    """A seat of a table's spec: a person's or the computer's, its name and the bot's text."""

    kind: Literal["human", "bot"]
    name: str
    bot: NotRequired[str]
    token: NotRequired[str]
    """A table stored before seat keys: the seat's secret."""


class TableSpec(TypedDict):
    """A table's settings, as ``check_spec`` makes them and storage keeps them. Tables stored by
    older versions may lack the keys that came later (read with a default)."""

    game: str
    options: OptionValues
    seats: list[SeatSpec]
    hints: bool
    hint_seconds: NotRequired[float]
    takeover_seconds: float
    takeover_bot: str
    next_hand_seconds: NotRequired[float]
    bot_delay: float
    rated: NotRequired[bool]
    dealer: int
    secret: NotRequired[str]
    """The deal secret (hex), revealed when the match is over."""
    scheme: NotRequired[str]
    bot_seed: NotRequired[int]
    seed: NotRequired[int]
    """Tables stored before secrets were dealt from a seed."""


@final
class DealEvent(TypedDict):
    """A table's event: a hand dealt from the seed ``deal`` (the hand key's, or the old seed's)."""

    deal: int


@final
class ActionEvent(TypedDict):
    """A table's event: ``seat`` took ``action``; ``by`` says who chose it for the seat (tables
    stored before it was kept have none)."""

    seat: int
    action: str
    by: NotRequired[str]


TableEvent: TypeAlias = DealEvent | ActionEvent
"""What a table stores, one by one: each hand dealt and each action taken."""


class ClusterNote(TypedDict, total=False):
    """A message between server processes sharing the database (``cluster.py`` says what each
    means): the sending process ``n``, the table ``t`` and what is told of it."""

    n: str
    t: str
    v: int
    e: TableEvent
    c: dict[str, int]
    k: list[int]
    r: list[int]
    rv: int
    h: dict[str, float]
    m: int
    s: float
    ask: int
    keys: int
    gone: int
    lobby: int
    alive: int


class PlayerInfo(TypedDict):
    """A player's row: his id, name, when he joined and his secret's hash."""

    id: str
    name: str
    since: float
    secret_hash: str


class PlayerTable(TypedDict):
    """A table a player sat at: its id, when it was made, its spec and whether it is over."""

    id: str
    created: float
    spec: TableSpec
    finished: bool


class RatedPlayer(TypedDict):
    """A leaderboard row as stored: the player, his name and his rating's numbers."""

    id: str
    name: str
    mu: float
    sigma: float
    matches: int


class QueueEntry(TypedDict):
    """A player in the pairing queue: the game, rated or not, his rating, since when; once
    paired, the table, his seat and its secret."""

    player: str
    game: str
    rated: bool
    rating: float
    since: float
    table: str | None
    seat: int | None
    token: str | None

class StorageError(Exception):
    """The database refused a write (e.g. an event number that is already taken)."""


class _Base(DeclarativeBase):
    pass


class TableRow(_Base):
    __tablename__ = "sixtysix_tables"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created: Mapped[float] = mapped_column(Float)
    spec: Mapped[str] = mapped_column(Text)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)


class EventRow(_Base):
    __tablename__ = "sixtysix_events"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("sixtysix_tables.id"),
                                          primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    event: Mapped[str] = mapped_column(Text)


class SeatKeyRow(_Base):
    """A human seat's key. Only the SHA-256 of the seat's secret is kept (a copy of the database
    seats nobody); an invitation is kept as itself while unclaimed (its table's creator is shown
    it again to share), and as its hash once spent, to tell a spent invitation from none."""
    __tablename__ = "sixtysix_seat_keys"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("sixtysix_tables.id"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)


class PlayerRow(_Base):
    """A player: a display name and the SHA-256 of the secret his browser keeps; a transfer code
    (its hash, until when it holds) while one is out. ``name_key`` is the name folded to lower
    case: two players cannot share a name."""
    __tablename__ = "sixtysix_players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    name_key: Mapped[str] = mapped_column(String(64), unique=True)
    secret_hash: Mapped[str] = mapped_column(String(64), index=True)
    created: Mapped[float] = mapped_column(Float)
    transfer_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    transfer_until: Mapped[float | None] = mapped_column(Float, nullable=True)


class SeatPlayerRow(_Base):
    """The player who holds a table's seat (kept after the player is deleted: his seat then
    shows as a former player's)."""
    __tablename__ = "sixtysix_seat_players"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("sixtysix_tables.id"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(32), index=True)


class RatingRow(_Base):
    """A player's rating in one game (OpenSkill's mean and uncertainty) and how many rated
    matches made it."""
    __tablename__ = "sixtysix_ratings"

    player: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated: Mapped[float] = mapped_column(Float)


class RatingHistoryRow(_Base):
    """A player's rating after one rated match, and how the match went for him (``won``,
    ``lost``, ``left``). The key makes a match count once for each player, whichever process
    (or how many) settles it."""
    __tablename__ = "sixtysix_rating_history"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("sixtysix_tables.id"),
                                          primary_key=True)
    player: Mapped[str] = mapped_column(String(32), primary_key=True, index=True)
    game: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    before: Mapped[float] = mapped_column(Float)
    result: Mapped[str] = mapped_column(String(8))


class LeaveRow(_Base):
    """A seat whose player left the match before it was over (or was away so long that the
    computer played for him)."""
    __tablename__ = "sixtysix_leaves"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("sixtysix_tables.id"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(32), index=True)
    at: Mapped[float] = mapped_column(Float)


class LobbyTableRow(_Base):
    """A table the lobby lists: open to anyone (its free seats' invitations are in
    ``sixtysix_seat_keys``) until ``open_until``, then, its seats full, live for spectators until
    its match is over. ``creator``: the player who opened it (None: quick pairing made it)."""
    __tablename__ = "sixtysix_lobby_tables"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("sixtysix_tables.id"),
                                          primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rated: Mapped[bool] = mapped_column(Boolean)
    creator: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created: Mapped[float] = mapped_column(Float)
    open_until: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


class QueueRow(_Base):
    """A player waiting for quick pairing; once paired, the table, his seat and its secret until
    his browser has fetched it (kept as itself for that while, like an unclaimed invitation)."""
    __tablename__ = "sixtysix_queue"

    player: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rated: Mapped[bool] = mapped_column(Boolean)
    rating: Mapped[float] = mapped_column(Float)
    since: Mapped[float] = mapped_column(Float)
    table_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    paired_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


class AnalysisRow(_Base):
    """A finished match's mistakes report (``analyses.py``), as JSON: worked out once."""
    __tablename__ = "sixtysix_analyses"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("sixtysix_tables.id"),
                                          primary_key=True)
    created: Mapped[float] = mapped_column(Float)
    analysis: Mapped[str] = mapped_column(Text)


def normalize_url(url: str) -> str:
    """SQLAlchemy URL for ``url``: plain ``postgresql://`` URLs use psycopg 3.

    >>> normalize_url("postgresql://u@localhost/db")
    'postgresql+psycopg://u@localhost/db'
    >>> normalize_url("sqlite:///sixtysix.db")
    'sqlite:///sixtysix.db'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _create_schema(engine: Engine) -> None:
    """Create the tables that are missing. Two processes opening a new database at once (the
    test workers, two servers) may both find a table missing; the loser's CREATE fails, and
    looking again finds the winner's table."""
    for attempt in range(3):
        try:
            _Base.metadata.create_all(engine)
            return
        except (IntegrityError, ProgrammingError):
            if attempt == 2:
                raise


class Storage:
    """Tables and their events in a SQL database given by URL."""

    def __init__(self, url: str = "sqlite:///sixtysix.db") -> None:
        self.url = normalize_url(url)
        self.engine: Engine = self._make_engine(self.url)
        _create_schema(self.engine)
        self._insert_event = insert(EventRow.__table__)  # type: ignore[arg-type]
        self._notify = text("SELECT pg_notify(:channel, :payload)")
        self.node = secrets.token_hex(6)
        """This process's name in the messages on ``CHANNEL``."""

    @property
    def shared(self) -> bool:
        """Whether other server processes may use this database at the same time (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    @staticmethod
    def _make_engine(url: str) -> Engine:
        if url.startswith("sqlite"):
            memory = url in ("sqlite://", "sqlite:///:memory:")
            kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
            if memory:
                kwargs["poolclass"] = StaticPool  # one shared in-memory database
            engine = create_engine(url, **kwargs)
            if not memory:
                @event.listens_for(engine, "connect")
                def _pragmas(conn: Any, _record: Any) -> None:
                    # WAL + NORMAL: a commit survives the process being killed (not a power cut),
                    # without an fsync per action.
                    cur = conn.cursor()
                    cur.execute("PRAGMA journal_mode=WAL")
                    cur.execute("PRAGMA synchronous=NORMAL")
                    cur.close()
            return engine
        return create_engine(url, pool_pre_ping=True)

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ writes

    def create_table(self, table_id: str, spec: TableSpec,
                     keys: dict[int, dict[str, str | None]] | None = None) -> None:
        """Store a new table with its seats' ``keys`` (seat: ``token_hash``, ``invite_hash``,
        ``invite``), in one transaction."""
        with Session(self.engine) as s, s.begin():
            s.add(TableRow(id=table_id, created=time.time(), spec=json.dumps(spec), finished=False))
            s.flush()  # the table row first: the keys refer to it
            for seat, key in (keys or {}).items():
                s.add(SeatKeyRow(table_id=table_id, seat=seat, **key))

    def claim_invite(self, table_id: str, invite_hash: str, token_hash: str) -> int | None:
        """Spend the invitation ``invite_hash`` of a table: its seat is held from now on by the
        secret whose hash is ``token_hash``. The seat's number, or None when no unspent
        invitation has that hash. Atomic: of two claims at once (two server processes on one
        database included) exactly one wins, for the second finds the seat's secret set."""
        with Session(self.engine) as s, s.begin():
            seat = s.scalar(select(SeatKeyRow.seat).where(SeatKeyRow.table_id == table_id,
                                                          SeatKeyRow.invite_hash == invite_hash))
            if seat is None:
                return None
            done = s.execute(update(SeatKeyRow).where(
                SeatKeyRow.table_id == table_id, SeatKeyRow.seat == seat,
                SeatKeyRow.invite_hash == invite_hash, SeatKeyRow.token_hash.is_(None),
            ).values(token_hash=token_hash, invite=None))
            return seat if done.rowcount == 1 else None  # type: ignore[attr-defined]

    def invite_seat(self, table_id: str, invite_hash: str) -> int | None:
        """The seat an invitation (spent or not) is for; None if the table has no such one."""
        with Session(self.engine) as s:
            return s.scalar(select(SeatKeyRow.seat).where(SeatKeyRow.table_id == table_id,
                                                          SeatKeyRow.invite_hash == invite_hash))

    def append_event(self, table_id: str, seq: int, ev: TableEvent) -> None:
        """Store event number ``seq`` of a table; refuses a number already taken."""
        try:
            # Core, not the ORM: this runs once per action and the ORM's unit of work costs ~5x.
            with self.engine.begin() as conn:
                conn.execute(self._insert_event, {"table_id": table_id, "seq": seq,
                                                  "event": json.dumps(ev)})
                if self.shared:
                    # In the same transaction: delivered if and only if the event is committed.
                    self._send(conn, {"t": table_id, "v": seq + 1, "e": ev})
        except Exception as e:  # an IntegrityError from either backend
            raise StorageError(f"could not store event {seq} of table {table_id}: {e}") from e

    def set_finished(self, table_id: str, finished: bool = True) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(update(TableRow).where(TableRow.id == table_id).values(finished=finished))

    def notify(self, message: ClusterNote) -> None:
        """Tell the other processes sharing the database ``message`` (with this ``node``)."""
        if self.shared:
            with self.engine.begin() as conn:
                self._send(conn, message)

    def _send(self, conn: Any, message: ClusterNote) -> None:
        payload = json.dumps({"n": self.node, **message}, separators=(",", ":"))
        conn.execute(self._notify, {"channel": CHANNEL, "payload": payload})

    # ------------------------------------------------------------------ players

    def create_player(self, player_id: str, name: str, secret_hash: str) -> bool:
        """Store a new player; False if another player has the name (case-insensitive)."""
        try:
            with Session(self.engine) as s, s.begin():
                s.add(PlayerRow(id=player_id, name=name, name_key=name.casefold(),
                                secret_hash=secret_hash, created=time.time()))
        except IntegrityError:
            return False
        return True

    def player(self, player_id: str) -> PlayerInfo | None:
        """A player's row as a dict; None if there is none."""
        with Session(self.engine) as s:
            row = s.get(PlayerRow, player_id)
            if row is None:
                return None
            return {"id": row.id, "name": row.name, "since": row.created,
                    "secret_hash": row.secret_hash}

    def player_by_secret(self, secret_hash: str) -> str | None:
        """The id of the player whose secret has this hash."""
        with Session(self.engine) as s:
            return s.scalar(select(PlayerRow.id).where(PlayerRow.secret_hash == secret_hash))

    def rename_player(self, player_id: str, name: str) -> bool:
        """False if another player has the name."""
        try:
            with Session(self.engine) as s, s.begin():
                s.execute(update(PlayerRow).where(PlayerRow.id == player_id)
                          .values(name=name, name_key=name.casefold()))
        except IntegrityError:
            return False
        return True

    def set_transfer(self, player_id: str, code_hash: str, until: float) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(update(PlayerRow).where(PlayerRow.id == player_id)
                      .values(transfer_hash=code_hash, transfer_until=until))

    def claim_transfer(self, code_hash: str, secret_hash: str, now: float) -> str | None:
        """Spend a transfer code: its player's secret becomes ``secret_hash`` (the old one stops
        working). The player's id, or None when no unexpired code has that hash. Atomic: of
        two claims at once only one wins."""
        with Session(self.engine) as s, s.begin():
            pid = s.scalar(select(PlayerRow.id).where(PlayerRow.transfer_hash == code_hash,
                                                      PlayerRow.transfer_until > now))
            if pid is None:
                return None
            done = s.execute(update(PlayerRow).where(
                PlayerRow.id == pid, PlayerRow.transfer_hash == code_hash,
            ).values(secret_hash=secret_hash, transfer_hash=None, transfer_until=None))
            return pid if done.rowcount == 1 else None  # type: ignore[attr-defined]

    def delete_player(self, player_id: str) -> None:
        """Remove a player; the seats he held keep his id, which no longer names anyone."""
        with Session(self.engine) as s, s.begin():
            row = s.get(PlayerRow, player_id)
            if row is not None:
                s.delete(row)

    def set_seat_player(self, table_id: str, seat: int, player_id: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.merge(SeatPlayerRow(table_id=table_id, seat=seat, player=player_id))

    def seat_players(self, table_id: str) -> dict[int, str | None]:
        """Each seat of a table held by a player: the player's name, None once he is deleted."""
        with Session(self.engine) as s:
            rows = s.execute(select(SeatPlayerRow.seat, PlayerRow.name)
                             .join(PlayerRow, PlayerRow.id == SeatPlayerRow.player, isouter=True)
                             .where(SeatPlayerRow.table_id == table_id)).all()
        return {seat: name for seat, name in rows}

    def tables_of_player(self, player_id: str) -> list[str]:
        with Session(self.engine) as s:
            return list(s.scalars(select(SeatPlayerRow.table_id)
                                  .where(SeatPlayerRow.player == player_id)).all())

    def seat_player_ids(self, table_id: str) -> dict[int, str]:
        """Each seat of a table held by a player: the player's id (deleted players' too)."""
        with Session(self.engine) as s:
            rows = s.execute(select(SeatPlayerRow.seat, SeatPlayerRow.player)
                             .where(SeatPlayerRow.table_id == table_id)).all()
        return {seat: player for seat, player in rows}

    def recent_tables_of_player(self, player_id: str, limit: int) -> list[PlayerTable]:
        """The player's last ``limit`` tables, newest first: id, when made, spec, finished."""
        with Session(self.engine) as s:
            rows = s.execute(select(TableRow.id, TableRow.created, TableRow.spec, TableRow.finished)
                             .join(SeatPlayerRow, SeatPlayerRow.table_id == TableRow.id)
                             .where(SeatPlayerRow.player == player_id).distinct()
                             .order_by(TableRow.created.desc()).limit(limit)).all()
        return [{"id": i, "created": c, "spec": json.loads(spec), "finished": bool(f)}
                for i, c, spec, f in rows]

    # ------------------------------------------------------------------ analyses

    def save_analysis(self, table_id: str, analysis: dict[str, Any]) -> None:
        """Keep a finished match's analysis; one another process stored first is kept instead
        (both came from the same record and seed)."""
        try:
            with Session(self.engine) as s, s.begin():
                s.add(AnalysisRow(table_id=table_id, created=time.time(),
                                  analysis=json.dumps(analysis)))
        except IntegrityError:
            pass

    def analysis(self, table_id: str) -> dict[str, Any] | None:
        """A match's stored analysis; None if none was worked out yet."""
        with Session(self.engine) as s:
            text_ = s.scalar(select(AnalysisRow.analysis).where(AnalysisRow.table_id == table_id))
        return None if text_ is None else json.loads(text_)

    # ------------------------------------------------------------------ ratings

    def rating(self, player_id: str, game: str) -> tuple[float, float, int] | None:
        """A player's (mu, sigma, matches) in a game; None before his first rated match."""
        with Session(self.engine) as s:
            row = s.get(RatingRow, (player_id, game))
            return None if row is None else (row.mu, row.sigma, row.matches)

    def ratings_of(self, player_id: str) -> dict[str, tuple[float, float, int]]:
        """A player's (mu, sigma, matches) in each game he has a rating in."""
        with Session(self.engine) as s:
            rows = s.execute(select(RatingRow.game, RatingRow.mu, RatingRow.sigma, RatingRow.matches)
                             .where(RatingRow.player == player_id)).all()
        return {g: (mu, sigma, n) for g, mu, sigma, n in rows}

    def rating_history(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The player's last ``limit`` rated matches (all games), oldest first."""
        with Session(self.engine) as s:
            rows = s.scalars(select(RatingHistoryRow).where(RatingHistoryRow.player == player_id)
                             .order_by(RatingHistoryRow.at.desc()).limit(limit)).all()
            return [{"table": r.table_id, "game": r.game, "at": r.at, "mu": r.mu,
                     "sigma": r.sigma, "before": r.before, "result": r.result}
                    for r in reversed(rows)]

    def settle_ratings(self, table_id: str, game: str, players: list[str],
                       rate: Callable[[dict[str, tuple[float, float] | None]],
                                      dict[str, tuple[float, float, float, str]]]) -> bool:
        """Settle a rated match once: ``rate`` gets the ``players``' current (mu, sigma) (None
        for a first rating) and answers each one's (mu before, mu, sigma, result); stored with the
        history in one transaction, the ratings' rows locked meanwhile (PostgreSQL) so that two
        matches settled at once by two processes both count. False if the match was settled
        before."""
        for attempt in range(3):
            try:
                with Session(self.engine) as s, s.begin():
                    if s.scalar(select(RatingHistoryRow.player)
                                .where(RatingHistoryRow.table_id == table_id).limit(1)) is not None:
                        return False
                    rows = {p: s.get(RatingRow, (p, game), with_for_update=True) for p in players}
                    new = rate({p: (r.mu, r.sigma) if r else None for p, r in rows.items()})
                    now = time.time()
                    for p, (before, mu, sigma, result) in new.items():
                        row = rows[p]
                        if row is None:
                            s.add(RatingRow(player=p, game=game, mu=mu, sigma=sigma, matches=1,
                                            updated=now))
                        else:
                            row.mu, row.sigma, row.matches, row.updated = mu, sigma, row.matches + 1, now
                        s.add(RatingHistoryRow(table_id=table_id, player=p, game=game, at=now,
                                               mu=mu, sigma=sigma, before=before, result=result))
                return True
            except IntegrityError:
                # Another process made one of these first ratings, or settled the match, at the
                # same moment: read again.
                if attempt == 2:
                    raise
        return False

    def leaderboard(self, game: str, limit: int, provisional_sigma: float) -> list[RatedPlayer]:
        """The best ``limit`` ratings in a game of players who still exist: the established
        ones (sigma at most ``provisional_sigma``) by mean, then the provisional ones."""
        provisional = RatingRow.sigma > provisional_sigma
        with Session(self.engine) as s:
            rows = s.execute(select(RatingRow.player, PlayerRow.name, RatingRow.mu, RatingRow.sigma,
                                    RatingRow.matches)
                             .join(PlayerRow, PlayerRow.id == RatingRow.player)
                             .where(RatingRow.game == game)
                             .order_by(provisional, RatingRow.mu.desc(), RatingRow.matches.desc(),
                                       RatingRow.player)
                             .limit(limit)).all()
        return [{"id": p, "name": n, "mu": mu, "sigma": sg, "matches": k} for p, n, mu, sg, k in rows]

    def add_leave(self, table_id: str, seat: int, player_id: str) -> None:
        """The player of a seat left its match (once per seat: again changes nothing)."""
        with suppress(IntegrityError), Session(self.engine) as s, s.begin():
            s.add(LeaveRow(table_id=table_id, seat=seat, player=player_id, at=time.time()))

    def leaves(self, table_id: str) -> set[int]:
        """The seats of a table whose players left the match."""
        with Session(self.engine) as s:
            return set(s.scalars(select(LeaveRow.seat).where(LeaveRow.table_id == table_id)).all())

    def leaves_since(self, player_id: str, since: float) -> list[float]:
        """When the player left matches, from ``since`` on, oldest first."""
        with Session(self.engine) as s:
            return list(s.scalars(select(LeaveRow.at).where(LeaveRow.player == player_id,
                                                            LeaveRow.at >= since)
                                  .order_by(LeaveRow.at)).all())

    # ------------------------------------------------------------------ reads

    def load_table(self, table_id: str) -> tuple[TableSpec, list[TableEvent], bool] | None:
        """The spec, the events in order and whether the table is finished; None if unknown."""
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            evs = s.scalars(select(EventRow.event).where(EventRow.table_id == table_id)
                            .order_by(EventRow.seq)).all()
            return json.loads(row.spec), [json.loads(e) for e in evs], bool(row.finished)

    def load_keys(self, table_id: str) -> dict[int, tuple[str | None, str | None]]:
        """Each keyed seat of a table: the hash of its secret (None while invited) and its
        unspent invitation (None once claimed). Empty for a table stored before seat keys."""
        with Session(self.engine) as s:
            rows = s.execute(select(SeatKeyRow.seat, SeatKeyRow.token_hash, SeatKeyRow.invite)
                             .where(SeatKeyRow.table_id == table_id)).all()
        return {seat: (token_hash, invite) for seat, token_hash, invite in rows}

    def load_events(self, table_id: str, since: int) -> list[TableEvent]:
        """A table's events from number ``since`` on, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(EventRow.event).where(EventRow.table_id == table_id,
                                                             EventRow.seq >= since)
                                .order_by(EventRow.seq)).scalars().all()
        return [json.loads(e) for e in rows]

    def table_ids(self, *, unfinished_only: bool = False) -> list[str]:
        """Ids of stored tables, oldest first."""
        q = select(TableRow.id).order_by(TableRow.created, TableRow.id)
        if unfinished_only:
            q = q.where(TableRow.finished.is_(False))
        with Session(self.engine) as s:
            return list(s.scalars(q).all())

    # ------------------------------------------------------------------ lobby

    def add_lobby_table(self, table_id: str, game: str, rated: bool, creator: str | None,
                        open_until: float | None) -> None:
        """List a stored table in the lobby: open until ``open_until`` (None: live at once)."""
        with Session(self.engine) as s, s.begin():
            s.add(LobbyTableRow(table_id=table_id, game=game, rated=rated, creator=creator,
                                created=time.time(), open_until=open_until))

    def lobby_tables(self, limit: int) -> list[dict[str, Any]]:
        """The lobby's tables whose match is not over: the ``limit`` oldest open ones, then the
        ``limit`` newest live ones, each oldest first: ``table``, ``game``, ``rated``,
        ``creator``, ``created``, ``open_until`` and ``seats`` (each: ``kind``, ``name``,
        ``bot``, ``player`` (id or None), ``player_name``, ``free``: its invitation is
        unclaimed)."""
        base = (select(LobbyTableRow, TableRow.spec)
                .join(TableRow, TableRow.id == LobbyTableRow.table_id)
                .where(TableRow.finished.is_(False)))
        with Session(self.engine) as s:
            open_ = s.execute(base.where(LobbyTableRow.open_until.is_not(None))
                              .order_by(LobbyTableRow.created, LobbyTableRow.table_id)
                              .limit(limit)).all()
            live = s.execute(base.where(LobbyTableRow.open_until.is_(None))
                             .order_by(LobbyTableRow.created.desc(), LobbyTableRow.table_id.desc())
                             .limit(limit)).all()
            rows = [*open_, *reversed(live)]
            ids = [r.table_id for r, _ in rows]
            free = set(s.execute(select(SeatKeyRow.table_id, SeatKeyRow.seat)
                                 .where(SeatKeyRow.table_id.in_(ids),
                                        SeatKeyRow.invite.is_not(None))).tuples().all())
            held = {(t, seat): (pid, name) for t, seat, pid, name in s.execute(
                select(SeatPlayerRow.table_id, SeatPlayerRow.seat, SeatPlayerRow.player,
                       PlayerRow.name)
                .join(PlayerRow, PlayerRow.id == SeatPlayerRow.player, isouter=True)
                .where(SeatPlayerRow.table_id.in_(ids))).tuples().all()}
        out = []
        for r, text_ in rows:
            spec = json.loads(text_)
            seats = []
            for i, seat in enumerate(spec["seats"]):
                pid, name = held.get((r.table_id, i), (None, None))
                seats.append({"kind": seat["kind"], "name": seat["name"], "bot": seat.get("bot"),
                              "player": pid, "player_name": name,
                              "free": (r.table_id, i) in free})
            out.append({"table": r.table_id, "game": r.game, "options": spec["options"],
                        "rated": r.rated,
                        "creator": r.creator, "created": r.created, "open_until": r.open_until,
                        "seats": seats})
        return out

    def lobby_table(self, table_id: str) -> dict[str, Any] | None:
        """The lobby's row of a table (without seats); None if the lobby does not list it."""
        with Session(self.engine) as s:
            r = s.get(LobbyTableRow, table_id)
            if r is None:
                return None
            return {"table": r.table_id, "game": r.game, "rated": r.rated, "creator": r.creator,
                    "created": r.created, "open_until": r.open_until}

    def set_lobby_live(self, table_id: str) -> None:
        """The table is open no more (its seats are full, or its time ran out)."""
        with Session(self.engine) as s, s.begin():
            s.execute(update(LobbyTableRow).where(LobbyTableRow.table_id == table_id)
                      .values(open_until=None))

    def expired_open_tables(self, now: float) -> list[str]:
        with Session(self.engine) as s:
            return list(s.scalars(select(LobbyTableRow.table_id)
                                  .where(LobbyTableRow.open_until < now)).all())

    def delete_unjoined(self, table_id: str) -> bool:
        """Delete a table at which nobody but its creator holds a seat, with everything stored
        of it; False (nothing changed) when somebody else does. Atomic against a claim at the
        same moment: its invitations are cancelled first, so a claim either came before (and
        the table stays) or fails."""
        with Session(self.engine) as s, s.begin():
            s.execute(update(SeatKeyRow).where(SeatKeyRow.table_id == table_id,
                                               SeatKeyRow.token_hash.is_(None))
                      .values(invite=None, invite_hash=None))
            held = s.scalar(select(func.count()).select_from(SeatKeyRow).where(
                SeatKeyRow.table_id == table_id, SeatKeyRow.token_hash.is_not(None)))
            if (held or 0) > 1:
                s.rollback()
                return False
            for row in (SeatPlayerRow, SeatKeyRow, EventRow, LobbyTableRow, LeaveRow):
                s.execute(delete(row).where(row.table_id == table_id))
            s.execute(delete(TableRow).where(TableRow.id == table_id))
        return True

    def ratings_in(self, game_players: set[tuple[str, str]]
                   ) -> dict[tuple[str, str], tuple[float, float, int]]:
        """(mu, sigma, matches) of each (player, game) asked for that has a rating: the lobby's
        lists in one query."""
        players = {p for p, _ in game_players}
        with Session(self.engine) as s:
            rows = s.execute(select(RatingRow.player, RatingRow.game, RatingRow.mu,
                                    RatingRow.sigma, RatingRow.matches)
                             .where(RatingRow.player.in_(players))).all()
        return {(p, g): (mu, sigma, n) for p, g, mu, sigma, n in rows if (p, g) in game_players}

    # ------------------------------------------------------------------ quick pairing

    def queue_join(self, player: str, game: str, rated: bool, rating: float, now: float) -> None:
        """Put ``player`` in the queue for ``game`` (replacing his place or pairing before)."""
        with Session(self.engine) as s, s.begin():
            s.merge(QueueRow(player=player, game=game, rated=rated, rating=rating, since=now,
                             table_id=None, seat=None, token=None, paired_at=None))

    def queue_leave(self, player: str) -> bool:
        """Take ``player`` out of the queue; False if he was not waiting in it (paired already,
        or never there): a pairing made is forgotten all the same."""
        with Session(self.engine) as s, s.begin():
            row = s.get(QueueRow, player)
            if row is None:
                return False
            s.delete(row)
            return row.table_id is None

    def queue_entries(self, players: list[str]) -> dict[str, QueueEntry]:
        """The queue's rows of ``players`` (waiting, or paired at a table whose match is not
        over: a pairing is news only until then), by player."""
        with Session(self.engine) as s:
            rows = s.execute(select(QueueRow, TableRow.finished)
                             .join(TableRow, TableRow.id == QueueRow.table_id, isouter=True)
                             .where(QueueRow.player.in_(players))).all()
            return {r.player: _queue_dict(r) for r, finished in rows if not finished}

    def queue_waiting(self) -> list[QueueEntry]:
        """The players waiting (not paired yet), in the order they came (a player deleted
        meanwhile waits no more)."""
        with Session(self.engine) as s:
            rows = s.scalars(select(QueueRow).join(PlayerRow, PlayerRow.id == QueueRow.player)
                             .where(QueueRow.table_id.is_(None))
                             .order_by(QueueRow.since, QueueRow.player)).all()
            return [_queue_dict(r) for r in rows]

    def queue_reserve(self, table_id: str, seats: dict[str, tuple[int, str]], now: float) -> bool:
        """Pair the waiting players ``seats`` names (each: his seat and its secret) at
        ``table_id``; False, nothing changed, if any of them is no longer waiting."""
        with Session(self.engine) as s, s.begin():
            for player, (seat, token) in seats.items():
                done = s.execute(update(QueueRow).where(QueueRow.player == player,
                                                        QueueRow.table_id.is_(None))
                                 .values(table_id=table_id, seat=seat, token=token, paired_at=now))
                if done.rowcount != 1:  # type: ignore[attr-defined]
                    s.rollback()
                    return False
        return True

    def queue_release(self, table_id: str) -> None:
        """Undo ``queue_reserve``: the table could not be made; its players wait again."""
        with Session(self.engine) as s, s.begin():
            s.execute(update(QueueRow).where(QueueRow.table_id == table_id)
                      .values(table_id=None, seat=None, token=None, paired_at=None))

    def queue_forget_paired(self, before: float) -> int:
        """Forget pairings made before ``before`` (their seats' secrets with them)."""
        with Session(self.engine) as s, s.begin():
            done = s.execute(delete(QueueRow).where(QueueRow.paired_at < before))
            return int(done.rowcount)  # type: ignore[attr-defined]


def _queue_dict(row: QueueRow) -> QueueEntry:
    return {"player": row.player, "game": row.game, "rated": row.rated, "rating": row.rating,
            "since": row.since, "table": row.table_id, "seat": row.seat, "token": row.token}
