"""Leases on the ``matches`` table: which instance runs a match's bots and timers
(PostgreSQL; SQLite has one instance)."""

from __future__ import annotations

from sqlalchemy import Boolean, func, or_, select, update

from ..models import matches
from ..status import LIVE
from .db import LIVE_LOCK, Database, _later


class Leases(Database):
    """Take, renew, take over and release matches' leases."""

    def _dead_owner(self):
        """SQL: the match's owner is an instance that no longer lives (nobody holds its
        `LIVE_LOCK`); PostgreSQL only (the lock is taken for this transaction only)."""
        return func.pg_try_advisory_xact_lock(LIVE_LOCK, func.hashtext(matches.c.owner),
                                              type_=Boolean)

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
                matches.c.owner == self.instance, matches.c.status.in_(LIVE))
                .values(lease_until=_later(seconds)).returning(matches.c.id)).scalars())

    def take_expired(self, seconds: float, limit: int = 200) -> list[str]:
        """Take over running matches whose holder's lease ran out or whose holder is dead
        (PostgreSQL only: SQLite has one instance)."""
        with self.engine.begin() as c:
            stale = select(matches.c.id).where(
                matches.c.status.in_(LIVE),
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
