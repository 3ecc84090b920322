"""Several server instances on one PostgreSQL database.

Every instance may serve any client of any match. The database arbitrates moves: a move is
stored at ``(match, turn)`` (the primary key), so two instances can never store different
moves at one turn; the loser's player is told its move was stale. Each match is *owned* by
one instance at a time, through a lease in its row (``owner``, ``lease_until``, renewed every
third of ``Settings.lease_seconds``): the owner runs its bots and turn timers. When an
instance dies its leases run out and the others take its matches over (`Hub.housekeeping`).

`Cluster` listens on the notification channel: every stored move, taken-back move, chat line
and seat change is announced by ``pg_notify`` in the transaction that stores it (``store/``),
and presence
(who is connected where) is announced here, for every match due in one statement; each
instance applies what the others did to its own copy of the matches it has loaded, and
catches up from the database after any gap.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

from .hub import Hub
from .match import PRESENCE_SECONDS, Match
from .schedule import stop_tasks
from .store import CHANNEL, StoreUnavailable, libpq_url, pg_guards

log = logging.getLogger("mezquita.server")
RECONNECT_SECONDS = (0.2, 5.0)


class Cluster:
    """This instance's link to the others: notifications in, presence out."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        self.instance = hub.store.instance
        self._tasks: set[asyncio.Task] = set()
        self._main: list[asyncio.Task] = []
        self._due: dict[str, Match] = {}  # matches whose presence is to be announced
        self._announcing = False
        self._own = f'{{"i":{json.dumps(self.instance)}'  # how our own notifications start
        self.connected = asyncio.Event()
        hub.cluster = self

    async def start(self) -> None:
        """Start listening (waits briefly for the first connection) and re-announcing."""
        self._main = [asyncio.create_task(self._listen()), asyncio.create_task(self._heartbeat())]
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(5.0):
                await self.connected.wait()

    async def _listen(self) -> None:
        import psycopg

        url = libpq_url(self.store.url)
        pause = RECONNECT_SECONDS[0]
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        url, autocommit=True, **pg_guards(self.store.db_seconds)) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    pause = RECONNECT_SECONDS[0]
                    if not first:  # notifications may have been missed meanwhile
                        for match in list(self.hub.matches.values()):
                            self._spawn(self.hub.refresh(match))
                    first = False
                    async for notice in conn.notifies():
                        self._receive(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                self.connected.clear()
                log.warning("notification link lost (%s); reconnecting", str(err)[:200])
                await asyncio.sleep(pause)
                pause = min(RECONNECT_SECONDS[1], 2 * pause)

    def _receive(self, payload: str) -> None:
        if payload.startswith(self._own):  # ours (every listener hears every notification)
            return
        try:
            data = json.loads(payload)
        except ValueError:
            return
        if data.get("i") == self.instance:
            return
        if data.get("k") == "chat":  # also said after the end, to a finished match
            self.hub.remote_chat(data.get("m"), data["line"])
            return
        match = self.hub.matches.get(data.get("m"))
        if match is None:
            return
        kind = data.get("k")
        if kind == "move":
            self._spawn(self.hub.remote_move(match.id, data["t"], data["s"], data["a"],
                                             data["b"], data.get("r")))
        elif kind == "undo":
            self._spawn(self.hub.remote_undo(match.id, data["t"], data["g"]))
        elif kind in ("head", "refresh"):
            self._spawn(self.hub.refresh(match))
        elif kind == "presence":
            match.remote[data["i"]] = (data["seats"], data["spectators"], time.monotonic())
            match.presence_version += 1
            text = json.dumps(match.presence(), separators=(",", ":"))
            for client in list(match.clients):
                client.push(text)

    def announce(self, match: Match) -> None:
        """Tell the other instances who is connected to ``match`` here (soon, with every
        other match due: one statement for all)."""
        self._due[match.id] = match
        if not self._announcing:
            self._announcing = True
            self._spawn(self._announce())

    async def _announce(self) -> None:
        try:
            while self._due:
                due, self._due = self._due, {}
                items = [(match.id, {"seats": sorted({c.seat for c in match.clients
                                                      if c.seat is not None}),
                                     "spectators": sum(1 for c in match.clients if c.seat is None)})
                         for match in due.values()]
                with contextlib.suppress(StoreUnavailable):
                    await self.store.call(self.store.notify, "presence", items)
        finally:
            self._announcing = False

    async def _heartbeat(self) -> None:
        """Re-announce presence so that it expires with a dead instance."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS / 3)
            for match in list(self.hub.matches.values()):
                if match.clients:
                    self.announce(match)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("applying another instance's change failed: %r", task.exception())

    async def close(self) -> None:
        """Stop listening."""
        await stop_tasks([*self._main, *self._tasks])
