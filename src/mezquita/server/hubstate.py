"""`HubState`: what `Hub`'s parts (``seating.py``, ``play.py``, ``leaving.py``,
``presence.py``, ``housekeeping.py``, ``chat.py``, ``notices.py``) share, declared once.

Each part is a mixin of `Hub`: its methods read the hub's attributes and call methods of the
other parts. `HubState`, their common base, declares those attributes (set by
`Hub.__init__`) and, for the type checker only, the methods one part calls on another, so
that every part is checked against the same signatures as the hub that defines them. It adds
nothing at run time: annotations without values create no attributes.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .limits import Limiter, Settings
    from .match import Match
    from .schedule import Scheduler
    from .store import MoveWriter, Store


class Announcer(Protocol):
    """What the parts call on `cluster.Cluster` (which imports the hub, so it is not named
    here): telling the other instances who is connected to a match."""

    def announce(self, match: Match) -> None: ...


class HubState:
    """The attributes and cross-part methods of `Hub` its parts rely on."""

    store: Store
    settings: Settings
    writer: MoveWriter
    scheduler: Scheduler
    matches: dict[str, Match]  # the loaded matches still to be played (finished ones leave)
    sockets: dict[str, int]  # open WebSockets per address group
    limiter: Limiter
    _renames: dict[tuple[str, int], str | None]  # names waiting for their window
    _claims: asyncio.Lock
    _presence_due: set[str]
    cluster: Announcer | None  # set by `cluster.Cluster` on PostgreSQL

    if TYPE_CHECKING:  # defined by `Hub` (``hub.py``) and its parts
        def live(self, match_id: str) -> Match | None: ...
        async def get(self, match_id: str) -> Match | None: ...
        async def refresh(self, match: Match) -> None: ...  # `Play.refresh`
        def expired(self, match_id: str) -> None: ...  # `Housekeeping.expired`
        async def chat_at_end(self, match: Match) -> None: ...  # `Chat.chat_at_end`
        def tell_turn(self, match: Match) -> None: ...  # `Notices.tell_turn`
