"""The database tables: one row per match (its record's header plus metadata) and one row
per move (the record's actions); accounts, their sessions and the seats they hold; ratings
and the matches already rated; the open seats of tables and the quick-match queue; the chat of
each match. The schema itself is created by the shipped migrations."""

from __future__ import annotations

from sqlalchemy import (
                        JSON,
                        BigInteger,
                        Boolean,
                        Column,
                        DateTime,
                        Float,
                        ForeignKey,
                        Index,
                        Integer,
                        LargeBinary,
                        MetaData,
                        String,
                        Table,
                        text,
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
    Column("guide", Boolean, nullable=False, default=False),  # a guided practice match
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

#: A player's account; bot levels have one each (``bot:<level>``, no password) for their ratings.
accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(24), nullable=False),  # as registered (NFKC)
    Column("name_key", String(96), nullable=False, unique=True),  # casefolded: unique
    Column("password_hash", String(200), nullable=True),  # argon2id; null for a bot level
    Column("seat_key", LargeBinary(32), nullable=False),  # derives its seats' tokens
    Column("created_at", DateTime(timezone=True), nullable=False),
)

#: A logged-in browser: the hash of its cookie, its account and its CSRF token.
sessions = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

#: The seats an account holds (taken while logged in, or a bot level's in a rated match).
match_players = Table(
    "match_players",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
)

#: OpenSkill rating of an account per game and player-count class ("2" or "3+").
ratings = Table(
    "ratings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", String(4), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),  # rated matches played
    Column("wins", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # a bot level's row: the agent that earned it (`ratings.bot_spec`); when the level's spec
    # changes, the rating starts anew. None for an account's own rating.
    Column("bot_spec", String(64)),
)

#: A finished match whose ratings were applied (inserted in that same transaction).
ratings_applied = Table(
    "ratings_applied",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("changes", JSON, nullable=False),  # per seat: [account id, mu, sigma before, after]
    Column("applied_at", DateTime(timezone=True), nullable=False),
)

#: The open seats of a table (a match created with seats anyone may take): free while
#: ``token_hash`` is null; the first sitter's conditional update sets it (first come, first served).
open_seats = Table(
    "open_seats",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=True),  # the sitter's token (sha256), null: free
    Column("sat_at", DateTime(timezone=True), nullable=True),
)

#: "Play now": one row per player waiting for a quick match (or paired, until it expires).
queue = Table(
    "queue",
    metadata,
    Column("ticket_hash", String(64), primary_key=True),  # sha256 of the player's secret ticket
    Column("holder", String(80), nullable=False),  # address group (or account): one entry each
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rating", Float, nullable=False),  # at entry, for the pairing window
    Column("name", String(64), nullable=True),  # the name the player chose
    Column("bot", String(64), nullable=True),  # fill free seats with this bot level ...
    Column("bot_after", Integer, nullable=True),  # ... after this many seconds of waiting
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),  # last poll: idle entries expire
    Column("match_id", String(32), nullable=True),  # set once paired
    Column("seat", Integer, nullable=True),
    Index("queue_waiting", "game", "players", "created_at"),
    Index("queue_one_each", "holder", unique=True, sqlite_where=text("match_id IS NULL"),
          postgresql_where=text("match_id IS NULL")),
)

#: One chat line of a match: ``room`` "players" (seated players) or "spectators"; ``seat`` the
#: writer's seat (null: a spectator); ``name`` a spectator's account name ("" if anonymous);
#: ``phrase`` the key of a quick phrase (each reader sees it in their language; ``text`` is
#: then empty); ``turn`` the number of actions played when it was sent.
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
    Column("room", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", String(500), nullable=False),
    Column("phrase", String(16), nullable=True),
    Column("turn", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("chat_by_match", "match_id", "id"),
)

#: Where an account is told of its turn in a slow game (an e-mail address, a webhook, both),
#: and in which language.
notify_settings = Table(
    "notify_settings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("email", String(254), nullable=True),
    Column("webhook", String(500), nullable=True),
    Column("lang", String(8), nullable=False, server_default="en"),  # the notices' language
)

#: The turns told: one row per (match, seat, turn), so each is told once, whichever instance.
notified = Table(
    "notified",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("turn", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
)
