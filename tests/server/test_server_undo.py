"""Issue 28, part 2: taking back a decision over the play socket (``{"type": "undo"}``): the
engine decides what may be taken back, the stored moves follow, a restart keeps the
taken-back state, and anything refused changes nothing."""

from __future__ import annotations

from conftest import TEST_SETTINGS, Socket
from fastapi.testclient import TestClient
from test_server_simultaneous import EUROPA, _choose

from mezquita.server.app import create_app
from mezquita.server.limits import Settings


def _stored(client, match_id: str) -> list:
    store = client.app.state.hub.store
    return [[seat, action] for seat, action, _ in store.moves_from(match_id, 0)]


def _undo(socket) -> None:
    socket.ws.send_json({"type": "undo"})


def test_own_stones_are_taken_back_past_the_others_and_storage_follows(client, create, seated_pair):
    """Issue 28, part 2: in Europa's tips seat 0 takes back a stone placed before seat 1's;
    the stored moves are the record without it, and seat 1 sees the change."""
    made = create(["human", "human"], game="europa", options=EUROPA, seed=1)
    with seated_pair(made) as (a, b, first):
        _choose(a, b, first)
        a.act({"do": "ew", "side": "W"}, 2)
        a.until(lambda m: m.get("turn") == 3)
        b.act({"do": "ew", "side": "E"}, 3)
        tipped = a.until(lambda m: m.get("turn") == 4)
        assert tipped["undo"] == 1 and b.until(lambda m: m.get("turn") == 4)["undo"] == 1
        _undo(a)
        back = a.until(lambda m: m.get("turn") == 3)
        assert back["view"]["tips"][0] == [] and back["undo"] == 0
        assert back["took_back"] == {"seat": 0, "count": 1}
        assert {"do": "ew", "side": "W"} in [x["action"] for x in back["legal"]]
        seen = b.until(lambda m: m.get("turn") == 3)
        assert seen["view"]["stones"][0] == 0 and seen["undo"] == 1
        assert _stored(client, made["id"])[2:] == [[1, {"do": "ew", "side": "E"}]]
        _undo(a)  # nothing of its own left to take back: refused, nothing changes
        assert a.until(lambda m: m["type"] == "error")["code"] == "refused"
        assert len(_stored(client, made["id"])) == 3


def test_no_undo_once_the_other_seat_acted_or_after_a_draw(create, seated_pair, client):
    """Issue 28, part 2: Córdoba's play draws a card, so nothing is offered or accepted; in
    Wittig a move is taken back until the opponent moves, not after."""
    made = create(["human", "human"], game="cordoba", options={"hand": 3}, seed=2)
    with seated_pair(made) as (a, b, first):
        a.act(first["legal"][0]["action"], first["turn"])
        played = a.until(lambda m: m.get("turn") == 1)
        assert played["undo"] == 0
        _undo(a)
        assert "nothing can be taken back" in a.until(lambda m: m["type"] == "error")["message"]
        assert len(_stored(client, made["id"])) == 1
    made = create(["human", "human"], game="cordoba-wittig", seed=1)
    with seated_pair(made) as (a, b, message):
        while 0 in message["view"]["to_move"]:
            a.act(message["legal"][0]["action"], message["turn"])
            message = a.until(lambda m, turn=message["turn"]: m.get("turn") == turn + 1)
        mine = message["turn"]
        assert message["undo"] == mine  # the whole turn, the opponent has not moved yet
        message = b.until(lambda m: m.get("turn") == mine)
        b.act(message["legal"][0]["action"], mine)
        moved = a.until(lambda m: m.get("turn") == mine + 1)
        assert moved["undo"] == 0
        _undo(a)
        assert a.until(lambda m: m["type"] == "error")["code"] == "refused"
        assert len(_stored(client, made["id"])) == mine + 1


def test_spectators_cannot_undo_and_a_restart_keeps_the_taken_back_state(db_url, create, connect,
                                                                         client):
    """Issue 28, part 2: a spectator's undo is refused; after an undo a new server on the same
    database rebuilds the taken-back state from the stored moves."""
    made = create(["human", "human"], game="cordoba-wittig", seed=1)
    tokens = [s["token"] for s in made["seats"]]
    with connect(made["id"]) as a, connect(made["id"]) as b, connect(made["id"]) as watcher:
        a.hello(tokens[0])
        b.hello(tokens[1])
        watcher.hello()
        _undo(watcher)
        assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
        message = a.until(lambda m: m["match"]["status"] == "running")
        a.act(message["legal"][0]["action"], 0)
        a.act({"do": "to", "to": "a2"}, 1)
        a.until(lambda m: m.get("turn") == 2)
        _undo(a)
        kept = a.until(lambda m: m.get("turn") == 1)
        assert kept["undo"] == 1
    assert len(_stored(client, made["id"])) == 1
    app = create_app(db_url, bot_pool="thread", settings=Settings(**TEST_SETTINGS))
    with TestClient(app) as again, again.websocket_connect(f"/ws/matches/{made['id']}") as ws:
        reopened = Socket(ws).hello(tokens[0])
        assert reopened["turn"] == 1 and reopened["view"] == kept["view"]
        assert reopened["legal"] == kept["legal"] and reopened["undo"] == 1



def test_an_undo_heard_out_of_turn_rebuilds_the_match_from_the_store(client, create, seated_pair):
    """Issue 28, part 2: when another instance's takeback reaches a copy that is not at that
    turn, the copy is rebuilt from the stored match: in Europa's tips seat 0's second stone,
    placed before seat 1's, goes, and the copy's moves, sources and times are the stored ones."""
    made = create(["human", "human"], game="europa", options=EUROPA, seed=1)
    hub = client.app.state.hub
    with seated_pair(made) as (a, b, first):
        _choose(a, b, first)
        a.act({"do": "ew", "side": "W"}, 2)
        area = a.until(lambda m: m.get("turn") == 3)["legal"][0]["action"]
        a.act(area, 3)
        b.until(lambda m: m.get("turn") == 4)
        b.act({"do": "ew", "side": "E"}, 4)
        a.until(lambda m: m.get("turn") == 5)
        hub.store.take_back(made["id"], [3], 5)  # as another instance would
        client.portal.call(hub.remote_undo, made["id"], 99, [3])
        back = a.until(lambda m: m.get("turn") == 4)
        assert back["view"]["tips"][0] == ["W"] and back["undo"] == 1
        ours, stored = hub.live(made["id"]).row, hub.store.load(made["id"])
        assert (ours.actions, ours.move_sources, ours.move_times) == (
            stored.actions, stored.move_sources, stored.move_times)
        assert _stored(client, made["id"])[2:] == [[0, {"do": "ew", "side": "W"}],
                                                   [1, {"do": "ew", "side": "E"}]]
