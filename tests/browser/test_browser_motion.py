"""Moves you can see (issue 28): a rival's move animates the board, not under reduced motion,
and a big event (a Citadels murder) shows a banner."""

from __future__ import annotations

import httpx

# the most animations running at once since installed (each frame): all (CSS ones too), and
# the page's own moves (Web Animations, not CSS)
WATCH = """() => { window.most = { all: 0, moves: 0 }; const tick = () => {
  const running = document.getAnimations();
  const moves = running.filter((a) => !(a instanceof CSSAnimation || a instanceof CSSTransition));
  window.most = { all: Math.max(window.most.all, running.length),
                  moves: Math.max(window.most.moves, moves.length) };
  requestAnimationFrame(tick); }; tick(); }"""


def cordoba_move(page, server, turns) -> dict:
    """Open a Córdoba match against a random bot, play one card; the most animations seen
    while the bot answered."""
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "cordoba", "seats": ["human", "random"], "seed": 5, "practice": True}).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector(".hand-card.legal")
    page.evaluate(WATCH)
    before = turns.now(page)
    page.locator(".hand-card.legal").first.click()
    page.locator(".landmark.legal").first.click()
    page.wait_for_selector(f"body[data-turn='{before + 2}']", state="attached")  # the bot's too
    page.wait_for_timeout(300)
    return page.evaluate("window.most")


def test_a_rivals_move_is_animated(page, server, turns):
    assert cordoba_move(page, server, turns)["moves"] > 0, "the bot's card appears on its landmark"
    assert page.locator("#board [data-key]").count() > 0


def test_no_animation_under_reduced_motion(page, server, turns):
    page.emulate_media(reduced_motion="reduce")
    assert cordoba_move(page, server, turns)["all"] == 0, "nothing moves"


def test_a_murder_shows_a_banner(page, server):
    made = httpx.post(f"{server.url}/api/matches", json={
        "game": "citadels", "seats": ["human", "random", "random", "random"], "seed": 3,
        "practice": True}).json()
    page.goto(server.url + made["seats"][0]["url"])
    seen = []
    for _ in range(200):  # the first legal button each turn, until somebody is murdered
        page.wait_for_selector("#summary:not([hidden]), .actions button")
        seen += page.locator(".banner").all_text_contents()
        if any("murder" in text for text in seen) or page.locator("#summary").is_visible():
            break
        page.locator(".actions button").first.click()
        page.wait_for_timeout(100)
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=f"/tmp/m/banner-{width}.png")
    assert any("murder" in text for text in seen), seen
