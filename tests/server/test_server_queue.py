"""Play now: the quick-match queue (pairing, the widening window on a fake clock, bot fill,
leaving, expiry, bounds)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from mezquita.server import matchmaking
from mezquita.server.matchmaking import (
    IDLE_SECONDS,
    Entry,
    Matchmaker,
    groups,
    window,
)

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def entry(name: str, rating: float = 25.0, at: float = 0.0, bot: str | None = None,
          bot_after: int | None = None) -> Entry:
    return Entry(name, name, rating, name, bot, bot_after, T0 + timedelta(seconds=at))


def later(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_the_window_widens_with_waiting_then_takes_anyone():
    assert window(0) == 3.0
    assert window(60) == pytest.approx(15.0)
    assert window(119.9) == pytest.approx(26.98)
    assert window(120) == float("inf")


def test_close_ratings_pair_at_once_far_ones_when_both_windows_reach():
    near = [entry("a", 25), entry("b", 27)]
    assert [[e.holder for e in g] for g, _ in groups(near, 2, later(0))] == [["a", "b"]]
    far = [entry("a", 25), entry("b", 35, at=5)]  # 10 apart: window 3 + 0.2 s >= 10 at 35 s
    assert groups(far, 2, later(39.9)) == []  # b has waited 34.9 s: 9.98
    assert [g for g, _ in groups(far, 2, later(40))] == [far]


def test_the_oldest_is_paired_first_with_the_closest_rating():
    waiting = [entry("old", 25), entry("far", 29.5, at=1), entry("close", 26, at=2),
               entry("late", 25.5, at=3)]
    made = groups(waiting, 2, later(3))
    assert [[e.holder for e in g] for g, _ in made] == [["old", "late"]]
    made = groups(waiting, 2, later(12))  # windows of 4.8 .. 5.4 by now
    assert [[e.holder for e in g] for g, _ in made] == [["old", "late"], ["far", "close"]]


def test_a_group_of_three_fits_the_narrowest_window():
    waiting = [entry("a", 25), entry("b", 26), entry("c", 28.5, at=10)]
    assert groups(waiting, 3, later(10)) == []  # spread 3.5, c's window 3
    assert [g for g, _ in groups(waiting, 3, later(13))] == [waiting]


def test_a_bot_fills_the_seats_after_the_chosen_wait_only_for_those_who_ticked():
    waiting = [entry("a", 25, bot="easy", bot_after=10), entry("b", 40, at=1)]
    assert groups(waiting, 3, later(9.9)) == []
    made = groups(waiting, 3, later(10))
    assert [([e.holder for e in g], bot) for g, bot in made] == [(["a"], "easy")]
    both = [entry("a", 25, bot="hard", bot_after=10), entry("b", 26, at=1, bot="easy", bot_after=60),
            entry("c", 25.5, at=2)]
    made = groups(both, 4, later(10))
    assert [([e.holder for e in g], bot) for g, bot in made] == [(["a", "b"], "hard")]


# -- through the API and the database -----------------------------------------------------
@pytest.fixture
def queue(client):
    """The app's matchmaker on a fake clock: ``queue.at(seconds)`` sets the time after T0."""
    mm: Matchmaker = client.app.state.matchmaker
    now = [T0]
    mm.clock = lambda: now[0]
    mm.at = lambda seconds: now.__setitem__(0, later(seconds))
    mm.call = lambda fn, *args: client.portal.call(fn, *args)
    return mm


def join(client, **body) -> dict:
    answer = client.post("/api/queue", json={"game": "cordoba", "players": 2, **body})
    assert answer.status_code == 201, answer.text
    return answer.json()


