"""The lobby as a newcomer meets it: game cards, option widgets, names, links that stay,
"my matches", the finished list, a rematch from the end screen, and the phone layout."""

from __future__ import annotations

from pathlib import Path

import httpx
from test_browser_cordoba import play_to_the_end

ARTIFACTS = Path(__file__).parent / "artifacts"
SMALL = {"cards": "3", "landmarks": "2"}  # a Córdoba of 6 moves


def shot(page, name: str) -> None:
    """Keep a full-page screenshot under tests/browser/artifacts/ for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def small_cordoba(page, server, name: str = "Anna", opponent: str = "hard") -> None:
    """Set up a short Córdoba from its game card and create it."""
    page.goto(server.url + "/")
    page.click(".game-card[data-game='cordoba'] button")
    page.fill("#name", name)
    for option, value in SMALL.items():
        page.select_option(f"#opt-{option}", value)
    page.select_option("#seat-1", opponent)
    page.click("#create-btn")
    page.wait_for_selector("#seats .seat:has-text('(you)')")  # taken into the own seat



def test_game_cards_describe_each_game(page, server):
    page.goto(server.url + "/")
    cards = page.locator(".game-card")
    cards.first.wait_for()
    games = httpx.get(server.url + "/api/games").json()
    assert cards.count() == len(games)
    citadels = page.locator(".game-card[data-game='citadels']")
    assert "2–8 players" in citadels.inner_text() and "about 32 min" in citadels.inner_text()
    assert "moves" not in citadels.inner_text()
    for game in ("cortica", "cordoba-wittig", "europa"):
        assert page.locator(f".game-card[data-game='{game}'] .reconstruction").is_visible()
    assert page.locator(".game-card[data-game='cordoba'] .reconstruction").count() == 0
    # issue 28, defect 12: a picture per game, and a line telling the two Córdobas apart
    assert page.locator(".game-card svg.game-picture").count() == len(games)
    assert "not the stone race" in page.locator(".game-card[data-game='cordoba'] .kind").inner_text()
    wittig = page.locator(".game-card[data-game='cordoba-wittig'] .kind").inner_text()
    assert "abstract race, 1990" in wittig and "not the card game" in wittig
    page.select_option("#lang", "es")
    page.wait_for_selector(".game-card[data-game='citadels']:has-text('jugadores')")
    assert "Reconstrucción" in page.locator(".game-card[data-game='europa']").inner_text()


def test_citadels_from_its_card_with_crown_and_character_widgets(page, server):
    page.goto(server.url + "/")
    page.click(".game-card[data-game='citadels'] button")
    page.wait_for_selector("#opt-crown")
    assert page.locator("label[for='opt-crown']").inner_text() == "Crown at the start"
    crown = page.locator("#opt-crown option").all_inner_texts()
    assert crown == ["random", "Player 1", "Player 2", "Player 3", "Player 4"]
    page.select_option("#opt-players", "5")
    assert page.locator("#opt-crown option").count() == 6  # follows the player count
    assert page.locator("#opt-characters-1 option").all_inner_texts() == ["Assassin", "Witch"]
    page.select_option("#opt-crown", "2")  # Player 3
    page.select_option("#opt-characters-1", '"witch"')
    page.select_option("#opt-characters-6", '"alchemist"')
    page.check("input[name='opt-dark_city'][value='museum']")
    page.select_option("#opt-rank9", '"queen"')
    assert page.locator("#opt-rank9 option").all_inner_texts() == ["none", "Queen", "Artist"]
    assert page.locator("#opt-short").get_attribute("type") == "checkbox"
    page.click("#create-btn")
    page.wait_for_url("**/match/**")
    made = page.url.split("/match/")[1].split("#")[0]
    options = httpx.get(f"{server.url}/api/matches/{made}").json()["options"]
    assert options["crown"] == 2 and options["players"] == 5 and options["rank9"] == "queen"
    assert options["characters"] == ["witch", "alchemist"] and options["dark_city"] == ["museum"]
    page.goto(server.url + "/")
    page.click(".game-card[data-game='citadels'] button")
    page.select_option("#lang", "de")
    page.wait_for_selector("label[for='opt-crown']:has-text('Krone')")
    assert page.locator("#opt-characters-1 option").all_inner_texts() == ["Meuchelmörder", "Hexe"]


def test_links_stay_after_playing_seat_one_and_my_matches_lead_back(page, server):
    page.goto(server.url + "/")
    page.click(".game-card[data-game='cordoba'] button")
    page.select_option("#seat-1", "human")
    page.click("#create-btn")
    page.wait_for_selector("#seats .seat:has-text('(you)')")  # taken into the own seat
    invite_href = page.locator("#invites:not([hidden]) a.invite").get_attribute("href")
    page.goto(server.url + "/")
    assert page.locator("a.join[data-seat='1']").get_attribute("href") == invite_href
    page.reload()
    assert page.locator("a.join[data-seat='1']").get_attribute("href") == invite_href
    back = page.locator("#mine a.return").first
    back.wait_for()
    assert "seat 1" in back.inner_text()
    back.click()
    page.wait_for_selector("#seats .seat:has-text('(you)')")


def test_join_with_a_name_and_see_it_in_log_and_seats(browser, page, server, turns):
    small_cordoba(page, server, name="Anna", opponent="human")
    invite_url = server.url + page.locator("#invites a.invite").get_attribute("href")
    guest = browser.new_context().new_page()
    guest.set_default_timeout(15_000)
    guest.goto(server.url + "/")
    guest.goto(invite_url)
    guest.wait_for_selector("#name-form:not([hidden])")
    guest.fill("#my-name", "Bruno")
    guest.click("#name-form button")
    guest.wait_for_selector("#seats .seat:has-text('Bruno (you)')")
    assert not guest.locator("#sound").is_checked()  # sound is off unless asked for
    guest.check("#sound")
    page.wait_for_selector("#seats .seat:has-text('Anna (you)')")
    page.wait_for_selector("#seats .seat:has-text('Bruno')")
    page.wait_for_selector(".hand-card.legal")
    before = turns.now(page)
    page.locator(".hand-card.legal").first.click()
    page.locator(".landmark.legal").first.click()
    turns.wait_past(page, before)
    guest.wait_for_selector("#log li:has-text('Anna')")
    guest.wait_for_selector("#turn:has-text('Your turn')")
    assert "Anna" in guest.locator("#log li").first.inner_text()
    guest.wait_for_selector("body[data-chimes='1']")  # the turn chime played once
    guest.reload()
    guest.wait_for_selector("#seats .seat:has-text('Bruno (you)')")
    assert guest.locator("#sound").is_checked()  # remembered by this browser
    guest.context.close()


def test_rematch_from_the_end_screen_and_the_finished_list(page, server, turns):
    small_cordoba(page, server, name="Anna", opponent="hard")
    page.wait_for_selector("#seats .seat:has-text('Hard bot')")
    play_to_the_end(page, turns)
    page.wait_for_selector("#rematch-btn:not([hidden])")
    assert page.locator("#summary .score-table thead").inner_text().count("Anna (you)") == 1
    page.set_viewport_size({"width": 1366, "height": 768})
    shot(page, "end-rematch-1366.png")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "end-rematch-390.png")
    old = page.url.split("/match/")[1].split("#")[0]
    page.click("#rematch-btn")
    page.wait_for_url(lambda url: old not in url)
    page.wait_for_selector("#seats .seat:has-text('Anna (you)')")
    new = page.url.split("/match/")[1].split("#")[0]
    info = httpx.get(f"{server.url}/api/matches/{new}").json()
    assert [s["kind"] for s in info["seats"]] == ["hard", "human"]
    assert httpx.get(f"{server.url}/api/matches/{old}").json()["rematch"] == new
    page.goto(server.url + "/")
    row = page.locator(f"#finished tr:has(a[href='/match/{old}'])")
    row.wait_for()
    assert "winner:" in row.inner_text() or "draw" in row.inner_text()
    assert " – " not in row.inner_text()  # no score line: the match page says what decided


def test_lobby_fits_a_phone_and_keeps_text_readable(browser, server):
    for width, height in ((1366, 768), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector(".game-card")
        page.click(".game-card[data-game='cordoba'] button")
        page.fill("#name", "Anna")
        page.click("#create-btn")  # so that "my matches" and the links show too
        page.wait_for_selector("#seats .seat:has-text('(you)')")
        page.goto(server.url + "/")
        page.wait_for_selector("#mine-panel:not([hidden]) a.return")
        page.click(".game-card[data-game='citadels'] button")
        page.wait_for_selector("#opt-characters-1")
        widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], f"horizontal scroll at {width}px: {widths}"
        tiny = page.evaluate("""[...document.querySelectorAll('body *')].filter(e =>
            e.offsetParent !== null && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
            && parseFloat(getComputedStyle(e).fontSize) < 10).map(e => e.textContent.slice(0, 40))""")
        assert not tiny, f"text under 10 px at {width}px: {tiny}"
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"lobby-{width}.png")
        context.close()


def test_defect_1_create_match_takes_the_player_into_their_seat(page, server):
    """Issue 28, defect 1: after "Create match" the creator plays at once, the invitations
    on the match page."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(server.url + "/")
    page.click(".game-card[data-game='cordoba'] button")
    page.select_option("#seat-1", "human")
    page.click("#create-btn")
    page.wait_for_selector("#seats .seat:has-text('(you)')")
    assert "/match/" in page.url
    assert page.locator("#invites a.invite").is_visible()


