"""Load benchmark of the web server: many concurrent human-vs-human matches over WebSockets.

``mezquita serve`` runs in its own process on loopback; the clients, two per match, play in
another process (``ws_clients.py``), each a random legal move whenever its seat is to move.
Latency is measured from a client sending its move to the opponent's client receiving the
update (one clock). Each figure notes the server's own CPU per acknowledged move (its process,
read from ``/proc``), the clients', how busy the machine was and its load average: the machine
may be shared, and server and clients share its cores. SQLite always; PostgreSQL too when
``MEZQUITA_BENCH_PG_URL`` is set.

Two loads per database: *flat out* (every client answers at once: the throughput ceiling, where
latency is only queueing, by Little's law ~ matches / throughput) and *paced* (each player
thinks 0.5-1.5 s before moving, so a match makes about one move per second: the latency a
player feels at that many concurrent matches). Then the stress cases of issue 18
(``MEZQUITA_BENCH_SCENARIOS``, comma separated, default all): ``replays`` (4 clients looping
on replays of a finished match during the paced load), ``locked`` (the database locked by
another connection for 5 s during the paced load: move latency and the event loop's ping
round trip; on PostgreSQL also only one playing match's row locked: the other matches' moves),
and ``instances`` (PostgreSQL only: flat-out moves/s of one instance against two on one
database, in alternating rounds). ``paced`` (not run by default) is the paced load alone
(for large runs: ``MEZQUITA_BENCH_MATCHES=1000``). ``abuse`` (not run by default) is issue 30's abuse suite:
a paced load alone, then once during each abuse pattern of ``abusers.py`` (its own process),
failing a pattern if the move latency p99 while it runs is over ``ABUSE_P99`` ms or over
``ABUSE_RISE`` times the unabused one (``MEZQUITA_BENCH_ABUSE``: the patterns, comma
separated, default all). ``MEZQUITA_BENCH_MATCHES`` sets the number of matches.

Players come from ``PLAYER_ADDRESSES`` (a few per loopback address, as real players come
from many), abusers from ``ABUSE_ADDRESSES``; the server runs the default per-address-group
limits, with its server-wide rows raised to the benchmark's size.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import sqlite3
import sys
import tempfile
import time
from asyncio.subprocess import PIPE
from pathlib import Path

import httpx

from mezquita.benchmarks import Figure
from mezquita.server.launch import ServerProcess

FULL_MATCHES = 200
QUICK_MATCHES = 10
THINK = 1.0  # mean seconds a paced bot waits before moving
QUICK_THINK = 0.25
LOCK_SECONDS = 5.0
REPLAY_CLIENTS = 4


CLIENT_PROCESSES = 1  # processes playing the clients (``ws_clients.py``)
PLAYER_ADDRESSES = [f"127.0.1.{i}" for i in range(1, 251)]  # used in turn, run after run
_player_address = itertools.count()
ABUSE_ADDRESSES = [f"127.0.2.{i}" for i in range(1, 9)]  # 8 addresses, as in issue 30
ABUSE_P99 = 50.0  # ms: a pattern fails if the paced matches' p99 rises above this...
ABUSE_RISE = 3.0  # ... or to more than this many times the unabused p99
ABUSE_SECONDS = 15.0
QUICK_ABUSE_SECONDS = 4.0
INSTANCE_ROUNDS = 2  # alternating one/two-instance runs
DEADLINE = 240.0  # seconds after which a load's clients give up (a match that never ends)


class Load:
    """The measurements of one run: moves, latencies, CPU seconds (server and clients),
    the machine's load."""

    def __init__(self) -> None:
        self.moves = 0
        self.errors = 0
        self.timed: list[tuple[float, float, str]] = []  # (sent, latency, match) per move
        self.match_ids: list[str] = []
        self.started = 0.0  # monotonic clock, every client connected
        self.ended = 0.0
        self.client_cpu = 0.0
        self.server_cpu = 0.0  # CPU seconds of the server processes while playing
        self.busy = 0.0  # share of the machine's CPU time spent (by anybody) while playing
        self.loadavg = 0.0  # 1-minute load average at the end

    @property
    def latencies(self) -> list[float]:
        return [latency for _, latency, _ in self.timed]

    @property
    def seconds(self) -> float:
        return max(1e-9, self.ended - self.started)

    def cpu_note(self) -> str:
        """Server and client CPU per move, the machine's business and load."""
        moves = max(1, self.moves)
        return (f"server CPU {self.server_cpu / moves * 1e6:.0f} us/move, clients "
                f"{self.client_cpu / moves * 1e6:.0f} us/move (own process); machine "
                f"{100 * self.busy:.0f}% busy, load average {self.loadavg:.1f}")


