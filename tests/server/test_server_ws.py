"""Play over WebSocket: the server is the authority; each seat gets only its own view."""

from __future__ import annotations

import json
import time

import pytest
from starlette.websockets import WebSocketDisconnect

import mezquita
from mezquita.agents.random_agent import RandomAgent
from mezquita.agents.registry import FACTORIES


def test_a_whole_game_against_a_bot_ends_with_the_result(client, create, connect):
    made = create(["human", "heuristic"], options={"hand": 3}, seed=11)
    with connect(made["id"]) as sock:
        final = sock.play_out(sock.hello(made["seats"][0]["token"]))
    assert final["match"]["status"] == "finished"
    assert final["view"]["returns"] == final["match"]["result"]["returns"]
    assert sum(final["match"]["result"]["returns"]) == 1.0
    assert len(final["log"]) == 20
    assert all(e["card"] is not None and e["text"] for e in final["log"])  # all public at the end
    assert {e["by"] for e in final["log"]} == {"human", "bot"}
    replay = client.get(f"/api/matches/{made['id']}/replay").json()
    record = mezquita.Record.from_json(replay["record"])
    assert record.seed == 11 and len(record.actions) == 20
    assert record.replay().view(0) == final["view"]


def test_bots_only_match_plays_itself_and_spectators_watch(client, create, connect):
    made = create(["random", "heuristic"])
    with connect(made["id"]) as sock:
        message = sock.hello()
        assert message["you"] is None and message["legal"] == []
        final = message if message["view"]["terminal"] else sock.until(
            lambda m: m["view"]["terminal"])
    assert final["match"]["status"] == "finished"


def hidden_check(message, seat_of_secret, landmark, card):
    """The message must not reveal ``card`` played face down by ``seat_of_secret``."""
    view = message["view"]
    pile = next(lm for lm in view["landmarks"] if lm["value"] == landmark)
    assert pile["cards"][seat_of_secret] == [None]
    plays = [e for e in message["log"] if e["seat"] == seat_of_secret and e["do"] == "play"]
    assert plays and all(e["card"] is None and str(card) not in e["text"] for e in plays)
    assert view["hand"] is None or view["seat"] != seat_of_secret
    assert "legal" not in json.dumps(message["log"])


def test_other_seats_and_spectators_never_receive_hidden_values(client, create, connect):
    made = create(["human", "human"], options={"hand": 10}, seed=3)
    tokens = [s["token"] for s in made["seats"]]
    with connect(made["id"]) as a, connect(made["id"]) as b, connect(made["id"]) as watcher:
        a.hello(tokens[0])
        b.hello(tokens[1])
        first = a.until(lambda m: m["match"]["status"] == "running")
        watcher.hello()
        assert first["view"]["hand"] == list(range(1, 11))
        a.act({"do": "play", "card": 7, "landmark": 5}, first["turn"])
        seen_by_a = a.until(lambda m: m["turn"] == 1)
        seen_by_b = b.until(lambda m: m["turn"] == 1)
        seen_by_watcher = watcher.until(lambda m: m["turn"] == 1)
    assert seen_by_a["view"]["landmarks"][4]["cards"][0] == [7]  # the owner sees its card
    assert seen_by_a["log"][0]["text"] == "Player 1 plays 7 at Roman Bridge (5)"
    for message in (seen_by_b, seen_by_watcher):
        hidden_check(message, 0, 5, 7)
    assert seen_by_b["view"]["hand"] == list(range(1, 11))
    assert seen_by_watcher["view"]["hand"] is None
    assert seen_by_b["legal"] and not seen_by_watcher["legal"]


def test_a_seat_token_acts_only_for_its_seat(client, create, connect):
    made = create(["human", "human"], seed=1)
    tokens = [s["token"] for s in made["seats"]]
    with connect(made["id"]) as a, connect(made["id"]) as b:
        a.hello(tokens[0])
        message = b.hello(tokens[1])
        message = b.until(lambda m: m["match"]["status"] == "running")
        assert message["legal"] == []  # seat 1 is not to move
        b.act({"do": "play", "card": message["view"]["hand"][0], "landmark": 1}, 0)
        refused = b.receive()
    assert refused["type"] == "error" and "not seat 1's turn" in refused["message"]
    assert client.get(f"/api/matches/{made['id']}").json()["status"] == "running"


def test_spectators_cannot_play(client, create, connect):
    made = create(["human", "human"])
    with connect(made["id"]) as watcher:
        watcher.hello()
        watcher.act({"do": "play", "card": 1, "landmark": 1}, 0)
        assert watcher.receive()["code"] == "spectator"


