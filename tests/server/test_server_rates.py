"""Rates: address groups, the one limiter and its table, renames coalesced per seat, joins
admitted at a bounded rate, message budgets per seat whatever the number of sockets, REST
limits per address group with Retry-After."""

from __future__ import annotations

import time

import pytest
from conftest import TEST_SETTINGS, Socket, claim_all
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from mezquita.server import create_app
from mezquita.server.limits import LIMITS, Limiter, Rate, Settings, address_group, parse_limit


@pytest.mark.parametrize("host, group", [
    ("203.0.113.7", "203.0.113.7"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
    ("::ffff:203.0.113.7", "203.0.113.7"),
    ("fe80::1%eth0", "fe80::/64"),
    ("testclient", "testclient"),
])
def test_address_groups_are_ipv4_addresses_and_ipv6_networks_of_64(host, group):
    assert address_group(host) == group


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_limiter_allows_a_burst_then_the_rate_and_says_how_long_to_wait():
    clock = Clock()
    limiter = Limiter({("x", "seat"): Rate(3, 3.0)}, clock=clock)
    assert [limiter.take("x", seat="a") for _ in range(3)] == [0.0] * 3
    assert limiter.take("x", seat="a") == pytest.approx(1.0)
    assert limiter.take("x", seat="b") == 0.0  # keys are apart
    clock.now += 1.0
    assert limiter.take("x", seat="a") == 0.0
    assert limiter.take("x", seat="a") == pytest.approx(1.0)
    clock.now += 30
    assert [limiter.take("x", seat="a") for _ in range(4)] == [0.0, 0.0, 0.0, pytest.approx(1.0)]


def test_a_refusal_by_one_scope_counts_in_none_and_the_server_row_always_counts():
    clock = Clock()
    limiter = Limiter({("x", "seat"): Rate(10, 1.0), ("x", "group"): Rate(2, 2.0),
                       ("x", "server"): Rate(3, 3.0)}, clock=clock)
    assert limiter.take("x", seat="a", group="g") == 0.0
    assert limiter.take("x", seat="a", group="g") == 0.0
    assert limiter.take("x", seat="a", group="g") > 0  # the group is out
    assert limiter.take("x", seat="b", group="h") == 0.0  # the server's third
    assert limiter.take("x", seat="c", group="i") > 0  # the server is out
    assert limiter.take("x", account=None, unknown="z") > 0  # no such scope: the server counts
    clock.now += 1.0
    limiter.refund("x", seat="b", group="h")
    assert limiter.take("x", seat="a", group="h") == 0.0  # the seat kept room: not counted


def test_the_limiter_forgets_idle_keys_first_and_stays_bounded():
    clock = Clock()
    limiter = Limiter({("x", "group"): Rate(1, 100.0)}, max_keys=100, clock=clock)
    limiter.take("x", group="busy")
    clock.now += 50
    for index in range(1000):
        limiter.take("x", group=str(index))
        clock.now += 0.2  # each older one goes idle after 100 s
    assert len(limiter.full_at) <= 100
    assert limiter.take("x", group="999") > 0  # the newest are still counted


def test_settings_change_rows_of_the_table_and_refuse_unknown_ones():
    table = Settings(create_limit=7, limits={("join", "server"): Rate(5, 1.0)}).table()
    assert table["create", "group"] == Rate(7, 60.0) and table["join", "server"] == Rate(5, 1.0)
    assert table["message", "seat"] == LIMITS["message", "seat"]
    for wrong in ({("join", "planet"): Rate(1, 1)}, {("create", "group"): Rate(1, 1)}):
        with pytest.raises(ValueError, match="no such limit"):
            Settings(limits=wrong)
    assert parse_limit("join/server=400/2") == (("join", "server"), Rate(400, 2.0))
    for bad in ("join/server=400", "join=4/1", "nope/seat=1/1", "join/group=0/1", "join/group=1/-1"):
        with pytest.raises(ValueError, match="KIND/SCOPE=COUNT/SECONDS"):
            parse_limit(bad)


def app(db_url, limits=None, **settings):
    return TestClient(create_app(db_url, bot_pool="thread", settings=Settings(
        **{**TEST_SETTINGS, **settings}, limits=limits or {})))


def test_a_rename_burst_is_stored_twice_at_most_and_the_last_name_wins(db_url, monkeypatch):
    with app(db_url, limits={("rename", "seat"): Rate(1, 1.0)}) as client:
        made = claim_all(client.post, client.post("/api/matches", json={
            "game": "cordoba", "seats": ["human", "human"]}).json())
        store = client.app.state.hub.store
        stored = []
        original = store.set_name
        monkeypatch.setattr(store, "set_name",
                            lambda *args: stored.append(args[2]) or original(*args))
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws, \
                client.websocket_connect(f"/ws/matches/{made['id']}") as other:
            a, b = Socket(ws), Socket(other)
            a.hello(made["seats"][0]["token"])
            b.hello(made["seats"][1]["token"])
            for index in range(25):
                a.ws.send_json({"type": "name", "name": f"Ann {index}"})
            deadline = time.monotonic() + 5
            while len(stored) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            names = b.until(lambda m: m.get("names", [None])[0] == "Ann 24")["names"]
            time.sleep(1.2)  # nothing else is stored
        assert stored == ["Ann 0", "Ann 24"] and names[0] == "Ann 24"
        seats = client.get(f"/api/matches/{made['id']}").json()["seats"]
        assert seats[0]["name"] == "Ann 24"


def test_a_rename_to_the_current_name_stores_and_sends_nothing(client, create, seated_pair,
                                                              monkeypatch):
    made = create(["human", "human"], name="Ann")
    store = client.app.state.hub.store
    stored = []
    monkeypatch.setattr(store, "set_name", lambda *args: stored.append(args))
    with seated_pair(made) as (a, b, _running):
        a.ws.send_json({"type": "name", "name": "  Ann "})
        a.ws.send_json({"type": "ping"})
        assert a.receive()["type"] == "pong"  # no update came before it
        b.ws.send_json({"type": "ping"})
        assert b.receive()["type"] == "pong"
    assert stored == []


def first_but_presence(ws) -> dict:
    """The socket's next message that is not a presence report (those may come first)."""
    while (message := ws.receive_json())["type"] == "presence":
        pass
    return message


def test_joins_over_the_rate_wait_their_turn_or_are_refused_busy(db_url):
    with app(db_url, limits={("join", "group"): Rate(2, 1.0)}) as client:
        made = client.post("/api/matches", json={"game": "cordoba",
                                                 "seats": ["human", "human"]}).json()
        path = f"/ws/matches/{made['id']}"
        with client.websocket_connect(path) as one, client.websocket_connect(path) as two:
            for ws in (one, two):
                ws.send_json({"type": "hello"})
                assert first_but_presence(ws)["type"] == "update"
            started = time.monotonic()
            with client.websocket_connect(path) as third:  # waits half a second, then joins
                third.send_json({"type": "hello"})
                assert first_but_presence(third)["type"] == "update"
            assert 0.3 < time.monotonic() - started < 2
    with app(db_url, limits={("join", "group"): Rate(1, 10.0)}) as client:
        with client.websocket_connect(path) as one:
            one.send_json({"type": "hello"})
            assert first_but_presence(one)["type"] == "update"
            with client.websocket_connect(path) as refused:  # 10 s away: refused at once
                told = refused.receive_json()
                assert told["type"] == "error" and told["code"] == "busy"
                with pytest.raises(WebSocketDisconnect) as closed:
                    refused.receive_json()
                assert closed.value.code == 1013
        assert client.get("/api/health").json()["sockets"] == 0


def test_a_seats_message_budget_is_shared_by_all_its_sockets(db_url):
    with app(db_url, limits={("message", "seat"): Rate(10, 100.0)}) as client:
        made = claim_all(client.post, client.post("/api/matches", json={
            "game": "cordoba", "seats": ["human", "human"]}).json())
        token = made["seats"][0]["token"]
        path = f"/ws/matches/{made['id']}"
        with client.websocket_connect(path) as x, client.websocket_connect(path) as y:
            sockets = [Socket(x), Socket(y)]
            for socket in sockets:
                socket.hello(token)
            answers = []
            for index in range(12):
                socket = sockets[index % 2]
                socket.ws.send_json({"type": "ping"})
                answers.append(socket.receive().get("code", "pong"))
        assert answers == ["pong"] * 10 + ["rate_limited"] * 2


def test_creations_are_limited_per_address_group_with_retry_after(db_url):
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    web = create_app(db_url, bot_pool="thread", settings=Settings(create_limit=2))
    body = {"game": "cordoba", "seats": ["human", "human"]}
    with TestClient(ProxyHeadersMiddleware(web, trusted_hosts="*")) as client:  # --proxy-headers
        def create(address: str):
            return client.post("/api/matches", json=body, headers={"x-forwarded-for": address})

        answers = [create("2001:db8:5:6::1"), create("2001:db8:5:6:ffff::9"),
                   create("2001:db8:5:6::1234"), create("2001:db8:5:7::1"),
                   create("::ffff:198.51.100.4"), create("198.51.100.4"),
                   create("198.51.100.4"), create("198.51.100.5")]
    assert [a.status_code for a in answers] == [201, 201, 429, 201, 201, 201, 429, 201]
    assert 1 <= int(answers[2].headers["retry-after"]) <= 60
    assert "too many matches" in answers[2].json()["detail"]


def test_claims_and_replays_are_limited_per_address_group(db_url):
    limits = {("claim", "group"): Rate(3, 60.0), ("replay", "group"): Rate(2, 60.0)}
    with app(db_url, limits=limits) as client:
        made = client.post("/api/matches", json={"game": "cordoba",
                                                 "seats": ["human", "human"]}).json()
        claims = [client.post(f"/api/matches/{made['id']}/claim", json={"invite": "wrong"})
                  for _ in range(4)]
        replays = [client.get(f"/api/matches/{made['id']}/replay") for _ in range(3)]
    assert [a.status_code for a in claims] == [409, 409, 409, 429]
    assert [a.status_code for a in replays] == [409, 409, 429]  # not finished, then limited


def test_the_limits_table_in_the_docs_is_the_one_in_the_code():
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "server.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip(" `") for c in line.strip("|").split("|")]
        if len(cells) == 4 and (cells[0], cells[1]) in LIMITS:
            rows[cells[0], cells[1]] = parse_limit(f"{cells[0]}/{cells[1]}="
                                                   f"{cells[2].split()[0]}")[1]
    assert rows == LIMITS
