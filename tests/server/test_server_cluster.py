"""Several instances on one PostgreSQL: a client on each in the same match, moves and presence
crossing over, and one instance killed with kill -9 while the other takes its matches over."""

from __future__ import annotations

import json
from contextlib import ExitStack

import httpx
import sqlalchemy as sa
from websockets.sync.client import connect

from mezquita.server.launch import ServerProcess


class Player:
    """A synchronous WebSocket client of one seat (or a spectator), on one instance."""

    def __init__(self, stack: ExitStack, server: ServerProcess, match_id: str,
                 token: str | None) -> None:
        self.ws = stack.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}"))
        self.ws.send(json.dumps({"type": "hello", **({"token": token} if token else {})}))
        self.presence: dict | None = None
        self.last: dict = {}
        self.until(lambda m: True)

    def until(self, check, timeout: float = 20) -> dict:
        while not (self.last.get("type") == "update" and check(self.last)):
            message = json.loads(self.ws.recv(timeout))
            if message["type"] == "presence":
                self.presence = message
            else:
                assert message["type"] == "update", message
                self.last = message
        return self.last

    def seen_online(self, seat: int, timeout: float = 10) -> bool:
        """Whether a presence message shows ``seat`` online (waiting for one if needed)."""
        while not (self.presence and self.presence["online"][seat]):
            message = json.loads(self.ws.recv(timeout))
            if message["type"] == "presence":
                self.presence = message
            elif message["type"] == "update":
                self.last = message
        return True

    def play(self) -> tuple[int, dict]:
        """Play the first legal move; return (turn, action) once the server acknowledges it."""
        turn, action = self.last["turn"], self.last["legal"][0]["action"]
        self.ws.send(json.dumps({"type": "act", "action": action, "turn": turn}))
        self.until(lambda m: m["turn"] > turn)
        return turn, action


def start(postgres_url: str, tmp_path, name: str, port: int | None = None) -> ServerProcess:
    return ServerProcess(postgres_url, port=port, log=tmp_path / f"{name}.log",
                         extra=("--lease-seconds", "1.5")).start()


def test_two_instances_share_a_match_and_survive_kill_9_of_one(postgres_url, tmp_path, claim_all):
    a, b = start(postgres_url, tmp_path, "a"), start(postgres_url, tmp_path, "b")
    stack = ExitStack()
    acknowledged: list[tuple[int, dict]] = []
    try:
        made = claim_all(lambda path, **kw: httpx.post(b.url + path, **kw), httpx.post(
            f"{a.url}/api/matches", json={"game": "cordoba", "seats": ["human", "human"],
                                          "options": {"hand": 3}}).json())
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
