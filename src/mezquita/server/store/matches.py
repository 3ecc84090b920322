"""The ``matches`` table: a match's record header, seats, tokens, names, clock, status and
the seats that left; and ``match_players``, the accounts holding its seats."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypedDict

from sqlalchemy import insert, select, update

from ..accounts import profiles
from ..models import match_players, matches, moves, open_seats
from ..status import MatchStatus
from .db import Database, _aware, now


class Departure(TypedDict):
    """How a seat's player left the match (``leaving.py``), as stored in its row's ``left``."""

    why: str  # "resigned" or "absent"
    turn: int  # the actions played before it
    events: int  # the log events before it
    bot: str | None  # the bot level playing the seat on; None: the match ended


@dataclass
class MatchRow:
    """A stored match: its record header, metadata and the actions played so far."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    joined: list[bool]
    status: MatchStatus
    created_at: datetime
    result: dict | None = None
    actions: list[list[Any]] = field(default_factory=list)  # [seat, action JSON]
    move_sources: list[str] = field(default_factory=list)  # human, bot or timeout per action
    invite_hashes: list[str | None] = field(default_factory=list)  # unclaimed invitations
    creator: str = ""
    practice: bool = False
    owner: str | None = None  # the instance that runs its bots and clocks
    names: list[str | None] = field(default_factory=list)  # chosen names per seat (None: default)
    rematch: str | None = None  # the id of this match's rematch, once made
    clock: dict | None = None  # `clocks.choose`; None: no clock
    left: list[Departure | None] = field(default_factory=list)  # per seat: how it left
    started_at: datetime | None = None  # when every human seat had joined
    move_times: list[datetime] = field(default_factory=list)  # when each action was stored
    open_seats: list[int] = field(default_factory=list)  # seats anyone may take (``tables.py``)
    accounts: list[int | None] = field(default_factory=list)  # per seat: its account, if any
    guide: bool = False  # a guided practice match: its seats get the guide's notes


