"""Who acts next in a live match: bot moves computed in the `BotPool`, and human clocks.

`Scheduler` starts a bot's move or a human's clock (``clocks.py``) for every seat now to move,
and plays a bot's answer through the hub's ``act`` (so it is stored before anybody hears of
it). A human still to move when their clock and its grace period are spent has left the
match: the hub's ``time_out`` (``leaving.py``). Only the instance that owns a match
(``match.owned``) runs its bots and clocks' deadlines. A bot move that could
not be stored (database away) is tried again with backoff, so bots resume by themselves; a
decision over the pool's time budget is replaced by a random legal move.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

from mezquita.engine import MezquitaError, derive_seed

from .bots import BotPool
from .match import Match
from .status import HUMAN, MatchStatus
from .store import StoreUnavailable

log = logging.getLogger("mezquita.server")
RETRY_SECONDS = (0.25, 5.0)  # pause before a bot move is tried again, doubling up to the second
STOP_SECONDS = 5.0  # how long a shutdown waits for cancelled tasks to end


async def stop_tasks(tasks: list[asyncio.Task], seconds: float = STOP_SECONDS) -> None:
    """Cancel ``tasks`` and wait up to ``seconds`` for them to end, cancelling again any that
    caught a cancellation and went on; a shutdown never waits longer than that."""
    pending = {task for task in tasks if not task.done()}
    deadline = time.monotonic() + seconds
    while pending and (left := deadline - time.monotonic()) > 0:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=min(left, 0.5))
    for task in tasks:  # read what they ended with, as awaiting them did
        if task.done() and not task.cancelled():
            task.exception()
    if pending:
        log.warning("%d tasks did not stop within %.0f s of being cancelled", len(pending), seconds)

#: ``act(match, seat, action, turn, by)``: the hub's way to play a move
Act = Callable[[Match, int, Any, int | None, str], Awaitable[None]]
#: ``time_out(match, seat)``: the hub's way to let a seat out of time leave
TimeOut = Callable[[Match, int], Awaitable[None]]


class Scheduler:
    """Bot moves and clock deadlines of every live match of one hub."""

    def __init__(self, pool: BotPool, act: Act, time_out: TimeOut,
                 live: Callable[[str], Match | None], patience: float = 15.0) -> None:
        self.pool = pool
        self.act = act
        self.time_out = time_out
        self.live = live  # the hub's loaded match of an id, to drop answers for unloaded ones
        self.patience = patience
        self._tasks: set[asyncio.Task] = set()

    def schedule(self, match: Match) -> None:
        """Start the clocks of the seats now to move (on every instance: each shows them),
        and their bot moves and clock deadlines (on the match's owner)."""
        if match.status == MatchStatus.RUNNING and match.clocks is not None:
            match.clocks.run(match.state.to_move(), [kind == HUMAN for kind in match.row.seats],
                             time.time())
        if match.status != MatchStatus.RUNNING or not match.owned:
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
        clocks = match.clocks
        for seat in movers:
            kind = match.row.seats[seat]
            if kind != HUMAN:
                if seat not in match.thinking:
                    self.spawn(self._bot_move(match, seat, kind, "bot"))
            elif clocks is not None and seat not in match.timers:
                deadline = clocks.deadline(seat)
                if deadline is not None:
                    match.timers[seat] = asyncio.get_running_loop().call_later(
                        max(0.0, deadline - time.time()), self._timeout, match, seat)

    def _timeout(self, match: Match, seat: int) -> None:
        match.timers.pop(seat, None)
        if (match.status == MatchStatus.RUNNING and seat in match.state.to_move()
                and match.row.seats[seat] == HUMAN):
            self.spawn(self.time_out(match, seat))

    def cancel_timer(self, match: Match, seat: int) -> None:
        """Stop ``seat``'s clock deadline in ``match``, if it has one."""
        timer = match.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    async def _bot_move(self, match: Match, seat: int, agent: str, by: str,
                        pause: float = 0.0) -> None:
        """Ask the pool for ``agent``'s move and play it if the match has not moved on."""
        match.thinking.add(seat)
        turn, undos = len(match.state.history), match.undos
        try:
            if pause:
                await asyncio.sleep(pause)
            seed = derive_seed(match.row.seed, "bot", turn, seat)
            action = await self.pool.choose(match.game, match.state.to_json(), seat, agent, seed,
                                            match.row.creator, HUMAN in match.row.seats)
            if action is None:  # over the time budget: a random legal move instead
                log.warning("bot %s over its time budget in match %s", agent, match.id)
                action = random.Random(seed).choice(match.state.legal_actions(seat))
        except Exception as err:  # a crashing bot must not take the server down
            log.error("bot %s failed in match %s: %r", agent, match.id, err)
            return
        finally:
            match.thinking.discard(seat)
        if self.live(match.id) is not match or not match.owned:
            return
        if (match.status == MatchStatus.RUNNING and len(match.state.history) == turn
                and match.undos == undos and seat in match.state.to_move()):
            try:
                await self.act(match, seat, action, turn, by)
            except StoreUnavailable:  # try again (recomputed: same seed, same move)
                delay = min(RETRY_SECONDS[1], max(RETRY_SECONDS[0], 2 * pause))
                if self.live(match.id) is match and seat not in match.thinking:
                    self.spawn(self._bot_move(match, seat, agent, by, delay))
            except MezquitaError as err:
                log.error("bot %s played a refused move in match %s: %s", agent, match.id, err)
            except Exception as err:  # a broken game must not take the server down either
                log.error("bot %s's move could not be applied in match %s: %r", agent, match.id,
                          err)
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
        await stop_tasks(list(self._tasks))
