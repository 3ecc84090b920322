"""Crash safety: `mezquita serve` killed with SIGKILL and restarted continues every match
exactly where it was (state rebuilt by replaying the stored record)."""

from __future__ import annotations

import json
from contextlib import ExitStack

import httpx
from server_players import Player, claimed_match

from mezquita.server.launch import ServerProcess


def running_at(turn: int):
    return lambda m: m["match"]["status"] == "running" and m["turn"] == turn


def test_kill_9_and_restart_continue_the_match_exactly(tmp_path):
    db = f"sqlite:///{tmp_path / 'mezquita.sqlite3'}"
    server = ServerProcess(db, log=tmp_path / "server.log").start()
    stack = ExitStack()
    try:
        made = claimed_match(server, {"game": "cordoba", "seats": ["human", "human"],
                                      "options": {"hand": 3}})
        tokens = [s["token"] for s in made["seats"]]
        players = [Player(stack, server, made["id"], t) for t in tokens]
        for turn in range(7):  # seats alternate; seat 0 starts
            me = players[turn % 2]
            message = me.until(running_at(turn))
            me.ws.send(json.dumps({"type": "act", "action": message["legal"][-1]["action"],
                                   "turn": turn}))
        before = [p.until(lambda m: m["turn"] == 7) for p in players]
        server.kill()  # SIGKILL: no clean shutdown
    finally:
        server.kill()
        stack.close()
    restarted = ServerProcess(db, port=server.port, log=tmp_path / "server.log").start()
    stack = ExitStack()
    try:
        players = [Player(stack, restarted, made["id"], t) for t in tokens]
        after = [p.last for p in players]
        for old, new in zip(before, after):
            assert new["view"] == old["view"]
            assert new["legal"] == old["legal"]
            assert [e["text"] for e in new["log"]] == [e["text"] for e in old["log"]]
        while not players[0].last["view"]["terminal"]:  # and the match plays on to the end
            turn = players[0].last["turn"]
            me = players[turn % 2]
            message = me.until(running_at(turn))
            me.ws.send(json.dumps({"type": "act", "action": message["legal"][0]["action"],
                                   "turn": turn}))
            players[0].until(lambda m, turn=turn: m["turn"] == turn + 1)
        info = httpx.get(f"{restarted.url}/api/matches/{made['id']}").json()
        assert info["status"] == "finished" and len(players[0].last["log"]) == 20
    finally:
        stack.close()
        restarted.stop()
