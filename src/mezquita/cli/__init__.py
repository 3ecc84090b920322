"""The ``mezquita`` command: one module per sub-command, each registering on ``app``."""

from __future__ import annotations

from . import (
               arena,
               audit,
               backup,
               bench,
               benchmark,
               games_cmd,
               ladder,
               play,
               replay,
               review,
               serve,
               simulate,
               sweep,
)
from .app import app

__all__ = ["app", "arena", "audit", "backup", "bench", "benchmark", "games_cmd", "ladder", "play",
           "replay", "review", "serve", "simulate", "sweep"]
