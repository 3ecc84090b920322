"""Open tables: seats anyone may take, listed in the lobby, first come first served."""

from __future__ import annotations

import threading

import pytest
from conftest import TEST_SETTINGS, Socket

from mezquita.server import create_app
from mezquita.server.limits import Settings
from mezquita.server.store import Store, TableFull


def open_table(client, seats=("human", "open"), game="cordoba", **fields) -> dict:
    answer = client.post("/api/matches", json={"game": game, "seats": list(seats),
                                               "name": "Ana", **fields})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_an_open_seat_has_no_link_and_the_table_is_listed(client):
    made = open_table(client, clock="quick")
    assert [s["kind"] for s in made["seats"]] == ["human", "open"]
    assert made["seats"][0]["token"] and made["seats"][1]["url"] is None
    assert made["seats"][1]["token"] is None and made["seats"][1]["invite"] is None
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [made["id"]]
    table = listed[0]
    assert table["name"] == "Córdoba" and table["clock"]["type"] == "quick" and table["free"] == 1
    assert table["seats"] == [{"kind": "human", "name": "Ana", "open": False, "free": False},
                              {"kind": "human", "name": None, "open": True, "free": True}]
    assert "token_hashes" not in table and "invite_hashes" not in table
    info = client.get(f"/api/matches/{made['id']}").json()
    assert [(s["open"], s["free"]) for s in info["seats"]] == [(False, False), (True, True)]
    assert client.get("/api/constants").json()["seat"] == {"HUMAN": "human", "OPEN": "open"}


def test_a_match_without_open_seats_is_not_a_table(client, create):
    create(["human", "human"])
    create(["human", "easy"])
    assert client.get("/api/tables").json() == []


def test_sitting_gives_a_token_that_plays_and_the_match_starts(client, connect):
    made = open_table(client)
    sat = client.post(f"/api/matches/{made['id']}/sit", json={"name": "Bo"})
    assert sat.status_code == 200, sat.text
    seat = sat.json()
    assert seat["seat"] == 1 and seat["url"] == f"/match/{made['id']}#seat=1&token={seat['token']}"
    assert client.get("/api/tables").json() == []  # full: off the list
    with connect(made["id"]) as a, connect(made["id"]) as b:
        a.hello(made["seats"][0]["token"])
        update = b.hello(seat["token"])
        assert update["you"] == 1
        running = a.until(lambda m: m["match"]["status"] == "running")
        assert [s["name"] for s in running["match"]["seats"]] == ["Ana", "Bo"]
        assert running["match"]["seats"][1]["free"] is False


def test_a_full_table_refuses_and_changes_nothing(client):
    made = open_table(client)
    first = client.post(f"/api/matches/{made['id']}/sit", json={}).json()
    before = client.get(f"/api/matches/{made['id']}").json()
    again = client.post(f"/api/matches/{made['id']}/sit", json={"name": "Late"})
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    assert client.get(f"/api/matches/{made['id']}").json() == before
    assert first["seat"] == 1


@pytest.mark.parametrize(("body", "code", "words"), [
    ({"seat": 0}, 422, "not an open seat"),
    ({"seat": 5}, 422, "not an open seat"),
    ({"seat": -1}, 422, "greater than or equal"),
    ({"seat": "1"}, 422, "integer"),
    ({"seat": True}, 422, "integer"),
    ({"name": "x" * 25}, 422, "at most 24"),
    ({"name": "a\u200bb"}, 422, "control or formatting"),
    ({"other": 1}, 422, "Extra inputs"),
])
def test_bad_sit_requests_are_refused_and_change_nothing(client, body, code, words):
    made = open_table(client)
    before = client.get(f"/api/matches/{made['id']}").json()
    answer = client.post(f"/api/matches/{made['id']}/sit", json=body)
    assert answer.status_code == code
    assert words in str(answer.json()["detail"])
    assert client.get(f"/api/matches/{made['id']}").json() == before
    assert client.get("/api/tables").json()[0]["free"] == 1


def test_sitting_at_no_table_or_a_match_without_open_seats(client, create):
    assert client.post("/api/matches/nope/sit", json={}).status_code == 404
    invited = create(["human", "human"])
    answer = client.post(f"/api/matches/{invited['id']}/sit", json={})
    assert answer.status_code == 422 and "no open seat" in answer.json()["detail"]


def test_a_chosen_open_seat_is_taken_and_a_table_of_three_fills(client):
    made = open_table(client, seats=("open", "human", "open"), game="citadels",
                      options={"players": 3})
    assert made["seats"][1]["token"]  # the creator's seat: the first human one that is not open
    assert client.post(f"/api/matches/{made['id']}/sit", json={"seat": 2}).json()["seat"] == 2
    assert client.get("/api/tables").json()[0]["free"] == 1
    taken = client.post(f"/api/matches/{made['id']}/sit", json={"seat": 2})
    assert taken.status_code == 409
    assert client.post(f"/api/matches/{made['id']}/sit", json={}).json()["seat"] == 0
    assert client.get("/api/tables").json() == []


