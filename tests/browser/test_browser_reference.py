"""The Rules dialog's Reference on a match page of every game: the match's pieces from
`Game.reference`, in the page's language and in a second one, a filter over them, and at
phone width without sideways scrolling."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest
from page_drawn import wait_drawn

from mezquita.engine import load

#: per game: the match's options and the key of an entry its reference shows
MATCHES = {
    "citadels": ({"players": 4, "characters": ["witch"], "dark_city": ["museum"]}, "witch"),
    "cortica": ({}, "market"),
    "europa": ({"players": 3}, "yellow"),
    "cordoba": ({"landmarks": 5}, "7"),
    "cordoba-wittig": ({}, "crescent"),
}
SHOTS = Path(os.environ.get("MEZQUITA_REFERENCE_SHOTS", "/tmp/shots-reference"))


def _open_match(page, server, game_id: str) -> dict:
    options, _ = MATCHES[game_id]
    players = options.get("players", load(game_id).num_players)
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": game_id, "seats": ["human"] + ["random"] * (players - 1), "options": options,
        "seed": 5, "practice": True}).json()
    page.goto(server.url + made["seats"][0]["url"])
    wait_drawn(page)
    return made


def _open_reference(page) -> None:
    page.click("#rules-btn")
    page.wait_for_selector("#rules[open]")
    page.click("#rules-tab-reference")
    page.wait_for_selector("#rules .ref-entry")


def _name(game_id: str, key: str, lang: str) -> str:
    options, _ = MATCHES[game_id]
    reference = load(game_id, **options).reference(lang)
    return next(e["name"] for s in reference for e in s["entries"] if e["key"] == key)


@pytest.mark.parametrize("game_id", MATCHES)
def test_the_reference_shows_the_matchs_pieces_in_two_languages(page, server, game_id):
    _, key = MATCHES[game_id]
    _open_match(page, server, game_id)
    _open_reference(page)
    shown = page.locator(f"#rules .ref-entry[data-key='{key}'] .ref-name").first
    assert shown.text_content() == _name(game_id, key, "en")
    page.keyboard.press("Escape")
    page.select_option("#lang", "de")
    page.wait_for_selector("html[lang='de']", state="attached")
    _open_reference(page)  # the tab stays chosen; the reference is asked again in German
    assert page.locator("#rules-tab-reference").inner_text() == "Nachschlagen"
    page.locator(f"#rules .ref-entry[data-key='{key}'] .ref-name",
                 has_text=_name(game_id, key, "de")).first.wait_for()
    assert _name(game_id, key, "de") != _name(game_id, key, "en")


def test_citadels_marks_what_the_match_leaves_out_and_filters(page, server):
    _open_match(page, server, "citadels")
    _open_reference(page)
    assert page.locator("#rules .ref-entry[data-key='witch']").get_attribute("class") == "ref-entry"
    assert "out-of-play" in page.locator("#rules .ref-entry[data-key='assassin']").get_attribute("class")
    assert "out-of-play" in page.locator("#rules .ref-entry[data-key='park']").get_attribute("class")
    first = page.locator("#rules section[data-key='characters'] .ref-entry").first
    assert first.get_attribute("data-key") == "witch"  # the match's characters come first
    page.fill("#rules .reference-filter", "muSEum")
    assert page.locator("#rules .ref-entry:visible").count() == 1
    page.fill("#rules .reference-filter", "no such word anywhere")
    page.wait_for_selector("#rules .ref-empty:visible")
    page.fill("#rules .reference-filter", "")
    assert page.locator("#rules .ref-entry:visible").count() > 40


@pytest.mark.parametrize("game_id", ["citadels", "cortica"])
@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_reference_fits_the_screen(browser, server, game_id, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    _open_match(page, server, game_id)
    _open_reference(page)
    dialog = page.locator("#rules")
    assert dialog.evaluate("d => d.scrollWidth <= d.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game_id}-{size[0]}x{size[1]}.png"))
    dialog.evaluate("d => { d.scrollTop = d.scrollHeight / 2; }")
    page.screenshot(path=str(SHOTS / f"{game_id}-{size[0]}x{size[1]}-middle.png"))
    context.close()
