"""Ratings under failure: a kill -9 in the middle of a rating update leaves it applied exactly
once after the restart (SQLite and PostgreSQL), and two instances finishing the same match, or
rating it at once, rate it once (PostgreSQL)."""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from server_players import Player, end_live_matches

from mezquita.server.accounts import SESSION_COOKIE
from mezquita.server.launch import ServerProcess
from mezquita.server.store import Store

SMALL = {"cards": 3, "landmarks": 2}  # a Córdoba of 6 moves
#: a server started with this environment pauses each rating update before its commit
PAUSE = {"PYTHONPATH": os.pathsep.join(filter(None, (
    str(Path(__file__).parent / "rating_pause"), os.environ.get("PYTHONPATH"))))}


def account(server: ServerProcess, name: str) -> tuple[httpx.Client, str, str]:
    """A registered, logged-in HTTP client of ``server``, its CSRF token and its cookie
    header (for the play socket)."""
    http = httpx.Client(base_url=server.url)
    answer = http.post("/api/accounts", json={"name": name, "password": "correct horse battery"})
    assert answer.status_code == 201, answer.text
    return http, answer.json()["csrf"], f"{SESSION_COOKIE}={http.cookies[SESSION_COOKIE]}"


def facts(db_url: str, match_id: str) -> dict:
    """The stored status of ``match_id``, its rating rows and the ratings of the bot level."""
    engine = sa.create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as db:
        status = db.execute(sa.text("select status from matches where id = :m"),
                            {"m": match_id}).scalar()
        applied = db.execute(sa.text("select count(*) from ratings_applied where match_id = :m"),
                             {"m": match_id}).scalar()
        games = db.execute(sa.text(
            "select r.games from ratings r join match_players p on p.account_id = r.account_id "
            "where p.match_id = :m order by p.seat"), {"m": match_id}).scalars().all()
    engine.dispose()
    return {"status": status, "applied": applied, "games": games}


def play_out(stack: ExitStack, server: ServerProcess, match_id: str, token: str,
             cookie: str, stop: threading.Event | None = None) -> None:
    """Play ``token``'s seat to the end (or until ``stop`` is set)."""
    player = Player(stack, server, match_id, token, cookie)
    while not player.last["view"]["terminal"] and not (stop and stop.is_set()):
        if player.last["legal"]:
            player.play()
        else:
            player.until(lambda m: m["legal"] or m["view"]["terminal"])


@pytest.fixture(params=["sqlite", "postgres"])
def any_db(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'm.sqlite3'}"
    return request.getfixturevalue("postgres_url")


def test_a_kill_9_during_the_rating_update_leaves_it_applied_once_after_restart(any_db, tmp_path):
    end_live_matches(any_db)  # an earlier test's match rated here would pause instead
    log = tmp_path / "server.log"
    server = ServerProcess(any_db, log=log, env=PAUSE).start()
    try:
        http, csrf, cookie = account(server, f"Kim{time.monotonic_ns() % 10**6}")
        made = http.post("/api/matches", headers={"x-csrf": csrf}, json={
            "game": "cordoba", "seats": ["human", "random"], "options": SMALL}).json()
        token = made["seats"][0]["token"]
        stop = threading.Event()
        stack = ExitStack()
        playing = threading.Thread(target=lambda: _quietly(play_out, stack, server, made["id"],
                                                           token, cookie, stop))
        playing.start()
        deadline = time.monotonic() + 60
        paused = f"rating match {made['id']}: pausing"  # its last move is stored and rated
        while paused not in log.read_text():
            assert time.monotonic() < deadline and playing.is_alive(), log.read_text()
            time.sleep(0.05)
    finally:
        server.kill()
    stop.set()
    playing.join(10)
    stack.close()
    before = facts(any_db, made["id"])
    assert before["status"] == "running" and before["applied"] == 0  # nothing half-stored
    assert before["games"] == [0, 0] or before["games"] == []
    restarted = ServerProcess(any_db, port=server.port, log=log).start()
    try:
        with ExitStack() as stack:
            play_out(stack, restarted, made["id"], token, cookie)
        restarted.wait_finished(made["id"])
    finally:
        restarted.stop()
    restarted = ServerProcess(any_db, port=server.port, log=log).start()  # once more: no change
    restarted.stop()
    after = facts(any_db, made["id"])
    assert after["status"] == "finished" and after["applied"] == 1
    assert after["games"][0] == 1  # the account: rated once


def _quietly(fn, *args) -> None:
    with contextlib.suppress(Exception):  # the server is killed under the player
        fn(*args)


def test_two_instances_finishing_the_same_match_rate_it_once(postgres_url, tmp_path):
    end_live_matches(postgres_url)
    a = ServerProcess(postgres_url, log=tmp_path / "a.log", extra=("--lease-seconds", "1.5")).start()
    b = ServerProcess(postgres_url, log=tmp_path / "b.log", extra=("--lease-seconds", "1.5")).start()
    try:
        http, csrf, cookie = account(a, f"Lou{time.monotonic_ns() % 10**6}")
        made = http.post("/api/matches", headers={"x-csrf": csrf}, json={
            "game": "cordoba", "seats": ["random", "human"], "options": SMALL}).json()
        token = made["seats"][1]["token"]
        with ExitStack() as stack:
            on_a = Player(stack, a, made["id"], token, cookie)
            on_b = Player(stack, b, made["id"], token, cookie)
            while not on_a.last["view"]["terminal"]:
                on_a.until(lambda m: m["legal"] or m["view"]["terminal"])
                if on_a.last["view"]["terminal"]:
                    break
                turn, action = on_a.last["turn"], on_a.last["legal"][0]["action"]
                on_b.until(lambda m, t=turn: m["turn"] >= t)
                for player in (on_a, on_b):  # the same move sent to both instances at once
                    player.ws.send(f'{{"type": "act", "action": {json.dumps(action)}, "turn": {turn}}}')
                on_a.until(lambda m, t=turn: m["turn"] > t)
        a.wait_finished(made["id"])
        b.wait_finished(made["id"])
    except Exception:
        for log in ("a.log", "b.log"):  # what each instance did, for a failure seen under load
            print(f"--- {log}", (tmp_path / log).read_text()[-6000:], sep="\n")
        raise
    finally:
        a.stop()
        b.stop()
    after = facts(postgres_url, made["id"])
    assert after["applied"] == 1 and after["games"][1] == 1


def test_two_stores_rating_one_match_at_once_rate_it_once(postgres_url, tmp_path):
    """Straight at the store: two transactions rating the same finished match concurrently."""
    server = ServerProcess(postgres_url, log=tmp_path / "s.log").start()
    try:
        http, csrf, cookie = account(server, f"Max{time.monotonic_ns() % 10**6}")
        made = http.post("/api/matches", headers={"x-csrf": csrf}, json={
            "game": "cordoba", "seats": ["human", "random"], "options": SMALL}).json()
        with ExitStack() as stack:
            play_out(stack, server, made["id"], made["seats"][0]["token"], cookie)
        server.wait_finished(made["id"])
    finally:
        server.stop()
    stores = [Store(postgres_url, instance=f"r{i}") for i in range(2)]
    barrier = threading.Barrier(2)

    def rate(store: Store) -> None:
        with store.engine.begin() as c:
            barrier.wait()
            store._rate(c, made["id"], [1.0, 0.0])

    threads = [threading.Thread(target=rate, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    for store in stores:
        store.close()
    after = facts(postgres_url, made["id"])
    assert after["applied"] == 1 and after["games"][0] == 1  # the account (the bot level plays elsewhere too)

