"""The Cortiça table in the browser: a whole game against the heuristic bot by clicking the
highlighted spaces, options, plans and cards; keyboard play; a phone-width layout; and the
generic renderer's neutral mark for null values."""

from __future__ import annotations

import os
import shutil

import httpx

AFFORDANCE = ".cortica-table [role=button]"
MOVE_BUTTON = ".cortica .actions button"
SEAT_TEXT = ["Player 1 (you)", "Player 2 (bot heuristic)"]


def keep(shot) -> None:
    """Copy a screenshot to $MEZQUITA_SCREENSHOTS (a folder) for a person to look at."""
    folder = os.environ.get("MEZQUITA_SCREENSHOTS")
    if folder:
        shutil.copy(shot, folder)


def create_from_lobby(page, server) -> str:
    """Create Cortiça, human vs heuristic bot, with the lobby form; return the seat 1 link."""
    page.goto(server.url + "/")
    page.select_option("#game", "cortica")
    page.wait_for_selector("#opt-cards")
    page.check("#all-bots")  # the heuristic bot is one of the developers' bots
    page.select_option("#seat-1", "heuristic")
    page.click("#create-btn")
    page.wait_for_url("**/match/**")  # the creator lands in their seat
    return page.url.removeprefix(server.url)


def create_by_api(server, seed: int = 3) -> dict:
    return httpx.post(f"{server.url}/api/matches",
                      json={"game": "cortica", "seats": ["human", "heuristic"], "seed": seed,
                            "practice": True}).json()


def wait_for_my_move(page) -> bool:
    """Wait until it is our move (True) or the game is over (False)."""
    page.wait_for_selector(f"#summary:not([hidden]), {MOVE_BUTTON}")
    return not page.locator("#summary").is_visible()


def click_a_move(page, turns) -> None:
    """Click the first highlighted place on the table, or a move button if none maps there."""
    before = turns.now(page)
    on_table = page.locator(AFFORDANCE)
    (on_table if on_table.count() else page.locator(MOVE_BUTTON)).first.click()
    turns.wait_past(page, before)


def test_a_whole_game_against_the_bot_by_clicking(page, server, tmp_path, turns):
    link = create_from_lobby(page, server)
    match_id = link.split("/")[2].split("#")[0]
    page.goto(server.url + link)
    page.wait_for_selector(".cortica-space.legal")
    assert page.locator("#turn").inner_text() == "Your turn"
    # the table: 4 active cards and 1 resting, 3 plans star side up, the 4-worker stack
    assert page.locator(".cortica-card.active").count() == 4
    assert page.locator(".cortica-card.resting").count() == 1
    assert page.locator(".cortica-plan[data-side='0']").count() == 3
    assert page.locator(".cortica-stack .cortica-worker").count() == 4
    assert page.locator(".cortica-player[data-seat='0'] .cortica-track[data-resource='tree']"
                        ).get_attribute("data-value") == "3"
    # every legal action is on the table and also a labelled button
    legal = page.locator(MOVE_BUTTON).count()
    assert legal == page.locator(".cortica-space.legal").count() > 0

    mid_shot = tmp_path / "cortica-mid.png"
    for _ in range(400):
        if not wait_for_my_move(page):
            break
        if not mid_shot.exists() and page.locator(".cortica-option.legal, .cortica-plan .chip"
                                                  ).count():
            page.screenshot(path=str(mid_shot), full_page=True)
        click_a_move(page, turns)
    page.wait_for_selector("#summary:not([hidden])")
    end_shot = tmp_path / "cortica-end.png"
    page.screenshot(path=str(end_shot), full_page=True)
    for shot in (mid_shot, end_shot):
        if shot.exists():
            keep(shot)
    assert end_shot.stat().st_size > 20_000  # a drawn table, not a blank page

    match = httpx.get(f"{server.url}/api/matches/{match_id}").json()
    result = match["result"]
    expected = "You win!" if result["returns"][0] == 1 else "You lose."
    winner = result["returns"].index(1)
    assert page.locator("#summary-text").inner_text() == expected
    reason = page.locator("#summary-reason").inner_text()
    assert f"{['Blue', 'Red'][winner]} wins" in reason  # and what decided (rule 9)
    # the engine's score table: cork is the score, then the tie-breaks of rule 9
    rows = page.locator("#summary-scores tbody th").all_inner_texts()
    assert rows == ["Cork (the score)", "Bark (tie-break 1)", "Oak trees (tie-break 2)",
                    "Worker on top of the stack (tie-break 3)"]
    # no "Σ" row: the rows are tie-breaks, not points to add (issue 28, defect 6)
    assert page.locator("#summary-scores tfoot").count() == 0
    cork = page.locator("#summary-scores tbody tr").first.locator("td").all_inner_texts()
    assert [float(v) for v in cork] == result["scores"]
    # the log comes worded by the server, one entry per event
    log = page.locator("#log li").all_inner_texts()
    assert any(line.startswith("Blue places a worker on ") for line in log)
    assert log[-1].startswith("Game over: ")
    for seat in (0, 1):  # the cork tracks show the final scores (score = cork)
        cork = page.locator(f".cortica-player[data-seat='{seat}'] "
                            ".cortica-track[data-resource='cork']").get_attribute("data-value")
        assert float(cork) == result["scores"][seat]
    assert page.locator(".cortica-status").inner_text().endswith(
        f"game over: {['Blue', 'Red'][winner]} · {SEAT_TEXT[winner]} wins")
    assert page.locator(MOVE_BUTTON).count() == 0


