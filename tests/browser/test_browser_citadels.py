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
    assert page.locator(".citadels .hand .district").count() > 0 or page.locator(
        "#summary").is_visible()
    box = page.locator(".citadels .hand .district").first.bounding_box()
    assert box is None or box["width"] < 140  # cards stay card-sized (wide enough for an ability)


def _citadels(page, server, seed=3):
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "citadels", "options": {"players": 4},
        "seats": ["human", "random", "random", "random"], "seed": seed, "practice": True}).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector(".citadels .district")
    return made


def test_district_cards_show_cost_and_type_symbol_not_colour_alone(page, server):
    _citadels(page, server)
    cards = page.locator(".citadels .my-hand .district")
    assert cards.count() == 4
    for i in range(cards.count()):
        card = cards.nth(i)
        assert card.locator(".coin").inner_text().isdigit()
        assert card.locator(".type").inner_text()[0] in "♔✚⚖⚔★"


def test_every_character_ability_is_visible_without_hover(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    _citadels(page, server)
    characters = page.locator(".citadels .characters .character[data-character]:not(.face-down)")
    assert characters.count() >= 8
    for i in range(characters.count()):
        assert characters.nth(i).locator(".ability").is_visible()
    assert page.locator(".citadels .character.face-down").is_visible()  # the removed card


def test_drawn_cards_are_shown_apart_from_the_hand_and_the_draft_only_this_round(page, server, turns):
    _citadels(page, server)
    saw_choice = saw_second_draft = False
    for _ in range(40):
        page.wait_for_selector("#summary:not([hidden]), .citadels .actions button")
        if page.locator("#summary").is_visible():
            break
        info = page.locator(".citadels-info").inner_text()
        if info.startswith("Draft") and "round 1 " not in info:
            saw_second_draft = True
            assert page.locator(".citadels .tag.t-called, .citadels-seat .plays").count() == 0
        draw = page.locator(".citadels .actions button", has_text="draw district cards")
        before = turns.now(page)
        if draw.count():
            draw.first.click()
            turns.wait_past(page, before)
            page.wait_for_selector(".citadels .choice .district.legal")
            assert page.locator(".citadels .my-hand .choice").count() == 0
            saw_choice = True
            before = turns.now(page)
            page.locator(".citadels .choice .district.legal").first.click()
        else:
            page.locator(".citadels .actions button").last.click()
        turns.wait_past(page, before)
    assert saw_choice and saw_second_draft
