"""Replays from one seat (issue 28): each frame as that seat saw it then, and banners marked."""

from __future__ import annotations

import mezquita


def _finished(client, create, connect) -> dict:
    made = create(["human", "random"], seed=5)
    with connect(made["id"]) as sock:
        sock.play_out(sock.hello(made["seats"][0]["token"]))
    return made


def test_a_seats_replay_shows_what_the_seat_saw_then(client, create, connect):
    made = _finished(client, create, connect)
    replay = client.get(f"/api/matches/{made['id']}/replay?view=1").json()
    frames = replay["frames"]
    assert replay["viewer"] == 1 and len(frames) == 21
    assert not any(f["view"]["full"] for f in frames[:-1]), "before the end, nothing revealed"
    assert all(f["view"]["seat"] == 1 for f in frames)
    rivals = [e for f in frames[:-1] for e in f["log"] if e["seat"] == 0 and e["do"] == "play"]
    assert rivals and all(e["card"] is None for e in rivals), "seat 0's face-down cards stay hidden"
    own = [e for f in frames for e in f["log"] if e["seat"] == 1 and e["do"] == "play"]
    assert own and all(e["card"] is not None for e in own), "a seat sees its own cards"
    numbers = [e["number"] for f in frames for e in f["log"]]
    assert numbers == list(range(1, len(numbers) + 1))


def test_a_replay_from_no_such_seat_is_refused(client, create, connect):
    made = _finished(client, create, connect)
    assert client.get(f"/api/matches/{made['id']}/replay?view=2").status_code == 409
    assert client.get(f"/api/matches/{made['id']}/replay?view=x").status_code == 422


def test_big_events_are_marked_as_banners_and_a_murdered_seat_is_told():
    game = mezquita.load("citadels")
    call = game.decisions.events["call"]
    assert call.is_banner({"do": "call", "status": "murdered"})
    assert not call.is_banner({"do": "call", "status": "called"})
    assert "turn" in call.told["en"] and set(call.told) == {"en", "es", "de", "ca"}
    assert game.decisions.events["kill"].banner is True
    assert game.decisions.events["robbery"].banner is True
    assert mezquita.load("cordoba-wittig").decisions.events["back"].banner is True
    assert mezquita.load("cortica").decisions.events["round_end"].banner is True
    assert mezquita.load("europa").decisions.events["evaluate"].is_banner({"kept": True})
