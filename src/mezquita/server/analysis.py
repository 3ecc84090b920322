"""Hints and post-game reviews over HTTP (docs/review.md), computed in one worker (a process
by default, like replays), never on the event loop.

- ``GET /api/matches/{id}/review?seat=N&lang=xx``: the review of one seat of a finished match
  (at the end everything is public, so anybody may ask), built once per (match, seat,
  language) and cached.
- ``POST /api/matches/{id}/hint`` with ``{"seat", "token", "lang"}``: the analyst's best three
  moves for the seat to move, asked with that seat's own token (a hint tells what the seat
  holds); refused in a rated match, and one at a time per seat.

Both come from the seat's view only (`mezquita.analysis`); the worker rebuilds the position from
the match's record.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from fastapi import FastAPI, HTTPException, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from mezquita.agents import Turn
from mezquita.analysis import hint, review
from mezquita.engine import Record

from .bots import _die_with_parent
from .hub import Hub
from .limits import SlidingWindow
from .match import Match
from .ws import language

CACHED = 256  # reviews kept (match, seat, language)
#: analyses (reviews not yet cached, hints) one address may ask for per window of seconds:
#: each costs the worker up to seconds of search (docs/review.md)
ANALYSIS_RATE = (6, 60.0)


class HintRequest(BaseModel):
    """A seat asking for a hint with its own secret token."""

    model_config = ConfigDict(extra="forbid")

    seat: StrictInt = Field(ge=0, le=16)
    token: str = Field(min_length=1, max_length=100)
    lang: str = Field(default="en", max_length=8)


def record_of(match: Match) -> Record:
    """The record of a match's actions so far (a copy: play goes on while the worker reads)."""
    row = match.row
    return Record(row.game, row.options, row.seed, [list(a) for a in row.actions],
                  version=match.state.game.info.version)


def build_review(record: Record, seat: int, lang: str) -> bytes:
    """The review of ``seat`` in a finished match's record as JSON (run in the worker)."""
    return json.dumps(review(record, seat).to_json(lang), separators=(",", ":")).encode()


def build_hint(record: Record, seat: int, lang: str) -> list[dict]:
    """The hint for ``seat`` in the position the record has reached (run in the worker)."""
    return [s.to_json() for s in hint(Turn.of(record.replay(), seat), lang=lang)]


class Analyst:
    """The worker (``kind``: ``"process"`` or ``"thread"``) with the review cache."""

    def __init__(self, kind: str = "process") -> None:
        self.kind = kind
        self._executor: Executor | None = None
        self._cache: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()
        self._running: dict[tuple, asyncio.Future] = {}

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                self._executor = ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_die_with_parent, initargs=(os.getpid(),))
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="analysis")
        return self._executor

    def cached(self, match_id: str, seat: int, lang: str) -> bool:
        """Whether that review is cached (sending it costs no search)."""
        return (match_id, seat, lang) in self._cache

    async def review(self, match: Match, seat: int, lang: str) -> bytes:
        """The cached review of ``seat`` in finished ``match``; concurrent requests share one build."""
        key = (match.id, seat, lang)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        building = self._running.get(key)
        if building is None:
            building = self._start(key, build_review, record_of(match), seat, lang)
            building.add_done_callback(lambda f: self._keep(key, f))
        return await asyncio.shield(building)

    async def hint(self, match: Match, seat: int, lang: str) -> list[dict]:
        """A hint for ``seat``; raises `KeyError` while one is already being computed for it."""
        key = ("hint", match.id, seat)
        if key in self._running:
            raise KeyError(key)
        return await self._start(key, build_hint, record_of(match), seat, lang)

    def _start(self, key: tuple, build: Callable, *args) -> asyncio.Future:
        future = self._running[key] = asyncio.get_running_loop().run_in_executor(self._pool(), build, *args)
        future.add_done_callback(lambda _f: self._running.pop(key, None))
        return future

    def _keep(self, key: tuple[str, int, str], future: asyncio.Future) -> None:
        if not future.cancelled() and future.exception() is None:
            self._cache[key] = future.result()
            while len(self._cache) > CACHED:
                self._cache.popitem(last=False)

    def close(self) -> None:
        """Stop the worker."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def add_routes(app: FastAPI, hub: Hub, find: Callable[[Hub, str], Awaitable[Match]]) -> Analyst:
    """Add the review and hint endpoints to ``app``; ``find(hub, id)`` gets a match or raises
    404. Returns the `Analyst` (close it at shutdown)."""
    analyst = Analyst(hub.replays.kind)
    asked = SlidingWindow(*ANALYSIS_RATE)

    def spend(request: Request) -> None:
        host = request.client.host if request.client else "?"
        if not asked.allow(host):
            raise HTTPException(429, "too many analyses asked for; wait a minute")
        asked.record(host)

    def check_seat(match: Match, seat: int) -> None:
        players = len(match.row.seats)
        if not 0 <= seat < players:
            raise HTTPException(422, f"there is no seat {seat} in this {players}-player match")

    @app.get("/api/matches/{match_id}/review")
    async def match_review(match_id: str, request: Request, seat: int = Query(..., ge=0, le=16),
                           lang: str = Query("en", max_length=8)) -> dict:
        """Every decision of ``seat`` in a finished match, valued by the analyst (docs/review.md)."""
        match = await find(hub, match_id)
        check_seat(match, seat)
        if match.status != "finished":
            raise HTTPException(409, "only finished matches can be reviewed")
        lang = language(lang)
        if not analyst.cached(match.id, seat, lang):
            spend(request)
        return json.loads(await analyst.review(match, seat, lang))

    @app.post("/api/matches/{match_id}/hint")
    async def match_hint(match_id: str, body: HintRequest, request: Request) -> dict:
        """The analyst's best three moves for the asking seat (its own token), in an unrated match."""
        match = await find(hub, match_id)
        check_seat(match, body.seat)
        if match.seat_of(body.token) != body.seat:
            raise HTTPException(403, "a hint is given only to the seat's own player (its token)")
        # Rated matches do not exist yet; a match that says it is rated gets no hint.
        if getattr(match.row, "rated", False):
            raise HTTPException(403, "no hints in a rated match")
        if match.status == "finished" or body.seat not in match.state.to_move():
            raise HTTPException(409, "a hint is given only to a seat that is to move now")
        spend(request)
        try:
            suggestions = await analyst.hint(match, body.seat, language(body.lang))
        except KeyError:
            raise HTTPException(429, "a hint for this seat is being computed; wait for it") from None
        return {"seat": body.seat, "turn": len(match.row.actions), "suggestions": suggestions}

    return analyst
