"""Chat at the table: the seated players' room and, apart from it, the spectators' room.

During a match each side reads only its own room (spectators cannot help a player, players
do not hear the kibitzing); once the match is over everybody reads both, as its replay shows
them. A line is plain text (whitespace collapsed, no control or formatting characters beyond
the joiners emoji need, at most `CHAT_LENGTH` characters) or one of the quick `PHRASES`,
which each reader's page words in its own language. Lines are stored with the number of
actions played when they were said, announced to the other instances, and never reach a bot:
bots are given their seat's `Turn` alone. A player mutes another on their own page.
"""

from __future__ import annotations

import json
import unicodedata

from .errors import MatchError
from .hubstate import HubState
from .match import Client, Match
from .status import MatchStatus
from .store import StoreUnavailable

CHAT_LENGTH = 300  # characters of one line
ROOMS = ("players", "spectators")
PHRASES = ("hello", "good_luck", "thinking", "well_played", "good_game", "thanks")
JOINERS = {"\u200c", "\u200d"}  # zero-width (non-)joiner: part of emoji and some scripts


def clean_line(text: object) -> str:
    """``text`` as a chat line: whitespace collapsed; `MatchError` if it is not a string, is
    empty or too long, or holds control or formatting characters."""
    if not isinstance(text, str):
        raise MatchError("a chat line is a string")
    text = " ".join(text.split())
    if not text:
        raise MatchError("a chat line cannot be empty")
    if len(text) > CHAT_LENGTH:
        raise MatchError(f"a chat line has at most {CHAT_LENGTH} characters")
    if any(unicodedata.category(ch)[0] == "C" and ch not in JOINERS for ch in text):
        raise MatchError("a chat line may not contain control or formatting characters")
    return text


def readable(match: Match, seat: int | None) -> tuple[str, ...]:
    """The rooms a client of ``seat`` (None: a spectator) reads now."""
    if match.status == MatchStatus.FINISHED:
        return ROOMS
    return ("players",) if seat is not None else ("spectators",)


def every_line(lines: list[dict]) -> str:
    """The message carrying all lines a client reads (``"all"``: they replace what it had)."""
    return json.dumps({"type": "chat", "lines": lines, "all": True}, separators=(",", ":"))


class Chat(HubState):
    """`Hub`'s chat: lines said, read back on connecting, and heard from other instances."""

    async def say(self, match: Match, client: Client, text: object = None,
                  phrase: object = None) -> None:
        """Store and send what ``client`` says (``text`` or a quick ``phrase``) in its room;
        `MatchError` and nothing stored if it is not allowed."""
        if phrase is not None:
            if phrase not in PHRASES:
                raise MatchError(f"unknown phrase; the phrases are {', '.join(PHRASES)}")
            text = ""
        else:
            text = clean_line(text)
        room = "players" if client.seat is not None else "spectators"
        said = await self.store.call(self.store.add_chat, match.id, room, client.seat,
                                     client.account_name or "", text, phrase,
                                     len(match.state.history))
        self.heard(match, said)

    def heard(self, match: Match, line: dict) -> None:
        """Send ``line`` to every client of ``match`` that reads its room."""
        text = json.dumps({"type": "chat", "lines": [line]}, separators=(",", ":"))
        for client in list(match.clients):
            if line["room"] in readable(match, client.seat):
                client.push(text)

    async def chat_history(self, match: Match, client: Client) -> None:
        """Send ``client`` the lines of the rooms it reads, if any."""
        lines = await self.store.call(self.store.chat_lines, match.id,
                                      readable(match, client.seat))
        if lines:
            client.push(every_line(lines))

    async def chat_at_end(self, match: Match) -> None:
        """The match is over and everybody reads both rooms now: send each client all lines
        (a database that does not answer leaves them to the next connection)."""
        try:
            lines = await self.store.call(self.store.chat_lines, match.id, ROOMS)
        except StoreUnavailable:
            return
        if lines:
            text = every_line(lines)
            for client in list(match.clients):
                client.push(text)

    def remote_chat(self, match_id: str, line: dict) -> None:
        """Another instance stored ``line``: send it to our clients of that match."""
        match = self.live(match_id)
        if match is not None:
            self.heard(match, line)
