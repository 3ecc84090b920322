"""The load benchmark's players, run in a process of their own (``python -m`` this module).

The server benchmark shares the machine's cores with its clients; playing them in a separate
process (on uvloop when installed) keeps their CPU apart from the benchmark's own bookkeeping
and lets the server's CPU per move be read from its own process. Input (stdin, one JSON
object): ``{"matches": [[ws_url, match_id, [token, ...], local address], ...], "think": mean seconds,
"seed": int, "deadline": seconds, "out": path}`` (clients still playing then stop and count
as errors). Output: the line ``go`` on stdout once every client is in a running match, then
the result as JSON in the file ``out`` (a long result once came through the pipe cut short):
``moves``, ``errors``, ``timed`` (``[sent, latency, match_id]`` per measured move, seconds
on the machine's monotonic clock, shared by every process), ``started``, ``ended`` and ``cpu`` (this
process's CPU seconds while playing).

The clients offer per-message deflate, as browsers do. Each client plays a random legal move
whenever its seat is to move, after ``think`` seconds on average (uniform over 0.5-1.5 times
it; 0 answers at once). A move's latency runs from its sender sending it to another seat's
client receiving the update that shows it.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

import orjson


class Players:
    """Every client of this process and what they measured."""

    def __init__(self, clients: int, think: float) -> None:
        self.clients = clients
        self.think = think
        self.ready = 0
        self.go = asyncio.Event()
        self.started = 0.0
        self.sent: dict[tuple[str, int], tuple[float, int]] = {}  # (match, turn) -> (time, seat)
        self.timed: list[tuple[float, float, str]] = []
        self.moves = 0
        self.errors = 0


async def play_seat(players: Players, url: str, match_id: str, token: str, address: str,
                    rng: random.Random) -> None:
    """One client (connecting from ``address``): play random legal moves for its seat until
    the match ends."""
    clock = time.monotonic
    try:
        await _play(players, url, match_id, token, address, rng, clock)
    finally:
        if not players.go.is_set() and players.clients:  # never got going: do not wait for it
            players.clients -= 1
            if players.ready >= players.clients:
                players.started = clock()
                players.go.set()


async def _play(players: Players, url: str, match_id: str, token: str, address: str,
                rng: random.Random, clock) -> None:
    from websockets.asyncio.client import connect

    async with connect(f"{url}/ws/matches/{match_id}", max_size=2**20,
                       local_addr=(address, 0), open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        acted, ready = -1, False
        async for raw in ws:
            received = clock()
            message = orjson.loads(raw)
            kind = message["type"]
            if kind != "update":
                if kind != "presence":
                    players.errors += 1
                continue
            if not ready and message["match"]["status"] == "running":
                ready = True
                players.ready += 1
                if players.ready == players.clients:
                    players.started = clock()
                    players.go.set()
                await players.go.wait()  # measure steady play, not the connection storm
            seat, turn = message["you"], message["turn"]
            sent = players.sent.get((match_id, turn))
            if sent is not None and sent[1] != seat:
                del players.sent[(match_id, turn)]
                players.timed.append((sent[0], received - sent[0], match_id))
            if message["view"]["terminal"]:
                return
            if message["legal"] and acted != turn:
                acted = turn
                if players.think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * players.think)
                players.sent[(match_id, turn + 1)] = (clock(), seat)
                players.moves += 1
                choice = rng.choice(message["legal"])
                await ws.send(json.dumps({"type": "act", "action": choice["action"],
                                          "turn": turn}))


async def main(spec: dict) -> dict:
    """Play every match of ``spec``; the measurements (see the module docstring)."""
    matches = spec["matches"]
    players = Players(sum(len(tokens) for _, _, tokens, _ in matches), spec["think"])
    rng = random.Random(spec["seed"])
    clients = [play_seat(players, url, match_id, token, address, random.Random(rng.random()))
               for url, match_id, tokens, address in matches for token in tokens]

    async def announce() -> None:
        await players.go.wait()
        cpu[0] = time.process_time()
        sys.stdout.write("go\n")
        sys.stdout.flush()

    cpu = [0.0]
    herald = asyncio.ensure_future(announce())
    tasks = [asyncio.ensure_future(c) for c in clients]
    _, late = await asyncio.wait(tasks, timeout=spec.get("deadline", 600))
    for task in late:  # a match that never ended: its clients count as errors
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    herald.cancel()
    ended = time.monotonic()
    players.errors += sum(1 for r in results if isinstance(r, BaseException))
    return {"moves": players.moves, "errors": players.errors, "timed": players.timed,
            "started": players.started, "ended": ended, "cpu": time.process_time() - cpu[0]}


def run() -> None:
    """Read the spec from stdin, play, print the result."""
    spec = json.loads(sys.stdin.read())
    try:
        import uvloop
    except ImportError:
        result = asyncio.run(main(spec))
    else:
        result = uvloop.run(main(spec))
    with open(spec["out"], "w", encoding="utf-8") as out:
        json.dump(result, out)


if __name__ == "__main__":
    run()
