"""Housekeeping: resuming running matches at start, leases (PostgreSQL), expiring open
matches nobody joined and sessions past their time, and letting idle matches leave memory."""

from __future__ import annotations

import asyncio
import logging
import time

from mezquita.engine import MezquitaError

from .hubstate import HubState
from .status import MatchStatus
from .store import StoreUnavailable

log = logging.getLogger("mezquita.server")


class Housekeeping(HubState):
    """`Hub`'s background work."""

    async def resume(self) -> None:
        """Reload every running match this instance may run (after a restart)."""
        try:
            ids = await self.store.call(self.store.ids, (MatchStatus.RUNNING,), 10_000)
        except StoreUnavailable:
            log.warning("could not list running matches at start; the lease sweep will")
            return
        for match_id in ids:
            try:
                await self.get(match_id)
            except MezquitaError as err:
                log.error("match %s cannot be rebuilt from its record: %s", match_id, err)

    async def housekeeping(self) -> None:
        """Forever: renew and take over leases (PostgreSQL), expire open matches nobody
        joined, and let idle matches leave memory."""
        period = max(0.5, self.settings.lease_seconds / 3)
        last_expiry = 0.0
        while True:
            await asyncio.sleep(period)
            try:
                if self.store.postgres:
                    await self._leases()
                if time.monotonic() - last_expiry > min(60.0, self.settings.open_seconds / 4):
                    last_expiry = time.monotonic()
                    for match_id in await self.store.call(self.store.expire_open,
                                                          self.settings.open_seconds):
                        self.expired(match_id)
                    await self.store.call(self.store.end_expired_sessions)
                await self._evict()
            except StoreUnavailable:
                continue
            except Exception:
                log.exception("housekeeping failed")

    async def _leases(self) -> None:
        held = await self.store.call(self.store.renew, self.settings.lease_seconds)
        for match in self.matches.values():
            if match.owned and match.id not in held:
                match.owned = False  # another instance took it (we were stalled)
                self.scheduler.cancel_timers(match)
        for match_id in await self.store.call(self.store.take_expired,
                                              self.settings.lease_seconds):
            try:
                await self._take_over(match_id)
            except StoreUnavailable:
                raise
            except MezquitaError as err:  # a broken record holds back no other match
                log.error("match %s cannot be rebuilt from its record: %s", match_id, err)

    async def _take_over(self, match_id: str) -> None:
        """Run ``match_id``'s bots and timers here (its lease is ours now): load it, or bring
        our copy up to the stored record; `MezquitaError` if the record does not replay."""
        match = self.matches.get(match_id)
        if match is None:
            await self.get(match_id)
            match = self.matches.get(match_id)
            if match is None:  # finished or gone meanwhile
                return
        else:
            await self.refresh(match)
        match.owned = True
        log.info("took over match %s", match_id)
        self.scheduler.schedule(match)

    def expired(self, match_id: str) -> None:
        """An open match nobody joined in time: tell its clients, free it."""
        match = self.matches.pop(match_id, None)
        if match is not None:
            match.row.status = MatchStatus.EXPIRED
            self.scheduler.cancel_timers(match)
            match.changed()

    async def _evict(self) -> None:
        horizon = time.monotonic() - self.settings.idle_seconds
        idle = [m for m in self.matches.values()
                if not m.clients and not m.thinking and not m.timers and not m.lock.locked()
                and (m.active < horizon or m.status == MatchStatus.FINISHED)]
        for match in idle:
            del self.matches[match.id]
        owned = [m.id for m in idle if m.owned]
        if owned and self.store.postgres:
            await self.store.call(self.store.release, owned)
