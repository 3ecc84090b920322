"""Hints and post-game reviews over HTTP (docs/review.md), computed in one worker (a process
by default, like replays), never on the event loop.

- ``GET /api/matches/{id}/review?seat=N&lang=xx``: the review of one seat of a finished match
  (at the end everything is public, so anybody may ask), built once per (match, seat,
  language) and cached. While it is being built the answer is 202 with its progress
  (``{"building": true, "done": k, "total": n}``, decisions reviewed so far): ask again.
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
import queue
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from mezquita.agents import Turn
from mezquita.analysis import hint, review
from mezquita.engine import Record

from .bots import _die_with_parent
from .hub import Hub
from .limits import address_group
from .match import Match
from .replay import Results
from .status import MatchStatus
from .ws import language

CACHED = 256  # reviews kept (match, seat, language)
#: seconds a review request waits for the build before answering with its progress
REVIEW_WAIT = 2.0


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


Report = tuple[tuple, int, int]  # a review's progress: its key, decisions done, decisions in all

#: a worker process's channel for progress reports (a multiprocessing queue, set by
#: `_start_worker`; a queue cannot be sent with each task, only handed to a new process)
_progress: Any = None


def _start_worker(parent: int, progress) -> None:
    """Worker initializer: die with the server, report progress on ``progress``."""
    global _progress
    _die_with_parent(parent)
    _progress = progress


def build_review(key: tuple, record: Record, seat: int, lang: str, channel: Any = None) -> bytes:
    """The review of ``seat`` in a finished match's record as JSON, reporting ``(key, done,
    total)`` after each decision on ``channel`` (default: the worker process's)."""
    channel = channel or _progress

    def report(done: int, total: int) -> None:
        if channel is not None:
            channel.put((key, done, total))

    return json.dumps(review(record, seat, on_step=report).to_json(lang), separators=(",", ":")).encode()


def build_hint(record: Record, seat: int, lang: str) -> list[dict]:
    """The hint for ``seat`` in the position the record has reached (run in the worker)."""
    return [s.to_json() for s in hint(Turn.of(record.replay(), seat), lang=lang)]


class Analyst:
    """The worker (``kind``: ``"process"`` or ``"thread"``) with the review cache."""

    def __init__(self, kind: str = "process") -> None:
        self.kind = kind
        self._executor: Executor | None = None
        self._cache = Results(CACHED)
        self._running: dict[tuple, asyncio.Future] = {}
        self._progress: dict[tuple, tuple[int, int]] = {}
        # the queue the worker reports progress on: (review key, done, total)
        self._reports: multiprocessing.queues.Queue[Report] | queue.SimpleQueue[Report] | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                context = multiprocessing.get_context("spawn")
                self._reports = context.Queue()
                self._executor = ProcessPoolExecutor(1, mp_context=context, initializer=_start_worker,
                                                     initargs=(os.getpid(), self._reports))
            else:  # a thread is handed the queue with each task
                self._reports = queue.SimpleQueue()
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="analysis")
        return self._executor

    def progress(self, match_id: str, seat: int, lang: str) -> tuple[int, int] | None:
        """``(done, total)`` of that review while it is being built, else None."""
        key = (match_id, seat, lang)
        if key not in self._running:
            return None
        while self._reports is not None:
            try:
                reported, done, total = self._reports.get_nowait()
            except queue.Empty:
                break
            if reported in self._running:
                self._progress[reported] = (done, total)
        return self._progress.get(key, (0, 0))

    def kept(self, match_id: str, seat: int, lang: str) -> bytes | None:
        """That review if it is cached (sending it costs no search), else None."""
        return self._cache.get((match_id, seat, lang))

    async def review(self, match: Match, seat: int, lang: str, wait: float) -> bytes | None:
        """The review of ``seat`` in finished ``match``: cached, or built (one build however
        many ask); None if it is not ready within ``wait`` seconds (ask `progress`)."""
        key = (match.id, seat, lang)
        if (kept := self._cache.get(key)) is not None:
            return kept
        building = self._running.get(key)
        if building is None:
            self._pool()
            channel = self._reports if self.kind != "process" else None
            building = self._start(key, build_review, key, record_of(match), seat, lang, channel)
            building.add_done_callback(lambda f: self._keep(key, f))
        try:
            async with asyncio.timeout(wait):
                return await asyncio.shield(building)
        except TimeoutError:
            return None

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
        self._progress.pop(key, None)
        self._cache.keep(key, future)

    def close(self) -> None:
        """Stop the worker."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def add_routes(app: FastAPI, hub: Hub, find: Callable[[Hub, str], Awaitable[Match]]) -> Analyst:
    """Add the review and hint endpoints to ``app``; ``find(hub, id)`` gets a match or raises
    404. Returns the `Analyst` (close it at shutdown)."""
    analyst = Analyst(hub.replays.kind)
    def spend(request: Request) -> None:
        """Count one analysis against the address group's ``analysis`` rate (`limits.LIMITS`)."""
        group = address_group(request.client.host if request.client else "?")
        if hub.limiter.take("analysis", group=group):
            raise HTTPException(429, "too many analyses asked for; wait a minute")

    def check_seat(match: Match, seat: int) -> None:
        players = len(match.row.seats)
        if not 0 <= seat < players:
            raise HTTPException(422, f"there is no seat {seat} in this {players}-player match")

    @app.get("/api/matches/{match_id}/review")
    async def match_review(match_id: str, request: Request, seat: int = Query(..., ge=0, le=16),
                           lang: str = Query("en", max_length=8),
                           wait: float = Query(REVIEW_WAIT, ge=0, le=REVIEW_WAIT)) -> Response:
        """Every decision of ``seat`` in a finished match, valued by the analyst (docs/review.md);
        202 with the progress while it is being built (after waiting up to ``wait`` seconds)."""
        match = await find(hub, match_id)
        check_seat(match, seat)
        if match.status != "finished":
            raise HTTPException(409, "only finished matches can be reviewed")
        lang = language(lang)
        if analyst.progress(match.id, seat, lang) is None and analyst.kept(match.id, seat, lang) is None:
            spend(request)  # a new build; asking how one goes costs nothing
        body = await analyst.review(match, seat, lang, wait) or analyst.kept(match.id, seat, lang)
        if body is None:  # (a build that ended just after the wait is kept by now: its result)
            done, total = analyst.progress(match.id, seat, lang) or (0, 0)
            return JSONResponse({"building": True, "done": done, "total": total}, status_code=202)
        return Response(body, media_type="application/json")

    @app.post("/api/matches/{match_id}/hint")
    async def match_hint(match_id: str, body: HintRequest, request: Request) -> dict:
        """The analyst's best three moves for the asking seat (its own token), in an unrated match."""
        match = await find(hub, match_id)
        check_seat(match, body.seat)
        if match.seat_of(body.token) != body.seat:
            raise HTTPException(403, "a hint is given only to the seat's own player (its token)")
        if match.rated:
            raise HTTPException(403, "no hints in a rated match")
        if match.status == MatchStatus.FINISHED or body.seat not in match.state.to_move():
            raise HTTPException(409, "a hint is given only to a seat that is to move now")
        spend(request)
        try:
            suggestions = await analyst.hint(match, body.seat, language(body.lang))
        except KeyError:
            raise HTTPException(429, "a hint for this seat is being computed; wait for it") from None
        return {"seat": body.seat, "turn": len(match.row.actions), "suggestions": suggestions}

    return analyst
