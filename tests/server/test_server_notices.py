"""Issue 28, part 3: turn notices of slow games. An account that gave an e-mail address and
a webhook is told, once per turn, when its turn comes and none of its sockets is open; the
notice names the game, the other players and the link back, and nothing hidden. Mail goes to
a local SMTP sink, the webhook to a local HTTP server (private addresses allowed here)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from aiosmtpd.controller import Controller
from conftest import TEST_SETTINGS, database_at
from fastapi.testclient import TestClient
from test_server_accounts import register, use

from mezquita.server.app import create_app
from mezquita.server.errors import MatchError
from mezquita.server.limits import Settings
from mezquita.server.notices import Delivery, Notices, clean_email, clean_webhook, public_host
from mezquita.server.status import MatchStatus
from mezquita.server.store import Store

SITE = "https://mezquita.example"


class Inbox:
    """An SMTP sink: the messages it was sent."""

    def __init__(self) -> None:
        self.messages: list = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"


@pytest.fixture
def inbox():
    sink = Inbox()
    with socket.socket() as probe:  # a free port (the controller checks it by connecting)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink, controller.port
    finally:
        controller.stop()


@pytest.fixture
def hooks():
    """A webhook receiver: the JSON bodies POSTed to it, and its URL."""
    received: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            received.append(json.loads(self.rfile.read(int(self.headers["content-length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield received, f"http://127.0.0.1:{server.server_port}/hook"
    finally:
        server.shutdown()


@pytest.fixture
def client(db_url, inbox):
    """The test server, mailing through ``inbox`` (`connect` opens its sockets)."""
    settings = Settings(**TEST_SETTINGS, smtp=f"127.0.0.1:{inbox[1]}", webhook_private=True,
                        public_url=SITE)
    with TestClient(create_app(db_url, bot_pool="thread", settings=settings)) as client:
        yield client


def _eventually(check, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "nothing arrived"
        time.sleep(0.05)


def test_an_away_player_is_told_once_by_mail_and_webhook_and_nothing_hidden(
        client, connect, inbox, hooks):
    mails, (posts, hook) = inbox[0].messages, hooks
    ana, bea = register(client, "Ana"), register(client, "Bea")
    headers = use(client, bea)
    answer = client.put("/api/me/notices", headers=headers,
                        json={"email": " bea@example.org ", "webhook": hook, "lang": "es"})
    assert answer.json() == {"email": "bea@example.org", "webhook": hook, "lang": "es"}
    assert client.get("/api/me/notices").json() == answer.json()
    headers = use(client, ana)
    made = client.post("/api/matches", headers=headers, json={
        "game": "cordoba", "seats": ["human", "human"], "clock": "slow"}).json()
    use(client, bea)
    bea_token = client.post(f"/api/matches/{made['id']}/claim", headers={"x-csrf": bea["csrf"]},
                            json={"invite": made["seats"][1]["invite"]}).json()["token"]
    use(client, ana)  # each socket's session is the cookie it opens with
    with connect(made["id"]) as a:
        a.hello(made["seats"][0]["token"])
        use(client, bea)
        with connect(made["id"]) as b:
            b.hello(bea_token)  # both here: the match starts, Ana to move
            first = a.until(lambda m: m["type"] == "update" and m["legal"])
            a.act(first["legal"][0]["action"], first["turn"])  # Bea is here: not told
            reply = b.until(lambda m: m["type"] == "update" and m["turn"] == 1 and m["legal"])
            b.act(reply["legal"][0]["action"], reply["turn"])
            again = a.until(lambda m: m["type"] == "update" and m["turn"] == 2 and m["legal"])
        while not (a.presences and not a.presences[-1]["online"][1]):  # Bea has gone
            message = a.ws.receive_json()
            if message["type"] == "presence":
                a.presences.append(message)
        a.act(again["legal"][0]["action"], again["turn"])  # so she is told of turn 3
        _eventually(lambda: mails and posts)
        hub = client.app.state.hub
        client.portal.call(hub.tell_turn, hub.matches[made["id"]])  # once more: not sent again
        time.sleep(0.5)
    assert len(mails) == 1 and len(posts) == 1
    notice = posts[0]
    assert notice == {"event": "your_turn", "match": made["id"], "game": "cordoba", "seat": 1,
                      "turn": 3, "lang": "es", "title": "Tu turno en Córdoba",
                      "text": "Es tu turno en Córdoba contra Ana.",
                      "url": f"{SITE}/match/{made['id']}"}
    mail = mails[0]
    assert (mail["To"], mail["Subject"]) == ("bea@example.org", "Tu turno en Córdoba")
    assert f"{SITE}/match/{made['id']}" in mail.get_content()


def test_a_live_match_and_a_present_player_are_not_told(client, connect, inbox, hooks):
    mails, (posts, hook) = inbox[0].messages, hooks
    ana = register(client, "Ana")
    headers = use(client, ana)
    client.put("/api/me/notices", headers=headers, json={"email": "ana@example.org",
                                                         "webhook": hook})
    made = client.post("/api/matches", headers=headers, json={
        "game": "cordoba", "seats": ["random", "human"], "clock": "live"}).json()
    with connect(made["id"]) as a:
        a.hello(made["seats"][1]["token"])
        a.until(lambda m: m["type"] == "update" and m["legal"])  # here when the bot moved
    hub = client.app.state.hub
    client.portal.call(hub.tell_turn, hub.matches[made["id"]])  # a live clock: not slow
    time.sleep(0.5)
    assert mails == [] and posts == []


@pytest.mark.parametrize(("body", "why"), [
    ({"email": "not an address"}, "not an e-mail address"),
    ({"email": "a@b"}, "not an e-mail address"),
    ({"webhook": "ftp://example.org/hook"}, "URL with a host"),
    ({"webhook": "https:///nohost"}, "URL with a host"),
    ({"webhook": "https://user@example.org/"}, "URL with a host"),
    ({"webhook": "https://example.org/" + "x" * 500}, "at most 500"),
    ({"colour": "red"}, "extra"),
    ({"email": "ana@example.org", "lang": "fr"}, "language is one of en, es, ca, de"),
])
def test_bad_addresses_are_refused_and_change_nothing(client, body, why):
    ana = register(client, "Ana")
    headers = use(client, ana)
    client.put("/api/me/notices", headers=headers, json={"email": "ana@example.org"})
    answer = client.put("/api/me/notices", headers=headers, json=body)
    assert answer.status_code == 422 and why in answer.text
    assert client.get("/api/me/notices").json()["email"] == "ana@example.org"


def test_notice_addresses_need_a_session_and_its_csrf_token(client):
    assert client.put("/api/me/notices", json={"email": "x@example.org"}).status_code == 401
    ana = register(client, "Ana")
    use(client, ana)
    assert client.put("/api/me/notices", json={"email": "x@example.org"}).status_code == 403
    assert client.get("/api/me/notices").json() == {"email": None, "webhook": None, "lang": None}


def test_webhooks_reach_only_public_addresses_unless_the_operator_allows_private_ones():
    assert clean_webhook("https://hooks.example.org/a?b=1") == "https://hooks.example.org/a?b=1"
    with pytest.raises(MatchError):
        clean_webhook("http://hooks.example.org/")  # plain http only where private is allowed
    assert clean_webhook("http://127.0.0.1:9/x", allow_private=True) == "http://127.0.0.1:9/x"
    assert clean_email("") is None and clean_webhook("  ") is None
    assert not any(public_host(h) for h in ("127.0.0.1", "10.1.2.3", "192.168.0.1", "169.254.1.1",
                                            "::1", "localhost", "no-such-host.invalid"))
    assert public_host("8.8.8.8")
    with pytest.raises(OSError, match="not a public address"):
        asyncio.run(Delivery().post("https://127.0.0.1/hook", {"event": "your_turn"}))


def test_in_a_simultaneous_phase_the_others_moves_do_not_make_a_new_turn_to_tell():
    """The turn a notice is keyed by is the move since which the seat waits (``waiting_since``),
    so the other seats' tips in Europa's simultaneous phase do not tell the away seat again."""
    told: list[tuple[int, int]] = []

    class Hub(Notices):
        scheduler = SimpleNamespace(spawn=lambda job: job.close())

        def _tell(self, match, seat, account, turn):
            told.append((seat, turn))
            return asyncio.sleep(0)

    state = SimpleNamespace(history=[None] * 7, to_move=lambda: (0, 1))
    match = SimpleNamespace(status=MatchStatus.RUNNING, owned=True, clocks=None, clients=set(),
                            state=state, waiting_since={0: 5, 1: 5},
                            row=SimpleNamespace(accounts=[11, None], seats=["human", "human"]))
    hub = Hub()
    hub.tell_turn(match)
    state.history.append(None)  # seat 1 (no account) tips again; seat 0 still waits since 5
    hub.tell_turn(match)
    assert told == [(0, 5), (0, 5)]  # the same key: `claim_notice` lets only the first through


def test_addresses_set_before_notices_had_a_language_are_told_in_english(tmp_path):
    """Migration 0009 on a database that already holds notice addresses: they stay, in English."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    with database_at(url, "0008") as db:
        db.execute(sa.text("insert into accounts (id, name, name_key, seat_key, created_at) "
                           "values (1, 'Ana', 'ana', x'00', '2026-01-01')"))
        db.execute(sa.text("insert into notify_settings (account_id, email) "
                           "values (1, 'ana@example.org')"))
    store = Store(url, instance="new")
    assert store.notice_settings([1]) == {1: {"email": "ana@example.org", "webhook": None,
                                             "lang": "en"}}
    store.close()
