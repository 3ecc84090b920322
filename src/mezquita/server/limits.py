"""Bounds on what a client may send (request body size and nesting, WebSocket message size
and nesting, connections), the one rate `Limiter` every client request goes through, with
its table `LIMITS`, address groups, the server's tunable `Settings`, and the security headers
of every HTTP answer.

Limiting something new (a login, a chat message, a table): add its rows to `LIMITS` (one per
scope it is counted in) and call ``hub.limiter.take(kind, seat=..., account=..., group=...)``
before doing the work; a non-zero answer is the seconds to wait (refuse, with them as
``Retry-After``), and nothing was counted. docs/server.md lists the table.
"""

from __future__ import annotations

import gc
import ipaddress
import json
import math
import re
import resource
import time
from dataclasses import dataclass, field
from typing import NamedTuple

MAX_BODY = 16 * 1024  # bytes of an HTTP request body
MAX_MESSAGE = 4 * 1024  # characters of one WebSocket message
MAX_STRIKES = 20  # rate-limited messages before the socket is closed
MAX_DEPTH = 16  # nesting of a JSON message or body (actions are at most 3 deep)
JOIN_QUEUE = 2.0  # seconds a socket over the join rate waits for its turn before it is refused
LIMITER_KEYS = 100_000  # keys the limiter remembers (idle ones are forgotten first)


class Rate(NamedTuple):
    """``count`` events per ``seconds``, ``count`` of them at once (a burst)."""

    count: float  # type: ignore[assignment]  # shadows tuple.count on purpose: a Rate is never searched
    seconds: float

    def __str__(self) -> str:  # as ``--limit`` takes it
        return f"{self.count:g}/{self.seconds:g}"


#: (kind, scope) -> rate. Scopes: ``socket`` (one connection), ``seat`` (one seat of one
#: match, all its sockets together), ``account``, ``group`` (an address group, see
#: `address_group`) and ``server`` (everybody together). ``create/group`` comes from
#: ``Settings.create_limit`` (``--create-limit``, per minute); any other row can be changed
#: with ``Settings.limits`` (``--limit KIND/SCOPE=COUNT/SECONDS``).
LIMITS: dict[tuple[str, str], Rate] = {
    ("message", "socket"): Rate(30, 3.0),  # WebSocket messages of any kind: 10/s, bursts of 30
    ("message", "seat"): Rate(60, 3.0),  # ... of one seat, however many sockets it opens
    ("message", "group"): Rate(600, 3.0),  # ... of one address group
    ("rename", "seat"): Rate(1, 2.0),  # names applied (the others wait, collapsed to the last)
    ("undo", "seat"): Rate(20, 60.0),  # decisions taken back (each one updates every socket)
    ("chat", "socket"): Rate(5, 10.0),  # chat lines said (stored, sent to a whole room)
    ("chat", "seat"): Rate(5, 10.0),  # ... by one seat, however many sockets it opens
    ("chat", "group"): Rate(30, 10.0),  # ... from one address group
    ("join", "group"): Rate(10, 2.0),  # WebSockets admitted into a match (queued JOIN_QUEUE s)
    ("join", "server"): Rate(100, 2.0),
    ("create", "group"): Rate(20, 60.0),  # matches created (refused ones do not count)
    ("create", "server"): Rate(50, 10.0),
    ("claim", "group"): Rate(30, 10.0),  # invitation claims, right or wrong
    ("replay", "group"): Rate(20, 10.0),  # replays fetched (cached, but sending them costs)
    ("sit", "group"): Rate(30, 60.0),  # open seats asked for (tables), right or wrong
    ("queue", "group"): Rate(30, 60.0),  # joins of the play-now queue
    ("analysis", "group"): Rate(6, 60.0),  # hints and reviews computed (a cached review is free)
    ("login", "group"): Rate(10, 60.0),  # failed logins and password changes (successes refunded)
    ("login", "account"): Rate(10, 60.0),  # ... per account name
    ("register", "group"): Rate(5, 3600.0),  # accounts created (refused ones do not count)
    ("export", "account"): Rate(5, 3600.0),  # data exports (each reads all of an account's rows)
}

#: cyclic garbage collection of the server process. Every update allocates thousands of
#: short-lived containers (views, log entries) and almost none form cycles: collecting the
#: youngest generation every 700 allocations (Python's default) cost ~15% of the CPU per move,
#: and its frequent full passes over a large heap took up to 400 ms. A larger middle
#: generation (50,000 x 20) made one pass over up to a million survivors take 250 ms. At
#: 1,000 paced matches (the load benchmark, idle machine, 6 runs each) 5,000 x 10 x 10 gave
#: move p99 of 23-49 ms against 120-235 ms for 50,000 x 20 x 100, at the same CPU per move
GC_THRESHOLDS = (5_000, 10, 10)
SURROGATE = re.compile("[\ud800-\udfff]")  # half of a UTF-16 pair: no text on its own


def default_sockets() -> int:
    """Total WebSocket cap: the open-file limit minus room for the database, logs and bots."""
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return max(16, min(soft, 65_536) - 128)


