"""Accounts in the browser: two players register in two contexts, one opens a table, the other
finds it in the lobby and sits, they play a short Córdoba to the end, a third context logs in
and continues the running match, both ratings move and both profiles list the match; the
profile and leaderboard pages."""

from __future__ import annotations

import json
import socket
import time
from email import message_from_bytes, policy
from pathlib import Path

import httpx
from aiosmtpd.controller import Controller
from browser_shots import keep_screenshot

from mezquita.server.launch import ServerProcess

SMALL = {"cards": "3", "landmarks": "2"}  # a Córdoba of 6 moves
PASSWORD = "correct horse battery"


def account_dialog(page, server, kind: str, name: str) -> None:
    """Register or log in as ``name`` from the lobby header."""
    page.goto(server.url + "/")
    page.click(f"#{kind}-btn")
    page.fill("#acc-name", name)
    page.fill("#acc-password", PASSWORD)
    page.click("#acc-submit")
    page.wait_for_selector(f"#me-link:has-text('{name}')")


def new_page(browser, size=(1280, 900)):
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.set_default_timeout(15_000)
    return page


def move(page, turns) -> None:
    before = turns.now(page)
    page.locator(".hand-card.legal").first.click()
    page.locator(".landmark.legal").first.click()
    turns.wait_past(page, before)


def play_one_move(pages, turns) -> bool:
    """Whoever of ``pages`` is to move plays one move; False once the match is over."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator("#summary").is_visible():
                return False
            if page.locator(".hand-card.legal").count():
                move(page, turns)
                return True
        time.sleep(0.1)
    raise AssertionError("nobody could move")


def test_two_accounts_play_a_rated_match_and_a_third_browser_continues(page, browser, server,
                                                                       turns):
    account_dialog(page, server, "register", "Ana")
    bea = new_page(browser)
    account_dialog(bea, server, "register", "Bea")
    page.click(".game-card[data-game='cordoba'] button")
    assert page.locator("#name").is_disabled()  # an account plays under its own name
    for option, value in SMALL.items():
        page.select_option(f"#opt-{option}", value)
    page.select_option("#seat-1", "open")
    page.click("#create-btn")
    page.wait_for_selector("#seats .seat:has-text('Ana (you)')")
    match_id = page.url.split("/match/")[1].split("#")[0]
    assert page.locator("#seat-link").is_hidden()  # accounts need no seat link
    table = bea.locator(f"#tables li[data-table='{match_id}']")  # Bea finds the table, sits
    table.wait_for()
    assert "Ana" in table.inner_text()
    table.locator("button.sit").click()
    bea.wait_for_selector("#seats .seat:has-text('Bea (you)')")
    assert play_one_move([page, bea], turns)
    assert play_one_move([page, bea], turns)
    # Ana on a third browser: logs in and is handed her seat by the server
    third = new_page(browser)
    account_dialog(third, server, "login", "Ana")
    third.locator("#mine a.return").first.click()
    third.wait_for_selector("#seats .seat:has-text('Ana (you)')")
    page.context.close()
    while play_one_move([third, bea], turns):
        pass
    ana_profile = httpx.get(f"{server.url}/api/players/Ana").json()
    bea_profile = httpx.get(f"{server.url}/api/players/Bea").json()
    for profile in (ana_profile, bea_profile):
        [rating] = profile["ratings"]
        assert rating["games"] == 1 and rating["provisional"]
        assert profile["history"][0]["id"] == match_id and profile["history"][0]["rated"]
    assert ana_profile["ratings"][0]["mu"] != 25.0 or bea_profile["ratings"][0]["mu"] != 25.0
    bea.wait_for_selector("#seats a.profile[href='/player/Ana']")  # names link to profiles
    bea.goto(server.url + "/")
    bea.locator("#finished a.profile[href='/player/Bea']").first.click()
    bea.wait_for_url("**/player/Bea")
    third.goto(f"{server.url}/player/Bea")
    third.wait_for_selector(f"#history tr[data-match='{match_id}'] a.replay")
    assert "provisional" in third.locator("#ratings").inner_text()
    assert third.locator("#my-data").is_hidden()  # another player's profile
    third.goto(f"{server.url}/player/Ana")
    third.wait_for_selector("#my-data:not([hidden])")
    keep_screenshot(third, "profile-desktop.png")
    with third.expect_download() as download:
        third.click("#my-data a")
    mine = json.loads(Path(download.value.path()).read_text())
    assert mine["account"]["name"] == "Ana" and mine["matches"][0]["match"] == match_id
    third.goto(f"{server.url}/leaderboard/cordoba")
    third.wait_for_selector("#board tr:has-text('Bea')")
    third.wait_for_selector("#board tr:has-text('Ana')")
    keep_screenshot(third, "leaderboard-desktop.png")
    phone = new_page(browser, (390, 844))
    for path, name in (("/player/Ana", "profile-phone.png"),
                       ("/leaderboard/cordoba", "leaderboard-phone.png")):
        phone.goto(server.url + path)
        phone.wait_for_selector("table")
        keep_screenshot(phone, name)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.goto(server.url + "/")
    phone.click("#login-btn")
    keep_screenshot(phone, "login-phone.png")
    for other in (bea, third, phone):
        other.context.close()


def test_a_guest_copies_their_seat_link_and_sees_log_in_and_register(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("#login-btn")
    page.wait_for_selector("#register-btn")
    keep_screenshot(page, "lobby-guest-desktop.png")
    page.click(".game-card[data-game='cordoba'] button")
    page.select_option("#seat-1", "hard")
    page.click("#create-btn")
    page.wait_for_selector("#seat-link:not([hidden]) #seat-link-btn")


def test_turn_notice_addresses_are_set_refused_in_words_and_kept(browser, server):
    """Issue 28, part 3: the account menu's "Turn notices" form saves an e-mail address and
    a webhook; a plain-http webhook is refused with the server's reason and nothing saved."""
    for size in ((1366, 768), (390, 844)):
        page = new_page(browser, size)
        account_dialog(page, server, "register", f"Noa{size[0]}")
        page.click("#notices-btn")
        page.fill("#acc-email", "noa@example.org")
        page.fill("#acc-webhook", "http://hooks.example.org/noa")
        page.click("#acc-submit")
        page.wait_for_selector(".account-dialog .error-box:has-text('https URL')")
        keep_screenshot(page, f"notices-{size[0]}x{size[1]}.png", full_page=False)
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        page.fill("#acc-webhook", "https://hooks.example.org/noa")
        page.click("#acc-submit")
        page.wait_for_selector(".account-dialog", state="detached")
        page.reload()
        page.click("#notices-btn")
        assert page.input_value("#acc-email") == "noa@example.org"
        assert page.input_value("#acc-webhook") == "https://hooks.example.org/noa"
        page.context.close()


