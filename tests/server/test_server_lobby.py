"""Players' names, rematches, the finished-match list and long turn timers across restarts."""

from __future__ import annotations

import pytest
from conftest import TEST_SETTINGS
from fastapi.testclient import TestClient

from mezquita.server import create_app
from mezquita.server.limits import Settings

SMALL = {"cards": 3, "landmarks": 2}  # a Córdoba of 6 moves


def play_out(sockets, made: dict) -> dict:
    """Play the first legal move of a human to move until the end; the last update."""
    last = sockets[0].until(lambda m: m.get("match", {}).get("status") == "running")
    while last["match"]["status"] == "running":
        for seat in last["view"]["to_move"]:
            if seat < len(sockets):  # a human's turn (else a bot is thinking)
                mine = sockets[seat].until(
                    lambda m, t=last["turn"]: m["type"] == "update" and m["turn"] >= t)
                if mine["legal"]:
                    sockets[seat].act(mine["legal"][0]["action"], mine["turn"])
                break
        last = sockets[0].until(lambda m, t=last["turn"]: m["type"] == "update" and m["turn"] > t)
    return last


def test_names_are_trimmed_stored_and_word_the_log(client, create, connect):
    made = create(["human", "human"], options=SMALL, name="  Anna  Luz ")
    claimed = client.post(f"/api/matches/{made['id']}/claim", json={"invite": "x"})
    assert claimed.status_code == 409  # unknown invitation, name or not
    info = client.get(f"/api/matches/{made['id']}").json()
    assert [s["name"] for s in info["seats"]] == ["Anna Luz", None]
    with connect(made["id"]) as a, connect(made["id"]) as b:
        a.hello(made["seats"][0]["token"])
        b.hello(made["seats"][1]["token"])
        b.ws.send_json({"type": "name", "name": "Bruno"})
        update_ = a.until(lambda m: m["names"] == ["Anna Luz", "Bruno"])
        a.act(update_["legal"][0]["action"], update_["turn"])
        moved = b.until(lambda m: m["log"])
        assert moved["log"][0]["text"].startswith("Anna Luz ")


def test_a_claim_may_carry_a_name(client):
    made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "human"]}).json()
    invite = made["seats"][1]["invite"]
    answer = client.post(f"/api/matches/{made['id']}/claim", json={"invite": invite, "name": "Bea"})
    assert answer.status_code == 200
    assert client.get(f"/api/matches/{made['id']}").json()["seats"][1]["name"] == "Bea"


@pytest.mark.parametrize("name, reason", [
    ("x" * 25, "at most 24"), ("Anna\x07", "control"), ("Ann\u202ea", "formatting"),
])
def test_bad_names_are_refused_with_a_reason(client, name, reason):
    answer = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "random"],
                                               "name": name})
    assert answer.status_code == 422 and reason in answer.text
    made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "human"]}).json()
    claim = client.post(f"/api/matches/{made['id']}/claim",
                        json={"invite": made["seats"][1]["invite"], "name": name})
    assert claim.status_code == 422 and reason in claim.text
    assert not client.get(f"/api/matches/{made['id']}").json()["seats"][1]["joined"]


def test_a_bad_name_over_the_socket_is_refused_and_changes_nothing(create, connect):
    made = create(["human", "random"], name="Anna")
    with connect(made["id"]) as a:
        a.hello(made["seats"][0]["token"])
        a.ws.send_json({"type": "name", "name": "\x00"})
        assert a.until(lambda m: m["type"] == "error")["code"] == "refused"
        a.ws.send_json({"type": "lang", "lang": "es"})
        assert a.until(lambda m: m["type"] == "update")["names"][0] == "Anna"


def test_bots_are_named_by_their_level_in_each_language(create, connect):
    made = create(["human", "hard"], name="Anna")
    with connect(made["id"]) as a:
        assert a.hello(made["seats"][0]["token"], lang="es")["names"] == ["Anna", "Bot difícil"]
        a.ws.send_json({"type": "lang", "lang": "de"})
        assert a.until(lambda m: m["names"][1] != "Bot difícil")["names"] == ["Anna", "Schwerer Bot"]


def test_names_survive_a_restart(db_url):
    settings = Settings(**TEST_SETTINGS)
    with TestClient(create_app(db_url, bot_pool="thread", settings=settings)) as client:
        made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "human"],
                                                 "name": "Anna"}).json()
        client.post(f"/api/matches/{made['id']}/claim",
                    json={"invite": made["seats"][1]["invite"], "name": "Bruno"})
    with TestClient(create_app(db_url, bot_pool="thread", settings=settings)) as client:
        seats = client.get(f"/api/matches/{made['id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Anna", "Bruno"]


