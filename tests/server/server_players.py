"""A synchronous WebSocket player for the tests that run real server processes."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack

import httpx
import sqlalchemy as sa
from websockets.sync.client import connect

from mezquita.server.launch import ServerProcess
from mezquita.server.store import engine_for


def claim_all(post, made: dict) -> dict:
    """Claim every invitation of a creation answer (as the invited players would), putting
    each claimed seat's token where the creator's own is: ``made["seats"][i]["token"]``."""
    for seat in made["seats"]:
        if seat.get("invite"):
            answer = post(f"/api/matches/{made['id']}/claim", json={"invite": seat["invite"]})
            assert answer.status_code == 200, answer.text
            assert answer.json()["seat"] == seat["seat"]
            seat["token"] = answer.json()["token"]
    return made


def claimed_match(made_on: ServerProcess, body: dict,
                  claimed_on: ServerProcess | None = None) -> dict:
    """A match created on the server process ``made_on`` from ``body``, with every
    invitation claimed (on ``claimed_on``, by default the same process)."""
    made = httpx.post(f"{made_on.url}/api/matches", json=body).json()
    claimer = (claimed_on or made_on).url
    return claim_all(lambda path, **kw: httpx.post(claimer + path, **kw), made)


def end_live_matches(db_url: str) -> None:
    """Mark every open or running match of a test database finished: the earlier tests'
    leftovers (bots still playing) would otherwise be taken over by the servers a test starts,
    and their work be timed with the test's own."""
    engine = engine_for(db_url)
    try:
        with engine.begin() as db:
            if sa.inspect(db).has_table("matches"):  # a fresh database has no leftovers
                db.execute(sa.text("update matches set status = 'finished' "
                                   "where status in ('open', 'running')"))
    finally:
        engine.dispose()


class Player:
    """A synchronous WebSocket client of one seat (or a spectator), on one instance."""

    def __init__(self, stack: ExitStack, server: ServerProcess, match_id: str,
                 token: str | None, cookie: str | None = None) -> None:
        headers = {"Cookie": cookie} if cookie else None  # an account's session
        self.ws = stack.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}",
                    additional_headers=headers))
        self.ws.send(json.dumps({"type": "hello", **({"token": token} if token else {})}))
        self.presence: dict | None = None
        self.chat: list[dict] = []  # chat lines heard, in order
        self.last: dict = {}
        self.until(lambda m: True)

    def until(self, check, timeout: float = 20) -> dict:
        """The first update (the last one, or one still to come within ``timeout`` seconds
        in all, presence messages notwithstanding) for which ``check(update)`` holds."""
        deadline = time.monotonic() + timeout
        while not (self.last.get("type") == "update" and check(self.last)):
            message = json.loads(self.ws.recv(max(0.0, deadline - time.monotonic())))
            if message["type"] == "presence":
                self.presence = message
            elif message["type"] == "chat":
                self.chat.extend(message["lines"])
            else:
                assert message["type"] == "update", message
                self.last = message
        return self.last

    def hear(self, check, timeout: float = 20) -> dict:
        """The first chat line heard (now or next) for which ``check(line)`` holds."""
        while True:
            for line in self.chat:
                if check(line):
                    return line
            message = json.loads(self.ws.recv(timeout))
            if message["type"] == "chat":
                self.chat.extend(message["lines"])
            elif message["type"] == "update":
                self.last = message

    def seen_online(self, seat: int, timeout: float = 10) -> bool:
        """Whether a presence message shows ``seat`` online (waiting for one if needed)."""
        while not (self.presence and self.presence["online"][seat]):
            message = json.loads(self.ws.recv(timeout))
            if message["type"] == "presence":
                self.presence = message
            elif message["type"] == "update":
                self.last = message
        return True

    def play(self) -> tuple[int, dict]:
        """Play the first legal move; return (turn, action) once the server acknowledges it."""
        turn, action = self.last["turn"], self.last["legal"][0]["action"]
        self.ws.send(json.dumps({"type": "act", "action": action, "turn": turn}))
        self.until(lambda m: m["turn"] > turn)
        return turn, action
