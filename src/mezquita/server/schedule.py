"""Who acts next in a live match: bot moves computed in the `BotPool`, and turn timers.

`Scheduler` starts a bot's move or a human's timer for every seat now to move, and plays a
bot's answer through the hub's ``act`` (so it is stored before anybody hears of it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from mezquita.engine import MezquitaError, derive_seed

from .bots import BotPool
from .match import HUMAN, Match

log = logging.getLogger("mezquita.server")

#: ``act(match, seat, action, turn, by)``: the hub's way to play a move
Act = Callable[[Match, int, Any, int | None, str], Awaitable[None]]


class Scheduler:
    """Bot moves and turn timers of every live match of one hub."""

    def __init__(self, pool: BotPool, act: Act, live: Callable[[str], Match | None]) -> None:
        self.pool = pool
        self.act = act
        self.live = live  # the hub's loaded match of an id, to drop answers for unloaded ones
        self._tasks: set[asyncio.Task] = set()

    def schedule(self, match: Match) -> None:
        """Start bot moves and turn timers for the seats now to move."""
        if match.status != "running":
            self.cancel_timers(match)
            return
        movers = match.state.to_move()
        for seat in list(match.waiting_since):
            if seat not in movers:
                del match.waiting_since[seat]
        for seat in movers:
            match.waiting_since.setdefault(seat, len(match.state.history))
        for seat in list(match.timers):
            if seat not in movers:
                self.cancel_timer(match, seat)
        for seat in movers:
            kind = match.row.seats[seat]
            if kind != HUMAN:
                if seat not in match.thinking:
                    self.spawn(self._bot_move(match, seat, kind, "bot"))
            elif match.row.turn_seconds and seat not in match.timers:
                loop = asyncio.get_running_loop()
                match.deadlines[seat] = time.time() + match.row.turn_seconds
                match.timers[seat] = loop.call_later(match.row.turn_seconds, self._timeout,
                                                     match, seat)

    def _timeout(self, match: Match, seat: int) -> None:
        match.timers.pop(seat, None)
        match.deadlines.pop(seat, None)
        if match.status == "running" and seat in match.state.to_move():
            self.spawn(self._bot_move(match, seat, match.row.timeout_agent, "timeout"))

    def cancel_timer(self, match: Match, seat: int) -> None:
        """Stop ``seat``'s timer in ``match``, if it has one."""
        timer = match.timers.pop(seat, None)
        match.deadlines.pop(seat, None)
        if timer is not None:
            timer.cancel()

    async def _bot_move(self, match: Match, seat: int, agent: str, by: str) -> None:
        """Ask the pool for ``agent``'s move and play it if the match has not moved on."""
        match.thinking.add(seat)
        turn = len(match.state.history)
        try:
            seed = derive_seed(match.row.seed, "bot", turn, seat)
            action = await self.pool.choose(match.game, match.state.to_json(), seat, agent, seed)
        except Exception:  # a crashing bot must not take the server down
            log.exception("bot %s failed in match %s", agent, match.id)
            return
        finally:
            match.thinking.discard(seat)
        if self.live(match.id) is not match:
            return
        if len(match.state.history) == turn and seat in match.state.to_move():
            try:
                await self.act(match, seat, action, turn, by)
            except MezquitaError:
                log.exception("bot %s played an illegal move in match %s", agent, match.id)
        else:
            self.schedule(match)

    def spawn(self, coro) -> None:
        """Run ``coro`` as a task kept until it ends."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel_timers(self, match: Match) -> None:
        """Stop every timer of ``match``."""
        for seat in list(match.timers):
            self.cancel_timer(match, seat)

    async def close(self) -> None:
        """Cancel pending bot moves."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
