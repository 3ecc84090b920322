"""Play now: a queue per game and player count that pairs players of close ratings.

A player joins (``POST /api/queue``) and gets a secret ticket; the page polls
``GET /api/queue/{ticket}`` (which also keeps the entry alive) until it answers ``paired``
with the new match, the seat and the seat's token, or leaves (``DELETE /api/queue/{ticket}``).

The queue lives in the database (table ``queue``, ``store/queue.py``), so several instances
on one PostgreSQL share it: each instance's `Matchmaker` pairs every `TICK` seconds (and at
once when somebody joins); the store claims each paired entry with a conditional update in the
transaction that stores its match, so an entry goes into one match only.

Pairing (`groups`): the oldest entry first; it takes the entries closest to its rating while
the group's rating spread fits the narrowest window in it; a player's window is `window`
(`WINDOW_START` rating points at entry, `WINDOW_GROWTH` more per second waited, any rating
after `WINDOW_ALL` seconds). A player who ticked "fill with a bot" and has waited their
``bot_after`` seconds starts with the players found so far who ticked it too, the free seats
taken by their chosen bot level. Ratings come from `rating_of` only: an account's OpenSkill
mean in the game and player-count class, for guests the starting mean. An account's quick
seat belongs to it (as any seat it takes), so it follows the player to another browser.

Bounds: one waiting entry per holder (a guest's address group, or a logged-in account); an entry not polled
for `IDLE_SECONDS`, or waiting over `WAIT_SECONDS`, leaves the queue; a paired entry answers
polls for `PAIRED_KEEP` seconds, then is deleted; a quick match whose players have not all
connected within `QUICK_JOIN_SECONDS` expires (its players are told, as for any open match).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from mezquita.agents.levels import levels_of
from mezquita.engine import MezquitaError, load
from mezquita.engine.registry import game_class

from .accounts import Account, seat_token
from .errors import MatchError
from .match import clean_name, hash_token
from .ratings import START, players_class
from .status import HUMAN
from .store import MatchRow, Store, StoreUnavailable, now

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("mezquita.server")

DEFAULT_RATING = START[0]  # OpenSkill's starting mean: a guest's (and a new account's) rating
ACCOUNT = "account:"  # the holder of a logged-in player's entry: ``account:<id>``
WINDOW_START = 3.0  # rating points two players may differ by when they join
WINDOW_GROWTH = 0.2  # more points per second waited (12 a minute)
WINDOW_ALL = 120.0  # after two minutes any rating fits
IDLE_SECONDS = 30.0  # an entry whose page stopped polling leaves the queue after this
WAIT_SECONDS = 900.0  # nobody waits longer than this
PAIRED_KEEP = 600.0  # a paired entry answers polls this long
BOT_AFTER = (5, 600)  # a bot fills the free seats after between 5 s and 10 min, as chosen
TICK = 1.0  # seconds between pairing rounds of one instance
QUICK_CLOCK = "quick"  # a quick match's clock preset (`clocks.PRESETS`)
QUICK_JOIN_SECONDS = 60  # a quick match whose players have not all come by then expires


class QueueError(MezquitaError):
    """A queue request refused: ``status`` is the HTTP status that says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def window(waited: float) -> float:
    """The rating difference a player accepts after waiting ``waited`` seconds."""
    return math.inf if waited >= WINDOW_ALL else WINDOW_START + WINDOW_GROWTH * max(0.0, waited)


def rating_of(store: Store, holder: str, game: str, players: int) -> float:
    """The rating the queue pairs ``holder`` by in ``game`` at ``players`` (run through
    `Store.call`): the one place ratings enter the queue. An account's OpenSkill mean in that
    game and player-count class; guests (and accounts not rated there yet) `DEFAULT_RATING`."""
    if not holder.startswith(ACCOUNT):
        return DEFAULT_RATING
    klass = players_class(players)
    return next((r["mu"] for r in store.player_ratings(int(holder.removeprefix(ACCOUNT)))
                 if r["game"] == game and r["players"] == klass), DEFAULT_RATING)


def account_of_holder(holder: str) -> int | None:
    """The account id of a queue entry's holder, or ``None`` for a guest's."""
    return int(holder.removeprefix(ACCOUNT)) if holder.startswith(ACCOUNT) else None


def queue_token(ticket: str, match_id: str) -> str:
    """The seat token of the match a ticket was paired into (derived from the secret ticket:
    the same at every poll, stored nowhere in clear, unknown to anybody without the ticket)."""
    return hmac.new(ticket.encode(), f"queue:{match_id}".encode(), "sha256").hexdigest()[:32]


@dataclass(frozen=True)
class Entry:
    """A waiting player as the pairing sees them."""

    ticket_hash: str
    holder: str
    rating: float
    name: str | None
    bot: str | None
    bot_after: int | None
    created_at: datetime


