"""Live matches: applying actions (stored before anybody hears of them), and keeping a copy
up to date with the moves and seat changes another instance stored."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from mezquita.engine import Record, State

from .clocks import Clocks, rebuild
from .errors import MatchError
from .hubstate import HubState
from .match import Match
from .status import HUMAN, MatchStatus
from .store import MatchRow, Move, MoveConflict, now

log = logging.getLogger("mezquita.server")


async def rebuilt(row: MatchRow) -> tuple[State, Clocks | None]:
    """The state of stored match ``row`` (its record replayed in a thread) and its clocks,
    as after its last stored move."""
    clocks, step = None, None
    if row.clock is not None and row.status == MatchStatus.RUNNING:  # on from the stored banks
        assert row.started_at is not None  # `Matches.load` sets it (else the last update)
        clocks, step = rebuild(row.clock, row.seats, row.move_times, row.started_at)
    elif row.clock is not None and row.status == MatchStatus.OPEN:
        clocks = Clocks(row.clock, len(row.seats))
    state = await asyncio.to_thread(
        lambda: Record(row.game, row.options, row.seed, row.actions).replay(step))
    return state, clocks


BUSY = json.dumps({"type": "error", "code": "busy",
                   "message": "server busy (database not answering); retrying your move"})


class Play(HubState):
    """`Hub`'s live play: moves from clients, bots and other instances."""

    async def act(self, match: Match, seat: int, action: Any, turn: int | None = None,
                  by: str = HUMAN) -> None:
        """Apply ``action`` for ``seat``; raise `IllegalAction`/`MatchError` and change nothing
        if it is refused. ``turn`` (the number of actions the sender saw) rejects stale moves.
        The action is stored before anybody hears of it; while the database does not answer
        the write is retried and the match's clients are told the server is busy."""
        async with match.lock:
            if match.status != MatchStatus.RUNNING:
                raise MatchError({MatchStatus.OPEN: "the match has not started yet",
                                  MatchStatus.EXPIRED: "the match expired before everybody joined"}
                                 .get(match.status, "the match is over"))
            now = len(match.state.history)
            waiting = match.waiting_since.get(seat, now + 1) <= (turn if turn is not None else -1)
            if turn is not None and turn != now and not waiting:
                raise MatchError(f"stale move: it was sent for turn {turn}, the match is at "
                                 f"turn {now}")
            new = match.state.child(seat, action)
            action_json = match.game.action_to_json(new.history[-1][1])
            finished = new.is_terminal()
            result = self._result(match, new) if finished else None
            try:
                await self.writer.write(
                    Move(match.id, len(match.state.history), seat, action_json, by,
                         MatchStatus.FINISHED if finished else None, result),
                    self.settings.write_patience, self._busy(match))
            except MoveConflict:
                self.scheduler.spawn(self.refresh(match))
                raise MatchError("stale move: another move was played first") from None
            finally:
                if match.busy:
                    match.busy = False
            self._applied(match, new, seat, action_json, by, result)

    async def undo(self, match: Match, seat: int) -> None:
        """Take back ``seat``'s latest decision (`State.takeback`): refused with `MatchError`
        and nothing changed unless the engine allows it now. The stored move is deleted (and
        the later ones of a simultaneous phase renumbered) before anybody hears of it; clocks
        refund nothing (`Clocks`: the seat's clock runs on from its bank as it was)."""
        async with match.lock:
            if match.status != MatchStatus.RUNNING:
                raise MatchError("the match is not running: nothing can be taken back")
            steps = match.state.undoable_steps(seat)
            if not steps:
                raise MatchError("nothing can be taken back now: another seat has acted, "
                                 "something was revealed, or the decision cannot be undone")
            new = match.state.takeback(seat)
            try:
                await self.store.call(self.store.take_back, match.id, steps[:1],
                                      len(match.state.history))
            except MoveConflict:
                self.scheduler.spawn(self.refresh(match))
                raise MatchError("too late: another move was played first") from None
            self._taken_back(match, new, seat, steps[:1])

    def _taken_back(self, match: Match, new, seat: int, steps: list[int]) -> None:
        """Our copy of ``match`` without the moves ``steps`` of ``seat`` (now ``new``)."""
        row = match.row
        for step in sorted(steps, reverse=True):
            del row.actions[step], row.move_sources[step], row.move_times[step]
        self._replaced(match, new, seat, len(steps))

    def _replaced(self, match: Match, new, seat: int | None, count: int) -> None:
        """``new`` is ``match``'s state now, without moves taken back (`Match.take_back`)."""
        match.take_back(new, seat, count)
        self.scheduler.schedule(match)
        match.changed()

    async def remote_undo(self, match_id: str, total: int, steps: list[int]) -> None:
        """Another instance took back the moves ``steps`` of the ``total`` of ``match_id``:
        take them back from our copy too, or, if it is not at that turn, rebuild it from the
        stored match."""
        match = self.matches.get(match_id)
        if match is None:
            return
        async with match.lock:
            history = match.state.history
            if len(history) == total and steps and 0 <= steps[0] < total:
                seat = history[steps[0]][0]
                if match.state.undoable_steps(seat)[:len(steps)] == steps:
                    self._taken_back(match, match.state.takeback(seat, len(steps)), seat, steps)
                    return
            row = await self.store.call(self.store.load, match.id)
            if row is None:
                return
            new, _ = await rebuilt(row)  # clocks run on as they are: a takeback refunds nothing
            match.row.actions, match.row.move_sources = row.actions, row.move_sources
            match.row.move_times = row.move_times
            self._replaced(match, new, None, 0)

    @staticmethod
    def _result(match: Match, state) -> dict:
        """The result of ``match`` ended in ``state``: returns, scores and who left."""
        return {"returns": state.returns(), "scores": state.scores(),
                "left": [entry and entry["why"] for entry in match.left()]}

    def _busy(self, match: Match) -> Callable[[], None]:
        def tell() -> None:
            if not match.busy:
                match.busy = True
                for client in list(match.clients):
                    client.push(BUSY)
        return tell

    def _applied(self, match: Match, new, seat: int, action_json: Any, by: str,
                 result: dict | None) -> None:
        if match.clocks is not None:
            match.clocks.moved(seat, time.time())
        match.state = new
        match.took_back = None
        match.row.actions.append([seat, action_json])
        match.row.move_sources.append(by)
        match.row.move_times.append(now())
        if result is not None:
            match.row.status = MatchStatus.FINISHED
            match.row.result = result
            self.scheduler.spawn(self.chat_at_end(match))
        self.scheduler.cancel_timer(match, seat)
        match.waiting_since.pop(seat, None)
        self.scheduler.schedule(match)  # first, so the update carries the new clocks
        match.changed()
        self.tell_turn(match)

    async def remote_move(self, match_id: str, turn: int, seat: int, action: Any, by: str,
                          result: dict | None) -> None:
        """Another instance stored ``action`` at ``turn``: apply it to our copy."""
        match = self.matches.get(match_id)
        if match is None:
            return
        async with match.lock:
            have = len(match.state.history)
            if turn < have:
                return
            if turn > have:  # we missed some: read them
                await self._catch_up(match)
                return
            self._applied(match, match.state.child(seat, action), seat, action, by, result)

    async def refresh(self, match: Match) -> None:
        """Bring our copy of ``match`` up to the stored record (moves and seats)."""
        async with match.lock:
            await self._catch_up(match)
        head = await self.store.call(self.store.head, match.id)
        if head is not None:
            self.remote_head(match, head)

    async def _catch_up(self, match: Match) -> None:
        stored = await self.store.call(self.store.moves_from, match.id, len(match.state.history))
        for seat, action, by in stored:
            new = match.state.child(seat, action)
            result = self._result(match, new) if new.is_terminal() else None
            self._applied(match, new, seat, action, by, result)

    def remote_head(self, match: Match, head: dict) -> None:
        """Seats joined, tokens and status as stored (changed by another instance)."""
        row = match.row
        changed = (row.joined, row.status) != (head["joined"], head["status"])
        row.joined, row.token_hashes = head["joined"], head["token_hashes"]
        row.accounts = head["accounts"]
        row.invite_hashes = head["invite_hashes"] or row.invite_hashes
        if ((head["names"] or row.names) != row.names or head["rematch"] != row.rematch
                or head["seats"] != row.seats or (head["left"] or row.left) != row.left):
            row.seats, row.left = head["seats"], head["left"] or row.left
            match.set_names(head["names"] or row.names)
            row.rematch = head["rematch"]
            changed = True
        if head["status"] != row.status:
            row.status = head["status"]
            row.result = head["result"]
        if changed:
            self.scheduler.schedule(match)
            match.changed()
        if row.status == MatchStatus.EXPIRED:
            self.expired(match.id)
