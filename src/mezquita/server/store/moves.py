"""The ``moves`` table: a match's applied actions, and `MoveWriter`, which stores them from
its own thread in batches (one commit for all moves that arrived meanwhile), retrying with
backoff while the database is away. Every applied action is written before it is broadcast,
so a crashed server loses nothing that any player has seen. On PostgreSQL a batch is one
prepared statement on the writer's own connection (stored, status changed and announced in
one round trip).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from mezquita.engine import MezquitaError

from ..models import matches, moves
from ..status import MatchStatus
from .db import _PG_NOTIFY, Database, StoreUnavailable, _lock_timeout, now

log = logging.getLogger("mezquita.server")
RETRY = (0.05, 0.5)  # first and longest pause between retries of a failed write
_ADD_MOVE = insert(moves)  # built once: a move is written on every action
#: PostgreSQL: a batch of moves in one statement (one implicit transaction): the moves, the
#: status changes they bring and their notifications (sent at commit, in order); parameters
#: in binary (``%(x)b``: arrays of text need no quoting, a third of the client's CPU)
_PG_MOVES = f"""
WITH stored AS (
    INSERT INTO moves (match_id, turn, seat, action, "by", at)
    SELECT m, t, s, a, b, %(at)b
    FROM unnest(%(m)b::text[], %(t)b::int[], %(s)b::int[], %(a)b::json[], %(b)b::text[])
        AS u(m, t, s, a, b)
), ended AS (
    UPDATE matches SET status = e.st, updated_at = %(at)b, result = e.r,
        finished_at = CASE WHEN e.st = '{MatchStatus.FINISHED}' THEN %(at)b::timestamptz END
    FROM unnest(%(em)b::text[], %(est)b::text[], %(er)b::json[]) AS e(m, st, r)
    WHERE matches.id = e.m
)
""" + _PG_NOTIFY


class MoveConflict(MezquitaError):
    """Another move was stored first at this turn (by another instance)."""


@dataclass
class Move:
    """One action to store, with the match's new status (and result) when it changes."""

    match_id: str
    turn: int
    seat: int
    action: Any
    by: str  # human, bot or timeout
    status: MatchStatus | None = None
    result: dict | None = None


class Moves(Database):
    """Appends and reads moves (a last move rates its match: `Store` has `Ratings._rate`)."""

    def add_moves(self, batch: list[Move]) -> None:
        """Append several actions (with the status changes they bring); a match's last move
        is stored with its rating (`Ratings._rate`) in one transaction."""
        if not self.postgres:
            self._add_moves_sql(batch)
            return
        ends = [m for m in batch if m.status == MatchStatus.FINISHED]
        if len(ends) < len(batch):
            self._add_moves_pg([m for m in batch if m.status != MatchStatus.FINISHED])
        if ends:  # after the others: a match's last move comes after its earlier ones
            self._add_moves_sql(ends)

    def _add_moves_sql(self, batch: list[Move]) -> None:
        """`add_moves` in one SQLAlchemy transaction, ratings and notifications included."""
        stamp = now()
        with self.engine.begin() as c:
            c.execute(_ADD_MOVE, [{"match_id": m.match_id, "turn": m.turn, "seat": m.seat,
                                   "action": m.action, "by": m.by, "at": stamp} for m in batch])
            for m in batch:
                if m.status is not None:  # the match row changes only with its status
                    c.execute(update(matches).where(matches.c.id == m.match_id).values(
                        status=m.status, updated_at=stamp, result=m.result,
                        finished_at=stamp if m.status == MatchStatus.FINISHED else None))
                if m.status == MatchStatus.FINISHED:
                    assert m.result is not None  # a last move carries the match's result
                    self._rate(c, m.match_id, m.result["returns"])
                self._notify(c, "move", m.match_id, t=m.turn, s=m.seat, a=m.action, b=m.by,
                             st=m.status, r=m.result)

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

    def take_back(self, match_id: str, turns: list[int], total: int) -> None:
        """Delete the stored moves ``turns`` (newest first) of ``match_id``, which has ``total`` moves, and
        number the later ones on without gaps, in one transaction (announced to the other
        instances as ``undo``); raise `MoveConflict` and change nothing if another move was
        stored meanwhile. The match row is locked first: a move stored at the same time waits
        for it (its foreign key shares that row)."""
        gone = sorted(turns)
        with self.engine.begin() as c:
            c.execute(select(matches.c.id).where(matches.c.id == match_id).with_for_update())
            stored = c.execute(select(func.count()).select_from(moves)
                               .where(moves.c.match_id == match_id)).scalar_one()
            if stored != total:
                raise MoveConflict("another move was stored first")
            c.execute(delete(moves).where(moves.c.match_id == match_id, moves.c.turn.in_(gone)))
            for turn in range(gone[0] + 1, total):  # upwards: each new number is free by then
                before = sum(1 for g in gone if g < turn)
                if turn not in gone:
                    c.execute(update(moves).where(moves.c.match_id == match_id, moves.c.turn == turn)
                              .values(turn=turn - before))
            self._notify(c, "undo", match_id, t=total, g=turns)

    def stored_move(self, match_id: str, turn: int) -> tuple[int, Any, str] | None:
        """The stored ``(seat, action, by)`` of ``turn``, or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(moves.c.seat, moves.c.action, moves.c.by).where(
                moves.c.match_id == match_id, moves.c.turn == turn)).first()
        return tuple(row) if row is not None else None

    def moves_from(self, match_id: str, turn: int) -> list[tuple[int, Any, str]]:
        """Stored ``(seat, action, by)`` from ``turn`` on."""
        with self.engine.connect() as c:
            return [tuple(r) for r in c.execute(
                select(moves.c.seat, moves.c.action, moves.c.by)
                .where(moves.c.match_id == match_id, moves.c.turn >= turn)
                .order_by(moves.c.turn)).all()]


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

    def __init__(self, store: Moves) -> None:
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
