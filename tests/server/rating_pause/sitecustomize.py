"""Imported at start-up by a server process a test starts with this folder on PYTHONPATH:
each rating update then waits 30 s before its transaction commits, so that the test can
kill the server in the middle of it (`test_server_ratings`)."""

import logging
import time

from mezquita.server.store.ratings import Ratings

PAUSE = 30.0
_rate = Ratings._rate


def _paused(self, c, match_id: str, returns: list[float]) -> None:
    _rate(self, c, match_id, returns)
    logging.getLogger("mezquita.server").warning(
        "rating match %s: pausing %.1f s before the commit (test)", match_id, PAUSE)
    time.sleep(PAUSE)


Ratings._rate = _paused
