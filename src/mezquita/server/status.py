"""`MatchStatus`: where a match is in its life, as stored, sent and shown (the page reads the
values from ``/api/constants``)."""

from __future__ import annotations

from enum import StrEnum


class MatchStatus(StrEnum):
    """A match's status: waiting for its human seats, being played, over, or given up
    because nobody joined in time."""

    OPEN = "open"
    RUNNING = "running"
    FINISHED = "finished"
    EXPIRED = "expired"


#: the statuses of a match still to be played (its bots and timers run somewhere)
LIVE = (MatchStatus.OPEN, MatchStatus.RUNNING)
