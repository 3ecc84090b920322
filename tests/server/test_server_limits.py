"""Bounds: connection caps, presence without full updates, coalesced updates, slow readers,
expiry and eviction, creation limits, body limits, the API docs, fair bot capacity, cached
replays."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import mezquita
from mezquita.agents.random_agent import RandomAgent
from mezquita.server import create_app
from mezquita.server.bots import BotPool
from mezquita.server.limits import Settings
from mezquita.server.match import Client, Match
from mezquita.server.store import MatchRow, now
from mezquita.server.ws import _send_loop


def app_with(db_url, **bounds):
    return TestClient(create_app(db_url, bot_pool="thread",
                                 settings=Settings(spectator_interval=0.02, **bounds)))


def test_connections_over_the_per_address_cap_are_refused(db_url):
    with app_with(db_url, sockets_per_address=2) as client:
        made = client.post("/api/matches", json={"game": "cordoba",
                                                 "seats": ["human", "human"]}).json()
        with client.websocket_connect(f"/ws/matches/{made['id']}"), \
                client.websocket_connect(f"/ws/matches/{made['id']}"), \
                client.websocket_connect(f"/ws/matches/{made['id']}") as third:
            assert third.receive_json()["code"] == "too_many_connections"
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 1013
        with client.websocket_connect(f"/ws/matches/{made['id']}") as again:  # freed again
            again.send_json({"type": "hello"})
            assert again.receive_json()["type"] == "update"
        assert client.get("/api/health").json()["sockets"] == 0


def test_a_spectator_joining_sends_players_a_presence_message_not_a_state(client, create,
                                                                        seated_pair, connect):
    made = create(["human", "human"])
    with seated_pair(made) as (a, _b, _running), connect(made["id"]) as watcher:
        watcher.hello()
        a.ws.send_json({"type": "ping"})
        assert a.receive()["type"] == "pong"  # no full update came in between
        deadline = time.monotonic() + 3
        while not any(p["spectators"] == 1 for p in a.presences):
            time.sleep(0.1)  # presence messages are coalesced over half a second
            a.ws.send_json({"type": "ping"})
            a.receive()
            assert time.monotonic() < deadline
    assert all(set(p) == {"type", "online", "spectators"} for p in a.presences)


class Blocked:
    """A WebSocket whose peer takes nothing until ``open`` is set; records what it sends."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.open = asyncio.Event()
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        await self.open.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code


class FakeHub:
    def __init__(self, **bounds) -> None:
        self.settings = Settings(**bounds)


def a_match() -> Match:
    game = mezquita.load("cordoba")
    row = MatchRow(id="m", game="cordoba", options=dict(game.options), seed=1,
                   seats=["human", "human"], token_hashes=[None, None], joined=[True, True],
                   status="running", created_at=now())
    return Match(row, game.new_state(1))


def test_updates_are_coalesced_the_latest_state_wins():
    async def scenario() -> list[str]:
        match, socket = a_match(), Blocked()
        client = Client(0)
        match.clients.add(client)
        sender = asyncio.create_task(_send_loop(socket, match, client, FakeHub()))
        client.update()
        await asyncio.sleep(0.01)  # the first update is being sent, the peer is not reading
        for _ in range(20):
            seat = match.state.to_move()[0]
            match.state.apply(seat, match.state.legal_actions(seat)[0])
            match.changed()
        socket.open.set()
        await asyncio.sleep(0.05)
        sender.cancel()
        return socket.sent

    sent = [json.loads(text) for text in asyncio.run(scenario())]
    assert [m["turn"] for m in sent] == [0, 20]  # 2 messages for 21 states


def test_a_client_that_reads_nothing_is_closed_after_the_deadline():
    async def scenario() -> tuple[int | None, float]:
        match, socket = a_match(), Blocked()
        client = Client(None)
        started = time.monotonic()
        client.update()
        await asyncio.wait_for(_send_loop(socket, match, client, FakeHub(send_seconds=0.3)), 5)
        return socket.closed, time.monotonic() - started

    closed, seconds = asyncio.run(scenario())
    assert closed == 1008 and 0.25 < seconds < 2


def test_open_matches_nobody_joined_expire_and_idle_matches_leave_memory(db_url):
    with app_with(db_url, open_seconds=0.5, idle_seconds=0.5, lease_seconds=1.5) as client:
        lonely = client.post("/api/matches", json={"game": "cordoba",
                                                   "seats": ["human", "human"]}).json()
        idle = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "random"],
                                                 "options": {"hand": 3}}).json()
        with client.websocket_connect(f"/ws/matches/{idle['id']}") as ws:
            ws.send_json({"type": "hello", "token": idle["seats"][0]["token"]})
            message = ws.receive_json()
            ws.send_json({"type": "act", "action": message["legal"][0]["action"], "turn": 0})
            while message.get("turn") != 2:
                message = ws.receive_json()
        hub = client.app.state.hub
        status = lambda: hub.store.load(lonely["id"]).status  # noqa: E731  (GET would load it)
        deadline = time.monotonic() + 8
        # the lonely match may leave memory as idle before the expiry round marks it
        while time.monotonic() < deadline and (idle["id"] in hub.matches
                                               or lonely["id"] in hub.matches
                                               or status() != "expired"):
            time.sleep(0.1)
        assert idle["id"] not in hub.matches and lonely["id"] not in hub.matches
        assert status() == "expired"
        assert client.get(f"/api/matches/{lonely['id']}").json()["status"] == "expired"
        with client.websocket_connect(f"/ws/matches/{idle['id']}") as ws:  # back on demand
            ws.send_json({"type": "hello", "token": idle["seats"][0]["token"]})
            again = ws.receive_json()
        assert again["turn"] == 2 and again["view"] == message["view"]