def process_cpu(pid: int) -> float:
    """CPU seconds (user and system) used so far by process ``pid`` (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_cpu() -> tuple[float, float]:
    """The machine's (busy, total) CPU seconds so far (Linux ``/proc/stat``)."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]
    return (sum(ticks) - idle), sum(ticks)


def client_for(url: str, address: str) -> httpx.AsyncClient:
    """An HTTP client of ``url`` connecting from the loopback ``address``."""
    return httpx.AsyncClient(base_url=url, timeout=30,
                             transport=httpx.AsyncHTTPTransport(local_address=address))


async def create(client: httpx.AsyncClient, game: str, options: dict | None = None) -> dict:
    """A human-vs-human match with a token per seat (claiming the invitation if there is one)."""
    response = await client.post("/api/matches", json={"game": game, "seats": ["human", "human"],
                                                       "options": options or {}})
    response.raise_for_status()
    made = response.json()
    for seat in made["seats"]:
        if seat.get("invite"):
            claimed = await client.post(f"/api/matches/{made['id']}/claim",
                                        json={"invite": seat["invite"]})
            seat["token"] = claimed.json()["token"]
    return made


async def run_load(servers: list[ServerProcess], game: str, matches: int, think: float,
                   seed: int, during=None, processes: int = CLIENT_PROCESSES,
                   options: dict | None = None, finish_during: bool = False) -> Load:
    """Create ``matches`` human-vs-human matches (round robin over ``servers``, with the
    game's ``options``) and play them all at once from ``processes`` client processes;
    ``during(load)`` runs alongside once play starts (every client connected) and is
    cancelled when the last match ends (``finish_during``: awaited). CPU is counted from
    then to the last match's end."""
    created: list[list] = [[] for _ in range(processes)]
    clients: dict[tuple[str, str], httpx.AsyncClient] = {}
    try:
        for index in range(matches):
            server = servers[index % len(servers)]
            address = PLAYER_ADDRESSES[next(_player_address) % len(PLAYER_ADDRESSES)]
            key = (server.url, address)
            if key not in clients:
                clients[key] = client_for(server.url, address)
            made = await create(clients[key], game, options)
            created[index % processes].append(
                [server.url.replace("http://", "ws://"), made["id"],
                 [s["token"] for s in made["seats"] if s["token"]], address])
    finally:
        for client in clients.values():
            await client.aclose()
    children, outputs = [], []
    for index, share in enumerate(created):
        handle, out = tempfile.mkstemp(prefix="mezquita-bench-clients-", suffix=".json")
        os.close(handle)
        outputs.append(out)
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "mezquita.benchmarks.ws_clients", stdin=PIPE, stdout=PIPE,
            limit=2**30)
        child.stdin.write(json.dumps({"matches": share, "think": think, "deadline": DEADLINE,
                                      "seed": seed * 1000 + index, "out": out}).encode())
        child.stdin.close()
        children.append(child)
    load = Load()
    load.match_ids = [m[1] for share in created for m in share]
    for child in children:
        if (await child.stdout.readline()).strip() != b"go":
            raise RuntimeError("the benchmark's clients did not start")
    pids = [s.process.pid for s in servers]
    server_cpu = sum(process_cpu(pid) for pid in pids)
    machine = machine_cpu()
    side = asyncio.ensure_future(during(load)) if during is not None else None
    for child, out in zip(children, outputs):
        await child.wait()
        result = json.loads(Path(out).read_text())
        Path(out).unlink()
        load.moves += result["moves"]
        load.errors += result["errors"]
        load.timed += result["timed"]
        load.client_cpu += result["cpu"]
        load.started = max(load.started, result["started"])
        load.ended = max(load.ended, result["ended"])
    load.server_cpu = sum(process_cpu(pid) for pid in pids) - server_cpu
    busy, total = (b - a for a, b in zip(machine, machine_cpu()))
    load.busy = busy / max(1, total)
    load.loadavg = os.getloadavg()[0]
    if side is not None and finish_during:
        await side
    elif side is not None:
        side.cancel()
        with contextlib.suppress(BaseException):
            await side
    return load


