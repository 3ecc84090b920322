"""The play socket: ``/ws/matches/{id}``.

Protocol (JSON text messages). The client opens with
``{"type": "hello", "token": "<seat token or omitted to spectate>", "lang": "en"}``; the server
answers with ``{"type": "update", ...}`` (see `Match.message`) now and after every change.
The client then sends ``{"type": "act", "action": <JSON or id>, "turn": <the update's "turn">}``,
``{"type": "undo"}`` (take back the seat's latest decision, while the update's ``"undo"``
count is above 0: `State.undoable`), ``{"type": "chat", "text": "..."}`` or
``{"type": "chat", "phrase": "good_game"}`` (a line in the players' room, or a spectator's in
the spectators' room: `chat.py`; clients get ``{"type": "chat", "lines": [...]}``, all lines of
the rooms they read on connecting, with ``"all": true``), ``{"type": "lang", "lang": "es"}``,
``{"type": "name", "name": "Anna"}`` (its seat's player
name), ``{"type": "rematch"}`` (at the end: the same players again, seats rotated; each seat
is then sent ``{"type": "rematch", "id", "seat", "token", "url"}``, its own only) or
``{"type": "resign"}`` (as ``POST /api/matches/{id}/resign``; everybody gets the update) or
``{"type": "ping"}``. Anything refused gets
``{"type": "error", "code": ..., "message": ...}`` and changes nothing; the socket stays open.
When somebody connects or leaves, clients get ``{"type": "presence", "online": [per seat],
"spectators": n}`` instead of a full update; ``{"type": "error", "code": "busy"}`` says the
database is not answering and the server is retrying.

Each client is sent the latest update only (never a backlog); spectators at most one per
``Settings.spectator_interval``; a client that does not take a message within
``Settings.send_seconds`` is closed (1008), as are connections over the per-address-group or
total caps and joins the ``join`` rate did not admit within ``JOIN_QUEUE`` seconds (1013,
after an error message). Every message counts toward the ``message`` rates of its socket,
seat and address group (`limits.LIMITS`): one over them gets ``rate_limited``, and
``MAX_STRIKES`` of those close the socket.

`PlayProtocol` is the WebSocket protocol ``mezquita serve`` runs: a message over
``WS_MAX_SIZE`` is answered with ``{"type": "error", "code": "too_large"}`` before the close
(1009), and a text frame that is not UTF-8 reaches the app as a message it refuses (an error;
the socket stays open), not as a logged traceback and a close.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import PayloadTooBig
from websockets.frames import Frame, Opcode

from mezquita.engine import MezquitaError

from .accounts import SESSION_COOKIE, digest
from .hub import Hub
from .leaving import RESIGNED
from .limits import JOIN_QUEUE, MAX_MESSAGE, MAX_STRIKES, address_group, loads
from .match import LANGS, Client, Match
from .schedule import stop_tasks
from .store import StoreUnavailable

log = logging.getLogger("mezquita.server")

HELLO_SECONDS = 10.0
WS_MAX_SIZE = 64 * 1024  # bytes of one WebSocket message the protocol reads at all
_socket_ids = itertools.count()  # the limiter's key of each connection


class BadMessage(Exception):
    """A message the protocol does not allow; ``code`` names the reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def error(code: str, message: str) -> str:
    """An error message as sent to the client."""
    return json.dumps({"type": "error", "code": code, "message": message})


