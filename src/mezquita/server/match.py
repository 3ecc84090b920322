"""One live match in memory: its stored row, the true state, its clients and what they are sent.

A client receives only its own seat's view, legal actions and log, each log entry worded by
the engine (`Game.event_text`) for that seat; the server never derives game text itself.
Updates are coalesced per client (the latest state wins: a slow reader skips states, never
queues them), and each update is encoded once per seat and language.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
import unicodedata
from collections import deque
from typing import TYPE_CHECKING

import orjson

from mezquita.agents import Turn, make_agent
from mezquita.agents.levels import LEVELS
from mezquita.engine import LANGS, State
from mezquita.web import catalogue

from .accounts import profiles
from .errors import MatchError
from .ratings import is_rated
from .status import HUMAN, MatchStatus

if TYPE_CHECKING:
    from .clocks import Clocks
    from .store import Departure, MatchRow

OUTBOX = 32  # small messages (errors, pongs) queued for one client before it is too slow
ACTION_CACHES = 64  # games (with options) whose legal-action entries are kept
LOG_TAIL = 200  # log entries sent with each update
PRESENCE_SECONDS = 15.0  # another instance's presence report counts this long
NAME_LENGTH = 24  # characters in a player's name: fits a seat label and a log line on a phone

__all__ = ["LANGS", "Client", "Match", "clean_name", "hash_token"]


#: (game id, options) -> {(action id, lang): legal-action entry}, the oldest dropped first
_action_entries: dict[tuple[str, str], dict[tuple[int, str], dict]] = {}


def action_entries(game_id: str, options: dict) -> dict[tuple[int, str], dict]:
    """The shared cache of legal-action entries of ``game_id`` with ``options``: an
    action's JSON and label depend on the game and its options alone."""
    key = (game_id, orjson.dumps(options, option=orjson.OPT_SORT_KEYS).decode())
    entries = _action_entries.pop(key, None)
    if entries is None:
        entries = {}
        while len(_action_entries) >= ACTION_CACHES:
            del _action_entries[next(iter(_action_entries))]
    _action_entries[key] = entries  # the newest last
    return entries