def server_for(db_url: str, log: Path, matches: int, extra: tuple[str, ...] = ()) -> ServerProcess:
    """A server with the default per-group limits (or as ``extra`` options say) and
    server-wide rows for ``matches``."""
    return ServerProcess(db_url, log=log, extra=(
        "--limit", f"create/server={20 * matches + 100}/60",
        "--limit", f"join/server={4 * matches + 400}/1", *extra))


def measure(db_name: str, db_url: str, game: str, matches: int, think: float,
            scenarios: set[str]) -> list[Figure]:
    """Run the loads against a fresh server on ``db_url``."""
    log = Path(tempfile.gettempdir()) / "mezquita-bench-server.log"
    setting = f"{matches} matches, {2 * matches} clients, {db_name}, loopback"
    shared = f"server and clients share {os.cpu_count()} cores (a machine shared with others)"
    paced_setting = f"{setting}, bots think {think / 2:g}-{1.5 * think:g} s"
    figures = []
    with server_for(db_url, log, matches) as server:
        if "load" in scenarios:
            flat = asyncio.run(run_load([server], game, matches, 0.0, seed=1))
            figures.append(Figure("server moves flat out", game, flat.moves / flat.seconds,
                                  "moves/s", setting, note=f"{flat.moves} moves in "
                                  f"{flat.seconds:.1f} s; {shared}; p50 latency "
                                  f"{pct(flat.latencies, 0.5):.0f} ms (queueing); "
                                  f"{flat.cpu_note()}; {flat.errors} error messages"))
        if scenarios & {"load", "paced"}:
            paced = asyncio.run(run_load([server], game, matches, think, seed=2))
            note = (f"{paced.moves} moves in {paced.seconds:.1f} s "
                    f"({paced.moves / paced.seconds:.0f} moves/s); {shared}; "
                    f"{paced.errors} error messages; {paced.cpu_note()}")
            figures += [
                Figure("move latency p50", game, pct(paced.latencies, 0.5), "ms", paced_setting,
                       note="send to the opponent receiving the update; " + note),
                Figure("move latency p99", game, pct(paced.latencies, 0.99), "ms",
                       paced_setting, note="aim: under 100 ms at 1,000 paced matches"),
                Figure("server CPU per move", game, paced.server_cpu / max(1, paced.moves) * 1e6,
                       "us", paced_setting, note="the server process's CPU time over the moves "
                       "acknowledged (each with its updates to both seats), while playing"),
            ]
        if "replays" in scenarios:
            figures += replay_spam(server, game, matches, think, paced_setting)
        if "locked" in scenarios:
            figures += locked(server, db_url, game, matches, think, paced_setting)
    if "abuse" in scenarios:
        seconds = ABUSE_SECONDS if think >= THINK else QUICK_ABUSE_SECONDS
        patterns = (os.environ.get("MEZQUITA_BENCH_ABUSE") or "rename,joins,create,replay")
        with server_for(db_url, log, matches) as server:
            figures += abuse(server, game, matches, think, paced_setting,
                             patterns.split(","), seconds)
    if "instances" in scenarios and db_name == "postgresql":
        figures += instances(db_url, game, matches, log)
    return figures


def finished_match(server: ServerProcess) -> str:
    """A long finished match (Cortiça, bots) on ``server``."""
    finished = httpx.post(f"{server.url}/api/matches", json={
        "game": "cortica", "seats": ["random", "random"]}).json()["id"]
    server.wait_finished(finished, 120)
    return finished


