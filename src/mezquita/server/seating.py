"""Lobby and seating: creating a match, claiming an invitation, taking an open seat, names,
rematches."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any

from mezquita.engine import MezquitaError, load
from mezquita.engine.options import check_remote
from mezquita.engine.registry import game_class

from .accounts import Account, seat_token
from .bots import agent_names
from .clocks import Clocks, choose
from .errors import MatchError
from .hubstate import HubState
from .match import Client, Match, clean_name, hash_token, rematch_token
from .status import HUMAN, OPEN, MatchStatus
from .store import MatchRow, StoreUnavailable, TableFull, now

log = logging.getLogger("mezquita.server")

MAX_SEED = 2**62


class Seating(HubState):
    """`Hub`'s lobby and seating: who sits where, and the matches that follow."""

    async def create(self, game_id: str, options: dict[str, Any], seats: list[str],
                     clock: str | dict | None = None, seed: int | None = None,
                     practice: bool = False, creator: str = "", name: str | None = None,
                     account: Account | None = None, guide: bool = False
                     ) -> tuple[Match, list[tuple[str | None, str | None]]]:
        """Create and store a match (see `build`); return it with, per seat, ``(token,
        invitation)``."""
        match, secrets_ = self.build(game_id, options, seats, clock, seed, practice, creator,
                                     name, account, guide)
        await self.store.call(self.store.create, match.row, self.settings.lease_seconds)
        self.adopt(match)
        return match, secrets_

    def adopt(self, match: Match) -> None:
        """Run ``match``, just stored by this instance (bots, clocks)."""
        self.matches[match.id] = match
        self.scheduler.schedule(match)

    def build(self, game_id: str, options: dict[str, Any], seats: list[str],
              clock: str | dict | None = None, seed: int | None = None,
              practice: bool = False, creator: str = "", name: str | None = None,
              account: Account | None = None, guide: bool = False
              ) -> tuple[Match, list[tuple[str | None, str | None]]]:
        """A new match, validated but not stored yet, with per seat ``(token, invitation)``:
        the creator's own seat (the first human one) gets a token (and ``name``, the
        creator's chosen name; a logged-in creator's ``account`` holds the seat, under its
        name), every other human seat an invitation that `claim` turns into its own token
        once; an ``OPEN`` seat gets neither: anyone may take it (`sit`). ``clock`` as
        `clocks.choose` takes it (open seats count as humans). The server picks the seed; a
        client's ``seed`` is accepted only for a ``practice`` match (and shown to all). A
        ``guide`` match (a practice one of a game with a guide) sends its seats the guide's
        notes (`Game.guide`)."""
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
        for kind in seats:
            if kind not in (HUMAN, OPEN) and kind not in bots:
                raise MatchError(f"unknown seat kind {kind!r} (human, open or one of: "
                                 f"{', '.join(bots)})")
        if guide and not (practice and game.guide_setup()):
            raise MatchError(f"a guided match must be a practice match of a game with a guide; "
                             f"{game.info.name} has {'one' if game.guide_setup() else 'none'}")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        elif not practice:
            raise MatchError("the server deals: a seed is accepted only for a practice match "
                             '("practice": true, unrated, its seed shown to every seat)')
        elif not 0 <= seed < MAX_SEED:
            raise MatchError(f"seed must be in 0..{MAX_SEED - 1}")
        opened = [seat for seat, kind in enumerate(seats) if kind == OPEN]
        seats = [HUMAN if kind == OPEN else kind for kind in seats]
        stored_clock = choose(clock, seats)
        humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN and seat not in opened]
        match_id = secrets.token_urlsafe(9)
        if account is not None:
            name = account.name
        names: list[str | None] = [name if humans and seat == humans[0] else None
                                   for seat in range(len(seats))]
        holders = [account.id if account and humans and seat == humans[0] else None
                   for seat in range(len(seats))]
        secrets_: list[tuple[str | None, str | None]] = [(None, None)] * len(seats)
        for seat in humans:
            word = secrets.token_urlsafe(24)
            if seat == humans[0] and account is not None:
                word = seat_token(account.seat_key, match_id, seat)
            secrets_[seat] = (word, None) if seat == humans[0] else (None, word)
        row = MatchRow(
            id=match_id, game=game_id, options=_json_options(game.options),
            seed=seed, seats=seats,
            token_hashes=[hash_token(t) if t else None for t, _ in secrets_],
            joined=[kind != HUMAN for kind in seats], clock=stored_clock,
            left=[None] * len(seats),
            status=MatchStatus.OPEN if HUMAN in seats else MatchStatus.RUNNING,
            created_at=now(), invite_hashes=[hash_token(i) if i else None for _, i in secrets_],
            creator=creator[:64], practice=practice, owner=self.store.instance, names=names,
            accounts=holders, open_seats=opened, guide=guide,
        )
        match = Match(row, game.new_state(seed))
        if stored_clock is not None:
            match.clocks = Clocks(stored_clock, len(seats))
        return match, secrets_

    async def sit(self, match: Match, seat: int | None = None, name: str | None = None,
                  account: Account | None = None) -> tuple[int, str]:
        """Take an open seat of ``match`` (``seat``, or the lowest free one) as ``name`` (a
        logged-in sitter's ``account`` holds the seat, under its name): the seat and a fresh
        secret token only the sitter receives. `MatchError` for a seat that is no open seat
        or a bad name; `TableFull` when none is free or the table is no longer open (the
        store's conditional update decides a race: see ``store/tables.py``)."""
        name = clean_name(name) if account is None else account.name
        if not match.row.open_seats:
            raise MatchError("this match has no open seat; join it by its invitation link")
        if seat is not None and seat not in match.row.open_seats:
            raise MatchError(f"seat {seat + 1} is not an open seat of this table")
        if match.status != MatchStatus.OPEN:
            raise TableFull("this table is no longer open")
        guest = secrets.token_urlsafe(24)

        def token(seat: int) -> str:
            return guest if account is None else seat_token(account.seat_key, match.id, seat)

        taken, tokens, names = await self.store.call(
            self.store.take_seat, match.id, seat, lambda s: hash_token(token(s)), name,
            account.id if account is not None else None)
        match.row.token_hashes = tokens
        if account is not None:
            match.row.accounts[taken] = account.id
        match.set_names(names)
        match.changed()
        return taken, token(taken)

    async def claim(self, match: Match, invite: str, name: str | None = None,
                    account: Account | None = None) -> tuple[int, str]:
        """Claim the invitation ``invite`` (as ``name``, optional; a logged-in claimant's
        ``account`` holds the seat, under its name): its seat and a fresh secret token that
        only the claimant receives; `MatchError` if it is unknown or was claimed already, or
        the name is not acceptable."""
        name = clean_name(name) if account is None else account.name
        digest = hash_token(invite)
        seat = next((s for s, h in enumerate(match.row.invite_hashes) if h == digest), None)
        if seat is None:
            raise MatchError("this invitation is not valid for this match, or was used already")
        token = (secrets.token_urlsafe(24) if account is None
                 else seat_token(account.seat_key, match.id, seat))
        async with self._claims:
            if not await self.store.call(self.store.claim, match.id, seat, digest,
                                         hash_token(token),
                                         account.id if account is not None else None):
                raise MatchError("this invitation was used already")
        match.row.invite_hashes[seat] = None
        match.row.token_hashes[seat] = hash_token(token)
        if account is not None:
            match.row.accounts[seat] = account.id
        if name is not None:
            await self.rename(match, seat, name)
        return seat, token

    async def rename(self, match: Match, seat: int, name: str | None) -> None:
        """Set the name of ``seat``'s player (validated by `clean_name`; blank: the default):
        at once if the seat's ``rename`` window allows, else once it does, as the last name
        asked for meanwhile. A name equal to the current one stores and sends nothing; an
        account's seat keeps the account's name, and a seat whose player left keeps its."""
        name = clean_name(name)
        if match.status in (MatchStatus.FINISHED, MatchStatus.EXPIRED):
            raise MatchError("the match is over; names can no longer change")
        if match.row.accounts[seat] is not None and match.names()[seat] is not None:
            raise MatchError("this seat plays under its account's name")
        if match.left()[seat] is not None:
            raise MatchError("this seat's player left the match; its name stays")
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
        if match.status in (MatchStatus.FINISHED, MatchStatus.EXPIRED) or name == match.names()[seat]:
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
        any seat, get the same one): same game, options, clock and players, seats rotated
        by one (the player of seat s sits at s + 1); bots keep their level and accounts their
        seats; a seat a bot took over is its player's again. Each human is handed their new
        seat by `rematch_seat`; the connected ones are told at once."""
        if match.status != MatchStatus.FINISHED:
            raise MatchError("a rematch can be made only once the match is over")
        async with self._claims:
            if match.row.rematch is None:
                old = match.row
                n = len(old.seats)

                def turn(values: list) -> list:  # the player of seat s moves to s + 1
                    return [values[(seat - 1) % n] for seat in range(n)]

                seats = turn([HUMAN if left else kind
                              for kind, left in zip(old.seats, match.left())])
                holders, new_id = turn(old.accounts), secrets.token_urlsafe(9)
                keys = await self.store.call(self.store.seat_keys, [a for a in holders if a])
                row = MatchRow(
                    id=new_id, game=old.game, options=old.options,
                    seed=secrets.randbelow(MAX_SEED), seats=seats,
                    token_hashes=[hash_token(seat_token(keys[a], new_id, s)) if a else None
                                  for s, a in enumerate(holders)],
                    joined=[kind != HUMAN for kind in seats], clock=old.clock, left=[None] * n,
                    status=MatchStatus.OPEN if HUMAN in seats else MatchStatus.RUNNING, created_at=now(),
                    invite_hashes=[None] * n, creator=old.creator, practice=old.practice,
                    owner=self.store.instance, names=turn(match.names()), accounts=holders,
                )
                made = await self.store.call(self.store.create_rematch, match.id, row,
                                             self.settings.lease_seconds)
                if made == row.id:
                    state = await asyncio.to_thread(
                        lambda: load(row.game, **row.options).new_state(row.seed))
                    self.matches[row.id] = Match(row, state)
                    if row.clock is not None:
                        self.matches[row.id].clocks = Clocks(row.clock, n)
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
        holder = new.row.accounts[new_seat]
        if holder is not None:  # an account's seat: its token, as on any of its browsers
            keys = await self.store.call(self.store.seat_keys, [holder])
            return new_seat, seat_token(keys[holder], new.id, new_seat)
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


def _json_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
