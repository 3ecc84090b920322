"""The ``open_seats`` table: the seats of open tables anyone may take, first come first
served.

A sitter takes the lowest free open seat, or the one asked for, with one conditional update
of its row (``... WHERE token_hash IS NULL``): of two sitters racing for the last seat, on one
instance or on several sharing PostgreSQL, exactly one update changes the row and the other
finds the table full. In the same transaction the match row gets the seat's token hash (under
its row lock), and only while the match is still open: a table that expired meanwhile takes
nobody.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import func, select, update

from mezquita.engine import MezquitaError

from ..models import matches, open_seats
from ..status import MatchStatus
from .db import Database, now


class TableFull(MezquitaError):
    """Every open seat of the table is taken (or the one asked for), or the table is no
    longer open; nothing changed."""


class Tables(Database):
    """Take open seats (recording the account that takes one with the ``matches`` table's
    `_hold_seats`); list the open tables."""

    def take_seat(self, match_id: str, seat: int | None, token_hash: Callable[[int], str],
                  name: str | None, account: int | None = None
                  ) -> tuple[int, list[str | None], list[str | None]]:
        """Give the open ``seat`` of ``match_id`` (``None``: the lowest free one) the token
        hash ``token_hash(seat)``, ``name`` and ``account`` (its holder, if any); the seat
        taken, then the match's token hashes and names. `TableFull` (nothing changed) if no
        such seat is free or the match is not open."""
        with self.engine.begin() as c:
            taken = None
            for _ in range(64):  # a sitter who lost a seat to another tries the next free one
                target = seat if seat is not None else c.execute(
                    select(func.min(open_seats.c.seat)).where(
                        open_seats.c.match_id == match_id,
                        open_seats.c.token_hash.is_(None))).scalar()
                if target is None:
                    break
                if c.execute(update(open_seats).where(
                        open_seats.c.match_id == match_id, open_seats.c.seat == target,
                        open_seats.c.token_hash.is_(None))
                        .values(token_hash=token_hash(target), sat_at=now())).rowcount == 1:
                    taken = target
                    break
                if seat is not None:
                    break
            if taken is None:
                raise TableFull("this seat was taken already" if seat is not None else
                                "every open seat of this table is taken")
            head = c.execute(select(matches.c.status, matches.c.token_hashes, matches.c.names)
                             .where(matches.c.id == match_id).with_for_update()).one()
            if head.status != MatchStatus.OPEN:
                raise TableFull("this table is no longer open")  # rolls the seat back
            tokens = list(head.token_hashes)
            names = list(head.names or [None] * len(tokens))
            tokens[taken] = token_hash(taken)
            if name is not None:
                names[taken] = name
            c.execute(update(matches).where(matches.c.id == match_id)
                      .values(token_hashes=tokens, names=names, updated_at=now()))
            if account is not None:
                self._hold_seats(c, match_id, [account if s == taken else None
                                               for s in range(len(tokens))])
            self._notify(c, "head", match_id)
        return taken, tokens, names

    def open_tables(self, game: str | None = None, limit: int = 50) -> list[dict]:
        """The newest open matches with a free open seat (of ``game``, if given): public
        facts (no tokens), per seat whether it is ``open`` and whether it is still ``free``."""
        with self.engine.connect() as c:
            free = select(open_seats.c.match_id).where(open_seats.c.token_hash.is_(None))
            query = (select(matches.c.id, matches.c.game, matches.c.options, matches.c.seats,
                            matches.c.names, matches.c.clock, matches.c.practice,
                            matches.c.created_at)
                     .where(matches.c.status == MatchStatus.OPEN, matches.c.id.in_(free))
                     .order_by(matches.c.created_at.desc()).limit(limit))
            if game is not None:
                query = query.where(matches.c.game == game)
            rows = c.execute(query).mappings().all()
            seats: dict[str, dict[int, bool]] = {}
            if rows:
                for match_id, seat, token in c.execute(
                        select(open_seats.c.match_id, open_seats.c.seat, open_seats.c.token_hash)
                        .where(open_seats.c.match_id.in_([r["id"] for r in rows]))):
                    seats.setdefault(match_id, {})[seat] = token is None
        out = []
        for r in rows:
            opened = seats.get(r["id"], {})
            names = r["names"] or [None] * len(r["seats"])
            out.append({
                "id": r["id"], "game": r["game"], "options": r["options"],
                "clock": r["clock"], "practice": bool(r["practice"]),
                "created_at": r["created_at"].isoformat(),
                "seats": [{"kind": kind, "name": name, "open": seat in opened,
                           "free": opened.get(seat, False)}
                          for seat, (kind, name) in enumerate(zip(r["seats"], names))],
                "free": sum(opened.values()),
            })
        return out