def replay_spam(server: ServerProcess, game: str, matches: int, think: float,
                setting: str) -> list[Figure]:
    """Paced load while ``REPLAY_CLIENTS`` clients loop on a long finished match's replay."""
    finished = finished_match(server)
    replays = [0]

    async def spam(load: Load) -> None:
        async def one(lang: str) -> None:
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
                while True:
                    await client.get(f"/api/matches/{finished}/replay?lang={lang}")
                    replays[0] += 1

        await asyncio.gather(*(one(lang) for lang in ("en", "es", "ca", "de")[:REPLAY_CLIENTS]))

    load = asyncio.run(run_load([server], game, matches, think, seed=3, during=spam))
    return [Figure("move latency p99, replay spam", game, pct(load.latencies, 0.99), "ms",
                   f"{setting}, {REPLAY_CLIENTS} clients looping on a 170-move Cortiça replay",
                   note=f"{replays[0]} replays ({replays[0] / load.seconds:.0f}/s) in "
                   f"{load.seconds:.1f} s; p50 {pct(load.latencies, 0.5):.0f} ms; "
                   f"{load.cpu_note()}; aim: under 50 ms")]


async def abused(server: ServerProcess, load: Load, pattern: str, seconds: float,
                 replay: str) -> dict:
    """Run ``pattern`` (``abusers.py``, a process of its own) for ``seconds`` against
    ``server`` while ``load`` plays; its tally."""
    own = {"id": "", "seats": [{"token": ""}]}
    if pattern == "rename":  # the abuser's own match and seat
        async with client_for(server.url, ABUSE_ADDRESSES[0]) as client:
            own = await create(client, "cordoba")
    handle, out = tempfile.mkstemp(prefix="mezquita-bench-abuse-", suffix=".json")
    os.close(handle)
    child = await asyncio.create_subprocess_exec(sys.executable, "-m",
                                                 "mezquita.benchmarks.abusers", stdin=PIPE)
    child.stdin.write(json.dumps({
        "pattern": pattern, "url": server.url, "seconds": seconds, "addresses": ABUSE_ADDRESSES,
        "match": own["id"], "token": own["seats"][0]["token"], "spectate": load.match_ids,
        "replay": replay, "out": out}).encode())
    child.stdin.close()
    await child.wait()
    tally = json.loads(Path(out).read_text())
    Path(out).unlink()
    return tally


def abuse_runs(server: ServerProcess, game: str, matches: int, think: float,
               patterns: list[str], seconds: float, options: dict | None = None
               ) -> tuple[Load, list[tuple[str, Load, dict]]]:
    """The paced load alone, then once during each of ``patterns`` (`abused`): the lone
    load and, per pattern, the load and the abuser's tally."""
    replay = finished_match(server) if "replay" in patterns else ""
    alone = asyncio.run(run_load([server], game, matches, think, seed=6, options=options))
    runs = []
    for index, pattern in enumerate(patterns):
        tallies: list[dict] = []

        async def attack(load: Load, pattern=pattern, tallies=tallies) -> None:
            tallies.append(await abused(server, load, pattern, seconds, replay))

        load = asyncio.run(run_load([server], game, matches, think, seed=7 + index,
                                    during=attack, options=options, finish_during=True))
        runs.append((pattern, load, tallies[0]))
    return alone, runs


def during_abuse(load: Load, tally: dict) -> list[float]:
    """Latencies of the moves sent while the abuse of ``tally`` ran."""
    return [lat for sent, lat, _ in load.timed if tally["started"] <= sent <= tally["ended"]]


def abuse(server: ServerProcess, game: str, matches: int, think: float, setting: str,
          patterns: list[str], seconds: float) -> list[Figure]:
    """Issue 30's abuse suite (`abuse_runs`) as figures: per pattern the p99 of the moves
    sent while it ran, whether it held (`held`), the event loop's (``/api/health``) p99 and
    what the server answered. Córdoba is played as a two-game match (``ABUSE_OPTIONS``), so
    that play outlasts the abuse."""
    options = ABUSE_OPTIONS.get(game)
    setting = f"{setting}, two-game matches" if options else setting
    alone, runs = abuse_runs(server, game, matches, think, patterns, seconds, options)
    base = pct(alone.latencies, 0.99)
    figures = [Figure("move latency p99, not abused", game, base, "ms", setting,
                      note=f"p50 {pct(alone.latencies, 0.5):.0f} ms; {alone.cpu_note()}")]
    for pattern, load, tally in runs:
        during = during_abuse(load, tally)
        p99 = pct(during, 0.99)
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(tally["answers"].items()))
        figures.append(Figure(
            f"move latency p99, {pattern} abuse", game, p99, "ms",
            f"{setting}; {ABUSE_DESCRIPTIONS[pattern]} for {seconds:g} s",
            note=f"{'held' if held(p99, base) else 'FAILED'} (aim: under {ABUSE_P99:g} ms and "
                 f"{ABUSE_RISE:g}x the unabused {base:.1f} ms); {len(during)} moves during "
                 f"the abuse, p50 {pct(during, 0.5):.0f} ms; /api/health p99 "
                 f"{pct(tally['health'], 0.99):.0f} ms ({len(tally['health'])} pings); "
                 f"abuser sent {tally['sent']}, answers {answers or 'none'}; "
                 f"{load.cpu_note()}"))
    return figures


