"""Live matches: the server-side authority over each game.

`Hub` owns every loaded `Match`: it creates matches, rebuilds them from their stored record
after a restart, applies actions (persisting each one before anybody hears of it), sends each
connected client only its own seat's view and legal actions, runs bots and turn timers.
Everything here runs on the event loop; only bot thinking happens in the `BotPool`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from mezquita.engine import MezquitaError, Record, State, load
from mezquita.engine.options import check_remote
from mezquita.engine.registry import game_class

from .bots import BotPool, agent_names
from .store import MatchRow, Move, MoveWriter, Store, now

log = logging.getLogger("mezquita.server")

HUMAN = "human"
LANGS = ("en", "es", "ca", "de")
OUTBOX = 64  # messages queued for one client before it counts as too slow and is dropped
LOG_TAIL = 200  # moves of the log sent with each update
TURN_SECONDS = (0, 1, 3600)  # no timer, or a timer between 1 s and 1 h
MAX_SEED = 2**62


class MatchError(MezquitaError):
    """A request the match refuses (bad options, wrong moment, unknown seat...)."""


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Client:
    """One connection: its seat (``None`` for a spectator), language and outgoing queue."""

    seat: int | None
    lang: str = "en"
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(OUTBOX))

    def push(self, text: str | None) -> bool:
        """Queue a message (``None`` asks the sender to close); False if the queue is full."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True


