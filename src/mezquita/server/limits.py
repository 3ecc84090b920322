"""Bounds on what a client may send (request body size and nesting, match creation rate,
WebSocket message size, rate and nesting, connections), the server's tunable `Settings`, and
the security headers of every HTTP answer."""

from __future__ import annotations

import gc
import json
import math
import re
import resource
import time
from collections import deque
from dataclasses import dataclass

MAX_BODY = 16 * 1024  # bytes of an HTTP request body
MAX_MESSAGE = 4 * 1024  # characters of one WebSocket message
MESSAGE_RATE = (10.0, 30)  # WebSocket messages per second, burst
MAX_STRIKES = 20  # rate-limited messages before the socket is closed
CREATE_RATE = (30, 60.0)  # matches one address may create per window of seconds
SIT_RATE = (30, 60.0)  # open seats one address may take per window of seconds
QUEUE_RATE = (30, 60.0)  # times one address may join the play-now queue per window of seconds
REPLAY_RATE = (20, 10.0)  # replays one address may fetch per window of seconds
MAX_DEPTH = 16  # nesting of a JSON message or body (actions are at most 3 deep)
#: cyclic garbage collection of the server process: every update allocates thousands of
#: short-lived containers (views, log entries) and almost none form cycles, so collecting
#: the youngest generation every 700 allocations (Python's default) cost ~15% of the CPU
#: per move under load; every 50,000 it costs ~3%, each pass still a few milliseconds
GC_THRESHOLDS = (50_000, 20, 100)
SURROGATE = re.compile("[\ud800-\udfff]")  # half of a UTF-16 pair: no text on its own


def default_sockets() -> int:
    """Total WebSocket cap: the open-file limit minus room for the database, logs and bots."""
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return max(16, min(soft, 65_536) - 128)


@dataclass
class Settings:
    """Tunable bounds of one server (``mezquita serve`` options set them)."""

    create_limit: int = CREATE_RATE[0]  # matches one address may create per minute
    sockets_per_address: int = 64  # open WebSockets of one address
    sockets_total: int = 0  # 0: `default_sockets()`
    send_seconds: float = 10.0  # a client that has not taken a message for this long is closed
    spectator_interval: float = 0.5  # at most one update per this many seconds to a spectator
    open_seconds: float = 24 * 3600.0  # an open match nobody joined expires after this
    idle_seconds: float = 600.0  # a running match nobody watches leaves memory after this
    bot_workers: int | None = None  # bot processes (default: cores, at most 4)
    bots_per_creator: int = 0  # concurrent bot decisions of one creator; 0: workers - 1 (>= 1)
    bot_seconds: float = 30.0  # a decision taking longer is replaced by a random legal move
    db_seconds: float = 10.0  # one database call (off the event loop) gives up after this
    write_patience: float = 15.0  # a human's move waits this long for the database, retrying
    lease_seconds: float = 6.0  # an instance's hold on its matches (several instances)
    durability: str = "full"  # full: commits survive an OS crash; normal: a process kill (store.DURABILITY)
    api_docs: bool = False  # serve /api/docs (its assets come from a CDN; the CSP is relaxed)

    def __post_init__(self) -> None:
        if not self.sockets_total:
            self.sockets_total = default_sockets()


def tune_gc() -> None:
    """For a server process, once its app is built: move everything allocated so far
    (modules, games) out of the collector's sight (`gc.freeze`) and collect less often
    (`GC_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def check_parsed(data, limit: int = MAX_DEPTH) -> None:
    """Refuse parsed JSON ``data`` nesting deeper than ``limit`` or holding a lone surrogate
    (``"\\ud800"``: valid JSON, but no Unicode text; it cannot be stored or sent back) in a
    string or key, with ``ValueError`` (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                raise ValueError("a string holds a lone surrogate (not Unicode text)")
        elif isinstance(item, dict | list):
            if depth > limit:
                raise ValueError(f"nested deeper than {limit} levels")
            if isinstance(item, dict):
                stack.extend((k, depth) for k in item)
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)


def loads(text: str | bytes):
    """``json.loads`` that refuses deep nesting, NaN, Infinity, lone surrogates and invalid
    UTF-8 with ``ValueError``."""
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except UnicodeDecodeError as err:
        raise ValueError(f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    check_parsed(data)
    return data


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is out of range")
    return value


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


class TokenBucket:
    """Allows ``rate`` events per second with bursts of ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token; False when none is left."""
        stamp = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (stamp - self.stamp) * self.rate)
        self.stamp = stamp
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class SlidingWindow:
    """At most ``count`` events per key within ``seconds``."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count, self.seconds = count, seconds
        self.events: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        """Whether ``key`` may have one more event now (nothing is recorded: see `record`)."""
        stamp = time.monotonic()
        events = self.events.setdefault(key, deque())
        while events and events[0] < stamp - self.seconds:
            events.popleft()
        return len(events) < self.count

    def record(self, key: str) -> None:
        """Count one event of ``key`` (only what succeeded counts toward the limit)."""
        self.events.setdefault(key, deque()).append(time.monotonic())
        if len(self.events) > 10_000:  # forget idle addresses
            for other in [k for k, v in self.events.items() if not v]:
                del self.events[other]
        return True


class BodyLimit:
    """ASGI middleware: read each HTTP body whole, refusing over ``limit`` bytes (declared or
    streamed, chunked included) with 413, and JSON nested too deeply or holding NaN/Infinity
    with 422, before the app sees it."""

    def __init__(self, app, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413, "request body too large")
            return
        chunks, seen = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            seen += len(message.get("body", b""))
            if seen > self.limit:
                await _answer(send, 413, "request body too large")
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        kind = dict(scope["headers"]).get(b"content-type", b"")
        if body and (not kind or b"json" in kind):  # FastAPI reads a body without a type as JSON
            try:
                loads(body)
            except json.JSONDecodeError:
                pass  # plain syntax errors: the app answers 422 itself
            except ValueError as err:
                await _answer(send, 422, f"refused JSON: {err}")
                return
        replayed = False

        async def replay():
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _answer(send, status: int, detail: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": json.dumps({"detail": detail}).encode()})


#: Sent with every HTTP answer: no framing, no sniffing, no referrer (join links carry a
#: token in their fragment), scripts and connections only from this server.
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


#: Only for /api/docs when it is switched on: its Swagger UI comes from this CDN.
DOCS_CSP = (b"default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            b"style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: "
            b"https://fastapi.tiangolo.com; frame-ancestors 'none'; base-uri 'none'")


class SecurityHeaders:
    """ASGI middleware adding `SECURITY_HEADERS` to every HTTP response (``docs``: /api/docs
    is served, with a CSP that lets its CDN assets in)."""

    def __init__(self, app, docs: bool = False) -> None:
        self.app = app
        self.docs = docs

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        headers = SECURITY_HEADERS
        if self.docs and scope["path"] == "/api/docs":
            headers = [(b"content-security-policy", DOCS_CSP), *SECURITY_HEADERS[1:]]

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *headers]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