def test_seats_offer_the_games_levels_and_other_bots_only_when_asked(page, server):
    """Issue 28, defect 12: the seats list Human, Open seat and the game's levels (Europa all
    seven, weakest first), translated; internal bot names only after ticking "other bots";
    the clock offers automatic, the presets, off."""
    page.goto(server.url + "/")
    page.click(".game-card[data-game='europa'] button")
    page.wait_for_selector("#seat-1")
    values = [o.get_attribute("value") for o in page.locator("#seat-1 option").all()]
    assert values == ["human", "open", "beginner", "novice", "easy", "medium", "hard", "expert", "master"]
    assert page.locator("#seat-1 option[value='master']").inner_text() == (
        "bot: Master — beats Expert, up to 1 s a move")
    clocks = [o.get_attribute("value") for o in page.locator("#clock option").all()]
    assert clocks == ["", "quick", "live", "slow", "off"]
    assert "10 min + 30 s" in page.locator("#clock option[value='live']").inner_text()
    page.select_option("#lang", "de")
    page.wait_for_selector("#seat-1 option:has-text('Schwer')", state="attached")
    page.check("#all-bots")
    values = [o.get_attribute("value") for o in page.locator("#seat-1 option").all()]
    assert len(values) > 9, "the other bots show once asked for"