class Matches(Database):
    """Reads and writes match rows (creation, seats, names, departures, status, lobby lists)."""

    def create(self, row: MatchRow, lease_seconds: float = 0.0) -> None:
        """Store a new match (owned by this instance)."""
        with self.engine.begin() as c:
            self._insert(c, row, lease_seconds)

    def _insert(self, c, row: MatchRow, lease_seconds: float) -> None:
        stamp = now()
        c.execute(insert(matches).values(
            id=row.id, game=row.game, options=row.options, seed=row.seed, seats=row.seats,
            token_hashes=row.token_hashes, joined=row.joined, clock=row.clock,
            left=row.left or [None] * len(row.seats),
            status=row.status, created_at=row.created_at, updated_at=stamp,
            invite_hashes=row.invite_hashes, creator=row.creator, practice=row.practice,
            owner=self.instance, lease_until=stamp + timedelta(seconds=lease_seconds),
            names=row.names or [None] * len(row.seats), guide=row.guide,
        ))
        if row.open_seats:
            c.execute(insert(open_seats), [{"match_id": row.id, "seat": seat}
                                           for seat in row.open_seats])
        self._hold_seats(c, row.id, row.accounts)

    def _hold_seats(self, c, match_id: str, holders: list[int | None]) -> None:
        """Record in transaction ``c`` the accounts holding seats of ``match_id``."""
        rows = [{"match_id": match_id, "seat": seat, "account_id": account}
                for seat, account in enumerate(holders) if account is not None]
        if rows:
            c.execute(insert(match_players), rows)

    def _holders(self, c, match_id: str, seats: int) -> list[int | None]:
        """Per seat of ``match_id``, the account holding it (or ``None``)."""
        holders: list[int | None] = [None] * seats
        for seat, account in c.execute(select(match_players.c.seat, match_players.c.account_id)
                                       .where(match_players.c.match_id == match_id)):
            if seat < seats:
                holders[seat] = account
        return holders

    def create_rematch(self, old_id: str, row: MatchRow, lease_seconds: float = 0.0) -> str:
        """Store ``row`` as the rematch of ``old_id`` unless it has one already; the id of
        the rematch (``row.id`` or the one made first, by another click or instance)."""
        with self.engine.begin() as c:
            made = c.execute(select(matches.c.rematch).where(matches.c.id == old_id)
                             .with_for_update()).scalar_one()
            if made:
                return made
            self._insert(c, row, lease_seconds)
            c.execute(update(matches).where(matches.c.id == old_id)
                      .values(rematch=row.id, updated_at=now()))
            self._notify(c, "head", old_id)
        return row.id

    def set_name(self, match_id: str, seat: int, name: str | None) -> list[str | None]:
        """Store the name of ``seat``'s player; the names of every seat."""
        with self.engine.begin() as c:
            stored, seats = c.execute(select(matches.c.names, matches.c.seats)
                                      .where(matches.c.id == match_id).with_for_update()).one()
            names = list(stored or [None] * len(seats))
            names[seat] = name
            c.execute(update(matches).where(matches.c.id == match_id).values(names=names))
            self._notify(c, "head", match_id)
        return names

    def set_token(self, match_id: str, seat: int, token_hash: str) -> bool:
        """Give ``seat`` the token ``token_hash`` if it has none yet (a rematch seat handed
        to its player when they come back); True if the seat now has exactly that token."""
        with self.engine.begin() as c:
            tokens = list(c.execute(select(matches.c.token_hashes)
                                    .where(matches.c.id == match_id).with_for_update()).scalar_one())
            if tokens[seat] is None:
                tokens[seat] = token_hash
                c.execute(update(matches).where(matches.c.id == match_id)
                          .values(token_hashes=tokens))
                self._notify(c, "head", match_id)
        return tokens[seat] == token_hash

    def join_seat(self, match_id: str, seat: int) -> tuple[list[bool], MatchStatus]:
        """Record that human ``seat`` has connected (merged with what other instances
        recorded); the seats joined and the status that follows (running once all have)."""
        with self.engine.begin() as c:
            joined, status = c.execute(select(matches.c.joined, matches.c.status)
                                       .where(matches.c.id == match_id).with_for_update()).one()
            joined = [*joined]
            joined[seat] = True
            stamp, values = now(), {}
            if status == MatchStatus.OPEN and all(joined):
                status, values["started_at"] = MatchStatus.RUNNING, stamp
            c.execute(update(matches).where(matches.c.id == match_id)
                      .values(joined=joined, status=status, updated_at=stamp, **values))
            self._notify(c, "head", match_id)
        return joined, MatchStatus(status)

    def claim(self, match_id: str, seat: int, invite_hash: str, token_hash: str,
              account: int | None = None) -> bool:
        """Turn ``seat``'s invitation into the claimant's token (and the seat of their
        ``account``, if logged in), once; False if it was claimed already (or never existed)."""
        with self.engine.begin() as c:
            head = c.execute(select(matches.c.invite_hashes, matches.c.token_hashes)
                             .where(matches.c.id == match_id).with_for_update()).first()
            if head is None or not head[0] or seat >= len(head[0]) or head[0][seat] != invite_hash:
                return False
            invites, tokens = list(head[0]), list(head[1])
            invites[seat], tokens[seat] = None, token_hash
            # the row lock (PostgreSQL) or the hub's claim lock (SQLite: one instance)
            # makes this read-then-write atomic
            c.execute(update(matches).where(matches.c.id == match_id)
                      .values(invite_hashes=invites, token_hashes=tokens, updated_at=now()))
            if account is not None:
                self._hold_seats(c, match_id, [account if s == seat else None
                                               for s in range(len(tokens))])
            self._notify(c, "head", match_id)
        return True

    def head(self, match_id: str) -> dict | None:
        """The match row's changing fields (seats joined, tokens, status, owner)."""
        with self.engine.connect() as c:
            row = c.execute(select(matches.c.joined, matches.c.token_hashes,
                                   matches.c.invite_hashes, matches.c.status, matches.c.result,
                                   matches.c.owner, matches.c.names, matches.c.rematch,
                                   matches.c.seats, matches.c.left)
                             .where(matches.c.id == match_id)).mappings().first()
            if row is None:
                return None
            return {**row, "accounts": self._holders(c, match_id, len(row["joined"]))}

    def load(self, match_id: str) -> MatchRow | None:
        """The match ``match_id`` with its moves, or ``None``."""
        with self.engine.connect() as c:
            head = c.execute(select(matches).where(matches.c.id == match_id)).mappings().first()
            if head is None:
                return None
            rows = c.execute(select(moves.c.seat, moves.c.action, moves.c.by, moves.c.at)
                             .where(moves.c.match_id == match_id)
                             .order_by(moves.c.turn)).all()
            n = len(head["seats"])
            opened = list(c.execute(select(open_seats.c.seat).where(
                open_seats.c.match_id == match_id).order_by(open_seats.c.seat)).scalars())
            holders = self._holders(c, match_id, n)
        return MatchRow(
            id=head["id"], game=head["game"], options=head["options"], seed=head["seed"],
            seats=head["seats"], token_hashes=head["token_hashes"], joined=head["joined"],
            status=MatchStatus(head["status"]), created_at=head["created_at"], result=head["result"],
            actions=[[seat, action] for seat, action, _, _ in rows],
            move_sources=[by for _, _, by, _ in rows],
            invite_hashes=head["invite_hashes"] or [None] * n,
            creator=head["creator"] or "", practice=bool(head["practice"]), owner=head["owner"],
            names=head["names"] or [None] * n, rematch=head["rematch"], clock=head["clock"],
            left=head["left"] or [None] * n,
            started_at=_aware(head["started_at"] or head["updated_at"]),
            move_times=[_aware(at) for _, _, _, at in rows],
            open_seats=opened, guide=bool(head["guide"]),
            accounts=holders,
        )

    def leave(self, match_id: str, seat: int, entry: Departure, seats: list[str], status: str,
              result: dict | None) -> bool:
        """Store that ``seat`` left (``entry``), with the seats, status and result that follow,
        if the match still runs and the seat had not left; False otherwise (nothing changed).
        Besides a last move (``moves.py``), the one way a match finishes: two players, one
        resigned or ran out of time."""
        with self.engine.begin() as c:
            head = c.execute(select(matches.c.left, matches.c.status)
                             .where(matches.c.id == match_id).with_for_update()).first()
            left = list(head[0] or [None] * len(seats)) if head is not None else []
            if head is None or head[1] != MatchStatus.RUNNING or left[seat] is not None:
                return False
            left[seat] = entry
            stamp = now()
            values = {"result": result, "finished_at": stamp} if result is not None else {}
            c.execute(update(matches).where(matches.c.id == match_id).values(
                left=left, seats=seats, status=status, updated_at=stamp, **values))
            if result is not None:
                self._rate(c, match_id, result["returns"])  # `Ratings._rate`, in this transaction
            self._notify(c, "head", match_id)
        return True

    def expire_open(self, seconds: float) -> list[str]:
        """Mark open matches created over ``seconds`` ago as expired; their ids."""
        before = now() - timedelta(seconds=seconds)
        with self.engine.begin() as c:
            ids = list(c.execute(select(matches.c.id).where(
                matches.c.status == MatchStatus.OPEN, matches.c.created_at < before)).scalars())
            if ids:
                c.execute(update(matches).where(matches.c.id.in_(ids),
                                                matches.c.status == MatchStatus.OPEN)
                          .values(status=MatchStatus.EXPIRED, updated_at=now()))
                for match_id in ids:
                    self._notify(c, "head", match_id)
            return ids

    def ids(self, statuses: tuple[str, ...], limit: int = 100) -> list[str]:
        """Ids of the newest matches with one of ``statuses``."""
        with self.engine.connect() as c:
            return list(c.execute(
                select(matches.c.id).where(matches.c.status.in_(statuses))
                .order_by(matches.c.created_at.desc()).limit(limit)
            ).scalars())

    def summaries(self, statuses: tuple[str, ...], limit: int = 100) -> list[dict]:
        """Public facts of the newest matches with one of ``statuses`` (no tokens)."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(matches.c.id, matches.c.game, matches.c.options, matches.c.seats,
                       matches.c.joined, matches.c.status, matches.c.created_at,
                       matches.c.clock, matches.c.left, matches.c.practice, matches.c.names,
                       matches.c.result, matches.c.finished_at)
                .where(matches.c.status.in_(statuses))
                .order_by(matches.c.created_at.desc()).limit(limit)
            ).mappings().all()
            holders: dict[str, dict[int, int]] = {}
            for match_id, seat, account in c.execute(
                    select(match_players.c.match_id, match_players.c.seat,
                           match_players.c.account_id)
                    .where(match_players.c.match_id.in_([r["id"] for r in rows]))):
                holders.setdefault(match_id, {})[seat] = account
        return [
            {"id": r["id"], "game": r["game"], "options": r["options"], "seats": r["seats"],
             "profiles": profiles(r["seats"], _padded(r["names"], len(r["seats"])),
                                  [holders.get(r["id"], {}).get(s) for s in range(len(r["seats"]))]),
             "joined": r["joined"], "status": r["status"], "clock": r["clock"],
             "left": r["left"] or [None] * len(r["seats"]),
             "practice": bool(r["practice"]), "created_at": r["created_at"].isoformat(),
             "names": _padded(r["names"], len(r["seats"])), "result": r["result"],
             "finished_at": r["finished_at"].isoformat() if r["finished_at"] else None}
            for r in rows
        ]


def _padded(names: list | None, seats: int) -> list[str | None]:
    """Stored chosen names per seat, ``None`` for those not stored."""
    return ([*(names or [])] + [None] * seats)[:seats]