def test_rematch_rotates_the_seats_keeps_options_and_is_made_once(client, create, connect):
    made = create(["human", "human"], options=SMALL, name="Anna")
    tokens = [s["token"] for s in made["seats"]]
    with connect(made["id"]) as a, connect(made["id"]) as b, connect(made["id"]) as watcher:
        a.hello(tokens[0])
        b.hello(tokens[1])
        watcher.hello()
        play_out([a, b], made)
        a.ws.send_json({"type": "rematch"})
        b.ws.send_json({"type": "rematch"})  # both click: one rematch
        a.ws.send_json({"type": "rematch"})
        mine = a.until(lambda m: m["type"] == "rematch")
        theirs = b.until(lambda m: m["type"] == "rematch")
        assert (mine["seat"], theirs["seat"]) == (1, 0)
        assert mine["id"] == theirs["id"] and mine["token"] != theirs["token"]
        assert mine["url"] == f"/match/{mine['id']}#seat=1&token={mine['token']}"
        seen = watcher.until(lambda m: m["type"] == "rematch" or m["match"]["rematch"])
        assert seen["type"] == "update" and seen["match"]["rematch"] == mine["id"]
        a.ws.send_json({"type": "rematch"})  # asking again: the same rematch, the same token
        again = a.until(lambda m: m["type"] == "rematch" and m is not mine)
        assert (again["id"], again["token"]) == (mine["id"], mine["token"])
    old = client.get(f"/api/matches/{made['id']}").json()
    new = client.get(f"/api/matches/{mine['id']}").json()
    assert old["rematch"] == new["id"]
    assert [s["kind"] for s in new["seats"]] == ["human", "human"]
    assert [s["name"] for s in new["seats"]] == [None, "Anna"]
    assert new["options"] == old["options"] and new["status"] == "open"
    with connect(mine["id"]) as a2, connect(mine["id"]) as b2:
        assert a2.hello(mine["token"])["you"] == 1
        assert b2.hello(theirs["token"])["you"] == 0
        a2.until(lambda m: m["match"]["status"] == "running")
    with connect(mine["id"]) as thief:  # an old token never opens the rematch
        thief.ws.send_json({"type": "hello", "token": tokens[0]})
        assert thief.receive()["code"] == "bad_token"


def test_a_rematch_against_a_bot_keeps_its_level_in_the_other_seat(client, create, connect):
    made = create(["human", "hard"], options=SMALL)
    with connect(made["id"]) as a:
        a.hello(made["seats"][0]["token"])
        play_out([a], made)
        a.ws.send_json({"type": "rematch"})
        mine = a.until(lambda m: m["type"] == "rematch")
    new = client.get(f"/api/matches/{mine['id']}").json()
    assert [s["kind"] for s in new["seats"]] == ["hard", "human"] and mine["seat"] == 1
    assert new["clock"] is None  # one human: no clock unless asked for


def test_a_player_away_at_the_rematch_gets_their_seat_on_return(client, create, connect):
    made = create(["human", "human"], options=SMALL)
    tokens = [s["token"] for s in made["seats"]]
    with connect(made["id"]) as a, connect(made["id"]) as b:
        a.hello(tokens[0])
        b.hello(tokens[1])
        play_out([a, b], made)
    with connect(made["id"]) as a:
        a.hello(tokens[0])
        a.ws.send_json({"type": "rematch"})
        first = a.until(lambda m: m["type"] == "rematch")
    with connect(made["id"]) as b:  # back later: told their own new seat at once
        b.ws.send_json({"type": "hello", "token": tokens[1]})
        later = b.until(lambda m: m["type"] == "rematch")
    assert (first["seat"], later["seat"]) == (1, 0) and first["token"] != later["token"]
    with connect(made["id"]) as spectator:  # a spectator cannot ask for one
        spectator.hello()
        spectator.ws.send_json({"type": "rematch"})
        assert spectator.until(lambda m: m["type"] == "error")["code"] == "spectator"


def test_a_running_match_has_no_rematch(create, connect):
    made = create(["human", "random"])
    with connect(made["id"]) as a:
        a.hello(made["seats"][0]["token"])
        a.ws.send_json({"type": "rematch"})
        assert "over" in a.until(lambda m: m["type"] == "error")["message"]


def test_finished_matches_are_listed_with_winners_and_scores(client, create, connect):
    made = create(["human", "human"], options=SMALL, name="Anna")
    with connect(made["id"]) as a, connect(made["id"]) as b:
        a.hello(made["seats"][0]["token"])
        b.hello(made["seats"][1]["token"])
        last = play_out([a, b], made)
    rows = client.get("/api/matches?status=finished").json()
    row = next(r for r in rows if r["id"] == made["id"])
    returns = last["match"]["result"]["returns"]
    assert row["winners"] == [s for s, r in enumerate(returns) if r == max(returns)]
    assert row["scores"] == last["match"]["result"]["scores"]
    assert row["names"] == ["Anna", None] and row["finished_at"]
    running = client.get("/api/matches?status=open,running").json()
    assert all("winners" not in r for r in running)


def test_names_and_one_rematch_on_postgresql(postgres_url):
    from conftest import Socket, claim_all

    with TestClient(create_app(postgres_url, bot_pool="thread",
                               settings=Settings(**TEST_SETTINGS))) as client:
        made = claim_all(client.post, client.post("/api/matches", json={
            "game": "cordoba", "seats": ["human", "human"], "options": SMALL,
            "name": "Anna"}).json())
        tokens = [s["token"] for s in made["seats"]]
        with client.websocket_connect(f"/ws/matches/{made['id']}") as wa, \
                client.websocket_connect(f"/ws/matches/{made['id']}") as wb:
            a, b = Socket(wa), Socket(wb)
            a.hello(tokens[0])
            b.hello(tokens[1])
            assert play_out([a, b], made)["names"] == ["Anna", None]
            a.ws.send_json({"type": "rematch"})
            b.ws.send_json({"type": "rematch"})
            mine = a.until(lambda m: m["type"] == "rematch")
            theirs = b.until(lambda m: m["type"] == "rematch")
        assert mine["id"] == theirs["id"] and (mine["seat"], theirs["seat"]) == (1, 0)
        new = client.get(f"/api/matches/{mine['id']}").json()
        assert [s["name"] for s in new["seats"]] == [None, "Anna"]