class Match:
    """One match in memory: its stored row, the true state and the connected clients."""

    def __init__(self, row: MatchRow, state: State) -> None:
        self.row = row
        self.state = state
        self.game = state.game
        self.clients: set[Client] = set()
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.deadlines: dict[int, float] = {}  # seat -> epoch seconds of its timeout
        self.thinking: set[int] = set()  # seats whose bot move is being computed
        # seat -> turn since which it has been to move without moving itself: in a
        # simultaneous phase (Europa's tips) another seat's move does not make its click stale
        self.waiting_since: dict[int, int] = {}
        self.lock = asyncio.Lock()  # one action at a time: validated, stored, then applied
        self._labels: dict[tuple[int, str], str] = {}

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or ``None``."""
        digest = hash_token(token)
        for seat, stored in enumerate(self.row.token_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
        return None

    def public(self) -> dict:
        """What anybody may know about the match (never tokens, never hidden values)."""
        online = {c.seat for c in self.clients}
        return {
            "id": self.id,
            "game": self.game.info.id,
            "name": self.game.info.name,
            "options": self.row.options,
            "status": self.status,
            "seats": [
                {"kind": kind, "joined": joined, "online": kind != HUMAN or seat in online,
                 "deadline": self.deadlines.get(seat)}
                for seat, (kind, joined) in enumerate(zip(self.row.seats, self.row.joined))
            ],
            "spectators": sum(1 for c in self.clients if c.seat is None),
            "turn_seconds": self.row.turn_seconds,
            "timeout_agent": self.row.timeout_agent,
            "result": self.row.result,
        }

    def label(self, turn: int, lang: str) -> str:
        """The readable label of the action played at ``turn``."""
        key = (turn, lang)
        if key not in self._labels:
            action = self.game.to_action_id(self.row.actions[turn][1])
            self._labels[key] = self.game.action_label(action, lang)
        return self._labels[key]

    def log_for(self, seat: int | None, lang: str) -> list[dict]:
        """The move log as ``seat`` may see it: labels of its own moves, and of every move
        once the match is over or if the game hides nothing (a label can name a hidden card)."""
        over = self.status == "finished" or not self.game.info.hidden_information
        start = max(0, len(self.row.actions) - LOG_TAIL)
        return [
            {"turn": t, "seat": s, "by": self.row.move_sources[t],
             "label": self.label(t, lang) if over or s == seat else None}
            for t, (s, _) in enumerate(self.row.actions[start:], start)
        ]

    def message(self, seat: int | None, lang: str) -> dict:
        """The update sent to a client of ``seat``: its view, legal actions and the log."""
        running = self.status == "running"
        legal = (self.state.legal_actions_json(seat, lang)
                 if seat is not None and running and self.row.seats[seat] == HUMAN else [])
        return {
            "type": "update",
            "match": self.public(),
            "you": seat,
            "turn": len(self.state.history),  # actions so far; echo it in "act" messages
            "view": self.state.view(seat),
            "legal": legal,
            "log": self.log_for(seat, lang),
            "server_time": time.time(),  # lets the page show turn timers without clock skew
        }


class Hub:
    """All live matches of one server, backed by a `Store` and a `BotPool`."""

    def __init__(self, store: Store, pool: BotPool) -> None:
        self.store = store
        self.writer = MoveWriter(store)
        self.pool = pool
        self.matches: dict[str, Match] = {}
        self._tasks: set[asyncio.Task] = set()

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
        self._schedule(match)
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
            self._schedule(match)
        return match

    def start(self) -> None:
        """At server start: resume running matches in the background, warm the bot pool."""
        self._spawn(self.resume())
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
        self._schedule(match)
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
            unchanged = match.waiting_since.get(seat, now + 1) <= (turn if turn is not None else -1) < now
            if turn is not None and turn != now and not unchanged:
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
            self._cancel_timer(match, seat)
            match.waiting_since.pop(seat, None)
            self._schedule(match)  # first, so the update carries the new turn deadline
            self.broadcast(match)

    def _schedule(self, match: Match) -> None:
        """Start bot moves and turn timers for the seats now to move."""
        if match.status != "running":
            for seat in list(match.timers):
                self._cancel_timer(match, seat)
            return
        movers = match.state.to_move()
        for seat in list(match.waiting_since):
            if seat not in movers:
                del match.waiting_since[seat]
        for seat in movers:
            match.waiting_since.setdefault(seat, len(match.state.history))
        for seat in list(match.timers):
            if seat not in movers:
                self._cancel_timer(match, seat)
        for seat in movers:
            kind = match.row.seats[seat]
            if kind != HUMAN:
                if seat not in match.thinking:
                    self._spawn(self._bot_move(match, seat, kind, "bot"))
            elif match.row.turn_seconds and seat not in match.timers:
                loop = asyncio.get_running_loop()
                match.deadlines[seat] = time.time() + match.row.turn_seconds
                match.timers[seat] = loop.call_later(match.row.turn_seconds, self._timeout,
                                                     match, seat)

    def _timeout(self, match: Match, seat: int) -> None:
        match.timers.pop(seat, None)
        match.deadlines.pop(seat, None)
        if match.status == "running" and seat in match.state.to_move():
            self._spawn(self._bot_move(match, seat, match.row.timeout_agent, "timeout"))

    def _cancel_timer(self, match: Match, seat: int) -> None:
        timer = match.timers.pop(seat, None)
        match.deadlines.pop(seat, None)
        if timer is not None:
            timer.cancel()

    async def _bot_move(self, match: Match, seat: int, agent: str, by: str) -> None:
        """Ask the pool for ``agent``'s move and play it if the match has not moved on."""
        match.thinking.add(seat)
        turn = len(match.state.history)
        try:
            seed = (match.row.seed * 1_000_003 + turn * 31 + seat) % MAX_SEED
            action = await self.pool.choose(match.game, match.state.to_json(), seat, agent, seed)
        except Exception:  # a crashing bot must not take the server down
            log.exception("bot %s failed in match %s", agent, match.id)
            return
        finally:
            match.thinking.discard(seat)
        if self.matches.get(match.id) is not match:
            return
        if len(match.state.history) == turn and seat in match.state.to_move():
            try:
                await self.act(match, seat, action, turn, by)
            except MezquitaError:
                log.exception("bot %s played an illegal move in match %s", agent, match.id)
        else:
            self._schedule(match)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- replay --------------------------------------------------------------------------
    def replay(self, match: Match, lang: str) -> dict:
        """A finished match move by move: the public view before and after every action."""
        if match.status != "finished":
            raise MatchError("only finished matches can be replayed")
        record = Record(match.row.game, match.row.options, match.row.seed, match.row.actions)
        state = match.game.new_state(match.row.seed)
        frames = [{"turn": 0, "seat": None, "label": None, "view": state.view(None)}]
        for turn, (seat, action) in enumerate(match.row.actions):
            state.apply(seat, action)
            frames.append({"turn": turn + 1, "seat": seat, "label": match.label(turn, lang),
                           "view": state.view(None)})
        return {"match": match.public(), "record": record.to_json(), "frames": frames}

    async def close(self) -> None:
        """Stop timers and pending bot moves."""
        for match in self.matches.values():
            for seat in list(match.timers):
                self._cancel_timer(match, seat)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.writer.close()


def _drain(queue: asyncio.Queue) -> None:
    while not queue.empty():
        queue.get_nowait()


def _json_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}

