"""Accounts: registering, sessions, CSRF, login limits, seats that belong to an account,
profiles, ratings and leaderboards (HTTP API and the play socket)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from conftest import database_at
from starlette.websockets import WebSocketDisconnect

from mezquita.games.cordoba import CordobaGame
from mezquita.server import accounts
from mezquita.server.accounts import SESSION_COOKIE, clean_account_name
from mezquita.server.errors import MatchError
from mezquita.server.limits import LIMITS
from mezquita.server.store import Store

GOOD = "correct horse battery"
HOST = "testserver.local"  # where the test client keeps the cookies the server sets


def register(client, name: str, password: str = GOOD) -> dict:
    """Register ``name`` on ``client`` (whose cookie jar then holds its session)."""
    client.cookies.clear()
    answer = client.post("/api/accounts", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    return {"csrf": answer.json()["csrf"], "cookie": client.cookies[SESSION_COOKIE]}


def use(client, who: dict | None) -> dict:
    """Make ``client`` the browser of ``who`` (a `register` answer; ``None``: a guest); the
    headers its page would send."""
    client.cookies.clear()
    if who is None:
        return {}
    client.cookies.set(SESSION_COOKIE, who["cookie"], domain=HOST)
    return {"x-csrf": who["csrf"]}


def count(db_url: str, table: str) -> int:
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        return db.execute(f"select count(*) from {table}").fetchone()[0]


# -- registering and sessions --------------------------------------------------------------
def test_register_gives_an_httponly_samesite_session_and_logout_revokes_it(client):
    answer = client.post("/api/accounts", json={"name": "Ana", "password": GOOD})
    assert answer.status_code == 201 and answer.json()["name"] == "Ana"
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    session = client.cookies[SESSION_COOKIE]
    me = client.get("/api/me").json()
    assert me["name"] == "Ana" and me["csrf"] == answer.json()["csrf"] and me["matches"] == []
    assert client.delete("/api/session", headers={"x-csrf": me["csrf"]}).status_code == 204
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, session, domain=HOST)  # the old cookie, kept by an attacker
    assert client.get("/api/me").status_code == 401


def test_login_makes_a_new_session_and_ends_the_one_the_browser_had(client):
    ana = register(client, "Ana")
    use(client, None)
    client.cookies.set(SESSION_COOKIE, "planted-by-an-attacker", domain=HOST)  # fixation attempt
    answer = client.post("/api/session", json={"name": "ana", "password": GOOD})
    assert answer.status_code == 200 and answer.json()["name"] == "Ana"
    fresh = client.cookies[SESSION_COOKIE]
    assert fresh not in ("planted-by-an-attacker", ana["cookie"])
    headers = {"x-csrf": answer.json()["csrf"]}
    again = client.post("/api/session", json={"name": "Ana", "password": GOOD}, headers=headers)
    assert again.status_code == 200 and client.cookies[SESSION_COOKIE] != fresh
    use(client, {"cookie": fresh, "csrf": ""})
    assert client.get("/api/me").status_code == 401  # replaced at the second login
    use(client, ana)
    assert client.get("/api/me").status_code == 200  # another browser's session stays


@pytest.mark.parametrize("body, why", [
    ({"name": "ab", "password": GOOD}, "3 to 24"),
    ({"name": "a" * 25, "password": GOOD}, "3 to 24"),
    ({"name": "   ", "password": GOOD}, "3 to 24"),
    ({"name": "Ana\x00b", "password": GOOD}, "U+0000"),
    ({"name": "Ana\u200bb", "password": GOOD}, "U+200B"),  # Cf: zero-width space
    ({"name": "Ana\u2028b", "password": GOOD}, "U+2028"),  # Zl
    ({"name": "Ana\u2029b", "password": GOOD}, "U+2029"),  # Zp
    ({"name": "Ana\ue000", "password": GOOD}, "U+E000"),  # Co: private use
    ({"name": "Ana\u0378", "password": GOOD}, "U+0378"),  # Cn: unassigned
    ({"name": "Ana\tb", "password": GOOD}, "U+0009"),
    ({"name": "bot:hard", "password": GOOD}, "bots"),
    ({"name": "BOT:Hard", "password": GOOD}, "bots"),
    ({"name": "Ana", "password": "short"}, "8 to 128"),
    ({"name": "Ana", "password": "x" * 129}, "8 to 128"),
    ({"name": 7, "password": GOOD}, None),
    ({"name": "Ana", "password": None}, None),
    ({"name": "Ana"}, None),
    ({"name": "Ana", "password": GOOD, "admin": True}, None),
    ({"name": "x" * 201, "password": GOOD}, None),
])
def test_every_bad_field_of_a_registration_is_refused_and_nothing_is_made(client, db_url,
                                                                          body, why):
    answer = client.post("/api/accounts", json=body)
    assert answer.status_code == 422
    if why is not None:
        assert why in answer.json()["detail"]
    assert SESSION_COOKIE not in client.cookies
    assert count(db_url, "accounts") == 0 and count(db_url, "sessions") == 0


def test_names_are_unique_after_nfkc_and_case_folding(client, db_url):
    register(client, "  Ana   María ")
    assert client.get("/api/me").json()["name"] == "Ana María"
    for taken in ("ana maría", "ANA MARÍA", "Ａｎａ Ｍａｒíａ", "Ana Mari\u0301a"):
        use(client, None)
        answer = client.post("/api/accounts", json={"name": taken, "password": GOOD})
        assert answer.status_code == 409, taken
    assert count(db_url, "accounts") == 1
    assert clean_account_name("ﬁlo")[1] == clean_account_name("FILO")[1]
    with pytest.raises(MatchError):
        clean_account_name("Ana\u200d")


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_after_the_same_work(
        client, monkeypatch):
    register(client, "Ana")
    use(client, None)
    checks, real = [], accounts._hasher

    class Counting:
        def hash(self, password: str) -> str:
            return real.hash(password)

        def verify(self, stored: str, password: str) -> bool:
            checks.append(stored)
            return real.verify(stored, password)

    monkeypatch.setattr(accounts, "_hasher", Counting())
    answers, seconds = [], []
    for name in ("Ana", "Nobody") * 4:  # 8 failures: under the limit of 10 per address
        started = time.perf_counter()
        answers.append(client.post("/api/session", json={"name": name, "password": "wrong pass"}))
        seconds.append(time.perf_counter() - started)
    assert {a.status_code for a in answers} == {401}
    assert len({a.text for a in answers}) == 1
    assert len(checks) == 8 and all(c.startswith("$argon2id$") for c in checks)
    wrong, unknown = min(seconds[0::2]), min(seconds[1::2])
    # both hash once (argon2id, tens of ms); the bounds leave room for a loaded machine
    assert 1 / 3 < wrong / unknown < 3, seconds


def test_logins_are_limited_per_name_and_per_address(client):
    register(client, "Ana")
    use(client, None)
    now = time.monotonic()
    client.app.state.hub.limiter.clock = lambda: now  # slow hashing refills no budget meanwhile
    for _ in range(int(LIMITS["login", "group"].count)):
        assert client.post("/api/session", json={"name": "Ana", "password": "wrong pass"}
                           ).status_code == 401
    refused = client.post("/api/session", json={"name": "Ana", "password": GOOD})
    assert refused.status_code == 429 and SESSION_COOKIE not in client.cookies
    # the address is at its limit as well: another name from it waits too
    assert client.post("/api/session", json={"name": "Bea", "password": GOOD}).status_code == 429


def test_a_changed_password_ends_every_session_and_the_old_password(client):
    first = register(client, "Ana")
    headers = use(client, None)
    second = client.post("/api/session", json={"name": "Ana", "password": GOOD})
    headers = {"x-csrf": second.json()["csrf"]}
    for body, code in (({"password": "wrong pass", "new_password": "another good one"}, 403),
                       ({"password": GOOD, "new_password": "short"}, 422),
                       ({"password": GOOD}, 422)):
        assert client.put("/api/me/password", json=body, headers=headers).status_code == code
    changed = client.put("/api/me/password", headers=headers,
                         json={"password": GOOD, "new_password": "another good one"})
    assert changed.status_code == 200
    assert client.get("/api/me").status_code == 200  # this browser: a new session
    use(client, first)
    assert client.get("/api/me").status_code == 401  # the other browser is logged out
    assert client.post("/api/session", json={"name": "Ana", "password": GOOD}).status_code == 401
    assert client.post("/api/session", json={"name": "Ana", "password": "another good one"}
                       ).status_code == 200


# -- CSRF ---------------------------------------------------------------------------------
def test_a_change_made_with_the_cookie_needs_the_csrf_token_and_our_origin(client, db_url):
    ana = register(client, "Ana")
    body = {"game": "cordoba", "seats": ["human", "random"]}
    for headers in ({}, {"x-csrf": "guess"}, {"x-csrf": ana["csrf"], "origin": "https://evil.example"}):
        answer = client.post("/api/matches", json=body, headers=headers)
        assert answer.status_code == 403 and "CSRF" in answer.json()["detail"]
        assert client.delete("/api/session", headers=headers).status_code == 403
    assert count(db_url, "matches") == 0 and client.get("/api/me").status_code == 200
    assert client.post("/api/matches", json=body, headers={"x-csrf": ana["csrf"],
                                                            "origin": "http://testserver"}
                       ).status_code == 201
    use(client, None)  # scripts and bots: no cookie, no CSRF token needed
    assert client.post("/api/matches", json=body).status_code == 201


# -- seats that belong to an account --------------------------------------------------------
def test_an_accounts_seat_follows_it_and_a_guest_token_cannot_act_for_it(client, connect):
    ana, bea = register(client, "Ana"), register(client, "Bea")
    headers = use(client, ana)
    made = client.post("/api/matches", headers=headers,
                       json={"game": "cordoba", "seats": ["human", "human"]}).json()
    mine, invite = made["seats"][0]["token"], made["seats"][1]["invite"]
    headers = use(client, bea)
    claimed = client.post(f"/api/matches/{made['id']}/claim", headers=headers,
                          json={"invite": invite, "name": "ignored"}).json()
    assert client.get(f"/api/matches/{made['id']}/my-seat").json() == [
        {"seat": 1, "token": claimed["token"]}]
    assert [m["id"] for m in client.get("/api/me").json()["matches"]] == [made["id"]]
    use(client, ana)  # another browser of Ana's gets her seat from the server
    assert client.get(f"/api/matches/{made['id']}/my-seat").json() == [{"seat": 0, "token": mine}]
    assert client.get("/api/me").json()["name"] == "Ana"  # only her own
    info = client.get(f"/api/matches/{made['id']}").json()
    assert [s["name"] for s in info["seats"]] == ["Ana", "Bea"]
    use(client, None)  # a guest holding Ana's token (a leaked link) is refused
    assert client.get(f"/api/matches/{made['id']}/my-seat").status_code == 401
    with connect(made["id"]) as sock:
        sock.ws.send_json({"type": "hello", "token": mine})
        refused = sock.ws.receive_json()
        assert refused["code"] == "account_seat"
        with pytest.raises(WebSocketDisconnect):
            sock.ws.receive_json()
    use(client, bea)  # nor may Bea's session play Ana's seat
    with connect(made["id"]) as sock:
        sock.ws.send_json({"type": "hello", "token": mine})
        assert sock.ws.receive_json()["code"] == "account_seat"
    use(client, ana)
    with connect(made["id"]) as sock:
        assert sock.hello(mine)["you"] == 0
        sock.ws.send_json({"type": "name", "name": "Impostor"})
        assert "account's name" in sock.until(lambda m: m["type"] == "error")["message"]
    assert [s["name"] for s in client.get(f"/api/matches/{made['id']}").json()["seats"]] == [
        "Ana", "Bea"]


# -- ratings, profiles, leaderboards --------------------------------------------------------
def test_a_finished_match_rates_the_account_and_the_bot_level_once(client, connect, db_url):
    ana = register(client, "Ana")
    headers = use(client, ana)
    made = client.post("/api/matches", headers=headers,
                       json={"game": "cordoba", "seats": ["human", "random"]}).json()
    with connect(made["id"]) as sock:
        end = sock.play_out(sock.hello(made["seats"][0]["token"]))
        sock.ws.send_json({"type": "rematch"})
        rematch = sock.until(lambda m: m["type"] == "rematch")
    # the rematch's seat is Ana's account's too: any of her browsers gets it
    assert client.get(f"/api/matches/{rematch['id']}/my-seat").json() == [
        {"seat": 1, "token": rematch["token"]}]
    returns = end["match"]["result"]["returns"] if end["match"]["result"] else None
    profile = client.get("/api/players/ana").json()
    assert profile["name"] == "Ana" and not profile["bot"]
    [rating] = profile["ratings"]
    assert (rating["game"], rating["players"], rating["games"]) == ("cordoba", "2", 1)
    assert rating["provisional"] and rating["sigma"] < 8.34
    [past] = profile["history"]
    assert past["id"] == made["id"] and past["replay"] == f"/match/{made['id']}"
    assert past["rated"] and past["rating_change"] is not None
    if returns:
        assert past["outcome"] == ("won" if returns[0] > returns[1] else
                                   "lost" if returns[0] < returns[1] else "draw")
        assert rating["wins"] == (past["outcome"] == "won")
    bot = client.get("/api/players/bot:random").json()
    assert bot["bot"] and bot["ratings"][0]["games"] == 1
    board = client.get("/api/leaderboard/cordoba").json()
    assert {r["name"] for r in board["rows"]} == {"Ana", "bot:random"}
    assert [r["rank"] for r in board["rows"]] == [1, 2]
    assert board["rows"][0]["rating"] >= board["rows"][1]["rating"]
    # a second attempt (a restart, another instance) changes nothing
    store = Store(db_url, instance="again")
    with store.engine.begin() as c:
        store._rate(c, made["id"], [1.0, 0.0])
    store.close()
    assert client.get("/api/players/Ana").json()["ratings"] == [rating]
    assert count(db_url, "ratings_applied") == 1


def test_a_bot_levels_rating_starts_anew_when_the_game_changes_what_the_level_plays(
        client, connect, monkeypatch):
    headers = use(client, register(client, "Ana"))

    def play_easy() -> None:
        made = client.post("/api/matches", headers=headers,
                           json={"game": "cordoba", "seats": ["human", "easy"]}).json()
        with connect(made["id"]) as sock:
            sock.play_out(sock.hello(made["seats"][0]["token"]))

    def games(name: str) -> int:
        [rating] = client.get(f"/api/players/{name}").json()["ratings"]
        return rating["games"]

    play_easy()
    play_easy()
    assert (games("bot:easy"), games("Ana")) == (2, 2)
    monkeypatch.setattr(CordobaGame, "levels", {**CordobaGame.levels, "easy": "heuristic-30"})
    play_easy()  # Easy plays another agent now: its rating earned by the old one is dropped
    assert (games("bot:easy"), games("Ana")) == (1, 3)
    play_easy()
    assert (games("bot:easy"), games("Ana")) == (2, 4)


def test_a_client_cannot_trigger_a_rating_and_guests_matches_are_not_rated(
        client, connect, create, db_url):
    made = create(["human", "random"])
    with connect(made["id"]) as sock:
        sock.play_out(sock.hello(made["seats"][0]["token"]))
    assert count(db_url, "ratings_applied") == 0 and count(db_url, "ratings") == 0
    for method, path in (("post", "/api/players/bot:random"), ("put", "/api/leaderboard/cordoba"),
                         ("post", f"/api/matches/{made['id']}/rate")):
        assert getattr(client, method)(path, json={}).status_code in (404, 405)
    assert count(db_url, "ratings") == 0


def test_a_match_is_rated_only_when_every_human_seat_is_an_account_once():
    from mezquita.server.ratings import is_rated

    assert is_rated(["human", "random"], [1, None], False)
    assert not is_rated(["human", "human"], [1, None], False)  # a guest sits
    assert not is_rated(["human", "human"], [1, 1], False)  # one account, two seats
    assert not is_rated(["human", "random"], [1, None], True)  # practice
    assert not is_rated(["random", "random"], [None, None], False)  # bots only


def test_profiles_and_leaderboards_refuse_bad_input(client):
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/players/bot:nobody").status_code == 404
    assert client.get("/api/players/bot:hard").json() == {  # every level has one, rated or not
        "name": "bot:hard", "bot": True, "ratings": [], "history": []}
    assert client.get("/api/players/" + "x" * 300).status_code == 404
    assert client.get("/api/leaderboard/chess").status_code == 404
    assert client.get("/api/leaderboard/cordoba?players=5").status_code == 422
    assert client.get("/api/leaderboard/cordoba?limit=0").status_code == 422
    assert client.get("/api/leaderboard/citadels?players=3%2B").json()["rows"] == []


def test_an_existing_database_keeps_its_matches_after_the_accounts_migration(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    with database_at(url, "0003") as connection:
        connection.execute(sa.text(
            "insert into matches (id, game, options, seed, seats, token_hashes, joined, "
            "turn_seconds, timeout_agent, status, created_at, updated_at, practice) values "
            "('old', 'cordoba', '{}', 1, '[\"random\", \"random\"]', '[null, null]', "
            "'[true, true]', 0, 'random', 'running', '2026-01-01', '2026-01-01', 0)"))
    store = Store(url, instance="new")
    row = store.load("old")
    store.close()
    assert row.status == "running" and row.accounts == [None, None]


def test_limits_count_an_ipv6_household_as_one_address():
    from mezquita.server.limits import address_group

    assert address_group("2001:db8:1:2::5") == address_group("2001:db8:1:2:ffff::1")
    assert address_group("2001:db8:1:3::5") != address_group("2001:db8:1:2::5")
    assert address_group("::ffff:10.0.0.7") == address_group("10.0.0.7") == "10.0.0.7"
    assert address_group("testclient") == "testclient"


def test_sessions_past_their_time_count_for_nothing_and_are_deleted(client, db_url):
    ana = register(client, "Ana")
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        db.execute("update sessions set expires_at = '2020-01-01 00:00:00.000000'")
    assert client.get("/api/me").status_code == 401
    use(client, None)
    assert client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "random"]},
                       headers={"x-csrf": ana["csrf"]}).status_code == 201  # as a guest
    store = Store(db_url, instance="sweep")
    store.end_expired_sessions()
    store.close()
    assert count(db_url, "sessions") == 0


def test_each_seat_names_its_profile_an_accounts_or_a_bot_levels_and_a_guest_none(client):
    """A seat held by an account links to its profile, a bot's seat to its level's profile
    (which exists), a guest's to none: in the match's public facts and in the lobby's list."""
    rosa = register(client, "Rosa")
    made = client.post("/api/matches", headers={"x-csrf": rosa["csrf"]}, json={
        "game": "citadels", "options": {"players": 3}, "seats": ["human", "hard", "human"]}).json()
    public = client.get(f"/api/matches/{made['id']}").json()
    assert [seat["profile"] for seat in public["seats"]] == ["Rosa", "bot:hard", None]
    listed = next(m for m in client.get("/api/matches?status=open").json() if m["id"] == made["id"])
    assert listed["profiles"] == ["Rosa", "bot:hard", None]
    assert client.get("/api/players/bot:hard").status_code == 200
