"""One player's data, read across the table groups: what `GET /api/me/export` hands the
player and ``mezquita export-player`` an operator (a request to see or take one's data)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Row, select

from mezquita.engine import Record
from mezquita.engine.registry import game_class

from ..models import (
    accounts,
    chat,
    match_players,
    matches,
    moves,
    notify_settings,
    ratings,
    ratings_applied,
    sessions,
)
from ..status import MatchStatus
from .db import Database

EXPORT_FORMAT = "mezquita-player-data-v1"


class Export(Database):
    """Everything stored of one account, in one read."""

    def player_data(self, account_id: int) -> dict[str, Any]:
        """The account of ``account_id`` and what is stored of it: its sessions (when made,
        until when; never their secrets), turn-notice addresses, ratings, every seat it holds
        with its match's facts (the record once the match is over: before, it would show the
        other seats' hidden choices), its rating changes, and the chat lines its seats said.
        Never a password hash, seat key or token."""
        with self.engine.connect() as c:
            account = c.execute(select(accounts.c.name, accounts.c.created_at)
                                .where(accounts.c.id == account_id)).mappings().one()
            logins = c.execute(select(sessions.c.created_at, sessions.c.expires_at)
                               .where(sessions.c.account_id == account_id)
                               .order_by(sessions.c.created_at)).mappings().all()
            notices = c.execute(select(notify_settings.c.email, notify_settings.c.webhook)
                                .where(notify_settings.c.account_id == account_id)).mappings().first()
            rated = c.execute(select(ratings.c.game, ratings.c.players, ratings.c.mu,
                                     ratings.c.sigma, ratings.c.games, ratings.c.wins,
                                     ratings.c.updated_at)
                              .where(ratings.c.account_id == account_id)
                              .order_by(ratings.c.game, ratings.c.players)).mappings().all()
            seats = c.execute(
                select(matches, match_players.c.seat, ratings_applied.c.changes)
                .join(matches, matches.c.id == match_players.c.match_id)
                .outerjoin(ratings_applied, ratings_applied.c.match_id == matches.c.id)
                .where(match_players.c.account_id == account_id)
                .order_by(matches.c.created_at)).mappings().all()
            said = c.execute(
                select(chat.c.match_id, chat.c.room, chat.c.text, chat.c.phrase, chat.c.turn,
                       chat.c.at)
                .join(match_players, (match_players.c.match_id == chat.c.match_id)
                      & (match_players.c.seat == chat.c.seat))
                .where(match_players.c.account_id == account_id)
                .order_by(chat.c.at, chat.c.id)).mappings().all()
            played = {}
            for row in seats:
                if row["status"] == MatchStatus.FINISHED:
                    played[row["id"]] = c.execute(
                        select(moves.c.seat, moves.c.action).where(moves.c.match_id == row["id"])
                        .order_by(moves.c.turn)).all()
        return _jsonable({
            "format": EXPORT_FORMAT,
            "account": dict(account),
            "sessions": [dict(r) for r in logins],
            "notices": dict(notices) if notices else None,
            "ratings": [dict(r) for r in rated],
            "matches": [_seat(row, account_id, played.get(row["id"])) for row in seats],
            "chat": [dict(r) for r in said],
        })


def _seat(row, account_id: int, played: Sequence[Row[int, Any]] | None) -> dict:
    """One held seat: its match's public facts, the rating change, the record if over."""
    change = next((c[1:] for c in row["changes"] or [] if c[0] == account_id), None)
    return {
        "match": row["id"], "game": row["game"], "options": row["options"], "seat": row["seat"],
        "seats": row["seats"], "names": row["names"], "status": row["status"],
        "created_at": row["created_at"], "finished_at": row["finished_at"],
        "result": row["result"],
        "rating": dict(zip(("mu_before", "sigma_before", "mu_after", "sigma_after"), change))
        if change else None,
        "record": Record(row["game"], row["options"], row["seed"],
                         [[seat, action] for seat, action in played],
                         version=game_class(row["game"]).info.version).to_json()
        if played is not None else None,
    }


def _jsonable(value: Any) -> Any:
    """``value`` with its datetimes as ISO 8601 text."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
