"""`Hub`: the server-side authority over every live match of one server.

It creates matches, rebuilds them from their stored record after a restart, applies actions
(persisting each one before anybody hears of it) and sends each connected client its own
update. Bots and timers are the `Scheduler`'s, replays ``replay.py``'s.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any

from mezquita.engine import MezquitaError, Record, load
from mezquita.engine.options import check_remote
from mezquita.engine.registry import game_class

from .bots import BotPool, agent_names
from .match import HUMAN, Client, Match, MatchError, hash_token
from .schedule import Scheduler
from .store import MatchRow, Move, MoveWriter, Store, now

log = logging.getLogger("mezquita.server")

TURN_SECONDS = (0, 1, 3600)  # no timer, or a timer between 1 s and 1 h
MAX_SEED = 2**62


class Hub:
    """All live matches of one server, backed by a `Store` and a `BotPool`."""

    def __init__(self, store: Store, pool: BotPool) -> None:
        self.store = store
        self.writer = MoveWriter(store)
        self.pool = pool
        self.matches: dict[str, Match] = {}
        self.scheduler = Scheduler(pool, self.act, self.matches.get)

    # -- creating and loading ------------------------------------------------------------
    def create(self, game_id: str, options: dict[str, Any], seats: list[str],
               turn_seconds: int = 0, timeout_agent: str = "random",
               seed: int | None = None) -> tuple[Match, list[str | None]]:
        """Create and store a match; return it with each human seat's secret token."""
        try:
            check_remote(game_class(game_id).info.options, options, game_id)
            game = load(game_id, **options)
        except MezquitaError as err:
            raise MatchError(str(err)) from None
        if len(seats) != game.num_players:
            raise MatchError(f"{game.info.name} with these options has {game.num_players} "
                             f"seats; got {len(seats)}")
        bots = agent_names(game)
        for kind in [*seats, timeout_agent]:
            if kind != HUMAN and kind not in bots:
                raise MatchError(f"unknown seat kind {kind!r} (human or one of: {', '.join(bots)})")
        if timeout_agent == HUMAN:
            raise MatchError("the timeout player must be a bot")
        if turn_seconds != 0 and not TURN_SECONDS[1] <= turn_seconds <= TURN_SECONDS[2]:
            raise MatchError(f"turn_seconds must be 0 (no timer) or {TURN_SECONDS[1]}.."
                             f"{TURN_SECONDS[2]}")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        elif not 0 <= seed < MAX_SEED:
            raise MatchError(f"seed must be in 0..{MAX_SEED - 1}")
        tokens = [secrets.token_urlsafe(24) if kind == HUMAN else None for kind in seats]
        row = MatchRow(
            id=secrets.token_urlsafe(9), game=game_id, options=_json_options(game.options),
            seed=seed, seats=list(seats),
            token_hashes=[hash_token(t) if t else None for t in tokens],
            joined=[kind != HUMAN for kind in seats], turn_seconds=turn_seconds,
            timeout_agent=timeout_agent, status="open" if HUMAN in seats else "running",
            created_at=now(),
        )
        self.store.create(row)
        match = Match(row, game.new_state(seed))
        self.matches[row.id] = match
        self.scheduler.schedule(match)
        return match, tokens

    def get(self, match_id: str) -> Match | None:
        """The live match ``match_id``, rebuilt from its stored record if not loaded yet."""
        match = self.matches.get(match_id)
        if match is not None:
            return match
        if not isinstance(match_id, str) or not 0 < len(match_id) <= 32:
            return None
        row = self.store.load(match_id)
        if row is None:
            return None
        state = Record(row.game, row.options, row.seed, row.actions).replay()
        match = Match(row, state)
        if row.status != "finished":  # finished matches are rebuilt on demand, not kept
            self.matches[match_id] = match
            self.scheduler.schedule(match)
        return match

    def start(self) -> None:
        """At server start: resume running matches in the background, warm the bot pool."""
        self.scheduler.spawn(self.resume())
        self.pool.warm()

    async def resume(self) -> None:
        """Reload every running match (after a restart) so its bots and timers go on."""
        for match_id in self.store.ids(("running",), limit=10_000):
            try:
                self.get(match_id)
            except MezquitaError:
                log.exception("match %s cannot be rebuilt from its record", match_id)
            await asyncio.sleep(0)  # let requests in between

    # -- clients -------------------------------------------------------------------------
    def join(self, match: Match, client: Client) -> None:
        """Connect ``client``; the first connection of every human seat starts the match."""
        match.clients.add(client)
        seat = client.seat
        if seat is not None and not match.row.joined[seat]:
            match.row.joined[seat] = True
            if match.status == "open" and all(match.row.joined):
                match.row.status = "running"
            self.store.set_joined(match.id, match.row.joined, match.status)
        self.scheduler.schedule(match)
        self.broadcast(match)

    def leave(self, match: Match, client: Client) -> None:
        """Disconnect ``client``; a finished match nobody watches leaves memory."""
        match.clients.discard(client)
        if match.status == "finished" and not match.clients:
            self.matches.pop(match.id, None)
        else:
            self.broadcast(match)

    def broadcast(self, match: Match) -> None:
        """Send every client of ``match`` its own update (one encoding per seat and language)."""
        texts: dict[tuple[int | None, str], str] = {}
        for client in list(match.clients):
            key = (client.seat, client.lang)
            if key not in texts:
                texts[key] = json.dumps(match.message(*key), separators=(",", ":"))
            if not client.push(texts[key]):
                match.clients.discard(client)
                _drain(client.outbox)
                client.push(None)  # too slow: close it; the page reconnects and catches up

    def send(self, match: Match, client: Client) -> None:
        """Send one client its update."""
        client.push(json.dumps(match.message(client.seat, client.lang), separators=(",", ":")))

    # -- playing -------------------------------------------------------------------------
    async def act(self, match: Match, seat: int, action: Any, turn: int | None = None,
                  by: str = HUMAN) -> None:
        """Apply ``action`` for ``seat``; raise `IllegalAction`/`MatchError` and change nothing
        if it is refused. ``turn`` (the number of actions the sender saw) rejects stale moves.
        The action is stored before anybody hears of it."""
        async with match.lock:
            if match.status != "running":
                raise MatchError("the match has not started yet" if match.status == "open"
                                 else "the match is over")
            now = len(match.state.history)
            waiting = match.waiting_since.get(seat, now + 1) <= (turn if turn is not None else -1)
            if turn is not None and turn != now and not waiting:
                raise MatchError(f"stale move: it was sent for turn {turn}, the match is at "
                                 f"turn {now}")
            new = match.state.child(seat, action)
            action_json = match.game.action_to_json(new.history[-1][1])
            finished = new.is_terminal()
            result = {"returns": new.returns(), "scores": new.scores()} if finished else None
            await self.writer.write(Move(match.id, len(match.state.history), seat, action_json,
                                         by, "finished" if finished else None, result))
            match.state = new
            match.row.actions.append([seat, action_json])
            match.row.move_sources.append(by)
            if finished:
                match.row.status = "finished"
                match.row.result = result
            self.scheduler.cancel_timer(match, seat)
            match.waiting_since.pop(seat, None)
            self.scheduler.schedule(match)  # first, so the update carries the new turn deadline
            self.broadcast(match)

    async def close(self) -> None:
        """Stop timers and pending bot moves."""
        for match in self.matches.values():
            self.scheduler.cancel_timers(match)
        await self.scheduler.close()
        self.writer.close()


def _drain(queue: asyncio.Queue) -> None:
    while not queue.empty():
        queue.get_nowait()


def _json_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}

