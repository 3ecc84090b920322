"""The Mezquita web server: lobby, matches, seats, WebSocket play, bots and storage.

Run it with ``mezquita serve [--host --port --db URL]`` (SQLite file ``./mezquita.sqlite3`` by
default; ``--db postgresql://user@host/db`` for PostgreSQL) or build the app yourself:

>>> from mezquita.server import create_app
>>> app = create_app("sqlite:///./mezquita.sqlite3")  # doctest: +SKIP

Rooms:

- `app` — HTTP: ``GET /api/games`` (games, options, bots), ``POST /api/matches`` (create;
  the answer holds the creator's seat link and an invitation per other human seat, given
  once), ``POST /api/matches/{id}/claim`` (an invitation, once, for a fresh seat token),
  ``GET /api/tables`` and ``POST /api/matches/{id}/sit`` (open seats), ``POST /api/queue``,
  ``GET``/``DELETE /api/queue/{ticket}`` (play now), ``POST /api/matches/{id}/resign`` (a seat's
  token), ``GET /api/matches``
  (open/running/finished), ``GET /api/matches/{id}`` and ``/replay`` (finished matches move by
  move), the pages ``/`` (lobby) and ``/match/{id}``, and the static client under ``/static``.
- `ws` — the play socket ``/ws/matches/{id}`` and its JSON protocol.
- `matches` — `Hub`: the only authority over every live match; each client receives only
  ``state.view(seat)`` and its own ``legal_actions_json``; bots and clocks (`schedule`).
- `clocks` — a time bank per player plus an increment per move, rebuilt after a restart.
- `leaving` — resigning and seats out of time: a loss with two players, else a bot takes over.
- `tables` — open tables: seats anyone may take, first come first served.
- `matchmaking` — the play-now queue: pairing by a widening rating window, bot fill.
- `bots` — bot moves in a process (or thread) pool, off the event loop.
- `store`, `models`, ``migrations/`` — the match record (game, options, seed, actions) and
  metadata (seats, sha256 of seat tokens, timestamps); Alembic migrations run at start.
  Every action is stored before it is broadcast; after a crash, matches are rebuilt by
  replaying their record (clocks continue from the stored moves' times).
- `limits` — `Settings` (every bound) and request size, nesting, message rate, connection
  and match-creation bounds.
- `launch` — run ``mezquita serve`` as a child process (tests, load benchmark).
"""

from .app import create_app

__all__ = ["create_app"]
