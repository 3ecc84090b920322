"""Load benchmark of the web server: many concurrent bot-vs-bot matches over WebSockets.

``mezquita serve`` runs in its own process on loopback; this process opens two WebSocket
clients per match, each playing a random legal move whenever its seat is to move. Latency is
measured from a client sending its move to the opponent's client receiving the update (both
clocks are this process's). SQLite always; PostgreSQL too when ``MEZQUITA_BENCH_PG_URL`` is set.

Two loads per database: *flat out* (every client answers at once: the throughput ceiling, where
latency is only queueing, by Little's law ~ matches / throughput) and *paced* (each bot thinks
0.5-1.5 s before moving, like a quick player): the latency a player feels at that many
concurrent matches.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import tempfile
import time
from pathlib import Path

import httpx

from mezquita.benchmarks import Figure
from mezquita.server.launch import ServerProcess

FULL_MATCHES = 200
QUICK_MATCHES = 10
THINK = 1.0  # mean seconds a paced bot waits before moving
QUICK_THINK = 0.25


class Load:
    """The shared measurements of one run."""

    def __init__(self, clients: int) -> None:
        self.clients = clients
        self.ready = 0
        self.go = asyncio.Event()  # set once every client is connected to a running match
        self.started = 0.0
        self.sent: dict[tuple[str, int], float] = {}  # (match, turn after the move) -> time
        self.latencies: list[float] = []
        self.moves = 0
        self.errors = 0


async def play_seat(url: str, match_id: str, token: str, load: Load, rng: random.Random,
                    think: float) -> None:
    """One client: play random legal moves for its seat until the match ends, waiting
    ``think`` seconds on average before each move."""
    from websockets.asyncio.client import connect

    async with connect(f"{url}/ws/matches/{match_id}", max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        acted, ready = -1, False
        async for raw in ws:
            received = time.perf_counter()
            message = json.loads(raw)
            if message["type"] != "update":
                load.errors += 1
                continue
            if message["match"]["status"] == "running" and not ready:
                ready = True
                load.ready += 1
                if load.ready == load.clients:
                    load.started = time.perf_counter()
                    load.go.set()
                await load.go.wait()  # measure steady play, not the connection storm
            view = message["view"]
            turn = message["turn"]
            sent = load.sent.pop((match_id, turn), None)
            if sent is not None and message["log"] and message["log"][-1]["seat"] != view["seat"]:
                load.latencies.append(received - sent)
            elif sent is not None:
                load.sent[(match_id, turn)] = sent  # the mover's own echo; wait for the opponent
            if view["terminal"]:
                return
            if message["legal"] and acted != turn:
                acted = turn
                if think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                load.sent[(match_id, turn + 1)] = time.perf_counter()
                load.moves += 1
                choice = rng.choice(message["legal"])
                await ws.send(json.dumps({"type": "act", "action": choice["action"], "turn": turn}))


async def run_load(server: ServerProcess, game: str, matches: int, think: float,
                   seed: int) -> tuple[Load, float]:
    """Create ``matches`` human-vs-human matches and play them all at once; return the
    measurements and the wall-clock seconds of play (after every client has connected)."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        created = []
        for _ in range(matches):
            response = await client.post("/api/matches", json={"game": game,
                                                               "seats": ["human", "human"]})
            response.raise_for_status()
            created.append(response.json())
    load = Load(2 * matches)
    rng = random.Random(seed)
    ws_url = server.url.replace("http://", "ws://")
    clients = [play_seat(ws_url, m["id"], s["token"], load, random.Random(rng.random()), think)
               for m in created for s in m["seats"]]
    await asyncio.gather(*clients)
    return load, time.perf_counter() - load.started


def measure(db_name: str, db_url: str, game: str, matches: int, think: float) -> list[Figure]:
    """Run both loads against a fresh server on ``db_url``; five figures."""
    log = Path(tempfile.gettempdir()) / "mezquita-bench-server.log"
    with ServerProcess(db_url, log=log, extra=("--create-limit", str(20 * matches))) as server:
        flat, flat_seconds = asyncio.run(run_load(server, game, matches, 0.0, seed=1))
        paced, paced_seconds = asyncio.run(run_load(server, game, matches, think, seed=2))
    setting = f"{matches} matches, {2 * matches} clients, {db_name}, loopback"
    shared = f"server and clients share {os.cpu_count()} cores"
    figures = [Figure("server moves flat out", game, flat.moves / flat_seconds, "moves/s",
                      setting, note=f"{flat.moves} moves in {flat_seconds:.1f} s; {shared}; "
                      f"p50 latency {_pct(flat.latencies, 0.5):.0f} ms (queueing)")]
    paced_setting = f"{setting}, bots think {think / 2:g}-{1.5 * think:g} s"
    note = (f"{paced.moves} moves in {paced_seconds:.1f} s "
            f"({paced.moves / paced_seconds:.0f} moves/s); {shared}; "
            f"{flat.errors + paced.errors} error messages")
    figures += [
        Figure("move latency p50", game, _pct(paced.latencies, 0.5), "ms", paced_setting,
               note="send to the opponent receiving the update; " + note),
        Figure("move latency p99", game, _pct(paced.latencies, 0.99), "ms", paced_setting,
               note="aim: under 50 ms at 200 concurrent matches on 2 cores"),
    ]
    return figures


def _pct(samples: list[float], q: float) -> float:
    """The ``q`` quantile of ``samples`` (seconds) in milliseconds; NaN when empty."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def run(games: list[str] | None, quick: bool) -> list[Figure]:
    """The server load figures for each game (default Córdoba), SQLite then PostgreSQL."""
    matches = QUICK_MATCHES if quick else FULL_MATCHES
    think = QUICK_THINK if quick else THINK
    figures = []
    for game in games or ["cordoba"]:
        with tempfile.TemporaryDirectory(prefix="mezquita-bench-") as folder:
            figures += measure("sqlite", f"sqlite:///{folder}/bench.sqlite3", game, matches,
                               think)
        pg_url = os.environ.get("MEZQUITA_BENCH_PG_URL")
        if pg_url:
            figures += measure("postgresql", pg_url, game, matches, think)
    return figures


if __name__ == "__main__":
    for figure in run(None, quick=os.environ.get("QUICK") == "1"):
        print(json.dumps(figure.to_json()))
