"""The ``chat`` table: what the players of a match, and apart from them its spectators, say
at the table (`server/chat.py` decides who may write and read which room)."""

from __future__ import annotations

from sqlalchemy import insert, select

from ..models import chat
from .db import Database, _aware, now

HISTORY = 200  # lines of a match's chat read back at once (the newest)


class Chats(Database):
    """Store chat lines and read them back, oldest first."""

    def add_chat(self, match_id: str, room: str, seat: int | None, name: str, text: str,
                 phrase: str | None, turn: int) -> dict:
        """Store one line and announce it to the other instances (``chat``); the line as
        clients are sent it (`line`)."""
        values = {"match_id": match_id, "room": room, "seat": seat, "name": name,
                  "text": text, "phrase": phrase, "turn": turn, "at": now()}
        with self.engine.begin() as c:
            key = c.execute(insert(chat).values(values)).inserted_primary_key
            assert key is not None  # a single-row INSERT always has the key it made
            values["id"] = key[0]
            said = line(values)
            self._notify(c, "chat", match_id, line=said)
        return said

    def chat_lines(self, match_id: str, rooms: tuple[str, ...]) -> list[dict]:
        """The newest `HISTORY` lines of ``rooms`` of ``match_id``, oldest first."""
        with self.engine.connect() as c:
            rows = c.execute(select(chat).where(chat.c.match_id == match_id,
                                                chat.c.room.in_(rooms))
                             .order_by(chat.c.id.desc()).limit(HISTORY)).mappings().all()
        return [line(row) for row in reversed(rows)]


def line(row) -> dict:
    """A stored line as clients get it: ``at`` as ISO text, no match id."""
    return {"id": row["id"], "room": row["room"], "seat": row["seat"], "name": row["name"],
            "text": row["text"], "phrase": row["phrase"], "turn": row["turn"],
            "at": _aware(row["at"]).isoformat(timespec="seconds")}
