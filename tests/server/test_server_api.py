"""The HTTP API: games, creating matches (and refusing bad requests), listing, replay, pages."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

import mezquita
from mezquita.server import create_app
from mezquita.server.status import MatchStatus
from mezquita.web import catalogue

STATIC = Path(mezquita.__file__).parent / "web" / "static"


def test_games_lists_every_registered_game_with_its_bots(client):
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == [info.id for info in mezquita.list_games()]
    cordoba = next(g for g in games if g["id"] == "cordoba")
    assert {"random", "heuristic"} <= set(cordoba["agents"])
    assert [o["name"] for o in cordoba["options"]] == ["hand", "landmarks", "match", "cards"]


def test_games_lists_each_games_own_levels_weakest_first(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    six = ["beginner", "novice", "easy", "medium", "hard", "expert"]
    seven = [*six, "master"]
    assert games["europa"]["levels"] == games["europa"]["agents"][:7] == seven
    assert games["citadels"]["levels"] == games["citadels"]["agents"][:6] == six
    assert "master" not in games["citadels"]["agents"]


def test_constants_give_the_page_every_match_status_by_name(client):
    """The page reads the statuses from here (constants.js) and spells none itself."""
    assert client.get("/api/constants").json()["status"] == {
        "OPEN": "open", "RUNNING": "running", "FINISHED": "finished", "EXPIRED": "expired"}
    scripts = "".join((STATIC / "js" / name).read_text() for name in ("lobby.js", "match.js"))
    spelled = "|".join(MatchStatus)
    assert not re.search(rf'[!=]==\s*"({spelled})"|\["({spelled})"|status=({spelled})', scripts)


def test_create_gives_the_creator_one_seat_and_invitations_for_the_others(client, db_url):
    made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "human"],
                                             "options": {"hand": 3}}).json()
    mine, theirs = made["seats"]
    assert mine["token"] and mine["invite"] is None
    assert mine["url"].endswith(f"#seat=0&token={mine['token']}")
    assert theirs["token"] is None and theirs["url"].endswith(f"#invite={theirs['invite']}")
    claimed = client.post(f"/api/matches/{made['id']}/claim", json={"invite": theirs["invite"]})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    token = claimed.json()["token"]
    assert token not in (mine["token"], theirs["invite"])
    again = client.post(f"/api/matches/{made['id']}/claim", json={"invite": theirs["invite"]})
    assert again.status_code == 409 and "used already" in again.json()["detail"]
    listed = client.get("/api/matches").text + client.get(f"/api/matches/{made['id']}").text
    raw = Path(db_url.removeprefix("sqlite:///")).read_bytes()
    for secret in (mine["token"], theirs["invite"], token):
        assert secret not in listed
        assert secret.encode() not in raw
    info = client.get(f"/api/matches/{made['id']}").json()
    assert info["status"] == "open" and info["options"]["hand"] == 3


def test_the_creator_cannot_take_the_claimed_seat(client, connect):
    made = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "human"]}).json()
    invite = made["seats"][1]["invite"]
    token = client.post(f"/api/matches/{made['id']}/claim", json={"invite": invite}).json()["token"]
    with connect(made["id"]) as sock:  # the creator's token is seat 0's, never seat 1's
        assert sock.hello(made["seats"][0]["token"])["you"] == 0
    with connect(made["id"]) as sock:  # the invitation itself is no token
        assert sock.hello(invite)["code"] == "bad_token"
    with connect(made["id"]) as first, connect(made["id"]) as second:  # the claimant twice
        assert first.hello(token)["you"] == 1 and second.hello(token)["you"] == 1


def test_the_server_deals_seeds_except_in_practice_matches(client):
    seeded = {"game": "cordoba", "seats": ["human", "random"], "seed": 5}
    refused = client.post("/api/matches", json=seeded)
    assert refused.status_code == 422 and "practice" in refused.json()["detail"]
    practice = client.post("/api/matches", json={**seeded, "practice": True}).json()
    info = client.get(f"/api/matches/{practice['id']}").json()
    assert info["practice"] is True and info["seed"] == 5  # shown to every seat
    rated = client.post("/api/matches", json={"game": "cordoba", "seats": ["human", "random"]})
    assert client.get(f"/api/matches/{rated.json()['id']}").json()["seed"] is None


def test_a_guided_match_sends_its_seat_the_guides_notes_and_pointer(client, connect):
    setup = next(g for g in client.get("/api/games").json() if g["id"] == "cordoba")["guide"]
    assert setup["players"] == 2 and setup["bot"] == "easy"
    body = {"game": "cordoba", "options": setup["options"], "seed": setup["seed"],
            "seats": ["human", setup["bot"]], "practice": True}
    refused = client.post("/api/matches", json={**body, "practice": False, "guide": True})
    assert refused.status_code == 422 and "guided" in refused.json()["detail"]
    guided = client.post("/api/matches", json={**body, "guide": True}).json()
    plain = client.post("/api/matches", json=body).json()
    with connect(guided["id"]) as sock:
        update = sock.hello(guided["seats"][0]["token"])
        assert update["match"]["guide"] is True
        assert [n["key"] for n in update["guide"]["notes"]] == ["play"]
        assert update["guide"]["point"] in [a["id"] for a in update["legal"]]
    with connect(plain["id"]) as sock:
        assert sock.hello(plain["seats"][0]["token"])["guide"] is None


def test_bot_seats_get_no_link(create):
    made = create(["human", "random"])
    assert made["seats"][1] == {"seat": 1, "kind": "random", "token": None, "invite": None,
                                "url": None}


@pytest.mark.parametrize("body, fragment", [
    ({"game": "chess", "seats": ["human", "human"]}, "unknown game"),
    ({"game": "cordoba", "seats": ["human"]}, "2 seats"),
    ({"game": "cordoba", "seats": ["human", "grandmaster"]}, "unknown seat kind"),
    ({"game": "citadels", "seats": ["human", "master", "random", "random"]},
     "one of: beginner, novice, easy, medium, hard, expert, random"),
    ({"game": "cordoba", "seats": ["human", "random"], "options": {"hand": 4}}, "hand"),
    ({"game": "cordoba", "seats": ["human", "random"], "options": {"colour": 1}}, "colour"),
    ({"game": "cordoba", "seats": ["human", "human"], "clock": "blitz"}, "unknown clock"),
    ({"game": "cordoba", "seats": ["human", "human"], "clock": {"bank": 10**7, "increment": 0}},
     "bank"),
    ({"game": "cordoba", "seats": ["human", "human"], "clock": {"bank": 0, "increment": 5}},
     "at least 1 s"),
    ({"game": "cordoba", "seats": ["human", "human"], "clock": {"bank": 60, "increment": 0,
                                                                "cap": 30}}, "cap"),
    ({"game": "cordoba", "seats": ["human", "human"], "clock": {"bank": 60}}, "increment"),
    ({"game": "cordoba", "seats": ["human", "random"], "seed": 3}, "practice"),
])
def test_bad_creation_requests_are_refused_with_a_reason(client, body, fragment):
    response = client.post("/api/matches", json=body)
    assert response.status_code == 422
    assert fragment in str(response.json()["detail"])
    assert client.get("/api/matches?status=open,running,finished").json() == []


def test_unknown_fields_and_malformed_json_are_refused(client):
    extra = client.post("/api/matches", json={"game": "cordoba", "seats": ["human"] * 2, "x": 1})
    assert extra.status_code == 422
    broken = client.post("/api/matches", content=b"{not json",
                         headers={"content-type": "application/json"})
    assert broken.status_code == 422


def test_request_bodies_are_bounded(client):
    huge = json.dumps({"game": "cordoba", "seats": ["human", "human"], "pad": "x" * 40_000})
    response = client.post("/api/matches", content=huge,
                           headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_match_creation_is_rate_limited_per_address(db_url):
    from fastapi.testclient import TestClient

    with TestClient(create_app(db_url, bot_pool="thread", create_limit=3)) as client:
        body = {"game": "cordoba", "seats": ["human", "human"]}
        codes = [client.post("/api/matches", json=body).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]


def test_list_filters_by_status(client, create):
    open_match = create(["human", "random"])
    listed = {m["id"]: m for m in client.get("/api/matches").json()}
    assert listed[open_match["id"]]["status"] == "open"
    assert listed[open_match["id"]]["name"] == "Córdoba"
    assert "token" not in json.dumps(listed)
    finished = client.get("/api/matches?status=finished").json()
    assert open_match["id"] not in {m["id"] for m in finished}
    assert client.get("/api/matches?status=bogus").json() == []


def test_replay_only_for_finished_matches(client, create, connect):
    made = create(["human", "random"], seed=5)
    assert client.get(f"/api/matches/{made['id']}/replay").status_code == 409
    with connect(made["id"]) as sock:
        sock.play_out(sock.hello(made["seats"][0]["token"]))
    replay = client.get(f"/api/matches/{made['id']}/replay?lang=de").json()
    frames = replay["frames"]
    assert len(frames) == 21 and frames[-1]["view"]["terminal"]
    assert [f["turn"] for f in frames] == list(range(21))
    assert "legt" in frames[1]["log"][0]["text"]  # German move texts
    first = frames[1]["log"][0]
    assert first["card"] is not None, "a replay of a finished match shows every card"
    assert all(f["view"]["full"] for f in frames), "replays show everything by default"
    record = mezquita.Record.from_json(replay["record"])
    assert record.replay().full_view() == frames[-1]["view"]


def test_unknown_match_is_404(client):
    assert client.get("/api/matches/nope").status_code == 404
    assert client.get("/api/matches/nope/replay").status_code == 404


def test_pages_and_static_client_are_served(client):
    assert "lobby.js" in client.get("/").text
    assert "match.js" in client.get("/match/anything").text
    for path in ("js/match.js", "js/renderers/cordoba.js", "js/renderers/generic.js",
                 "css/style.css"):
        assert client.get(f"/static/{path}").status_code == 200, path
    assert client.get("/api/games/cordoba/data/rules.json").json()["es"]["points"]
    english = client.get("/api/i18n/en").json()
    assert english["game.cordoba.summary"] and english["match.moves"]  # a game's and the page's
    assert client.get("/api/i18n/xx").status_code == 404
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["cortica"]["renderer"] and games["cortica"]["length"]["moves_per_player"] > 0


def test_game_data_files_are_served_but_nothing_else(client):
    names = client.get("/api/games/cordoba/data/texts.json").json()
    assert len(names["landmarks"]) == 7
    assert client.get("/api/games/cordoba/data/rules.py").status_code == 404
    assert client.get("/api/games/cordoba/data/..%2F..%2Fpyproject.json").status_code == 404
    assert client.get("/api/games/chess/data/landmarks.json").status_code == 404


def test_every_translation_has_the_same_keys():
    keys = {lang: set(catalogue(lang))
            for lang in ("en", "es", "ca", "de")}
    assert keys["es"] == keys["en"] == keys["ca"] == keys["de"]


def test_every_rules_summary_speaks_every_language():
    for path in (STATIC.parents[1] / "games").glob("*/data/rules.json"):
        rules = json.loads(path.read_text())
        assert set(rules) == {"en", "es", "ca", "de"}, path.name
        assert len({len(r["points"]) for r in rules.values()}) == 1, path.name


def test_schema_comes_from_the_shipped_migrations(db_url, client):
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        version = db.execute("select version_num from alembic_version").fetchone()
        tables = {r[0] for r in db.execute("select name from sqlite_master where type='table'")}
    assert version == ("0011",)
    assert {"matches", "moves", "accounts", "sessions", "match_players", "ratings",
            "ratings_applied", "open_seats", "queue"} <= tables


def test_pages_carry_security_headers(client):
    for path in ("/", "/api/games", "/static/js/match.js"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_a_client_cannot_make_the_server_read_a_local_card_file(client):
    response = client.post("/api/matches", json={
        "game": "cortica", "options": {"cards": "/etc/passwd"}, "seats": ["human", "random"]})
    assert response.status_code == 422
    assert "command line only" in response.json()["detail"]
    shipped = client.post("/api/matches", json={
        "game": "cortica", "options": {"cards": "reconstruction-v1-untuned"},
        "seats": ["human", "random"]})
    assert shipped.status_code == 201, shipped.text


def test_a_match_serves_its_games_page_data_in_each_language(client, create):
    made = create(["human", "random"], game="cortica")
    spanish = client.get(f"/api/matches/{made['id']}/page-data", params={"lang": "es"}).json()
    game = mezquita.load("cortica")
    assert spanish == game.page_data("es") and spanish["goal"] == 6
    assert client.get(f"/api/matches/{made['id']}/page-data", params={"lang": "xx"}).json() == \
        game.page_data("en")  # an unknown language falls back to English, as everywhere
    cordoba = create(["human", "random"])
    assert client.get(f"/api/matches/{cordoba['id']}/page-data").json() == {}
    assert client.get("/api/matches/nope/page-data").status_code == 404


def test_a_games_reference_follows_its_language_and_options(client):
    answer = client.get("/api/games/citadels/reference",
                        params={"lang": "de", "players": 5, "characters": "witch", "dark_city": "all"})
    assert answer.status_code == 200 and "max-age" in answer.headers["cache-control"]
    game = mezquita.load("citadels", players=5, characters=("witch",), dark_city=("all",))
    assert answer.json() == game.reference("de")
    assert client.get("/api/games/cortica/reference").json() == mezquita.load("cortica").reference("en")


def test_a_matchs_reference_is_its_games_for_its_options(client, create):
    made = create(["human", "random"], options={"landmarks": 5})
    spanish = client.get(f"/api/matches/{made['id']}/reference", params={"lang": "es"})
    assert spanish.json() == mezquita.load("cordoba", landmarks=5).reference("es")
    assert client.get("/api/matches/nope/reference").status_code == 404
    assert client.get(f"/api/matches/{made['id']}/reference", params={"lang": "fr"}).status_code == 422


@pytest.mark.parametrize(("path", "status", "says"), [
    ("/api/games/chess/reference", 404, "chess"),
    ("/api/games/citadels/reference?lang=xx", 422, "xx"),
    ("/api/games/citadels/reference?colour=red", 422, "colour"),
    ("/api/games/citadels/reference?players=nine", 422, "players"),
    ("/api/games/cortica/reference?cards=/etc/passwd", 422, "cards"),
])
def test_a_reference_refuses_bad_input_clearly(client, path, status, says):
    answer = client.get(path)
    assert answer.status_code == status and says in answer.json()["detail"]
