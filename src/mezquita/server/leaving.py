"""Leaving a match: a resignation, or a clock run out past its grace period (``clocks.py``).

With two players the match ends and the one who left loses (returns 0, the other 1). With
three or more the seat passes to a bot and play goes on (Board Game Arena's "zombie mode"):
the strongest of the game's difficulty levels already at the table, else `REPLACEMENT`. Either way the seat
is marked in the match row's ``left`` (``{"why": "resigned" | "absent", "turn", "events",
"bot"}``: the actions and log events before it, the bot or None), shown on the page and in
replays, and in the result's ``left``; ratings rate the seat's player, placed last
(`ratings.placings`). A resignation is server metadata, not an engine action: the record still replays.
Leaving twice changes nothing twice: the second answer is the first one.
"""

from __future__ import annotations

import asyncio
import logging

from mezquita.agents.levels import levels_of
from mezquita.engine import MezquitaError

from .errors import MatchError
from .hubstate import HubState
from .match import Match
from .status import HUMAN, MatchStatus
from .store import Departure, StoreUnavailable

log = logging.getLogger("mezquita.server")

RESIGNED, ABSENT = "resigned", "absent"
REPLACEMENT = "medium"  # the bot taking a seat when no level sits at the table (every game has it)
RETRY_SECONDS = 1.0  # before a seat out of time is let go again (the database was away)


def replacement(seats: list[str], levels: list[str]) -> str:
    """The bot level that takes a seat left in ``seats``: the strongest of the game's
    ``levels`` (weakest first) seated, else `REPLACEMENT`."""
    seated = [levels.index(kind) for kind in seats if kind in levels]
    return levels[max(seated)] if seated else REPLACEMENT


def outcome(match: Match, seat: int) -> dict:
    """The answer to ``seat``'s departure: the match's status and what became of the seat."""
    entry = match.left()[seat]
    assert entry is not None  # asked once the seat has left
    return {"seat": seat, "why": entry["why"], "status": match.status, "bot": entry["bot"],
            "lost": entry["bot"] is None}


class Leaving(HubState):
    """`Hub`'s departures: resignations and seats out of time."""

    async def depart(self, match: Match, seat: int, why: str) -> dict:
        """``seat`` leaves ``match`` (``why``: `RESIGNED` or `ABSENT`); the `outcome`. Leaving
        again answers as the first time; `MatchError` (nothing changed) if the match is not
        running or the seat is no human's."""
        if match.status == MatchStatus.OPEN and self.store.postgres:
            await self.refresh(match)  # another instance may have started it just now
        async with match.lock:
            row = match.row
            if match.left()[seat] is not None:
                return outcome(match, seat)
            if match.status != MatchStatus.RUNNING:
                raise MatchError("the match has not started yet" if match.status == MatchStatus.OPEN
                                 else "the match is over")
            if row.seats[seat] != HUMAN:
                raise MatchError("only a player's own seat can be left")
            seats, left = list(row.seats), match.left()
            bot = None if len(seats) == 2 else replacement(seats, list(levels_of(match.game)))
            entry: Departure = {"why": why, "turn": len(match.state.history),
                                "events": len(match.state.events), "bot": bot}
            left[seat] = entry
            status, result = MatchStatus.RUNNING, None
            if bot is None:
                status = MatchStatus.FINISHED
                result = {"returns": [0.0 if s == seat else 1.0 for s in range(2)],
                          "scores": match.state.scores(), "left": [e and e["why"] for e in left]}
            else:
                seats[seat] = bot
            stored = await self.store.call(self.store.leave, match.id, seat, entry, seats,
                                           status, result)
            if stored:
                row.seats, row.left = seats, left
                if result is not None:
                    row.status, row.result = status, result
                    self.scheduler.spawn(self.chat_at_end(match))
                match.set_names(match.names())  # the seat's name is now worded as a bot's
                self.scheduler.cancel_timer(match, seat)
                self.scheduler.schedule(match)  # stops the seat's clock, starts its bot
                match.changed()
                return outcome(match, seat)
        await self.refresh(match)  # another instance stored a departure or the end first
        if match.left()[seat] is not None:
            return outcome(match, seat)
        raise MatchError("the match is over")

    async def time_out(self, match: Match, seat: int) -> None:
        """``seat`` is still to move with its clock and grace spent: it has left the match
        (tried again while the database does not answer)."""
        while True:
            try:
                await self.depart(match, seat, ABSENT)
                return
            except StoreUnavailable:
                await asyncio.sleep(RETRY_SECONDS)
            except MezquitaError as err:  # the match ended or moved on meanwhile
                log.info("seat %d of match %s did not leave on time: %s", seat, match.id, err)
                return
            if self.live(match.id) is not match or seat not in match.state.to_move():
                return
