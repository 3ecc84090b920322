"""Leaving well: resigning (two players: a loss; more: a bot takes the seat), seats out of
time, and clocks with a time bank and an increment that survive restarts."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from conftest import TEST_SETTINGS
from fastapi.testclient import TestClient
from server_players import Player, claimed_match
from sqlalchemy import create_engine, update

from mezquita.server import create_app
from mezquita.server.clocks import PRESETS, Clocks, choose
from mezquita.server.errors import MatchError
from mezquita.server.launch import ServerProcess
from mezquita.server.leaving import replacement
from mezquita.server.limits import Settings
from mezquita.server.models import matches, moves
from mezquita.server.ratings import placings

SMALL = {"hand": 3}
CITADELS_4 = {"players": 4}


# -- clock arithmetic -----------------------------------------------------------------------
def test_the_bank_runs_down_while_to_move_and_gets_the_increment_up_to_the_cap():
    clocks = Clocks({"type": "custom", "bank": 60, "increment": 10, "cap": 65, "grace": 5}, 2)
    timed = [True, True]
    clocks.run([0], timed, at=100.0)
    assert clocks.since == [100.0, None]
    assert clocks.left(0, 130.0) == 30.0 and clocks.left(1, 130.0) == 60.0
    assert clocks.deadline(0) == 100.0 + 60 + 5 and clocks.deadline(1) is None
    clocks.moved(0, 130.0)  # 30 s spent, 10 s back
    clocks.run([1], timed, 130.0)
    assert clocks.banks[0] == 40.0 and clocks.since == [None, 130.0]
    clocks.moved(1, 131.0)  # 1 s spent: 59 + 10 is over the cap
    clocks.run([0], timed, 131.0)
    assert clocks.banks[1] == 65.0
    clocks.moved(0, 200.0)  # 69 s with 40 in the bank: empty, then the increment
    assert clocks.banks[0] == 10.0


def test_a_seat_no_longer_to_move_stops_without_increment_and_untimed_seats_never_run():
    clocks = Clocks(PRESETS["quick"].to_json("quick"), 3)
    clocks.run([0, 1, 2], [True, True, False], at=0.0)  # a simultaneous phase; seat 2 a bot
    assert clocks.since == [0.0, 0.0, None]
    clocks.run([1], [True, True, False], at=20.0)
    assert clocks.banks[0] == 160.0 and clocks.since == [None, 0.0, None]
    assert clocks.view(1) == {"bank": 180.0, "since": 0.0, "deadline": 200.0}


def test_the_clock_is_on_by_default_whenever_two_humans_sit():
    assert choose(None, ["human", "human"]) == {"type": "live", **PRESETS["live"].__dict__}
    assert choose(None, ["human", "hard"]) is None
    assert choose("off", ["human", "human"]) is None
    assert choose("slow", ["human", "easy"])["bank"] == 86400
    assert choose({"bank": 30, "increment": 2}, ["human", "human"]) == {
        "type": "custom", "bank": 30, "increment": 2, "cap": 30, "grace": 0}
    for bad in ("blitz", {"bank": 30}, {"bank": 30, "increment": 2, "x": 1},
                {"bank": -1, "increment": 0}, {"bank": 30, "increment": 2.5}, ["live"]):
        with pytest.raises(MatchError):
            choose(bad, ["human", "human"])


def test_the_replacement_is_the_strongest_level_at_the_table_and_leavers_place_last():
    four = ["easy", "medium", "hard", "expert"]
    assert replacement(["human", "easy", "hard", "human"], four) == "hard"
    assert replacement(["human", "human", "random"], four) == "medium"
    seven = ["beginner", "novice", *four, "master"]
    assert replacement(["human", "master", "expert", "human"], seven) == "master"
    assert replacement(["human", "novice", "beginner"], seven) == "novice"
    assert placings([1.0, 0.0, 0.0], [None, None, None]) == [0, 1, 1]
    # the leaver won on the board but places after everybody who stayed
    assert placings([0.0, 1.0, 0.0], [None, "resigned", None]) == [0, 1, 0]


# -- resigning ------------------------------------------------------------------------------
def test_resigning_two_players_ends_the_match_once_and_the_record_still_replays(
        client, create, seated_pair):
    made = create(["human", "human"], options=SMALL)
    tokens = [s["token"] for s in made["seats"]]
    with seated_pair(made) as (a, b, running):
        a.act(running["legal"][0]["action"], 0)
        b.until(lambda m: m["turn"] == 1)
        first = client.post(f"/api/matches/{made['id']}/resign", json={"token": tokens[1]})
        assert first.status_code == 200, first.text
        assert first.json() == {"seat": 1, "why": "resigned", "status": "finished", "bot": None,
                                "lost": True}
        over = a.until(lambda m: m["match"]["status"] == "finished")
        again = client.post(f"/api/matches/{made['id']}/resign", json={"token": tokens[1]})
        assert again.status_code == 200 and again.json() == first.json()
        other = client.post(f"/api/matches/{made['id']}/resign", json={"token": tokens[0]})
        assert other.status_code == 409 and "over" in other.json()["detail"]
        a.act(running["legal"][0]["action"], 1)
        assert a.until(lambda m: m.get("type") == "error")["code"] == "refused"
    result = over["match"]["result"]
    assert result["returns"] == [1.0, 0.0] and result["left"] == [None, "resigned"]
    assert over["match"]["seats"][1]["left"] == {"why": "resigned", "turn": 1,
                                                 "events": len(over["log"]), "bot": None}
    assert over["legal"] == []
    info = client.get(f"/api/matches/{made['id']}").json()
    assert info["result"] == result and info["seats"][1]["kind"] == "human"
    replay = client.get(f"/api/matches/{made['id']}/replay").json()
    assert len(replay["record"]["actions"]) == 1 and len(replay["frames"]) == 2
    assert replay["match"]["seats"][1]["left"]["why"] == "resigned"
    listed = client.get("/api/matches?status=finished").json()[0]
    assert listed["winners"] == [0] and listed["left"][1]["why"] == "resigned"


@contextmanager
def second_resigns(client, create, connect, seats: list[str], **fields):
    """Two people and bots at a table; once it runs, the second person resigns: yields the
    match as made, the seat tokens, the resignation's answer and both people's sockets."""
    made = create(seats, **fields)
    tokens = [s["token"] for s in made["seats"]]
    with connect(made["id"]) as a, connect(made["id"]) as b:
        a.hello(tokens[0])
        b.hello(tokens[1])
        a.until(lambda m: m["match"]["status"] == "running")
        answer = client.post(f"/api/matches/{made['id']}/resign", json={"token": tokens[1]})
        yield made, tokens, answer, a, b


def test_resigning_at_four_passes_the_seat_to_the_strongest_bot_and_play_goes_on(
        client, create, connect):
    with second_resigns(client, create, connect, ["human", "human", "easy", "hard"],
                        game="citadels", options=CITADELS_4) as (made, tokens, answer, a, b):
        assert answer.json() == {"seat": 1, "why": "resigned", "status": "running", "bot": "hard",
                                 "lost": False}
        marked = b.until(lambda m: m["match"]["seats"][1]["kind"] == "hard")
        assert marked["match"]["seats"][1]["left"]["why"] == "resigned" and marked["legal"] == []
        assert marked["you"] is None and marked["view"]["seat"] is None  # a spectator's view:
        assert "hand" not in marked["view"] or marked["view"]["hand"] is None  # not the bot's cards
        again = client.post(f"/api/matches/{made['id']}/resign", json={"token": tokens[1]})
        assert again.json() == answer.json()
        b.ws.send_json({"type": "name", "name": "Someone else"})
        assert "left" in b.until(lambda m: m.get("type") == "error")["message"]
        at = marked["match"]["seats"][1]["left"]["turn"]
        by_bot = lambda m: any(e["seat"] == 1 and e["turn"] >= at and e["by"] == "bot"  # noqa: E731
                               for e in m["log"])
        for _ in range(100):  # seat 0 plays on until the bot has moved for seat 1
            message = a.until(lambda m: m["type"] == "update")
            if by_bot(message):
                break
            if message["legal"]:
                a.act(message["legal"][0]["action"], message["turn"])
            a.receive()
        assert by_bot(a.last) and a.last["match"]["status"] == "running"
    stored = client.get(f"/api/matches/{made['id']}").json()
    assert [s["kind"] for s in stored["seats"]] == ["human", "hard", "easy", "hard"]


def test_a_leaver_of_a_game_with_seven_levels_gets_the_strongest_seated_even_above_expert(
        client, create, connect):
    with second_resigns(client, create, connect, ["human", "human", "expert", "master"],
                        game="europa", options={"players": 4}) as (_, _, answer, _, _):
        assert answer.json()["bot"] == "master"


def test_resigning_over_the_socket_and_refusals_that_change_nothing(client, create, connect):
    made = create(["human", "human"], options=SMALL)
    tokens = [s["token"] for s in made["seats"]]
    url = f"/api/matches/{made['id']}/resign"
    with connect(made["id"]) as a:
        a.hello(tokens[0])
        early = client.post(url, json={"token": tokens[0]})  # seat 1 has not joined yet
        assert early.status_code == 409 and "not started" in early.json()["detail"]
        with connect(made["id"]) as b, connect(made["id"]) as watcher:
            b.hello(tokens[1])
            watcher.hello()
            a.until(lambda m: m["match"]["status"] == "running")
            assert client.post(url, json={"token": "x" * 32}).status_code == 403
            assert client.post(url, json={}).status_code == 422
            assert client.post(url, json={"token": tokens[0], "seat": 1}).status_code == 422
            assert client.post("/api/matches/nope/resign",
                               json={"token": tokens[0]}).status_code == 404
            watcher.ws.send_json({"type": "resign"})
            assert watcher.until(lambda m: m.get("type") == "error")["code"] == "spectator"
            info = client.get(f"/api/matches/{made['id']}").json()
            assert info["status"] == "running" and [s["left"] for s in info["seats"]] == [None] * 2
            b.ws.send_json({"type": "resign"})
            over = a.until(lambda m: m["match"]["status"] == "finished")
    assert over["match"]["result"]["returns"] == [1.0, 0.0]


# -- out of time ------------------------------------------------------------------------------
def test_two_players_a_seat_out_of_time_and_grace_loses_on_time(client, create, seated_pair):
    made = create(["human", "human"], options=SMALL,
                  clock={"bank": 1, "increment": 0, "grace": 1})
    with seated_pair(made) as (a, _b, running):
        clock = running["match"]["seats"][0]["clock"]
        assert clock["since"] == pytest.approx(running["server_time"], abs=1)
        assert clock["deadline"] == pytest.approx(clock["since"] + 2)
        assert running["match"]["seats"][1]["clock"]["since"] is None  # not to move
        started = time.monotonic()
        over = a.until(lambda m: m["match"]["status"] == "finished")
    assert 1.5 < time.monotonic() - started < 6
    assert over["match"]["result"]["returns"] == [0.0, 1.0]
    assert over["match"]["seats"][0]["left"] == {"why": "absent", "turn": 0,
                                                 "events": len(over["log"]), "bot": None}


def test_more_players_a_seat_out_of_time_passes_to_a_bot(client, create, connect):
    made = create(["human", "easy", "easy", "easy"], game="citadels", options=CITADELS_4,
                  clock={"bank": 1, "increment": 0})
    with connect(made["id"]) as a:
        a.hello(made["seats"][0]["token"])
        replaced = a.until(lambda m: m["match"]["seats"][0]["kind"] != "human")
    assert replaced["match"]["seats"][0]["kind"] == "easy"
    assert replaced["match"]["seats"][0]["left"]["why"] == "absent"
    assert replaced["match"]["status"] == "running" and replaced["legal"] == []


def test_a_move_in_time_gives_the_increment_and_keeps_the_seat(client, create, seated_pair):
    made = create(["human", "human"], options=SMALL, clock={"bank": 30, "increment": 5,
                                                            "cap": 60})
    with seated_pair(made) as (a, b, running):
        a.act(running["legal"][0]["action"], 0)
        moved = b.until(lambda m: m["turn"] == 1)
    clocks = [s["clock"] for s in moved["match"]["seats"]]
    assert 34 < clocks[0]["bank"] <= 35 and clocks[0]["since"] is None
    assert clocks[1]["bank"] == 30 and clocks[1]["since"] is not None


# -- restarts and upgrades ------------------------------------------------------------------
def test_kill_9_and_restart_continue_every_clock_from_its_stored_bank(tmp_path):
    db = f"sqlite:///{tmp_path / 'mezquita.sqlite3'}"
    server = ServerProcess(db, log=tmp_path / "server.log").start()
    stack = ExitStack()
    try:
        made = claimed_match(server, {"game": "cordoba", "seats": ["human", "human"],
                                      "options": SMALL})
        tokens = [s["token"] for s in made["seats"]]
        players = [Player(stack, server, made["id"], t) for t in tokens]
        for turn in range(3):
            me = players[turn % 2]
            message = me.until(lambda m, turn=turn: m["turn"] == turn
                               and m["match"]["status"] == "running")
            time.sleep(0.3)  # some thinking time on each clock
            me.ws.send(json.dumps({"type": "act", "action": message["legal"][0]["action"],
                                   "turn": turn}))
        before = players[0].until(lambda m: m["turn"] == 3)["match"]
        server.kill()
    finally:
        server.kill()
        stack.close()
    assert before["clock"]["type"] == "live"
    restarted = ServerProcess(db, port=server.port, log=tmp_path / "server.log").start()
    stack = ExitStack()
    try:
        after = Player(stack, restarted, made["id"], tokens[0]).last["match"]
    finally:
        stack.close()
        restarted.stop()
    for old, new in zip(before["seats"], after["seats"]):
        assert new["clock"]["bank"] == pytest.approx(old["clock"]["bank"], abs=0.2)
        if old["clock"]["since"] is None:
            assert new["clock"]["since"] is None
        else:  # the turn started before the kill: it still runs from then
            assert new["clock"]["since"] == pytest.approx(old["clock"]["since"], abs=0.2)


def test_a_clock_that_ran_out_while_the_server_was_down_ends_the_match_at_restart(db_url):
    settings = Settings(**TEST_SETTINGS)
    with TestClient(create_app(db_url, bot_pool="thread", settings=settings)) as client:
        made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "random"],
                                                 "clock": "slow"}).json()
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            first = ws.receive_json()
        assert first["match"]["seats"][0]["clock"]["deadline"] == pytest.approx(
            first["server_time"] + 86400 + 6 * 3600, abs=5)
    # 31 hours pass while the server is down: the day's bank and 6 hours' grace ran out
    engine = create_engine(db_url)
    past = datetime.now(UTC) - timedelta(hours=31)
    with engine.begin() as c:
        c.execute(update(matches).where(matches.c.id == made["id"]).values(started_at=past))
        c.execute(update(moves).where(moves.c.match_id == made["id"]).values(at=past))
    engine.dispose()
    with TestClient(create_app(db_url, bot_pool="thread", settings=settings)) as client:
        for _ in range(50):
            info = client.get(f"/api/matches/{made['id']}").json()
            if info["status"] == "finished":
                break
            time.sleep(0.1)
    assert info["result"]["returns"] == [0.0, 1.0] and info["seats"][0]["left"]["why"] == "absent"


def test_a_match_with_a_turn_timer_keeps_working_after_the_upgrade(db_url):
    from alembic import command
    from alembic.config import Config

    from mezquita.server import migrations, store

    with TestClient(create_app(db_url, bot_pool="thread")) as client:
        made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "random"],
                                                 "options": SMALL}).json()
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            message = ws.receive_json()
            ws.send_json({"type": "act", "action": message["legal"][0]["action"], "turn": 0})
            while message["turn"] < 2:  # the bot answered
                message = ws.receive_json()
    engine = store.engine_for(db_url)
    config = Config()
    config.set_main_option("script_location", str(Path(migrations.__file__).parent))
    with engine.begin() as c:  # the database as it was before: a 45 s turn timer
        config.attributes["connection"] = c
        command.downgrade(config, "0003")
        c.exec_driver_sql("UPDATE matches SET turn_seconds = 45")
    with TestClient(create_app(db_url, bot_pool="thread")) as client:
        info = client.get(f"/api/matches/{made['id']}").json()
    assert info["status"] == "running" and info["clock"] == {
        "type": "custom", "bank": 45, "increment": 45, "cap": 45, "grace": 0}
    assert 0 < info["seats"][0]["clock"]["deadline"] - time.time() <= 45
    with engine.connect() as c:
        assert c.exec_driver_sql("SELECT count(*) FROM moves").scalar() == 2  # kept
    engine.dispose()


def test_a_resignation_on_one_instance_reaches_the_instance_running_the_bots(
        postgres_url, tmp_path):
    from test_server_cluster import start

    a, b = start(postgres_url, tmp_path, "a"), start(postgres_url, tmp_path, "b")
    stack = ExitStack()
    try:
        made = claimed_match(a, {"game": "citadels", "options": CITADELS_4,
                                 "seats": ["human", "human", "easy", "easy"]}, claimed_on=b)
        tokens = [s["token"] for s in made["seats"]]
        on_a = Player(stack, a, made["id"], tokens[0])
        Player(stack, b, made["id"], tokens[1])
        on_a.until(lambda m: m["match"]["status"] == "running")
        answer = httpx.post(f"{b.url}/api/matches/{made['id']}/resign", json={"token": tokens[1]})
        assert answer.json()["bot"] == "easy"
        on_a.until(lambda m: m["match"]["seats"][1]["kind"] == "easy")
        again = httpx.post(f"{a.url}/api/matches/{made['id']}/resign", json={"token": tokens[1]})
        assert again.status_code == 200 and again.json() == answer.json()
        for _ in range(200):  # instance a (the owner) plays the seat's bot: play goes on
            message = on_a.until(lambda m: True)
            if any(e["seat"] == 1 and e["by"] == "bot" for e in message["log"]):
                break
            if message["legal"]:
                on_a.play()
            else:
                on_a.until(lambda m, turn=message["turn"]: m["turn"] > turn)
        assert any(e["seat"] == 1 and e["by"] == "bot" for e in on_a.last["log"])
        pair = claimed_match(a, {"game": "cordoba", "seats": ["human", "human"],
                                 "options": SMALL})
        Player(stack, a, pair["id"], pair["seats"][0]["token"])
        away = Player(stack, b, pair["id"], pair["seats"][1]["token"])  # b does not own it
        seats = away.until(lambda m: m["match"]["status"] == "running")["match"]["seats"]
        assert seats[0]["clock"]["since"] is not None and seats[1]["clock"]["since"] is None
    finally:
        stack.close()
        a.stop()
        b.stop()


# -- ratings --------------------------------------------------------------------------------
def test_an_account_resigns_by_its_session_and_is_rated_last(client, connect):
    from test_server_accounts import register, use

    ana = register(client, "Ana")
    headers = use(client, ana)
    duel = client.post("/api/matches", headers=headers,
                       json={"game": "cordoba", "seats": ["human", "hard"]}).json()
    table = client.post("/api/matches", headers=headers, json={
        "game": "citadels", "seats": ["human", "easy", "easy"],
        "options": {"players": 3, "short": True}}).json()
    for made in (duel, table):
        with connect(made["id"]) as sock:
            sock.hello(made["seats"][0]["token"])
            url = f"/api/matches/{made['id']}/resign"
            assert client.post(url, json={}).status_code == 403  # the cookie needs its CSRF
            answer = client.post(url, json={}, headers=headers)
            assert answer.status_code == 200 and answer.json()["seat"] == 0
    use(client, None)
    assert client.post(f"/api/matches/{duel['id']}/resign", json={}).status_code == 422
    profile = client.get("/api/players/ana").json()
    [past] = [p for p in profile["history"] if p["id"] == duel["id"]]
    assert past["outcome"] == "lost" and past["rated"]
    for _ in range(600):  # the bots play the table to its end
        if client.get(f"/api/matches/{table['id']}").json()["status"] == "finished":
            break
        time.sleep(0.1)
    result = client.get(f"/api/matches/{table['id']}").json()["result"]
    assert result["left"] == ["resigned", None, None]
    profile = client.get("/api/players/ana").json()
    [past] = [p for p in profile["history"] if p["id"] == table["id"]]
    assert past["rated"] and past["rating_change"] < 0
    [three] = [r for r in profile["ratings"] if r["players"] == "3+"]
    assert three["games"] == 1 and three["wins"] == 0
