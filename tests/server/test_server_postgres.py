"""The PostgreSQL path against a real private PostgreSQL server (see conftest `postgres_url`)."""

from __future__ import annotations

import asyncio
import threading
import time

import psycopg
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from mezquita.server import create_app
from mezquita.server.limits import Settings
from mezquita.server.store import MatchRow, Move, MoveWriter, Store, now

HOLD = 1.5  # seconds another transaction holds a match's row


def _running(name: str, seats: list[str]) -> MatchRow:
    """A running Córdoba match named ``name``-<now> with these seats, both joined."""
    return MatchRow(id=f"{name}-{time.time_ns()}", game="cordoba", options={}, seed=1, seats=seats,
                    token_hashes=[None, None], joined=[True, True], status="running", created_at=now())


def test_matches_play_persist_and_rebuild_on_postgresql(postgres_url):
    with TestClient(create_app(postgres_url, bot_pool="thread")) as client:
        made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "random"],
                                                 "seed": 77, "practice": True}).json()
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            message = ws.receive_json()
            for _ in range(3):  # three own moves, each answered by the bot
                turn = message["turn"]
                ws.send_json({"type": "act", "action": message["legal"][0]["action"],
                              "turn": turn})
                while message["type"] != "update" or message["turn"] != turn + 2:
                    message = ws.receive_json()  # (presence messages come between)
        before = message
    engine = sa.create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as db:
        assert db.execute(sa.text("select version_num from alembic_version")).scalar() == "0011"
        moves = db.execute(sa.text("select count(*) from moves where match_id = :m"),
                           {"m": made["id"]}).scalar()
    engine.dispose()
    assert moves == 6
    with TestClient(create_app(postgres_url, bot_pool="thread")) as client:  # a fresh server
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            again = ws.receive_json()
        listed = client.get("/api/matches?status=running").json()
    assert again["view"] == before["view"] and again["legal"] == before["legal"]
    assert made["id"] in {m["id"] for m in listed}


def test_a_locked_match_holds_back_no_other_match(postgres_url):
    """While another transaction holds one match's row, that match's move waits (it is
    acknowledged only once stored) but the other matches' moves are stored at once."""
    store = Store(postgres_url, instance="test")
    ids = []
    for name in ("locked", "free"):
        row = _running(name, ["human", "human"])
        store.create(row, 6.0)
        ids.append(row.id)
    locked_id, free_id = ids
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with psycopg.connect(postgres_url) as db:
            db.execute("SELECT 1 FROM matches WHERE id = %s FOR UPDATE", (locked_id,))
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait(10)

    async def play() -> tuple[float, bool, float]:
        writer = MoveWriter(store)
        busy = []
        start = time.monotonic()
        slow = asyncio.ensure_future(writer.write(Move(locked_id, 0, 0, {"do": "x"}, "human"),
                                                  on_retry=lambda: busy.append(1)))
        await asyncio.sleep(0.01)
        await writer.write(Move(free_id, 0, 0, {"do": "x"}, "human"))
        free_done = time.monotonic() - start
        waiting = not slow.done()
        await asyncio.sleep(max(0.0, HOLD - free_done))
        release.set()
        await asyncio.wait_for(slow, 10)
        writer.close()
        return free_done, waiting and bool(busy), time.monotonic() - start

    free_done, locked_waited, total = asyncio.run(play())
    holder.join()
    assert free_done < HOLD / 2, free_done
    assert locked_waited and total >= HOLD
    assert store.stored_move(locked_id, 0) == (0, {"do": "x"}, "human")
    assert store.stored_move(free_id, 0) == (0, {"do": "x"}, "human")
    store.close()


def test_a_broken_record_holds_back_no_match_taken_over(postgres_url):
    """An instance taking over a dead one's matches skips a record that no longer replays
    and still runs the others' bots."""
    dead = Store(postgres_url, instance="dead")
    settings = Settings(lease_seconds=0.6)
    with TestClient(create_app(postgres_url, bot_pool="thread", settings=settings)):
        bots = _running("bots", ["random", "random"])
        for index in range(10):  # the dead instance's, their leases running out soon
            if index == 5:
                dead.create(bots, 1.0)
            broken = _running(f"broken{index}", ["human", "human"])
            dead.create(broken, 1.0)
            dead.add_moves([Move(broken.id, 0, 0, {"do": "x"}, "human")])
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and dead.stored_move(bots.id, 0) is None:
            time.sleep(0.1)
        assert dead.stored_move(bots.id, 0) is not None  # taken over: its bots play
    with dead.engine.begin() as db:  # the broken ones leave the other tests' sweeps alone
        db.execute(sa.text("update matches set status = 'finished' where id like 'broken%'"))
    dead.close()


def test_a_statement_the_database_does_not_finish_gives_up_after_db_seconds(postgres_url):
    """A call that the database holds (here: a statement that sleeps) frees its thread after
    ``db_seconds``, on the pooled connections and on the writer's own alike."""
    store = Store(postgres_url, instance="test", db_seconds=1.0)

    def pooled() -> None:
        with store.engine.connect() as c:
            c.execute(sa.text("select pg_sleep(4)"))

    try:
        for run in (pooled, lambda: store._raw_execute("select pg_sleep(4)", {})):
            started = time.monotonic()
            with pytest.raises(sa.exc.OperationalError, match="statement timeout"):
                run()
            assert time.monotonic() - started < 3
    finally:
        store.close()
