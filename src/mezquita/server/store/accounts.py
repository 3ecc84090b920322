"""The ``accounts`` and ``sessions`` tables: who is registered and who is logged in where;
and the seats an account holds (``match_players``, written with the matches)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import delete, insert, select, update

from ..models import accounts, match_players, matches, sessions
from .db import Database, _aware, insert_ignore, now


class Accounts(Database):
    """Accounts, sessions and the seats accounts hold."""

    def create_account(self, name: str, key: str, password_hash: str) -> int | None:
        """A new account's id; ``None`` if ``key`` is taken."""
        with self.engine.begin() as c:
            if not insert_ignore(c, accounts, name=name, name_key=key, password_hash=password_hash,
                                 seat_key=secrets.token_bytes(32), created_at=now()):
                return None
            return c.execute(select(accounts.c.id).where(accounts.c.name_key == key)).scalar_one()

    def account(self, key: str) -> dict | None:
        """The account whose name key is ``key`` (bot levels included), or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(accounts).where(accounts.c.name_key == key)).mappings().first()
        return dict(row) if row is not None else None

    def start_session(self, account_id: int, id_hash: str, csrf: str, days: float,
                      ending: str | None = None) -> None:
        """Store a new session (and delete the session ``ending`` replaces, if any)."""
        stamp = now()
        with self.engine.begin() as c:
            if ending is not None:
                c.execute(delete(sessions).where(sessions.c.id_hash == ending))
            c.execute(insert(sessions).values(id_hash=id_hash, account_id=account_id, csrf=csrf,
                                              created_at=stamp,
                                              expires_at=stamp + timedelta(days=days)))

    def session(self, id_hash: str) -> dict | None:
        """The live session ``id_hash`` with its account (id, name, seat key), or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(
                select(sessions.c.csrf, sessions.c.expires_at, accounts.c.id, accounts.c.name,
                       accounts.c.seat_key)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.id_hash == id_hash)).mappings().first()
        if row is None or _aware(row["expires_at"]) <= now():
            return None
        return dict(row)

    def end_session(self, id_hash: str) -> None:
        """Delete a session (logout)."""
        with self.engine.begin() as c:
            c.execute(delete(sessions).where(sessions.c.id_hash == id_hash))

    def set_password(self, account_id: int, password_hash: str) -> None:
        """Store a new password hash and end every session of the account."""
        with self.engine.begin() as c:
            c.execute(update(accounts).where(accounts.c.id == account_id)
                      .values(password_hash=password_hash))
            c.execute(delete(sessions).where(sessions.c.account_id == account_id))

    def held_seats(self, account_id: int, limit: int = 30) -> list[dict]:
        """The newest matches where ``account_id`` holds a seat: id, game, seat, status."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(matches.c.id, matches.c.game, match_players.c.seat, matches.c.status,
                       matches.c.created_at)
                .join(matches, matches.c.id == match_players.c.match_id)
                .where(match_players.c.account_id == account_id)
                .order_by(matches.c.created_at.desc()).limit(limit)).mappings().all()
        return [{**r, "created_at": r["created_at"].isoformat()} for r in rows]

