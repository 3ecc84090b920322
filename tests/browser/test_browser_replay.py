"""Replays worth watching (issue 28): a shared link opens a position, jumping by clicking a log
entry, play and pause, and one seat's view (never another seat's hidden cards before the end)."""

from __future__ import annotations

import time

import httpx
from test_browser_cordoba import play_to_the_end


def finished_match(page, server, turns) -> str:
    """A Córdoba match against a random bot, played to its end by clicking; its id."""
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "cordoba", "seats": ["human", "random"], "seed": 5, "practice": True}).json()
    page.goto(server.url + made["seats"][0]["url"])
    play_to_the_end(page, turns)
    return made["id"]



def shot(page, name: str) -> None:
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=f"/tmp/m/{name}-{width}.png")


def test_a_shared_link_opens_the_replay_at_its_position_and_a_log_entry_jumps(page, server, turns):
    match = finished_match(page, server, turns)
    page.goto(f"{server.url}/match/{match}?at=3&view=all")
    page.wait_for_selector("body[data-replay-at='3']", state="attached")
    assert page.locator("#replay-bar").is_visible()
    assert page.locator("#log li[data-frame]").count() == 20, "every entry, later ones dimmed"
    page.locator("#log li[data-frame='7']").first.click()
    page.wait_for_selector("body[data-replay-at='7']", state="attached")
    assert "at=7&view=all" in page.url, "the address is a link to this position"
    page.select_option("#r-speed", "500")
    page.click("#r-play")
    page.wait_for_selector("body[data-replay-at='8']", state="attached")
    page.click("#r-play")  # pause
    page.wait_for_selector("body:not([data-replay-playing])", state="attached")
    at = page.get_attribute("body", "data-replay-at")
    time.sleep(0.6)
    assert page.get_attribute("body", "data-replay-at") == at, "paused"
    shot(page, "replay")


def test_a_seats_replay_never_shows_the_other_seats_hidden_cards(page, server, turns):
    match = finished_match(page, server, turns)
    frames = httpx.get(f"{server.url}/api/matches/{match}/replay?view=1").json()["frames"]
    hidden = [e for f in frames[:-1] for e in f["log"] if e["seat"] == 0 and e["do"] == "play"]
    assert hidden and all(e["card"] is None for e in hidden)
    page.goto(f"{server.url}/match/{match}?at=6&view=all")
    page.wait_for_selector("body[data-replay-at='6']", state="attached")
    assert page.locator("#board .card-back-frame").count() == 0, "everything, seen from all"
    page.select_option("#r-view", "1")
    page.wait_for_selector("#board .card-back-frame", state="attached")
    assert "view=1" in page.url
    backs = page.locator("#board .card-back-frame").count()
    played = sum(1 for f in frames[1:7] for e in f["log"] if e["seat"] == 0 and e["do"] == "play")
    assert backs == played, "seat 0's cards face down, as seat 1 saw them then"
    shot(page, "replay-seat")


def test_the_replay_counts_moves_as_the_log_numbers_them(page, server):
    """A Wittig move takes two decisions (a stone, then its field): the replay's label counts
    moves as the log numbers them, not the frames stepped through."""
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "cordoba-wittig", "seats": ["random", "random"], "seed": 3, "practice": True}).json()
    server.wait_finished(made["id"])
    frames = httpx.get(f"{server.url}/api/matches/{made['id']}/replay").json()["frames"]
    numbers = [max([e["number"] for f in frames[:at + 1] for e in f["log"]], default=0)
               for at in range(len(frames))]
    assert numbers[-1] < len(frames) - 1
    page.goto(f"{server.url}/match/{made['id']}?at=6&view=all")
    page.wait_for_selector("body[data-replay-at='6']", state="attached")
    assert page.locator("#r-label").inner_text().startswith(f"Move {numbers[6]} of {numbers[-1]}")
    assert page.locator("#log-empty").is_hidden()
