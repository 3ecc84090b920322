"""The guided first game, from the lobby's "Learn to play": follow the prompts to the end
(Next on each note, a click on the pointed element each turn), and leave the guide midway."""

from __future__ import annotations

import time

import pytest
from browser_shots import keep_screenshot

#: the notes each game's guide shows over its scripted deal, in order (tests/engine/test_guide.py)
NOTES = {"citadels": ["draft", "turn", "power", "warlord", "last_round", "score"],
         "cordoba": ["play", "control", "blocked", "face_down", "face_up", "score"],
         "cordoba-wittig": ["move", "double", "break_up", "far_row", "power", "extra_turn", "end"],
         "cortica": ["place", "order", "intern", "plans", "rest", "winner"],
         "europa": ["choose", "stones", "keep", "evaluation", "final"]}
#: a renderer's confirmation of the choice just clicked (Wittig holds a clicked stone, Europa a
#: tip's stones until then)
CONFIRM = ".wittig-confirm, .eu-confirm"


def learn(page, server, game: str) -> None:
    """Open the lobby and click the game card's "Learn to play"; land in the guided seat."""
    page.goto(server.url + "/")
    page.click(f".game-card[data-game='{game}'] button.learn")
    page.wait_for_url("**/match/**")
    page.wait_for_selector("#guide:not([hidden])")


def follow(page, turns, limit: int = 60) -> list[str]:
    """Dismiss each note with Next and click the pointed element (and confirm it, where the
    renderer asks) on each turn until the game is over and no note is left; return the notes
    shown, in order."""
    shown = []
    for _ in range(limit):
        page.wait_for_selector("#guide .guide-next, .guide-point, #summary:not([hidden])")
        if page.locator("#guide .guide-next").count():
            shown.append(page.get_attribute("#guide .guide-note", "data-note"))
            page.click("#guide .guide-next")
        elif page.locator(".guide-point").count():
            before = turns.now(page)
            page.locator(".guide-point").first.click()
            if page.locator(CONFIRM).count():
                page.click(CONFIRM)
            turns.wait_past(page, before)
        else:
            return shown
    raise AssertionError(f"the guide did not end within {limit} steps: {shown}")


def test_cordoba_guide_to_the_end(page, server, turns):
    start = time.monotonic()
    learn(page, server, "cordoba")
    page.wait_for_selector(".guide-point")
    for width, height in ((1366, 768), (390, 844)):  # a note and the pointer, for a person to see
        page.set_viewport_size({"width": width, "height": height})
        keep_screenshot(page, f"guide-cordoba-{width}.png", full_page=False)
    assert follow(page, turns) == NOTES["cordoba"]
    assert page.locator("#summary").is_visible()
    assert page.locator("#guide .guide-note").inner_text()  # "that is the whole guide"
    assert time.monotonic() - start < 60


@pytest.mark.parametrize("game", ["cordoba-wittig", "cortica", "europa", "citadels"])
def test_the_guide_leads_through_the_whole_game(page, server, turns, game):
    start = time.monotonic()
    learn(page, server, game)
    page.wait_for_selector("#guide .guide-next, .guide-point")
    keep_screenshot(page, f"guide-{game}.png", full_page=False)
    assert follow(page, turns, limit=200) == NOTES[game]
    assert page.locator("#summary").is_visible()
    assert time.monotonic() - start < 60


def test_leaving_the_guide_hides_it_and_play_goes_on(page, server, turns):
    learn(page, server, "cordoba")
    page.click("#guide .guide-leave")
    assert page.locator("#guide").is_hidden()
    assert not page.locator(".guide-point").count()
    before = turns.now(page)
    page.locator(".landmark.legal").first.click()
    turns.wait_past(page, before)
    page.reload()
    page.wait_for_selector(".landmark.legal")
    assert page.locator("#guide").is_hidden()
