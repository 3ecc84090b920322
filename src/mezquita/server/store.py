"""Storage of matches: SQLite file by default, PostgreSQL by a ``postgresql://`` URL.

The schema is created and upgraded by the Alembic migrations shipped in
``mezquita/server/migrations``; `Store` runs them when it opens the database.
Every applied action is written before it is broadcast, so a crashed server loses nothing
that any player has seen. No database call runs on the event loop: `Store.call` runs one in a
bounded thread pool with a timeout, and `MoveWriter` writes moves from its own thread in
batches (one commit for all moves that arrived meanwhile), retrying with backoff while the
database is away. On PostgreSQL every stored move and seat change is announced with
``pg_notify`` in the same transaction (see ``cluster.py``); there a batch of moves is one
prepared statement on the writer's own connection (stored, status changed and announced in one
round trip).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import Boolean, create_engine, event, func, insert, or_, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, SQLAlchemyError

from mezquita.engine import MezquitaError

from .models import matches, moves

log = logging.getLogger("mezquita.server")
CHANNEL = "mezquita"  # the PostgreSQL notification channel of every instance
DB_THREADS = 4  # concurrent database calls besides the move writer
RETRY = (0.05, 0.5)  # first and longest pause between retries of a failed write

DEFAULT_URL = "sqlite:///./mezquita.sqlite3"
#: how a commit is made durable: ``full`` survives an OS crash or power loss (SQLite
#: ``synchronous=FULL``: the log is flushed to disk at every commit; PostgreSQL
#: ``synchronous_commit=on``), ``normal`` survives a kill of the server process only (SQLite
#: ``synchronous=NORMAL``; PostgreSQL ``synchronous_commit=off``: the last commits may be
#: lost if the OS or PostgreSQL itself crashes). Neither ever corrupts the database.
DURABILITY = {"full": ("FULL", "on"), "normal": ("NORMAL", "off")}
#: PostgreSQL: every instance holds this advisory lock (with the hash of its id) while it
#: lives, so that another (or itself, restarted) can tell a dead instance's leases at once
LIVE_LOCK = 0x6D657A71
_ADD_MOVE = insert(moves)  # built once: a move is written on every action
LOCK_WAIT_MS = 20  # PostgreSQL: a move batch waits this long for a row lock held elsewhere
_PG_NOTIFY = f"SELECT pg_notify('{CHANNEL}', p) FROM unnest(%(p)b::text[]) AS p"
#: PostgreSQL: a batch of moves in one statement (one implicit transaction): the moves, the
#: status changes they bring and their notifications (sent at commit, in order); parameters
#: in binary (``%(x)b``: arrays of text need no quoting, a third of the client's CPU)
_PG_MOVES = """
WITH stored AS (
    INSERT INTO moves (match_id, turn, seat, action, "by", at)
    SELECT m, t, s, a, b, %(at)b
    FROM unnest(%(m)b::text[], %(t)b::int[], %(s)b::int[], %(a)b::json[], %(b)b::text[])
        AS u(m, t, s, a, b)
), ended AS (
    UPDATE matches SET status = e.st, updated_at = %(at)b, result = e.r,
        finished_at = CASE WHEN e.st = 'finished' THEN %(at)b::timestamptz END
    FROM unnest(%(em)b::text[], %(est)b::text[], %(er)b::json[]) AS e(m, st, r)
    WHERE matches.id = e.m
)
""" + _PG_NOTIFY


class StoreUnavailable(MezquitaError):
    """The database did not answer in time or refused the connection (the caller may retry)."""


class MoveConflict(MezquitaError):
    """Another move was stored first at this turn (by another instance)."""


def now() -> datetime:
    """The current UTC time (timestamps are stored timezone-aware)."""
    return datetime.now(UTC)


@dataclass
class Move:
    """One action to store, with the match's new status (and result) when it changes."""

    match_id: str
    turn: int
    seat: int
    action: Any
    by: str  # human, bot or timeout
    status: str | None = None
    result: dict | None = None


