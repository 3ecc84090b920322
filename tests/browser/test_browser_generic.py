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
                      json={"game": game_id, "seats": seats, "seed": 5, "practice": True}).json()
    path, fragment = made["seats"][0]["url"].split("#")
    page.goto(f"{server.url}{path}?renderer=generic#{fragment}")
    page.wait_for_selector(".generic dl")
    # a bounded stretch of play by clicking labelled buttons
    assert turns.click_moves(page, ".generic .actions button", 12) > 0
    state = httpx.get(f"{server.url}/api/matches/{made['id']}").json()
    assert state["status"] in ("running", "finished")


def test_an_invitation_link_is_claimed_once_by_the_browser_that_opens_it(browser, server):
    made = httpx.post(f"{server.url}/api/matches",
                      json={"game": "cordoba", "seats": ["human", "human"]}).json()
    invite_url = server.url + made["seats"][1]["url"]
    pages = []
    for _ in range(2):
        context = browser.new_context()
        pages.append(context.new_page())
        pages[-1].set_default_timeout(15_000)
    guest, intruder = pages
    guest.goto(invite_url)
    guest.wait_for_selector("#seats .seat")
    assert "#invite=" not in guest.url  # the secret leaves the address bar
    guest.reload()  # the claimed token is remembered by this browser only
    guest.wait_for_selector("#seats .seat")
    guest.wait_for_selector("#seats .seat:nth-child(2):has-text('(you)')")
    intruder.goto(invite_url)
    intruder.wait_for_selector("#error:has-text('already used')")
    assert httpx.get(f"{server.url}/api/matches/{made['id']}").json()["seats"][1]["joined"]
    for page in pages:
        page.context.close()
