"""Leaving well in the browser: a Citadels player resigns at four players (with a confirm
step), a bot takes the seat and plays on; clocks per seat count down for the seat to move."""

from __future__ import annotations

import httpx
from browser_shots import keep_screenshot


def _table(server) -> dict:
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "citadels", "options": {"players": 4}, "name": "Ana",
        "seats": ["human", "human", "easy", "hard"]}).json()
    invite = made["seats"][1]["invite"]
    made["seats"][1]["token"] = httpx.post(f"{server.url}/api/matches/{made['id']}/claim",
                                           json={"invite": invite, "name": "Bea"}).json()["token"]
    return made


def test_a_citadels_player_resigns_at_four_and_a_bot_plays_the_seat_on(browser, server):
    made = _table(server)
    pages = []
    for seat, size in ((0, {"width": 1366, "height": 768}), (1, {"width": 390, "height": 844})):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(server.url + f"/match/{made['id']}#seat={seat}&token={made['seats'][seat]['token']}")
        pages.append(page)
    ana, bea = pages
    for page in pages:  # both joined: the live clock is on (two people sit), one per human seat
        page.wait_for_selector("body[data-status='running']")
        page.wait_for_selector("#seats .clock[data-seat='0']")
        assert page.locator("#seats .clock").count() == 2
        assert ":" in page.locator("#seats .clock[data-seat='1']").inner_text()
    keep_screenshot(ana, "clocks-desktop.png")
    keep_screenshot(bea, "clocks-phone.png")
    # Bea resigns: the first click only asks; cancel leaves everything as it was
    bea.click("#resign-btn")
    assert bea.locator("#resign-ask").is_visible()
    keep_screenshot(bea, "resign-confirm-phone.png")
    bea.click("#resign-no")
    assert not bea.locator("#resign-ask").is_visible()
    bea.click("#resign-btn")
    bea.click("#resign-yes")
    for page in pages:
        page.wait_for_selector("#seats .seat[data-seat='1'] .left-mark:has-text('resigned, now Hard bot')")
        page.wait_for_selector("#log li.left-note[data-seat='1']:has-text('resigned.')")
    assert not bea.locator("#resign-box").is_visible()
    assert ana.locator("#resign-box").is_visible()
    assert ana.locator("#seats .clock").count() == 1  # the bot's seat has no clock
    # the note comes right after the log's events before the resignation
    left = httpx.get(f"{server.url}/api/matches/{made['id']}").json()["seats"][1]["left"]
    before = ana.locator("#log li.left-note").locator("xpath=preceding-sibling::li")
    assert before.count() == left["events"] > 0
    # Ana plays on; the hard bot moves for seat 1 (its moves appear in the log)
    for _ in range(60):
        assert httpx.get(f"{server.url}/api/matches/{made['id']}").json()["status"] == "running"
        done = _bot_moved(ana)
        if done:
            break
        buttons = ana.locator(".citadels .actions button")
        if buttons.count():
            before = ana.get_attribute("body", "data-turn")
            buttons.first.click()
            ana.wait_for_selector(f"body[data-turn]:not([data-turn='{before}'])", state="attached")
        else:
            ana.wait_for_timeout(200)
    assert done, "the bot never moved for the resigned seat"
    keep_screenshot(ana, "resigned-desktop.png")
    keep_screenshot(bea, "resigned-phone.png")
    bea.goto(server.url + "/")  # the lobby's list marks the seat too
    bea.wait_for_selector("td.who:has-text('Bea (resigned)')")
    keep_screenshot(bea, "lobby-resigned-phone.png")
    for page in pages:
        page.context.close()


def _bot_moved(page) -> bool:
    """Whether the log shows a move of Bea's seat after the note that she resigned."""
    items = page.locator("#log li")
    texts = [items.nth(i).inner_text() for i in range(items.count())]
    note = next((i for i, text in enumerate(texts) if "Bea resigned." in text), None)
    return note is not None and any(text.startswith("Bea ") for text in texts[note + 1:])
