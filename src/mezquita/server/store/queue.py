"""The ``queue`` table: players waiting for a quick match (``matchmaking.py`` pairs them).

Several instances share it: a pairing round reads the waiting entries ``FOR UPDATE SKIP
LOCKED`` (entries another instance is pairing are skipped) and, in the transaction that stores
the new matches, claims each paired entry with a conditional update (``... WHERE match_id IS
NULL``): an entry goes into one match only. One waiting entry per holder is a unique index.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..models import matches, queue
from ..status import MatchStatus
from .db import Database, StoreUnavailable, _aware, now


class Queue(Database):
    """Join, poll, leave, pair and expire queue entries (pairing stores matches with the
    ``matches`` table's `_insert`)."""

    def enqueue(self, entry: dict) -> bool:
        """Store a waiting ``entry`` (a row of ``queue``); False if its holder waits already."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(queue).values(**entry))
        except IntegrityError:
            return False
        return True

    def touch_entry(self, ticket_hash: str, at: datetime) -> dict | None:
        """The entry of ``ticket_hash`` (``None``: unknown), marked as seen at ``at``."""
        with self.engine.begin() as c:
            c.execute(update(queue).where(queue.c.ticket_hash == ticket_hash).values(seen_at=at))
            row = c.execute(select(queue).where(queue.c.ticket_hash == ticket_hash)
                            ).mappings().first()
        return {**row, "created_at": _aware(row["created_at"])} if row is not None else None

    def leave_queue(self, ticket_hash: str) -> bool | None:
        """Delete the waiting entry of ``ticket_hash``: True; False if it is paired already
        (kept); ``None`` if unknown."""
        with self.engine.begin() as c:
            if c.execute(delete(queue).where(queue.c.ticket_hash == ticket_hash,
                                             queue.c.match_id.is_(None))).rowcount:
                return True
            known = c.execute(select(queue.c.ticket_hash)
                              .where(queue.c.ticket_hash == ticket_hash)).first()
        return False if known else None

    def queues(self) -> list[tuple[str, int]]:
        """The ``(game, players)`` queues with somebody waiting."""
        with self.engine.connect() as c:
            return [tuple(r) for r in c.execute(select(queue.c.game, queue.c.players)
                                                .where(queue.c.match_id.is_(None)).distinct())]

    def pair_queue(self, game: str, players: int, at: datetime, pair: Callable,
                   lease_seconds: float) -> list:
        """One pairing round of the ``(game, players)`` queue in one transaction:
        ``pair(entries)`` (the waiting rows, oldest first) answers ``[(match, [(ticket hash,
        seat)])]``; each match is stored and its entries claimed. The matches made; if an
        entry was claimed meanwhile, `StoreUnavailable` and nothing is stored."""
        with self.engine.begin() as c:
            rows = c.execute(select(queue).where(queue.c.game == game, queue.c.players == players,
                                                 queue.c.match_id.is_(None))
                             .order_by(queue.c.created_at).limit(500)
                             .with_for_update(skip_locked=True)).mappings().all()
            made = pair([{**r, "created_at": _aware(r["created_at"])} for r in rows])
            for match, claims in made:
                self._insert(c, match.row, lease_seconds)
                for ticket_hash, seat in claims:
                    if c.execute(update(queue).where(queue.c.ticket_hash == ticket_hash,
                                                     queue.c.match_id.is_(None))
                                 .values(match_id=match.id, seat=seat, seen_at=at)).rowcount != 1:
                        raise StoreUnavailable("a queue entry was paired elsewhere; next round")
        return [match for match, _ in made]

    def expire_queue(self, at: datetime, idle: float, wait: float, keep: float) -> None:
        """Delete waiting entries not seen for ``idle`` seconds or waiting over ``wait``, and
        paired ones not seen for ``keep``."""
        with self.engine.begin() as c:
            c.execute(delete(queue).where(or_(
                queue.c.match_id.is_(None) & or_(
                    queue.c.seen_at < at - timedelta(seconds=idle),
                    queue.c.created_at < at - timedelta(seconds=wait)),
                queue.c.match_id.is_not(None) & (queue.c.seen_at < at - timedelta(seconds=keep)))))

    def expire_unjoined(self, before: datetime) -> list[str]:
        """Expire the quick matches made before ``before`` that are still open (a paired
        player never came) and forget their entries; their ids."""
        with self.engine.begin() as c:
            paired = select(queue.c.match_id).where(queue.c.match_id.is_not(None))
            ids = list(c.execute(update(matches).where(
                matches.c.status == MatchStatus.OPEN, matches.c.created_at < before,
                matches.c.id.in_(paired))
                .values(status=MatchStatus.EXPIRED, updated_at=now())
                .returning(matches.c.id)).scalars())
            if ids:
                c.execute(delete(queue).where(queue.c.match_id.in_(ids)))
                for match_id in ids:
                    self._notify(c, "head", match_id)
        return ids
