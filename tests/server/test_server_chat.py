"""Issue 28, part 1: chat at the table over the play socket. The seated players' room and the
spectators' room are apart while the match runs and both readable once it is over; lines are
plain text, length- and rate-limited, stored with the match (a restart or a second instance
hears them), and anything refused stores nothing."""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from conftest import TEST_SETTINGS, Socket
from fastapi.testclient import TestClient
from server_players import Player, claimed_match
from test_server_cluster import start

from mezquita.server.app import create_app
from mezquita.server.chat import CHAT_LENGTH, ROOMS
from mezquita.server.limits import Settings


def _say(socket, **fields) -> None:
    socket.ws.send_json({"type": "chat", **fields})


def _heard(socket) -> list[dict]:
    """The lines of the next chat message ``socket`` receives."""
    while (message := socket.receive())["type"] != "chat":
        pass
    return message["lines"]


def _stored(client, match_id: str) -> list[dict]:
    return client.app.state.hub.store.chat_lines(match_id, ROOMS)


def test_players_and_spectators_each_read_their_own_room(create, connect, client):
    """Issue 28, part 1: a player's line reaches both players and no spectator; a spectator's
    reaches the spectators and no player; whitespace is collapsed, markup stays text."""
    made = create(["human", "human"], game="cordoba", options={"hand": 3}, seed=3)
    tokens = [s["token"] for s in made["seats"]]
    with (connect(made["id"]) as a, connect(made["id"]) as b, connect(made["id"]) as watcher,
          connect(made["id"]) as other_watcher):
        a.hello(tokens[0])
        b.hello(tokens[1])
        watcher.hello()
        other_watcher.hello()
        _say(a, text="  good   luck <b>all</b>\n")
        line = _heard(b)[0]
        assert (line["room"], line["seat"], line["text"]) == ("players", 0, "good luck <b>all</b>")
        assert _heard(a)[0] == line and line["turn"] == 0
        _say(watcher, text="seat 0 should play the vase")
        seen = _heard(other_watcher)[0]
        assert (seen["room"], seen["seat"], seen["name"]) == ("spectators", None, "")
        assert _heard(watcher)[0] == seen
        _say(b, phrase="thinking")
        assert _heard(a)[0]["phrase"] == "thinking" and _heard(b)[0]["text"] == ""
        watcher.ws.send_json({"type": "ping"})
        assert watcher.receive()["type"] == "pong"  # no player's line reached a spectator
    assert [x["room"] for x in _stored(client, made["id"])] == ["players", "spectators", "players"]


def test_a_newcomer_reads_its_room_and_everybody_reads_both_once_the_match_is_over(
        create, connect, client):
    """Issue 28, part 1: on connecting a client gets the lines of the rooms it reads; when the
    match ends (here a resignation) every client gets both rooms, as the replay shows them."""
    made = create(["human", "human"], game="cordoba", options={"hand": 3}, seed=3)
    tokens = [s["token"] for s in made["seats"]]
    with connect(made["id"]) as a, connect(made["id"]) as b, connect(made["id"]) as watcher:
        a.hello(tokens[0])
        b.hello(tokens[1])
        watcher.hello()
        _say(a, text="hi")
        _heard(b)
        _heard(a)  # its own line, echoed
        _say(watcher, text="psst")
        _heard(watcher)
        with connect(made["id"]) as again, connect(made["id"]) as late_watcher:
            again.hello(tokens[1])
            assert [x["text"] for x in _heard(again)] == ["hi"]
            late_watcher.hello()
            assert [x["text"] for x in _heard(late_watcher)] == ["psst"]
        b.ws.send_json({"type": "resign"})
        assert [x["text"] for x in _heard(a)] == ["hi", "psst"]
        _say(watcher, text="well played")  # after the end the players hear spectators too
        assert [x["text"] for x in _heard(a)] == ["well played"]


@pytest.mark.parametrize(("fields", "why"), [
    ({"text": ""}, "empty"),
    ({"text": "   \n "}, "empty"),
    ({"text": "x" * (CHAT_LENGTH + 1)}, f"at most {CHAT_LENGTH}"),
    ({"text": "abc\u202edef"}, "control or formatting"),  # a right-to-left override
    ({"text": "a\x07b"}, "control or formatting"),
    ({"text": 7}, "a string"),
    ({}, "a string"),
    ({"phrase": "you lose"}, "unknown phrase"),
])
def test_bad_lines_are_refused_with_a_reason_and_nothing_is_stored(create, seated_pair, client,
                                                                   fields, why):
    made = create(["human", "human"], game="cordoba", options={"hand": 3}, seed=3)
    with seated_pair(made) as (a, _, _first):
        _say(a, **fields)
        refused = a.until(lambda m: m["type"] == "error")
        assert refused["code"] == "refused" and why in refused["message"]
    assert _stored(client, made["id"]) == []


def test_emoji_with_joiners_are_plain_text_and_kept(create, seated_pair, client):
    made = create(["human", "human"], game="cordoba", options={"hand": 3}, seed=3)
    family = "\U0001f469\u200d\U0001f467 gg \u00f1"
    with seated_pair(made) as (a, b, _first):
        _say(a, text=family)
        assert _heard(b)[0]["text"] == family


def test_lines_are_rate_limited_per_seat_and_the_refused_are_not_stored(create, seated_pair,
                                                                        client):
    """Issue 28, part 1: five lines at once, then one per two seconds (``chat/seat`` 5/10);
    the sixth is refused as ``rate_limited``."""
    made = create(["human", "human"], game="cordoba", options={"hand": 3}, seed=3)
    with seated_pair(made) as (a, _b, _first):
        for n in range(6):
            _say(a, text=f"line {n}")
        assert a.until(lambda m: m["type"] == "error")["code"] == "rate_limited"
    assert [x["text"] for x in _stored(client, made["id"])] == [f"line {n}" for n in range(5)]


def test_a_restart_reads_the_chat_back_from_the_database(db_url, create, seated_pair):
    made = create(["human", "human"], game="cordoba", options={"hand": 3}, seed=3)
    with seated_pair(made) as (a, b, _first):
        _say(a, text="see you tomorrow")
        _heard(b)
    with (TestClient(create_app(db_url, bot_pool="thread", settings=Settings(**TEST_SETTINGS)))
          as again, again.websocket_connect(f"/ws/matches/{made['id']}") as ws):
        socket = Socket(ws)
        socket.hello(made["seats"][1]["token"])
        assert [x["text"] for x in _heard(socket)] == ["see you tomorrow"]


def test_a_line_said_on_one_instance_is_heard_on_the_other(postgres_url, tmp_path):
    """Issue 28, part 1: two instances on one PostgreSQL, a player on each: the line crosses
    over with the stored line's notification."""
    a, b = start(postgres_url, tmp_path, "a"), start(postgres_url, tmp_path, "b")
    try:
        with ExitStack() as stack:
            made = claimed_match(a, {"game": "cordoba", "seats": ["human", "human"],
                                     "options": {"hand": 3}}, claimed_on=b)
            tokens = [s["token"] for s in made["seats"]]
            on_a = Player(stack, a, made["id"], tokens[0])
            on_b = Player(stack, b, made["id"], tokens[1])
            on_a.ws.send('{"type": "chat", "phrase": "hello"}')
            assert on_b.hear(lambda line: line["phrase"] == "hello")["seat"] == 0
    finally:
        a.stop()
        b.stop()
