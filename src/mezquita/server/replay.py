"""Replays of finished matches: every frame shows everything (or, from one seat, what that
seat saw then), with the log entries it added.

A replay is built once per match and language, in a worker (a process by default), never on
the event loop, and kept as encoded JSON in a small cache; concurrent requests for one replay
wait for the same build.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from mezquita.engine import Record, load

from .bots import _die_with_parent
from .match import Match
from .store import MatchRow

CACHED = 128  # replays kept (match, language, viewpoint)


def build(row: MatchRow, lang: str, viewer: int | None = None) -> bytes:
    """The JSON of a finished match move by move: after every action the view and the log
    entries it added, with nothing hidden, or (``viewer`` a seat) as that seat knew them
    then (run in a worker)."""
    game = load(row.game, **row.options)
    record = Record(row.game, row.options, row.seed, row.actions, version=game.info.version)
    state = game.new_state(row.seed)
    match = Match(row, state)

    def view() -> dict:
        return state.full_view() if viewer is None else state.view(viewer)

    def log(start: int) -> list[dict]:
        events = state.events[start:] if viewer is None else state.log(viewer, start)
        return [match.numbered(n, e, lang) for n, e in enumerate(events, start)]

    frames: list[dict[str, Any]] = [{"turn": 0, "seat": None, "log": [], "view": view()}]
    for turn, (seat, action) in enumerate(row.actions):
        before = len(state.events)
        state.apply(seat, action)
        frames.append({"turn": turn + 1, "seat": seat, "view": view(), "log": log(before)})
    return json.dumps({"match": match.public(), "viewer": viewer, "record": record.to_json(),
                       "frames": frames}, separators=(",", ":")).encode()


class Results:
    """The results of a worker's finished builds by key, at most ``size``, the least recently
    used dropped first (a failed or cancelled build keeps nothing)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple, bytes] = OrderedDict()

    def __contains__(self, key: tuple) -> bool:
        return key in self._items

    def get(self, key: tuple) -> bytes | None:
        """The result kept for ``key`` (now the most recently used), or None."""
        if key not in self._items:
            return None
        self._items.move_to_end(key)
        return self._items[key]

    def keep(self, key: tuple, future: asyncio.Future) -> None:
        """Keep ``future``'s result under ``key`` if its build succeeded."""
        if not future.cancelled() and future.exception() is None:
            self._items[key] = future.result()
            while len(self._items) > self.size:
                self._items.popitem(last=False)


class ReplayBuilder:
    """Builds replays in one worker (``kind``: ``"process"`` or ``"thread"``) and caches them."""

    def __init__(self, kind: str = "process") -> None:
        self.kind = kind
        self._executor: Executor | None = None
        self._cache = Results(CACHED)
        self._building: dict[tuple[str, str, int | None], asyncio.Future] = {}

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                self._executor = ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_die_with_parent, initargs=(os.getpid(),))
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="replay")
        return self._executor

    async def get(self, row: MatchRow, lang: str, viewer: int | None = None) -> bytes:
        """The replay of finished ``row`` in ``lang``, from seat ``viewer`` (None: all)."""
        key = (row.id, lang, viewer)
        if (kept := self._cache.get(key)) is not None:
            return kept
        building = self._building.get(key)
        if building is None:
            loop = asyncio.get_running_loop()
            building = self._building[key] = loop.run_in_executor(self._pool(), build, row, lang,
                                                                      viewer)
            building.add_done_callback(lambda f: self._built(key, f))
        return await asyncio.shield(building)

    def _built(self, key: tuple[str, str, int | None], future: asyncio.Future) -> None:
        self._building.pop(key, None)
        self._cache.keep(key, future)

    def close(self) -> None:
        """Stop the worker."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
