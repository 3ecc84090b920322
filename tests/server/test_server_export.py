"""One player's data (issue 30, part 4): `GET /api/me/export` for the logged-in player and
``mezquita export-player`` for an operator, on SQLite and PostgreSQL; everything stored of the
account, nothing secret, no record of a match still running, and bad input refused in one line."""

from __future__ import annotations

import json

import httpx
import pytest
from test_server_accounts import register, use
from test_server_backup import mezquita

from mezquita.engine import Record
from mezquita.server.launch import ServerProcess
from mezquita.server.store import EXPORT_FORMAT

SMALL = {"cards": 3, "landmarks": 2}  # a Córdoba of 6 moves
SECRETS = ("password", "seat_key", "token", "id_hash", "csrf", "argon2", "invite")


def test_a_player_downloads_what_is_stored_of_them_and_nothing_secret(client, connect):
    ana = register(client, "Ana")
    headers = use(client, ana)
    client.put("/api/me/notices", headers=headers, json={"email": "ana@example.org", "webhook": ""})
    done = client.post("/api/matches", headers=headers, json={
        "game": "cordoba", "seats": ["human", "random"], "options": SMALL}).json()
    with connect(done["id"]) as sock:
        sock.play_out(sock.hello(done["seats"][0]["token"]))
        sock.ws.send_json({"type": "chat", "text": "well played, bot"})
        sock.until(lambda m: m["type"] == "chat")
    running = client.post("/api/matches", headers=headers, json={
        "game": "cordoba", "seats": ["human", "human"], "options": SMALL}).json()
    answer = client.get("/api/me/export")
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    data = answer.json()
    assert data["format"] == EXPORT_FORMAT and data["account"]["name"] == "Ana"
    assert data["notices"] == {"email": "ana@example.org", "webhook": None}
    assert len(data["sessions"]) == 1 and set(data["sessions"][0]) == {"created_at", "expires_at"}
    [rating] = data["ratings"]
    assert (rating["game"], rating["players"], rating["games"]) == ("cordoba", "2", 1)
    finished, waiting = data["matches"]
    assert (finished["match"], waiting["match"]) == (done["id"], running["id"])
    assert Record.from_json(finished["record"]).replay().is_terminal()
    assert finished["rating"]["mu_after"] == rating["mu"]
    assert waiting["record"] is None and waiting["status"] == "open"  # its deal stays hidden
    assert [line["text"] for line in data["chat"]] == ["well played, bot"]
    body = answer.text.lower()
    assert not [word for word in SECRETS if word in body]
    use(client, None)
    assert client.get("/api/me/export").status_code == 401


def test_exports_are_limited_per_account(client):
    headers = use(client, register(client, "Eva"))
    assert all(client.get("/api/me/export", headers=headers).status_code == 200 for _ in range(5))
    refused = client.get("/api/me/export", headers=headers)
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_an_operator_exports_a_player_while_the_server_runs(kind, tmp_path, request):
    db = (f"sqlite:///{tmp_path / 'live.sqlite3'}" if kind == "sqlite"
          else request.getfixturevalue("postgres_url"))
    name = f"Olga{tmp_path.name[-6:]}"  # the PostgreSQL database is shared by the tests
    with ServerProcess(db) as server:
        http = httpx.Client(base_url=server.url)
        made = http.post("/api/accounts", json={"name": name, "password": "correct horse battery"})
        http.post("/api/matches", headers={"x-csrf": made.json()["csrf"]}, json={
            "game": "cordoba", "seats": ["human", "random"], "options": SMALL})
        given = http.get("/api/me/export").json()
        out = tmp_path / "olga.json"
        done = mezquita("export-player", name.upper(), str(out), "--db", db)
        assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text()) == given
    for args, says in ((("export-player", "nobody", str(tmp_path / "x.json"), "--db", db),
                        "there is no account"),
                       (("export-player", "bot:hard", str(tmp_path / "x.json"), "--db", db),
                        "there is no account"),
                       (("export-player", name, str(out), "--db", db), "exists already")):
        refused = mezquita(*args)
        assert refused.returncode == 2 and says in refused.stderr, refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.json").exists()
