"""The generic renderer plays every registered game from its view and labelled actions,
so a new game is playable in the browser the moment it registers."""

from __future__ import annotations

import httpx
import pytest

import mezquita


@pytest.mark.parametrize("game_id", [info.id for info in mezquita.list_games()])
def test_generic_renderer_plays_every_registered_game(page, server, turns, game_id):
    game = mezquita.load(game_id)
    seats = ["human"] + ["random"] * (game.num_players - 1)
    made = httpx.post(f"{server.url}/api/matches",
                      json={"game": game_id, "seats": seats, "seed": 5}).json()
    path, fragment = made["seats"][0]["url"].split("#")
    page.goto(f"{server.url}{path}?renderer=generic#{fragment}")
    page.wait_for_selector(".generic dl")
    # a bounded stretch of play by clicking labelled buttons
    assert turns.click_moves(page, ".generic .actions button", 12) > 0
    state = httpx.get(f"{server.url}/api/matches/{made['id']}").json()
    assert state["status"] in ("running", "finished")