def test_refused_creations_do_not_count_toward_the_limit(db_url):
    with app_with(db_url, create_limit=2) as client:
        bad = {"game": "cordoba", "seats": ["human"]}
        assert [client.post("/api/matches", json=bad).status_code for _ in range(3)] == [422] * 3
        good = {"game": "cordoba", "seats": ["human", "human"]}
        codes = [client.post("/api/matches", json=good).status_code for _ in range(3)]
    assert codes == [201, 201, 429]


@pytest.mark.parametrize("body", [
    {"game": "cordoba", "seats": ["human", "random"], "options": {"hand": 3.7}},
    {"game": "cordoba", "seats": ["human", "random"], "options": {"hand": True}},
    {"game": "cordoba", "seats": ["human", "random"], "clock": {"bank": True, "increment": 1}},
    {"game": "cordoba", "seats": ["human", "random"], "clock": {"bank": 3.5, "increment": 1}},
    {"game": "cortica", "seats": ["human", "random"], "options": {"max_rounds": 10**30}},
])
def test_wrong_types_and_out_of_range_numbers_are_refused(client, body):
    response = client.post("/api/matches", json=body)
    assert response.status_code == 422, response.text


@pytest.mark.parametrize("raw", [
    b'{"game": "cordoba", "seats": ["human", "random"], "options": {"hand": 1e400}}',
    b'{"game": "cordoba", "seats": ["human", "random"], "options": {"hand": Infinity}}',
    b'{"game": "cordoba", "seats": ["human", "random"], "options": {"hand": NaN}}',
    b'{"game": "cordoba", "seats": ' + b"[" * 1500 + b"]" * 1500 + b"}",
])
def test_non_finite_numbers_and_deep_nesting_get_a_4xx(client, raw):
    response = client.post("/api/matches", content=raw,
                           headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text


def test_chunked_bodies_over_the_limit_get_413(client):
    def chunks():
        yield b'{"game": "cordoba", "pad": "'
        for _ in range(40):
            yield b"x" * 1024
        yield b'"}'

    response = client.post("/api/matches", content=chunks(),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_api_docs_are_off_by_default_and_keep_the_csp_when_on(client, db_url):
    assert client.get("/api/docs").status_code == 404
    assert client.get("/api/openapi.json").status_code == 200
    with app_with(db_url, api_docs=True) as docs:
        page = docs.get("/api/docs")
        assert page.status_code == 200 and "cdn.jsdelivr.net" in page.text
        assert "cdn.jsdelivr.net" in page.headers["content-security-policy"]
        assert "cdn" not in docs.get("/").headers["content-security-policy"]


class Sleepy(RandomAgent):
    def act(self, turn):
        time.sleep(0.3)
        return super().act(turn)


def test_bot_capacity_is_shared_fairly_and_humans_go_first(monkeypatch):
    from mezquita.agents.registry import FACTORIES

    monkeypatch.setitem(FACTORIES, "sleepy", lambda game, seed, level: Sleepy(game, seed))
    game = mezquita.load("cordoba")
    state = game.new_state(1).to_json()

    async def scenario():
        pool = BotPool("thread", workers=3, decision_seconds=5)
        peak = {"bots_only": 0, "creator": 0}

        async def decide(creator, humans):
            task = asyncio.ensure_future(pool.choose(game, state, 0, "sleepy", 1, creator, humans))
            while not task.done():
                peak["bots_only"] = max(peak["bots_only"], pool._bots_only)
                peak["creator"] = max(peak["creator"], pool._running.get("greedy", 0))
                await asyncio.sleep(0.01)
            return await task

        greedy = [asyncio.ensure_future(decide("greedy", False)) for _ in range(8)]
        await asyncio.sleep(0.05)
        started = time.monotonic()
        await decide("player", True)  # a match with a human, behind 8 queued decisions
        waited = time.monotonic() - started
        await asyncio.gather(*greedy)
        pool.shutdown()
        return waited, peak

    waited, peak = asyncio.run(scenario())
    assert waited < 0.6, f"a human's bot waited {waited:.2f} s"  # one decision, no queue
    assert peak["bots_only"] <= 2 and peak["creator"] <= 2  # the last worker stays free


def test_a_decision_over_its_budget_becomes_a_random_legal_move(monkeypatch):
    from mezquita.agents.registry import FACTORIES

    monkeypatch.setitem(FACTORIES, "sleepy", lambda game, seed, level: Sleepy(game, seed))
    game = mezquita.load("cordoba")

    async def scenario():
        pool = BotPool("thread", workers=1, decision_seconds=0.05)
        answer = await pool.choose(game, game.new_state(1).to_json(), 0, "sleepy", 1)
        pool.shutdown()
        return answer

    assert asyncio.run(scenario()) is None  # the scheduler then plays a random legal move


def test_replays_are_built_once_and_cached(client, create, connect, monkeypatch):
    from mezquita.server import replay

    made = create(["random", "random"], options={"hand": 3})
    deadline = time.monotonic() + 10
    while client.get(f"/api/matches/{made['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    builds = []
    original = replay.build
    monkeypatch.setattr(replay, "build",
                        lambda row, lang, viewer: builds.append(lang) or original(row, lang, viewer))
    answers = [client.get(f"/api/matches/{made['id']}/replay").content for _ in range(5)]
    assert len(set(answers)) == 1 and builds == ["en"]
    assert json.loads(answers[0])["frames"][-1]["view"]["terminal"]
    codes = [client.get(f"/api/matches/{made['id']}/replay").status_code for _ in range(20)]
    assert codes.count(200) == 15 and codes[-1] == 429  # 20 per 10 s and address
