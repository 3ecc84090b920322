"""Several instances on one PostgreSQL: a client on each in the same match, moves and presence
crossing over, and one instance killed with kill -9 while the other takes its matches over."""

from __future__ import annotations

import json
from contextlib import ExitStack

import httpx
import sqlalchemy as sa
from server_players import Player, claimed_match
from test_server_simultaneous import EUROPA

from mezquita.server.launch import ServerProcess


def start(postgres_url: str, tmp_path, name: str, port: int | None = None) -> ServerProcess:
    return ServerProcess(postgres_url, port=port, log=tmp_path / f"{name}.log",
                         extra=("--lease-seconds", "1.5")).start()


def test_two_instances_share_a_match_and_survive_kill_9_of_one(postgres_url, tmp_path):
    a, b = start(postgres_url, tmp_path, "a"), start(postgres_url, tmp_path, "b")
    stack = ExitStack()
    acknowledged: list[tuple[int, dict]] = []
    try:
        made = claimed_match(a, {"game": "cordoba", "seats": ["human", "human"],
                                 "options": {"hand": 3}}, claimed_on=b)
        bot_match = httpx.post(f"{a.url}/api/matches", json={
            "game": "cordoba", "seats": ["human", "random"], "options": {"hand": 3}}).json()
        tokens = [s["token"] for s in made["seats"]]
        on_a = Player(stack, a, made["id"], tokens[0])
        on_b = Player(stack, b, made["id"], tokens[1])
        on_b.until(lambda m: m["match"]["status"] == "running")
        versus_bot = Player(stack, b, bot_match["id"], bot_match["seats"][0]["token"])
        for _ in range(3):  # moves stored by either instance reach the other's client
            for me, other in ((on_a, on_b), (on_b, on_a)):
                me.until(lambda m: bool(m["legal"]))
                acknowledged.append(me.play())
                other.until(lambda m, n=len(acknowledged): m["turn"] == n)
        assert on_b.seen_online(0)  # presence crosses over too
        versus_bot.until(lambda m: bool(m["legal"]))
        versus_bot.play()  # answered by the bot of instance A (its owner)
        versus_bot.until(lambda m: m["turn"] == 2)
        a.kill()  # kill -9 in the middle of both matches
        stack.close()
        stack = ExitStack()
        on_a = Player(stack, b, made["id"], tokens[0])  # the load balancer sends it to b
        on_b = Player(stack, b, made["id"], tokens[1])
        assert on_a.last["turn"] == len(acknowledged)
        while not on_a.last["view"]["terminal"]:
            me = (on_a, on_b)[on_a.last["view"]["to_move"][0]]
            me.until(lambda m, n=len(acknowledged): m["turn"] == n and bool(m["legal"]))
            acknowledged.append(me.play())
            on_a.until(lambda m, n=len(acknowledged): m["turn"] == n)
        versus_bot = Player(stack, b, bot_match["id"], bot_match["seats"][0]["token"])
        versus_bot.until(lambda m: bool(m["legal"]))
        versus_bot.play()  # b took the bot match over: its bot answers
        versus_bot.until(lambda m: m["turn"] == 4)
    finally:
        stack.close()
        a.kill()
        b.stop()
    engine = sa.create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as db:
        stored = db.execute(sa.text("select turn, action from moves where match_id = :m "
                                    "order by turn"), {"m": made["id"]}).all()
        status = db.execute(sa.text("select status from matches where id = :m"),
                            {"m": made["id"]}).scalar()
    engine.dispose()
    assert [(turn, action) for turn, action in stored] == acknowledged  # nothing lost
    assert status == "finished" and len(stored) == 20


def test_an_undo_on_one_instance_reaches_the_other_and_renumbers_the_stored_moves(postgres_url,
                                                                                 tmp_path):
    """Issue 28, part 2, on PostgreSQL: in Europa's tips seat 0 (on A) takes back its second
    stone, placed before seat 1's (on B); B's client sees it go, the stored moves are
    renumbered without a gap, and play goes on across both instances."""
    a, b = start(postgres_url, tmp_path, "a"), start(postgres_url, tmp_path, "b")
    stack = ExitStack()

    def act(player: Player, action: dict) -> None:
        turn = player.last["turn"]
        player.ws.send(json.dumps({"type": "act", "action": action, "turn": turn}))
        player.until(lambda m: m["turn"] > turn)

    try:
        made = claimed_match(a, {"game": "europa", "seats": ["human", "human"], "seed": 1,
                                 "practice": True, "options": EUROPA}, claimed_on=b)
        on_a = Player(stack, a, made["id"], made["seats"][0]["token"])
        on_b = Player(stack, b, made["id"], made["seats"][1]["token"])
        act(on_b, on_b.until(lambda m: bool(m["legal"]))["legal"][0]["action"])
        act(on_a, on_a.until(lambda m: m["turn"] == 1 and bool(m["legal"]))["legal"][0]["action"])
        act(on_a, {"do": "ew", "side": "W"})
        act(on_a, next(x["action"] for x in on_a.last["legal"] if x["action"]["do"] == "area"))
        on_b.until(lambda m: m["turn"] == 4)
        act(on_b, {"do": "ew", "side": "E"})
        on_a.until(lambda m: m["turn"] == 5)
        on_a.ws.send(json.dumps({"type": "undo"}))
        assert on_a.until(lambda m: m["turn"] == 4)["view"]["tips"][0] == ["W"]
        assert on_b.until(lambda m: m["turn"] == 4)["view"]["stones"][0] == 1
        act(on_a, next(x["action"] for x in on_a.last["legal"] if x["action"]["do"] == "area"))
        assert on_b.until(lambda m: m["turn"] == 5)["view"]["stones"] == [2, 1]
    finally:
        stack.close()
        a.stop()
        b.stop()
    engine = sa.create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as db:
        stored = db.execute(sa.text("select turn, seat from moves where match_id = :m "
                                    "order by turn"), {"m": made["id"]}).all()
    engine.dispose()
    assert [tuple(row) for row in stored] == [(0, 1), (1, 0), (2, 0), (3, 1), (4, 0)]
