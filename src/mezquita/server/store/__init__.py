"""Storage of matches: `Store` is one open database (`db.py`) with the methods of each table
group, one module each: ``matches.py`` (match rows), ``moves.py`` (moves and `MoveWriter`),
``leases.py`` (which instance runs a match)."""

from __future__ import annotations

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
from .leases import Leases
from .matches import Matches, MatchRow
from .moves import Move, MoveConflict, Moves, MoveWriter

__all__ = ["CHANNEL", "DEFAULT_URL", "DURABILITY", "MatchRow", "Move", "MoveConflict",
           "MoveWriter", "Store", "StoreUnavailable", "engine_for", "libpq_url", "migrate",
           "now", "pg_guards"]


class Store(Matches, Moves, Leases):
    """Reads and writes matches, moves and leases on one database."""
