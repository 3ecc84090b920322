"""`Hub`: the server-side authority over every live match of one server instance.

It creates matches, rebuilds them from their stored record on demand, applies actions
(persisting each one before anybody hears of it) and wakes each connected client, which is
then sent its own latest update. Nothing slow runs on the event loop: database calls go
through `Store.call` / `MoveWriter`, records are replayed in a thread, replays are built in
a worker and cached. Bots and clocks are the `Scheduler`'s; several instances on one
PostgreSQL coordinate through leases and notifications (``cluster.py``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

from .bots import BotPool
from .chat import Chat
from .errors import MatchError
from .housekeeping import Housekeeping
from .leaving import Leaving
from .limits import Limiter, Settings
from .match import Match
from .notices import Delivery, Notices
from .play import Play, rebuilt
from .presence import Presence
from .replay import ReplayBuilder
from .schedule import Scheduler
from .seating import Seating
from .status import MatchStatus
from .store import MoveWriter, Store

log = logging.getLogger("mezquita.server")

FINISHED_KEPT = 64  # finished matches kept in memory for details and spectators


class Hub(Seating, Play, Leaving, Presence, Housekeeping, Chat, Notices):
    """All live matches of one server instance, backed by a `Store` and a `BotPool`: lobby
    and seating (``seating.py``), live play (``play.py``), resigning and seats out of time
    (``leaving.py``), presence and sockets (``presence.py``), housekeeping and leases
    (``housekeeping.py``), chat (``chat.py``), turn notices (``notices.py``); here, loading.
    The attributes the parts share are declared in `HubState` (``hubstate.py``)."""

    def __init__(self, store: Store, pool: BotPool, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.writer = MoveWriter(store)
        self.pool = pool
        self.replays = ReplayBuilder(pool.kind)
        self.matches = {}
        self.finished: OrderedDict[str, Match] = OrderedDict()
        self._loading: dict[str, asyncio.Future] = {}
        self.scheduler = Scheduler(pool, self.act, self.time_out, self.live,
                                   self.settings.write_patience)
        self.sockets = {}
        self.limiter = Limiter(self.settings.table())
        self.delivery = Delivery(self.settings.smtp, self.settings.mail_from,
                                 self.settings.webhook_private)
        self._renames = {}
        self._claims = asyncio.Lock()
        self._presence_due = set()
        self.cluster = None

    def live(self, match_id: str) -> Match | None:
        """The loaded match ``match_id`` (never touches the database)."""
        return self.matches.get(match_id) or self.finished.get(match_id)
    async def get(self, match_id: str) -> Match | None:
        """The live match ``match_id``, rebuilt from its stored record if not loaded yet
        (the database read and the replay run off the event loop, once for all callers)."""
        match = self.live(match_id)
        if match is not None:
            if match_id in self.finished:
                self.finished.move_to_end(match_id)
            return match
        if not isinstance(match_id, str) or not 0 < len(match_id) <= 32:
            return None
        pending = self._loading.get(match_id)
        if pending is None:
            pending = self._loading[match_id] = asyncio.ensure_future(self._load(match_id))
            pending.add_done_callback(lambda _: self._loading.pop(match_id, None))
        return await asyncio.shield(pending)

    async def _load(self, match_id: str) -> Match | None:
        row = await self.store.call(self.store.load, match_id)
        if row is None:
            return None
        state, clocks = await rebuilt(row)
        if self.live(match_id) is not None:  # loaded meanwhile (e.g. a remote move)
            return self.live(match_id)
        match = Match(row, state)
        match.clocks = clocks
        if row.status == MatchStatus.FINISHED:  # kept a while for details and spectators
            self.finished[match_id] = match
            while len(self.finished) > FINISHED_KEPT:
                self.finished.popitem(last=False)
            return match
        self.matches[match_id] = match
        if self.store.postgres:
            match.owned = await self.store.call(self.store.acquire, match_id,
                                                self.settings.lease_seconds)
            # what another instance announced while we were loading found no match here to
            # apply it to: read it now that announcements reach this copy
            await self.refresh(match)
        self.scheduler.schedule(match)
        return match

    async def replay(self, match_id: str, lang: str, viewer: int | None = None) -> bytes:
        """The replay of finished ``match_id`` in ``lang``, from seat ``viewer`` (None: all),
        as JSON bytes (built once, cached)."""
        match = await self.get(match_id)
        if match is None:
            raise KeyError(match_id)
        if match.status != MatchStatus.FINISHED:
            raise MatchError("only finished matches can be replayed")
        if viewer is not None and not 0 <= viewer < len(match.row.seats):
            raise MatchError(f"there is no seat {viewer} in this match")
        return await self.replays.get(match.row, lang, viewer)

    def start(self) -> None:
        """At server start: resume running matches in the background, warm the bot pool,
        start the housekeeping (expiry, eviction, leases)."""
        self.scheduler.spawn(self.resume())
        self.scheduler.spawn(self.housekeeping())
        self.pool.warm()

    async def close(self) -> None:
        """Stop clock deadlines and pending bot moves."""
        for match in self.matches.values():
            self.scheduler.cancel_timers(match)
        await self.scheduler.close()
        self.writer.close()
        self.replays.close()
