"""Browser fixtures: Debian's Chromium driven by Playwright against `mezquita serve`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from page_drawn import wait_drawn

from mezquita.server.launch import ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def missing(what: str) -> None:
    """Fail on CI (env CI set), skip locally, when a needed binary is absent."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required on CI but is not installed")
    pytest.skip(f"{what} is not installed (apt-get install -y chromium)")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser-server")
    with ServerProcess(f"sqlite:///{folder / 'mezquita.sqlite3'}", log=folder / "server.log",
                       extra=("--create-limit", "1000", "--limit", "create/server=1000/10")
                       ) as running:  # a module's tests create many matches from one address
        yield running


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        missing("Chromium (/usr/bin/chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright (pip install playwright)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text else None)
    page.set_default_timeout(15_000)
    yield page
    context.close()
    assert not errors, f"JavaScript or CSP errors on the page: {errors}"


class Turns:
    """Follow the number of actions the page last heard of (``<body data-turn>``); uses
    selectors only, since the page's Content-Security-Policy forbids evaluated strings."""

    @staticmethod
    def now(page) -> int:
        """The number once the page has finished its first draw."""
        wait_drawn(page)
        return int(page.get_attribute("body", "data-turn"))

    @staticmethod
    def wait_past(page, before: int) -> None:
        page.wait_for_selector(f"body[data-turn]:not([data-turn='{before}'])", state="attached")

    def click_moves(self, page, buttons: str, limit: int, last: bool = False) -> int:
        """Click the first (or last) of ``buttons`` each turn, at most ``limit`` times or
        until the end-of-game summary shows; return the clicks made."""
        clicks = 0
        for _ in range(limit):
            page.wait_for_selector(f"#summary:not([hidden]), {buttons}")
            if page.locator("#summary").is_visible():
                break
            before = self.now(page)
            target = page.locator(buttons)
            (target.last if last else target.first).click()
            self.wait_past(page, before)
            clicks += 1
        return clicks


@pytest.fixture
def turns() -> Turns:
    return Turns()
