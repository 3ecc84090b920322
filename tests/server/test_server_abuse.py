"""Abuse: bad input of every kind gets a 4xx (or a WebSocket error) with one clear line and
changes nothing, in REST and WebSocket alike and against the real server process; a server
that cannot start says why in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from contextlib import contextmanager

import httpx
import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect as ws_connect

from mezquita.server.launch import ServerProcess, free_port
from mezquita.server.ws import WS_MAX_SIZE

SURROGATE = "\\ud800"  # as JSON text: a lone high surrogate (valid JSON, no Unicode text)


@pytest.mark.parametrize("body", [
    f'{{"game": "{SURROGATE}", "seats": ["human", "human"]}}',
    f'{{"game": "cordoba", "seats": ["human", "{SURROGATE}"]}}',
    f'{{"game": "cordoba", "seats": ["human", "human"], "name": "Ann{SURROGATE}"}}',
    f'{{"game": "cordoba", "seats": ["human", "human"], "options": {{"{SURROGATE}": 3}}}}',
    f'{{"game": "cordoba", "seats": ["human", "human"], "options": {{"hand": "{SURROGATE}"}}}}',
])
def test_a_lone_surrogate_in_any_json_string_gets_422_and_creates_nothing(client, body):
    for headers in ({"content-type": "application/json"}, {}):  # FastAPI reads both as JSON
        answer = client.post("/api/matches", content=body.encode(), headers=headers)
        assert answer.status_code == 422, answer.text
        assert "surrogate" in answer.json()["detail"]
    assert client.get("/api/matches?status=open").json() == []


def test_invalid_utf8_and_encoded_surrogates_get_422(client, create):
    for raw in (b'{"game": "\xff", "seats": ["human"]}',
                b'{"game": "\xed\xa0\x80", "seats": ["human"]}'):  # UTF-8 of U+D800 itself
        answer = client.post("/api/matches", content=raw,
                             headers={"content-type": "application/json"})
        assert answer.status_code == 422 and answer.json()["detail"].startswith("refused JSON")
    made = create(["human", "human"])
    answer = client.post(f"/api/matches/{made['id']}/claim",
                         content=f'{{"invite": "{SURROGATE}"}}'.encode())
    assert answer.status_code == 422


def test_a_validation_error_does_not_echo_the_input(client):
    answer = client.post("/api/matches", json={"game": "x" * 100, "seats": ["human"]})
    assert answer.status_code == 422
    assert answer.json()["detail"] == [{"loc": ["body", "game"], "type": "string_too_long",
                                        "msg": "String should have at most 64 characters"}]


def test_a_lone_surrogate_over_the_socket_is_refused_and_the_socket_stays_open(
        client, create, seated_pair):
    made = create(["human", "human"])
    with seated_pair(made) as (a, _b, _running):
        for text in (f'{{"type": "name", "name": "{SURROGATE}"}}',
                     f'{{"type": "act", "action": "{SURROGATE}"}}',
                     f'{{"type": "{SURROGATE}"}}'):
            a.ws.send_text(text)
            refused = a.receive()
            assert refused["type"] == "error" and refused["code"] == "malformed"
            assert "surrogate" in refused["message"]
        a.ws.send_json({"type": "ping"})
        assert a.receive()["type"] == "pong"
    assert [s["name"] for s in client.get(f"/api/matches/{made['id']}").json()["seats"]] == [
        None, None]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("abuse")
    log = folder / "server.log"
    process = ServerProcess(f"sqlite:///{folder / 'mezquita.sqlite3'}", log=log).start()
    process.log_path = log
    yield process
    process.stop()


@contextmanager
def _spectator(server: ServerProcess):
    made = httpx.post(f"{server.url}/api/matches",
                      json={"game": "cordoba", "seats": ["human", "human"]}).json()
    with ws_connect(f"ws://127.0.0.1:{server.port}/ws/matches/{made['id']}",
                    max_size=None) as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv(10))["type"] == "update"
        yield ws


def test_an_oversize_frame_is_answered_with_an_error_before_the_1009_close(server):
    with _spectator(server) as ws:
        ws.send(json.dumps({"type": "ping", "pad": "x" * WS_MAX_SIZE}))
        told = [json.loads(m) for m in _until_closed(ws)]
        assert [m["code"] for m in told if m["type"] == "error"] == ["too_large"]
        assert ws.close_code == 1009
    assert "Traceback" not in server.log_path.read_text()


def test_a_text_frame_that_is_not_utf8_gets_an_error_and_the_socket_stays_open(server):
    with _spectator(server) as ws:
        ws.send(b'{"type": "ping", "x": "\xff\xfe"}', text=True)
        refused = _next(ws, lambda m: m["type"] == "error")
        assert refused["code"] == "malformed" and "UTF-8" in refused["message"]
        ws.send(json.dumps({"type": "ping"}))
        assert _next(ws, lambda m: m["type"] != "presence")["type"] == "pong"
    assert "Traceback" not in server.log_path.read_text()


def _next(ws, check) -> dict:
    while True:
        message = json.loads(ws.recv(10))
        if check(message):
            return message


def _until_closed(ws) -> list[str]:
    messages = []
    try:
        while True:
            messages.append(ws.recv(10))
    except ConnectionClosedError:
        return messages


def _serve(db: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from mezquita.cli import app; app()", "serve",
                           "--port", str(free_port()), "--db", db, "--bots", "thread"],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("db, says", [
    ("sqlite:///file:{tmp}/db.sqlite3?mode=ro&uri=true", "unable to open database file"),
    ("sqlite:///{tmp}/no/such/folder/db.sqlite3", "unable to open database file"),
    ("postgresql://mezquita@127.0.0.1:{port}/mezquita", "Connection refused"),
    ("postgresql://mezquita@[::1/x", "cannot open the database"),
    ("mysql://root@localhost/db", "a database URL is sqlite:///PATH or postgresql://"),
    ("mezquita.sqlite3", "a database URL is sqlite:///PATH"),
])
def test_a_server_that_cannot_open_its_database_says_why_in_one_line_and_exits_2(tmp_path, db,
                                                                               says):
    done = _serve(db.format(tmp=tmp_path, port=free_port()))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: cannot open the database") and says in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_read_only_database_file_is_refused_at_start(tmp_path):
    db = f"sqlite:///{tmp_path}/db.sqlite3"
    with ServerProcess(db):  # made and migrated; then opened read-only
        pass
    done = _serve(f"sqlite:///file:{tmp_path}/db.sqlite3?mode=ro&uri=true")
    assert done.returncode == 2
    assert "attempt to write a readonly database" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-c", "from mezquita.cli import app; app()",
                               "serve", "--port", str(port), "--bots", "thread",
                               "--db", f"sqlite:///{tmp_path}/db.sqlite3"],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")
    assert "in use" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "db.sqlite3").exists()  # refused before the database is touched