ABUSE_OPTIONS = {"cordoba": {"match": True}}
ABUSE_DESCRIPTIONS = {
    "rename": "one seat token, 60 sockets on its seat, each renaming 9.5 times a second",
    "joins": "400 spectator sockets opened within 2.6 s from 8 addresses",
    "create": "8 addresses creating matches as fast as answered",
    "replay": "8 addresses fetching a 170-move replay as fast as answered",
}


def held(p99: float, base: float) -> bool:
    """Whether a pattern left the paced matches' p99 under ``ABUSE_P99`` ms and within
    ``ABUSE_RISE`` times the unabused ``base``."""
    return p99 <= ABUSE_P99 and p99 <= ABUSE_RISE * base


def hold_lock(db_url: str, seconds: float, match_id: str | None = None) -> None:
    """Lock the database against writers from another connection for ``seconds`` (on
    PostgreSQL with ``match_id``: only that match's row, as a long transaction would)."""
    if db_url.startswith("sqlite"):
        db = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
        db.execute("BEGIN EXCLUSIVE")
        time.sleep(seconds)
        db.execute("ROLLBACK")
        db.close()
        return
    import psycopg

    with psycopg.connect(db_url) as db:
        if match_id is None:
            # in the order the server reads them (a match, then its moves): no deadlock
            db.execute("LOCK TABLE matches, moves IN ACCESS EXCLUSIVE MODE")
        else:
            db.execute("SELECT 1 FROM matches WHERE id = %s FOR UPDATE", (match_id,))
        time.sleep(seconds)
        db.rollback()


def locked(server: ServerProcess, db_url: str, game: str, matches: int, think: float,
           setting: str) -> list[Figure]:
    """Paced load with the database locked ``LOCK_SECONDS`` from another connection; a
    spectator pings all along (the event loop's responsiveness). On PostgreSQL, once more
    with only one playing match's row locked: the other matches' moves."""
    figures = []
    for row in (False, True) if not db_url.startswith("sqlite") else (False,):
        load, window, pings, held = _locked_run(server, db_url, game, matches, think, row)
        during = [(lat, match) for sent, lat, match in load.timed
                  if window and window[0] <= sent <= window[-1]]
        outside = [lat for sent, lat, _ in load.timed
                   if not (window and window[0] <= sent <= window[-1])]
        others = [lat for lat, match in during if match != held]
        if row:
            figures.append(Figure(
                "move latency p99 of other matches, one match's row locked", game,
                pct(others, 0.99), "ms", f"{setting}, one playing match's row locked "
                f"{LOCK_SECONDS:g} s (SELECT ... FOR UPDATE) by another connection",
                note=f"{len(others)} moves of the other matches during the lock; p50 "
                     f"{pct(others, 0.5):.0f} ms; {load.cpu_note()}; aim: under 50 ms"))
            continue
        what = "the database file" if db_url.startswith("sqlite") else "both tables"
        figures += [
            Figure("event loop round trip p99, database locked", game, pct(pings, 0.99), "ms",
                   f"{setting}, {what} locked {LOCK_SECONDS:g} s by another connection",
                   note=f"GET /api/health every 50 ms during the lock ({len(pings)} samples); "
                        "aim: under 50 ms"),
            Figure("move latency p99, database locked", game, pct(others, 0.99), "ms",
                   setting, note=f"every move sent during the lock waits for it: a move is "
                   f"acknowledged only once stored ({len(others)} moves); moves outside the "
                   f"lock: p99 {pct(outside, 0.99):.0f} ms; {load.cpu_note()}"),
        ]
    return figures


