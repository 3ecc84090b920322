"""The ``notify_settings`` and ``notified`` tables: where an account is told of its turn in a
slow game, and which turns have been told (`server/notices.py` decides when)."""

from __future__ import annotations

from sqlalchemy import delete, insert, select

from ..models import notified, notify_settings
from .db import Database, insert_ignore, now


class Notices(Database):
    """Accounts' notice addresses, and each turn told once."""

    def notice_settings(self, account_ids: list[int]) -> dict[int, dict]:
        """``{account id: {"email", "webhook", "lang"}}`` of those of ``account_ids`` that set
        any."""
        if not account_ids:
            return {}
        with self.engine.connect() as c:
            rows = c.execute(select(notify_settings)
                             .where(notify_settings.c.account_id.in_(account_ids))).mappings()
            return {r["account_id"]: {"email": r["email"], "webhook": r["webhook"], "lang": r["lang"]}
                    for r in rows}

    def set_notice_settings(self, account_id: int, email: str | None, webhook: str | None,
                            lang: str = "en") -> None:
        """Replace ``account_id``'s addresses (both ``None``: it is told nothing) and the
        language it is told in."""
        with self.engine.begin() as c:
            c.execute(delete(notify_settings).where(notify_settings.c.account_id == account_id))
            if email or webhook:
                c.execute(insert(notify_settings).values(account_id=account_id, email=email,
                                                         webhook=webhook, lang=lang))

    def claim_notice(self, match_id: str, seat: int, turn: int) -> bool:
        """Whether this call is the first to tell ``seat`` of ``match_id`` of ``turn`` (the
        row it inserts makes every later call, on any instance, answer False)."""
        with self.engine.begin() as c:
            return insert_ignore(c, notified, match_id=match_id, seat=seat, turn=turn, at=now())