def test_moves_can_be_made_with_the_keyboard(page, server, turns):
    made = create_by_api(server)
    page.goto(server.url + made["seats"][0]["url"])
    space = page.locator(".cortica-space.legal").first
    space.wait_for()
    assert space.get_attribute("tabindex") == "0"
    assert space.get_attribute("aria-label").startswith("place worker on")
    before = turns.now(page)
    space.focus()
    page.keyboard.press("Enter")
    turns.wait_past(page, before)
    page.wait_for_selector(".cortica-space.taken .cortica-worker.blue")


def test_phone_width_uses_the_two_column_table(browser, server, tmp_path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    phone = context.new_page()
    made = create_by_api(server, seed=8)
    phone.goto(server.url + made["seats"][0]["url"])
    phone.wait_for_selector(".cortica-table svg.narrow .cortica-space.legal")
    board = phone.locator(".cortica-table svg").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390  # no sideways scrolling
    assert phone.locator(".cortica-space.legal").first.bounding_box()["height"] >= 30  # tappable
    shot = tmp_path / "cortica-phone.png"
    phone.screenshot(path=str(shot), full_page=True)
    keep(shot)
    context.close()


def test_spanish_labels_and_rules_summary(page, server):
    made = create_by_api(server)
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector(".cortica-space.legal")
    page.select_option("#lang", "es")
    page.locator(".cortica-status", has_text="Ronda 1").wait_for()
    page.click("#rules-btn")
    page.wait_for_selector("#rules[open]")
    assert page.locator("#rules h2").inner_text() == "Cortiça en un minuto"
    page.keyboard.press("Escape")
    page.select_option("#lang", "en")


def test_generic_renderer_shows_null_as_a_dash_not_a_card_back(page, server):
    made = create_by_api(server)
    path, fragment = made["seats"][0]["url"].split("#")
    page.goto(f"{server.url}{path}?renderer=generic#{fragment}")
    page.wait_for_selector(".generic dl")
    assert page.locator(".generic .null-value").count() > 0  # empty spaces, nothing resolving
    assert page.locator(".generic .hidden-value").count() == 0  # Cortiça hides nothing


def test_finished_match_replays_on_the_table(page, server, turns):
    made = create_by_api(server, seed=5)
    page.goto(server.url + made["seats"][0]["url"])
    for _ in range(400):
        if not wait_for_my_move(page):
            break
        click_a_move(page, turns)
    page.click("#replay-btn")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert page.locator("#r-label").inner_text().startswith("Move 0 of")
    assert page.locator(".cortica-space.taken").count() == 0
    assert page.locator(".cortica-track[data-resource='cork'][data-value='0']").count() == 2
    assert page.locator(AFFORDANCE).count() == 0  # a replay offers no moves
    page.click("#r-next")
    assert page.locator(".cortica-space.taken").count() == 1
    page.click("#r-last")
    final = httpx.get(f"{server.url}/api/matches/{made['id']}").json()["result"]["scores"]
    corks = [page.locator(f".cortica-player[data-seat='{seat}'] .cortica-track[data-resource="
                          "'cork']").get_attribute("data-value") for seat in (0, 1)]
    assert [float(c) for c in corks] == final


def test_the_resting_card_says_what_it_does(page, server):
    """Issue 28, defect 13: the resting card says it does nothing this round and what it does
    once active again (its options, from the card set)."""
    made = create_by_api(server)
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector(".cortica-space.legal")
    resting = page.locator(".cortica-card.resting")
    assert "does nothing this round" in resting.text_content(), resting.text_content()
    assert "•" in resting.text_content()
