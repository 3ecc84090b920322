"""The abuse patterns of issue 30, played against a running server from a process of their own
(``python -m`` this module), while the load benchmark's paced matches go on.

Input (stdin, one JSON object): ``{"pattern": ..., "url": "http://127.0.0.1:PORT", "seconds":
s, "addresses": [loopback addresses to send from], "match": id, "token": seat token,
"spectate": [match ids], "replay": finished match id, "out": path}``. Patterns, each within
the limits a client is given:

- ``rename``: one seat token, ``RENAME_SOCKETS`` sockets on that seat, each sending
  ``{"type": "name"}`` with a new name ``RENAME_RATE`` times a second;
- ``joins``: ``JOIN_SOCKETS`` spectator sockets over the ``spectate`` matches, opened within
  ``JOIN_SECONDS`` from the ``addresses`` in turn, and held open;
- ``create``: every address creating matches as fast as the server answers;
- ``replay``: every address fetching the ``replay`` match's replay as fast as it answers.

Alongside, ``GET /api/health`` every ``HEALTH_EVERY`` seconds from the first address: its
latencies are the event loop's responsiveness. Output (the JSON file ``out``): ``started``,
``ended`` (the machine's monotonic clock, shared by every process), ``health`` (seconds per
ping), ``sent`` (messages or requests), ``answers`` (count per outcome: an HTTP status, an
error code, ``update``, ``admitted`` (sockets sent a first update), ``unanswered`` (sockets
still waiting at the end), ``closed CODE``, a connection error) and ``cpu`` (this process's
CPU seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections import Counter

import httpx

RENAME_SOCKETS = 60
RENAME_RATE = 9.5  # per socket and second
JOIN_SOCKETS = 400
JOIN_SECONDS = 2.6
HEALTH_EVERY = 0.05


class Tally:
    """What one pattern sent and how the server answered."""

    def __init__(self, until: float) -> None:
        self.until = until  # monotonic time the pattern ends
        self.sent = 0
        self.answers: Counter[str] = Counter()
        self.health: list[float] = []


async def health(url: str, address: str, tally: Tally) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=30) as client:
        while time.monotonic() < tally.until:
            sent = time.monotonic()
            await client.get("/api/health")
            tally.health.append(time.monotonic() - sent)
            await asyncio.sleep(HEALTH_EVERY)


async def _socket(url: str, address: str, hello: dict, tally: Tally, send=None) -> None:
    """One WebSocket from ``address``: hello, then ``send(ws)`` (if any) until the pattern
    ends, counting what comes back."""
    from websockets.asyncio.client import connect

    try:
        async with connect(url, local_addr=(address, 0), max_size=2**22,
                           open_timeout=30) as ws:
            await ws.send(json.dumps(hello))
            sender = asyncio.ensure_future(send(ws)) if send else None
            admitted = False
            try:
                async with asyncio.timeout(max(0.0, tally.until - time.monotonic())):
                    async for raw in ws:
                        message = json.loads(raw)
                        if message["type"] == "error":
                            tally.answers[message["code"]] += 1
                        elif message["type"] == "update":
                            tally.answers["update"] += 1
                            if not admitted:
                                admitted = True
                                tally.answers["admitted"] += 1
            except TimeoutError:
                if not admitted and not send:
                    tally.answers["unanswered"] += 1
                return
            finally:
                if isinstance(sender, asyncio.Future):
                    sender.cancel()
            tally.answers[f"closed {ws.close_code}"] += 1
    except (OSError, TimeoutError) as err:
        tally.answers[type(err).__name__] += 1
    except Exception as err:  # a connection the server cut off
        tally.answers[f"closed {getattr(getattr(err, 'rcvd', None), 'code', '?')}"] += 1


async def rename(spec: dict, tally: Tally) -> None:
    url = spec["url"].replace("http://", "ws://") + f"/ws/matches/{spec['match']}"

    async def names(ws) -> None:
        count = 0
        with contextlib.suppress(Exception):  # until the server closes the socket
            while True:
                await ws.send(json.dumps({"type": "name", "name": f"Flood {count % 1000}"}))
                count += 1
                tally.sent += 1
                await asyncio.sleep(1 / RENAME_RATE)

    address = spec["addresses"][0]
    await asyncio.gather(*(_socket(url, address, {"type": "hello", "token": spec["token"]},
                                   tally, names) for _ in range(RENAME_SOCKETS)))


async def joins(spec: dict, tally: Tally) -> None:
    base = spec["url"].replace("http://", "ws://")
    addresses, matches = spec["addresses"], spec["spectate"]

    async def one(index: int) -> None:
        await asyncio.sleep(index * JOIN_SECONDS / JOIN_SOCKETS)
        tally.sent += 1
        await _socket(f"{base}/ws/matches/{matches[index % len(matches)]}",
                      addresses[index % len(addresses)], {"type": "hello"}, tally)

    await asyncio.gather(*(one(i) for i in range(JOIN_SOCKETS)))


async def _requests(spec: dict, tally: Tally, request) -> None:
    async def flood(address: str) -> None:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(base_url=spec["url"], transport=transport,
                                     timeout=30) as client:
            while time.monotonic() < tally.until:
                tally.sent += 1
                answer = await request(client)
                tally.answers[str(answer.status_code)] += 1

    await asyncio.gather(*(flood(address) for address in spec["addresses"]))


async def create(spec: dict, tally: Tally) -> None:
    body = {"game": "cordoba", "seats": ["human", "human"]}
    await _requests(spec, tally, lambda client: client.post("/api/matches", json=body))


async def replay(spec: dict, tally: Tally) -> None:
    path = f"/api/matches/{spec['replay']}/replay"
    await _requests(spec, tally, lambda client: client.get(path))


PATTERNS = {"rename": rename, "joins": joins, "create": create, "replay": replay}


async def main(spec: dict) -> dict:
    """Run ``spec["pattern"]`` for ``spec["seconds"]``; the tally (module docstring)."""
    cpu, started = time.process_time(), time.monotonic()
    tally = Tally(started + spec["seconds"])
    pinger = asyncio.ensure_future(health(spec["url"], spec["addresses"][0], tally))
    attack = asyncio.ensure_future(PATTERNS[spec["pattern"]](spec, tally))
    await asyncio.sleep(spec["seconds"])
    ended = time.monotonic()
    with contextlib.suppress(TimeoutError):  # what is still under way is cut off
        await asyncio.wait_for(asyncio.gather(attack, pinger, return_exceptions=True), 1)
    return {"started": started, "ended": ended, "health": tally.health, "sent": tally.sent,
            "answers": dict(tally.answers), "cpu": time.process_time() - cpu}


def run() -> None:
    """Read the spec from stdin, abuse, write the tally."""
    spec = json.loads(sys.stdin.read())
    result = asyncio.run(main(spec))
    with open(spec["out"], "w", encoding="utf-8") as out:
        json.dump(result, out)


if __name__ == "__main__":
    run()
