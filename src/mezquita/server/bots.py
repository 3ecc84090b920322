"""Bots in matches, computed off the event loop so a thinking bot never delays other matches.

A `BotPool` sends ``(game, options, state JSON, seat, agent name, seed)`` to a worker, which
rebuilds the state there and hands the agent only ``Turn.of(state, seat)``. Processes are the
default (a search bot holds the GIL); threads are available for light bots and tests.
The pool is created on first use, so starting the server stays instant.

Workers die with the server: each asks Linux to kill it when its parent dies
(``PR_SET_PDEATHSIG``) and also watches its parent's pid, so neither kill -9 nor SIGTERM of the
server leaves a worker behind; `BotPool.shutdown` stops them within a bounded time.

Capacity is shared fairly (`BotPool.choose`): decisions wait in one queue where matches with a
human go first; at most ``per_creator`` decisions of one creator run at once, and bots-only
matches never take the last worker, which stays free for matches with a human.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import heapq
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from mezquita.agents import Turn, make_agent
from mezquita.agents.levels import LEVELS as NAMED_LEVELS
from mezquita.agents.levels import levels_of
from mezquita.agents.registry import FACTORIES
from mezquita.engine import Game, load

#: Levels offered in the lobby for agent families that take one (``mcts-200``).
LEVELS: dict[str, tuple[int, ...]] = {"mcts": (50, 200, 1000), "ismcts": (100, 1000), "omcts": (100, 1000)}


@lru_cache(maxsize=64)
def _game(game_id: str, options_key: tuple) -> Game:
    return load(game_id, **dict(options_key))


def options_key(options: dict[str, Any]) -> tuple:
    """A hashable form of a game's options (tuples stay tuples, lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))


def choose_action(game_id: str, options: tuple, state: dict, seat: int, agent: str,
                  seed: int) -> int:
    """Run in a worker: the action id ``agent`` plays for ``seat`` (it sees only its Turn)."""
    game = _game(game_id, options)
    truth = game.state_from_json(state)
    return make_agent(agent, game, seed).act(Turn.of(truth, seat))


def _warm_up() -> None:
    """Run in a fresh worker: import every registered game."""
    from mezquita.engine import games

    games()


PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
WATCH_SECONDS = 0.5  # how often a worker checks that its server still runs
STOP_SECONDS = 2.0  # a graceful stop waits this long for thinking workers, then kills them