def test_each_game_offers_its_own_levels_in_the_seats_and_in_play_now(page, server):
    six = ["beginner", "novice", "easy", "medium", "hard", "expert"]
    page.goto(server.url + "/")
    page.click(".game-card[data-game='citadels'] button")
    page.wait_for_selector("#seat-1")
    values = [o.get_attribute("value") for o in page.locator("#seat-1 option").all()]
    assert values == ["human", "open", *six]
    levels = {"citadels": six, "europa": [*six, "master"]}
    page.check("#q-bot-fill")
    for game, expected in levels.items():
        page.select_option("#q-game", game)
        assert [o.get_attribute("value") for o in page.locator("#q-bot option").all()] == expected
        assert page.locator("#q-bot").input_value() == "medium"


def test_defect_6_the_finished_list_names_the_winner_without_scores(page, server):
    """Issue 28, defect 6: a finished Wittig's Cordoba is listed with its winner (or a draw)
    and no score line: its scores (rows advanced) are not what decided."""
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "cordoba-wittig", "seats": ["easy", "easy"], "seed": 5, "practice": True}).json()
    server.wait_finished(made["id"])
    page.goto(server.url + "/")
    row = page.locator(f"#finished tr:has(a[href='/match/{made['id']}'])")
    row.wait_for()
    result = row.locator("td.result").inner_text()
    assert result in ("draw", "winner: Easy bot"), result


def test_defect_12_what_happens_out_of_time_is_said_only_with_a_clock(page, server):
    """Issue 28, defect 12: the clock's help (what happens to a player out of time) hides
    while the clock is off and shows again with a clock."""
    page.goto(server.url + "/")
    page.wait_for_selector("#clock option[value='off']", state="attached")
    help_text = page.locator(".opt:has(#clock) .hint")
    assert help_text.is_visible()
    page.select_option("#clock", "off")
    assert not help_text.is_visible()
    page.select_option("#clock", "live")
    assert help_text.is_visible()