def parse(text: str | None) -> dict[str, Any]:
    """A client message as a dict with a string ``type``, or `BadMessage`."""
    if text is None:
        raise BadMessage("malformed", "messages must be JSON in UTF-8 text frames")
    if len(text) > MAX_MESSAGE:
        raise BadMessage("too_large", f"messages are limited to {MAX_MESSAGE} characters")
    try:
        data = loads(text)
    except ValueError as err:
        raise BadMessage("malformed", f"the message is not valid JSON: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("malformed", 'a message is a JSON object with a "type"')
    return data


def language(value: Any) -> str:
    """A supported language code (English when unknown)."""
    return value if value in LANGS else "en"


async def play_socket(websocket: WebSocket, match_id: str) -> None:
    """Serve one player or spectator of ``match_id`` until it disconnects."""
    hub: Hub = websocket.app.state.hub
    group = address_group(websocket.client.host if websocket.client else "?")
    await websocket.accept()
    if not hub.open_socket(group):
        await _refuse(websocket, "too_many_connections",
                      "too many connections from this address or to this server", 1013)
        return
    try:
        if await _admitted(hub, group):
            await _serve(websocket, hub, match_id, group)
        else:
            await _refuse(websocket, "busy", "too many connections at once; try again in a "
                          "few seconds", 1013)
    finally:
        hub.close_socket(group)


async def _admitted(hub: Hub, group: str) -> bool:
    """Wait for the ``join`` rate of ``group`` and the server to admit one more socket;
    False if that would take over ``JOIN_QUEUE`` seconds."""
    deadline = time.monotonic() + JOIN_QUEUE
    while wait := hub.limiter.take("join", group=group):
        if time.monotonic() + wait > deadline:
            return False
        await asyncio.sleep(wait)
    return True


async def _serve(websocket: WebSocket, hub: Hub, match_id: str, group: str) -> None:
    try:
        match = await hub.get(match_id)
    except StoreUnavailable as err:
        await _refuse(websocket, "busy", str(err), 1013)
        return
    except MezquitaError as err:  # a stored record that no longer replays
        await _refuse(websocket, "broken", f"match {match_id!r} cannot be rebuilt: {err}", 4500)
        return
    if match is None:
        await _refuse(websocket, "not_found", f"there is no match {match_id!r}", 4404)
        return
    try:
        async with asyncio.timeout(HELLO_SECONDS):
            message = await websocket.receive()
        hello = parse(message.get("text"))
    except (TimeoutError, BadMessage, WebSocketDisconnect, RuntimeError):
        await _refuse(websocket, "no_hello", 'open with {"type": "hello", "token": ...}', 4400)
        return
    token = hello.get("token")
    seat = None
    if token is not None:
        seat = match.seat_of(token) if isinstance(token, str) and len(token) < 100 else None
        if seat is None:
            await _refuse(websocket, "bad_token", "this seat token is not valid for this match",
                          4403)
            return
        holder = match.row.accounts[seat]
        if holder is not None and (await _session(websocket, hub) or {}).get("id") != holder:
            await _refuse(websocket, "account_seat", "this seat belongs to an account: log in "
                          "to it to play", 4403)
            return
    client = Client(seat, language(hello.get("lang")), group, token if seat is not None else None)
    if seat is None:  # a logged-in spectator chats under the account's name
        session = await _session(websocket, hub)
        client.account_name = session["name"] if session is not None else None
    try:
        await hub.join(match, client)
        await hub.chat_history(match, client)
        if match.row.rematch is not None and seat is not None:  # hand over the seat made meanwhile
            new = await hub.get(match.row.rematch)
            if new is not None:
                await hub.tell_rematch(match, new, client)
    except StoreUnavailable as err:
        await _refuse(websocket, "busy", str(err), 1013)
        return
    sender = asyncio.create_task(_send_loop(websocket, match, client, hub))
    sender.add_done_callback(lambda task: _sender_ended(task, websocket, hub, match))
    try:
        await _receive_loop(websocket, hub, match, client, sender)
    finally:
        hub.leave(match, client)
        await stop_tasks([sender])


def _sender_ended(task: asyncio.Task, websocket: WebSocket, hub: Hub, match: Match) -> None:
    """A sender that failed (a server bug: nothing it may meet ends it so) is logged with its
    traceback, and its socket closed (1011), so the page reconnects instead of waiting on a
    socket that will never speak again."""
    if task.cancelled() or task.exception() is None:
        return
    log.error("sending to a client of match %s failed; closing its socket", match.id,
              exc_info=task.exception())
    hub.scheduler.spawn(_close(websocket, 1011))


async def _close(websocket: WebSocket, code: int, reason: str | None = None) -> None:
    """Close ``websocket`` with ``code``, giving up after a second (a client that reads
    nothing must not hold the server)."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(1.0):
            await websocket.close(code, reason)


async def _receive_loop(websocket: WebSocket, hub: Hub, match: Match, client: Client,
                        sender: asyncio.Task) -> None:
    socket = str(next(_socket_ids))
    seat = f"{match.id}/{client.seat}" if client.seat is not None else None
    strikes = 0
    while not sender.done():
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        if hub.limiter.take("message", socket=socket, seat=seat, group=client.group):
            strikes += 1
            client.push(error("rate_limited", "too many messages; slow down"))
            if strikes >= MAX_STRIKES:
                client.push(None)
            continue
        try:
            await handle(hub, match, client, parse(message.get("text")))
        except BadMessage as err:
            client.push(error(err.code, str(err)))
        except StoreUnavailable as err:
            client.push(error("busy", str(err)))
        except MezquitaError as err:
            client.push(error("refused", str(err)))
        except (TypeError, ValueError, KeyError, IndexError, OverflowError,
                RecursionError) as err:  # a game's odd input
            client.push(error("refused", f"invalid action: {str(err)[:200]}"))


async def handle(hub: Hub, match: Match, client: Client, data: dict[str, Any]) -> None:
    """Act on one parsed client message."""
    kind = data["type"]
    if kind == "act":
        if client.seat is None:
            raise BadMessage("spectator", "spectators cannot play")
        if "action" not in data:
            raise BadMessage("malformed", 'an "act" message needs an "action"')
        turn = data.get("turn")
        if turn is not None and (type(turn) is not int):
            raise BadMessage("malformed", '"turn" must be an integer')
        await hub.act(match, client.seat, data["action"], turn)
    elif kind == "undo":
        if client.seat is None:
            raise BadMessage("spectator", "spectators have no decision to take back")
        if hub.limiter.take("undo", seat=f"{match.id}/{client.seat}"):
            raise BadMessage("rate_limited", "too many take-backs; wait a minute")
        await hub.undo(match, client.seat)
    elif kind == "chat":
        seat = f"{match.id}/{client.seat}" if client.seat is not None else None
        if hub.limiter.take("chat", socket=str(id(client)), seat=seat, group=client.group):
            raise BadMessage("rate_limited", "too many chat lines; wait a few seconds")
        await hub.say(match, client, data.get("text"), data.get("phrase"))
    elif kind == "name":
        if client.seat is None:
            raise BadMessage("spectator", "spectators have no name to set")
        name = data.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 200):
            raise BadMessage("malformed", '"name" must be a short string')
        await hub.rename(match, client.seat, name)
    elif kind == "rematch":
        if client.seat is None:
            raise BadMessage("spectator", "only a player of the match can ask for a rematch")
        await hub.rematch(match)
    elif kind == "resign":
        if client.seat is None:
            raise BadMessage("spectator", "spectators have no seat to resign")
        await hub.depart(match, client.seat, RESIGNED)
    elif kind == "lang":
        client.lang = language(data.get("lang"))
        client.update()
    elif kind == "ping":
        client.push('{"type":"pong"}')
    else:
        raise BadMessage("unknown_type",
                         f"unknown message type {kind!r} (act, undo, name, rematch, resign, "
                         "lang, ping)")


async def _send_loop(websocket: WebSocket, match: Match, client: Client, hub: Hub) -> None:
    """Send the match's update first (the answer to hello), then the client's small messages
    in order, each time followed by the match's latest update; close when asked to, or when
    the client does not take a message within the deadline."""
    settings = hub.settings
    answered = False
    while True:
        await client.wake.wait()
        client.wake.clear()
        while client.outbox or client.stale:
            is_update = client.stale and (not answered or not client.outbox)
            answered = True
            if is_update:
                client.stale = False
                text = match.encoded(client.seat, client.lang)
            else:
                text = client.outbox.popleft()
            try:
                async with asyncio.timeout(settings.send_seconds):  # no task per message
                    await websocket.send_text(text)
            except TimeoutError:
                await _close(websocket, 1008, "too slow")
                return
            except Exception:
                return
            if is_update and client.seat is None and settings.spectator_interval:
                await asyncio.sleep(settings.spectator_interval)
        if client.closing:
            await _close(websocket, 1013)
            return


async def _session(websocket: WebSocket, hub: Hub) -> dict | None:
    """The session (with its account's id and name) whose cookie came with ``websocket`` from
    our own pages (a handshake from another site's page does not count), or ``None``."""
    cookie = websocket.cookies.get(SESSION_COOKIE)
    origin = websocket.headers.get("origin")
    if not cookie or len(cookie) > 100 or (origin is not None and
                                           urlsplit(origin).netloc != websocket.headers.get("host")):
        return None
    return await hub.store.call(hub.store.session, digest(cookie))


async def _refuse(websocket: WebSocket, code: str, message: str, close_code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(error(code, message))
        await websocket.close(close_code)


class PlayProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, telling a client why it is cut off or refused: a
    message over ``WS_MAX_SIZE`` gets an error message before the 1009 close, and a text
    frame that is not UTF-8 is handed on as binary (which `parse` refuses with an error).
    Tested against the real server in ``tests/server/test_server_abuse.py``."""

    #: after cutting a client off, its data is read (and dropped) this long before the TCP
    #: close: closing with unread data would reset the link and lose the error message
    DRAIN_SECONDS = 1.0

    def data_received(self, data: bytes) -> None:
        self.conn.receive_data(data)
        if isinstance(self.conn.parser_exc, PayloadTooBig):
            if not self.close_sent:
                self._cut_off()
        elif self.conn.parser_exc is not None:
            self.handle_parser_exception()
        elif self.conn.handshake_exc is not None and not self.handshake_initiated:
            self.handle_handshake_exception()
        else:
            self.handle_events()

    def _cut_off(self) -> None:
        """Send the error, then the close frame queued by the parser (1009); tell the app."""
        text = error("too_large", f"messages are limited to {WS_MAX_SIZE} bytes; closing")
        frame = Frame(Opcode.TEXT, text.encode()).serialize(mask=False,
                                                            extensions=self.conn.extensions)
        self.transport.write(frame + b"".join(self.conn.data_to_send()))
        self.queue.put_nowait({"type": "websocket.disconnect", "code": 1009,
                               "reason": "message too big"})
        self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(self.DRAIN_SECONDS, self.transport.close)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not _utf8(self.frames):
            self.curr_msg_data_type = "bytes"
        super().send_receive_event_to_app()


def _utf8(frames: list[bytes]) -> bool:
    data = frames[0] if len(frames) == 1 else b"".join(frames)
    if data.isascii():
        return True
    try:
        data.decode()
    except UnicodeDecodeError:
        return False
    return True
