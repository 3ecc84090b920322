"""Citadels in the browser with its own renderer: seats, cities, hand and labelled moves."""

from __future__ import annotations

import httpx


def test_citadels_is_playable_by_clicking(page, server, turns):
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "citadels", "options": {"players": 4},
        "seats": ["human", "random", "random", "random"], "seed": 3, "practice": True}).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector(".citadels")
    assert page.locator(".citadels-seat").count() == 4
    assert page.locator(".citadels .character").count() >= 8
    # a bounded stretch of the game, clicking the labelled moves
    turns.click_moves(page, ".citadels .actions button", 25, last=True)
    assert page.locator(".citadels .hand svg.district").count() > 0 or page.locator(
        "#summary").is_visible()
    box = page.locator(".citadels .hand svg.district").first.bounding_box()
    assert box is None or box["width"] < 100  # cards stay card-sized