@dataclass
class MatchRow:
    """A stored match: its record header, metadata and the actions played so far."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    joined: list[bool]
    status: str
    created_at: datetime
    result: dict | None = None
    actions: list[list[Any]] = field(default_factory=list)  # [seat, action JSON]
    move_sources: list[str] = field(default_factory=list)  # human, bot or timeout per action
    invite_hashes: list[str | None] = field(default_factory=list)  # unclaimed invitations
    creator: str = ""
    practice: bool = False
    owner: str | None = None  # the instance that runs its bots and timers
    names: list[str | None] = field(default_factory=list)  # chosen names per seat (None: default)
    rematch: str | None = None  # the id of this match's rematch, once made
    clock: dict | None = None  # `clocks.choose`; None: no clock
    left: list[dict | None] = field(default_factory=list)  # per seat: how it left (leaving.py)
    started_at: datetime | None = None  # when every human seat had joined
    move_times: list[datetime] = field(default_factory=list)  # when each action was stored


def engine_for(url: str, db_seconds: float = 10.0, durability: str = "full") -> Engine:
    """A SQLAlchemy engine for ``url`` (``postgresql://`` uses the psycopg 3 driver) whose
    calls give up after about ``db_seconds`` (SQLite: waiting for a lock; PostgreSQL: see
    `pg_guards`) and whose commits are as durable as ``durability`` says (`DURABILITY`)."""
    if durability not in DURABILITY:
        raise ValueError(f"durability is one of {', '.join(DURABILITY)}, not {durability!r}")
    if not url.startswith(("sqlite:", "postgresql:", "postgres:", "postgresql+psycopg:")):
        raise ValueError("a database URL is sqlite:///PATH or postgresql://USER@HOST/DB")
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False,
                                                  "timeout": min(5.0, db_seconds)})
        event.listen(engine, "connect",
                     lambda connection, _record: _sqlite_pragmas(connection, durability))
        return engine
    return create_engine(url, pool_pre_ping=True,
                         connect_args=pg_guards(db_seconds, durability))


def pg_guards(db_seconds: float, durability: str = "full") -> dict:
    """libpq settings that keep a hung PostgreSQL from holding a thread for ever: connecting
    gives up after at most 5 s, a statement after ``db_seconds``, and TCP keepalives notice a
    silently dropped link: within about 11 s when idle (the listener's link too), after
    ``db_seconds`` while data sent is not acknowledged. A server that is stopped but whose
    host still answers TCP is not noticed: the call waits, off the event loop. Commits are
    as durable as ``durability`` says (`DURABILITY`)."""
    ms = int(db_seconds * 1000)
    return {"connect_timeout": max(1, int(min(5.0, db_seconds))),
            "options": f"-c statement_timeout={ms} -c synchronous_commit={DURABILITY[durability][1]}",
            "tcp_user_timeout": ms,
            "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3}


def libpq_url(url: str) -> str:
    """A ``postgresql://`` URL as libpq (psycopg itself) takes it."""
    scheme, rest = url.split("://", 1)
    return f"{scheme.split('+', 1)[0]}://{rest}"


def _sqlite_pragmas(dbapi_connection, durability: str) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cursor.execute(f"PRAGMA synchronous={DURABILITY[durability][0]}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest shipped migration, and check that the database takes
    writes."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # a migration may rightly take long
            connection.execute(text("SET LOCAL statement_timeout = 0"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
        # a write that changes nothing: a read-only file or replica fails here, at start
        connection.execute(text("UPDATE alembic_version SET version_num = version_num"))


class Store:
    """Reads and writes matches and moves. The plain methods are synchronous (one short
    transaction each); call them from the event loop only through `call`."""

    def __init__(self, url: str = DEFAULT_URL, instance: str = "", db_seconds: float = 10.0,
                 durability: str = "full") -> None:
        self.url = url
        self.instance = instance
        self.db_seconds = db_seconds
        self.durability = durability
        self._alive = None  # PostgreSQL: the connection holding this instance's `LIVE_LOCK`
        try:
            self.engine = engine_for(url, db_seconds, durability)
            migrate(self.engine)
            if self.engine.dialect.name == "postgresql":
                self._hold_live_lock()
        except (SQLAlchemyError, OSError, ValueError) as err:
            raise StoreUnavailable(f"cannot open the database {url.rsplit('@', 1)[-1]}: "
                                   f"{_reason(err)}") from None
        self.postgres = self.engine.dialect.name == "postgresql"
        self._threads = ThreadPoolExecutor(DB_THREADS, thread_name_prefix="mezquita-db-call")
        self._raw = threading.local()  # PostgreSQL: each thread's own connection for moves
        self._raw_all: list = []
        self._raw_lock = threading.Lock()

    def _hold_live_lock(self) -> None:
        """Take this instance's `LIVE_LOCK` on a connection of its own, held until `close`
        (or until the process dies: PostgreSQL then frees it when the link drops); taken
        again on a new connection if that one broke (checked at every `renew`)."""
        import psycopg

        try:
            if self._alive is not None:
                try:
                    self._alive.execute("SELECT 1")
                    return
                except psycopg.Error:
                    self._alive.close()
            self._alive = psycopg.connect(libpq_url(self.url), autocommit=True,
                                          **pg_guards(self.db_seconds, self.durability))
            self._alive.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))",
                                (LIVE_LOCK, self.instance))
        except psycopg.Error as err:
            raise OperationalError("live lock", None, err) from None

    def _dead_owner(self):
        """SQL: the match's owner is an instance that no longer lives (nobody holds its
        `LIVE_LOCK`); PostgreSQL only (the lock is taken for this transaction only)."""
        return func.pg_try_advisory_xact_lock(LIVE_LOCK, func.hashtext(matches.c.owner),
                                              type_=Boolean)

    async def call(self, fn: Callable, *args: Any) -> Any:
        """Run ``fn(*args)`` in the database thread pool; `StoreUnavailable` if the database
        fails or takes longer than ``db_seconds`` (the thread finishes on its own)."""
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(self._threads, fn, *args),
                                          self.db_seconds)
        except TimeoutError:
            raise StoreUnavailable("the database is busy; try again in a moment") from None
        except IntegrityError:
            raise
        except DBAPIError as err:
            log.warning("database call failed: %s", str(err).splitlines()[0])
            raise StoreUnavailable("the database is unavailable; try again in a moment") from None

    def close(self) -> None:
        """Release the database connections."""
        self._threads.shutdown(wait=False, cancel_futures=True)
        self.engine.dispose()
        if self._alive is not None:
            self._alive.close()
        with self._raw_lock:
            for conn in self._raw_all:
                conn.close()
            self._raw_all.clear()

    def _notify(self, c, kind: str, match_id: str, **fields: Any) -> None:
        """Tell the other instances (PostgreSQL only; delivered when ``c`` commits)."""
        if self.postgres:
            c.execute(text("select pg_notify(:channel, :payload)"),
                      {"channel": CHANNEL, "payload": self._payload(kind, match_id, **fields)})

    def _payload(self, kind: str, match_id: str, **fields: Any) -> str:
        """A notification: compact JSON starting with ``{"i":"<this instance>"`` (the
        listeners skip their own by that prefix)."""
        payload = orjson.dumps({"i": self.instance, "k": kind, "m": match_id, **fields}).decode()
        if len(payload) > 7900:  # over NOTIFY's limit: the listeners read the database
            payload = orjson.dumps({"i": self.instance, "k": "refresh", "m": match_id}).decode()
        return payload

    def notify(self, kind: str, announcements: list[tuple[str, dict]]) -> None:
        """Announce what is not stored (presence), ``(match id, fields)`` each, to the other
        instances: one statement for all of them."""
        if self.postgres and announcements:
            self._raw_execute(_PG_NOTIFY, {"p": [self._payload(kind, match_id, **fields)
                                                 for match_id, fields in announcements]})

    def create(self, row: MatchRow, lease_seconds: float = 0.0) -> None:
        """Store a new match (owned by this instance)."""
        with self.engine.begin() as c:
            self._insert(c, row, lease_seconds)

    def _insert(self, c, row: MatchRow, lease_seconds: float) -> None:
        stamp = now()
        c.execute(insert(matches).values(
            id=row.id, game=row.game, options=row.options, seed=row.seed, seats=row.seats,
            token_hashes=row.token_hashes, joined=row.joined, clock=row.clock,
            left=row.left or [None] * len(row.seats),
            status=row.status, created_at=row.created_at, updated_at=stamp,
            invite_hashes=row.invite_hashes, creator=row.creator, practice=row.practice,
            owner=self.instance, lease_until=stamp + timedelta(seconds=lease_seconds),
            names=row.names or [None] * len(row.seats),
        ))

    def create_rematch(self, old_id: str, row: MatchRow, lease_seconds: float = 0.0) -> str:
        """Store ``row`` as the rematch of ``old_id`` unless it has one already; the id of
        the rematch (``row.id`` or the one made first, by another click or instance)."""
        with self.engine.begin() as c:
            made = c.execute(select(matches.c.rematch).where(matches.c.id == old_id)
                             .with_for_update()).scalar_one()
            if made:
                return made
            self._insert(c, row, lease_seconds)
            c.execute(update(matches).where(matches.c.id == old_id)
                      .values(rematch=row.id, updated_at=now()))
            self._notify(c, "head", old_id)
        return row.id

    def set_name(self, match_id: str, seat: int, name: str | None) -> list[str | None]:
        """Store the name of ``seat``'s player; the names of every seat."""
        with self.engine.begin() as c:
            stored, seats = c.execute(select(matches.c.names, matches.c.seats)
                                      .where(matches.c.id == match_id).with_for_update()).one()
            names = list(stored or [None] * len(seats))
            names[seat] = name
            c.execute(update(matches).where(matches.c.id == match_id).values(names=names))
            self._notify(c, "head", match_id)
        return names

    def set_token(self, match_id: str, seat: int, token_hash: str) -> bool:
        """Give ``seat`` the token ``token_hash`` if it has none yet (a rematch seat handed
        to its player when they come back); True if the seat now has exactly that token."""
        with self.engine.begin() as c:
            tokens = list(c.execute(select(matches.c.token_hashes)
                                    .where(matches.c.id == match_id).with_for_update()).scalar_one())
            if tokens[seat] is None:
                tokens[seat] = token_hash
                c.execute(update(matches).where(matches.c.id == match_id)
                          .values(token_hashes=tokens))
                self._notify(c, "head", match_id)
        return tokens[seat] == token_hash

    def add_moves(self, batch: list[Move]) -> None:
        """Append several actions in one transaction (with the status changes they bring)."""
        if self.postgres:
            self._add_moves_pg(batch)
            return
        stamp = now()
        with self.engine.begin() as c:
            c.execute(_ADD_MOVE, [{"match_id": m.match_id, "turn": m.turn, "seat": m.seat,
                                   "action": m.action, "by": m.by, "at": stamp} for m in batch])
            for m in batch:
                if m.status is not None:  # the match row changes only with its status
                    c.execute(update(matches).where(matches.c.id == m.match_id).values(
                        status=m.status, updated_at=stamp, result=m.result,
                        finished_at=stamp if m.status == "finished" else None))

    def _add_moves_pg(self, batch: list[Move]) -> None:
        """`add_moves` on PostgreSQL: one statement (`_PG_MOVES`)."""
        ends = [m for m in batch if m.status is not None]
        params = {
            "at": now(), "m": [m.match_id for m in batch], "t": [m.turn for m in batch],
            "s": [m.seat for m in batch], "a": [orjson.dumps(m.action).decode() for m in batch],
            "b": [m.by for m in batch], "em": [m.match_id for m in ends],
            "est": [m.status for m in ends],
            "er": [None if m.result is None else orjson.dumps(m.result).decode() for m in ends],
            "p": [self._payload("move", m.match_id, t=m.turn, s=m.seat, a=m.action, b=m.by,
                                st=m.status, r=m.result) for m in batch]}
        self._raw_execute(_PG_MOVES, params)

    def _raw_execute(self, sql: str, params: dict) -> None:
        """Run prepared statement ``sql`` on this thread's own connection (autocommit: the
        statement is the transaction); its errors are raised as SQLAlchemy's
        (`IntegrityError`, else `OperationalError`), with psycopg's error as ``orig``."""
        import psycopg

        try:
            self._raw_connection().execute(sql, params, prepare=True)
        except psycopg.IntegrityError as err:
            raise IntegrityError(sql, None, err) from None
        except psycopg.Error as err:
            raise OperationalError(sql, None, err) from None

    def _raw_connection(self):
        """This thread's own psycopg connection (autocommit; a move waits ``LOCK_WAIT_MS``
        at most for a row lock held elsewhere, then fails and is retried alone), opened
        again once broken."""
        import psycopg

        conn = getattr(self._raw, "conn", None)
        if conn is not None and not conn.closed and not conn.broken:
            return conn
        if conn is not None:
            conn.close()
            with self._raw_lock:
                self._raw_all.remove(conn)
        guards = pg_guards(self.db_seconds, self.durability)
        guards["options"] += f" -c lock_timeout={LOCK_WAIT_MS}ms"
        conn = self._raw.conn = psycopg.connect(libpq_url(self.url), autocommit=True, **guards)
        with self._raw_lock:
            self._raw_all.append(conn)
        return conn

    def stored_move(self, match_id: str, turn: int) -> tuple[int, Any, str] | None:
        """The stored ``(seat, action, by)`` of ``turn``, or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(moves.c.seat, moves.c.action, moves.c.by).where(
                moves.c.match_id == match_id, moves.c.turn == turn)).first()
        return tuple(row) if row is not None else None

    def join_seat(self, match_id: str, seat: int) -> tuple[list[bool], str]:
        """Record that human ``seat`` has connected (merged with what other instances
        recorded); the seats joined and the status that follows (running once all have)."""
        with self.engine.begin() as c:
            joined, status = c.execute(select(matches.c.joined, matches.c.status)
                                       .where(matches.c.id == match_id).with_for_update()).one()
            joined = [*joined]
            joined[seat] = True
            stamp, values = now(), {}
            if status == "open" and all(joined):
                status, values["started_at"] = "running", stamp
            c.execute(update(matches).where(matches.c.id == match_id)
                      .values(joined=joined, status=status, updated_at=stamp, **values))
            self._notify(c, "head", match_id)
        return joined, status

    def claim(self, match_id: str, seat: int, invite_hash: str, token_hash: str) -> bool:
        """Turn ``seat``'s invitation into the claimant's token, once; False if it was
        claimed already (or never existed)."""
        with self.engine.begin() as c:
            head = c.execute(select(matches.c.invite_hashes, matches.c.token_hashes)
                             .where(matches.c.id == match_id).with_for_update()).first()
            if head is None or not head[0] or seat >= len(head[0]) or head[0][seat] != invite_hash:
                return False
            invites, tokens = list(head[0]), list(head[1])
            invites[seat], tokens[seat] = None, token_hash
            # the row lock (PostgreSQL) or the hub's claim lock (SQLite: one instance)
            # makes this read-then-write atomic
            c.execute(update(matches).where(matches.c.id == match_id)
                      .values(invite_hashes=invites, token_hashes=tokens, updated_at=now()))
            self._notify(c, "head", match_id)
        return True

    def head(self, match_id: str) -> dict | None:
        """The match row's changing fields (seats joined, tokens, status, owner)."""
        with self.engine.connect() as c:
            row = c.execute(select(matches.c.joined, matches.c.token_hashes,
                                   matches.c.invite_hashes, matches.c.status, matches.c.result,
                                   matches.c.owner, matches.c.names, matches.c.rematch,
                                   matches.c.seats, matches.c.left)
                             .where(matches.c.id == match_id)).mappings().first()
        return dict(row) if row is not None else None

    def moves_from(self, match_id: str, turn: int) -> list[tuple[int, Any, str]]:
        """Stored ``(seat, action, by)`` from ``turn`` on."""
        with self.engine.connect() as c:
            return [tuple(r) for r in c.execute(
                select(moves.c.seat, moves.c.action, moves.c.by)
                .where(moves.c.match_id == match_id, moves.c.turn >= turn)
                .order_by(moves.c.turn)).all()]

    def load(self, match_id: str) -> MatchRow | None:
        """The match ``match_id`` with its moves, or ``None``."""
        with self.engine.connect() as c:
            head = c.execute(select(matches).where(matches.c.id == match_id)).mappings().first()
            if head is None:
                return None
            rows = c.execute(select(moves.c.seat, moves.c.action, moves.c.by, moves.c.at)
                             .where(moves.c.match_id == match_id)
                             .order_by(moves.c.turn)).all()
        n = len(head["seats"])
        return MatchRow(
            id=head["id"], game=head["game"], options=head["options"], seed=head["seed"],
            seats=head["seats"], token_hashes=head["token_hashes"], joined=head["joined"],
            status=head["status"], created_at=head["created_at"], result=head["result"],
            actions=[[seat, action] for seat, action, _, _ in rows],
            move_sources=[by for _, _, by, _ in rows],
            invite_hashes=head["invite_hashes"] or [None] * n,
            creator=head["creator"] or "", practice=bool(head["practice"]), owner=head["owner"],
            names=head["names"] or [None] * n, rematch=head["rematch"], clock=head["clock"],
            left=head["left"] or [None] * n,
            started_at=_aware(head["started_at"] or head["updated_at"]),
            move_times=[_aware(at) for _, _, _, at in rows],
        )

    def leave(self, match_id: str, seat: int, entry: dict, seats: list[str], status: str,
              result: dict | None) -> bool:
        """Store that ``seat`` left (``entry``), with the seats, status and result that follow,
        if the match still runs and the seat had not left; False otherwise (nothing changed)."""
        with self.engine.begin() as c:
            head = c.execute(select(matches.c.left, matches.c.status)
                             .where(matches.c.id == match_id).with_for_update()).first()
            left = list(head[0] or [None] * len(seats)) if head is not None else []
            if head is None or head[1] != "running" or left[seat] is not None:
                return False
            left[seat] = entry
            stamp = now()
            values = {"result": result, "finished_at": stamp} if result is not None else {}
            c.execute(update(matches).where(matches.c.id == match_id).values(
                left=left, seats=seats, status=status, updated_at=stamp, **values))
            self._notify(c, "head", match_id)
        return True

    # -- leases: which instance runs a match's bots and timers --------------------------------
    def acquire(self, match_id: str, seconds: float) -> bool:
        """Take ``match_id`` if nobody holds it (or its holder's lease ran out, or its holder
        is dead)."""
        with self.engine.begin() as c:
            done = c.execute(update(matches).where(
                matches.c.id == match_id,
                or_(matches.c.owner.is_(None), matches.c.owner == self.instance,
                    matches.c.lease_until < func.now(), self._dead_owner()))
                .values(owner=self.instance, lease_until=_later(seconds)))
            return done.rowcount == 1

    def renew(self, seconds: float) -> set[str]:
        """Extend this instance's leases; the ids of the live matches it still holds."""
        if self.postgres:
            self._hold_live_lock()
        with self.engine.begin() as c:
            return set(c.execute(update(matches).where(
                matches.c.owner == self.instance, matches.c.status.in_(("open", "running")))
                .values(lease_until=_later(seconds)).returning(matches.c.id)).scalars())

    def take_expired(self, seconds: float, limit: int = 200) -> list[str]:
        """Take over running matches whose holder's lease ran out or whose holder is dead
        (PostgreSQL only: SQLite has one instance)."""
        with self.engine.begin() as c:
            stale = select(matches.c.id).where(
                matches.c.status.in_(("open", "running")),
                or_(matches.c.owner.is_(None), matches.c.lease_until < func.now(),
                    self._dead_owner()),
                matches.c.owner.is_distinct_from(self.instance)).limit(limit)
            stale = stale.with_for_update(skip_locked=True)
            ids = list(c.execute(stale).scalars())
            if ids:
                c.execute(update(matches).where(matches.c.id.in_(ids))
                          .values(owner=self.instance, lease_until=_later(seconds)))
            return ids

    def release(self, match_ids: list[str]) -> None:
        """Give up this instance's hold on ``match_ids`` (they left its memory)."""
        with self.engine.begin() as c:
            c.execute(update(matches).where(matches.c.id.in_(match_ids),
                                            matches.c.owner == self.instance)
                      .values(owner=None, lease_until=None))

    def expire_open(self, seconds: float) -> list[str]:
        """Mark open matches created over ``seconds`` ago as expired; their ids."""
        before = now() - timedelta(seconds=seconds)
        with self.engine.begin() as c:
            ids = list(c.execute(select(matches.c.id).where(
                matches.c.status == "open", matches.c.created_at < before)).scalars())
            if ids:
                c.execute(update(matches).where(matches.c.id.in_(ids),
                                                matches.c.status == "open")
                          .values(status="expired", updated_at=now()))
                for match_id in ids:
                    self._notify(c, "head", match_id)
            return ids

    def ids(self, statuses: tuple[str, ...], limit: int = 100) -> list[str]:
        """Ids of the newest matches with one of ``statuses``."""
        with self.engine.connect() as c:
            return list(c.execute(
                select(matches.c.id).where(matches.c.status.in_(statuses))
                .order_by(matches.c.created_at.desc()).limit(limit)
            ).scalars())

    def summaries(self, statuses: tuple[str, ...], limit: int = 100) -> list[dict]:
        """Public facts of the newest matches with one of ``statuses`` (no tokens)."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(matches.c.id, matches.c.game, matches.c.options, matches.c.seats,
                       matches.c.joined, matches.c.status, matches.c.created_at,
                       matches.c.clock, matches.c.left, matches.c.practice, matches.c.names,
                       matches.c.result, matches.c.finished_at)
                .where(matches.c.status.in_(statuses))
                .order_by(matches.c.created_at.desc()).limit(limit)
            ).mappings().all()
        return [
            {"id": r["id"], "game": r["game"], "options": r["options"], "seats": r["seats"],
             "joined": r["joined"], "status": r["status"], "clock": r["clock"],
             "left": r["left"] or [None] * len(r["seats"]),
             "practice": bool(r["practice"]), "created_at": r["created_at"].isoformat(),
             "names": r["names"] or [None] * len(r["seats"]), "result": r["result"],
             "finished_at": r["finished_at"].isoformat() if r["finished_at"] else None}
            for r in rows
        ]


def _reason(err: Exception) -> str:
    """The first line of what the database driver (or SQLAlchemy) said."""
    return str(getattr(err, "orig", None) or err).strip().splitlines()[0][:300]


def _aware(stamp: datetime) -> datetime:
    """``stamp`` with a time zone (SQLite returns stored UTC times without one)."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def _lock_timeout(err: Exception) -> bool:
    """Whether ``err`` is PostgreSQL giving up waiting for a lock (``lock_timeout``)."""
    return getattr(getattr(err, "orig", None), "sqlstate", None) == "55P03"


def _later(seconds: float):
    """The database's clock plus ``seconds`` (instances need not agree on the time)."""
    return func.now() + timedelta(seconds=seconds)


class MoveWriter:
    """Stores moves from one background thread with group commit; ``await write(move)``
    returns once the move is durable.

    A failed write is retried with backoff (``RETRY``), apart from the other moves (a match
    whose row another transaction locks holds back no other match), until it is stored or
    the waiter's ``patience`` runs out (`StoreUnavailable`; nothing was stored, nothing changes). A write
    that may have committed before its connection broke is checked by reading the row back,
    so a retried move is never stored twice; a different move stored first at the same turn
    (another instance) raises `MoveConflict`.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="mezquita-db")
        self._pending: list[tuple[Move, asyncio.Future, float, Callable | None]] = []
        self._flushing = False
        self._task: asyncio.Task | None = None
        self._retries: set[asyncio.Task] = set()

    async def write(self, move: Move, patience: float = float("inf"),
                    on_retry: Callable[[], None] | None = None) -> None:
        """Store ``move``; ``on_retry()`` is called once when the first attempt failed."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._pending.append((move, future, time.monotonic() + patience, on_retry))
        if not self._flushing:
            self._flushing = True
            self._task = loop.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        """Write the pending moves batch by batch. A batch that fails is split: each of its
        moves is tried alone, and those still not stored (their match locked by another
        transaction, the database away) are retried apart, so they never hold back the
        other matches' moves."""
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                moves_ = [item[0] for item in batch]
                try:
                    await loop.run_in_executor(self._thread, self.store.add_moves, moves_)
                    outcomes: list = [None] * len(batch)
                except Exception as err:
                    if isinstance(err, IntegrityError) or _lock_timeout(err):
                        outcomes = await loop.run_in_executor(self._thread, self._each, moves_)
                    else:  # the database is away: everything waits for the retries
                        outcomes = [RETRY] * len(batch)
                        if not self._retries:
                            log.warning("storing %d moves failed (%s); retrying", len(batch),
                                        str(err).splitlines()[0][:200])
                failed = self._settle(batch, outcomes)
                if failed:
                    task = loop.create_task(self._retry(failed))
                    self._retries.add(task)
                    task.add_done_callback(self._retries.discard)
        finally:
            self._flushing = False

    def _settle(self, batch: list, outcomes: list) -> list:
        """Resolve the waiters of ``batch`` by ``outcomes``; the items still to retry (their
        ``on_retry`` called, those out of patience failed)."""
        failed = []
        for item, outcome in zip(batch, outcomes):
            if item[1].done():
                continue
            if outcome is RETRY:
                failed.append(item)
            elif outcome is None:
                item[1].set_result(None)
            else:
                item[1].set_exception(outcome)
        for item in failed:
            if item[3] is not None:
                item[3]()
        return self._still_waiting(failed)

    async def _retry(self, items: list) -> None:
        """Try ``items`` again, one by one and off the writer's thread, with backoff."""
        loop = asyncio.get_running_loop()
        pause = RETRY[0]
        while items:
            await asyncio.sleep(pause)
            pause = min(RETRY[1], pause * 2)
            items = self._still_waiting(items)
            if items:
                outcomes = await loop.run_in_executor(self.store._threads, self._each,
                                                      [item[0] for item in items])
                items = self._settle(items, outcomes)

    @staticmethod
    def _still_waiting(batch: list) -> list:
        """The items of ``batch`` whose waiters still wait; the others hear the database is away."""
        stamp, kept = time.monotonic(), []
        for item in batch:
            if item[1].done():
                continue
            if stamp > item[2]:
                item[1].set_exception(StoreUnavailable(
                    "the server is busy: the database is not answering, so the move was not "
                    "stored; send it again"))
            else:
                kept.append(item)
        return kept

    def _each(self, batch: list[Move]) -> list:
        """Store each move in its own transaction: None (stored), `MoveConflict` or ``RETRY``."""
        outcomes: list = []
        for move in batch:
            try:
                self.store.add_moves([move])
                outcomes.append(None)
            except IntegrityError:
                try:
                    stored = self.store.stored_move(move.match_id, move.turn)
                except Exception:
                    outcomes.append(RETRY)
                    continue
                if stored is not None and (stored[0], stored[1], stored[2]) == (
                        move.seat, move.action, move.by):
                    outcomes.append(None)  # our own earlier attempt did commit
                else:
                    outcomes.append(MoveConflict(
                        f"another move was stored first at turn {move.turn}"))
            except Exception:
                outcomes.append(RETRY)
        return outcomes

    def close(self) -> None:
        """Stop the writer thread (after the moves already handed over are written) and the
        retries (their moves were never acknowledged)."""
        for task in self._retries:
            task.cancel()
        self._thread.shutdown(wait=True)