def encode(data) -> str:
    """Compact JSON text of ``data`` (orjson: an update is encoded about ten times faster than
    with ``json``; integer keys become strings as ``json`` would make them)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def rematch_token(token: str, rematch_id: str) -> str:
    """The seat token of a rematch for the holder of ``token`` (derived, so each of the
    holder's browsers gets the same one, and only someone holding ``token`` can have it)."""
    return hmac.new(token.encode(), f"rematch:{rematch_id}".encode(), "sha256").hexdigest()[:32]


def clean_name(name: str | None) -> str | None:
    """A player's chosen name, trimmed (``None`` or blank: the default name); `MatchError`
    if it is too long or holds control or formatting characters."""
    if name is None:
        return None
    name = " ".join(name.split())
    if not name:
        return None
    if len(name) > NAME_LENGTH:
        raise MatchError(f"a name has at most {NAME_LENGTH} characters")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise MatchError("a name may not contain control or formatting characters")
    return name


def bot_name(kind: str, lang: str) -> str | None:
    """The default name of a bot seat: its level's ("Hard bot"), or None (the engine's
    "Player N") for a bot that is no named level."""
    return catalogue(lang).get(f"level.{kind}.bot") if kind in LEVELS else None


class Client:
    """One connection: its seat (``None`` for a spectator), language, address group and what it
    is still to be sent: small messages in order, then the match's latest update."""

    def __init__(self, seat: int | None, lang: str = "en", group: str = "",
                 token: str | None = None) -> None:
        self.seat = seat
        self.token = token  # the seat's secret as sent in hello (kept to hand over a rematch)
        self.lang = lang
        self.group = group  # the address group it connects from (`limits.address_group`)
        self.account_name: str | None = None  # a logged-in spectator's, for the chat
        self.outbox: deque[str] = deque()
        self.stale = False  # the latest update has not been sent yet
        self.closing = False
        self.wake = asyncio.Event()

    def push(self, text: str | None) -> bool:
        """Queue a small message (``None`` asks the sender to close); False (and the client
        is closed) if too many are waiting."""
        if text is None or len(self.outbox) >= OUTBOX:
            self.closing = True
            self.wake.set()
            return text is None
        self.outbox.append(text)
        self.wake.set()
        return True

    def update(self) -> None:
        """Mark the match's latest state as due (sent when the client is ready for it)."""
        self.stale = True
        self.wake.set()


class Match:
    """One match in memory: its stored row, the true state and the connected clients."""

    def __init__(self, row: MatchRow, state: State) -> None:
        if len(row.accounts) != len(row.seats):
            row.accounts = [None] * len(row.seats)
        self.row = row
        self.state = state
        self.game = state.game
        self.clients: set[Client] = set()
        self.timers: dict[int, asyncio.TimerHandle] = {}  # seat -> its clock's deadline
        self.clocks: Clocks | None = None  # the running clocks (`clocks.Clocks`), if timed
        self.thinking: set[int] = set()  # seats whose bot move is being computed
        # seat -> turn since which it has been to move without moving itself: in a
        # simultaneous phase (Europa's tips) another seat's move does not make its click stale
        self.waiting_since: dict[int, int] = {}
        self.lock = asyncio.Lock()  # one action at a time: validated, stored, then applied
        self.version = 0  # bumped by every change a client would see
        self.presence_version = 0  # bumped when somebody connects or leaves
        self._encoded: dict[tuple[int | None, str], str] = {}
        self._encoded_version: tuple[int, int] = (-1, -1)
        # (event number, lang) -> [(masked entry, worded entry)]: one per masked form seen
        self._worded: dict[tuple[int, str], list[tuple[dict, dict]]] = {}
        self._worded_from = 0  # event numbers below this left the log tail
        self._moves: list[int] = []  # event number -> its move's number in the log (from 1)
        # (seat, lang) -> (start, masked entries, worded entries) of the last log built
        self._last_log: dict[tuple[int | None, str], tuple[int, list[dict], list[dict]]] = {}
        self._display: dict[str, list[str | None]] = {}  # lang -> display_names
        self._actions = action_entries(row.game, row.options)  # (action id, lang) -> entry
        self.remote: dict[str, tuple[list[int], int, float]] = {}  # other instances' presence
        self.owned = True  # this instance runs its bots and clock deadlines
        self.active = time.monotonic()  # last move or connection
        self.busy = False  # the database is not answering a write of this match
        self.undos = 0  # takebacks so far: a bot's answer computed before one is dropped
        # the latest takeback, ``{"seat", "count"}``, until the next move (pages say it)
        self.took_back: dict | None = None

    def changed(self) -> None:
        """Something clients see changed: re-encode on the next send, wake every client."""
        self.version += 1
        self.active = time.monotonic()
        for client in self.clients:
            client.update()

    def take_back(self, state: State, seat: int | None, count: int) -> None:
        """``state`` replaces ours without ``seat``'s latest ``count`` decisions (None, 0: the
        stored record says so): the log's caches of the events after it are dropped."""
        self.state = state
        self.undos += 1
        self.took_back = None if seat is None else {"seat": seat, "count": count}
        kept = len(state.events)
        for key in [k for k in self._worded if k[0] >= kept]:
            del self._worded[key]
        del self._moves[kept:]
        self._last_log.clear()

    def encoded(self, seat: int | None, lang: str) -> str:
        """The JSON text of `message` for ``(seat, lang)``, encoded once per version."""
        version = (self.version, self.presence_version)
        if self._encoded_version != version:
            self._encoded, self._encoded_version = {}, version
        key = (seat, lang)
        text = self._encoded.get(key)
        if text is None:
            text = self._encoded[key] = encode(self.message(seat, lang))
        return text

    def online(self) -> tuple[set[int], int]:
        """Seats with a connected client on any instance, and the number of spectators."""
        seats = {c.seat for c in self.clients if c.seat is not None}
        spectators = sum(1 for c in self.clients if c.seat is None)
        horizon = time.monotonic() - PRESENCE_SECONDS
        for remote_seats, remote_spectators, stamp in self.remote.values():
            if stamp > horizon:
                seats.update(remote_seats)
                spectators += remote_spectators
        return seats, spectators

    def presence(self) -> dict:
        """The small message sent when somebody connects or leaves (no state)."""
        seats, spectators = self.online()
        return {"type": "presence", "online": [kind != HUMAN or seat in seats
                                               for seat, kind in enumerate(self.row.seats)],
                "spectators": spectators}

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> MatchStatus:
        return self.row.status

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or ``None``."""
        digest = hash_token(token)
        for seat, stored in enumerate(self.row.token_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
        return None

    @property
    def rated(self) -> bool:
        """Whether the match is rated (`ratings.is_rated`) as its seats are held now."""
        return is_rated(self.row.seats, self.row.accounts, self.row.practice)

    def public(self) -> dict:
        """What anybody may know about the match (never tokens, never hidden values)."""
        online, spectators = self.online()
        return {
            "id": self.id,
            "game": self.game.info.id,
            "name": self.game.info.name,
            "options": self.row.options,
            "status": self.status,
            "seats": [
                {"kind": kind, "joined": joined, "online": kind != HUMAN or seat in online,
                 "name": name, "left": left, "clock": (self.clocks.view(seat) if self.clocks
                                                       and kind == HUMAN else None),
                 "open": seat in self.row.open_seats,
                 "free": seat in self.row.open_seats and self.row.token_hashes[seat] is None,
                 "profile": profile}
                for seat, (kind, joined, name, left, profile) in enumerate(zip(
                    self.row.seats, self.row.joined, self.names(), self.left(),
                    profiles(self.row.seats, self.names(), self.row.accounts)))
            ],
            "rematch": self.row.rematch,
            "spectators": spectators,
            "clock": self.row.clock,
            "result": self.row.result,
            "practice": self.row.practice,
            "guide": self.row.guide,
            "rated": self.rated,  # no hints then (analysis.py)
            "seed": self.row.seed if self.row.practice else None,  # shown to every seat
            "busy": self.busy,
        }

    def set_names(self, names: list[str | None]) -> None:
        """The players' chosen names changed: store them and forget the log worded with the
        old ones."""
        self.row.names = names
        self._worded.clear()
        self._last_log.clear()
        self._display.clear()

    def left(self) -> list[Departure | None]:
        """Per seat: how its player left (``leaving.py``), or ``None``."""
        return (self.row.left + [None] * len(self.row.seats))[:len(self.row.seats)]

    def names(self) -> list[str | None]:
        """The names the players chose, per seat (``None``: the default)."""
        return (self.row.names + [None] * len(self.row.seats))[:len(self.row.seats)]

    def display_names(self, lang: str) -> list[str | None]:
        """The names to word texts with in ``lang``: chosen ones, bots by level (not a bot
        that took a player's seat); ``None`` leaves the engine's "Player N". Kept per language
        until the names change."""
        names = self._display.get(lang)
        if names is None:
            names = self._display[lang] = [
                name or (bot_name(kind, lang) if kind != HUMAN and not left else None)
                for name, kind, left in zip(self.names(), self.row.seats, self.left())]
        return names

    def log_for(self, seat: int | None, lang: str) -> list[dict]:
        """The latest log entries as ``seat`` may know them, each worded by the engine.

        Wording is the costly part: an entry is worded once per masked form and language,
        shared by every seat that sees it so, until it is masked differently (a card revealed,
        the end of the game)."""
        state = self.state
        start = max(0, len(state.events) - LOG_TAIL)
        cache = self._worded
        if start > self._worded_from:
            for key in [k for k in cache if k[0] < start]:
                del cache[key]
            self._worded_from = start
        entries = state.log(seat, start)
        last = self._last_log.get((seat, lang))
        shift = start - last[0] if last is not None else -1  # entries that left the tail
        if last is not None and shift >= 0 and entries[:len(last[1]) - shift] == last[1][shift:]:
            known = len(last[1]) - shift  # the usual case: only new entries at the end
            out = last[2][shift:] + [self._word(number, entry, lang)
                                     for number, entry in enumerate(entries[known:], start + known)]
        else:
            out = [self._word(number, entry, lang) for number, entry in enumerate(entries, start)]
        self._last_log[(seat, lang)] = (start, entries, out)
        return out

    def _word(self, number: int, entry: dict, lang: str) -> dict:
        """`numbered`, once per masked form of event ``number`` and language."""
        forms = self._worded.setdefault((number, lang), [])
        worded = next((w for e, w in forms if e == entry), None)
        if worded is None:
            worded = self.numbered(number, entry, lang)
            forms.append((entry, worded))
        return worded

    def numbered(self, event: int, entry: dict, lang: str) -> dict:
        """Event number ``event``, masked as ``entry``, worded in ``lang`` with its place in
        the log: ``event`` and ``number`` (`move_number`)."""
        return {**self.worded(entry, lang), "event": event, "number": self.move_number(event)}

    def move_number(self, event: int) -> int:
        """The log's number of the move that made ``event``: moves counted from 1 over the
        whole game, one per action that added events, so the events of one decision share
        their number and the numbers have no gaps."""
        events, moves = self.state.events, self._moves  # `take_back` drops what it undid
        for i in range(len(moves), event + 1):
            new_move = i == 0 or events[i]["turn"] != events[i - 1]["turn"]
            moves.append((moves[-1] if moves else 0) + new_move)
        return moves[event]

    def worded(self, entry: dict, lang: str) -> dict:
        """A log entry with who made it (human, bot, timeout) and its text in ``lang``; a big
        event is marked ``"banner"`` (with ``"told"``, the text its own seat reads instead,
        where the game words one: `Event`)."""
        turn = entry["turn"]
        by = self.row.move_sources[turn] if entry["seat"] is not None and turn < len(
            self.row.move_sources) else None
        out = {**entry, "by": by, "text": self.game.event_text(entry, lang,
                                                                self.display_names(lang))}
        event = self.game.decisions.events.get(entry["do"])
        if event is not None and event.is_banner(entry):
            out["banner"] = True
            if event.told:
                out["told"] = event.told.get(lang, event.told["en"])
        return out

    def legal_for(self, seat: int, lang: str) -> list[dict]:
        """`State.legal_actions_json` of ``seat`` with the players' names. An entry whose
        label names no player is built once per action and language for every match of this
        game and options; one naming a player is built for this match; the decisions'
        ``facts`` are read from the state now."""
        entries, decisions, names = self._actions, self.game.decisions, None
        out = []
        for action in self.state.legal_actions(seat):
            entry = entries.get((action, lang))
            if entry is None:
                if any(p.seats for p in decisions.space.kind(action).params):
                    names = names or self.display_names(lang)
                    entry = self.game.action_entry(action, lang, names)
                else:
                    entry = entries[(action, lang)] = self.game.action_entry(action, lang)
            facts = decisions.facts(self.state, action, lang)
            out.append({**entry, **facts} if facts else entry)
        return out

    def guide_for(self, seat: int, lang: str) -> dict:
        """The guide for ``seat`` of a guided match: the rule notes that matter now
        (`Game.guide`) and ``point``, the legal action to point at (the game's heuristic's
        choice from the seat's view; None when it is not to move or the game has none)."""
        state, game = self.state, self.game
        legal = state.legal_actions(seat) if seat in state.to_move() else []
        point = None
        if legal and game.heuristic:
            point = make_agent("heuristic", game).act(Turn.of(state, seat))
        return {"notes": game.guide(state.view(seat), legal, lang), "point": point}

    def message(self, seat: int | None, lang: str) -> dict:
        """The update sent to a client of ``seat``: its view, legal actions and the log. A
        seat whose player left sees what a spectator sees while a bot plays it on (it must
        not learn the seat's cards and pass them to a rival), and everything once it is over."""
        running = self.status == MatchStatus.RUNNING
        if seat is not None and running and self.left()[seat] is not None:
            seat = None
        legal: list[dict] = []
        undo = 0  # how many of its latest decisions the seat may take back now (`State.undoable`)
        if seat is not None and running and self.row.seats[seat] == HUMAN:  # a player plays it
            legal, undo = self.legal_for(seat, lang), self.state.undoable(seat)
        names = self.display_names(lang)
        return {
            "type": "update",
            "match": self.public(),
            "you": seat,
            "turn": len(self.state.history),  # actions so far; echo it in "act" messages
            "view": self.state.view(seat),
            "legal": legal,
            "undo": undo,
            "took_back": self.took_back,
            "names": names,  # per seat; None: "Player N" in the page's language
            "log": self.log_for(seat, lang),
            "breakdown": self.state.score_breakdown(lang, names) if self.state.is_terminal() else None,
            "guide": self.guide_for(seat, lang) if self.row.guide and seat is not None else None,
            "server_time": time.time(),  # lets the page show turn timers without clock skew
        }
