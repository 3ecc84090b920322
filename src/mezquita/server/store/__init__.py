"""Storage: `Store` is one open database (`db.py`) with the methods of each table group, one
module each: ``matches.py`` (match rows and the accounts holding their seats), ``moves.py``
(moves and `MoveWriter`), ``leases.py`` (which instance runs a match), ``accounts.py``
(accounts and sessions), ``ratings.py`` (ratings, applied with a match's last move),
``tables.py`` (open seats), ``queue.py`` (the play-now queue), ``chat.py`` (what is said
at the table), ``notices.py`` (turn notices of slow games); ``export.py`` reads one player's
data across them."""

from __future__ import annotations

from .accounts import Accounts
from .chat import Chats
from .db import (
    CHANNEL,
    DEFAULT_URL,
    DURABILITY,
    StoreUnavailable,
    engine_for,
    libpq_url,
    migrate,
    now,
    pg_guards,
)
from .export import EXPORT_FORMAT, Export
from .leases import Leases
from .matches import Departure, Matches, MatchRow
from .moves import Move, MoveConflict, Moves, MoveWriter
from .notices import Notices
from .queue import Queue
from .ratings import Ratings
from .tables import TableFull, Tables

__all__ = ["CHANNEL", "DEFAULT_URL", "DURABILITY", "EXPORT_FORMAT", "Departure", "MatchRow", "Move",
           "MoveConflict", "MoveWriter", "Store", "StoreUnavailable", "TableFull", "engine_for",
           "libpq_url", "migrate", "now", "pg_guards"]


class Store(Matches, Moves, Leases, Accounts, Ratings, Tables, Queue, Chats, Notices, Export):
    """Reads and writes matches, moves, leases, accounts, ratings, open seats, the queue,
    chat and turn notices on one database; reads one player's data (``export.py``)."""
