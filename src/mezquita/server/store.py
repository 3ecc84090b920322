"""Storage of matches: SQLite file by default, PostgreSQL by a ``postgresql://`` URL.

The schema is created and upgraded by the Alembic migrations shipped in
``mezquita/server/migrations``; `Store` runs them when it opens the database.
Every applied action is written before it is broadcast, so a crashed server loses nothing
that any player has seen. `MoveWriter` writes moves from a thread, in batches (one commit for
all moves that arrived meanwhile), so a slow commit never stalls the event loop.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, insert, select, update
from sqlalchemy.engine import Engine

from .models import matches, moves

DEFAULT_URL = "sqlite:///./mezquita.sqlite3"
_ADD_MOVE = insert(moves)  # built once: a move is written on every action


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
    turn_seconds: int
    timeout_agent: str
    status: str
    created_at: datetime
    result: dict | None = None
    actions: list[list[Any]] = field(default_factory=list)  # [seat, action JSON]
    move_sources: list[str] = field(default_factory=list)  # human, bot or timeout per action


def engine_for(url: str) -> Engine:
    """A SQLAlchemy engine for ``url`` (``postgresql://`` uses the psycopg 3 driver)."""
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cursor.execute("PRAGMA synchronous=NORMAL")  # durable across a process kill
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest shipped migration."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """Reads and writes matches and moves (synchronous; each call is one short transaction)."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        self.engine = engine_for(url)
        migrate(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def create(self, row: MatchRow) -> None:
        """Store a new match."""
        stamp = now()
        with self.engine.begin() as c:
            c.execute(insert(matches).values(
                id=row.id, game=row.game, options=row.options, seed=row.seed, seats=row.seats,
                token_hashes=row.token_hashes, joined=row.joined,
                turn_seconds=row.turn_seconds, timeout_agent=row.timeout_agent,
                status=row.status, created_at=row.created_at, updated_at=stamp,
            ))

    def add_moves(self, batch: list[Move]) -> None:
        """Append several actions in one transaction (with the status changes they bring)."""
        stamp = now()
        with self.engine.begin() as c:
            c.execute(_ADD_MOVE, [{"match_id": m.match_id, "turn": m.turn, "seat": m.seat,
                                   "action": m.action, "by": m.by, "at": stamp} for m in batch])
            for m in batch:
                if m.status is not None:  # the match row changes only with its status
                    c.execute(update(matches).where(matches.c.id == m.match_id).values(
                        status=m.status, updated_at=stamp, result=m.result,
                        finished_at=stamp if m.status == "finished" else None))

    def set_joined(self, match_id: str, joined: list[bool], status: str) -> None:
        """Record which human seats have connected, and the status that follows."""
        with self.engine.begin() as c:
            c.execute(update(matches).where(matches.c.id == match_id)
                      .values(joined=joined, status=status, updated_at=now()))

    def load(self, match_id: str) -> MatchRow | None:
        """The match ``match_id`` with its moves, or ``None``."""
        with self.engine.connect() as c:
            head = c.execute(select(matches).where(matches.c.id == match_id)).mappings().first()
            if head is None:
                return None
            rows = c.execute(select(moves.c.seat, moves.c.action, moves.c.by)
                             .where(moves.c.match_id == match_id)
                             .order_by(moves.c.turn)).all()
        return MatchRow(
            id=head["id"], game=head["game"], options=head["options"], seed=head["seed"],
            seats=head["seats"], token_hashes=head["token_hashes"], joined=head["joined"],
            turn_seconds=head["turn_seconds"], timeout_agent=head["timeout_agent"],
            status=head["status"], created_at=head["created_at"], result=head["result"],
            actions=[[seat, action] for seat, action, _ in rows],
            move_sources=[by for _, _, by in rows],
        )

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
                       matches.c.turn_seconds)
                .where(matches.c.status.in_(statuses))
                .order_by(matches.c.created_at.desc()).limit(limit)
            ).mappings().all()
        return [
            {"id": r["id"], "game": r["game"], "options": r["options"], "seats": r["seats"],
             "joined": r["joined"], "status": r["status"], "turn_seconds": r["turn_seconds"],
             "created_at": r["created_at"].isoformat()}
            for r in rows
        ]


class MoveWriter:
    """Stores moves from one background thread with group commit; ``await write(move)``
    returns once the move is durable."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="mezquita-db")
        self._pending: list[tuple[Move, asyncio.Future]] = []
        self._flushing = False

    async def write(self, move: Move) -> None:
        """Store ``move``; raises what the database raised if it could not be stored."""
        future = asyncio.get_running_loop().create_future()
        self._pending.append((move, future))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        await future

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    await loop.run_in_executor(self._thread, self.store.add_moves,
                                               [move for move, _ in batch])
                except Exception as err:  # every waiting mover hears of the failure
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(err)
                else:
                    for _, future in batch:
                        if not future.done():
                            future.set_result(None)
        finally:
            self._flushing = False

    def close(self) -> None:
        """Stop the writer thread (after the moves already handed over are written)."""
        self._thread.shutdown(wait=True)