def test_a_wrong_token_is_refused(client, create, connect):
    made = create(["human", "human"])
    with connect(made["id"]) as sock:
        answer = sock.hello("not-a-token")
        assert answer["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            sock.receive()
    assert closed.value.code == 4403


def test_a_sender_that_fails_is_logged_and_its_socket_closed(client, create, connect, caplog,
                                                            monkeypatch):
    """A bug that breaks the update to a client must not leave its socket open and silent:
    the failure is logged with its traceback and the socket closed (1011), so the page
    reconnects."""
    from mezquita.server.match import Match

    made = create(["human", "random"])

    def broken(self, seat, lang):
        raise RuntimeError("a bug in the update")

    monkeypatch.setattr(Match, "message", broken)
    with connect(made["id"]) as sock:
        sock.ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        with pytest.raises(WebSocketDisconnect) as closed:
            sock.receive()
    assert closed.value.code == 1011
    assert any("closing its socket" in r.getMessage() and r.exc_info for r in caplog.records)


def test_an_unknown_match_is_refused(client, connect):
    with connect("nope") as sock:
        assert sock.receive()["code"] == "not_found"


@pytest.mark.parametrize("raw, code", [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"kind": "act"}', "malformed"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "act"}', "malformed"),
    ('{"type": "act", "action": {"do": "play", "card": 1}}', "refused"),
    ('{"type": "act", "action": "x"}', "refused"),
    ('{"type": "act", "action": 9999}', "refused"),
    ('{"type": "act", "action": {"do": "play", "card": 1, "landmark": 1}, "turn": "0"}', "malformed"),
    ('{"type": "act", "action": {"do": "play", "card": 1, "landmark": 1}, "turn": 5}', "refused"),
    ('{"type": "act", "action": [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]}', "malformed"),
    ('{"type": "act", "action": [[[[1]]]]}', "refused"),
    ('{"type": "act", "action": ' + "[" * 1500 + "]" * 1500 + "}", "malformed"),
    ('{"type": "act", "action": {"do": "play", "card": 1e400, "landmark": 1}}', "malformed"),
    ('{"type": "act", "action": {"do": "play", "card": NaN, "landmark": 1}}', "malformed"),
    ('{"type": "act", "action": {"do": "play", "card": 1.0, "landmark": 1}}', "refused"),
    ('{"type": "act", "action": {"do": "play", "card": true, "landmark": 1}}', "refused"),
    ('{"type": "act", "action": "' + "x" * 5000 + '"}', "too_large"),
])
def test_malformed_or_illegal_messages_get_an_error_and_change_nothing(
        client, create, seated_pair, raw, code):
    made = create(["human", "human"], seed=2)
    with seated_pair(made) as (a, _b, before):
        a.ws.send_text(raw)
        answer = a.receive()
        a.ws.send_json({"type": "lang", "lang": "en"})
        after = a.receive()
    assert answer["type"] == "error" and answer["code"] == code
    assert after["view"] == before["view"] and after["legal"] == before["legal"]


def test_binary_messages_are_refused(client, create, connect):
    made = create(["human", "human"])
    with connect(made["id"]) as sock:
        sock.hello(made["seats"][0]["token"])
        sock.ws.send_bytes(b"\x00\x01")
        assert sock.until(lambda m: m["type"] == "error")["code"] == "malformed"


def test_message_rate_is_bounded(client, create, connect):
    made = create(["human", "human"])
    with connect(made["id"]) as sock:
        sock.hello()
        for _ in range(60):
            sock.ws.send_json({"type": "ping"})
        answers = []
        with pytest.raises(WebSocketDisconnect):  # a flooding client is finally dropped
            for _ in range(60):
                answers.append(sock.receive())
    assert any(a.get("code") == "rate_limited" for a in answers)
    assert sum(a["type"] == "pong" for a in answers) <= 31


def test_reconnecting_restores_the_game(client, create, connect):
    made = create(["human", "random"], options={"hand": 3}, seed=9)
    token = made["seats"][0]["token"]
    with connect(made["id"]) as sock:
        message = sock.hello(token)
        sock.act(message["legal"][0]["action"], 0)
        before = sock.until(lambda m: m["turn"] == 2)
    with connect(made["id"]) as sock:
        again = sock.hello(token)
    assert again["view"] == before["view"] and again["legal"] == before["legal"]
    assert again["you"] == 0


def test_language_switch_translates_labels(client, create, connect):
    made = create(["human", "random"])
    with connect(made["id"]) as sock:
        sock.hello(made["seats"][0]["token"], lang="es")
        sock.ws.send_json({"type": "lang", "lang": "ca"})
        message = sock.until(lambda m: m["type"] == "update" and m["legal"])
    assert message["legal"][0]["label"].startswith("jugar")


class SleepyAgent(RandomAgent):
    """A bot that thinks for a long time (sleeping releases the GIL like a worker process)."""

    def act(self, turn):
        time.sleep(1.5)
        return super().act(turn)


def test_a_thinking_bot_does_not_delay_other_matches(client, create, seated_pair, monkeypatch):
    monkeypatch.setitem(FACTORIES, "sleepy", lambda game, seed, level: SleepyAgent(game, seed))
    slow = create(["sleepy", "sleepy"])
    quick = create(["human", "human"], seed=4)
    with seated_pair(quick) as (a, b, message):
        started = time.monotonic()
        a.act(message["legal"][0]["action"], 0)
        b.until(lambda m: m["turn"] == 1)
        elapsed = time.monotonic() - started
    assert elapsed < 0.5, f"a move took {elapsed:.2f} s while a bot was thinking"
    assert client.get(f"/api/matches/{slow['id']}").json()["status"] == "running"


