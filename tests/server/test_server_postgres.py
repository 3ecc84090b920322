"""The PostgreSQL path against a real private PostgreSQL server (see conftest `postgres_url`)."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi.testclient import TestClient

from mezquita.server import create_app


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
                while message["turn"] != turn + 2:
                    message = ws.receive_json()
        before = message
    engine = sa.create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as db:
        assert db.execute(sa.text("select version_num from alembic_version")).scalar() == "0003"
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