def groups(entries: list[Entry], players: int, at: datetime) -> list[tuple[list[Entry], str | None]]:
    """The matches to make of ``entries`` at time ``at``: per match its players and the bot
    level filling the other seats (``None``: full of players). See the module docstring."""
    waited = {e.ticket_hash: (at - e.created_at).total_seconds() for e in entries}
    waiting = sorted(entries, key=lambda e: e.created_at)
    used: set[str] = set()
    out: list[tuple[list[Entry], str | None]] = []
    for first in waiting:
        if first.ticket_hash in used:
            continue
        group = [first]
        others = sorted((e for e in waiting if e.ticket_hash not in used and e is not first),
                        key=lambda e: abs(e.rating - first.rating))
        for other in others:
            if len(group) == players:
                break
            trial = [*group, other]
            spread = max(e.rating for e in trial) - min(e.rating for e in trial)
            if spread <= min(window(waited[e.ticket_hash]) for e in trial):
                group = trial
        if len(group) == players:
            out.append((group, None))
        elif first.bot and waited[first.ticket_hash] >= (first.bot_after or 0):
            group = [first, *(e for e in group[1:] if e.bot)]
            out.append((group, first.bot))
        else:
            continue
        used.update(e.ticket_hash for e in group)
    return out


class Matchmaker:
    """The queue of one instance (entries shared through the database); ``clock`` gives the
    current time (tests set their own)."""

    def __init__(self, hub: Hub, clock: Callable[[], datetime] = now) -> None:
        self.hub = hub
        self.store: Store = hub.store
        self.clock = clock
        self._pairing = asyncio.Lock()

    async def join(self, holder: str, game_id: str, players: int, name: str | None = None,
                   bot: str | None = None, bot_after: int | None = None,
                   account: Account | None = None) -> str:
        """Put ``holder`` (a guest's address group; a logged-in ``account`` is its own
        holder and plays under its name) in the queue of ``game_id`` at ``players``; their
        secret ticket. `QueueError` (nothing stored) for bad input or a holder already
        waiting."""
        name = _clean(name) if account is None else account.name
        if account is not None:
            holder = f"{ACCOUNT}{account.id}"
        options = self.options(game_id, players)
        if bot is not None:
            levels = list(levels_of(load(game_id, **options)))
            if bot not in levels:
                raise QueueError(422, f"bot must be one of: {', '.join(levels)}")
            if bot_after is None or not BOT_AFTER[0] <= bot_after <= BOT_AFTER[1]:
                raise QueueError(422, f"bot_after must be {BOT_AFTER[0]}..{BOT_AFTER[1]} seconds")
        elif bot_after is not None:
            raise QueueError(422, "bot_after is the wait before a bot fills a seat: give bot too")
        rating = await self.store.call(rating_of, self.store, holder, game_id, players)
        ticket = secrets.token_urlsafe(24)
        stamp = self.clock()
        row = {"ticket_hash": hash_token(ticket), "holder": holder, "game": game_id,
               "players": players, "rating": rating, "name": name,
               "bot": bot, "bot_after": bot_after, "created_at": stamp, "seen_at": stamp}
        if not await self.store.call(self.store.enqueue, row):
            raise QueueError(409, "you are in the queue already (this address or account); "
                                  "leave it first")
        await self.pair(game_id, players)
        return ticket

    @staticmethod
    def options(game_id: str, players: int) -> dict:
        """The options of a quick match of ``game_id`` at ``players`` (the defaults, with
        that player count); `QueueError` if the game has no such count."""
        try:
            info = game_class(game_id).info
        except MezquitaError:
            raise QueueError(422, f"unknown game {game_id!r}") from None
        low, high = info.min_players, info.max_players
        if not low <= players <= high:
            raise QueueError(422, f"{info.name} is played by {low}..{high} players")
        return {"players": players} if any(o.name == "players" for o in info.options) else {}

    async def status(self, ticket: str, account: Account | None = None) -> dict:
        """Where ``ticket`` stands: ``waiting`` (with the seconds waited and the rating
        window) or ``paired`` (match, seat, the seat's token and link); keeps it alive.
        `QueueError` 404 if it is unknown or expired, 403 if an account's ticket is asked for
        by anybody but that account (whose seat it then is, its token derived as any of the
        account's seats)."""
        entry = await self.store.call(self.store.touch_entry, _ticket_hash(ticket), self.clock())
        if entry is None:
            raise QueueError(404, "this ticket is not in the queue (it expired or was never)")
        holder = account_of_holder(entry["holder"])
        if holder is not None and (account is None or account.id != holder):
            raise QueueError(403, "this ticket is an account's: log in to it")
        if entry["match_id"] is None:
            waited = (self.clock() - entry["created_at"]).total_seconds()
            spread = window(waited)
            return {"status": "waiting", "game": entry["game"], "players": entry["players"],
                    "waited": round(waited, 1), "window": None if math.isinf(spread) else spread}
        match = await self.hub.get(entry["match_id"])
        if match is None:
            raise QueueError(404, "the match of this ticket is gone")
        seat = entry["seat"]
        token = (queue_token(ticket, match.id) if account is None
                 else seat_token(account.seat_key, match.id, seat))
        digest = hash_token(token)
        if match.row.token_hashes[seat] != digest:
            if not await self.store.call(self.store.set_token, match.id, seat, digest):
                raise QueueError(409, "this seat was handed over already")
            match.row.token_hashes[seat] = digest
        return {"status": "paired", "game": entry["game"], "players": entry["players"],
                "match": match.id, "seat": seat, "token": token,
                "url": f"/match/{match.id}#seat={seat}&token={token}"}

    async def leave(self, ticket: str) -> None:
        """Take ``ticket`` out of the queue; `QueueError` if it is unknown or paired already."""
        left = await self.store.call(self.store.leave_queue, _ticket_hash(ticket))
        if left is None:
            raise QueueError(404, "this ticket is not in the queue")
        if not left:
            raise QueueError(409, "this ticket was paired already; its match has begun")

    async def pair(self, game_id: str, players: int) -> list[str]:
        """One pairing round of one queue: the ids of the matches made (and started here);
        a round that fails (the database away, an entry claimed elsewhere) makes none and
        the next round tries again."""
        async with self._pairing:  # one round at a time on this instance
            try:
                at = self.clock()
                made = await self.store.call(self.store.pair_queue, game_id, players, at,
                                             lambda rows: self._matches(game_id, players, rows, at),
                                             self.hub.settings.lease_seconds)
            except StoreUnavailable as err:
                log.warning("pairing %s at %d players: %s", game_id, players, err)
                return []
        for match in made:
            self.hub.adopt(match)
        return [match.id for match in made]

    def _matches(self, game_id: str, players: int, rows: list[dict], at: datetime) -> list:
        """The matches to make of the waiting ``rows`` at ``at`` (run by the store, in the
        pairing transaction): ``[(match, [(ticket hash, seat)])]``."""
        entries = [Entry(r["ticket_hash"], r["holder"], r["rating"], r["name"], r["bot"],
                         r["bot_after"], r["created_at"]) for r in rows]
        return [self._build(game_id, players, group, bot)
                for group, bot in groups(entries, players, at)]

    def _build(self, game_id: str, players: int, group: list[Entry], bot: str | None):
        """The match of a paired ``group`` (seats in random order, bots in the free ones),
        its seats' tokens to be derived from the tickets; ``(match, [(ticket hash, seat)])``."""
        kinds = [HUMAN] * len(group) + [bot or ""] * (players - len(group))
        order = list(range(players))
        secrets.SystemRandom().shuffle(order)  # order[i]: the seat of the i-th of `kinds`
        seats = [""] * players
        for i, seat in enumerate(order):
            seats[seat] = kinds[i]
        match, _ = self.hub.build(game_id, self.options(game_id, players), seats, QUICK_CLOCK,
                                  creator=group[0].holder)
        row: MatchRow = match.row
        row.token_hashes = [None] * players
        row.invite_hashes = [None] * players
        names: list[str | None] = [None] * players
        for i, entry in enumerate(group):
            names[order[i]] = entry.name
        row.names = names
        row.accounts = [None] * players
        for i, entry in enumerate(group):
            row.accounts[order[i]] = account_of_holder(entry.holder)
        return match, [(entry.ticket_hash, order[i]) for i, entry in enumerate(group)]

    async def tick(self) -> None:
        """One round: pair every queue with waiting players, drop expired entries, expire
        quick matches a paired player never came to."""
        for game_id, players in await self.store.call(self.store.queues):
            await self.pair(game_id, players)
        at = self.clock()
        await self.store.call(self.store.expire_queue, at, IDLE_SECONDS, WAIT_SECONDS, PAIRED_KEEP)
        for match_id in await self.store.call(self.store.expire_unjoined,
                                              at - timedelta(seconds=QUICK_JOIN_SECONDS)):
            self.hub.expired(match_id)

    async def run(self) -> None:
        """Forever: a round every `TICK` seconds."""
        while True:
            await asyncio.sleep(TICK)
            try:
                await self.tick()
            except StoreUnavailable:
                continue
            except Exception:
                log.exception("the queue's round failed")


def _ticket_hash(ticket: str) -> str:
    if len(ticket) > 64:
        raise QueueError(404, "this ticket is not in the queue")
    return hash_token(ticket)


def _clean(name: str | None) -> str | None:
    try:
        return clean_name(name)
    except MatchError as err:
        raise QueueError(422, str(err)) from None
