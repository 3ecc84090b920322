"""Presence and sockets: who is connected to a match, and the caps on connections."""

from __future__ import annotations

import asyncio
import json
import logging
import time

from .hubstate import HubState
from .match import Client, Match
from .status import MatchStatus

log = logging.getLogger("mezquita.server")

PRESENCE_EVERY = 0.5  # presence messages of one match are coalesced over this many seconds


class Presence(HubState):
    """`Hub`'s connections: sockets per address group, clients joining and leaving, presence."""

    def open_socket(self, address: str) -> bool:
        """Count a new WebSocket of the address group ``address``; False if a connection cap
        is reached."""
        count = self.sockets.get(address, 0)
        if (count >= self.settings.sockets_per_address
                or sum(self.sockets.values()) >= self.settings.sockets_total):
            return False
        self.sockets[address] = count + 1
        return True

    def close_socket(self, address: str) -> None:
        """Forget one WebSocket of the address group ``address``."""
        count = self.sockets.get(address, 1) - 1
        if count > 0:
            self.sockets[address] = count
        else:
            self.sockets.pop(address, None)

    async def join(self, match: Match, client: Client) -> None:
        """Connect ``client``; the first connection of every human seat starts the match.
        It gets a full update; the others hear only of the presence change."""
        seat = client.seat
        if seat is not None and not match.row.joined[seat]:
            async with match.lock:  # one seat change at a time (SQLite has no row locks)
                joined, status = await self.store.call(self.store.join_seat, match.id, seat)
                match.row.joined, match.row.status = joined, status
            match.clients.add(client)
            self.scheduler.schedule(match)
            match.changed()
        else:
            match.clients.add(client)
            match.active = time.monotonic()
            client.update()
        self.presence_changed(match)

    def leave(self, match: Match, client: Client) -> None:
        """Disconnect ``client``; a finished match nobody watches leaves memory."""
        match.clients.discard(client)
        if match.status == MatchStatus.FINISHED and not match.clients:
            self.matches.pop(match.id, None)
        else:
            self.presence_changed(match)

    def presence_changed(self, match: Match) -> None:
        """Send the clients of ``match`` a small presence message (at most one per
        ``PRESENCE_EVERY``) and tell the other instances."""
        if match.id in self._presence_due:
            return
        self._presence_due.add(match.id)
        asyncio.get_running_loop().call_later(PRESENCE_EVERY, self._send_presence, match)

    def _send_presence(self, match: Match) -> None:
        self._presence_due.discard(match.id)
        match.presence_version += 1
        text = json.dumps(match.presence(), separators=(",", ":"))
        for client in list(match.clients):
            client.push(text)
        if self.cluster is not None:
            self.cluster.announce(match)

    def broadcast(self, match: Match) -> None:
        """Wake every client of ``match``: each will be sent its own latest update."""
        match.changed()

    def send(self, match: Match, client: Client) -> None:
        """Send one client its update."""
        client.update()
