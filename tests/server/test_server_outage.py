"""The database away (SQLite locked by another process): the event loop keeps serving,
moves are retried and acknowledged only once stored, clients hear "busy" instead of losing
their socket, creation answers 503, and bots resume by themselves."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient

from mezquita.server import create_app
from mezquita.server.limits import Settings


@contextmanager
def locked(db_url: str, seconds: float):
    """Hold the SQLite file with BEGIN EXCLUSIVE from another connection for ``seconds``."""
    db = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None,
                         check_same_thread=False)
    db.execute("BEGIN EXCLUSIVE")
    released = threading.Event()

    def release() -> None:
        time.sleep(seconds)
        db.execute("ROLLBACK")
        db.close()
        released.set()

    threading.Thread(target=release, daemon=True).start()
    try:
        yield released
    finally:
        released.wait(seconds + 5)


@pytest.fixture
def quick(db_url):
    """An app whose database calls give up after 1 s (SQLite waits 1 s for a lock)."""
    settings = Settings(db_seconds=1.0, write_patience=8.0, spectator_interval=0.02)
    with TestClient(create_app(db_url, bot_pool="thread", settings=settings)) as client:
        yield client


def test_a_locked_database_gets_busy_messages_503_and_moves_stored_later(quick, db_url,
                                                                       claim_all, connect):
    made = claim_all(quick.post, quick.post("/api/matches", json={
        "game": "cordoba", "seats": ["human", "human"]}).json())
    tokens = [s["token"] for s in made["seats"]]
    with quick.websocket_connect(f"/ws/matches/{made['id']}") as a_ws, \
            quick.websocket_connect(f"/ws/matches/{made['id']}") as b_ws:
        from conftest import Socket

        a, b = Socket(a_ws), Socket(b_ws)
        a.hello(tokens[0])
        b.hello(tokens[1])
        first = a.until(lambda m: m["match"]["status"] == "running")
        with locked(db_url, 3.0) as released:
            started = time.monotonic()
            a.act(first["legal"][0]["action"], 0)
            busy = a.receive()
            assert busy["type"] == "error" and busy["code"] == "busy"
            creation = quick.post("/api/matches", json={"game": "cordoba",
                                                        "seats": ["human", "random"]})
            assert creation.status_code == 503 and creation.headers["retry-after"]
            assert not released.is_set()  # all of this while the lock was held
        moved = a.until(lambda m: m.get("turn") == 1)  # stored after the lock went away
        assert moved["type"] == "update" and time.monotonic() - started >= 2.5
        assert b.until(lambda m: m.get("turn") == 1)["log"][0]["seat"] == 0
    info = quick.get(f"/api/matches/{made['id']}").json()
    assert info["status"] == "running" and not info["busy"]


def test_bots_resume_by_themselves_when_the_database_is_back(quick, db_url):
    with locked(db_url, 2.5):
        time.sleep(0.2)
        created = quick.post("/api/matches", json={"game": "cordoba",
                                                   "seats": ["random", "random"]})
    assert created.status_code == 503  # nothing stored, nothing counted
    made = quick.post("/api/matches", json={"game": "cordoba", "seats": ["random", "random"],
                                            "options": {"hand": 10}}).json()
    with locked(db_url, 2.5):  # the bots' moves fail to be stored meanwhile
        time.sleep(2.6)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if quick.get(f"/api/matches/{made['id']}").json()["status"] == "finished":
            break
        time.sleep(0.1)
    assert quick.get(f"/api/matches/{made['id']}").json()["status"] == "finished"


def test_the_event_loop_stays_free_while_the_database_is_locked(quick, db_url, claim_all):
    """A join (a database write) waits for the lock in a thread; meanwhile another client's
    pings are answered at once."""
    from conftest import Socket

    waiting = quick.post("/api/matches", json={"game": "cordoba",
                                               "seats": ["human", "human"]}).json()
    other = quick.post("/api/matches", json={"game": "cordoba",
                                             "seats": ["human", "human"]}).json()
    with quick.websocket_connect(f"/ws/matches/{other['id']}") as watcher_ws:
        watcher = Socket(watcher_ws)
        watcher.hello()
        with locked(db_url, 2.0):
            joiner = quick.websocket_connect(f"/ws/matches/{waiting['id']}")
            ws = joiner.__enter__()
            ws.send_json({"type": "hello", "token": waiting["seats"][0]["token"]})
            rtts = []
            for _ in range(10):
                sent = time.perf_counter()
                watcher.ws.send_json({"type": "ping"})
                assert watcher.receive()["type"] == "pong"
                rtts.append(time.perf_counter() - sent)
                time.sleep(0.05)
            joined = ws.receive_json()
            joiner.__exit__(None, None, None)
    assert max(rtts) < 0.25, f"pings took up to {max(rtts) * 1000:.0f} ms"
    assert joined["type"] == "error" and joined["code"] == "busy"  # told, not dropped silently