def _locked_run(server: ServerProcess, db_url: str, game: str, matches: int, think: float,
                row: bool) -> tuple[Load, list[float], list[float], str]:
    """One paced load locked midway: the load, the lock's window, the pings and the match
    whose row was locked (``""``: the whole database)."""
    window: list[float] = []
    pings: list[float] = []
    held = [""]

    async def lock_and_ping(load: Load) -> None:
        from websockets.asyncio.client import connect

        async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
            waiting = await create(client, game)  # a player joins it during the lock
        await asyncio.sleep(2.0)
        loop = asyncio.get_running_loop()
        held[0] = load.match_ids[0] if row else ""
        window.append(time.monotonic())
        holder = loop.run_in_executor(None, hold_lock, db_url, LOCK_SECONDS, held[0] or None)
        url = server.url.replace("http://", "ws://") + f"/ws/matches/{waiting['id']}"
        async with connect(url) as ws, httpx.AsyncClient(base_url=server.url,
                                                          timeout=30) as client:
            await ws.send(json.dumps({"type": "hello", "token": waiting["seats"][0]["token"]}))
            while not holder.done():
                sent = time.monotonic()
                await client.get("/api/health")
                pings.append(time.monotonic() - sent)
                await asyncio.sleep(0.05)
        window.append(time.monotonic())

    load = asyncio.run(run_load([server], game, matches, think, seed=4 + row,
                                during=lock_and_ping))
    return load, window, pings, held[0]


def instances(db_url: str, game: str, matches: int, log: Path) -> list[Figure]:
    """Flat-out moves/s of one instance, then of two on the same PostgreSQL database, in
    ``INSTANCE_ROUNDS`` alternating rounds (the machine's load drifts between runs)."""
    rounds = []
    for _ in range(INSTANCE_ROUNDS):
        rates = []
        for count in (1, 2):
            servers = [server_for(db_url, log, matches).start() for _ in range(count)]
            try:
                load = asyncio.run(run_load(servers, game, matches, 0.0, seed=5))
            finally:
                for server in servers:
                    server.stop()
            rates.append((load.moves / load.seconds, pct(load.latencies, 0.99), load))
        rounds.append(rates)
    ratios = sorted(two[0] / one[0] for one, two in rounds)
    detail = "; ".join(f"one {one[0]:.0f} moves/s (p99 {one[1]:.0f} ms, load {one[2].loadavg:.1f}),"
                       f" two {two[0]:.0f} (p99 {two[1]:.0f} ms, load {two[2].loadavg:.1f})"
                       for one, two in rounds)
    return [Figure("two instances / one, flat out", game, ratios[len(ratios) // 2], "x",
                   f"{matches} matches, postgresql, loopback, matches split over the instances",
                   note=f"median of {len(ratios)} alternating rounds: {detail}; "
                        f"{os.cpu_count()} cores shared by both instances, PostgreSQL and "
                        f"the clients; aim: at least 1.6x")]


def pct(samples: list[float], q: float) -> float:
    """The ``q`` quantile of ``samples`` (seconds) in milliseconds; NaN when empty."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def run(games: list[str] | None, quick: bool) -> list[Figure]:
    """The server load figures for each game (default Córdoba), SQLite then PostgreSQL."""
    matches = int(os.environ.get("MEZQUITA_BENCH_MATCHES") or
                  (QUICK_MATCHES if quick else FULL_MATCHES))
    think = QUICK_THINK if quick else THINK
    scenarios = set((os.environ.get("MEZQUITA_BENCH_SCENARIOS")
                     or "load,replays,locked,instances").split(","))
    figures = []
    for game in games or ["cordoba"]:
        if os.environ.get("MEZQUITA_BENCH_SQLITE", "1") == "1":
            with tempfile.TemporaryDirectory(prefix="mezquita-bench-") as folder:
                figures += measure("sqlite", f"sqlite:///{folder}/bench.sqlite3", game, matches,
                                   think, scenarios)
        pg_url = os.environ.get("MEZQUITA_BENCH_PG_URL")
        if pg_url:
            figures += measure("postgresql", pg_url, game, matches, think, scenarios)
    return figures


if __name__ == "__main__":
    for figure in run(None, quick=os.environ.get("QUICK") == "1"):
        print(json.dumps(figure.to_json(), ensure_ascii=False))
