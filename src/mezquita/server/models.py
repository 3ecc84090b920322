"""The database tables: one row per match (its record's header plus metadata) and one row
per move (the record's actions). The schema itself is created by the shipped migrations."""

from __future__ import annotations

from sqlalchemy import (
                        JSON,
                        BigInteger,
                        Boolean,
                        Column,
                        DateTime,
                        ForeignKey,
                        Integer,
                        MetaData,
                        String,
                        Table,
)

metadata = MetaData()

#: A match: the record header (game, options, seed) plus seats, hashed tokens, clock and times.
matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),  # per seat: "human" or an agent name
    Column("token_hashes", JSON, nullable=False),  # per seat: sha256 hex of its token, or null
    Column("joined", JSON, nullable=False),  # per seat: has this human seat connected yet
    Column("status", String(16), nullable=False, index=True),  # open, running, finished
    Column("result", JSON, nullable=True),  # {"returns": [...], "scores": [...]} at the end
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),  # last status change
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("invite_hashes", JSON, nullable=True),  # per seat: sha256 of an unclaimed invitation
    Column("creator", String(64), nullable=True),  # the creating address (fair bot capacity)
    Column("practice", Boolean, nullable=False, default=False),  # unrated; may carry a client seed
    Column("owner", String(32), nullable=True),  # the instance running its bots and timers
    Column("lease_until", DateTime(timezone=True), nullable=True),  # until when ``owner`` holds it
    Column("names", JSON, nullable=True),  # per seat: the name its player chose, or null
    Column("rematch", String(32), nullable=True),  # the id of this match's rematch, once made
    Column("clock", JSON, nullable=True),  # clocks.choose: {"type", "bank", ...}; null: none
    Column("left", JSON, nullable=True),  # per seat: null, or how it left (leaving.py)
    Column("started_at", DateTime(timezone=True), nullable=True),  # every human seat joined
)

#: The record's actions, one row per applied action, numbered from 0.
moves = Table(
    "moves",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("turn", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),  # the action's JSON form, as in a Record
    Column("by", String(16), nullable=False),  # human, bot or timeout
    Column("at", DateTime(timezone=True), nullable=False),
)
