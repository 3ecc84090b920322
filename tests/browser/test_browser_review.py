"""The strongest bot's help in the browser (docs/review.md): a hint's three moves for the seat
to move in an unrated match (none offered in a rated one), and a finished match's review, a
win-chance graph whose marked decisions jump the replay."""

from __future__ import annotations

import json
import os
from pathlib import Path

import httpx
import pytest
from page_drawn import wait_drawn
from test_browser_cordoba import play_one_move

from mezquita.server.launch import ServerProcess

SHOTS = Path(os.environ.get("MEZQUITA_REVIEW_SHOTS", "/tmp/shots-review"))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The browser tests' server, with room for more analyses a minute than one address gets."""
    folder = tmp_path_factory.mktemp("browser-server")
    with ServerProcess(f"sqlite:///{folder / 'mezquita.sqlite3'}", log=folder / "server.log",
                       extra=("--create-limit", "1000", "--limit", "create/server=1000/10",
                              "--limit", "analysis/group=100/60")) as running:
        yield running


def shots(page, name: str) -> None:
    """The page at a desktop's and a phone's size, in SHOTS, each checked for a sideways scroll."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)  # the review graph is drawn again at the new width
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"{name} scrolls sideways at {width} px ({scroll} px wide)"


def test_a_hint_against_a_bot_shows_three_moves_with_their_chances_for_this_turn(page, server, turns):
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "cordoba", "seats": ["human", "random"], "seed": 5, "practice": True}).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector("#hint-btn:not([hidden])")
    page.click("#hint-btn")
    page.wait_for_selector("#hint-panel .thinking:has-text('Thinking')")  # a search takes a while
    page.wait_for_selector("#hint-panel .suggestions li")
    moves = page.locator("#hint-panel .suggestions li")
    assert moves.count() == 3  # of the many a first turn has (a card, a landmark)
    for i in range(moves.count()):
        text = moves.nth(i).inner_text()
        assert "win chance" in text and "%" in text and "–" in text, text  # the value and its interval
    assert page.locator("#hint-panel .reason").count() == moves.count()  # Córdoba gives a reason
    shots(page, "hint")
    page.set_viewport_size({"width": 1280, "height": 900})
    play_one_move(page, turns)
    page.wait_for_selector("#hint-panel", state="hidden")  # a hint is for its turn only
    page.route("**/hint", lambda route: route.fulfill(status=429, content_type="application/json",
                                                      body='{"detail": "wait"}'))
    page.click("#hint-btn")
    page.wait_for_selector("#hint-panel .error-text:has-text('wait a moment')")  # in words
    page.unroute("**/hint")
    page.select_option("#lang", "de")
    page.click("#hint-btn")
    page.wait_for_selector("#hint-panel .suggestions li:has-text('Gewinnchance')")  # asked in German
    assert "legen" in page.locator("#hint-panel .move").first.inner_text()  # the server's words


def test_no_hint_button_in_a_rated_match(page, server):
    """An account against a bot is rated (the bot plays as its level's profile)."""
    page.goto(server.url + "/")
    account = page.request.post(f"{server.url}/api/accounts",
                                data={"name": "Ana", "password": "correct horse battery"}).json()
    made = page.request.post(f"{server.url}/api/matches", headers={"x-csrf": account["csrf"]},
                             data={"game": "cordoba", "seats": ["human", "random"]}).json()
    assert httpx.get(f"{server.url}/api/matches/{made['id']}").json()["rated"]
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector(".status.mine")
    wait_drawn(page)
    assert page.locator("#hint-btn").is_hidden()


def finished(server, body: dict) -> str:
    """A bots-only practice match played to its end; its id."""
    made = httpx.post(f"{server.url}/api/matches", json={**body, "practice": True}).json()
    server.wait_finished(made["id"])
    return made["id"]


def open_review(page, server, match: str) -> dict:
    """Open a finished match, review its first seat (the default for a spectator) and wait for
    the graph; the review the page drew."""
    page.goto(f"{server.url}/match/{match}")
    page.wait_for_selector("#review:not([hidden])")
    assert page.locator("#review-seat").input_value() == "0"
    page.click("#review-btn")
    # the strongest level searches every decision: seconds of CPU, more on a busy machine
    page.wait_for_selector("#review-graph svg .line", timeout=120_000)
    return httpx.get(f"{server.url}/api/matches/{match}/review", params={"seat": 0}).json()


def jump_from_the_graph(page, review: dict) -> None:
    """Click the first marked decision (else the first point) and see the replay go to it."""
    marked = [s for s in review["steps"] if s["mark"]]
    dot = page.locator("#review-graph .dot.mark" if marked else "#review-graph .dot").first
    frame = dot.get_attribute("data-frame")
    step = marked[0] if marked else next(s for s in review["steps"] if s["after"] is not None)
    assert frame == str(step["index"] + 1), "the frame that shows the decision played"
    page.click("#r-first")
    page.wait_for_selector("body[data-replay-at='0']", state="attached")
    if marked:  # by keyboard, as a button
        dot.focus()
        page.keyboard.press("Enter")
    else:
        dot.click()
    page.wait_for_selector(f"body[data-replay-at='{frame}']", state="attached")
    page.wait_for_selector(f"#review-graph .dot.current[data-frame='{frame}']", state="attached")
    wide = page.get_attribute("#review-graph svg", "width")
    page.set_viewport_size({"width": 390, "height": 844})  # drawn again for a phone, still ringed
    page.wait_for_selector(f"#review-graph svg:not([width='{wide}'])", state="attached")
    assert page.locator(f"#review-graph .dot.current[data-frame='{frame}']").count() == 1


def test_a_finished_cordoba_match_shows_its_review_with_the_progress_first(page, server):
    match = finished(server, {"game": "cordoba", "seats": ["random", "random"], "seed": 4})
    asked = []

    def first_still_building(route):
        asked.append(route.request.url)
        if len(asked) == 1:  # the server's answer while it builds, as it words it
            route.fulfill(status=202, content_type="application/json",
                          body=json.dumps({"building": True, "done": 3, "total": 10}))
        else:
            route.continue_()

    page.route("**/review?*", first_still_building)
    page.goto(f"{server.url}/match/{match}")
    page.wait_for_selector("#review:not([hidden])")
    page.click("#review-btn")
    page.wait_for_selector("#review-body progress[value='3'][max='10']", state="attached")
    page.wait_for_selector("#review-graph svg .line")
    assert len(asked) >= 2 and "seat=0" in asked[0]
    review = httpx.get(f"{server.url}/api/matches/{match}/review", params={"seat": 0}).json()
    assert page.locator("#review-graph .dot").count() == sum(s["after"] is not None for s in review["steps"])
    assert page.locator("#review-graph .band").count() == 1, "how sure: the intervals, shaded"
    marks = page.locator(".review-marks li")
    assert marks.count() == review["mistakes"] + review["blunders"]
    jump_from_the_graph(page, review)
    shots(page, "review-cordoba")


def test_a_finished_citadels_match_shows_a_review_whose_marks_jump_the_replay(page, server):
    match = finished(server, {"game": "citadels", "seats": ["random", "random"], "seed": 2,
                              "options": {"players": 2, "short": True}})
    review = open_review(page, server, match)
    assert page.locator("#replay-bar").is_visible(), "the review sits beside the replay"
    assert page.locator("#review-graph .dot").count() == sum(s["after"] is not None for s in review["steps"])
    marked = [s for s in review["steps"] if s["mark"]]
    assert page.locator("#review-graph .dot.mark").count() == len(marked)
    if marked:
        first = page.locator(".review-marks li").first.inner_text()
        assert marked[0]["label"][:12].lower() in first.lower() and "points lost" in first
    jump_from_the_graph(page, review)
    shots(page, "review-citadels")


def test_a_player_reviews_their_own_seat_by_default(page, server):
    """Seat 2 resigns at its first turn: the review offers that seat first, and its review
    (no decision made) says so instead of drawing an empty graph."""
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "cordoba", "seats": ["random", "human"], "seed": 5, "practice": True}).json()
    page.goto(server.url + made["seats"][1]["url"])
    page.click("#resign-btn")
    page.click("#resign-yes")
    page.wait_for_selector("#review:not([hidden])")
    assert page.locator("#review-seat").input_value() == "1"
    page.click("#review-btn")
    page.wait_for_selector("#review-body p:has-text('No decision of this player')")
    assert page.locator("#review-graph").count() == 0
