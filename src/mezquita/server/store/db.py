"""The database itself: the engine (SQLite file by default, PostgreSQL by a ``postgresql://``
URL), its migrations, and `Database`, the base of `Store`: the bounded thread pool every call
runs in (`Database.call`), PostgreSQL notifications and each thread's own raw connection.

The schema is created and upgraded by the Alembic migrations shipped in
``mezquita/server/migrations``; `Database` runs them when it opens the database. No database
call runs on the event loop: `Database.call` runs one in a bounded thread pool with a timeout.
On PostgreSQL every stored move and seat change is announced with ``pg_notify`` in the same
transaction (see ``cluster.py``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, TypeVarTuple

import orjson
from sqlalchemy import Insert, create_engine, event, func, literal_column, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, SQLAlchemyError

from mezquita.engine import MezquitaError

if TYPE_CHECKING:
    import psycopg
    from sqlalchemy.engine import Connection


log = logging.getLogger("mezquita.server")
_T = TypeVar("_T")
_Args = TypeVarTuple("_Args")
CHANNEL = "mezquita"  # the PostgreSQL notification channel of every instance
DB_THREADS = 4  # concurrent database calls besides the move writer

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
LOCK_WAIT_MS = 20  # PostgreSQL: a move batch waits this long for a row lock held elsewhere
_PG_NOTIFY = f"SELECT pg_notify('{CHANNEL}', p) FROM unnest(%(p)b::text[]) AS p"


class StoreUnavailable(MezquitaError):
    """The database did not answer in time or refused the connection (the caller may retry)."""



def now() -> datetime:
    """The current UTC time (timestamps are stored timezone-aware)."""
    return datetime.now(UTC)



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
    config.set_main_option("script_location", str(Path(__file__).parent.parent / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # a migration may rightly take long
            connection.execute(text("SET LOCAL statement_timeout = 0"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
        # a write that changes nothing: a read-only file or replica fails here, at start
        connection.execute(text("UPDATE alembic_version SET version_num = version_num"))


class Database:
    """An open database: its engine, thread pool and notifications. The table groups'
    methods (`Store`) are synchronous, one short transaction each; call them from the event
    loop only through `call`. The groups call a few of each other's helpers inside one
    transaction; they are declared here for the type checker (defined by `Store`'s bases)."""

    if TYPE_CHECKING:
        def _insert(self, c: Connection, row: Any,  # a `matches.MatchRow` (that module imports this one)
                    lease_seconds: float) -> None: ...  # `Matches`
        def _hold_seats(self, c: Connection, match_id: str,
                        holders: list[int | None]) -> None: ...  # `Matches`
        def _holders(self, c: Connection, match_id: str,
                     seats: int) -> list[int | None]: ...  # `Matches`
        def _rate(self, c: Connection, match_id: str,
                  returns: list[float]) -> None: ...  # `Ratings`

    def __init__(self, url: str = DEFAULT_URL, instance: str = "", db_seconds: float = 10.0,
                 durability: str = "full") -> None:
        self.url = url
        self.instance = instance
        self.db_seconds = db_seconds
        self.durability = durability
        # PostgreSQL: the connection holding this instance's `LIVE_LOCK`
        self._alive: psycopg.Connection[Any] | None = None
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

    async def call(self, fn: Callable[[*_Args], _T], *args: *_Args) -> _T:
        """Run ``fn(*args)`` in the database thread pool; `StoreUnavailable` if the database
        fails or takes longer than ``db_seconds`` (the thread finishes on its own)."""
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(self.db_seconds):  # wait_for may swallow a cancel (3.11)
                return await loop.run_in_executor(self._threads, fn, *args)
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


def insert_ignore(c, table, **values) -> bool:
    """Insert a row into ``table`` in transaction ``c`` unless one with the same key exists
    (no error, the transaction goes on); whether it was inserted."""
    statement: Insert  # each dialect's own, with its own on_conflict_do_nothing
    if c.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert
        statement = pg_insert(table).values(**values).on_conflict_do_nothing()
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert
        statement = sqlite_insert(table).values(**values).on_conflict_do_nothing()
    return c.execute(statement.returning(literal_column("1"))).first() is not None


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