def status(client, ticket: str) -> dict:
    answer = client.get(f"/api/queue/{ticket}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_two_players_are_paired_into_a_match_they_can_play(client, queue, connect):
    first = join(client, name="Ana")
    assert first["status"] == "waiting" and first["window"] == 3.0
    other = queue.call(queue.join, "198.51.100.2", "cordoba", 2, "Bo")
    mine, theirs = status(client, first["ticket"]), status(client, other)
    assert mine["status"] == theirs["status"] == "paired"
    assert mine["match"] == theirs["match"] and {mine["seat"], theirs["seat"]} == {0, 1}
    assert status(client, first["ticket"])["token"] == mine["token"]  # the same at every poll
    info = client.get(f"/api/matches/{mine['match']}").json()
    assert info["clock"]["type"] == matchmaking.QUICK_CLOCK
    assert {info["seats"][mine["seat"]]["name"], info["seats"][theirs["seat"]]["name"]} == {"Ana", "Bo"}
    with connect(mine["match"]) as a, connect(mine["match"]) as b:
        assert a.hello(mine["token"])["you"] == mine["seat"]
        assert b.hello(theirs["token"])["you"] == theirs["seat"]
        a.until(lambda m: m["match"]["status"] == "running")


def test_the_window_widens_on_the_clock(client, queue, monkeypatch):
    ratings = {"testclient": 25.0, "198.51.100.2": 33.0}
    monkeypatch.setattr(matchmaking, "rating_of", lambda store, holder, game, players: ratings[holder])
    mine = join(client)["ticket"]
    queue.at(1)
    theirs = queue.call(queue.join, "198.51.100.2", "cordoba", 2)
    queue.at(25.9)  # the newer one has waited 24.9 s: 3 + 4.98 < 8
    queue.call(queue.tick)
    assert status(client, mine)["status"] == status(client, theirs)["status"] == "waiting"
    queue.at(26)
    queue.call(queue.tick)
    assert status(client, mine)["status"] == "paired"
    assert status(client, theirs)["match"] == status(client, mine)["match"]


def test_a_bot_takes_the_free_seat_after_the_wait(client, queue):
    ticket = join(client, bot="hard", bot_after=30)["ticket"]
    queue.at(29)
    queue.call(queue.tick)
    assert status(client, ticket)["status"] == "waiting"
    queue.at(30)
    queue.call(queue.tick)
    paired = status(client, ticket)
    assert paired["status"] == "paired"
    seats = client.get(f"/api/matches/{paired['match']}").json()["seats"]
    assert seats[paired["seat"]]["kind"] == "human" and seats[1 - paired["seat"]]["kind"] == "hard"


def test_a_bot_of_a_level_only_some_games_offer_fills_a_seat_of_such_a_game(client, queue):
    ticket = join(client, game="europa", bot="beginner", bot_after=5)["ticket"]
    queue.at(5)
    queue.call(queue.tick)
    paired = status(client, ticket)
    seats = client.get(f"/api/matches/{paired['match']}").json()["seats"]
    assert seats[1 - paired["seat"]]["kind"] == "beginner"


def test_leaving_the_queue(client, queue):
    ticket = join(client)["ticket"]
    assert client.delete(f"/api/queue/{ticket}").json() == {"left": True}
    assert client.get(f"/api/queue/{ticket}").status_code == 404
    assert client.delete(f"/api/queue/{ticket}").status_code == 404
    other = queue.call(queue.join, "198.51.100.2", "cordoba", 2)
    again = join(client)["ticket"]  # one may come back
    assert status(client, again)["status"] == "paired"
    refused = client.delete(f"/api/queue/{again}")
    assert refused.status_code == 409 and "paired" in refused.json()["detail"]
    assert status(client, other)["status"] == "paired"


def test_an_entry_nobody_polls_expires(client, queue):
    idle = join(client)["ticket"]
    kept = queue.call(queue.join, "198.51.100.2", "europa", 3)
    queue.at(IDLE_SECONDS - 1)
    assert status(client, kept)["status"] == "waiting"
    queue.at(IDLE_SECONDS + 1)
    queue.call(queue.tick)
    assert client.get(f"/api/queue/{idle}").status_code == 404
    assert status(client, kept)["status"] == "waiting"
    assert join(client)["status"] == "waiting"  # its holder may join again


def test_a_quick_match_a_paired_player_never_comes_to_expires(client, queue, connect):
    from mezquita.server.store import now

    start = now()
    queue.clock = lambda: start  # the match rows carry the real time
    mine = join(client)["ticket"]
    queue.call(queue.join, "198.51.100.2", "cordoba", 2)
    paired = status(client, mine)
    played = join(client, game="cortica")["ticket"]  # the first entry is paired: one may join again
    theirs = status(client, queue.call(queue.join, "198.51.100.2", "cortica", 2))
    both = status(client, played)
    with connect(paired["match"]) as alone, connect(both["match"]) as a, connect(both["match"]) as b:
        alone.hello(paired["token"])
        a.hello(both["token"])
        b.hello(theirs["token"])
        a.until(lambda m: m["match"]["status"] == "running")
        queue.clock = lambda: start + timedelta(seconds=matchmaking.QUICK_JOIN_SECONDS - 1)
        queue.call(queue.tick)
        assert client.get(f"/api/matches/{paired['match']}").json()["status"] == "open"
        queue.clock = lambda: start + timedelta(seconds=matchmaking.QUICK_JOIN_SECONDS + 1)
        queue.call(queue.tick)
        assert alone.until(lambda m: m["match"]["status"] == "expired")
        assert client.get(f"/api/matches/{both['match']}").json()["status"] == "running"
    assert client.get(f"/api/queue/{mine}").status_code == 404


def test_one_entry_per_address(client, queue):
    first = join(client)["ticket"]
    again = client.post("/api/queue", json={"game": "cortica", "players": 2})
    assert again.status_code == 409 and "already" in again.json()["detail"]
    assert status(client, first)["game"] == "cordoba"
    assert queue.call(lambda: queue.store.call(queue.store.queues)) == [("cordoba", 2)]


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess"}, "unknown game"),
    ({"players": 3}, "2..2 players"),
    ({"game": "europa", "players": 7}, "2..6 players"),
    ({"players": True}, "integer"),
    ({"bot": "mcts-200", "bot_after": 10},
     "bot must be one of: beginner, novice, easy, medium, hard, expert, master"),
    ({"game": "citadels", "players": 4, "bot": "master", "bot_after": 10},
     "bot must be one of: beginner, novice, easy, medium, hard, expert"),
    ({"game": "europa", "bot": "grandmaster", "bot_after": 10},
     "bot must be one of: beginner, novice, easy, medium, hard, expert, master"),
    ({"bot": "easy"}, "bot_after must be 5..600"),
    ({"bot": "easy", "bot_after": 4}, "bot_after must be 5..600"),
    ({"bot_after": 10}, "give bot too"),
    ({"name": "a\x00b"}, "control or formatting"),
    ({"seed": 1}, "Extra inputs"),
])
def test_bad_queue_requests_are_refused_and_store_nothing(client, queue, body, words):
    answer = client.post("/api/queue", json={"game": "cordoba", "players": 2, **body})
    assert answer.status_code == 422
    assert words in str(answer.json()["detail"])
    assert queue.call(lambda: queue.store.call(queue.store.queues)) == []