def test_process_pool_bots_play_a_whole_match(db_url):
    from fastapi.testclient import TestClient

    from mezquita.server import create_app

    with TestClient(create_app(db_url, bot_pool="process", bot_workers=1)) as client:
        made = client.post("/api/matches", json={"game": "cordoba",
                                                 "seats": ["heuristic", "random"]}).json()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if client.get(f"/api/matches/{made['id']}").json()["status"] == "finished":
                break
            time.sleep(0.2)
        assert client.get(f"/api/matches/{made['id']}").json()["status"] == "finished"


class SlowOnceAgent(RandomAgent):
    """Thinks long enough for the server to be stopped before its move lands."""

    def act(self, turn):
        time.sleep(1.0)
        return super().act(turn)


def test_a_restarted_server_resumes_bot_matches_by_itself(db_url, monkeypatch):
    from fastapi.testclient import TestClient

    from mezquita.server import create_app

    monkeypatch.setitem(FACTORIES, "slow", lambda game, seed, level: SlowOnceAgent(game, seed))
    with TestClient(create_app(db_url, bot_pool="thread")) as client:
        made = client.post("/api/matches", json={"game": "cordoba",
                                                 "seats": ["slow", "random"]}).json()
        assert client.get(f"/api/matches/{made['id']}").json()["status"] == "running"
    # stopped while the first bot was thinking; nobody connects to the new server
    monkeypatch.setitem(FACTORIES, "slow", lambda game, seed, level: RandomAgent(game, seed))
    with TestClient(create_app(db_url, bot_pool="thread")) as client:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if client.get("/api/matches?status=finished").json():
                break
            time.sleep(0.1)
        finished = client.get("/api/matches?status=finished").json()
    assert [m["id"] for m in finished] == [made["id"]]


def test_every_message_is_exactly_the_engine_view_of_its_recipient(client, create, connect):
    """Over a whole game, each client receives state.view(its seat) and nothing else hidden:
    no legal moves of others, and the log exactly the engine's log for that seat."""
    made = create(["human", "human"], options={"hand": 3}, seed=21)
    tokens = [s["token"] for s in made["seats"]]
    game = mezquita.load("cordoba", hand=3)
    truth = game.new_state(21)
    with connect(made["id"]) as a, connect(made["id"]) as b, connect(made["id"]) as watcher:
        a.hello(tokens[0])
        b.hello(tokens[1])
        watcher.hello()
        for turn in range(20):
            got = [sock.until(lambda m, turn=turn: m["type"] == "update" and m["turn"] == turn
                              and m["match"]["status"] == "running")
                   for sock in (a, b, watcher)]
            for seat, message in zip((0, 1, None), got):
                assert message["view"] == truth.view(seat)
                assert message["you"] == seat
                expected = truth.legal_actions_json(seat) if seat is not None else []
                assert message["legal"] == expected
                assert [{k: v for k, v in e.items() if k not in ("by", "text", "event", "number")}
                        for e in message["log"]] == truth.log(seat)
                assert [e["event"] for e in message["log"]] == list(range(len(truth.log(seat))))
                moves = sorted({e["turn"] for e in truth.log(seat)})  # numbered per move, from 1
                numbers = [moves.index(e["turn"]) + 1 for e in truth.log(seat)]
                assert [e["number"] for e in message["log"]] == numbers
                assert [e["text"] for e in message["log"]] == [game.event_text(e) for e in truth.log(seat)]
            mover = truth.to_move()[0]
            action = got[mover]["legal"][turn % len(got[mover]["legal"])]["action"]
            (a, b)[mover].act(action, turn)
            truth.apply(mover, action)
        final = watcher.until(lambda m: m["turn"] == 20)
    assert final["view"] == truth.view(None) and final["match"]["status"] == "finished"


def test_in_a_game_without_hidden_information_everybody_reads_every_move(client, create, connect):
    made = create(["random", "human"], game="cortica", seed=3)
    with connect(made["id"]) as sock:
        sock.hello(made["seats"][1]["token"])
        message = sock.until(lambda m: m["type"] == "update" and m["log"])
    assert message["log"][0]["seat"] == 0 and all(e["text"] for e in message["log"])
    assert "Blue" in message["log"][0]["text"] or "Player 1" in message["log"][0]["text"]
    data = client.get("/api/games/cortica/data/reconstruction-v1.json")
    assert data.status_code == 200 and "actions" in data.json()


def test_seats_joining_at_the_same_moment_both_count(client, create, connect):
    for _ in range(5):
        made = create(["human", "human"])
        with connect(made["id"]) as a, connect(made["id"]) as b:
            a.ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            b.ws.send_json({"type": "hello", "token": made["seats"][1]["token"]})
            a.until(lambda m: m["match"]["status"] == "running")
            b.until(lambda m: m["match"]["status"] == "running")