@dataclass
class Settings:
    """Tunable bounds of one server (``mezquita serve`` options set them)."""

    create_limit: int = int(LIMITS["create", "group"].count)  # matches of one address group a minute
    sockets_per_address: int = 64  # open WebSockets of one address group
    limits: dict[tuple[str, str], Rate] = field(default_factory=dict)  # rows of LIMITS changed
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
    public_url: str = "http://127.0.0.1:8000"  # where players reach this site (links in notices)
    smtp: str = ""  # "host:port" of the SMTP server turn notices are mailed through ("": none)
    mail_from: str = "mezquita@localhost"  # their sender
    webhook_private: bool = False  # webhooks may reach private addresses (a closed network, tests)

    def __post_init__(self) -> None:
        if not self.sockets_total:
            self.sockets_total = default_sockets()
        unknown = set(self.limits) - set(LIMITS) | ({("create", "group")} & set(self.limits))
        if unknown:
            raise ValueError(f"no such limit to change: {', '.join(map('/'.join, unknown))} "
                             f"(create/group is create_limit)")

    def table(self) -> dict[tuple[str, str], Rate]:
        """`LIMITS` as this server runs it."""
        return {**LIMITS, ("create", "group"): Rate(self.create_limit, 60.0), **self.limits}


def parse_limit(text: str) -> tuple[tuple[str, str], Rate]:
    """``"join/server=400/2"`` as a row of `LIMITS` (``ValueError`` if it is none)."""
    name, _, rate = text.partition("=")
    kind, _, scope = name.partition("/")
    count, _, seconds = rate.partition("/")
    try:
        value = Rate(float(count), float(seconds))
    except ValueError:
        value = None
    if (kind, scope) not in LIMITS or value is None or not (value.count >= 1 and value.seconds > 0):
        raise ValueError(f"{text!r} is no KIND/SCOPE=COUNT/SECONDS with COUNT >= 1 and SECONDS > 0, "
                         f"for one of {', '.join('/'.join(k) for k in LIMITS)}")
    return (kind, scope), value


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


def address_group(host: str) -> str:
    """The group one budget is kept for: an IPv4 address (/32), an IPv6 network /64 (one
    host or one site usually holds a whole /64), IPv4-mapped IPv6 as the IPv4 address;
    anything else (a test client's name) as it is."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Limiter:
    """Rates of events per (kind, scope, key) by the generic cell rate algorithm: each key
    keeps one number, the time its budget is full again, so a key whose time has passed is
    idle and forgetting it changes nothing. At most ``max_keys`` are kept: past that the
    idle ones are dropped, then the oldest (which can only give them a fresh budget)."""

    def __init__(self, table: dict[tuple[str, str], Rate], max_keys: int = LIMITER_KEYS,
                 clock=time.monotonic) -> None:
        self.table = table
        self.max_keys = max_keys
        self.clock = clock
        self.full_at: dict[tuple[str, str, str], float] = {}

    def _keys(self, kind: str, who: dict[str, str | None]):
        if (kind, "server") in self.table:
            who = {**who, "server": ""}
        return [((kind, scope, key), self.table[kind, scope]) for scope, key in who.items()
                if key is not None and (kind, scope) in self.table]

    def take(self, kind: str, **who: str | None) -> float:
        """Count one ``kind`` event of each scope given (``seat=``, ``account=``, ``group=``,
        ``socket=``; the ``server`` row, if any, always; scopes without a row and ``None``
        keys are left out): 0.0 when every one has room, else nothing is counted and the
        answer is how many seconds until all would have."""
        now = self.clock()
        keys = self._keys(kind, who)
        wait = 0.0
        for key, (count, seconds) in keys:
            full_at = max(self.full_at.get(key, now), now)
            wait = max(wait, full_at + seconds / count - now - seconds)
        if wait > 1e-9:
            return wait
        for key, (count, seconds) in keys:
            self.full_at[key] = max(self.full_at.get(key, now), now) + seconds / count
        if len(self.full_at) > self.max_keys:
            self._forget(now)
        return 0.0

    def refund(self, kind: str, **who: str | None) -> None:
        """Give back one event counted by `take` (the request failed; it does not count)."""
        for key, (count, seconds) in self._keys(kind, who):
            if key in self.full_at:
                self.full_at[key] -= seconds / count

    def _forget(self, now: float) -> None:
        self.full_at = {k: t for k, t in self.full_at.items() if t > now}
        extra = len(self.full_at) - self.max_keys * 9 // 10
        for key in list(self.full_at)[:max(0, extra)]:
            del self.full_at[key]


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


#: (method, path, kind, refusal) of the REST requests `RateLimits` counts
ROUTES = [
    ("POST", re.compile(r"/api/matches"), "create", "too many matches created; wait a minute"),
    ("POST", re.compile(r"/api/matches/[^/]+/claim"), "claim", "too many claims; wait a moment"),
    ("GET", re.compile(r"/api/matches/[^/]+/replay"), "replay",
     "too many replays requested; wait a moment"),
    ("POST", re.compile(r"/api/matches/[^/]+/sit"), "sit", "too many seats taken; wait a minute"),
    ("POST", re.compile(r"/api/queue"), "queue", "too many times in the queue; wait a minute"),
]


class RateLimits:
    """ASGI middleware counting each request of `ROUTES` against its kind's rate for the
    client's address group, before anything reads or parses it: one over the rate gets 429
    with ``Retry-After`` at the cost of a table look-up."""

    def __init__(self, app, limiter: Limiter) -> None:
        self.app, self.limiter = app, limiter

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            for method, path, kind, refusal in ROUTES:
                if scope["method"] == method and path.fullmatch(scope["path"]):
                    client = scope.get("client")
                    wait = self.limiter.take(kind, group=address_group(client[0] if client else "?"))
                    if wait:
                        await _answer(send, 429, refusal, [(b"retry-after", str(math.ceil(wait)).encode())])
                        return
                    break
        await self.app(scope, receive, send)


async def _answer(send, status: int, detail: str, headers: list | None = None) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), *(headers or [])]})
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
