"""Bounds on what a client may send (request body size, match creation rate, WebSocket
message size and rate) and the security headers of every HTTP answer."""

from __future__ import annotations

import time
from collections import deque

MAX_BODY = 16 * 1024  # bytes of an HTTP request body
MAX_MESSAGE = 4 * 1024  # characters of one WebSocket message
MESSAGE_RATE = (10.0, 30)  # WebSocket messages per second, burst
MAX_STRIKES = 20  # rate-limited messages before the socket is closed
CREATE_RATE = (30, 60.0)  # matches one address may create per window of seconds


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
        """Record an event for ``key``; False (and not recorded) when over the limit."""
        stamp = time.monotonic()
        events = self.events.setdefault(key, deque())
        while events and events[0] < stamp - self.seconds:
            events.popleft()
        if len(events) >= self.count:
            return False
        events.append(stamp)
        if len(self.events) > 10_000:  # forget idle addresses
            for other in [k for k, v in self.events.items() if not v]:
                del self.events[other]
        return True


class BodyLimit:
    """ASGI middleware: refuse HTTP bodies over ``limit`` bytes with 413."""

    def __init__(self, app, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _too_large(send)
            return
        seen = 0

        async def bounded_receive():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise BodyTooLarge
            return message

        try:
            await self.app(scope, bounded_receive, send)
        except BodyTooLarge:
            await _too_large(send)


class BodyTooLarge(Exception):
    """A streamed body went over the limit."""


async def _too_large(send) -> None:
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body",
                "body": b'{"detail":"request body too large"}'})


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


class SecurityHeaders:
    """ASGI middleware adding `SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
