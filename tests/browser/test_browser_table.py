"""The table for every game: the newest move marked on the board, keyboard focus on the next
decision with a ring unlike the selected-card outline, and Córdoba's readability rules."""

from __future__ import annotations

import httpx
import pytest

PLAYERS = {"citadels": 4, "europa": 3}


def _match(page, server, game: str, size=(1366, 768)) -> None:
    players = PLAYERS.get(game, 2)
    options = {"players": players} if game in PLAYERS else {}
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": game, "options": options, "seats": ["human"] + ["random"] * (players - 1),
        "seed": 7, "practice": True}).json()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector("#board > *")


def _move(page, turns) -> None:
    """One move by clicking a highlighted choice (Córdoba: a card, then a landmark) or a button."""
    before = turns.now(page)
    page.wait_for_selector("#board .legal, #board .actions button, #board button[data-action]")
    if page.locator("#board .hand-card.legal").count():
        page.locator("#board .hand-card.legal").first.click()
        page.locator("#board .landmark.legal").first.click()
    elif page.locator("#board .wittig-stone.legal").count():  # a stone, then Confirm
        page.locator("#board .wittig-stone.legal").first.click()
        page.locator("#board .wittig-confirm").click()
    elif page.locator("#board .actions button").count():
        page.locator("#board .actions button").first.click()
    else:
        page.locator("#board .legal, #board button[data-action]").first.click()
    turns.wait_past(page, before)


@pytest.mark.parametrize("game", ["cordoba", "cordoba-wittig", "cortica", "europa", "citadels"])
def test_the_newest_move_is_marked_on_the_board(page, server, turns, game):
    _match(page, server, game)
    for _ in range(3):
        if page.locator("#board .newest-move").count():
            break
        _move(page, turns)
    page.wait_for_selector("#board .newest-move", state="attached")
    assert page.locator("#board .newest-move").count() == 1
    assert page.locator("#log li.newest").count() == 1


def test_focus_moves_to_the_next_decision_and_its_ring_is_not_the_selection_outline(page, server, turns):
    _match(page, server, "citadels")
    page.wait_for_selector(".citadels .legal")
    for _ in range(3):  # keyboard only: Enter on whatever holds the focus
        before = turns.now(page)
        assert page.evaluate("document.getElementById('board').contains(document.activeElement)")
        page.keyboard.press("Enter")
        turns.wait_past(page, before)
        page.wait_for_selector("#board .legal, #board .actions button")
        page.wait_for_timeout(200)
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle + ' ' + "
                         "getComputedStyle(document.activeElement).outlineColor")
    assert ring.startswith("dashed") and "rgb(194, 24, 122)" in ring
    _match(page, server, "cordoba")
    page.locator(".hand-card.legal").first.click()
    selected = page.evaluate(
        "getComputedStyle(document.querySelector('.hand-card.selected .card-face')).stroke")
    assert selected != "rgb(194, 24, 122)"


def test_cordoba_legend_and_hand_above_the_fold_at_1366x768(page, server):
    _match(page, server, "cordoba")
    page.wait_for_selector(".cordoba-legend:has-text('face down')")  # filled by the first update
    legend = page.locator(".cordoba-legend")
    assert "▲▼" in legend.inner_text() and "face down" in legend.inner_text()
    box = page.locator(".cordoba-hand svg").bounding_box()
    assert box["y"] + box["height"] <= 768


def test_cordoba_landmark_names_are_readable_at_390(page, server):
    _match(page, server, "cordoba", size=(390, 844))
    page.wait_for_selector(".cordoba-names li")  # filled by the first update
    names = page.locator(".cordoba-names li")
    assert names.count() == 7 and names.first.is_visible()
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.cordoba-names li')).fontSize)")
    assert size >= 10
    assert not page.locator(".cordoba .landmark .name").first.is_visible()


@pytest.mark.parametrize("game", ["cordoba", "cordoba-wittig", "cortica", "europa", "citadels"])
def test_every_control_is_a_tap_target_on_a_phone(page, server, game):
    _match(page, server, game, size=(390, 844))
    page.wait_for_selector("#board .legal, #board .actions button, #board button[data-action]")
    boxes = page.evaluate("""() => [...document.querySelectorAll('#board button, #board [role=button]')]
      .filter((el) => !el.closest('[hidden]')).map((el) => {
        const r = el.getBoundingClientRect();
        return [el.textContent.trim().slice(0, 20), r.left, r.right, r.width, r.height];
      })""")
    assert boxes
    bad = [b for b in boxes if b[1] < 0 or b[2] > 390 or min(b[3], b[4]) < 24]
    assert not bad, bad


def test_cordoba_keyboard_goes_from_the_chosen_card_to_its_landmarks(page, server, turns):
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "cordoba", "options": {"hand": 3}, "seats": ["human", "random"], "seed": 7,
        "practice": True}).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector(".hand-card.legal")
    page.locator(".hand-card.legal").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".landmark.legal:focus")
    before = turns.now(page)
    page.keyboard.press(" ")
    turns.wait_past(page, before)


def test_cordoba_marks_are_readable_explained_and_gone_after_the_game(page, server, turns):
    """Issue 28, defect 9: at 1366x768 the landmark names and the Σ / ✕ marks are at least
    10 px on screen, the legend explains ✕, and the finished board has no ✕, no dashed own
    card and a legend saying every card is face up."""
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "cordoba", "options": {"cards": 3, "landmarks": 2}, "seats": ["human", "random"],
        "seed": 3, "practice": True}).json()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector(".hand-card.legal")
    heights = page.evaluate("""[...document.querySelectorAll('.cordoba .landmark .name')]
      .filter((el) => el.textContent.trim()).map((el) => el.getBoundingClientRect().height)""")
    assert heights and min(heights) >= 10, heights
    for _ in range(10):
        page.wait_for_selector("#summary:not([hidden]), .hand-card.legal")
        if page.locator("#summary").is_visible():
            break
        if page.locator(".forbid-mark").count():
            assert "✕ blocked" in page.locator(".cordoba-legend").inner_text()
            box = page.locator(".forbid-mark").bounding_box()
            assert box["height"] >= 10, box
        before = turns.now(page)
        page.locator(".hand-card.legal").first.click()
        page.locator(".landmark.legal").first.click()
        turns.wait_past(page, before)
    page.wait_for_selector("#summary:not([hidden])")
    assert page.locator(".forbid-mark").count() == 0
    assert page.locator(".own-hidden").count() == 0
    assert "every card is face up now" in page.locator(".cordoba-legend").inner_text()


def test_a_four_player_result_table_shows_every_column_at_1366x768(page, server):
    """Issue 28, defect 2: the end-of-game table of four players fits without a hidden column."""
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "citadels", "options": {"players": 4}, "seats": ["easy", "medium", "hard", "expert"],
        "seed": 3, "practice": True}).json()
    page.set_viewport_size({"width": 1366, "height": 768})
    server.wait_finished(made["id"])
    page.goto(f"{server.url}/match/{made['id']}")
    page.wait_for_selector("#summary:not([hidden]) .score-table")
    heads = page.locator("#summary .score-table thead th")
    assert heads.count() == 5
    box = page.locator("#summary-scores").bounding_box()
    for i in range(1, 5):
        head = heads.nth(i).bounding_box()
        assert box["x"] <= head["x"] and head["x"] + head["width"] <= box["x"] + box["width"] + 0.5
        assert head["x"] + head["width"] <= 1366
    widths = page.evaluate("[document.getElementById('summary-scores').scrollWidth, "
                           "document.getElementById('summary-scores').clientWidth]")
    assert widths[0] <= widths[1], widths
