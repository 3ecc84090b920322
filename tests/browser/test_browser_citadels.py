"""Citadels in the browser with its own renderer: seats, cities, hand and labelled moves."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import httpx

_spec = importlib.util.spec_from_file_location(
    "citadels_scenarios", Path(__file__).parents[1] / "games" / "citadels" / "scenarios.py")
scenarios = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scenarios)


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


def _draw_position(page, server, st, seat: int):
    """Draw ``st`` as ``seat`` sees it with the real renderer, on a page of its own; clicks
    are collected in ``window.acted``."""
    _citadels(page, server)  # a page with the styles, the catalogue and the modules loaded
    page.evaluate("""async ([view, legal, seat]) => {
      const renderer = await import("/static/js/renderers/citadels.js");
      const { t } = await import("/static/js/i18n.js");
      const root = document.createElement("div");
      root.id = "crafted";
      document.body.prepend(root);
      window.acted = [];
      const playerName = (s) => `Player ${s + 1}`;
      const board = renderer.create(root, { t, act: (a) => window.acted.push(a), playerName });
      await board.update({ view, legal, you: seat, lang: "en", log: [] });
    }""", [st.view(seat), st.legal_actions_json(seat, "en"), seat])
    return page.locator("#crafted")


def test_defect_14_destroying_is_a_two_step_choice_on_the_board(page, server):
    """Issue 28, defect 14: no button per district but one "Destroy a district…"; then the
    targets are framed in the cities with their price, the Warlord's own city included (the
    classic rules allow it), and Cancel goes back."""
    do, position = scenarios.do, scenarios.position
    st = position({0: "warlord", 2: "queen"}, cities=[["watchtower"], ["castle", "keep"], [], []],
                  gold=[2, 2, 2, 2], players=5, rank9="queen")
    do(st, "gold")
    board = _draw_position(page, server, st, 0)
    castle = board.locator("[data-seat='1'] .city [data-district='castle']")
    own = board.locator("[data-seat='0'] .city [data-district='watchtower']")
    assert board.locator(".actions button[data-action-id]", has_text="destroy").count() == 0
    assert board.locator(".destroy-hint").count() == 0
    assert "legal" not in castle.get_attribute("class")
    board.locator(".destroy-open", has_text="Destroy a district… (2 possible)").click()
    assert "To destroy: click a green-framed district" in board.locator(".destroy-hint").inner_text()
    assert board.locator(".actions button").all_inner_texts() == ["Cancel"]
    assert "⚔ 3 gold" in castle.inner_text() and "legal" in castle.get_attribute("class")
    assert "⚔ 0 gold" in own.inner_text() and "legal" in own.get_attribute("class")
    assert "legal" not in board.locator("[data-seat='1'] .city [data-district='keep']").get_attribute("class")
    board.locator(".destroy-cancel").click()
    assert "legal" not in castle.get_attribute("class") and board.locator(".destroy-open").count() == 1
    board.locator(".destroy-open").click()
    castle.click()
    assert page.evaluate("window.acted") == [{"do": "destroy", "seat": 1, "district": "castle"}]
    keep = board.locator("[data-seat='1'] .abilities", has_text="Keep")
    assert "Cannot be destroyed by the Warlord" in keep.inner_text()  # a purple card's ability


def test_a_hand_card_with_several_actions_offers_a_button_for_each(page, server):
    """With a Laboratory and a Museum built, a hand card can be built, discarded for gold or
    put under the Museum: the card carries one button per action, each playing its own; a
    card with one action is still played by clicking it."""
    do, position = scenarios.do, scenarios.position
    st = position({0: "king"}, cities=[["laboratory", "museum"]],
                  hands=[["temple", "manor", "tavern"]], gold=[5, 2, 2, 2])
    do(st, "gold")
    page.set_viewport_size({"width": 390, "height": 844})
    board = _draw_position(page, server, st, 0)
    temple = board.locator(".my-hand [data-hand='temple']")
    assert [b.inner_text() for b in temple.locator(".controls button").all()] == [
        "build", "Laboratory: 1 gold", "under the Museum"]
    temple.locator("button[data-control='lab']").click()
    assert page.evaluate("window.acted") == [{"do": "lab", "district": "temple"}]
    assert temple.locator("button[data-control='build']").get_attribute(
        "aria-label") == "build Temple"

    do(st, "build", district="temple")  # the Laboratory and the Museum stay: one card, one action
    st.apply(0, {"do": "lab", "district": "manor"})
    assert [a["hint"]["control"] for a in st.legal_actions_json(0) if a.get("hint")] == ["museum"]
    board = _draw_position(page, server, st, 0)
    tavern = board.locator(".my-hand [data-hand='tavern']")
    assert tavern.locator(".controls").count() == 0
    tavern.click()
    assert page.evaluate("window.acted") == [{"do": "museum", "district": "tavern"}]


def test_your_own_murder_target_and_the_face_down_card_are_marked(page, server):
    do, position = scenarios.do, scenarios.position
    st = position({0: "assassin", 1: "king", 2: "bishop", 3: "merchant"})
    do(st, "kill", character="king")
    board = _draw_position(page, server, st, 0)
    king = board.locator(".characters [data-character='king']")
    assert king.locator(".tag.t-own", has_text="your murder target").count() == 1
    assert board.locator(".characters [data-character='assassin'] .tag.t-yours").count() == 1
    face_down = board.locator(".character.face-down")
    assert face_down.is_visible() and "removed unseen" in face_down.inner_text()


INCOME_CHARACTERS = ("pick King", "pick Bishop", "pick Merchant", "pick Warlord")


def test_district_income_can_be_taken_back_until_anything_else_happens(page, server, turns):
    """Issue 28, part 2: collecting district income (public gold, nothing drawn) can be
    taken back while the turn goes on; the draft picks a character with income to get there."""
    _citadels(page, server)
    income = page.locator(".citadels .actions button", has_text="collect district income")
    for _ in range(60):
        page.wait_for_selector(".citadels .actions button")
        if income.count():
            break
        buttons = page.locator(".citadels .actions button")
        pick = [b for b in buttons.all() if b.inner_text() in INCOME_CHARACTERS]
        before = turns.now(page)
        (pick[0] if pick else buttons.first).click()
        turns.wait_past(page, before)
    stats = page.locator(".citadels-seat[data-seat='0'] .stats")
    gold = stats.inner_text()
    before = turns.now(page)
    income.click()
    page.wait_for_selector("#undo-btn:has-text('Undo (1)')")
    assert income.count() == 0
    page.click("#undo-btn")
    page.wait_for_selector(f"body[data-turn='{before}']", state="attached")
    income.wait_for()
    assert page.locator("#undo-btn").is_hidden()
    assert stats.inner_text() == gold
