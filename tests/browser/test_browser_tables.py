"""Open tables and Play now in the lobby: one player opens a table, another finds it in the
lobby and sits, both see the game start; a player alone in the queue gets the bot they
asked for after their wait."""

from __future__ import annotations

import re

from browser_shots import keep_screenshot

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def new_page(browser, viewport: dict):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15_000)
    return context, page, errors


def test_one_opens_a_table_another_finds_it_in_the_lobby_and_sits(browser, server):
    host_context, host, host_errors = new_page(browser, DESKTOP)
    guest_context, guest, guest_errors = new_page(browser, PHONE)
    try:
        host.goto(server.url + "/")
        host.click(".game-card[data-game='cordoba'] button")
        host.fill("#name", "Ana")
        host.select_option("#opt-landmarks", "5")
        host.check("#opt-match")
        host.select_option("#seat-1", "open")
        host.select_option("#clock", "quick")
        host.click("#create-btn")
        host.wait_for_selector("#seats .seat:has-text('(you)')")
        match_id = re.search(r"/match/([^/#?]+)", host.url).group(1)
        host.wait_for_selector("#status:has-text('Waiting for a player to sit')")
        keep_screenshot(host, "match-open-table-desktop.png", full_page=False)

        guest.goto(server.url + "/")
        row = guest.locator(f"#tables li[data-table='{match_id}']")
        row.wait_for()
        text = row.inner_text()
        assert "Córdoba" in text and "Ana" in text and "free seat" in text
        assert "Clock: Quick · 3 min + 10 s a move" in text and "free seats: 1" in text
        assert "Landmarks: 5 · Two-game match: yes" in text  # options in words
        row.scroll_into_view_if_needed()
        keep_screenshot(guest, "lobby-open-table-phone.png", full_page=False)
        desk_context, desk, _ = new_page(browser, DESKTOP)
        desk.goto(server.url + "/")
        desk.locator(f"#tables li[data-table='{match_id}']").wait_for()
        keep_screenshot(desk, "lobby-open-table-desktop.png", full_page=False)
        desk.select_option("#lang", "de")
        desk.wait_for_selector("#tables-title:has-text('Offene Tische')")
        desk.wait_for_selector(f"#tables li[data-table='{match_id}']:has-text('freier Platz')")
        german = desk.locator(f"#tables li[data-table='{match_id}']").inner_text()
        assert "Wahrzeichen: 5 · Match über zwei Partien: ja" in german
        desk_context.close()

        guest.fill("#name", "Bo")
        row.locator("button.sit").click()
        guest.wait_for_url(re.compile(f"/match/{match_id}"))
        guest.wait_for_selector("#seats .seat:has-text('(you)')")
        for page in (host, guest):
            page.wait_for_selector("body[data-status='running']")
        assert "Bo" in host.locator("#seats").inner_text()
        keep_screenshot(guest, "match-after-sitting-phone.png", full_page=False)

        third_context, third, _ = new_page(browser, DESKTOP)  # the full table left the list
        third.goto(server.url + "/")
        third.wait_for_selector("#tables .hint")
        assert third.locator(f"#tables li[data-table='{match_id}']").count() == 0
        third_context.close()
    finally:
        host_context.close()
        guest_context.close()
    assert not host_errors and not guest_errors, host_errors + guest_errors


def test_play_now_alone_gets_the_chosen_bot_after_the_wait(browser, server):
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(server.url + "/")
        page.select_option("#q-game", "cordoba")
        assert page.locator("#q-bot").is_hidden()
        page.check("#q-bot-fill")
        page.select_option("#q-bot", "easy")
        page.select_option("#q-wait", "10")
        page.fill("#name", "Cai")
        page.click("#queue-btn")
        page.wait_for_selector("#queue-text:has-text('Looking for players')")
        assert "ratings within ±" in page.locator("#queue-text").inner_text()
        page.locator("#quick").scroll_into_view_if_needed()
        keep_screenshot(page, "lobby-play-now-waiting-desktop.png", full_page=False)
        page.wait_for_url(re.compile("/match/"), timeout=30_000)
        page.wait_for_selector("#seats .seat:has-text('(you)')")
        page.wait_for_selector("body[data-status='running']")
        assert "Easy bot" in page.locator("#seats").inner_text()
    finally:
        context.close()
    assert not errors, errors


def test_play_now_on_a_phone_can_be_left(browser, server):
    context, page, errors = new_page(browser, PHONE)
    try:
        page.goto(server.url + "/")
        page.select_option("#q-game", "europa")
        page.select_option("#q-players", "3")
        page.click("#queue-btn")
        page.wait_for_selector("#queue-wait:not([hidden])")
        page.locator("#quick").scroll_into_view_if_needed()
        keep_screenshot(page, "lobby-play-now-waiting-phone.png", full_page=False)
        page.reload()  # the ticket is kept: still waiting after a reload
        page.wait_for_selector("#queue-wait:not([hidden])")
        page.click("#queue-leave")
        page.wait_for_selector("#queue-wait[hidden]", state="attached")
        assert page.locator("#queue-btn").is_enabled()
    finally:
        context.close()
    assert not errors, errors
