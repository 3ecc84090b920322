"""Durability as chosen (``--durability full|normal``) on SQLite and PostgreSQL, and a single
PostgreSQL instance restarted after kill -9 taking over its own matches at once."""

from __future__ import annotations

import subprocess
import sys
import time
from contextlib import ExitStack

import httpx
import pytest
import sqlalchemy as sa
from server_players import Player, end_live_matches

from mezquita.server.launch import ServerProcess, free_port
from mezquita.server.store import Store


@pytest.mark.parametrize("durability, level", [("full", 2), ("normal", 1)])
def test_sqlite_commits_as_durably_as_chosen(tmp_path, durability, level):
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}", durability=durability)
    try:
        with store.engine.connect() as c:
            assert c.execute(sa.text("PRAGMA synchronous")).scalar() == level
            assert c.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
    finally:
        store.close()


def test_the_default_is_full_durability(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with store.engine.connect() as c:
        assert c.execute(sa.text("PRAGMA synchronous")).scalar() == 2
    store.close()


@pytest.mark.parametrize("durability, setting", [("full", "on"), ("normal", "off")])
def test_postgres_commits_as_durably_as_chosen(postgres_url, durability, setting):
    store = Store(postgres_url, instance=f"test-{durability}", durability=durability)
    try:
        with store.engine.connect() as c:
            assert c.execute(sa.text("SHOW synchronous_commit")).scalar() == setting
        store._raw_execute("SELECT 1", {})  # the move writer's own connection as well
        assert store._raw.conn.execute("SHOW synchronous_commit").fetchone()[0] == setting
    finally:
        store.close()


def test_an_unknown_durability_is_refused_in_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-c", "from mezquita.cli import app; app()", "serve",
                           "--port", str(free_port()), "--durability", "fast",
                           "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--durability must be full or normal" in done.stderr
    assert not (tmp_path / "db.sqlite3").exists()


def test_a_postgres_instance_restarted_after_kill_9_runs_its_bots_at_once(postgres_url, tmp_path):
    """Its leases (20 s) have not run out, but their holder is dead: nobody holds its live
    lock any more, so the restarted instance takes its matches over at once."""
    end_live_matches(postgres_url)
    extra = ("--lease-seconds", "20")
    server = ServerProcess(postgres_url, log=tmp_path / "server.log", extra=extra).start()
    stack = ExitStack()
    try:
        made = httpx.post(f"{server.url}/api/matches", json={
            "game": "cordoba", "seats": ["human", "random"], "options": {"hand": 3}}).json()
        token = made["seats"][0]["token"]
        Player(stack, server, made["id"], token).play()
    finally:
        server.kill()
        stack.close()
    restarted = ServerProcess(postgres_url, port=server.port, log=tmp_path / "server.log",
                              extra=extra).start()
    stack = ExitStack()
    try:
        player = Player(stack, restarted, made["id"], token)
        started = time.monotonic()
        player.until(lambda m: m["legal"], timeout=10)  # the bot's reply may have died unsent
        turn, _ = player.play()  # the bot answers this move: its instance owns the match
        player.until(lambda m: m["turn"] >= turn + 2, timeout=10)
        assert time.monotonic() - started < 5.0  # well before the dead instance's lease ends
    finally:
        stack.close()
        restarted.stop()