class Inbox:
    """A local SMTP sink (aiosmtpd): the messages it was sent."""

    def __init__(self) -> None:
        self.messages: list = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"


def test_an_away_player_is_mailed_their_turn_and_the_link_opens_their_seat(browser, tmp_path,
                                                                           turns):
    """Issue 28, part 3: Ana sets her e-mail address in the account menu and leaves a slow
    match; when Bea's move gives her the turn, one mail reaches the SMTP sink, naming the game
    and linking back; the link opens Ana's seat, her turn."""
    inbox = Inbox()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sink = Controller(inbox, hostname="127.0.0.1", port=port)
    sink.start()
    try:
        with ServerProcess(f"sqlite:///{tmp_path / 'm.sqlite3'}", log=tmp_path / "server.log",
                           extra=("--smtp", f"127.0.0.1:{port}")) as server:
            ana = new_page(browser)
            account_dialog(ana, server, "register", "Ana")
            ana.click("#notices-btn")
            ana.fill("#acc-email", "ana@example.org")
            ana.click("#acc-submit")
            ana.wait_for_selector(".account-dialog", state="detached")
            made = ana.evaluate("""async () => {
              const me = await (await fetch("/api/me")).json();
              const answer = await fetch("/api/matches", { method: "POST", headers: {
                "content-type": "application/json", "x-csrf": me.csrf }, body: JSON.stringify({
                game: "cordoba", seats: ["human", "human"], clock: "slow",
                options: { cards: 3, landmarks: 2 } }) });
              return answer.json(); }""")
            bea = new_page(browser)
            bea.goto(f"{server.url}/match/{made['id']}#invite={made['seats'][1]['invite']}")
            ana.goto(f"{server.url}/match/{made['id']}")
            ana.wait_for_selector("#seats .seat:has-text('Ana (you)')")
            deadline = time.monotonic() + 20
            while not ana.locator(".hand-card.legal").count():  # Bea may be first
                assert time.monotonic() < deadline, "Ana never got the turn"
                if bea.locator(".hand-card.legal").count():
                    move(bea, turns)
                time.sleep(0.1)
            move(ana, turns)
            ana.context.close()  # Ana has moved and gone; Bea's move gives her the turn
            play_one_move([bea], turns)
            deadline = time.monotonic() + 10
            while not inbox.messages:
                assert time.monotonic() < deadline, "no mail came"
                time.sleep(0.05)
            [mail] = inbox.messages
            assert (mail["To"], mail["Subject"]) == ("ana@example.org", "Your turn in Córdoba")
            link = f"{server.url}/match/{made['id']}"
            assert link in mail.get_content()
            again = new_page(browser)
            account_dialog(again, server, "login", "Ana")
            again.goto(link)
            again.wait_for_selector(".hand-card.legal")
            assert again.locator("#turn").inner_text() == "Your turn"
            bea.context.close()
            again.context.close()
    finally:
        sink.stop()
