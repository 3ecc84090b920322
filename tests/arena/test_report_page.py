"""The HTML report as a reader sees it, in Chromium at desktop and phone sizes."""

from __future__ import annotations

from pathlib import Path

import pytest

import mezquita
from mezquita.arena.export import write_folder
from mezquita.arena.plan import Plan
from mezquita.arena.report import analyse
from mezquita.arena.runner import play_plan

from . import fake  # noqa: F401  (registers the test-claim game)

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def report_page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    game = mezquita.load("test-claim", rounds=8)
    plan = Plan.of(game, ["random"], 60, seed=1, hidden_samples=0,
                   variants=[{}, {"restrict": "never:do=claim"}, {"rounds": 4}])
    results = play_plan(plan)
    write_folder(analyse(results, plan), results, plan, folder)
    return folder / "report.html"


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_report_reads_at_desktop_and_phone_size(report_page, size):
    if not CHROMIUM.exists():
        pytest.skip("Chromium (/usr/bin/chromium) is not installed")
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(report_page.as_uri())
        first = page.locator("ul.summary li").first
        assert first.is_visible() and "games" in first.inner_text()
        assert page.get_by_text("Restricted play: what an element is worth").is_visible()
        assert "one player: never claim" in page.locator("table").nth(0).inner_text()
        images = page.locator("figure img")
        assert images.count() > 5
        assert page.evaluate("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
        assert page.evaluate("[...document.querySelectorAll('figure')]"
                             ".every(f => f.querySelector('figcaption').textContent.length > 20)")
        # tables scroll inside their own box; the page itself never scrolls sideways
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        assert page.locator("h3", has_text="Agents").count() == 0  # self-play: no win-share table
        browser.close()
