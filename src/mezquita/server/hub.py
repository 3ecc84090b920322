"""`Hub`: the server-side authority over every live match of one server instance.

It creates matches, rebuilds them from their stored record on demand, applies actions
(persisting each one before anybody hears of it) and wakes each connected client, which is
then sent its own latest update. Nothing slow runs on the event loop: database calls go
through `Store.call` / `MoveWriter`, records are replayed in a thread, replays are built in
a worker and cached. Bots and timers are the `Scheduler`'s; several instances on one
PostgreSQL coordinate through leases and notifications (``cluster.py``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from mezquita.engine import MezquitaError, Record, load
from mezquita.engine.options import check_remote
from mezquita.engine.registry import game_class

from .bots import BotPool, agent_names
from .limits import Limiter, Settings
from .match import HUMAN, Client, Match, MatchError, clean_name, hash_token, rematch_token
from .replay import ReplayBuilder
from .schedule import Scheduler
from .store import MatchRow, Move, MoveConflict, MoveWriter, Store, StoreUnavailable, now

log = logging.getLogger("mezquita.server")

TURN_SECONDS = (0, 1, 86400)  # no timer, or between 1 s and a day (slow play among friends)
MAX_SEED = 2**62
FINISHED_KEPT = 64  # finished matches kept in memory for details and spectators
PRESENCE_EVERY = 0.5  # presence messages of one match are coalesced over this many seconds
BUSY = json.dumps({"type": "error", "code": "busy",
                   "message": "server busy (database not answering); retrying your move"})


class Hub:
    """All live matches of one server instance, backed by a `Store` and a `BotPool`."""

    def __init__(self, store: Store, pool: BotPool, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.writer = MoveWriter(store)
        self.pool = pool
        self.replays = ReplayBuilder(pool.kind)
        self.matches: dict[str, Match] = {}
        self.finished: OrderedDict[str, Match] = OrderedDict()
        self._loading: dict[str, asyncio.Future] = {}
        self.scheduler = Scheduler(pool, self.act, self.live, self.settings.write_patience)
        self.sockets: dict[str, int] = {}  # open WebSockets per address group
        self.limiter = Limiter(self.settings.table())
        self._renames: dict[tuple[str, int], str | None] = {}  # names waiting for their window
        self._claims = asyncio.Lock()
        self._presence_due: set[str] = set()
        self.cluster = None  # set by `cluster.Cluster` on PostgreSQL

    def live(self, match_id: str) -> Match | None:
        """The loaded match ``match_id`` (never touches the database)."""
        return self.matches.get(match_id) or self.finished.get(match_id)

    # -- creating and loading ------------------------------------------------------------
    async def create(self, game_id: str, options: dict[str, Any], seats: list[str],
                     turn_seconds: int = 0, timeout_agent: str = "random",
                     seed: int | None = None, practice: bool = False, creator: str = "",
                     name: str | None = None
                     ) -> tuple[Match, list[tuple[str | None, str | None]]]:
        """Create and store a match; return it with, per seat, ``(token, invitation)``: the
        creator's own seat (the first human one) gets a token (and ``name``, the creator's
        chosen name), every other human seat an invitation that `claim` turns into its own
        token once. The server picks the seed; a client's ``seed`` is accepted only for a
        ``practice`` match (and shown to all)."""
        name = clean_name(name)
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
        elif not practice:
            raise MatchError("the server deals: a seed is accepted only for a practice match "
                             '("practice": true, unrated, its seed shown to every seat)')
        elif not 0 <= seed < MAX_SEED:
            raise MatchError(f"seed must be in 0..{MAX_SEED - 1}")
        humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        names: list[str | None] = [name if humans and seat == humans[0] else None
                                   for seat in range(len(seats))]
        secrets_ = [(None, None)] * len(seats)
        for seat in humans:
            word = secrets.token_urlsafe(24)
            secrets_[seat] = (word, None) if seat == humans[0] else (None, word)
        row = MatchRow(
            id=secrets.token_urlsafe(9), game=game_id, options=_json_options(game.options),
            seed=seed, seats=list(seats),
            token_hashes=[hash_token(t) if t else None for t, _ in secrets_],
            joined=[kind != HUMAN for kind in seats], turn_seconds=turn_seconds,
            timeout_agent=timeout_agent, status="open" if humans else "running",
            created_at=now(), invite_hashes=[hash_token(i) if i else None for _, i in secrets_],
            creator=creator[:64], practice=practice, owner=self.store.instance, names=names,
        )
        await self.store.call(self.store.create, row, self.settings.lease_seconds)
        match = Match(row, game.new_state(seed))
        self.matches[row.id] = match
        self.scheduler.schedule(match)
        return match, secrets_

    async def get(self, match_id: str) -> Match | None:
        """The live match ``match_id``, rebuilt from its stored record if not loaded yet
        (the database read and the replay run off the event loop, once for all callers)."""
        match = self.live(match_id)
        if match is not None:
            if match_id in self.finished:
                self.finished.move_to_end(match_id)
            return match
        if not isinstance(match_id, str) or not 0 < len(match_id) <= 32:
            return None
        pending = self._loading.get(match_id)
        if pending is None:
            pending = self._loading[match_id] = asyncio.ensure_future(self._load(match_id))
            pending.add_done_callback(lambda _: self._loading.pop(match_id, None))
        return await asyncio.shield(pending)

    async def _load(self, match_id: str) -> Match | None:
        row = await self.store.call(self.store.load, match_id)
        if row is None:
            return None
        state = await asyncio.to_thread(
            lambda: Record(row.game, row.options, row.seed, row.actions).replay())
        if self.live(match_id) is not None:  # loaded meanwhile (e.g. a remote move)
            return self.live(match_id)
        match = Match(row, state)
        if row.status == "running" and row.last_at is not None:  # timers go on from there
            match.clock_base = row.last_at.timestamp()
        if row.status == "finished":  # kept a while for details and spectators
            self.finished[match_id] = match
            while len(self.finished) > FINISHED_KEPT:
                self.finished.popitem(last=False)
            return match
        self.matches[match_id] = match
        if self.store.postgres:
            match.owned = await self.store.call(self.store.acquire, match_id,
                                                self.settings.lease_seconds)
        self.scheduler.schedule(match)
        return match

    async def replay(self, match_id: str, lang: str) -> bytes:
        """The replay of finished ``match_id`` in ``lang`` as JSON bytes (built once, cached)."""
        match = await self.get(match_id)
        if match is None:
            raise KeyError(match_id)
        if match.status != "finished":
            raise MatchError("only finished matches can be replayed")
        return await self.replays.get(match.row, lang)

    def start(self) -> None:
        """At server start: resume running matches in the background, warm the bot pool,
        start the housekeeping (expiry, eviction, leases)."""
        self.scheduler.spawn(self.resume())
        self.scheduler.spawn(self.housekeeping())
        self.pool.warm()

    async def resume(self) -> None:
        """Reload every running match this instance may run (after a restart)."""
        try:
            ids = await self.store.call(self.store.ids, ("running",), 10_000)
        except StoreUnavailable:
            log.warning("could not list running matches at start; the lease sweep will")
            return
        for match_id in ids:
            try:
                await self.get(match_id)
            except MezquitaError as err:
                log.error("match %s cannot be rebuilt from its record: %s", match_id, err)

    async def housekeeping(self) -> None:
        """Forever: renew and take over leases (PostgreSQL), expire open matches nobody
        joined, and let idle matches leave memory."""
        period = max(0.5, self.settings.lease_seconds / 3)
        last_expiry = 0.0
        while True:
            await asyncio.sleep(period)
            try:
                if self.store.postgres:
                    await self._leases()
                if time.monotonic() - last_expiry > min(60.0, self.settings.open_seconds / 4):
                    last_expiry = time.monotonic()
                    for match_id in await self.store.call(self.store.expire_open,
                                                          self.settings.open_seconds):
                        self.expired(match_id)
                await self._evict()
            except StoreUnavailable:
                continue
            except Exception:
                log.exception("housekeeping failed")

    async def _leases(self) -> None:
        held = await self.store.call(self.store.renew, self.settings.lease_seconds)
        for match in self.matches.values():
            if match.owned and match.id not in held:
                match.owned = False  # another instance took it (we were stalled)
                self.scheduler.cancel_timers(match)
        for match_id in await self.store.call(self.store.take_expired,
                                              self.settings.lease_seconds):
            match = self.matches.get(match_id)
            if match is None:
                try:
                    await self.get(match_id)
                except StoreUnavailable:
                    raise
                except MezquitaError as err:  # a broken record holds back no other match
                    log.error("match %s cannot be rebuilt from its record: %s", match_id, err)
                    continue
                match = self.matches.get(match_id)
                if match is not None:
                    match.owned = True
            else:
                await self.refresh(match)
                match.owned = True
            if match is not None:
                log.info("took over match %s", match_id)
                self.scheduler.schedule(match)

    def expired(self, match_id: str) -> None:
        """An open match nobody joined in time: tell its clients, free it."""
        match = self.matches.pop(match_id, None)
        if match is not None:
            match.row.status = "expired"
            self.scheduler.cancel_timers(match)
            match.changed()

    async def _evict(self) -> None:
        horizon = time.monotonic() - self.settings.idle_seconds
        idle = [m for m in self.matches.values()
                if not m.clients and not m.thinking and not m.timers and not m.lock.locked()
                and (m.active < horizon or m.status == "finished")]
        for match in idle:
            del self.matches[match.id]
        owned = [m.id for m in idle if m.owned]
        if owned and self.store.postgres:
            await self.store.call(self.store.release, owned)

    # -- clients -------------------------------------------------------------------------
    async def claim(self, match: Match, invite: str, name: str | None = None) -> tuple[int, str]:
        """Claim the invitation ``invite`` (as ``name``, optional): its seat and a fresh secret
        token that only the claimant receives; `MatchError` if it is unknown or was claimed
        already, or the name is not acceptable."""
        name = clean_name(name)
        digest = hash_token(invite)
        seat = next((s for s, h in enumerate(match.row.invite_hashes) if h == digest), None)
        if seat is None:
            raise MatchError("this invitation is not valid for this match, or was used already")
        token = secrets.token_urlsafe(24)
        async with self._claims:
            if not await self.store.call(self.store.claim, match.id, seat, digest,
                                         hash_token(token)):
                raise MatchError("this invitation was used already")
        match.row.invite_hashes[seat] = None
        match.row.token_hashes[seat] = hash_token(token)
        if name is not None:
            await self.rename(match, seat, name)
        return seat, token

    async def rename(self, match: Match, seat: int, name: str | None) -> None:
        """Set the name of ``seat``'s player (validated by `clean_name`; blank: the default):
        at once if the seat's ``rename`` window allows, else once it does, as the last name
        asked for meanwhile. A name equal to the current one stores and sends nothing."""
        name = clean_name(name)
        if match.status in ("finished", "expired"):
            raise MatchError("the match is over; names can no longer change")
        key = (match.id, seat)
        if key in self._renames:  # one is waiting for the window already: this one wins
            self._renames[key] = name
            return
        if name == match.names()[seat]:
            return
        wait = self.limiter.take("rename", seat=f"{match.id}/{seat}")
        if not wait:
            await self._store_name(match, seat, name)
            return
        self._renames[key] = name
        self.scheduler.spawn(self._rename_later(match, seat, wait))

    async def _rename_later(self, match: Match, seat: int, wait: float) -> None:
        while wait:
            await asyncio.sleep(wait)
            wait = self.limiter.take("rename", seat=f"{match.id}/{seat}")
        name = self._renames.pop((match.id, seat))
        if match.status in ("finished", "expired") or name == match.names()[seat]:
            return
        try:
            await self._store_name(match, seat, name)
        except StoreUnavailable as err:
            log.warning("the name of seat %d of match %s was not stored: %s", seat, match.id, err)

    async def _store_name(self, match: Match, seat: int, name: str | None) -> None:
        match.set_names(await self.store.call(self.store.set_name, match.id, seat, name))
        match.changed()

    async def rematch(self, match: Match) -> Match:
        """The rematch of finished ``match``, made on the first request (later ones, from
        any seat, get the same one): same game, options, timer and players, seats rotated
        by one (the player of seat s sits at s + 1); bots keep their level. Each human is
        handed their new seat by `rematch_seat`; the connected ones are told at once."""
        if match.status != "finished":
            raise MatchError("a rematch can be made only once the match is over")
        async with self._claims:
            if match.row.rematch is None:
                old = match.row
                n = len(old.seats)

                def turn(values: list) -> list:  # the player of seat s moves to s + 1
                    return [values[(seat - 1) % n] for seat in range(n)]

                seats = turn(old.seats)
                row = MatchRow(
                    id=secrets.token_urlsafe(9), game=old.game, options=old.options,
                    seed=secrets.randbelow(MAX_SEED), seats=seats, token_hashes=[None] * n,
                    joined=[kind != HUMAN for kind in seats], turn_seconds=old.turn_seconds,
                    timeout_agent=old.timeout_agent,
                    status="open" if HUMAN in seats else "running", created_at=now(),
                    invite_hashes=[None] * n, creator=old.creator, practice=old.practice,
                    owner=self.store.instance, names=turn(match.names()),
                )
                made = await self.store.call(self.store.create_rematch, match.id, row,
                                             self.settings.lease_seconds)
                if made == row.id:
                    state = await asyncio.to_thread(
                        lambda: load(row.game, **row.options).new_state(row.seed))
                    self.matches[row.id] = Match(row, state)
                    self.scheduler.schedule(self.matches[row.id])
                match.row.rematch = made
            match.changed()
        new = await self.get(match.row.rematch)
        if new is None:
            raise MatchError("the rematch could not be loaded")
        for client in list(match.clients):
            if client.seat is not None and client.token is not None:
                await self.tell_rematch(match, new, client)
        return new

    async def rematch_seat(self, match: Match, new: Match, seat: int, token: str) -> tuple[int, str]:
        """The seat and token in the rematch ``new`` of the player who holds ``token`` for
        ``seat`` of ``match`` (the token is derived from theirs: the same on each of their
        browsers, unknown to everybody else)."""
        new_seat = (seat + 1) % len(match.row.seats)
        secret = rematch_token(token, new.id)
        digest = hash_token(secret)
        if new.row.token_hashes[new_seat] != digest:
            if not await self.store.call(self.store.set_token, new.id, new_seat, digest):
                raise MatchError("this seat of the rematch was handed over already")
            new.row.token_hashes[new_seat] = digest
        return new_seat, secret

    async def tell_rematch(self, match: Match, new: Match, client: Client) -> None:
        """Send ``client`` (a seat of ``match``) its own seat and token in the rematch."""
        if client.token is None or client.seat is None or match.seat_of(client.token) != client.seat:
            return
        seat, token = await self.rematch_seat(match, new, client.seat, client.token)
        client.push(json.dumps({"type": "rematch", "id": new.id, "seat": seat, "token": token,
                                "url": f"/match/{new.id}#seat={seat}&token={token}"}))

    def open_socket(self, address: str) -> bool:
        """Count a new WebSocket of the address group ``address``; False if a connection cap
        is reached."""
        count = self.sockets.get(address, 0)
        if (count >= self.settings.sockets_per_address
                or sum(self.sockets.values()) >= self.settings.sockets_total):
            return False
        self.sockets[address] = count + 1
        return True

    def close_socket(self, address: str) -> None:
        """Forget one WebSocket of the address group ``address``."""
        count = self.sockets.get(address, 1) - 1
        if count > 0:
            self.sockets[address] = count
        else:
            self.sockets.pop(address, None)

    async def join(self, match: Match, client: Client) -> None:
        """Connect ``client``; the first connection of every human seat starts the match.
        It gets a full update; the others hear only of the presence change."""
        seat = client.seat
        if seat is not None and not match.row.joined[seat]:
            async with match.lock:  # one seat change at a time (SQLite has no row locks)
                joined, status = await self.store.call(self.store.join_seat, match.id, seat)
                match.row.joined, match.row.status = joined, status
            match.clients.add(client)
            self.scheduler.schedule(match)
            match.changed()
        else:
            match.clients.add(client)
            match.active = time.monotonic()
            client.update()
        self.presence_changed(match)

    def leave(self, match: Match, client: Client) -> None:
        """Disconnect ``client``; a finished match nobody watches leaves memory."""
        match.clients.discard(client)
        if match.status == "finished" and not match.clients:
            self.matches.pop(match.id, None)
        else:
            self.presence_changed(match)

    def presence_changed(self, match: Match) -> None:
        """Send the clients of ``match`` a small presence message (at most one per
        ``PRESENCE_EVERY``) and tell the other instances."""
        if match.id in self._presence_due:
            return
        self._presence_due.add(match.id)
        asyncio.get_running_loop().call_later(PRESENCE_EVERY, self._send_presence, match)

    def _send_presence(self, match: Match) -> None:
        self._presence_due.discard(match.id)
        match.presence_version += 1
        text = json.dumps(match.presence(), separators=(",", ":"))
        for client in list(match.clients):
            client.push(text)
        if self.cluster is not None:
            self.cluster.announce(match)

    def broadcast(self, match: Match) -> None:
        """Wake every client of ``match``: each will be sent its own latest update."""
        match.changed()

    def send(self, match: Match, client: Client) -> None:
        """Send one client its update."""
        client.update()

    # -- playing -------------------------------------------------------------------------
    async def act(self, match: Match, seat: int, action: Any, turn: int | None = None,
                  by: str = HUMAN) -> None:
        """Apply ``action`` for ``seat``; raise `IllegalAction`/`MatchError` and change nothing
        if it is refused. ``turn`` (the number of actions the sender saw) rejects stale moves.
        The action is stored before anybody hears of it; while the database does not answer
        the write is retried and the match's clients are told the server is busy."""
        async with match.lock:
            if match.status != "running":
                raise MatchError({"open": "the match has not started yet",
                                  "expired": "the match expired before everybody joined"}
                                 .get(match.status, "the match is over"))
            now = len(match.state.history)
            waiting = match.waiting_since.get(seat, now + 1) <= (turn if turn is not None else -1)
            if turn is not None and turn != now and not waiting:
                raise MatchError(f"stale move: it was sent for turn {turn}, the match is at "
                                 f"turn {now}")
            new = match.state.child(seat, action)
            action_json = match.game.action_to_json(new.history[-1][1])
            finished = new.is_terminal()
            result = {"returns": new.returns(), "scores": new.scores()} if finished else None
            try:
                await self.writer.write(
                    Move(match.id, len(match.state.history), seat, action_json, by,
                         "finished" if finished else None, result),
                    self.settings.write_patience, self._busy(match))
            except MoveConflict:
                self.scheduler.spawn(self.refresh(match))
                raise MatchError("stale move: another move was played first") from None
            finally:
                if match.busy:
                    match.busy = False
            self._applied(match, new, seat, action_json, by, result)

    def _busy(self, match: Match) -> Callable[[], None]:
        def tell() -> None:
            if not match.busy:
                match.busy = True
                for client in list(match.clients):
                    client.push(BUSY)
        return tell

    def _applied(self, match: Match, new, seat: int, action_json: Any, by: str,
                 result: dict | None) -> None:
        match.state = new
        match.row.actions.append([seat, action_json])
        match.row.move_sources.append(by)
        if result is not None:
            match.row.status = "finished"
            match.row.result = result
        self.scheduler.cancel_timer(match, seat)
        match.waiting_since.pop(seat, None)
        self.scheduler.schedule(match)  # first, so the update carries the new turn deadline
        match.changed()

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
            result = ({"returns": new.returns(), "scores": new.scores()}
                      if new.is_terminal() else None)
            self._applied(match, new, seat, action, by, result)

    def remote_head(self, match: Match, head: dict) -> None:
        """Seats joined, tokens and status as stored (changed by another instance)."""
        row = match.row
        changed = (row.joined, row.status) != (head["joined"], head["status"])
        row.joined, row.token_hashes = head["joined"], head["token_hashes"]
        row.invite_hashes = head["invite_hashes"] or row.invite_hashes
        if (head["names"] or row.names) != row.names or head["rematch"] != row.rematch:
            match.set_names(head["names"] or row.names)
            row.rematch = head["rematch"]
            changed = True
        if head["status"] != row.status:
            row.status = head["status"]
            row.result = head["result"]
        if changed:
            self.scheduler.schedule(match)
            match.changed()
        if row.status == "expired":
            self.expired(match.id)

    async def close(self) -> None:
        """Stop timers and pending bot moves."""
        for match in self.matches.values():
            self.scheduler.cancel_timers(match)
        await self.scheduler.close()
        self.writer.close()
        self.replays.close()


def _json_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