def test_unknown_tickets(client):
    assert client.get("/api/queue/nope").status_code == 404
    assert client.get(f"/api/queue/{'x' * 65}").status_code == 404
    assert client.delete("/api/queue/nope").status_code == 404


def test_two_instances_pairing_one_queue_pair_each_entry_once(postgres_url):
    """Two instances on one PostgreSQL run their pairing rounds at once over 12 waiting
    players: 6 matches, each entry in exactly one, no match without its players."""
    import threading

    from fastapi.testclient import TestClient
    from sqlalchemy import func, select

    from mezquita.server import create_app
    from mezquita.server.limits import Settings
    from mezquita.server.models import matches, queue
    from mezquita.server.store import now

    apps = [TestClient(create_app(postgres_url, bot_pool="thread",
                                  settings=Settings(create_limit=10_000))) for _ in range(2)]
    with apps[0] as first, apps[1] as second:
        store = first.app.state.hub.store
        with store.engine.begin() as c:
            c.execute(queue.delete())
            before = c.execute(select(func.count()).select_from(matches)).scalar()
        stamp = now()  # the background rounds may pair them too: they must not expire them
        with store.engine.begin() as c:
            c.execute(queue.insert(), [
                {"ticket_hash": f"{i:064x}", "holder": f"10.0.0.{i}", "game": "cortica",
                 "players": 2, "rating": 25.0, "created_at": stamp, "seen_at": stamp}
                for i in range(12)])
        start = threading.Barrier(2)

        def pair(client) -> None:
            mm = client.app.state.matchmaker
            mm.clock = lambda: stamp
            start.wait()
            client.portal.call(mm.pair, "cortica", 2)

        threads = [threading.Thread(target=pair, args=(c,)) for c in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        with store.engine.connect() as c:
            paired = c.execute(select(queue.c.match_id, func.count()).group_by(queue.c.match_id)).all()
            made = c.execute(select(func.count()).select_from(matches)).scalar() - before
        assert made == 6
        assert sorted(n for _, n in paired) == [2] * 6 and None not in {m for m, _ in paired}


def test_accounts_queue_apart_from_their_address_and_get_seats_of_their_own(client, queue):
    from test_server_accounts import register, use

    ana, bea = register(client, "Ana"), register(client, "Bea")
    use(client, None)
    guest = join(client)["ticket"]  # this address, as a guest ...
    mine = client.post("/api/queue", headers=use(client, ana),
                       json={"game": "cortica", "players": 2}).json()["ticket"]
    theirs = client.post("/api/queue", headers=use(client, bea),
                         json={"game": "cortica", "players": 2}).json()["ticket"]  # ... and two accounts
    assert status(client, theirs)["status"] == "paired"
    assert client.get(f"/api/queue/{mine}").status_code == 403  # Bea cannot read Ana's ticket
    use(client, None)
    assert client.get(f"/api/queue/{mine}").status_code == 403
    assert status(client, guest)["status"] == "waiting"
    use(client, ana)
    paired = status(client, mine)
    assert client.get(f"/api/matches/{paired['match']}/my-seat").json() == [
        {"seat": paired["seat"], "token": paired["token"]}]
    info = client.get(f"/api/matches/{paired['match']}").json()
    assert sorted(s["name"] for s in info["seats"]) == ["Ana", "Bea"]


def test_an_accounts_rating_in_the_game_and_class_is_what_the_queue_pairs_by():
    class Ratings:
        def player_ratings(self, account_id: int) -> list[dict]:
            return [{"game": "citadels", "players": "2", "mu": 31.0},
                    {"game": "citadels", "players": "3+", "mu": 19.5}]

    assert matchmaking.rating_of(Ratings(), "account:7", "citadels", 4) == 19.5
    assert matchmaking.rating_of(Ratings(), "account:7", "citadels", 2) == 31.0
    assert matchmaking.rating_of(Ratings(), "account:7", "europa", 3) == 25.0  # not rated there
    assert matchmaking.rating_of(Ratings(), "203.0.113.7", "citadels", 2) == 25.0  # a guest