def _die_with_parent(parent: int) -> None:
    """Worker initializer: end this process when the server process ``parent`` ends."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the server died before the line above ran
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="watch-parent").start()


def agent_names(game: Game) -> list[str]:
    """The bot names the lobby offers for ``game``: the game's difficulty levels first, weakest
    first, then the other families (with their budgets from `LEVELS`)."""
    names = list(levels_of(game))
    for family in (f for f in FACTORIES if f not in NAMED_LEVELS):
        candidates = [f"{family}-{n}" for n in LEVELS[family]] if family in LEVELS else [family]
        for name in candidates:
            try:
                make_agent(name, game, 0)
            except Exception:  # a bot that cannot play this game is simply not offered
                continue
            names.append(name)
    return names


@dataclass(order=True)
class _Request:
    """One decision waiting for a worker (ordered: humans first, then oldest)."""

    rank: tuple
    creator: str = field(compare=False)
    humans: bool = field(compare=False)
    call: tuple = field(compare=False)
    future: asyncio.Future = field(compare=False)


class BotPool:
    """A lazily created pool of bot workers (``kind`` is ``"process"`` or ``"thread"``) with a
    fair queue in front of it (see the module docstring)."""

    def __init__(self, kind: str = "process", workers: int | None = None,
                 per_creator: int = 0, decision_seconds: float = 30.0) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot pool kind must be 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self.per_creator = per_creator or max(1, self.workers - 1)
        self.decision_seconds = decision_seconds
        self._executor: Executor | None = None
        self._queue: list[_Request] = []
        self._order = itertools.count()
        self._running: dict[str, int] = {}  # creator -> decisions running
        self._busy = 0  # workers computing (a late decision holds its worker until it ends)
        self._bots_only = 0  # of them, for matches without a human

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context,
                                                     initializer=_die_with_parent,
                                                     initargs=(os.getpid(),))
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
        return self._executor

    def warm(self) -> None:
        """Start the workers in the background, so the first bot move is not slowed by
        worker start-up (processes import the games)."""
        if self.kind == "process":
            for _ in range(self.workers):
                self._pool().submit(_warm_up)

    def worker_pids(self) -> list[int]:
        """The process ids of the workers (none for threads)."""
        return self.worker_pids_of(self._executor) if self._executor else []

    async def choose(self, game: Game, state: dict, seat: int, agent: str, seed: int,
                     creator: str = "", humans: bool = True) -> int | None:
        """The action id ``agent`` picks for ``seat`` in the state ``state`` (its JSON), or
        ``None`` when the decision took over ``decision_seconds`` (the caller plays a random
        legal move instead). ``creator`` and ``humans`` (a human plays in the match) place
        the request in the fair queue."""
        future = asyncio.get_running_loop().create_future()
        call = (game.info.id, options_key(game.options), state, seat, agent, seed)
        heapq.heappush(self._queue, _Request((0 if humans else 1, next(self._order)), creator,
                                             humans, call, future))
        self._dispatch()
        try:
            return await future
        finally:
            if not future.done():  # the caller gave up while waiting in the queue
                future.cancel()

    def _dispatch(self) -> None:
        """Start the best waiting requests that the caps allow."""
        skipped = []
        while self._queue and self._busy < self.workers:
            request = heapq.heappop(self._queue)
            if request.future.done():
                continue
            if (self._running.get(request.creator, 0) >= self.per_creator
                    or (not request.humans and self.workers > 1
                        and self._bots_only >= self.workers - 1)):
                skipped.append(request)
                continue
            self._start(request)
        for request in skipped:
            heapq.heappush(self._queue, request)

    def _start(self, request: _Request) -> None:
        self._busy += 1
        self._bots_only += not request.humans
        self._running[request.creator] = self._running.get(request.creator, 0) + 1
        loop = asyncio.get_running_loop()
        work = loop.run_in_executor(self._pool(), choose_action, *request.call)
        late = loop.call_later(self.decision_seconds, _give_up, request.future)

        def done(work: asyncio.Future) -> None:
            late.cancel()
            self._busy -= 1
            self._bots_only -= not request.humans
            self._running[request.creator] -= 1
            if not self._running[request.creator]:
                del self._running[request.creator]
            if not request.future.done():
                if work.cancelled():
                    request.future.cancel()
                elif (error := work.exception()) is not None:
                    request.future.set_exception(error)
                else:
                    request.future.set_result(work.result())
            self._dispatch()

        work.add_done_callback(done)

    def shutdown(self) -> None:
        """Stop the workers: pending bot moves are dropped (recomputed on restart), and
        workers still thinking after ``STOP_SECONDS`` are killed."""
        for request in self._queue:
            request.future.cancel()
        self._queue.clear()
        executor, self._executor = self._executor, None
        if executor is None:
            return
        pids = self.worker_pids_of(executor)
        executor.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + STOP_SECONDS
        for pid in pids:
            while time.monotonic() < deadline and _alive(pid):
                time.sleep(0.02)
            if _alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)

    @staticmethod
    def worker_pids_of(executor: Executor) -> list[int]:
        # ProcessPoolExecutor keeps its processes in ``_processes`` (no public accessor)
        return list(getattr(executor, "_processes", None) or {})


def _give_up(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)


def _alive(pid: int) -> bool:
    """Whether child ``pid`` still runs (reaping it if it has ended)."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return False
    return done == 0
