"""One live match in memory: its stored row, the true state, its clients and what they are sent.

A client receives only its own seat's view, legal actions and log, each log entry worded by
the engine (`Game.event_text`) for that seat; the server never derives game text itself.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from dataclasses import dataclass, field

from mezquita.engine import LANGS, MezquitaError, State

from .store import MatchRow

HUMAN = "human"
OUTBOX = 64  # messages queued for one client before it counts as too slow and is dropped
LOG_TAIL = 200  # log entries sent with each update

__all__ = ["HUMAN", "LANGS", "Client", "Match", "MatchError", "hash_token"]


class MatchError(MezquitaError):
    """A request the match refuses (bad options, wrong moment, unknown seat...)."""


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Client:
    """One connection: its seat (``None`` for a spectator), language and outgoing queue."""

    seat: int | None
    lang: str = "en"
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(OUTBOX))

    def push(self, text: str | None) -> bool:
        """Queue a message (``None`` asks the sender to close); False if the queue is full."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True


class Match:
    """One match in memory: its stored row, the true state and the connected clients."""

    def __init__(self, row: MatchRow, state: State) -> None:
        self.row = row
        self.state = state
        self.game = state.game
        self.clients: set[Client] = set()
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.deadlines: dict[int, float] = {}  # seat -> epoch seconds of its timeout
        self.thinking: set[int] = set()  # seats whose bot move is being computed
        # seat -> turn since which it has been to move without moving itself: in a
        # simultaneous phase (Europa's tips) another seat's move does not make its click stale
        self.waiting_since: dict[int, int] = {}
        self.lock = asyncio.Lock()  # one action at a time: validated, stored, then applied

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or ``None``."""
        digest = hash_token(token)
        for seat, stored in enumerate(self.row.token_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
        return None

    def public(self) -> dict:
        """What anybody may know about the match (never tokens, never hidden values)."""
        online = {c.seat for c in self.clients}
        return {
            "id": self.id,
            "game": self.game.info.id,
            "name": self.game.info.name,
            "options": self.row.options,
            "status": self.status,
            "seats": [
                {"kind": kind, "joined": joined, "online": kind != HUMAN or seat in online,
                 "deadline": self.deadlines.get(seat)}
                for seat, (kind, joined) in enumerate(zip(self.row.seats, self.row.joined))
            ],
            "spectators": sum(1 for c in self.clients if c.seat is None),
            "turn_seconds": self.row.turn_seconds,
            "timeout_agent": self.row.timeout_agent,
            "result": self.row.result,
        }

    def log_for(self, seat: int | None, lang: str) -> list[dict]:
        """The latest log entries as ``seat`` may know them, each worded by the engine."""
        state = self.state
        start = max(0, len(state.events) - LOG_TAIL)
        return [self.worded(entry, lang) for entry in state.log(seat, start)]

    def worded(self, entry: dict, lang: str) -> dict:
        """A log entry with who made it (human, bot, timeout) and its text in ``lang``."""
        turn = entry["turn"]
        by = self.row.move_sources[turn] if entry["seat"] is not None and turn < len(
            self.row.move_sources) else None
        return {**entry, "by": by, "text": self.game.event_text(entry, lang)}

    def message(self, seat: int | None, lang: str) -> dict:
        """The update sent to a client of ``seat``: its view, legal actions and the log."""
        running = self.status == "running"
        legal = (self.state.legal_actions_json(seat, lang)
                 if seat is not None and running and self.row.seats[seat] == HUMAN else [])
        return {
            "type": "update",
            "match": self.public(),
            "you": seat,
            "turn": len(self.state.history),  # actions so far; echo it in "act" messages
            "view": self.state.view(seat),
            "legal": legal,
            "log": self.log_for(seat, lang),
            "breakdown": self.state.score_breakdown(lang) if self.state.is_terminal() else None,
            "server_time": time.time(),  # lets the page show turn timers without clock skew
        }
