"""`MatchError`: a request the server refuses, raised by every room that checks a request."""

from __future__ import annotations

from mezquita.engine import MezquitaError


class MatchError(MezquitaError):
    """A request the match refuses (bad options, wrong moment, unknown seat...)."""