def test_an_expired_table_takes_nobody(db_url):
    settings = Settings(**TEST_SETTINGS, open_seconds=0.0)
    with app_client(db_url, settings) as client:
        made = open_table(client)
        store: Store = client.app.state.hub.store
        assert store.expire_open(0.0) == [made["id"]]
        with pytest.raises(TableFull, match="no longer open"):
            store.take_seat(made["id"], None, lambda seat: "f" * 64, None)
        assert client.get("/api/tables").json() == []
        answer = client.post(f"/api/matches/{made['id']}/sit", json={})
        assert answer.status_code == 409


def app_client(db_url: str, settings: Settings):
    """A test client of an app on ``db_url`` with ``settings``."""
    from fastapi.testclient import TestClient

    return TestClient(create_app(db_url, bot_pool="thread", settings=settings))


def race_for_the_last_seat(store: Store, match_id: str, sitters: int) -> list:
    """``sitters`` threads call `Store.take_seat` at once; what each got (a seat or `TableFull`)."""
    start = threading.Barrier(sitters)
    results: list = [None] * sitters

    def sit(i: int) -> None:
        start.wait()
        try:
            results[i] = store.take_seat(match_id, None, lambda seat: f"{i:064x}", f"P{i}")[0]
        except TableFull as err:
            results[i] = err

    threads = [threading.Thread(target=sit, args=(i,)) for i in range(sitters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def check_one_winner(client, store: Store, made: dict, results: list) -> None:
    winners = [r for r in results if isinstance(r, int)]
    assert winners == [1], results
    assert all(isinstance(r, TableFull) for r in results if not isinstance(r, int))
    winner = results.index(1)
    head = store.head(made["id"])
    assert head["token_hashes"][1] == f"{winner:064x}" and head["names"][1] == f"P{winner}"


def test_two_sitters_racing_for_the_last_seat_one_wins(client):
    made = open_table(client)
    store: Store = client.app.state.hub.store
    check_one_winner(client, store, made, race_for_the_last_seat(store, made["id"], 2))


def test_eight_sitters_racing_on_postgresql_one_wins(postgres_url):
    with app_client(postgres_url, Settings(**TEST_SETTINGS)) as client:
        made = open_table(client)
        store: Store = client.app.state.hub.store
        other = Store(postgres_url, instance="other")  # a second instance's connections
        try:
            results = race_for_the_last_seat(other, made["id"], 8)
        finally:
            other.close()
        check_one_winner(client, store, made, results)


def test_a_seat_taken_on_another_instance_plays_on_the_first(postgres_url):
    """PostgreSQL, two instances: a table opened on one, taken on the other; the first hears
    of the new seat (its notification) and lets the sitter play there."""
    import time

    with app_client(postgres_url, Settings(**TEST_SETTINGS)) as first, \
            app_client(postgres_url, Settings(**TEST_SETTINGS)) as second:
        made = open_table(first)
        sat = second.post(f"/api/matches/{made['id']}/sit", json={"name": "Bo"})
        assert sat.status_code == 200, sat.text
        match = first.app.state.hub.live(made["id"])
        for _ in range(100):
            if match.row.token_hashes[1] is not None:
                break
            time.sleep(0.05)
        assert match.names()[1] == "Bo"
        assert first.post(f"/api/matches/{made['id']}/sit", json={}).status_code == 409
        with first.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            assert Socket(ws).hello(sat.json()["token"])["you"] == 1


def test_a_database_from_before_open_tables_upgrades_and_keeps_its_matches(db_url):
    """Migration 0006 on a database at 0003 that holds a match: the match plays on."""
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    import mezquita.server.store.db as db

    with app_client(db_url, Settings(**TEST_SETTINGS)) as client:
        made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "easy"]})
        made = made.json()
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent.parent / "migrations"))
    engine = db.engine_for(db_url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0003")
    with engine.connect() as connection:
        tables = set(connection.dialect.get_table_names(connection))
    assert "open_seats" not in tables and "queue" not in tables
    engine.dispose()
    with app_client(db_url, Settings(**TEST_SETTINGS)) as client:
        info = client.get(f"/api/matches/{made['id']}").json()
        assert [s["open"] for s in info["seats"]] == [False, False]
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            assert Socket(ws).hello(made["seats"][0]["token"])["match"]["status"] == "running"
        assert client.get("/api/tables").json() == []


def test_an_account_that_sits_holds_the_seat_under_its_name(client):
    from test_server_accounts import register, use

    ana, bea = register(client, "Ana"), register(client, "Bea")
    made = client.post("/api/matches", headers=use(client, ana),
                       json={"game": "cordoba", "seats": ["human", "open"]}).json()
    assert client.get("/api/tables").json()[0]["seats"][0]["name"] == "Ana"
    headers = use(client, bea)
    assert client.post(f"/api/matches/{made['id']}/sit", json={}).status_code == 403  # no CSRF
    sat = client.post(f"/api/matches/{made['id']}/sit", headers=headers, json={"name": "x"})
    assert sat.status_code == 200, sat.text
    assert client.get(f"/api/matches/{made['id']}/my-seat").json() == [
        {"seat": 1, "token": sat.json()["token"]}]  # the seat follows Bea to another browser
    info = client.get(f"/api/matches/{made['id']}").json()
    assert [s["name"] for s in info["seats"]] == ["Ana", "Bea"]
    assert [m["id"] for m in client.get("/api/me").json()["matches"]] == [made["id"]]
